import ArgumentParser
import Foundation
import FileSupport
import DesignDocument
import Workflow

/// `docsheet templates list|show`: the built-in workbook templates.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the built-in workbook templates, print one, list the fields, or check a client's .xlsx template.",
        discussion: HelpText.discussion(examples: [
            "docsheet templates list",
            "docsheet templates show design-doc",
            "docsheet templates fields",
            "docsheet templates check design.xlsx",
            "docsheet templates import design.xlsx -o design.yml",
        ]),
        subcommands: [List.self, Show.self, Fields.self, Check.self, Import.self]
    )

    /// `docsheet templates list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the built-in templates.",
            discussion: HelpText.discussion(examples: ["docsheet templates list"]))

        /// Runs the subcommand.
        func run() throws {
            Template.builtinNames.forEach { Console.output($0) }
        }
    }

    /// `docsheet templates show NAME`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a built-in template's YAML (redirect it to a file to customise it).",
            discussion: HelpText.discussion(examples: ["docsheet templates show design-doc", "docsheet templates show class-spec"]))

        @Argument(help: "The template's name.", completion: .list(Template.builtinNames))
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
            abstract: "List the placeholders, the {{scope.FIELD}} markers, the picture markers and each YAML sheet kind's column fields.",
            discussion: HelpText.discussion(examples: ["docsheet templates fields"]))

        /// Runs the subcommand.
        func run() throws {
            Console.output("placeholders (anywhere): " + TemplateFields.placeholders.map { "{{\($0)}}" }.joined(separator: " "))
            for (scope, fields) in TemplateFields.rowScopes {
                Console.output("{{\(scope).FIELD}}: " + fields.joined(separator: ", "))
            }
            for (marker, picture, placement) in TemplateFields.pictures {
                Console.output("picture \(marker): \(picture); \(placement)")
            }
            for (kind, fields) in TemplateFields.sheetKinds {
                Console.output("kind: \(kind) (YAML columns): " + fields.joined(separator: ", "))
            }
        }
    }

    /// `docsheet templates check FILE.xlsx`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a client's .xlsx template: its markers, row and sheet templates, problems, and what is not carried over.",
            discussion: HelpText.discussion(examples: ["docsheet templates check design.xlsx"]))

        @Argument(help: ArgumentHelp("The client's workbook.", valueName: "file.xlsx"), completion: .file(extensions: ["xlsx"]))
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

    /// `docsheet templates import FILE.xlsx -o FILE.yml`.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the YAML template equivalent to a client's .xlsx, to review the layout in version control.",
            discussion: HelpText.discussion(
                "What YAML cannot say is listed; the .xlsx stays the exact template.",
                examples: ["docsheet templates import design.xlsx -o design.yml", "docsheet templates import design.xlsx"]))

        @Argument(help: ArgumentHelp("The client's workbook.", valueName: "file.xlsx"), completion: .file(extensions: ["xlsx"]))
        var file: String

        @Option(name: .shortAndLong, help: ArgumentHelp("The YAML file to write (default: standard output).", valueName: "file.yml"), completion: .file(extensions: ["yml", "yaml"]))
        var output: String?

        /// Runs the subcommand.
        func run() throws {
            let imported: WorkbookTemplateImport
            do {
                imported = try WorkbookTemplateImport(workbookAt: file)
            } catch {
                throw WorkflowError(error)
            }
            guard let output else {
                Console.output(imported.yaml)
                return
            }
            do {
                try AtomicFile.write(Data(imported.yaml.utf8), to: URL(fileURLWithPath: output))
            } catch {
                throw WorkflowError.outputFailed(path: output, reason: error.description)
            }
            imported.notes.forEach { Console.error("note: \(file): not in the YAML: \($0)") }
            Console.error("docsheet: wrote \(output)")
        }
    }
}
