import Foundation

/// One `"key" = "value";` pair of a `.strings` file.
public struct StringsEntry: Hashable, Sendable {
    /// The key, escapes resolved.
    public var key: String
    /// The value, escapes resolved (`\n` is a line break, `\"` a quote, `\U2026` an ellipsis).
    public var value: String
    /// The comment right above the entry (after the previous one), without `/* */` or `//` and trimmed; `nil`
    /// when there is none.
    public var comment: String?
    /// The 1-based line of the key.
    public var line: Int

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - value: The value.
    ///   - comment: The comment above it, or `nil`.
    ///   - line: The key's line.
    public init(key: String, value: String, comment: String? = nil, line: Int) {
        self.key = key
        self.value = value
        self.comment = comment
        self.line = line
    }
}

/// Reads `.strings` files: the old-style property-list dialect Xcode writes for `Localizable.strings`
/// (`"key" = "value";`, `/* */` and `//` comments, quoted or bare keys, backslash escapes), in UTF-8 or UTF-16.
public enum StringsFileReader {
    /// The entries of a `.strings` file, in file order.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents, UTF-8 or UTF-16 (with or without a byte-order mark).
    ///   - path: The file's path, for error messages.
    /// - Returns: The entries; a repeated key gives one entry per occurrence.
    /// - Throws: `ResourceError.unknownEncoding` for bytes that are not UTF-8 or UTF-16 text,
    ///   `ResourceError.malformed` (with the line) for a syntax error.
    public static func entries(of bytes: [UInt8], path: String) throws(ResourceError) -> [StringsEntry] {
        guard let utf8 = TextDecoding.utf8(of: bytes) else { throw .unknownEncoding(path: path) }
        return try entries(utf8: utf8, path: path)
    }

    /// The entries of `.strings` text, in file order.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - path: The file's path, for error messages.
    /// - Returns: The entries.
    /// - Throws: `ResourceError.malformed` (with the line) for a syntax error.
    public static func entries(of text: String, path: String) throws(ResourceError) -> [StringsEntry] {
        try entries(utf8: Array(text.utf8), path: path)
    }

    /// The entries of `.strings` text given as valid UTF-8 bytes.
    ///
    /// The text is scanned as bytes: the syntax is ASCII, and only white space, bare words and error messages look at a
    /// whole scalar. Going scalar by scalar, building strings a scalar at a time and trimming comments through
    /// Foundation took most of reading a large app's tables.
    private static func entries(utf8: [UInt8], path: String) throws(ResourceError) -> [StringsEntry] {
        var scanner = Scanner(utf8, path: path)
        var entries: [StringsEntry] = []
        while true {
            let comment = try scanner.skipSpaceAndComments()
            guard scanner.index < scanner.bytes.count else { break }
            let line = scanner.line
            guard let key = try scanner.readString() else {
                let found = Character(scanner.scalar(at: scanner.index).scalar)
                throw .malformed(path: path, line: line, reason: "expected a quoted key, found '\(found)'")
            }
            _ = try scanner.skipSpaceAndComments()
            var value = key
            if scanner.peek == UInt8(ascii: "=") {
                scanner.index += 1
                _ = try scanner.skipSpaceAndComments()
                guard let read = try scanner.readString() else {
                    throw .malformed(path: path, line: scanner.line, reason: "expected a quoted value after '=' for the key \"\(key)\"")
                }
                value = read
                _ = try scanner.skipSpaceAndComments()
            }
            guard scanner.peek == UInt8(ascii: ";") else {
                throw .malformed(path: path, line: line, reason: "expected ';' after the entry \"\(key)\"")
            }
            scanner.index += 1
            entries.append(StringsEntry(key: key, value: value, comment: comment, line: line))
        }
        return entries
    }

    /// A cursor over the text's UTF-8 bytes that counts lines. The bytes are valid UTF-8 (they come from a `String`),
    /// and the cursor only stops at the start of a scalar.
    private struct Scanner {
        let bytes: [UInt8]
        let path: String
        var index = 0
        var line = 1

        init(_ bytes: [UInt8], path: String) {
            self.bytes = bytes
            self.path = path
        }

        /// The byte at the cursor, or `nil` at the end.
        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        /// Which ASCII bytes are white space (the Unicode `White_Space` property, as `Unicode.Scalar.Properties` has it).
        static let asciiWhitespace: [Bool] = (0..<128).map { Unicode.Scalar(UInt8($0)).properties.isWhitespace }
        /// Which ASCII bytes a bare word holds: letters, digits and `_ . $ : / -`, as old-style property lists allow.
        static let asciiWordBytes: [Bool] = (0..<128).map { byte in
            let scalar = Unicode.Scalar(UInt8(byte))
            return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.$:/-".unicodeScalars.contains(scalar)
        }

        /// The scalar that starts at `position` and how many bytes it takes.
        func scalar(at position: Int) -> (scalar: Unicode.Scalar, length: Int) {
            let lead = UInt32(bytes[position])
            switch lead {
            case ..<0x80:
                return (Unicode.Scalar(UInt8(lead)), 1)
            case ..<0xE0:
                let value = (lead & 0x1F) << 6 | UInt32(bytes[position + 1] & 0x3F)
                return (Unicode.Scalar(value) ?? "\u{FFFD}", 2)
            case ..<0xF0:
                let value = (lead & 0x0F) << 12 | UInt32(bytes[position + 1] & 0x3F) << 6 | UInt32(bytes[position + 2] & 0x3F)
                return (Unicode.Scalar(value) ?? "\u{FFFD}", 3)
            default:
                let value = (lead & 0x07) << 18 | UInt32(bytes[position + 1] & 0x3F) << 12
                    | UInt32(bytes[position + 2] & 0x3F) << 6 | UInt32(bytes[position + 3] & 0x3F)
                return (Unicode.Scalar(value) ?? "\u{FFFD}", 4)
            }
        }

        /// Skips white space and comments; returns the text of the last comment skipped, trimmed, or `nil`.
        mutating func skipSpaceAndComments() throws(ResourceError) -> String? {
            var comment: String?
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x80 {
                    let (scalar, length) = scalar(at: index)
                    guard scalar.properties.isWhitespace else { break }
                    index += length
                } else if Self.asciiWhitespace[Int(byte)] {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    let startLine = line
                    index += 2
                    let bodyStart = index
                    while true {
                        guard index < bytes.count else {
                            throw .malformed(path: path, line: startLine, reason: "a /* comment is never closed")
                        }
                        let next = bytes[index]
                        if next == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") { break }
                        if next == UInt8(ascii: "\n") { line += 1 }
                        index += 1
                    }
                    comment = trimmed(bodyStart..<index)
                    index += 2
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    index += 2
                    let bodyStart = index
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                    comment = trimmed(bodyStart..<index)
                } else {
                    break
                }
            }
            return comment
        }

        /// Whether `scalar` is trimmed off a comment: what `CharacterSet.whitespacesAndNewlines` holds, the Unicode
        /// `White_Space` scalars and the zero-width space.
        static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isWhitespace || scalar == "\u{200B}"
        }

        /// The text of the bytes in `range` without white space at either end, or `nil` when nothing else is left.
        func trimmed(_ range: Range<Int>) -> String? {
            var start = range.lowerBound
            var end = range.upperBound
            while start < end {
                let (scalar, length) = scalar(at: start)
                guard Self.isTrimmed(scalar) else { break }
                start += length
            }
            while start < end {
                var lead = end - 1
                while bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
                guard Self.isTrimmed(scalar(at: lead).scalar) else { break }
                end = lead
            }
            return start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : nil
        }

        /// Reads a quoted string (escapes resolved) or a bare word; `nil` when neither starts here.
        mutating func readString() throws(ResourceError) -> String? {
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") {
                let startLine = line
                index += 1
                var text: [UInt8] = []
                while true {
                    // The run up to the closing quote or the next escape is copied as it is.
                    let runStart = index
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                        index += 1
                    }
                    text.append(contentsOf: bytes[runStart..<index])
                    guard index < bytes.count else {
                        throw .malformed(path: path, line: startLine, reason: "a quoted string is never closed")
                    }
                    let stop = bytes[index]
                    index += 1
                    if stop == UInt8(ascii: "\"") { break }
                    guard index < bytes.count else {
                        throw .malformed(path: path, line: startLine, reason: "a quoted string is never closed")
                    }
                    try unescape(into: &text, line: startLine)
                }
                return String(decoding: text, as: UTF8.self)
            }
            // A bare word.
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    guard Self.asciiWordBytes[Int(byte)] else { break }
                    index += 1
                } else {
                    let (scalar, length) = scalar(at: index)
                    guard scalar.properties.isAlphabetic else { break }
                    index += length
                }
            }
            return start < index ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        /// The value of the ASCII hexadecimal digit at the cursor, or `nil`.
        private var hexDigit: UInt32? {
            guard let byte = peek else { return nil }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }

        /// Appends the text an escape stands for; the cursor is on the character after the backslash.
        mutating func unescape(into text: inout [UInt8], line: Int) throws(ResourceError) {
            func append(_ scalar: Unicode.Scalar) { text.append(contentsOf: UTF8.encode(scalar)!) }
            let escaped = bytes[index]
            switch escaped {
            case UInt8(ascii: "n"): text.append(0x0A); index += 1
            case UInt8(ascii: "t"): text.append(0x09); index += 1
            case UInt8(ascii: "r"): text.append(0x0D); index += 1
            case UInt8(ascii: "a"): text.append(0x07); index += 1
            case UInt8(ascii: "b"): text.append(0x08); index += 1
            case UInt8(ascii: "f"): text.append(0x0C); index += 1
            case UInt8(ascii: "v"): text.append(0x0B); index += 1
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                index += 1
                var value: UInt32 = 0
                for _ in 0..<4 {
                    guard let nibble = hexDigit else {
                        throw .malformed(path: path, line: line, reason: "\\\(Character(Unicode.Scalar(escaped))) needs four hexadecimal digits")
                    }
                    value = value << 4 | nibble
                    index += 1
                }
                // A surrogate pair written as two escapes.
                if (0xD800...0xDBFF).contains(value), peek == UInt8(ascii: "\\"), index + 1 < bytes.count,
                   bytes[index + 1] == UInt8(ascii: "U") || bytes[index + 1] == UInt8(ascii: "u") {
                    let saved = index
                    index += 2
                    var low: UInt32 = 0
                    var digits = 0
                    while digits < 4, let nibble = hexDigit {
                        low = low << 4 | nibble
                        index += 1
                        digits += 1
                    }
                    if digits == 4, (0xDC00...0xDFFF).contains(low),
                       let scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)) {
                        append(scalar)
                        return
                    }
                    index = saved
                }
                append(Unicode.Scalar(value) ?? "\u{FFFD}")
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                // Up to three octal digits.
                var value = UInt32(escaped - UInt8(ascii: "0"))
                index += 1
                var digits = 1
                while digits < 3, let digit = peek, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) {
                    value = value * 8 + UInt32(digit - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default:
                // `\"`, `\\`, `\'` and any other character stand for themselves.
                let length = scalar(at: index).length
                if escaped == UInt8(ascii: "\n") { self.line += 1 }
                text.append(contentsOf: bytes[index..<(index + length)])
                index += length
            }
        }
    }
}
