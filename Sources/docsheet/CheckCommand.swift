import ArgumentParser
import Foundation
import Inventory
import Workflow

/// `docsheet check`: the doc-coverage gate.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report functions (and, with --kinds, properties) that lack documentation; exit 1 when the gate fails.",
        discussion: HelpText.discussion(
            "Exit codes: 0 the gate passed, 1 it failed, 2 usage or configuration error, 3 input error, 4 output error.",
            examples: [
                "docsheet check",
                "docsheet check Sources --min-access internal --require parameters,returns",
                "docsheet check --min-coverage 80 --reporter github",
                "docsheet check --kinds functions,properties",
                "docsheet check --language objc",
                "docsheet check --staged --warn-only",
                "docsheet check --since origin/main --baseline .docsheet-baseline.json",
                "docsheet check --write-baseline .docsheet-baseline.json",
            ])
    )

    @Argument(help: "Folders to check (default: the current folder).", completion: .directory)
    var roots: [String] = []

    @Option(help: ArgumentHelp("Check declarations at least this visible (effective access; default: public).", valueName: "level"))
    var minAccess: AccessLevel?

    @Option(help: ArgumentHelp("What to check: functions, properties (properties, global variables and enum cases) or both, comma-separated (default: functions).", valueName: "kinds"), completion: .list(["functions", "properties", "functions,properties"]))
    var kinds: String?

    @Option(help: ArgumentHelp("Check only the declarations of this language in a mixed app: swift or objc (comma-separated for both; default: both).", valueName: "language"), completion: .list(["swift", "objc"]))
    var language: String?

    @Option(help: ArgumentHelp("Also apply these rules (comma-separated): parameters, returns, throws (the doc describes them); unknown-parameters, void-returns, summary-repeats-name, placeholder-summary (what the doc says is right and says something); detached-doc (every doc comment documents a declaration); messages: every literal localized key defined, every key used.", valueName: "rules"), completion: .list(["parameters", "returns", "throws", "parameters,returns,throws", "unknown-parameters,void-returns,summary-repeats-name,placeholder-summary,detached-doc", "messages"]))
    var require: String?

    @Option(help: ArgumentHelp("Fail when fewer than this percentage of the checked declarations are documented.", valueName: "pct"))
    var minCoverage: Double?

    @Flag(help: "Only check declarations added or changed in the staged content (the index).")
    var staged = false

    @Option(help: ArgumentHelp("Only check declarations added or changed since this revision.", valueName: "rev"))
    var since: String?

    @Option(help: "xcode (default), json, github, sarif, junit or gitlab (see Documentation/CI.md).")
    var reporter: CheckReporter = .xcode

    @Flag(help: "Report violations as warnings and exit 0 (e.g. in an Xcode build phase).")
    var warnOnly = false

    @Option(help: ArgumentHelp("Fail only on violations this baseline file does not list.", valueName: "file"), completion: .file(extensions: ["json"]))
    var baseline: String?

    @Option(help: ArgumentHelp("Record today's violations in this baseline file (the gate then passes).", valueName: "file"), completion: .file(extensions: ["json"]))
    var writeBaseline: String?

    @OptionGroup var scan: ScanOptionGroup

    @OptionGroup(title: "Terminal Options") var terminal: OutputOptionGroup

    /// Rejects option combinations that make no sense, before anything runs.
    func validate() throws {
        if staged && since != nil { throw ValidationError("--staged and --since cannot be combined") }
        if let minCoverage, !(0...100).contains(minCoverage) { throw ValidationError("--min-coverage must be from 0 to 100") }
        if baseline != nil && writeBaseline != nil { throw ValidationError("--baseline and --write-baseline cannot be combined") }
        _ = try requirements()
        _ = try checkedKinds()
        _ = try checkedLanguages()
    }

    /// The `--language` list, parsed.
    func checkedLanguages() throws -> [SourceLanguage]? {
        guard let language else { return nil }
        switch Configuration.CheckedLanguages.parse(language) {
        case .success(let parsed) where !parsed.isEmpty: return parsed
        case .success: throw ValidationError("--language: name swift, objc or both")
        case .failure(let unknown):
            throw ValidationError("--language: unknown language '\(unknown.name)'; valid languages: \(Configuration.CheckedLanguages.validNames)")
        }
    }

    /// The `--kinds` list, parsed.
    func checkedKinds() throws -> [Configuration.CheckedKind]? {
        guard let kinds else { return nil }
        switch Configuration.CheckedKind.parse(kinds) {
        case .success(let parsed) where !parsed.isEmpty: return parsed
        case .success: throw ValidationError("--kinds: name functions, properties or both")
        case .failure(let unknown):
            throw ValidationError("--kinds: unknown kind '\(unknown.name)'; valid kinds: \(Configuration.CheckedKind.validNames)")
        }
    }

    /// The `--require` rules, parsed.
    func requirements() throws -> [Configuration.Requirement]? {
        try require.map { text in
            try text.split(separator: ",").map { name in
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                guard let rule = Configuration.Requirement(rawValue: trimmed) else {
                    throw ValidationError("--require: unknown rule '\(trimmed)'; valid rules: \(Configuration.Requirement.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return rule
            }
        }
    }

    /// Runs the gate, prints the report and fails with exit code 1 when the gate fails.
    func run() throws {
        var options = CheckOptions()
        options.roots = roots
        options.scope = staged ? .staged : since.map(CheckOptions.Scope.since) ?? .tree
        options.minAccess = minAccess
        options.kinds = try checkedKinds()
        options.languages = try checkedLanguages()
        options.require = try requirements()
        options.minCoverage = minCoverage
        options.baseline = baseline
        options.writeBaseline = writeBaseline
        options.scan = scan.settings
        let session = TerminalSession.shared
        session.configure(terminal)
        let metrics = RunMetrics()
        options.scan.progress = session.progressHandler
        options.scan.metrics = metrics
        let report = try Check.run(options)
        session.clearProgress()
        DiagnosticDigest.lines(report.diagnostics, listingEvery: terminal.verbose).forEach(Console.diagnostic)
        try Console.output(Data(reporter.render(report, severity: warnOnly ? .warning : .error).utf8))
        if terminal.verbose {
            TerminalRules.verboseLines(phases: metrics.phases, files: metrics.files, cache: metrics.cache, clang: metrics.clang)
                .forEach(Console.note)
        }
        if let writeBaseline {
            Console.note("docsheet: wrote \(report.baselinedCount) accepted violations to \(writeBaseline)")
        }
        if !report.passed && !warnOnly { throw GateFailure(status: .gateFailed) }
    }
}
