import SwiftSyntax

/// Turns syntax into the one-line text DocSheet shows: tokens as written, comments removed,
/// any run of whitespace, newlines or comments between two tokens collapsed to one space — except that a
/// gap holding a line break just inside brackets vanishes, so a parameter list written one per line reads
/// `init(text: String, limit: Int)` rather than `init( text: String, limit: Int )`.
///
/// Only swift-syntax's public API is used (no `@_spi(RawSyntax)`), so that `DocSheetKit` accepts a range of
/// swift-syntax versions next to other swift-syntax clients; Benchmarks/README.md measures what the raw view saved.
enum SyntaxText {
    /// The collapsed text of `node` (its leading and trailing trivia are dropped).
    static func collapsed(_ node: some SyntaxProtocol) -> String {
        collapsed(node.tokens(viewMode: .sourceAccurate))
    }

    /// The collapsed text of a sequence of tokens.
    static func collapsed<Tokens: Sequence>(_ tokens: Tokens) -> String where Tokens.Element == TokenSyntax {
        var result = ""
        var previous: TokenSyntax?
        for token in tokens {
            if let previous, needsSpace(between: previous, and: token) {
                result.append(" ")
            }
            let text = sourceText(of: token)
            // A multi-line string literal's segments hold line breaks; the text stays on one line.
            result += containsLineBreak(text) ? oneLine(text) : text
            previous = token
        }
        return result
    }

    /// The token's text as written in the source, without its trivia: empty for a token the parser supplied as
    /// missing (whose `text` is the text it would have).
    ///
    /// A present token's `text` is its source text: swift-syntax builds its `TokenKind` from that text and checks
    /// that a kind with a fixed spelling has no other.
    static func sourceText(of token: TokenSyntax) -> String {
        token.presence == .present ? token.text : ""
    }

    /// The collapsed text of source bytes that start and end with a token (white space around them is dropped), when
    /// nothing but tokens and white space can lie in them; `nil` when something else may (a comment, a string, regex
    /// or character literal, a backslash, a control or non-ASCII byte), which only the tokens settle.
    ///
    /// Outside literals and comments every byte other than white space belongs to a token, no token holds white
    /// space, and `(`, `[`, `)` and `]` are tokens of their own: so each run of white space is the gap between two
    /// tokens, and the rules of `collapsed(_:)` for a gap of white space — one space, none when it breaks the line just
    /// inside brackets — read on the bytes give what the tokens give, without walking them.
    static func collapsed(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isWhiteSpace(bytes[start]) { start += 1 }
        while end > start, isWhiteSpace(bytes[end - 1]) { end -= 1 }
        var result: [UInt8] = []
        result.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            if isWhiteSpace(byte) {
                // Never the first or last byte: the bytes before and after the run are tokens' bytes.
                var runEnd = index
                var breaksLine = false
                while isWhiteSpace(bytes[runEnd]) {
                    if bytes[runEnd] == UInt8(ascii: "\n") || bytes[runEnd] == UInt8(ascii: "\r") { breaksLine = true }
                    runEnd += 1
                }
                let insideBrackets = bytes[index - 1] == UInt8(ascii: "(") || bytes[index - 1] == UInt8(ascii: "[")
                    || bytes[runEnd] == UInt8(ascii: ")") || bytes[runEnd] == UInt8(ascii: "]")
                if !(breaksLine && insideBrackets) { result.append(UInt8(ascii: " ")) }
                index = runEnd
                continue
            }
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): return nil
            case 0x21...0x7E: result.append(byte)
            default: return nil
            }
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `byte` is white space between tokens: a space, tab, vertical tab, form feed or line break.
    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }

    /// One file's text, for collapsing its syntax from the source bytes where they settle it (most declarations:
    /// `collapsed(bytes:)`), and from the tokens where they do not.
    struct Source {
        /// The text the file's tree was parsed from.
        let text: String

        /// The collapsed text of `node`, as `SyntaxText.collapsed(_:)` gives it.
        func collapsed(_ node: some SyntaxProtocol) -> String {
            collapsed(from: node.positionAfterSkippingLeadingTrivia, to: node.endPositionBeforeTrailingTrivia)
                ?? SyntaxText.collapsed(node)
        }

        /// The collapsed text of the source between two positions of the tree, when its bytes settle it.
        ///
        /// - Parameters:
        ///   - start: Where the first token's text starts (or white space before it).
        ///   - end: Where the last token's text ends (or white space after it).
        /// - Returns: The text, or `nil` when the tokens must decide (see `collapsed(bytes:)`).
        func collapsed(from start: AbsolutePosition, to end: AbsolutePosition) -> String? {
            text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
                let lower = start.utf8Offset, upper = end.utf8Offset
                guard 0 <= lower, lower <= upper, upper <= bytes.count else { return nil }
                return SyntaxText.collapsed(bytes: UnsafeBufferPointer(rebasing: bytes[lower..<upper]))
            } ?? nil
        }
    }

    /// Whether one space separates `previous` and `next`: when whitespace or a comment lies between them, except a
    /// line break just inside brackets, and a comment alone between punctuation (`g</*c*/T>` → `g<T>`).
    private static func needsSpace(between previous: TokenSyntax, and next: TokenSyntax) -> Bool {
        // Most tokens touch (`f(`, `x:`): settled by the lengths, without building the trivia.
        if previous.trailingTriviaLength.utf8Length == 0 && next.leadingTriviaLength.utf8Length == 0 { return false }
        let gap = previous.trailingTrivia + next.leadingTrivia
        if gap.isEmpty { return false }
        if isInsideBrackets(after: previous, before: next) && breaksLine(gap) { return false }
        let onlyComments = gap.allSatisfy { piece in
            switch piece {
            case .lineComment, .blockComment, .docLineComment, .docBlockComment: true
            default: false
            }
        }
        if onlyComments {
            let isWordCharacter: (Character?) -> Bool = { $0.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            return isWordCharacter(sourceText(of: previous).last) && isWordCharacter(sourceText(of: next).first)
        }
        return true
    }

    /// Whether `text` holds a character that `Character.isNewline` calls a line break, decided on the UTF-8 bytes
    /// (each of those scalars — U+000A to U+000D, U+0085, U+2028, U+2029 — is a grapheme of its own, so the bytes
    /// answer what iterating the characters would, without the grapheme breaking).
    static func containsLineBreak(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(containsLineBreak)
    }

    /// ``containsLineBreak(_:)-(String)`` on UTF-8 bytes.
    static func containsLineBreak(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in bytes.indices {
            switch bytes[index] {
            case 0x0A...0x0D: return true
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: return true
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                return true
            default: continue
            }
        }
        return false
    }

    /// `text` with every run of whitespace that holds a line break replaced by one space.
    private static func oneLine(_ text: String) -> String {
        var result = ""
        var pendingWhitespace = ""
        var sawBreak = false
        for character in text {
            if character.isWhitespace {
                pendingWhitespace.append(character)
                if character.isNewline { sawBreak = true }
                continue
            }
            result += sawBreak ? " " : pendingWhitespace
            pendingWhitespace = ""
            sawBreak = false
            result.append(character)
        }
        return result + (sawBreak ? " " : pendingWhitespace)
    }

    /// Whether the gap between `previous` and `next` lies just inside a pair of brackets: after `(` or `[`,
    /// or before `)` or `]`.
    private static func isInsideBrackets(after previous: TokenSyntax, before next: TokenSyntax) -> Bool {
        isToken(previous, oneOf: .leftParen, .leftSquare) || isToken(next, oneOf: .rightParen, .rightSquare)
    }

    /// Whether `token` is of one of two bracket kinds, spelled with one byte (or none, when the parser supplied it as
    /// missing).
    ///
    /// The token's length settles most tokens without building its kind (which builds its text as a string first).
    private static func isToken(_ token: TokenSyntax, oneOf first: TokenKind, _ second: TokenKind) -> Bool {
        guard token.trimmedLength.utf8Length <= 1 else { return false }
        let kind = token.tokenKind
        return kind == first || kind == second
    }

    /// Whether `trivia` holds a line break (also one inside a block comment).
    private static func breaksLine(_ trivia: Trivia) -> Bool {
        trivia.contains { piece in
            switch piece {
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: true
            case .blockComment(let text), .docBlockComment(let text): text.contains("\n")
            default: false
            }
        }
    }

    /// An identifier's text without the backticks that escape keywords (`` `default` `` → `default`).
    static func identifier(_ token: TokenSyntax) -> String {
        let text = sourceText(of: token)
        let utf8 = text.utf8
        if utf8.count >= 2, utf8.first == UInt8(ascii: "`"), utf8.last == UInt8(ascii: "`") {
            return String(decoding: utf8.dropFirst().dropLast(), as: UTF8.self)
        }
        return text
    }
}
