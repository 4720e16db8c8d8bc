import DesignDocument
import Foundation
import Inventory
import SwiftExtraction

/// The `FuzzDocAndTemplates` target's work on one input: the bytes up to the first NUL are a doc comment's text
/// (markers removed, as `DocCommentParser.parse(raw:)` takes it), the bytes after it a YAML template.
///
/// The doc comment goes onto the records of a small inventory that is written in every format and checked
/// (``DocumentChecks``). The template is loaded as `--template FILE.yml` loads it: a loader error
/// (`DesignDocumentError`) is an answer, not a failure; a template that loads must render the inventory (and a
/// review, when it has review sheets) into a workbook that reads back.
public enum DocTemplatePipeline {
    /// Runs one input.
    ///
    /// - Parameters:
    ///   - bytes: The doc comment text, optionally followed by a NUL and a YAML template.
    ///   - documents: Where the documents of this input are written.
    /// - Throws: `CheckFailure` when a document disagrees with the inventory or a template that loads does not render.
    public static func run(_ bytes: UnsafeRawBufferPointer, documents: DocumentFolder) throws(CheckFailure) {
        let separator = bytes.firstIndex(of: 0)
        let docText = String(decoding: bytes[..<(separator ?? bytes.count)], as: UTF8.self)
        let comment = DocCommentParser.parse(raw: docText)
        if comment.raw != docText {
            throw CheckFailure("the parsed comment's raw text differs from the text parsed: \(String(reflecting: comment.raw))")
        }
        let locale = DocumentLocale.allCases[docText.utf8.count % DocumentLocale.allCases.count]
        let inventory = sampleInventory(comment)
        try DocumentChecks.writeAndCheck(inventory, locale: locale, documents: documents)
        try DocumentChecks.checkReviewText(review(of: inventory), locale: locale, documents: documents)
        guard let separator else {
            // No template: the comment also goes through one of the other built-in layouts.
            let name = ["class-spec", "inventory", "review"][docText.unicodeScalars.count % 3]
            try render(try builtin(name), inventory: inventory, locale: locale, documents: documents)
            return
        }
        let file = documents.file(".yml")
        do {
            try Data(UnsafeRawBufferPointer(rebasing: bytes[(separator + 1)...])).write(to: file)
        } catch {
            throw CheckFailure("cannot write the template to \(file.path): \(error)")
        }
        let template: Template
        do {
            template = try Template.resolve(file.path)
        } catch {
            switch error {
            case .invalidTemplate, .unreadableTemplate:
                DocumentFolder.note("the template does not load: \(error)")
                return
            default: throw CheckFailure("loading a YAML template failed with an unexpected error (\(CheckFailure.caseName(error))): \(error)")
            }
        }
        try render(template, inventory: inventory, locale: locale, documents: documents)
    }

    /// A review of `inventory` against a base where the last function did not exist and `run` had another signature
    /// and no documentation: one added and one changed function.
    static func review(of inventory: Inventory) -> InventoryDiff {
        let base = Inventory(
            project: inventory.project, types: inventory.types,
            functions: inventory.functions.dropLast().map { record in
                var record = record
                if record.baseName == "run" {
                    record.signature += " // old"
                    record.doc = nil
                }
                return record
            }, modules: inventory.modules)
        return InventoryDiff(base: base, head: inventory, baseLabel: "v1", headLabel: "v2")
    }

    /// The built-in templates, loaded once.
    static let builtins: [String: Result<Template, CheckFailure>] = Dictionary(
        uniqueKeysWithValues: Template.builtinNames.map { ($0, DocumentChecks.builtin($0)) })

    /// The built-in template `name` (one of `Template.builtinNames`).
    static func builtin(_ name: String) throws(CheckFailure) -> Template {
        guard let loaded = builtins[name] else { throw CheckFailure("no built-in template named \(name)") }
        return try loaded.get()
    }

    /// A type and four functions that carry `comment` (one without documentation, one renamed in the review's base).
    static func sampleInventory(_ comment: DocComment) -> Inventory {
        let file = "Sources/Fuzz/Fuzzed.swift"
        let type = TypeRecord(
            name: "Fuzzed", kind: .struct, module: "Fuzz", file: file, line: 3, column: 15, accessLevel: .public,
            effectiveAccess: .public, inheritedTypes: ["Sendable"], doc: comment, moduleKind: .packageLibrary)
        // Parameters named as the comment documents them, so the parameter columns pair descriptions with names.
        let parameters = comment.parameters.prefix(3).enumerated().map { index, parameter in
            FunctionRecord.Parameter(label: index == 0 ? nil : parameter.name, name: parameter.name, type: "Int")
        }
        let labels = parameters.map { ($0.label ?? "_") + ":" }.joined()
        let list = parameters.map { "\($0.label ?? "_") \($0.name): Int" }.joined(separator: ", ")
        let method = FunctionRecord(
            file: file, line: 9, column: 17, module: "Fuzz", kind: .method, name: "run(\(labels))", baseName: "run",
            signature: "public func run(\(list)) throws -> Int", enclosingType: "Fuzzed", enclosingKind: .struct,
            accessLevel: .public, effectiveAccess: .public, throws: "throws", parameters: parameters, returnType: "Int",
            section: "Fuzzing", doc: comment, moduleKind: .packageLibrary)
        let initializer = FunctionRecord(
            file: file, line: 5, column: 12, module: "Fuzz", kind: .initializer, name: "init()", baseName: "init",
            signature: "public init()", enclosingType: "Fuzzed", enclosingKind: .struct, accessLevel: .public,
            effectiveAccess: .public, doc: comment, moduleKind: .packageLibrary)
        let helper = FunctionRecord(
            file: file, line: 14, column: 10, module: "Fuzz", kind: .method, name: "helper()", baseName: "helper",
            signature: "func helper()", enclosingType: "Fuzzed", enclosingKind: .struct, condition: "DEBUG",
            moduleKind: .packageLibrary)
        let free = FunctionRecord(
            file: "Sources/Fuzz/Free.swift", line: 2, column: 13, module: "Fuzz", kind: .function, name: "free()",
            baseName: "free", signature: "public func free()", accessLevel: .public, effectiveAccess: .public,
            doc: comment, moduleKind: .packageLibrary)
        return Inventory(
            project: ProjectInfo(name: "Fuzz", root: "."), types: [type], functions: [method, initializer, helper, free],
            modules: [ModuleRecord(name: "Fuzz", kind: .packageLibrary)])
    }

    /// Renders the inventory (when the template has inventory sheets) and a review (when it has review sheets) with
    /// `template`; each workbook must read back.
    static func render(_ template: Template, inventory: Inventory, locale: DocumentLocale, documents: DocumentFolder) throws(CheckFailure) {
        let writer = DocumentWriter(template: template, context: DocumentChecks.context(locale))
        if template.hasInventorySheets {
            let book = documents.file("_template.xlsx")
            do {
                for warning in try writer.write(inventory, format: .xlsx, to: book) { DocumentFolder.note(warning) }
            } catch {
                throw CheckFailure("a template that loaded does not render the inventory (\(CheckFailure.caseName(error))): \(error)")
            }
            _ = try DocumentChecks.readBack(book)
        }
        if template.sheets.contains(where: { [.added, .removed, .changed].contains($0.kind) }) {
            let book = documents.file("_review.xlsx")
            do { try writer.writeReview(review(of: inventory), format: .xlsx, to: book) } catch {
                throw CheckFailure("a template with review sheets that loaded does not render a review (\(CheckFailure.caseName(error))): \(error)")
            }
            _ = try DocumentChecks.readBack(book)
        }
    }
}
