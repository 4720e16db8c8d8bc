import ArgumentParser
import Foundation
import Workflow

/// `docsheet hook install|uninstall|status`.
struct HookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hook",
        abstract: "Install, remove or inspect DocSheet's git hooks.",
        discussion: HelpText.discussion(examples: [
            "docsheet hook install",
            "docsheet hook install --hook pre-push --chain",
            "docsheet hook status",
            "docsheet hook uninstall --hook post-commit",
        ]),
        subcommands: [Install.self, Uninstall.self, Status.self]
    )

    /// Where and which hook.
    struct HookOptions: ParsableArguments {
        @Option(help: "pre-commit (runs 'docsheet check --staged'), post-commit or pre-push (run 'docsheet generate').")
        var hook: HookKind = .preCommit

        @Option(help: ArgumentHelp("A folder inside the repository (default: the current folder); the hook runs docsheet in the folder of the nearest .docsheet.yml at or above it (else in this folder).", valueName: "path"), completion: .directory)
        var repository: String = "."

        /// The installer for the repository that holds `--repository`.
        func installer() throws -> HookInstaller {
            try HookInstaller(repositoryPath: WorkflowEnvironment.process.url(for: repository))
        }
    }

    /// `docsheet hook install`.
    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Install a hook (an existing foreign hook is refused unless --chain or --force).",
            discussion: HelpText.discussion(examples: [
                "docsheet hook install",
                "docsheet hook install --hook pre-push --repository ../App",
                "docsheet hook install --hook pre-commit --chain",
            ]))

        @OptionGroup var options: HookOptions

        @Flag(help: "Keep an existing hook and run it before DocSheet's.")
        var chain = false

        @Flag(help: "Replace an existing hook that DocSheet did not write.")
        var force = false

        /// Runs the subcommand.
        func run() throws {
            let installer = try options.installer()
            let file = try installer.install(options.hook, chain: chain, force: force)
            let place = installer.projectFolder.isEmpty ? "" : " in \(installer.projectFolder)"
            Console.output("docsheet: installed the \(options.hook.rawValue) hook at \(file.path) (runs '\(options.hook.command)'\(place))")
        }
    }

    /// `docsheet hook uninstall`.
    struct Uninstall: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove DocSheet's hook (a chained hook is put back).",
            discussion: HelpText.discussion(examples: [
                "docsheet hook uninstall",
                "docsheet hook uninstall --hook pre-push",
            ]))

        @OptionGroup var options: HookOptions

        /// Runs the subcommand.
        func run() throws {
            let installer = try options.installer()
            let removed = try installer.uninstall(options.hook)
            Console.output(removed ? "docsheet: removed the \(options.hook.rawValue) hook from \(installer.hooksFolder.path)"
                : "docsheet: no DocSheet \(options.hook.rawValue) hook in \(installer.hooksFolder.path)")
        }
    }

    /// `docsheet hook status`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show which hooks are installed.",
            discussion: HelpText.discussion(examples: [
                "docsheet hook status",
                "docsheet hook status --repository ../App",
            ]))

        @Option(help: ArgumentHelp("A folder inside the repository (default: the current folder).", valueName: "path"), completion: .directory)
        var repository: String = "."

        /// Runs the subcommand.
        func run() throws {
            let installer = try HookInstaller(repositoryPath: WorkflowEnvironment.process.url(for: repository))
            Console.output("hooks folder: \(installer.hooksFolder.path)")
            for kind in HookKind.allCases {
                let text: String
                switch installer.state(kind) {
                case .notInstalled: text = "not installed"
                case .foreign: text = "another tool's hook (not DocSheet's)"
                case .installed(let chained):
                    let folder = installer.installedProjectFolder(kind) ?? ""
                    text = "installed, runs '\(kind.command)'" + (folder.isEmpty ? "" : " in \(folder)")
                        + (chained ? " after the chained earlier hook" : "")
                }
                Console.output("\(kind.rawValue): \(text)")
            }
        }
    }
}
