/// What the passes over a file's bytes before parsing (`DeepNestingGuard`, `FunctionBodySkipping`) share: string
/// literals, block comments and words read as SwiftParser's lexer reads them.
enum SourceLexing {
    /// A string literal being read: multi-line or not, and its raw delimiter's `#` count.
    struct StringLiteral: Equatable {
        var isMultiLine: Bool
        var hashes: Int
    }

    /// Where reading a string literal's content stopped.
    enum StringStop: Equatable {
        /// The literal closed; reading goes on at the offset after its delimiter.
        case closed(Int)
        /// An interpolation `\(…)` opened; its code starts at the offset.
        case interpolation(Int)
        /// A single-line literal met the line break at the offset before closing.
        case lineBreak(Int)
        /// The file ended inside the literal.
        case endOfFile
    }

    /// Enters the literal whose opening quote is at `quote` (after `hashes` `#`): `string` becomes it, and the
    /// offset where its content starts is returned. As SwiftParser's lexer decides: `"""` opens a multi-line
    /// literal, except in a raw literal whose closing delimiter comes later on the same line (`#"""#` is a
    /// single-line literal holding a quote).
    static func openString(in bytes: UnsafeBufferPointer<UInt8>, quote: Int, hashes: Int,
                           into string: inout StringLiteral?) -> Int {
        var isMultiLine = byte(after: quote, in: bytes) == UInt8(ascii: "\"") && byte(after: quote + 1, in: bytes) == UInt8(ascii: "\"")
        if isMultiLine && hashes > 0 {
            var index = quote + 3
            while index < bytes.count && bytes[index] != UInt8(ascii: "\n") && bytes[index] != UInt8(ascii: "\r") {
                if bytes[index - 1] == UInt8(ascii: "\"") && hasHashes(hashes, at: index, in: bytes) {
                    isMultiLine = false
                    break
                }
                index += 1
            }
        }
        string = StringLiteral(isMultiLine: isMultiLine, hashes: hashes)
        return quote + (isMultiLine ? 3 : 1)
    }

    /// Reads string content of `literal` from `start` to where it closes, an interpolation opens, a single-line
    /// literal meets a line break, or the file ends.
    static func scanString(_ literal: StringLiteral, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> StringStop {
        let quote = UInt8(ascii: "\"")
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                var hashEnd = index + 1
                while hashEnd < bytes.count && hashEnd - index - 1 < literal.hashes && bytes[hashEnd] == UInt8(ascii: "#") {
                    hashEnd += 1
                }
                guard hashEnd - index - 1 == literal.hashes else { index += 1; continue }
                if hashEnd < bytes.count && bytes[hashEnd] == UInt8(ascii: "(") { return .interpolation(hashEnd + 1) }
                index = hashEnd + 1  // an escape: the next character is content
            case quote:
                if literal.isMultiLine && !(byte(after: index, in: bytes) == quote && byte(after: index + 1, in: bytes) == quote) {
                    index += 1
                    continue
                }
                let end = index + (literal.isMultiLine ? 3 : 1)
                if hasHashes(literal.hashes, at: end, in: bytes) { return .closed(end + literal.hashes) }
                index += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                guard literal.isMultiLine else { return .lineBreak(index) }
                index += 1
            default:
                index += 1
            }
        }
        return .endOfFile
    }

    /// Replaces every byte of `ranges` in `text` by a space, line breaks (LF, CR) kept: what is blanked is not parsed,
    /// and every line and column of the rest stays the same.
    static func blank(_ ranges: [Range<Int>], in text: UnsafeMutableBufferPointer<UInt8>) {
        for range in ranges {
            for offset in range where text[offset] != UInt8(ascii: "\n") && text[offset] != UInt8(ascii: "\r") {
                text[offset] = UInt8(ascii: " ")
            }
        }
    }

    /// The offset after the (nested) block comment starting at `start`, or `nil` when it never ends.
    static func blockCommentEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The offset of the line break (LF or CR) that ends the line holding `start`, or the end of the file: where a
    /// `//` comment ends.
    static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count && bytes[index] != UInt8(ascii: "\n") && bytes[index] != UInt8(ascii: "\r") { index += 1 }
        return index
    }

    /// The offset after the run of `#` that starts at `start` (a raw delimiter, a directive's or a regex's).
    static func hashRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count && bytes[index] == UInt8(ascii: "#") { index += 1 }
        return index
    }

    /// Whether `count` `#` start at `index`.
    static func hasHashes(_ count: Int, at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index + count <= bytes.count else { return false }
        return (index..<index + count).allSatisfy { bytes[$0] == UInt8(ascii: "#") }
    }

    /// True when the word `word` (a whole run of identifier characters) is `keyword`.
    static func matches(_ word: UnsafeBufferPointer<UInt8>, _ keyword: StaticString) -> Bool {
        word.count == keyword.utf8CodeUnitCount && keyword.withUTF8Buffer { word.elementsEqual($0) }
    }

    /// The byte after `index`, or 0 at the end.
    static func byte(after index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        index + 1 < bytes.count ? bytes[index + 1] : 0
    }

    /// The byte before `index`, or 0 at the start.
    static func byte(before index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        index > 0 ? bytes[index - 1] : 0
    }
}

/// A byte that can start a Swift identifier: a letter, `_`, `$` or any byte of a non-ASCII character.
func isIdentifierHead(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || byte == UInt8(ascii: "_") || byte >= 0x80 || byte == UInt8(ascii: "$")
}

/// A byte that can continue a Swift identifier: an identifier head or a digit.
func isIdentifierCharacter(_ byte: UInt8) -> Bool {
    isIdentifierHead(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
}

/// An ASCII byte that can be part of an operator.
func isOperatorCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
         UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
         UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
        return true
    default:
        return false
    }
}
