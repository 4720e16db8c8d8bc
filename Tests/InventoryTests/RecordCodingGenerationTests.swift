import Foundation
import Testing
@testable import Inventory

/// `Sources/Inventory/RecordCoding.generated.swift` is made from the record schemas: each record kind's JSON writer
/// and cache reader and writer, its fields in the schema's orders, as straight-line code (as fast as the hand-written
/// writer it replaced; an interpreter walking the descriptors took about twice as long). This test makes the file
/// again and fails when the committed one differs; `DOCSHEET_REGENERATE=1` writes it instead.
@Suite struct RecordCodingGenerationTests {
    /// Every record kind, as the generated file names it.
    static let kinds: [(name: String, source: @Sendable (String) -> String)] = [
        ("FunctionRecord", { RecordCodingGenerator.source(FunctionRecord.self, name: $0) }),
        ("FunctionRecord.Parameter", { RecordCodingGenerator.source(FunctionRecord.Parameter.self, name: $0) }),
        ("TypeRecord", { RecordCodingGenerator.source(TypeRecord.self, name: $0) }),
        ("TypeRecord.Composition", { RecordCodingGenerator.source(TypeRecord.Composition.self, name: $0) }),
        ("PropertyRecord", { RecordCodingGenerator.source(PropertyRecord.self, name: $0) }),
        ("MessageRecord", { RecordCodingGenerator.source(MessageRecord.self, name: $0) }),
        ("MessageRecord.Translation", { RecordCodingGenerator.source(MessageRecord.Translation.self, name: $0) }),
        ("MessageRecord.Variation", { RecordCodingGenerator.source(MessageRecord.Variation.self, name: $0) }),
        ("MessageRecord.Use", { RecordCodingGenerator.source(MessageRecord.Use.self, name: $0) }),
        ("ErrorRecord", { RecordCodingGenerator.source(ErrorRecord.self, name: $0) }),
        ("ErrorRecord.Case", { RecordCodingGenerator.source(ErrorRecord.Case.self, name: $0) }),
        ("EntityRecord", { RecordCodingGenerator.source(EntityRecord.self, name: $0) }),
        ("EntityRecord.Attribute", { RecordCodingGenerator.source(EntityRecord.Attribute.self, name: $0) }),
        ("EntityRecord.Relationship", { RecordCodingGenerator.source(EntityRecord.Relationship.self, name: $0) }),
        ("ScreenRecord", { RecordCodingGenerator.source(ScreenRecord.self, name: $0) }),
        ("TransitionRecord", { RecordCodingGenerator.source(TransitionRecord.self, name: $0) }),
        ("ModuleRecord", { RecordCodingGenerator.source(ModuleRecord.self, name: $0) }),
        ("DocComment", { RecordCodingGenerator.source(DocComment.self, name: $0) }),
        ("DocComment.Parameter", { RecordCodingGenerator.source(DocComment.Parameter.self, name: $0) }),
        ("DocComment.Callout", { RecordCodingGenerator.source(DocComment.Callout.self, name: $0) }),
        ("ProjectInfo", { RecordCodingGenerator.source(ProjectInfo.self, name: $0) }),
        ("ToolInfo", { RecordCodingGenerator.source(ToolInfo.self, name: $0) }),
    ]

    static var generatedFile: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Inventory/RecordCoding.generated.swift")
    }

    @Test func theGeneratedCodingIsTheSchemas() throws {
        let expected = RecordCodingGenerator.header + "\n" + Self.kinds.map { $0.source($0.name) }.joined(separator: "\n")
        if ProcessInfo.processInfo.environment["DOCSHEET_REGENERATE"] == "1" {
            try expected.write(to: Self.generatedFile, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.generatedFile, encoding: .utf8)
        #expect(committed == expected, "Sources/Inventory/RecordCoding.generated.swift is out of date: run DOCSHEET_REGENERATE=1 swift test --filter RecordCodingGenerationTests")
    }
}

/// Writes the Swift source of one record kind's coding from its schema.
enum RecordCodingGenerator {
    static let header = """
        // Generated from the record schemas (`RecordSchema`) by Tests/InventoryTests/RecordCodingGenerationTests.swift.
        // Do not edit: change a schema, then run `DOCSHEET_REGENERATE=1 swift test --filter RecordCodingGenerationTests`.

        """

    static func source<Record: SchemaRecord>(_ type: Record.Type, name: String) -> String {
        let schema = Record.schema
        var lines = ["extension \(name) {"]
        lines.append("    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).")
        lines.append("    ///")
        lines.append("    /// - Parameter writer: The JSON writer, positioned where a value goes.")
        lines.append("    public func writeJSON(into writer: inout InventoryJSONWriter) {")
        lines.append("        writer.openObject()")
        for field in schema.fieldsInKeyOrder {
            lines.append("        writer.key(\"\(field.name)\"); self.\(field.name).writeJSON(into: &writer)")
        }
        lines.append("        writer.closeObject()")
        lines.append("    }")
        lines.append("")
        lines.append("    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.")
        lines.append("    ///")
        lines.append("    /// - Parameter writer: The byte writer.")
        lines.append("    public func writeBytes(into writer: inout RecordByteWriter) {")
        for field in schema.fields {
            lines.append("        self.\(field.name).writeBytes(into: &writer)")
        }
        lines.append("    }")
        lines.append("")
        lines.append("    /// Reads a record written by ``writeBytes(into:)``.")
        lines.append("    ///")
        lines.append("    /// - Parameter reader: The byte reader, positioned at the record.")
        lines.append("    /// - Returns: The record, or `nil` when the bytes are not one.")
        lines.append("    public static func readBytes(from reader: inout RecordByteReader) -> \(name)? {")
        lines.append("        var record = schema.blank")
        for field in schema.fields {
            lines.append("        guard let \(field.name)Value = Swift.type(of: record.\(field.name)).readBytes(from: &reader) else { return nil }")
            lines.append("        record.\(field.name) = \(field.name)Value")
        }
        lines.append("        return record")
        lines.append("    }")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
