import DesignDocument
import Foundation
import Inventory
import SwiftExtraction

/// The `FuzzExtraction` target's work on one input: the bytes are a Swift source file, read and extracted the way
/// `docsheet generate` reads files (UTF-8, invalid bytes replaced), then written as JSON, CSV, Markdown and a
/// `design-doc` workbook, each checked against the inventory (``DocumentChecks``).
public enum ExtractionPipeline {
    /// Runs one input.
    ///
    /// - Parameters:
    ///   - bytes: The Swift source file's bytes.
    ///   - documents: Where the documents of this input are written.
    /// - Throws: `CheckFailure` when a record is misplaced or a document disagrees with the inventory.
    public static func run(_ bytes: UnsafeRawBufferPointer, documents: DocumentFolder) throws(CheckFailure) {
        let file = documents.file(".swift")
        do { try Data(bytes).write(to: file) } catch { throw CheckFailure("cannot write the input to \(file.path): \(error)") }
        // The first byte picks the options and the locale, so a mutation can reach every combination.
        let choice = Int(bytes.first ?? 0)
        let extractor = SwiftExtractor(options: ExtractionOptions(includeLocal: choice & 1 == 1, jobs: 1))
        let source = SourceFile(relativePath: "Sources/Fuzz/Input.swift", url: file, module: "Fuzz", moduleKind: .packageLibrary)
        let result: ExtractionResult
        do { result = try extractor.extract(files: [source], cache: nil) } catch {
            throw CheckFailure("extracting a readable file threw: \(error)")
        }
        try checkRecords(result, byteCount: bytes.count)
        if !extractor.options.includeLocal {
            try checkBodiesSkipped(result, source: source)
        }
        let inventory = Inventory(
            project: ProjectInfo(name: "Fuzz", root: "."), types: result.types, functions: result.functions,
            modules: [ModuleRecord(name: "Fuzz", kind: .packageLibrary)])
        let locale = DocumentLocale.allCases[(choice >> 1) % DocumentLocale.allCases.count]
        try DocumentChecks.writeAndCheck(inventory, locale: locale, documents: documents)
    }

    /// Skipping function bodies (the default) must give the records parsing them gives
    /// (Documentation/Extraction.md, "Function bodies are not parsed").
    static func checkBodiesSkipped(_ result: ExtractionResult, source: SourceFile) throws(CheckFailure) {
        var options = ExtractionOptions(includeLocal: false, jobs: 1)
        options.parsesFunctionBodies = true
        let parsed: ExtractionResult
        do { parsed = try SwiftExtractor(options: options).extract(files: [source], cache: nil) } catch {
            throw CheckFailure("extracting a readable file with its bodies threw: \(error)")
        }
        guard parsed.functions == result.functions, parsed.types == result.types else {
            throw CheckFailure("skipping function bodies changed the records: \(parsed.functions.map(\.name)) "
                + "parsed whole, \(result.functions.map(\.name)) skipped; types \(parsed.types.map(\.name)) and \(result.types.map(\.name))")
        }
    }

    /// What every record of a file must satisfy whatever the source: positions inside the file, names not empty.
    static func checkRecords(_ result: ExtractionResult, byteCount: Int) throws(CheckFailure) {
        // Every line ends in at least one byte (LF, CR or CRLF).
        let lines = byteCount + 1
        for record in result.functions {
            guard (1...lines).contains(record.line), record.column >= 1, !record.name.isEmpty, !record.baseName.isEmpty else {
                throw CheckFailure("a function record out of place or unnamed: \(String(reflecting: record))")
            }
        }
        for record in result.types {
            guard (1...lines).contains(record.line), record.column >= 1, !record.name.isEmpty else {
                throw CheckFailure("a type record out of place or unnamed: \(String(reflecting: record))")
            }
        }
        for diagnostic in result.diagnostics where diagnostic.line < 1 || diagnostic.column < 1 {
            throw CheckFailure("a diagnostic out of place: \(diagnostic)")
        }
    }
}
