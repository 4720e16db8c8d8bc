import ArgumentParser
import DesignDocument
import Workflow

/// `docsheet templates list|show`: the built-in workbook templates.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the built-in workbook templates or print one to start a custom copy.",
        subcommands: [List.self, Show.self]
    )

    /// `docsheet templates list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the built-in templates.")

        /// Runs the subcommand.
        func run() throws {
            Template.builtinNames.forEach { Console.output($0) }
        }
    }

    /// `docsheet templates show NAME`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a built-in template's YAML (redirect it to a file to customise it).")

        @Argument(help: "The template's name.")
        var name: String

        /// Runs the subcommand.
        func run() throws {
            guard let source = Template.builtinSource(named: name) else {
                throw WorkflowError.invalidOption("templates show: no built-in template named '\(name)'; built-in templates: \(Template.builtinNames.joined(separator: ", "))")
            }
            Console.output(source)
        }
    }
}
