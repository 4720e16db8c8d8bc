import Foundation

/// Reads the OpenStep ("old-style") property lists Xcode writes as `project.pbxproj` straight into Swift
/// dictionaries, arrays and strings.
///
/// Foundation's `PropertyListSerialization` reads them too, but on Linux it builds `NSDictionary` objects first and
/// bridges every one of them to Swift, which was most of the time of reading a large project (Benchmarks/README.md).
/// This reader takes the common, well-formed case: dictionaries, arrays, quoted and unquoted strings, `/* */` and
/// `//` comments, and the escapes Xcode writes (`\n`, `\t`, `\"`, `\\`, …). Anything else — data (`<…>`), `\U` and
/// octal escapes, a character outside a quoted string that is not one of CoreFoundation's unquoted string
/// characters, a syntax error — returns `nil`, and the caller asks Foundation, which then gives the same result or
/// the error message.
enum OpenStepPropertyList {
    /// The property list in `data`, or `nil` when it holds something this reader leaves to Foundation.
    ///
    /// - Parameter data: The file's bytes (UTF-8, optionally with a byte-order mark).
    /// - Returns: The top-level value: `[String: Any]`, `[Any]` or `String`, with nested values of the same kinds.
    static func parse(_ data: Data) -> Any? {
        // Text that is not UTF-8 is Foundation's to judge (this reader would replace the bad bytes).
        // (Looked for in the raw bytes: `Data`'s own iterator took two fifths of the time this reader took.)
        if data.withUnsafeBytes({ $0.contains { $0 >= 0x80 } }), String(data: data, encoding: .utf8) == nil { return nil }
        return data.withUnsafeBytes { raw -> Any? in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
            guard let value = reader.value(), reader.skipSpaceAndComments(), reader.position == reader.bytes.count
            else { return nil }
            return value
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// Skips white space and comments; false for a comment that does not end.
        mutating func skipSpaceAndComments() -> Bool {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    position += 1
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                    position += 2
                    while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                        position += 1
                    }
                    guard position + 1 < bytes.count else { return false }
                    position += 2
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                    while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
                } else {
                    return true
                }
            }
            return true
        }

        mutating func value() -> Any? {
            guard skipSpaceAndComments(), position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "{"): return dictionary()
            case UInt8(ascii: "("): return array()
            default: return string()
            }
        }

        mutating func dictionary() -> [String: Any]? {
            position += 1
            var result: [String: Any] = [:]
            while true {
                guard skipSpaceAndComments(), position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return result
                }
                guard let key = string(), skipSpaceAndComments(), position < bytes.count, bytes[position] == UInt8(ascii: "=")
                else { return nil }
                position += 1
                guard let value = value(), skipSpaceAndComments(), position < bytes.count, bytes[position] == UInt8(ascii: ";")
                else { return nil }
                position += 1
                guard result.updateValue(value, forKey: key) == nil else { return nil }  // a repeated key: Foundation's rule
            }
        }

        mutating func array() -> [Any]? {
            position += 1
            var result: [Any] = []
            while true {
                guard skipSpaceAndComments(), position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: ")") {
                    position += 1
                    return result
                }
                guard let element = value(), skipSpaceAndComments(), position < bytes.count else { return nil }
                result.append(element)
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                } else if bytes[position] != UInt8(ascii: ")") {
                    return nil
                }
            }
        }

        mutating func string() -> String? {
            guard skipSpaceAndComments(), position < bytes.count else { return nil }
            let first = bytes[position]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { return quoted(by: first) }
            let start = position
            while position < bytes.count, Self.isUnquoted(bytes[position]) { position += 1 }
            guard position > start else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        /// CoreFoundation's characters of an unquoted string.
        static func isUnquoted(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }

        mutating func quoted(by quote: UInt8) -> String? {
            position += 1
            let start = position
            var escaped: [UInt8]?
            while position < bytes.count, bytes[position] != quote {
                guard bytes[position] == UInt8(ascii: "\\") else {
                    escaped?.append(bytes[position])
                    position += 1
                    continue
                }
                if escaped == nil { escaped = Array(bytes[start..<position]) }
                guard position + 1 < bytes.count else { return nil }
                let replacement: UInt8
                switch bytes[position + 1] {
                case UInt8(ascii: "n"): replacement = 0x0A
                case UInt8(ascii: "t"): replacement = 0x09
                case UInt8(ascii: "r"): replacement = 0x0D
                case UInt8(ascii: "a"): replacement = 0x07
                case UInt8(ascii: "b"): replacement = 0x08
                case UInt8(ascii: "f"): replacement = 0x0C
                case UInt8(ascii: "v"): replacement = 0x0B
                case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): replacement = bytes[position + 1]
                default: return nil  // \U, octal and the rarer escapes: Foundation's reading
                }
                escaped?.append(replacement)
                position += 2
            }
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            if let escaped { return String(decoding: escaped, as: UTF8.self) }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }
    }
}
