import Foundation
import Inventory

/// The tokens of a function's body as `diff` compares them to pair renamed and moved functions
/// (`InventoryDiff.pairRenamesAndMoves`): white space and comments left out, so that re-indenting or re-commenting
/// a body does not make it another body.
///
/// A light lexer over the file's text, not a parse: the body is the first `{ … }` after the function's name line
/// that is not inside parentheses or brackets (default values, types), matched brace by brace. String literals are
/// one token each (with their interpolations, up to the closing quote), so a brace in a string does not count.
enum FunctionBodies {
    /// The body tokens of the function whose name is at `line` and `column` (1-based, UTF-8) of `text`, or `nil` when
    /// no body starts within 200 lines or it does not end.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - line: The line of the function's name.
    ///   - column: The column of the function's name.
    /// - Returns: The tokens between the body's braces.
    static func tokens(in text: String, line: Int, column: Int) -> [Substring]? {
        let bytes = Array(text.utf8)
        var index = 0
        var currentLine = 1
        while currentLine < line, index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { currentLine += 1 }
            index += 1
        }
        guard currentLine == line else { return nil }
        index = min(bytes.count, index + max(0, column - 1))
        let utf8 = text.utf8
        func slice(_ start: Int, _ end: Int) -> Substring {
            Substring(text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
        }
        var tokens: [Substring] = []
        var nesting = 0        // ( and [ before the body
        var braces = 0         // { depth, 0 before the body
        var linesBefore = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                if braces == 0 {
                    linesBefore += 1
                    if linesBefore > 200 { return nil }
                }
                index += 1
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index = endOfBlockComment(bytes, from: index)
                continue
            case UInt8(ascii: "\""), UInt8(ascii: "#") where startsString(bytes, at: index):
                let end = endOfString(bytes, from: index)
                if braces > 0 { tokens.append(slice(index, end)) }
                index = end
                continue
            default:
                break
            }
            let start = index
            if isWordByte(byte) {
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
            } else {
                index += 1
            }
            if braces == 0 {
                switch byte {
                case UInt8(ascii: "("), UInt8(ascii: "["): nesting += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"): nesting = max(0, nesting - 1)
                case UInt8(ascii: "{") where nesting == 0: braces = 1
                default: break
                }
                continue
            }
            if byte == UInt8(ascii: "{") { braces += 1 }
            if byte == UInt8(ascii: "}") {
                braces -= 1
                if braces == 0 { return tokens }
            }
            tokens.append(slice(start, index))
        }
        return nil
    }

    /// Letters, digits, `_`, `$` and every byte of a non-ASCII character: the bytes of one word.
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    /// True when a string literal starts at `index`: a quote, or `#`s followed by a quote (a raw string).
    static func startsString(_ bytes: [UInt8], at index: Int) -> Bool {
        var i = index
        while i < bytes.count, bytes[i] == UInt8(ascii: "#") { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "\"")
    }

    /// The offset after the string literal that starts at `index` (`"…"`, `"""…"""`, `#"…"#`), escapes skipped.
    static func endOfString(_ bytes: [UInt8], from index: Int) -> Int {
        var i = index, pounds = 0
        while i < bytes.count, bytes[i] == UInt8(ascii: "#") { pounds += 1; i += 1 }
        let quote = UInt8(ascii: "\"")
        let multiline = i + 2 < bytes.count && bytes[i + 1] == quote && bytes[i + 2] == quote
        i += multiline ? 3 : 1
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\\") && pounds == 0 { i += 2; continue }
            if !multiline && bytes[i] == UInt8(ascii: "\n") { return i }
            if bytes[i] == quote, !multiline || (i + 2 < bytes.count && bytes[i + 1] == quote && bytes[i + 2] == quote) {
                var end = i + (multiline ? 3 : 1)
                var closing = 0
                while closing < pounds, end < bytes.count, bytes[end] == UInt8(ascii: "#") { closing += 1; end += 1 }
                if closing == pounds { return end }
            }
            i += 1
        }
        return bytes.count
    }

    /// The offset after the block comment that starts at `index`, nested comments included.
    static func endOfBlockComment(_ bytes: [UInt8], from index: Int) -> Int {
        var i = index + 2, depth = 1
        while i + 1 < bytes.count {
            if bytes[i] == UInt8(ascii: "/") && bytes[i + 1] == UInt8(ascii: "*") { depth += 1; i += 2; continue }
            if bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/") {
                depth -= 1
                i += 2
                if depth == 0 { return i }
                continue
            }
            i += 1
        }
        return bytes.count
    }
}
