import ArgumentParser
import DesignDocument
import Workflow

/// `docsheet templates list|show`: the built-in workbook templates.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the built-in workbook templates, print one, list the fields, or check a client's .xlsx template.",
        subcommands: [List.self, Show.self, Fields.self, Check.self]
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

    /// `docsheet templates fields`.
    struct Fields: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the placeholders and the {{scope.FIELD}} markers a template can use.")

        /// Runs the subcommand.
        func run() throws {
            Console.output("placeholders (anywhere): " + TemplateFields.placeholders.map { "{{\($0)}}" }.joined(separator: " "))
            for (scope, fields) in TemplateFields.rowScopes {
                Console.output("{{\(scope).FIELD}}: " + fields.joined(separator: ", "))
            }
        }
    }

    /// `docsheet templates check FILE.xlsx`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a client's .xlsx template: its markers, row and sheet templates, problems, and what is not carried over.",
            discussion: "Example: docsheet templates check design.xlsx")

        @Argument(help: ArgumentHelp("The client's workbook.", valueName: "file.xlsx"))
        var file: String

        /// Runs the subcommand.
        func run() throws {
            let report: WorkbookTemplateReport
            do {
                report = try WorkbookTemplateReport(checking: file)
            } catch {
                throw WorkflowError(error)
            }
            report.lines.forEach { Console.output($0) }
            report.unsupported.forEach { Console.output("warning: \(file): \($0)") }
            report.problems.forEach { Console.error("error: \($0)") }
            if !report.problems.isEmpty { throw GateFailure(status: .usage) }
            Console.output("\(file): ready to use with --template (\(report.unsupported.count) part\(report.unsupported.count == 1 ? "" : "s") not carried over)")
        }
    }
}
