import Inventory
import SwiftSyntax

/// Finds the documentation comment the compiler attaches to a declaration and cleans its text.
///
/// The compiler (`RawCommentRequest` in swift/lib/AST/RawComment.cpp) looks at the comments in front of the
/// declaration's first token (its first attribute or modifier). Its lexer keeps comments out of a token's
/// trailing trivia, so a comment at the end of the previous line counts too. Plain comments are skipped but
/// remember where they end; a doc comment that starts more than one line after the previous comment ends
/// starts a new group, and only the last group is kept.
enum DocCommentAttachment {
    /// The documentation comment of the declaration whose first token is `firstToken`, parsed, or `nil`.
    static func docComment(before firstToken: TokenSyntax) -> DocComment? {
        let comments = attachedComments(before: firstToken)
        guard !comments.isEmpty else { return nil }
        let raw = rawText(of: comments)
        return DocCommentParser.parse(raw: raw)
    }

    /// A comment found in trivia with the lines it starts and ends on (relative to the first trivia scanned).
    struct LocatedComment {
        /// The comment's source text, markers included.
        var text: String
        /// True for `///` and `/** */`.
        var isDoc: Bool
        /// True for `//` and `///`.
        var isLine: Bool
        /// The line the comment starts on.
        var startLine: Int
        /// The line the comment ends on.
        var endLine: Int
    }

    /// The doc comments the compiler keeps, in source order.
    static func attachedComments(before firstToken: TokenSyntax) -> [LocatedComment] {
        var located: [LocatedComment] = []
        var line = 0
        func scan(_ trivia: Trivia) {
            for piece in trivia {
                let kind: (isDoc: Bool, isLine: Bool)
                let text: String
                switch piece {
                case .newlines(let count), .carriageReturns(let count), .carriageReturnLineFeeds(let count):
                    line += count
                    continue
                case .lineComment(let comment): (kind, text) = ((false, true), comment)
                case .docLineComment(let comment): (kind, text) = ((true, true), comment)
                case .blockComment(let comment): (kind, text) = ((false, false), comment)
                case .docBlockComment(let comment): (kind, text) = ((true, false), comment)
                default: continue
                }
                let innerNewlines = kind.isLine ? 0 : text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                located.append(
                    LocatedComment(
                        text: text, isDoc: kind.isDoc, isLine: kind.isLine, startLine: line,
                        endLine: line + innerNewlines))
                line += innerNewlines
            }
        }
        if let previous = firstToken.previousToken(viewMode: .sourceAccurate) {
            scan(previous.trailingTrivia)
        }
        scan(firstToken.leadingTrivia)

        var kept: [LocatedComment] = []
        var lastEnd = Int.min
        for comment in located {
            if !comment.isDoc {
                lastEnd = comment.endLine
                continue
            }
            if !kept.isEmpty && comment.startLine > lastEnd + 1 {
                kept.removeAll()
            }
            kept.append(comment)
            lastEnd = comment.endLine
        }
        return kept
    }

    /// The comments' text with the markers removed: `///`, `/**`, `*/`, a ` * ` gutter, and the lines'
    /// common indentation; blank lines at the start and end are dropped.
    static func rawText(of comments: [LocatedComment]) -> String {
        var lines: [Substring] = []
        for comment in comments {
            if comment.isLine {
                lines.append(comment.text.dropFirst(3))
            } else {
                lines.append(contentsOf: blockCommentLines(comment.text))
            }
        }
        return normalizedLines(lines)
    }

    /// The lines of a `/** … */` comment without its markers and its ` * ` gutter.
    static func blockCommentLines(_ text: String) -> [Substring] {
        var body = Substring(text).dropFirst(3)
        if body.hasSuffix("*/") { body = body.dropLast(2) }
        var lines = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        guard lines.count > 1 else { return lines }
        // A gutter is a `*` that starts every line after the first (blank last lines aside).
        let gutterCandidates = lines.dropFirst().filter { !isBlank($0) }
        let hasGutter = !gutterCandidates.isEmpty && gutterCandidates.allSatisfy { line in
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            return trimmed.hasPrefix("* ") || trimmed == "*"
        }
        if hasGutter {
            // Text on the opening line (`/** Summary`) lines up with the text after the gutters.
            if lines[0].hasPrefix(" ") { lines[0] = lines[0].dropFirst() }
            for index in lines.indices.dropFirst() where !isBlank(lines[index]) {
                var line = lines[index].drop(while: { $0 == " " || $0 == "\t" }).dropFirst()
                if line.hasPrefix(" ") { line = line.dropFirst() }
                lines[index] = line
            }
        }
        return lines
    }

    /// Lines with trailing whitespace removed, the common indentation removed, and blank lines at both
    /// ends dropped, joined with newlines.
    static func normalizedLines(_ lines: [Substring]) -> String {
        var trimmed = lines.map { line -> Substring in
            var end = line.endIndex
            while end > line.startIndex, let last = line[..<end].last, last == " " || last == "\t" {
                end = line.index(before: end)
            }
            return line[..<end]
        }
        while let first = trimmed.first, first.isEmpty { trimmed.removeFirst() }
        while let last = trimmed.last, last.isEmpty { trimmed.removeLast() }
        let indentation = trimmed.filter { !$0.isEmpty }
            .map { $0.prefix(while: { $0 == " " || $0 == "\t" }).count }
            .min() ?? 0
        return trimmed.map { $0.isEmpty ? "" : String($0.dropFirst(indentation)) }.joined(separator: "\n")
    }

    private static func isBlank(_ line: Substring) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" }
    }
}
