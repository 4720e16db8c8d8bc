import Foundation
@testable import ProjectResources

// The `.strings` reader as it was before it scanned UTF-8 bytes: one Unicode scalar at a time, comments trimmed with
// Foundation, UTF-16 validated by the standard library. `StringsFileReaderEquivalenceTests` checks that the byte
// scanner reads every text as this one did.

/// The scalar-by-scalar reader of `.strings` files: the old-style property-list dialect Xcode writes for
/// `Localizable.strings` (`"key" = "value";`, `/* */` and `//` comments, quoted or bare keys, backslash escapes), in UTF-8 or UTF-16.
enum ScalarStringsReference {
    /// The entries of a `.strings` file, in file order.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents, UTF-8 or UTF-16 (with or without a byte-order mark).
    ///   - path: The file's path, for error messages.
    /// - Returns: The entries; a repeated key gives one entry per occurrence.
    /// - Throws: `ResourceError.unknownEncoding` for bytes that are not UTF-8 or UTF-16 text,
    ///   `ResourceError.malformed` (with the line) for a syntax error.
    static func entries(of bytes: [UInt8], path: String) throws(ResourceError) -> [StringsEntry] {
        guard let text = ScalarTextDecodingReference.text(of: bytes) else { throw .unknownEncoding(path: path) }
        return try entries(of: text, path: path)
    }

    /// The entries of `.strings` text, in file order.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - path: The file's path, for error messages.
    /// - Returns: The entries.
    /// - Throws: `ResourceError.malformed` (with the line) for a syntax error.
    static func entries(of text: String, path: String) throws(ResourceError) -> [StringsEntry] {
        var scanner = Scanner(Array(text.unicodeScalars), path: path)
        var entries: [StringsEntry] = []
        while true {
            let comment = try scanner.skipSpaceAndComments()
            guard let first = scanner.peek else { break }
            let line = scanner.line
            guard let key = try scanner.readString() else {
                throw .malformed(path: path, line: line, reason: "expected a quoted key, found '\(Character(first))'")
            }
            _ = try scanner.skipSpaceAndComments()
            var value = key
            if scanner.peek == "=" {
                scanner.advance()
                _ = try scanner.skipSpaceAndComments()
                guard let read = try scanner.readString() else {
                    throw .malformed(path: path, line: scanner.line, reason: "expected a quoted value after '=' for the key \"\(key)\"")
                }
                value = read
                _ = try scanner.skipSpaceAndComments()
            }
            guard scanner.peek == ";" else {
                throw .malformed(path: path, line: line, reason: "expected ';' after the entry \"\(key)\"")
            }
            scanner.advance()
            entries.append(StringsEntry(key: key, value: value, comment: comment, line: line))
        }
        return entries
    }

    /// A cursor over the text's Unicode scalars that counts lines.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        let path: String
        var index = 0
        var line = 1

        init(_ scalars: [Unicode.Scalar], path: String) {
            self.scalars = scalars
            self.path = path
        }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func advance() {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }

        /// Skips white space and comments; returns the text of the last comment skipped, trimmed, or `nil`.
        mutating func skipSpaceAndComments() throws(ResourceError) -> String? {
            var comment: String?
            while let scalar = peek {
                if scalar.properties.isWhitespace {
                    advance()
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    let startLine = line
                    advance(); advance()
                    var body = String.UnicodeScalarView()
                    while true {
                        guard let next = peek else {
                            throw .malformed(path: path, line: startLine, reason: "a /* comment is never closed")
                        }
                        if next == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
                            advance(); advance()
                            break
                        }
                        body.append(next)
                        advance()
                    }
                    comment = Self.trimmed(String(body))
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    advance(); advance()
                    var body = String.UnicodeScalarView()
                    while let next = peek, next != "\n" {
                        body.append(next)
                        advance()
                    }
                    comment = Self.trimmed(String(body))
                } else {
                    break
                }
            }
            return comment
        }

        static func trimmed(_ text: String) -> String? {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }

        /// Reads a quoted string (escapes resolved) or a bare word; `nil` when neither starts here.
        mutating func readString() throws(ResourceError) -> String? {
            guard let first = peek else { return nil }
            if first == "\"" {
                let startLine = line
                advance()
                var text = String.UnicodeScalarView()
                while true {
                    guard let scalar = peek else {
                        throw .malformed(path: path, line: startLine, reason: "a quoted string is never closed")
                    }
                    advance()
                    if scalar == "\"" { break }
                    if scalar == "\\" {
                        guard let escaped = peek else {
                            throw .malformed(path: path, line: startLine, reason: "a quoted string is never closed")
                        }
                        advance()
                        text.append(contentsOf: try unescape(escaped, line: startLine).unicodeScalars)
                    } else {
                        text.append(scalar)
                    }
                }
                return String(text)
            }
            // A bare word: letters, digits and `_ . $ : / -`, as old-style property lists allow.
            var word = String.UnicodeScalarView()
            while let scalar = peek, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.$:/-".unicodeScalars.contains(scalar) {
                word.append(scalar)
                advance()
            }
            return word.isEmpty ? nil : String(word)
        }

        /// The text an escape stands for; `escaped` is the character after the backslash.
        mutating func unescape(_ escaped: Unicode.Scalar, line: Int) throws(ResourceError) -> String {
            switch escaped {
            case "n": return "\n"
            case "t": return "\t"
            case "r": return "\r"
            case "a": return "\u{07}"
            case "b": return "\u{08}"
            case "f": return "\u{0C}"
            case "v": return "\u{0B}"
            case "U", "u":
                var value: UInt32 = 0
                for _ in 0..<4 {
                    guard let digit = peek, let nibble = UInt32(String(digit), radix: 16) else {
                        throw .malformed(path: path, line: line, reason: "\\\(escaped) needs four hexadecimal digits")
                    }
                    value = value << 4 | nibble
                    advance()
                }
                // A surrogate pair written as two escapes.
                if (0xD800...0xDBFF).contains(value), peek == "\\", index + 1 < scalars.count,
                   scalars[index + 1] == "U" || scalars[index + 1] == "u" {
                    let saved = (index, self.line)
                    advance(); advance()
                    var low: UInt32 = 0
                    var digits = 0
                    while digits < 4, let digit = peek, let nibble = UInt32(String(digit), radix: 16) {
                        low = low << 4 | nibble
                        advance()
                        digits += 1
                    }
                    if digits == 4, (0xDC00...0xDFFF).contains(low),
                       let scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)) {
                        return String(Character(scalar))
                    }
                    (index, self.line) = saved
                }
                return Unicode.Scalar(value).map { String(Character($0)) } ?? "\u{FFFD}"
            case "0"..."7":
                // Up to three octal digits.
                var value = escaped.value - 48
                var digits = 1
                while digits < 3, let digit = peek, ("0"..."7").contains(digit) {
                    value = value * 8 + digit.value - 48
                    advance()
                    digits += 1
                }
                return Unicode.Scalar(value).map { String(Character($0)) } ?? "\u{FFFD}"
            default:
                // `\"`, `\\`, `\'` and any other character stand for themselves.
                return String(Character(escaped))
            }
        }
    }
}

/// The decoding as it was before UTF-16 was transcoded by hand: the bytes of a text resource turned into a string: UTF-8 (with or without a byte-order mark) or UTF-16 (a
/// byte-order mark, or, without one, the zero bytes of mostly-ASCII text say which byte order), as Xcode writes
/// `.strings` files (UTF-16 was its default until Xcode 8).
enum ScalarTextDecodingReference {
    /// The text of `bytes`, or `nil` when they are neither UTF-8 nor UTF-16.
    ///
    /// - Parameter bytes: The file's contents.
    /// - Returns: The text without a byte-order mark.
    static func text(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return validUTF8(bytes.dropFirst(3)) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true) }
        if bytes.isEmpty { return "" }
        // Without a byte-order mark, UTF-16 text has a zero byte in most code units (ASCII punctuation at least).
        if bytes.count.isMultiple(of: 2) && bytes.count >= 2 {
            let pairs = bytes.count / 2
            let evenZeros = stride(from: 0, to: bytes.count, by: 2).filter { bytes[$0] == 0 }.count
            let oddZeros = stride(from: 1, to: bytes.count, by: 2).filter { bytes[$0] == 0 }.count
            if oddZeros * 2 > pairs && evenZeros == 0 { return utf16(bytes[...], bigEndian: false) }
            if evenZeros * 2 > pairs && oddZeros == 0 { return utf16(bytes[...], bigEndian: true) }
        }
        if bytes.contains(0) { return nil }
        return validUTF8(bytes[...])
    }

    private static func validUTF8(_ bytes: ArraySlice<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String? {
        guard bytes.count.isMultiple(of: 2) else { return nil }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return String(validating: units, as: UTF16.self)
    }
}
