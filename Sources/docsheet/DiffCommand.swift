import ArgumentParser
import DesignDocument
import Foundation
import Workflow

/// `docsheet diff BASE [HEAD]`: added, removed and changed functions between two revisions.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "List functions added, removed or changed between two git revisions (HEAD: the work tree).",
        discussion: HelpText.discussion(
            "Files are read through git without checking anything out. Output: a review workbook (.xlsx), Markdown (the default on standard output) or JSON.",
            examples: [
                "docsheet diff main",
                "docsheet diff v1.0 v1.1 -o review.xlsx",
                "docsheet diff origin/main --merge-base --format json -o -",
                "docsheet diff HEAD~3 --root Sources/App --locale vi -o review.md",
            ])
    )

    @Argument(help: "The base revision (branch, tag or commit).")
    var base: String

    @Argument(help: "The head revision (default: the work tree).")
    var head: String?

    @Option(help: ArgumentHelp("The folder to compare (default: the current folder).", valueName: "path"), completion: .directory)
    var root: String = "."

    @Option(help: "xlsx, markdown, json or csv (default: from the output's extension; markdown on standard output).")
    var format: OutputFormat?

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file (default: standard output).", valueName: "file"), completion: .file())
    var output: String?

    @Option(help: "The labels' language: en, vi or ja (default: the configured locale, else en).")
    var locale: DocumentLocale?

    @Option(help: ArgumentHelp("A review template file (default: the built-in review).", valueName: "name|path"), completion: .file(extensions: ["yml", "yaml", "xlsx"]))
    var template: String?

    @Option(help: ArgumentHelp("Link pattern for source lines with {file}, {line}, {commit} (default: from the git remote).", valueName: "pattern"))
    var sourceURL: String?

    @Flag(help: "Compare with the merge base of BASE and HEAD (as 'git diff BASE...'), not with BASE itself.")
    var mergeBase = false

    @OptionGroup var scan: ScanOptionGroup

    @OptionGroup(title: "Terminal Options") var terminal: OutputOptionGroup

    /// Compares the revisions and writes the review.
    func run() throws {
        var options = DiffOptions(base: base)
        options.head = head
        options.root = root
        options.format = format
        options.output = output
        options.scan = scan.settings
        options.locale = locale
        options.template = template
        options.sourceURL = sourceURL
        options.mergeBase = mergeBase
        let session = TerminalSession.shared
        session.configure(terminal)
        options.scan.progress = session.progressHandler
        let outcome = try DiffCommandRunner.run(options)
        session.clearProgress()
        if let data = outcome.standardOutput {
            try Console.output(data)
        } else if let file = outcome.outputFile {
            let diff = outcome.diff
            Console.note("docsheet: \(diff.added.count) added, \(diff.removed.count) removed, \(diff.changed.count) changed; wrote \(file.path)")
        }
        if terminal.verbose { Console.note("timings: total \(TerminalRules.duration(session.elapsed))") }
    }
}
