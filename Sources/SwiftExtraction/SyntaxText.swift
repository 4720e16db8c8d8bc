import SwiftSyntax

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
    static func collapsed<Tokens: Sequence>(_ tokens: Tokens) -> String where Tokens.Element == TokenSyntax {
        var text = ""
        var previous: TokenSyntax?
        for token in tokens {
            if let previous, !(previous.trailingTrivia.isEmpty && token.leadingTrivia.isEmpty),
               !(isInsideBrackets(after: previous, before: token) && breaksLine(previous.trailingTrivia + token.leadingTrivia)) {
                text += " "
            }
            text += token.text
            previous = token
        }
        return text
    }

    /// Whether the gap between `previous` and `next` lies just inside a pair of brackets: after `(` or `[`,
    /// or before `)` or `]`.
    private static func isInsideBrackets(after previous: TokenSyntax, before next: TokenSyntax) -> Bool {
        switch (previous.tokenKind, next.tokenKind) {
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
    static func identifier(_ token: TokenSyntax) -> String {
        let text = token.text
        if text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") {
            return String(text.dropFirst().dropLast())
        }
        return text
    }
}
