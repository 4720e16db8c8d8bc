import ArgumentParser
import DesignDocument
import Foundation
import Inventory
import Workflow

/// `docsheet generate`: write the design document, JSON or CSV inventory of one or more roots.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write the design document (.xlsx), JSON or CSV inventory, or class diagram of Swift sources.",
        discussion: HelpText.discussion(examples: [
            "docsheet generate",
            "docsheet generate Sources/App -o out/App-design.xlsx",
            "docsheet generate --template inventory --locale ja -o design.xlsx",
            "docsheet generate --format json -o - --min-access public",
            "docsheet generate --format mermaid -o - --min-access public",
            "docsheet generate --template client.xlsx --strict --quiet",
            "docsheet generate --no-cache --verbose -o out/design.xlsx",
        ])
    )

    @Argument(help: "Folders to scan (default: the current folder). Several roots make one inventory.", completion: .directory)
    var roots: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file (default: docsheet.xlsx, or the configured output); - writes JSON, CSV, Markdown or a diagram to standard output.", valueName: "file"), completion: .file())
    var output: String?

    @Option(help: "xlsx, json, csv, markdown, or the class diagram as dot, mermaid or plantuml (default: from the output's extension, else xlsx).")
    var format: OutputFormat?

    @Option(help: ArgumentHelp("Leave out functions less visible than this effective access level.", valueName: "level"))
    var minAccess: AccessLevel?

    @Option(help: ArgumentHelp("A built-in template (design-doc, inventory, class-spec), a YAML template file, or the client's .xlsx form with {{…}} markers.", valueName: "name|path"), completion: .custom(TemplateCompletion.candidates))
    var template: String?

    @Option(help: "The labels' language: en, vi or ja.")
    var locale: DocumentLocale?

    @Option(help: ArgumentHelp("Link pattern for source lines with {file}, {line}, {commit} (default: from the git remote).", valueName: "pattern"))
    var sourceURL: String?

    @Option(help: "The author shown on the cover.")
    var author: String?

    @Option(help: "The project name (default: the root folder's name).")
    var projectName: String?

    @Option(help: "The project version shown on the cover.")
    var projectVersion: String?

    @Flag(help: "With a client's .xlsx template: fail when it holds parts DocSheet cannot carry over (charts, shapes, comments, …) instead of warning about each.")
    var strict = false

    @OptionGroup var scan: ScanOptionGroup

    @OptionGroup(title: "Terminal Options") var terminal: OutputOptionGroup

    /// Maps the options to `GenerateOptions`, runs the pipeline and prints warnings and the result.
    func run() throws {
        var options = GenerateOptions()
        options.roots = roots
        options.output = output
        options.format = format
        options.minAccess = minAccess
        options.template = template
        options.locale = locale
        options.sourceURL = sourceURL
        options.author = author
        options.projectName = projectName
        options.projectVersion = projectVersion
        options.strict = strict
        options.scan = scan.settings
        let session = TerminalSession.shared
        session.configure(terminal)
        let metrics = RunMetrics()
        options.scan.progress = session.progressHandler
        options.scan.metrics = metrics
        let outcome = try Generate.run(options)
        session.clearProgress()
        DiagnosticDigest.lines(outcome.diagnostics, listingEvery: terminal.verbose).forEach(Console.diagnostic)
        if let data = outcome.standardOutput {
            try Console.output(data)
        }
        if terminal.verbose {
            TerminalRules.verboseLines(phases: metrics.phases, files: metrics.files, cache: metrics.cache,
                                       upToDate: outcome.upToDate, diagrams: metrics.diagrams, clang: metrics.clang)
                .forEach(Console.note)
        }
        Console.note(TerminalRules.summary(
            output: outcome.outputFile.map(Self.displayPath) ?? "standard output", files: outcome.counts.files,
            functions: outcome.counts.functions, documented: outcome.counts.documented, elapsed: session.elapsed,
            upToDate: outcome.upToDate))
        ProcessEnd.keep(outcome)
    }

    /// `file` relative to the current folder when it lies below it, else its absolute path.
    ///
    /// - Parameter file: The file written.
    /// - Returns: The path to show.
    static func displayPath(_ file: URL) -> String {
        let folder = FileManager.default.currentDirectoryPath
        let path = file.standardizedFileURL.path
        return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
    }
}
