import Foundation

/// Appends values in the extraction cache's binary form: a string is its UTF-8 length (LEB128) and bytes, an integer
/// is LEB128 (zig-zag), an optional is a 0/1 byte and the value, an array its count and elements, an enumeration its
/// raw value. Records are written field by field in their schema's order (``SchemaRecord``).
public struct RecordByteWriter {
    /// The bytes written so far.
    public var bytes: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// Writes an unsigned LEB128 number.
    ///
    /// - Parameter value: The number.
    public mutating func writeUnsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Writes a signed number, zig-zag encoded so small negative numbers stay short.
    ///
    /// - Parameter value: The number.
    public mutating func write(_ value: Int) {
        writeUnsigned(UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1)))))
    }

    /// Writes a flag as one byte.
    ///
    /// - Parameter value: The flag.
    public mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// Writes a string as its UTF-8 length and bytes.
    ///
    /// - Parameter value: The string.
    public mutating func write(_ value: String) {
        writeUnsigned(UInt64(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    /// Writes an optional: a 0 byte for `nil`, else a 1 byte and the value.
    ///
    /// - Parameters:
    ///   - value: The optional value.
    ///   - element: Writes a present value.
    public mutating func writeOptional<Value>(_ value: Value?, _ element: (inout RecordByteWriter, Value) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        element(&self, value)
    }

    /// Writes an array as its count and elements.
    ///
    /// - Parameters:
    ///   - values: The elements.
    ///   - element: Writes one element.
    public mutating func writeArray<Value>(_ values: [Value], _ element: (inout RecordByteWriter, Value) -> Void) {
        writeUnsigned(UInt64(values.count))
        for value in values { element(&self, value) }
    }
}

/// Reads values in the cache's binary form; every read checks the bytes left and gives `nil` past the end.
public struct RecordByteReader {
    /// The whole input.
    public let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    public var offset = 0

    /// A reader at the start of `bytes`.
    ///
    /// - Parameter bytes: The input; it must outlive the reader.
    public init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// True when every byte was read.
    public var isAtEnd: Bool { offset == bytes.count }

    /// Reads `expected` exactly.
    ///
    /// - Parameter expected: The bytes the input must hold next.
    /// - Returns: False (nothing consumed) when the input holds something else.
    public mutating func expect(_ expected: [UInt8]) -> Bool {
        guard bytes.count - offset >= expected.count,
              expected.indices.allSatisfy({ bytes[offset + $0] == expected[$0] }) else { return false }
        offset += expected.count
        return true
    }

    /// Reads one byte.
    ///
    /// - Returns: The byte, or `nil` at the end of the input.
    public mutating func readByte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads an unsigned LEB128 number of at most 64 bits.
    ///
    /// - Returns: The number, or `nil` when the bytes are not one.
    public mutating func readUnsigned() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while let byte = readByte() {
            guard shift < 64 else { return nil }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    /// Reads a zig-zag encoded signed number.
    ///
    /// - Returns: The number, or `nil` when the bytes are not one.
    public mutating func readInt() -> Int? {
        guard let raw = readUnsigned() else { return nil }
        return Int(truncatingIfNeeded: Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// Reads a count that must fit in the bytes left (each element takes at least one byte).
    ///
    /// - Returns: The count, or `nil` when the bytes are not one or it cannot fit.
    public mutating func readCount() -> Int? {
        guard let raw = readUnsigned(), raw <= UInt64(bytes.count - offset) else { return nil }
        return Int(raw)
    }

    /// Reads a flag byte (0 or 1).
    ///
    /// - Returns: The flag, or `nil` for any other byte.
    public mutating func readBool() -> Bool? {
        switch readByte() {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }

    /// Reads a string written as its UTF-8 length and bytes.
    ///
    /// - Returns: The string, or `nil` when the bytes are not one.
    public mutating func readString() -> String? {
        guard let count = readCount() else { return nil }
        defer { offset += count }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]), as: UTF8.self)
    }

    /// Reads an enumeration stored as its raw value.
    ///
    /// - Parameter type: The enumeration.
    /// - Returns: The value, or `nil` for a value the enumeration does not have.
    public mutating func readEnum<Value: RawRepresentable>(_ type: Value.Type) -> Value? where Value.RawValue == String {
        readString().flatMap(Value.init(rawValue:))
    }

    /// Reads a presence byte, then the value when the byte says it is there.
    ///
    /// - Parameter element: Reads a present value.
    /// - Returns: The optional value; the outer `nil` is malformed input, the inner one an absent value.
    public mutating func readOptional<Value>(_ element: (inout RecordByteReader) -> Value?) -> Value?? {
        switch readByte() {
        case 0: return .some(nil)
        case 1: return element(&self).map { .some($0) }
        default: return nil
        }
    }

    /// Reads an array written as its count and elements.
    ///
    /// - Parameter element: Reads one element.
    /// - Returns: The elements, or `nil` when the bytes are not such an array.
    public mutating func readArray<Value>(_ element: (inout RecordByteReader) -> Value?) -> [Value]? {
        guard let count = readCount() else { return nil }
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = element(&self) else { return nil }
            values.append(value)
        }
        return values
    }

    /// Reads an array of strings.
    ///
    /// - Returns: The strings, or `nil` when the bytes are not such an array.
    public mutating func readStrings() -> [String]? { readArray { $0.readString() } }

    /// Reads a presence byte, then the string when the byte says it is there.
    ///
    /// - Returns: The optional string; the outer `nil` is malformed input.
    public mutating func readOptionalString() -> String?? { readOptional { $0.readString() } }
}
