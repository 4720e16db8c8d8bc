import SwiftSyntax

/// Turns syntax into the one-line text DocSheet shows: tokens as written, comments removed,
/// any run of whitespace, newlines or comments between two tokens collapsed to one space.
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
            if let previous, !(previous.trailingTrivia.isEmpty && token.leadingTrivia.isEmpty) {
                text += " "
            }
            text += token.text
            previous = token
        }
        return text
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
