import ArgumentParser
import Foundation
import Workflow

/// `docsheet init`: write a commented starter `.docsheet.yml`.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starter .docsheet.yml into a folder.",
        discussion: HelpText.discussion(examples: [
            "docsheet init",
            "docsheet init Packages/App --force",
        ])
    )

    @Argument(help: "The folder to write it in (default: the current folder).", completion: .directory)
    var folder: String = "."

    @Flag(help: "Overwrite an existing .docsheet.yml.")
    var force = false

    /// Writes the starter file.
    func run() throws {
        let file = try ConfigurationStarter.write(into: WorkflowEnvironment.process.url(for: folder), force: force)
        Console.error("docsheet: wrote \(file.path)")
    }
}
