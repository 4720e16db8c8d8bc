import Foundation
import Inventory

/// How `docsheet check` prints its findings.
public enum CheckReporter: String, CaseIterable, Sendable {
    /// `path:line:column: error: message` lines that Xcode and editors understand, then the summary.
    case xcode
    /// One JSON document with the violations and the summary.
    case json
    /// GitHub Actions annotations (`::error file=...,line=...,col=...::message`), then the summary.
    case github
    /// A SARIF 2.1.0 log for GitHub code scanning (`github/codeql-action/upload-sarif`) and other SARIF viewers.
    case sarif
    /// A JUnit XML report (GitLab `artifacts: reports: junit`, Jenkins `junit`): one failed test case per violation.
    case junit
    /// A GitLab Code Quality report (`artifacts: reports: codequality`): Code Climate issues with stable fingerprints.
    case gitlab

    /// How violations are labelled: `error` (the gate) or `warning` (`--warn-only`, report without failing).
    public enum Severity: String, Sendable {
        /// Violations fail the gate.
        case error
        /// Violations are reported only.
        case warning
    }

    /// The report as text for standard output.
    ///
    /// - Parameters:
    ///   - report: The result of `Check.run`.
    ///   - severity: Whether violations are shown as errors or, with `--warn-only`, as warnings.
    /// - Returns: The text to print, ending in a newline: one line per violation and the summary (`xcode`,
    ///   `github`), or one document (`json`, `sarif`, `junit`, `gitlab`). The same report gives the same bytes.
    public func render(_ report: CheckReport, severity: Severity = .error) -> String {
        switch self {
        case .xcode:
            let lines = report.violations.map { "\($0.path):\($0.line):\($0.column): \(severity.rawValue): \($0.message)" }
            return (lines + [report.summary]).joined(separator: "\n") + "\n"
        case .github:
            let lines = report.violations.map { violation in
                "::\(severity.rawValue) file=\(Self.property(violation.path)),line=\(violation.line),col=\(violation.column),title=\(Self.property("docsheet " + violation.rule))::\(Self.message(violation.message))"
            }
            let summary = (report.passed || severity == .warning ? "::notice::" : "::error::") + Self.message(report.summary)
            return (lines + [summary]).joined(separator: "\n") + "\n"
        case .json:
            let data = (try? InventoryCoding.encode(report)) ?? Data("{}\n".utf8)
            return String(decoding: data, as: UTF8.self)
        case .sarif:
            return CIReports.sarif(report, severity: severity)
        case .junit:
            return CIReports.junit(report, severity: severity)
        case .gitlab:
            return CIReports.gitlab(report, severity: severity)
        }
    }

    /// Escapes a workflow-command message (`%`, CR, LF).
    static func message(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a workflow-command property (also `:` and `,`).
    static func property(_ text: String) -> String {
        message(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
