import ArgumentParser
import DesignDocument
import Foundation
import Inventory
import Workflow

/// `docsheet history`: documentation coverage over the commits of the current branch.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show how documentation coverage went over the current branch's commits (read from git, no checkout).",
        discussion: HelpText.discussion(
            "Counts as docsheet check does (check.min_access, default public) on each first-parent commit, newest last, then HEAD's coverage per module and file. Files are read with git cat-file and parsed through the cache, so a second run is fast.",
            examples: [
                "docsheet history",
                "docsheet history --since v1.0 --every 10 --format csv -o coverage.csv",
                "docsheet history --badge docs-badge.svg --min-file 50",
            ])
    )

    /// The formats `history` writes.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, csv, json, xlsx
    }

    @Option(help: ArgumentHelp("The folder whose history to read (default: the current folder).", valueName: "path"), completion: .directory)
    var root = "."

    @Option(help: ArgumentHelp("Only the commits after this revision.", valueName: "rev"))
    var since: String?

    @Option(help: ArgumentHelp("Read every Nth commit, counted back from HEAD, which is always read (default: 1).", valueName: "n"))
    var every = 1

    @Option(help: ArgumentHelp("Count functions at least this visible (effective access; default: check.min_access, else public).", valueName: "level"))
    var minAccess: AccessLevel?

    @Option(help: "markdown (default), csv, json, or xlsx (a workbook with a chart; needs --output).")
    var format: Format = .markdown

    @Option(help: "The workbook's language: en, vi or ja (default: en).")
    var locale: DocumentLocale = .en

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file (default: standard output).", valueName: "file"), completion: .file())
    var output: String?

    @Option(help: ArgumentHelp("Also write a coverage badge (SVG) of HEAD for the README.", valueName: "file"), completion: .file(extensions: ["svg"]))
    var badge: String?

    @Option(help: ArgumentHelp("Fail (exit 1) when a file at HEAD is documented below this percentage.", valueName: "pct"))
    var minFile: Double?

    @Flag(help: "Parse every commit's files again instead of using the cache.")
    var noCache = false

    @OptionGroup(title: "Terminal Options") var terminal: OutputOptionGroup

    /// Rejects a step below 1 and a percentage outside 0–100.
    func validate() throws {
        if every < 1 { throw ValidationError("--every must be 1 or more") }
        if format == .xlsx && (output == nil || output == "-") {
            throw ValidationError("--format xlsx: a workbook cannot go to standard output; pass --output FILE.xlsx")
        }
        if let minFile, !(0...100).contains(minFile) { throw ValidationError("--min-file must be from 0 to 100") }
    }

    /// Reads the history, writes the report (and the badge) and fails when a file is below `--min-file`.
    func run() throws {
        var options = HistoryOptions()
        options.root = root
        options.since = since
        options.every = every
        options.minAccess = minAccess
        options.scan.useCache = !noCache
        let session = TerminalSession.shared
        session.configure(terminal)
        let report = try History.run(options)
        switch format {
        case .xlsx:
            // Dated by HEAD's commit, so the same history gives the same bytes.
            let created = report.points.last.flatMap { ISO8601DateFormatter().date(from: $0.date) } ?? Date()
            do {
                try CoverageHistoryWorkbook.write(report, to: URL(fileURLWithPath: output ?? ""), locale: locale, created: created)
            } catch {
                throw WorkflowError(error)
            }
        case .markdown, .csv, .json:
            let text = format == .markdown ? History.markdown(report) : format == .csv ? History.csv(report) : History.json(report)
            if let output, output != "-" {
                try History.write(text, to: URL(fileURLWithPath: output))
            } else {
                try Console.output(Data(text.utf8))
            }
        }
        if let badge, let last = report.points.last {
            try History.write(History.badge(coverage: last.coverage), to: URL(fileURLWithPath: badge))
        }
        if let minFile {
            let below = History.filesBelow(report, minimum: minFile)
            below.forEach { Console.note("\($0.name): \(String(format: "%.1f", $0.coverage))% documented, below --min-file \(String(format: "%g", minFile))%") }
            if !below.isEmpty { throw GateFailure(status: .gateFailed) }
        }
    }
}
