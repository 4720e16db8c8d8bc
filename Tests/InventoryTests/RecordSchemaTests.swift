import Foundation
import Testing
@testable import Inventory

/// The one description of each record kind (`RecordSchema`) and what it drives: JSON, the cache's binary form, the
/// review diff.
@Suite struct RecordSchemaTests {
    /// The names of a value's stored properties, as `Mirror` sees them.
    func storedPropertyNames(of value: Any) -> Set<String> {
        Set(Mirror(reflecting: value).children.compactMap(\.label))
    }

    func sampleFunction() -> FunctionRecord {
        FunctionRecord(
            file: "Sources/App/Loader.swift", line: 12, column: 17, module: "App", kind: .method, name: "load(id:)",
            baseName: "load", signature: "public func load(id: Int) async throws -> String", enclosingType: "Loader",
            enclosingKind: .class, accessLevel: .public, effectiveAccess: .internal, isRequirement: false,
            attributes: ["@MainActor"], modifiers: ["nonisolated"], isAsync: true, throws: "throws",
            parameters: [.init(label: "id", name: "id", type: "Int", defaultValue: "0")], returnType: "String",
            genericWhere: "T: Sendable", condition: "os(iOS)", section: "Loading",
            doc: DocComment(raw: "Loads.", summary: "Loads.", parameters: [.init(name: "id", description: "The id.")],
                            callouts: [.init(kind: "note", text: "Slow.")]),
            targets: ["App", "Widget"], moduleKind: .app)
    }

    @Test func everyStoredPropertyOfEveryRecordKindIsAField() {
        // A property without a descriptor would be silently left out of the JSON, the cache and the diff.
        let function = sampleFunction()
        #expect(storedPropertyNames(of: function) == Set(FunctionRecord.schema.fields.map(\.name)))
        #expect(storedPropertyNames(of: function.parameters[0]) == Set(FunctionRecord.Parameter.schema.fields.map(\.name)))
        let doc = function.doc!
        #expect(storedPropertyNames(of: doc) == Set(DocComment.schema.fields.map(\.name)))
        #expect(storedPropertyNames(of: doc.parameters[0]) == Set(DocComment.Parameter.schema.fields.map(\.name)))
        #expect(storedPropertyNames(of: doc.callouts[0]) == Set(DocComment.Callout.schema.fields.map(\.name)))
        let type = TypeRecord(name: "Loader", kind: .class, module: "App", file: "A.swift", line: 1, column: 1)
        #expect(storedPropertyNames(of: type) == Set(TypeRecord.schema.fields.map(\.name)))
        #expect(storedPropertyNames(of: ModuleRecord(name: "App", kind: .app)) == Set(ModuleRecord.schema.fields.map(\.name)))
    }

    @Test func jsonKeysAreWrittenSortedByTheirBytes() {
        let keys = FunctionRecord.schema.fieldsInKeyOrder.map(\.name)
        #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(keys.first == "accessLevel")
        var writer = InventoryJSONWriter(pretty: false)
        writer.write(sampleFunction())
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"accessLevel":"public","attributes":["@MainActor"],"baseName":"load","column":17,"#))
        #expect(text.contains(#""parameters":[{"defaultValue":"0","label":"id","name":"id","type":"Int"}]"#))
    }

    @Test func theCacheFormRoundTripsEveryField() {
        var function = sampleFunction()
        var writer = RecordByteWriter()
        function.writeBytes(into: &writer)
        let decoded = writer.bytes.withUnsafeBytes { bytes -> FunctionRecord? in
            var reader = RecordByteReader(bytes: bytes)
            let record = FunctionRecord.readBytes(from: &reader)
            return reader.isAtEnd ? record : nil
        }
        #expect(decoded == function)
        // The cache keeps what it was given, even an empty target list (JSON reading fills it in).
        function.targets = []
        var empty = RecordByteWriter()
        function.writeBytes(into: &empty)
        let read = empty.bytes.withUnsafeBytes { bytes -> FunctionRecord? in
            var reader = RecordByteReader(bytes: bytes)
            return FunctionRecord.readBytes(from: &reader)
        }
        #expect(read?.targets == [])
        // Cut short anywhere, the bytes read as nothing rather than as a wrong record.
        for length in stride(from: 0, to: writer.bytes.count, by: 7) {
            let prefix = Array(writer.bytes[..<length])
            let partial = prefix.withUnsafeBytes { bytes -> FunctionRecord? in
                var reader = RecordByteReader(bytes: bytes)
                return FunctionRecord.readBytes(from: &reader)
            }
            #expect(partial == nil)
        }
    }

    @Test func readingJSONFillsInWhatOlderVersionsDidNotWriteAndNamesAMissingRequiredKey() throws {
        let encoded = try JSONEncoder().encode(sampleFunction())
        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        object["targets"] = nil
        object["moduleKind"] = nil
        let old = try JSONDecoder().decode(FunctionRecord.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.targets == ["App"])
        #expect(old.moduleKind == nil)
        object["signature"] = nil
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(FunctionRecord.self, from: JSONSerialization.data(withJSONObject: object))
        }
        let withoutSignature = try JSONSerialization.data(withJSONObject: object)
        do {
            _ = try InventoryCoding.decode(FunctionRecord.self, from: withoutSignature, source: "old.json")
            Issue.record("a record without a signature was read")
        } catch {
            #expect(error.description.contains("missing key 'signature'"))
        }
    }

    @Test func theDiffComparesTheFieldsTheSchemaMarks() {
        let old = sampleFunction()
        var moved = old
        moved.line += 10
        moved.column = 1
        moved.section = "Other"
        #expect(InventoryDiff.changes(from: old, to: moved).isEmpty)
        var changed = old
        changed.effectiveAccess = .public
        changed.file = "Sources/App/Other.swift"
        changed.doc?.summary = "Loads it."
        #expect(InventoryDiff.changes(from: old, to: changed) == [.accessLevel, .doc, .file])
        changed.signature = "func load()"
        #expect(InventoryDiff.changes(from: old, to: changed) == [.signature, .accessLevel, .doc, .file])
        let marked = Set(FunctionRecord.schema.fields.compactMap(\.change))
        #expect(marked == Set(InventoryDiff.Change.allCases))
    }

    @Test func theLayoutDescriptionChangesWithEveryFieldAddedOrRetyped() {
        let layout = FunctionRecord.schema.layoutDescription
        #expect(layout.hasPrefix("file:string;line:integer;column:integer;module:string;"))
        #expect(layout.contains(";lines:optional(integer)"))
        // Nested records are spelled out, so a field added to a doc comment changes the function's layout too.
        #expect(layout.contains("doc:optional({raw:string;summary:optional(string);"))
        let fewer = RecordSchema(blank: FunctionRecord.schema.blank, fields: Array(FunctionRecord.schema.fields.dropLast()))
        #expect(fewer.layoutDescription != layout)
    }
}
