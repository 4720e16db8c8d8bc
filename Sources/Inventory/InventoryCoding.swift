import Foundation

/// Reading and writing inventories as JSON, deterministically (same inventory → same bytes).
public enum InventoryCoding {
    /// Encodes a value as pretty-printed JSON with sorted keys and a trailing newline.
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

    /// Decodes an inventory, checking its schema version.
    /// - Parameter source: names the data's origin in error messages (a path, `HEAD:file`, ...).
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
