import Foundation

/// Reading and writing inventories as JSON, deterministically (same inventory → same bytes).
public enum InventoryCoding {
    /// Encodes a value as pretty-printed JSON with sorted keys and a trailing newline.
    ///
    /// - Parameter value: The value to encode: an inventory, a diff, a check report, a cache entry, ...
    /// - Returns: The UTF-8 JSON bytes, keys sorted, slashes unescaped, ending in a newline.
    /// - Throws: `InventoryError.encodingFailed` when `JSONEncoder` rejects the value (e.g. a non-finite floating-point
    ///   number).
    public static func encode<T: Encodable>(_ value: T) throws(InventoryError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(value)
            data.append(0x0A)
            return data
        } catch {
            throw .encodingFailed(String(describing: error))
        }
    }

    /// Encodes an inventory as `encode(_:)` does, byte for byte, with the hand-written `InventoryJSONWriter` (an
    /// inventory is the one large value DocSheet writes; `JSONEncoder` was the largest serial cost of a run).
    ///
    /// - Parameter inventory: The inventory to encode.
    /// - Returns: The UTF-8 JSON bytes, pretty-printed, keys sorted, slashes unescaped, ending in a newline.
    public static func encode(_ inventory: Inventory) -> Data {
        Data(InventoryJSONWriter.prettyJSON(of: inventory))
    }

    /// The bytes of ``encode(_:)-(Inventory)`` handed to `write` in pieces, in order, each as soon as it is encoded
    /// (see ``InventoryJSONWriter/prettyJSON(of:into:)``): a file's write overlaps the encoding.
    ///
    /// - Parameters:
    ///   - inventory: The inventory to encode.
    ///   - write: Takes the next UTF-8 piece; returns false to be given no more.
    /// - Returns: False when `write` returned false.
    @discardableResult
    public static func encode(_ inventory: Inventory, into write: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        InventoryJSONWriter.prettyJSON(of: inventory, into: write)
    }

    /// Decodes an inventory, checking its schema version.
    ///
    /// - Parameters:
    ///   - data: The JSON bytes, e.g. a file written by `docsheet generate --format json`.
    ///   - source: Names the data's origin in error messages (a path, `HEAD:file`, ...).
    /// - Returns: The decoded inventory.
    /// - Throws: `InventoryError.invalidJSON` when `data` is not JSON of an inventory's shape (the reason names the
    ///   missing or mistyped key); `InventoryError.unsupportedSchemaVersion` when its `schemaVersion` is newer than
    ///   `Inventory.currentSchemaVersion`.
    public static func decodeInventory(_ data: Data, source: String) throws(InventoryError) -> Inventory {
        let inventory: Inventory
        do {
            inventory = try JSONDecoder().decode(Inventory.self, from: data)
        } catch {
            throw .invalidJSON(source: source, reason: describe(error))
        }
        guard inventory.schemaVersion <= Inventory.currentSchemaVersion else {
            throw .unsupportedSchemaVersion(source: source, found: inventory.schemaVersion)
        }
        return inventory
    }

    /// Decodes any JSON value written by DocSheet.
    ///
    /// - Parameters:
    ///   - type: The type to decode, e.g. `InventoryDiff.self`.
    ///   - data: The JSON bytes.
    ///   - source: Names the data's origin in error messages (a path, `HEAD:file`, ...).
    /// - Returns: The decoded value.
    /// - Throws: `InventoryError.invalidJSON` when `data` is not valid JSON or does not have the shape of `type` (the
    ///   reason names the key and its coding path).
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, source: String) throws(InventoryError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw .invalidJSON(source: source, reason: describe(error))
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)' at \(path(context))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(context.debugDescription) at \(path(context))"
        case DecodingError.dataCorrupted(let context):
            return context.debugDescription
        default:
            return String(describing: error)
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let components = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
        return components.isEmpty ? "the top level" : components.joined()
    }
}

/// Errors of the Inventory module.
public enum InventoryError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The value could not be encoded as JSON.
    case encodingFailed(String)
    /// The data is not a DocSheet JSON document.
    case invalidJSON(source: String, reason: String)
    /// The inventory was written by a newer DocSheet.
    case unsupportedSchemaVersion(source: String, found: Int)

    /// A one-line message that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .encodingFailed(let reason):
            return "could not encode the inventory as JSON: \(reason)"
        case .invalidJSON(let source, let reason):
            return "\(source): not a DocSheet JSON inventory (\(reason)); regenerate it with 'docsheet generate --format json'"
        case .unsupportedSchemaVersion(let source, let found):
            return "\(source): schemaVersion \(found) is newer than this DocSheet understands (\(Inventory.currentSchemaVersion)); upgrade docsheet"
        }
    }
}
