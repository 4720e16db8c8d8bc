import Foundation

/// A kind of record DocSheet writes (a function, a type, a module, and the parts nested in them: parameters, doc
/// comments): a value whose fields one ``RecordSchema`` describes.
///
/// The schema is the one description of the record's fields. Everything that reads or writes the fields goes
/// through it: `encode(to:)` and `init(from:)` walk it; ``InventoryJSONWriter``'s objects and the extraction cache's
/// binary form (``RecordByteWriter``, ``RecordByteReader``) are code generated from it
/// (`RecordCoding.generated.swift`, checked by `RecordCodingGenerationTests`); the template fields and their cells
/// and the review diff (``InventoryDiff/changes(from:to:)``) read it. A new field is one property and one
/// ``FieldDescriptor`` (Documentation/Schema.md, "Adding a field").
public protocol SchemaRecord: SchemaValue {
    /// The record's fields, in the order of the cache's binary form.
    static var schema: RecordSchema<Self> { get }
}

/// How a value shows in one cell of a template column.
public enum FieldCell: Equatable, Sendable {
    /// Text.
    case text(String)
    /// A number (written as a number cell).
    case number(Double)
    /// An empty cell (an absent value).
    case empty
}

/// A value a record field can hold: it knows its JSON text, its binary cache form and its cell.
///
/// `String`, `Int`, `Bool`, the kinds (``SchemaEnumeration``), other records (``SchemaRecord``), and optionals and
/// arrays of those are schema values.
public protocol SchemaValue: Codable, Equatable, Sendable {
    /// Writes the value as JSON (a string, number, `true`/`false`, `null`, an array or an object).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    func writeJSON(into writer: inout InventoryJSONWriter)
    /// Appends the value in the cache's binary form.
    ///
    /// - Parameter writer: The byte writer.
    func writeBytes(into writer: inout RecordByteWriter)
    /// Reads a value written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the value.
    /// - Returns: The value, or `nil` when the bytes are not one.
    static func readBytes(from reader: inout RecordByteReader) -> Self?
    /// The value of a cell of a template column that shows the field.
    var cell: FieldCell { get }
    /// The value a JSON `null` stands for, or `nil` when the type has no such value (only an optional does).
    static var nullValue: Self? { get }
    /// What the value is, in the words of Documentation/Schema.md and the JSON schema.
    static var valueType: SchemaValueType { get }
    /// The value's layout: its ``valueType``, with a record's fields spelled out (``RecordSchema/layoutDescription``).
    static var layoutText: String { get }
}

extension SchemaValue {
    /// A value that is not an optional cannot be `null`.
    public static var nullValue: Self? { nil }

    /// The value type as text.
    public static var layoutText: String { "\(valueType)" }
}

/// What a field's value is, for the documentation and the JSON schema (`Tests/Fixtures/Schemas`).
public indirect enum SchemaValueType: Equatable, Sendable {
    /// A JSON string.
    case string
    /// A JSON integer.
    case integer
    /// `true` or `false`.
    case boolean
    /// A string from a fixed list (a kind).
    case enumeration([String])
    /// An object of another record kind, by its Swift name.
    case record(String)
    /// An array of values.
    case array(SchemaValueType)
    /// The value, or `null`.
    case optional(SchemaValueType)

    /// The type as Documentation/Schema.md writes it: `string`, `int`, `[string]`, `string or null`, …
    public var documentationText: String {
        switch self {
        case .string, .enumeration: return "string"
        case .integer: return "int"
        case .boolean: return "bool"
        case .record: return "object"
        case .array(let element): return "[\(element.documentationText)]"
        case .optional(let wrapped): return "\(wrapped.documentationText) or null"
        }
    }
}

/// One field of a record kind: its JSON key, where the record keeps it, and what each output makes of it.
public final class FieldDescriptor<Record>: Sendable {
    /// The JSON key, which is also the name of the record's stored property (the generated coding and
    /// `RecordSchemaTests` rely on it).
    public let key: StaticString
    /// The template field that shows it on a sheet (`function.lines`), or `nil` when templates reach the field
    /// through a field of their own (`access` for `accessLevel`) or not at all.
    public let template: TemplateColumn?
    /// The review change that a difference in this field counts as, or `nil` when it is not compared.
    public let change: InventoryDiff.Change?
    /// What the value is.
    public let valueType: SchemaValueType
    /// The value's layout for ``RecordSchema/layoutDescription``: its type, a nested record's fields spelled out.
    let layoutText: String

    let encode: @Sendable (inout KeyedEncodingContainer<SchemaCodingKey>, Record) throws -> Void
    let decode: @Sendable (KeyedDecodingContainer<SchemaCodingKey>, inout Record) throws -> Void
    let isEqual: @Sendable (Record, Record) -> Bool
    /// The value of a template cell that shows the field.
    public let cell: @Sendable (Record) -> FieldCell

    /// Describes the field a record keeps at `path`.
    ///
    /// - Parameters:
    ///   - key: The JSON key: a plain ASCII name, stable within a schema version.
    ///   - path: Where the record keeps the value.
    ///   - template: The template field that shows it, or `nil`.
    ///   - change: The review change a difference in it counts as, or `nil` when the diff ignores it.
    ///   - whenAbsent: The value of a record read from JSON that has no such key (one written before the field
    ///     existed), or `nil` when the key is required. An optional's absent key reads as `nil` unless this says
    ///     otherwise.
    public init<Value: SchemaValue>(
        _ key: StaticString, _ path: WritableKeyPath<Record, Value> & Sendable, template: TemplateColumn? = nil,
        change: InventoryDiff.Change? = nil, whenAbsent: Value? = nil
    ) {
        self.key = key
        self.template = template
        self.change = change
        self.valueType = Value.valueType
        self.layoutText = Value.layoutText
        let codingKey = SchemaCodingKey(stringValue: key.description)
        let absent = whenAbsent ?? Value.nullValue
        encode = { container, record in try container.encode(record[keyPath: path], forKey: codingKey) }
        decode = { container, record in
            if !container.contains(codingKey) {
                guard let absent else {
                    throw DecodingError.keyNotFound(codingKey, DecodingError.Context(
                        codingPath: container.codingPath, debugDescription: "No value for the key '\(codingKey.stringValue)'"))
                }
                record[keyPath: path] = absent
            } else if let null = Value.nullValue, try container.decodeNil(forKey: codingKey) {
                record[keyPath: path] = null
            } else {
                record[keyPath: path] = try container.decode(Value.self, forKey: codingKey)
            }
        }
        isEqual = { old, new in old[keyPath: path] == new[keyPath: path] }
        cell = { record in record[keyPath: path].cell }
    }

    /// The JSON key as a `String`.
    public var name: String { key.description }
}

/// A template field that shows a record field directly: its name in templates and what `docsheet templates fields`
/// says about it.
public struct TemplateColumn: Equatable, Sendable {
    /// The field's name in templates (`lines` in a column's `field:`, `function.lines` in a form's marker).
    public let name: String
    /// What the field shows, for `docsheet templates fields` and Documentation/Templates.md.
    public let description: String
    /// True when the field is also a column of the CSV inventory (`--format csv`), after the columns it has always
    /// had.
    public let isCSVColumn: Bool

    /// Creates a template field description.
    ///
    /// - Parameters:
    ///   - name: The field's name in templates.
    ///   - description: What the field shows, lower-case, without a final period.
    ///   - isCSVColumn: True to add the field as a column of the CSV inventory.
    public init(_ name: String, _ description: String, isCSVColumn: Bool = false) {
        self.name = name
        self.description = description
        self.isCSVColumn = isCSVColumn
    }
}

/// The coding key of a schema field: its JSON key.
public struct SchemaCodingKey: CodingKey, Sendable {
    /// The key text.
    public let stringValue: String
    /// Always `nil`: schema keys are names.
    public var intValue: Int? { nil }

    /// A key named `stringValue`.
    ///
    /// - Parameter stringValue: The key text.
    public init(stringValue: String) { self.stringValue = stringValue }

    /// No integer keys: always `nil`.
    ///
    /// - Parameter intValue: Ignored.
    public init?(intValue: Int) { nil }
}

/// The fields of one record kind, in order, and what is made of them.
public struct RecordSchema<Record: Sendable>: Sendable {
    /// The fields in the order of the cache's binary form (the order they were added in).
    public let fields: [FieldDescriptor<Record>]
    /// The fields in JSON key order (the byte order of the keys' UTF-8, as `JSONEncoder`'s `.sortedKeys`).
    public let fieldsInKeyOrder: [FieldDescriptor<Record>]
    /// A record whose fields are all about to be set: the start of a record being read (the generated cache reader
    /// and ``decode(from:)``).
    let blank: Record
    /// What reading a record from JSON does after every field is set (fills what older versions did not write).
    let afterDecoding: @Sendable (inout Record) -> Void

    /// Describes a record kind.
    ///
    /// - Parameters:
    ///   - blank: A record that reading fills in, field by field (each field is set before the record is used).
    ///   - fields: The fields in the order of the cache's binary form; JSON keys must be distinct.
    ///   - afterDecoding: Run on a record read from JSON, after every field is set.
    public init(blank: Record, fields: [FieldDescriptor<Record>], afterDecoding: @escaping @Sendable (inout Record) -> Void = { _ in }) {
        precondition(Set(fields.map(\.name)).count == fields.count, "two fields of \(Record.self) have one JSON key")
        self.blank = blank
        self.fields = fields
        self.fieldsInKeyOrder = fields.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        self.afterDecoding = afterDecoding
    }

    /// The field shown by the template field named `name`.
    ///
    /// - Parameter name: A template field name, e.g. `lines`.
    /// - Returns: The field, or `nil` when no field of the record has that template name.
    public func field(template name: String) -> FieldDescriptor<Record>? {
        fields.first { $0.template?.name == name }
    }

    /// The fields' keys and value types in schema order, as text (`file:string;line:integer;…`, nested records
    /// spelled out): two schemas with the same layout have the same layout text, and any added, removed, reordered
    /// or retyped field changes it. The extraction cache puts a hash of it into its format magic, so entries written
    /// with another layout are misses.
    public var layoutDescription: String {
        fields.map { "\($0.name):\($0.layoutText)" }.joined(separator: ";")
    }

    /// The fields that templates show directly, in schema order.
    public var templateFields: [FieldDescriptor<Record>] { fields.filter { $0.template != nil } }

    /// Encodes `record` as a keyed container with every key (`null` for absent values).
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - encoder: The encoder.
    /// - Throws: The `EncodingError` of the encoder's container.
    public func encode(_ record: Record, to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: SchemaCodingKey.self)
        for field in fields { try field.encode(&container, record) }
    }

    /// Decodes a record from a keyed container.
    ///
    /// - Parameter decoder: The decoder.
    /// - Returns: The record.
    /// - Throws: `DecodingError` when a required key is missing or a value has the wrong type.
    public func decode(from decoder: Decoder) throws -> Record {
        let container = try decoder.container(keyedBy: SchemaCodingKey.self)
        var record = blank
        for field in fields { try field.decode(container, &record) }
        afterDecoding(&record)
        return record
    }

    /// The review changes between two versions of a record: each change some field of which differs, in the order of
    /// `InventoryDiff.Change.allCases`.
    ///
    /// - Parameters:
    ///   - old: The record in the base revision.
    ///   - new: The record in the head revision.
    /// - Returns: The changes, empty when every compared field agrees.
    public func changes(from old: Record, to new: Record) -> [InventoryDiff.Change] {
        InventoryDiff.Change.allCases.filter { change in
            fields.contains { $0.change == change && !$0.isEqual(old, new) }
        }
    }
}

extension SchemaRecord {
    /// A record has no single cell: a template shows its fields.
    public var cell: FieldCell { .empty }

    /// An object of this record kind.
    public static var valueType: SchemaValueType { .record(String(describing: Self.self)) }

    /// The record's fields spelled out.
    public static var layoutText: String { "{\(schema.layoutDescription)}" }
}

/// A kind: an enumeration written as its raw value (JSON string, cache string, cell text).
public protocol SchemaEnumeration: SchemaValue, RawRepresentable, CaseIterable where RawValue == String {}

extension SchemaEnumeration {
    /// Writes the raw value as a JSON string.
    ///
    /// - Parameter writer: The JSON writer.
    public func writeJSON(into writer: inout InventoryJSONWriter) { writer.write(rawValue) }

    /// Appends the raw value.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) { writer.write(rawValue) }

    /// Reads a raw value; `nil` for one the enumeration does not have.
    ///
    /// - Parameter reader: The byte reader.
    /// - Returns: The case, or `nil`.
    public static func readBytes(from reader: inout RecordByteReader) -> Self? { reader.readEnum(Self.self) }

    /// The raw value as text.
    public var cell: FieldCell { .text(rawValue) }

    /// A string from the list of raw values.
    public static var valueType: SchemaValueType { .enumeration(allCases.map(\.rawValue)) }
}

extension String: SchemaValue {
    /// Writes the string, escaped as `JSONEncoder` escapes it.
    ///
    /// - Parameter writer: The JSON writer.
    public func writeJSON(into writer: inout InventoryJSONWriter) { writer.write(self) }
    /// Appends the UTF-8 length and bytes.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) { writer.write(self) }
    /// Reads a string.
    ///
    /// - Parameter reader: The byte reader.
    /// - Returns: The string, or `nil`.
    public static func readBytes(from reader: inout RecordByteReader) -> String? { reader.readString() }
    /// The text.
    public var cell: FieldCell { .text(self) }
    /// A JSON string.
    public static var valueType: SchemaValueType { .string }
}

extension Int: SchemaValue {
    /// Writes the decimal digits.
    ///
    /// - Parameter writer: The JSON writer.
    public func writeJSON(into writer: inout InventoryJSONWriter) { writer.write(self) }
    /// Appends the zig-zag LEB128 form.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) { writer.write(self) }
    /// Reads an integer.
    ///
    /// - Parameter reader: The byte reader.
    /// - Returns: The integer, or `nil`.
    public static func readBytes(from reader: inout RecordByteReader) -> Int? { reader.readInt() }
    /// The number.
    public var cell: FieldCell { .number(Double(self)) }
    /// A JSON integer.
    public static var valueType: SchemaValueType { .integer }
}

extension Bool: SchemaValue {
    /// Writes `true` or `false`.
    ///
    /// - Parameter writer: The JSON writer.
    public func writeJSON(into writer: inout InventoryJSONWriter) { writer.write(self) }
    /// Appends one byte, 0 or 1.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) { writer.write(self) }
    /// Reads a flag.
    ///
    /// - Parameter reader: The byte reader.
    /// - Returns: The flag, or `nil`.
    public static func readBytes(from reader: inout RecordByteReader) -> Bool? { reader.readBool() }
    /// `true` or `false` as text.
    public var cell: FieldCell { .text(self ? "true" : "false") }
    /// `true` or `false`.
    public static var valueType: SchemaValueType { .boolean }
}

extension Optional: SchemaValue where Wrapped: SchemaValue {
    /// Writes the value, or `null`.
    ///
    /// - Parameter writer: The JSON writer.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        if let value = self { value.writeJSON(into: &writer) } else { writer.null() }
    }
    /// Appends a 0 byte for `nil`, else a 1 byte and the value.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        writer.writeOptional(self) { $1.writeBytes(into: &$0) }
    }
    /// Reads an optional value.
    ///
    /// - Parameter reader: The byte reader.
    /// - Returns: The optional, or `nil` (the outer one) when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> Wrapped?? {
        reader.readOptional { Wrapped.readBytes(from: &$0) }
    }
    /// The value's cell, or an empty one.
    public var cell: FieldCell { self?.cell ?? .empty }
    /// `null` is `nil`.
    public static var nullValue: Wrapped?? { .some(nil) }
    /// The value, or `null`.
    public static var valueType: SchemaValueType { .optional(Wrapped.valueType) }
    /// The wrapped value's layout, optional.
    public static var layoutText: String { "optional(\(Wrapped.layoutText))" }
}

extension Array: SchemaValue where Element: SchemaValue {
    /// Writes a JSON array.
    ///
    /// - Parameter writer: The JSON writer.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.writeArray(self) { $1.writeJSON(into: &$0) }
    }
    /// Appends the count and the elements.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        writer.writeArray(self) { $1.writeBytes(into: &$0) }
    }
    /// Reads an array.
    ///
    /// - Parameter reader: The byte reader.
    /// - Returns: The array, or `nil`.
    public static func readBytes(from reader: inout RecordByteReader) -> [Element]? {
        reader.readArray { Element.readBytes(from: &$0) }
    }
    /// The elements' texts joined with `, ` (an empty cell for no elements).
    public var cell: FieldCell {
        isEmpty ? .empty : .text(map { element -> String in
            switch element.cell {
            case .text(let text): return text
            case .number(let number): return String(number)
            case .empty: return ""
            }
        }.joined(separator: ", "))
    }
    /// An array of the elements' type.
    public static var valueType: SchemaValueType { .array(Element.valueType) }
    /// The elements' layout, repeated.
    public static var layoutText: String { "array(\(Element.layoutText))" }
}
