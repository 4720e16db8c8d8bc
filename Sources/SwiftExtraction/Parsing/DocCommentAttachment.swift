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
        /// The 1-based column the comment starts at, when a line break comes before it in the trivia scanned.
        var column: Int?
    }

    /// The doc comments the compiler keeps, in source order.
    static func attachedComments(before firstToken: TokenSyntax) -> [LocatedComment] {
        var located: [LocatedComment] = []
        var line = 0
        let previous = firstToken.previousToken(viewMode: .sourceAccurate)
        // Without trivia there is no comment: settled by the lengths, without building the trivia.
        guard firstToken.leadingTriviaLength.utf8Length > 0 || (previous?.trailingTriviaLength.utf8Length ?? 0) > 0
        else { return [] }
        // At the start of the file the column is known; after another token only once a line break is seen.
        var column: Int? = previous == nil ? 1 : nil
        func scan(_ trivia: Trivia) {
            for piece in trivia {
                let kind: (isDoc: Bool, isLine: Bool)
                let text: String
                switch piece {
                case .newlines(let count), .carriageReturns(let count), .carriageReturnLineFeeds(let count):
                    line += count
                    column = 1
                    continue
                case .spaces(let count), .tabs(let count):
                    column = column.map { $0 + count }
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
                        endLine: line + innerNewlines, column: column))
                line += innerNewlines
                column = nil
            }
        }
        if let previous {
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

    /// The comments' text as the compiler hands it to DocC (`getLineList` in swift/lib/Markup/LineList.cpp and
    /// `Symbol::serializeDocComment` in swift/lib/SymbolGraphGen) and DocC reads it: `///`, `/**` and `*/` removed,
    /// a ` * ` gutter removed, every line losing as much leading whitespace as the first line has (at most its own),
    /// then the lines' common indentation removed; blank lines at the start and end are dropped.
    static func rawText(of comments: [LocatedComment]) -> String {
        var lines: [Substring] = []
        for comment in comments {
            if comment.isLine {
                var text = Substring(comment.text).dropFirst(3)
                while text.last == "\n" || text.last == "\r" { text = text.dropLast() }
                lines.append(text)
            } else {
                lines.append(contentsOf: blockCommentLines(comment.text, column: comment.column))
            }
        }
        if let first = lines.first {
            let initial = indentation(of: first)
            lines = lines.map { $0.dropFirst(min(initial, indentation(of: $0))) }
        }
        return normalizedLines(lines)
    }

    /// The lines of a `/** … */` comment without its markers. As in the compiler, a line break right after `/**`
    /// is dropped, and then a gutter (` * ` lined up under the first `*` of `/**`) is removed from the lines that
    /// have it. `column` is the comment's 1-based column; when it is unknown, a gutter may start at any indentation.
    static func blockCommentLines(_ text: String, column: Int?) -> [Substring] {
        var body = Substring(text).dropFirst(3)
        if body.hasSuffix("*/") {
            body = body.dropLast(2)
        } else if body.hasSuffix("/") {
            body = body.dropLast()
        }
        var hasGutter = false
        if body.first == "\n" || body.first == "\r\n" || body.first == "\r" {
            body = body.dropFirst()
            hasGutter = gutterLength(body, column: column) > 0
        }
        var lines = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        if lines.last?.isEmpty == true && body.last.map({ $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) == true {
            lines.removeLast()
        }
        if hasGutter {
            lines = lines.map { $0.dropFirst(gutterLength($0, column: column)) }
        }
        return lines
    }

    /// The length of the gutter `line` starts with (`column - 1` spaces, then ` * ` or a lone ` *`), or 0.
    private static func gutterLength(_ line: Substring, column: Int?) -> Int {
        let spaces = column.map { $0 - 1 } ?? max(0, line.prefix(while: { $0 == " " }).count - 1)
        let leading = line.prefix(spaces)
        guard leading.count == spaces, leading.allSatisfy({ $0 == " " }) else { return 0 }
        let rest = line.dropFirst(spaces)
        if rest.hasPrefix(" * ") { return spaces + 3 }
        if rest == " *" || rest.hasPrefix(" *\n") || rest.hasPrefix(" *\r") { return spaces + 2 }
        return 0
    }

    /// The compiler's `measureIndentation`: the number of spaces, tabs, vertical tabs and form feeds a line starts
    /// with (its whole length when it holds nothing else).
    private static func indentation(of line: Substring) -> Int {
        line.leadingRun { $0 == 0x20 || $0 == 0x09 || $0 == 0x0B || $0 == 0x0C }.characters
    }

    /// Lines with trailing whitespace removed, the common indentation removed, and blank lines at both
    /// ends dropped, joined with newlines.
    static func normalizedLines(_ lines: [Substring]) -> String {
        var trimmed = lines.map { $0.droppingTrailingSpacesAndTabs() }
        while let first = trimmed.first, first.isEmpty { trimmed.removeFirst() }
        while let last = trimmed.last, last.isEmpty { trimmed.removeLast() }
        let indentation = trimmed.lazy.filter { !$0.isEmpty }.map(\.leadingSpacesAndTabs.characters).min() ?? 0
        var text = ""
        text.reserveCapacity(trimmed.reduce(0) { $0 + $1.utf8.count + 1 })
        for (index, line) in trimmed.enumerated() {
            if index > 0 { text += "\n" }
            // The first `indentation` characters of a line that is not empty are spaces or tabs, one byte each.
            if !line.isEmpty { text += Substring(line.utf8.dropFirst(indentation)) }
        }
        return text
    }
}
