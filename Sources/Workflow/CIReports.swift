import Foundation
import Inventory

/// The documents of the CI reporters (`sarif`, `junit`, `gitlab`): pure functions from a `CheckReport` to text,
/// deterministic (same report, same bytes), so a CI artifact changes only when the findings do.
/// Documentation/CI.md shows where each one goes.
enum CIReports {

    /// One kind of violation as the CI formats describe it.
    struct Rule {
        /// The `Violation.rule` value, the SARIF `ruleId` and the GitLab `check_name` suffix.
        var id: String
        /// A PascalCase name (SARIF `reportingDescriptor.name`).
        var name: String
        /// One sentence: what the rule asks for.
        var summary: String
        /// How to fix a violation (SARIF `help.text`, which code-scanning pages show under the alert).
        var help: String
    }

    /// Every rule `docsheet check` reports, in a fixed order (the SARIF `ruleIndex` refers to it). The quality rules
    /// (`unknown-parameters` … `placeholder-summary`) are listed only when the report has a violation of them, and
    /// `undocumented-property` only when the run checks properties, so a run without them writes the same document.
    static let rules: [Rule] = [
        Rule(id: "undocumented", name: "Undocumented",
             summary: "A checked function has no doc comment, or one that only holds Xcode placeholders.",
             help: "Add a /// doc comment with a one-sentence summary above the declaration (Xcode: Editor > Structure > Add Documentation, then replace every <#placeholder#>). The rules and the configuration are described in DocSheet's Documentation/CLI.md, \"Check rules\"."),
        Rule(id: "parameters", name: "UndocumentedParameters",
             summary: "A documented function does not describe every parameter (--require parameters).",
             help: "Describe each parameter in the doc comment: `- Parameter name: text`, or `- Parameters:` with one `- name: text` item per parameter."),
        Rule(id: "returns", name: "UndocumentedReturnValue",
             summary: "A documented function does not describe its return value (--require returns).",
             help: "Describe the return value in the doc comment: `- Returns: text`."),
        Rule(id: "throws", name: "UndocumentedThrows",
             summary: "A documented throwing function does not describe its errors (--require throws).",
             help: "Describe the errors in the doc comment: `- Throws: text`."),
        Rule(id: "unknown-parameters", name: "UnknownDocumentedParameter",
             summary: "A function's doc describes a parameter its signature does not have, a name left behind by a rename (--require unknown-parameters).",
             help: "Correct the name in the `- Parameter name:` line to the parameter's name in the signature, or remove the line."),
        Rule(id: "void-returns", name: "ReturnsOnVoidFunction",
             summary: "A function that returns nothing documents a return value (--require void-returns).",
             help: "Remove the `- Returns:` line, or describe what the function does in the summary."),
        Rule(id: "summary-repeats-name", name: "SummaryRepeatsName",
             summary: "A function's summary only repeats its name split into words, such as `Fetch user.` on `fetchUser()` (--require summary-repeats-name).",
             help: "Say what the function does that its name does not: what it returns or changes, when to call it, what it costs."),
        Rule(id: "placeholder-summary", name: "PlaceholderSummary",
             summary: "A function's summary is only a TODO, FIXME, TBD or XXX marker (--require placeholder-summary).",
             help: "Replace the marker with a one-sentence summary of what the function does."),
        Rule(id: Check.detachedDocRule, name: "DetachedDocComment",
             summary: "A doc comment documents nothing (no declaration follows it), or a blank line separates it from its declaration (--require detached-doc).",
             help: "Move the comment right above the declaration it documents, or make it a plain // comment."),
        Rule(id: Check.undocumentedPropertyRule, name: "UndocumentedProperty",
             summary: "A checked property, global variable or enum case has no doc comment, or one that only holds Xcode placeholders (--kinds properties).",
             help: "Add a /// doc comment with a one-sentence summary above the property or enum case. The rules and the configuration are described in DocSheet's Documentation/CLI.md, \"Check rules\"."),
    ]

    /// The rules only listed when a violation has them.
    static let qualityRuleIDs: Set<String> = [DocRule.unknownParameters, .voidReturns, .summaryRepeatsName, .placeholderSummary]
        .reduce(into: [Check.detachedDocRule]) { $0.insert($1.rawValue) }

    /// The rules of `report`'s run, in the fixed order (the property rule only when it checked properties, a quality
    /// rule only when a violation has it), then unknown ones (`message-undefined`, `message-unused`) by id.
    static func rules(of report: CheckReport) -> [Rule] {
        let found = Set(report.violations.map(\.rule))
        let ruleList = rules.filter { rule in
            if rule.id == Check.undocumentedPropertyRule { return report.kinds.contains(.properties) }
            return !qualityRuleIDs.contains(rule.id) || found.contains(rule.id)
        }
        let known = Set(ruleList.map(\.id))
        let unknown = found.subtracting(known).sorted()
        return ruleList + unknown.map { Rule(id: $0, name: $0, summary: "docsheet check rule '\($0)'.", help: "See DocSheet's Documentation/CLI.md, \"Check rules\".") }
    }

    /// A stable identity for each violation, in report order: SHA-256 of the rule, the project-relative file, the
    /// module, the enclosing type, the function's name and — for overloads that share all of these — its
    /// occurrence number. No line or column, so a violation keeps its fingerprint when code above it moves.
    static func fingerprints(_ violations: [Violation]) -> [String] {
        var seen: [String: Int] = [:]
        return violations.map { violation in
            let key = [violation.rule, violation.file, violation.module, violation.enclosingType ?? "", violation.name]
                .joined(separator: "\u{0}")
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            return SHA256.hex(key + "\u{0}\(occurrence)")
        }
    }

    /// The encoder of the JSON formats: sorted keys, two-space indentation, slashes as they are.
    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The documents are plain strings and integers: encoding cannot fail.
        let data = (try? encoder.encode(value)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A relative path as a URI reference (percent-encoded, `/` kept); an absolute path as a `file://` URI.
    static func uri(_ path: String) -> (uri: String, isRelative: Bool) {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~/!$&'()*+,;=:@")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? ("file://" + encoded, false) : (encoded, true)
    }

    // MARK: SARIF

    /// The SARIF 2.1.0 log (GitHub code scanning): one run, the rules, one result per violation.
    static func sarif(_ report: CheckReport, severity: CheckReporter.Severity) -> String {
        let rules = rules(of: report)
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let results = zip(report.violations, fingerprints(report.violations)).map { violation, fingerprint in
            let location = uri(violation.path)
            let qualifiedName = ([violation.module] + (violation.enclosingType.map { [$0] } ?? []) + [violation.name])
                .joined(separator: ".")
            return SARIF.Result(
                ruleId: violation.rule, ruleIndex: index[violation.rule] ?? 0, level: severity.rawValue,
                message: SARIF.Message(text: violation.message),
                locations: [SARIF.Location(
                    physicalLocation: SARIF.PhysicalLocation(
                        artifactLocation: SARIF.ArtifactLocation(uri: location.uri, uriBaseId: location.isRelative ? "%SRCROOT%" : nil),
                        region: SARIF.Region(startLine: max(violation.line, 1), startColumn: max(violation.column, 1))),
                    logicalLocations: [SARIF.LogicalLocation(name: violation.name, fullyQualifiedName: qualifiedName,
                                                             kind: logicalKind(violation))])],
                partialFingerprints: ["docsheet/v1": fingerprint])
        }
        let driver = SARIF.Driver(
            name: "DocSheet", version: DocSheetVersion.current, semanticVersion: DocSheetVersion.current,
            rules: rules.map { rule in
                SARIF.ReportingDescriptor(id: rule.id, name: rule.name, shortDescription: SARIF.Message(text: rule.summary),
                                          help: SARIF.Message(text: rule.help),
                                          defaultConfiguration: SARIF.Configuration(level: "error"))
            })
        let run = SARIF.Run(tool: SARIF.Tool(driver: driver), results: results,
                            properties: SARIF.RunProperties(summary: report.summary, passed: report.passed,
                                                            checkedCount: report.checkedCount,
                                                            documentedCount: report.documentedCount))
        return json(SARIF.Log(runs: [run]))
    }

    /// The SARIF `logicalLocation.kind` of a violation's declaration: `function` or `variable` at top level,
    /// `member` inside a type.
    static func logicalKind(_ violation: Violation) -> String {
        if violation.enclosingType != nil { return "member" }
        return violation.rule == Check.undocumentedPropertyRule ? "variable" : "function"
    }

    /// The SARIF 2.1.0 objects DocSheet writes (a small subset of the format).
    enum SARIF {
        /// The top-level `sarifLog`.
        struct Log: Encodable {
            var schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
            var version = "2.1.0"
            var runs: [Run]

            enum CodingKeys: String, CodingKey {
                case schema = "$schema", version, runs
            }
        }

        /// One `run`: the tool and its results.
        struct Run: Encodable {
            var tool: Tool
            var results: [Result]
            var properties: RunProperties
        }

        /// The run's property bag: the gate's verdict, which SARIF has no field for.
        struct RunProperties: Encodable {
            var summary: String
            var passed: Bool
            var checkedCount: Int
            var documentedCount: Int
        }

        /// The `tool` object.
        struct Tool: Encodable {
            var driver: Driver
        }

        /// The `toolComponent` that produced the results.
        struct Driver: Encodable {
            var name: String
            var version: String
            var semanticVersion: String
            var rules: [ReportingDescriptor]
        }

        /// A rule's `reportingDescriptor`.
        struct ReportingDescriptor: Encodable {
            var id: String
            var name: String
            var shortDescription: Message
            var help: Message
            var defaultConfiguration: Configuration
        }

        /// A `reportingConfiguration` (the default level).
        struct Configuration: Encodable {
            var level: String
        }

        /// A `message` with plain text.
        struct Message: Encodable {
            var text: String
        }

        /// One `result`.
        struct Result: Encodable {
            var ruleId: String
            var ruleIndex: Int
            var level: String
            var message: Message
            var locations: [Location]
            var partialFingerprints: [String: String]
        }

        /// A `location`: where in the file, and which function.
        struct Location: Encodable {
            var physicalLocation: PhysicalLocation
            var logicalLocations: [LogicalLocation]
        }

        /// A `physicalLocation`.
        struct PhysicalLocation: Encodable {
            var artifactLocation: ArtifactLocation
            var region: Region
        }

        /// An `artifactLocation`: a URI, relative to `%SRCROOT%` (the folder `docsheet check` ran in).
        struct ArtifactLocation: Encodable {
            var uri: String
            var uriBaseId: String?
        }

        /// A `region`: the function's name.
        struct Region: Encodable {
            var startLine: Int
            var startColumn: Int
        }

        /// A `logicalLocation`: the function.
        struct LogicalLocation: Encodable {
            var name: String
            var fullyQualifiedName: String
            var kind: String
        }
    }

    // MARK: GitLab Code Quality

    /// The GitLab Code Quality report (Code Climate issues): one issue per violation.
    static func gitlab(_ report: CheckReport, severity: CheckReporter.Severity) -> String {
        let issues = zip(report.violations, fingerprints(report.violations)).map { violation, fingerprint in
            CodeQualityIssue(description: violation.message, check_name: "docsheet/\(violation.rule)",
                             fingerprint: fingerprint, severity: severity == .error ? "major" : "minor",
                             location: .init(path: violation.path, lines: .init(begin: max(violation.line, 1))))
        }
        return json(issues)
    }

    /// One Code Climate issue as GitLab reads it.
    struct CodeQualityIssue: Encodable {
        var type = "issue"
        var engine_name = "docsheet"
        var categories = ["Clarity"]
        var description: String
        var check_name: String
        var fingerprint: String
        var severity: String
        var location: Location

        /// The file and the line.
        struct Location: Encodable {
            var path: String
            var lines: Lines
        }

        /// The first line.
        struct Lines: Encodable {
            var begin: Int
        }
    }

    // MARK: JUnit

    /// The JUnit XML report (GitLab `reports: junit`, Jenkins `junit`): one suite; one failed test case per
    /// violation, as SwiftLint's JUnit reporter does, and one `coverage` case that fails only when the coverage
    /// is below `--min-coverage` — so a passing run still has a test (Jenkins rejects an empty report) and a
    /// coverage-only failure is visible.
    static func junit(_ report: CheckReport, severity: CheckReporter.Severity) -> String {
        let coverageFailed = report.minCoverage.map { report.coverage + 1e-9 < $0 } ?? false
        let failures = report.violations.count + (coverageFailed ? 1 : 0)
        let counts = "tests=\"\(report.violations.count + 1)\" failures=\"\(failures)\" errors=\"0\""
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"docsheet check\" \(counts)>",
            "  <testsuite name=\"docsheet check\" \(counts) skipped=\"0\">",
        ]
        for violation in report.violations {
            let classname = ([violation.module] + (violation.enclosingType.map { [$0] } ?? [])).joined(separator: ".")
            let text = "\(violation.path):\(violation.line):\(violation.column): \(severity.rawValue): \(violation.message)"
            lines.append("    <testcase classname=\"\(xml(classname))\" name=\"\(xml("\(violation.name) [\(violation.rule)]"))\" file=\"\(xml(violation.path))\" line=\"\(violation.line)\">")
            lines.append("      <failure type=\"\(severity.rawValue)\" message=\"\(xml(violation.message))\">\(xml(text))</failure>")
            lines.append("    </testcase>")
        }
        lines.append("    <testcase classname=\"docsheet\" name=\"coverage\">")
        if coverageFailed {
            lines.append("      <failure type=\"\(severity.rawValue)\" message=\"\(xml(report.summary))\">\(xml(report.summary))</failure>")
        }
        lines.append("      <system-out>\(xml(report.summary))</system-out>")
        lines.append("    </testcase>")
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` escaped for XML 1.0 text and attribute values; characters XML cannot hold become U+FFFD.
    static func xml(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result += "&#\(scalar.value);"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result.unicodeScalars.append("\u{FFFD}")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
