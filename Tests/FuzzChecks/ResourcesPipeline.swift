import Foundation
import Inventory
import ProjectResources

/// The `FuzzResources` target's work on one input: the first byte picks a reader (`.strings`, `.stringsdict`,
/// `.xcstrings`, a Core Data model's `contents` XML; Documentation/Resources.md), the rest is the file. A reader must
/// return or throw its `ResourceError`, never crash; what it returns is checked.
///
/// Checks: a `.strings` file that reads writes back (keys, values and comments escaped) to text that reads as the
/// same entries; every key line lies inside the file; a catalog's keys are the keys of its `strings` object as
/// `JSONSerialization` reads them; a model's entities have names unless the XML left them out; the message records
/// made of any of them round-trip through the inventory's JSON.
public enum ResourcesPipeline {
    /// The reader the first byte picks.
    public enum Reader: UInt8, CaseIterable, Sendable {
        /// `StringsFileReader`.
        case strings
        /// `StringsDictReader`.
        case stringsdict
        /// `StringCatalogReader`.
        case stringCatalog
        /// `CoreDataModelReader`.
        case coreDataModel
    }

    /// Runs one input.
    ///
    /// - Parameter bytes: A selector byte (its value modulo 4 picks the ``Reader``), then the file's bytes.
    /// - Throws: `CheckFailure` when a check fails.
    public static func run(_ bytes: UnsafeRawBufferPointer) throws(CheckFailure) {
        guard let first = bytes.first else { return }
        let reader = Reader(rawValue: first % UInt8(Reader.allCases.count)) ?? .strings
        let file = [UInt8](bytes.dropFirst())
        let lineCount = file.filter { $0 == 0x0A }.count + 1
        switch reader {
        case .strings:
            guard let entries = try? StringsFileReader.entries(of: file, path: "Fuzz.strings") else { return }
            for entry in entries where entry.line < 1 || entry.line > lineCount {
                throw CheckFailure("the key \"\(entry.key)\" is on line \(entry.line), outside the file")
            }
            let written = entries.map { entry in
                (entry.comment.map { "/* \($0.replacingOccurrences(of: "*/", with: "* /")) */\n" } ?? "")
                    + "\"\(escaped(entry.key))\" = \"\(escaped(entry.value))\";\n"
            }.joined()
            let again: [StringsEntry]
            do { again = try StringsFileReader.entries(of: written, path: "Written.strings") } catch {
                throw CheckFailure("the entries written back do not read: \(error)")
            }
            guard again.map(\.key) == entries.map(\.key), again.map(\.value) == entries.map(\.value) else {
                throw CheckFailure("the entries written back read as other entries")
            }
            try roundTrip(entries.map {
                MessageRecord(table: "Fuzz", key: $0.key, file: "Fuzz.strings", line: $0.line, comment: $0.comment,
                              translations: [MessageRecord.Translation(language: "en", text: $0.value, file: "Fuzz.strings", line: $0.line, format: .strings)])
            })
        case .stringsdict:
            guard let entries = try? StringsDictReader.entries(of: Data(file), path: "Fuzz.stringsdict") else { return }
            guard entries.map(\.key) == entries.map(\.key).sorted() else { throw CheckFailure("the .stringsdict keys are not sorted") }
        case .stringCatalog:
            guard let catalog = try? StringCatalogReader.catalog(of: Data(file), path: "Fuzz.xcstrings") else { return }
            let object = (try? JSONSerialization.jsonObject(with: Data(file))) as? [String: Any]
            let keys = ((object?["strings"] as? [String: Any]) ?? [:]).keys.sorted()
            guard catalog.entries.map(\.key) == keys else {
                throw CheckFailure("the catalog's keys differ from the JSON's: \(catalog.entries.count) against \(keys.count)")
            }
            for entry in catalog.entries where entry.line < 1 || entry.line > lineCount {
                throw CheckFailure("the key \"\(entry.key)\" is on line \(entry.line), outside the file")
            }
        case .coreDataModel:
            _ = try? CoreDataModelReader.model(of: Data(file), path: "contents")
        }
    }

    /// A `.strings` literal's text for `text`.
    static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            default: return String(scalar)
            }
        }.joined()
    }

    /// The message records go through the inventory's JSON and back unchanged.
    static func roundTrip(_ messages: [MessageRecord]) throws(CheckFailure) {
        let inventory = Inventory(project: ProjectInfo(name: "Fuzz", root: "."), types: [], functions: [], messages: messages)
        try RecordsPipeline.checkRoundTrip(inventory)
    }
}
