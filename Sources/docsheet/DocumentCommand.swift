import ArgumentParser
import Foundation
import Inventory
import Workflow

/// `docsheet document`: doc-comment skeletons above the undocumented declarations the gate checks.
struct DocumentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "document",
        abstract: "Insert doc-comment skeletons above undocumented functions (a unified diff unless --write).",
        discussion: HelpText.discussion(
            "Each undocumented function in the gate's scope (check.min_access, default public) gets a <#Summary#> placeholder, its parameters, and - Returns: and - Throws: where the signature calls for them. Placeholders count as undocumented, so coverage moves only when a person writes the text. Only whole /// lines are inserted, with the file's indentation and line endings; a second run changes nothing.",
            examples: [
                "docsheet document",
                "docsheet document Sources/App --write",
                "docsheet document --min-access internal --complete",
            ])
    )

    @Argument(help: ArgumentHelp("Folders or files to document (default: the current folder).", valueName: "path"), completion: .directory)
    var roots: [String] = []

    @Flag(help: "Rewrite the files (default: print the change as a unified diff and write nothing).")
    var write = false

    @Flag(help: "Only print the diff (the default; the opposite of --write).")
    var dryRun = false

    @Flag(help: "Also add the parameter, return and throws lines that documented functions lack (their docs then hold placeholders, which count as undocumented until written).")
    var complete = false

    @Option(help: ArgumentHelp("Give skeletons to functions at least this visible (effective access; default: check.min_access, else public).", valueName: "level"))
    var minAccess: AccessLevel?

    @OptionGroup var scan: ScanOptionGroup

    @OptionGroup(title: "Terminal Options") var terminal: OutputOptionGroup

    /// Rejects `--write` with `--dry-run`.
    func validate() throws {
        if write && dryRun { throw ValidationError("--write and --dry-run cannot be combined") }
    }

    /// Finds the skeletons, prints the diff (dry run) or writes them, and a summary line.
    func run() throws {
        var options = DocumentOptions()
        options.roots = roots
        options.write = write
        options.completingDocs = complete
        options.minAccess = minAccess
        options.scan = scan.settings
        let session = TerminalSession.shared
        session.configure(terminal)
        options.scan.progress = session.progressHandler
        let outcome = try DocumentSkeletons.run(options)
        session.clearProgress()
        outcome.notes.forEach(Console.note)
        if !write {
            try Console.output(Data(outcome.files.map(\.diff).joined().utf8))
        }
        Console.note(outcome.summary)
    }
}
