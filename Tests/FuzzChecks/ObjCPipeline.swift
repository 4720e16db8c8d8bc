import Foundation
import Inventory
import ObjCExtraction

/// The `FuzzObjC` target's work on one input: the first byte picks the file's name (`Fuzz.h`, `Fuzz.m` or
/// `Fuzz.mm`: its value modulo 3), the rest is the file, written to disk and read through clang as `docsheet generate`
/// reads an Objective-C file (`ObjCExtractor`; Documentation/ObjectiveC.md). Without clang the input is skipped.
///
/// Checks: every record is in the file (its line inside it, a column, a name), of the Objective-C language, in the
/// file's module; every warning names the file (clang could not parse it, its output could not be read), so that a
/// user knows which file was left out; the records round-trip through the inventory's JSON.
public enum ObjCPipeline {
    /// The file names the first byte picks from.
    public static let fileNames = ["Fuzz.h", "Fuzz.m", "Fuzz.mm"]

    /// The clang the pipeline runs (``ClangSession/locateClang(environment:)``), or `nil`.
    static let clang = ClangSession.locateClang()

    /// True when clang was found: without it every input is skipped.
    public static var isAvailable: Bool { clang != nil }

    /// Runs one input.
    ///
    /// - Parameters:
    ///   - bytes: A selector byte, then the file's bytes.
    ///   - documents: The folder the file is written into.
    /// - Throws: `CheckFailure` when a check fails or the file cannot be written.
    public static func run(_ bytes: UnsafeRawBufferPointer, documents: DocumentFolder) throws(CheckFailure) {
        guard let first = bytes.first, let clang else { return }
        let name = fileNames[Int(first) % fileNames.count]
        let file = Data(bytes.dropFirst())
        let url = documents.folder.appendingPathComponent(name)
        do { try file.write(to: url) } catch { throw CheckFailure("cannot write the input to \(url.path): \(error)") }
        defer { try? FileManager.default.removeItem(at: url) }
        let result = ObjCExtractor.extract(
            files: [ObjCSourceFile(path: url.path, relativePath: name, module: "Fuzz", moduleKind: .packageLibrary)],
            clang: clang, jobs: 1)
        try checkRecords(result, fileName: name, byteCount: file.count)
        try RecordsPipeline.checkRoundTrip(Inventory(
            project: ProjectInfo(name: "Fuzz", root: "."), types: result.types, functions: result.functions,
            modules: [ModuleRecord(name: "Fuzz", kind: .packageLibrary)], properties: result.properties))
    }

    /// The records lie in the file and are named; the warnings name the file.
    ///
    /// - Parameters:
    ///   - result: What `ObjCExtractor` read of the file.
    ///   - fileName: The file's name.
    ///   - byteCount: The file's size in bytes.
    /// - Throws: `CheckFailure` for a record out of place, unnamed or of another language or module, or a warning
    ///   that does not name the file.
    static func checkRecords(_ result: ObjCExtraction, fileName: String, byteCount: Int) throws(CheckFailure) {
        // Every line ends in at least one byte (LF, CR or CRLF).
        let lines = 1...(byteCount + 1)
        for record in result.functions {
            guard lines.contains(record.line), record.column >= 1, !record.name.isEmpty, record.file == fileName,
                  record.language == .objc, record.module == "Fuzz" else {
                throw CheckFailure("a function record out of place, unnamed or not the file's: \(String(reflecting: record))")
            }
        }
        for record in result.properties {
            guard lines.contains(record.line), record.column >= 1, !record.name.isEmpty, record.file == fileName,
                  record.language == .objc else {
                throw CheckFailure("a property record out of place, unnamed or not the file's: \(String(reflecting: record))")
            }
        }
        for record in result.types {
            guard lines.contains(record.line), record.column >= 1, !record.name.isEmpty, record.file == fileName,
                  record.language == .objc else {
                throw CheckFailure("a type record out of place, unnamed or not the file's: \(String(reflecting: record))")
            }
        }
        for warning in result.warnings where !warning.description.hasPrefix(fileName + ": ") {
            throw CheckFailure("a warning that does not name the file first: \(warning.description)")
        }
    }
}
