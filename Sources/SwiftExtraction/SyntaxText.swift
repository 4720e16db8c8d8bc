@_spi(RawSyntax) import SwiftSyntax

/// Turns syntax into the one-line text DocSheet shows: tokens as written, comments removed,
/// any run of whitespace, newlines or comments between two tokens collapsed to one space — except that a
/// gap holding a line break just inside brackets vanishes, so a parameter list written one per line reads
/// `init(text: String, limit: Int)` rather than `init( text: String, limit: Int )`.
enum SyntaxText {
    /// The collapsed text of `node` (its leading and trailing trivia are dropped).
    static func collapsed(_ node: some SyntaxProtocol) -> String {
        collapsed(node.tokens(viewMode: .sourceAccurate))
    }

    /// The collapsed text of a sequence of tokens.
    ///
    /// The tokens' source bytes are gathered and made a string once: building each token's `text` (its `TokenKind`,
    /// then a string) was most of the time signatures took.
    static func collapsed<Tokens: Sequence>(_ tokens: Tokens) -> String where Tokens.Element == TokenSyntax {
        var bytes: [UInt8] = []
        var previous: TokenSyntax?
        for token in tokens {
            if let previous, needsSpace(between: previous, and: token) {
                bytes.append(UInt8(ascii: " "))
            }
            let raw = token.rawText
            // A multi-line string literal's segments hold line breaks; the text stays on one line.
            if let buffer = raw.baseAddress.map({ UnsafeBufferPointer(start: $0, count: raw.count) }), containsLineBreak(buffer) {
                bytes.append(contentsOf: oneLine(String(syntaxText: raw)).utf8)
            } else {
                bytes.append(contentsOf: raw)
            }
            previous = token
        }
        return String(decoding: bytes, as: UTF8.self)
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
        // Most gaps are white space alone: settled on the trivia's source bytes, without parsing it into pieces.
        if let before = previous.tokenView.trailingTrivia(whiteSpaceKind),
           let after = next.tokenView.leadingTrivia(whiteSpaceKind) {
            return !(isInsideBrackets(after: previous, before: next) && (before == .breaksLine || after == .breaksLine))
        }
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
            return isWordCharacter(previous.text.last) && isWordCharacter(next.text.first)
        }
        return true
    }

    /// What a run of trivia bytes holding nothing but white space holds.
    private enum WhiteSpace { case empty, sameLine, breaksLine }

    /// Whether `trivia` is white space alone (spaces, tabs, form feeds, vertical tabs, line breaks) and whether it
    /// breaks the line; `nil` when it holds anything else (a comment, a backslash, unexpected text), which the
    /// trivia's pieces settle.
    private static func whiteSpaceKind(_ trivia: SwiftSyntax.SyntaxText) -> WhiteSpace? {
        var kind = WhiteSpace.empty
        for byte in trivia {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C: if kind == .empty { kind = .sameLine }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): kind = .breaksLine
            default: return nil
            }
        }
        return kind
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
        switch (previous.rawTokenKind, next.rawTokenKind) {
        case (.leftParen, _), (.leftSquare, _), (_, .rightParen), (_, .rightSquare): true
        default: false
        }
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
    ///
    /// Read from the token's source bytes (`text` builds the token's kind first, then its string).
    static func identifier(_ token: TokenSyntax) -> String {
        let raw = token.rawText
        if raw.count >= 2, raw.first == UInt8(ascii: "`"), raw.last == UInt8(ascii: "`") {
            return String(syntaxText: SwiftSyntax.SyntaxText(rebasing: raw.dropFirst().dropLast()))
        }
        return String(syntaxText: raw)
    }
}
