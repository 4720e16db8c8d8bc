import Foundation
import SwiftParser
import SwiftSyntax

/// Doc comments that document nothing (`check --require detached-doc`, Documentation/CLI.md#check-rules): a `///` or
/// `/** */` comment in front of something that is not a declaration (a statement, a `switch` case, a closing brace,
/// the end of the file), as SwiftLint's `orphaned_doc_comment` finds them; and one separated from its declaration
/// by a blank line, which the compiler still attaches but a reader takes for a comment about the code above.
public enum DocCommentPlacement {
    /// One misplaced doc comment.
    public struct Finding: Hashable, Sendable {
        /// Where the comment goes wrong.
        public enum Kind: String, Sendable {
            /// Nothing follows that a doc comment can document.
            case attachedToNothing
            /// A blank line separates the comment from its declaration.
            case separatedByBlankLine
            /// The comment sits after the declaration's first attribute or modifier, where the compiler does not
            /// attach it (`@inlinable /// Doc. public func f()`).
            case afterAttributes
        }

        /// The 1-based line of the comment's first line.
        public var line: Int
        /// The 1-based UTF-8 column of the comment.
        public var column: Int
        /// What is wrong.
        public var kind: Kind
    }

    /// The misplaced doc comments of `source`, in file order: for each token, the last doc comment of its leading
    /// trivia (the one the compiler would attach). It recurses on the source's nesting: call it on a large stack
    /// (`WorkerThreads.largeStack`), as extraction does.
    ///
    /// - Parameter source: A Swift file's text.
    /// - Returns: One finding per misplaced doc comment.
    public static func findings(in source: String) -> [Finding] {
        // With no doc comment inside a function body, the tree of the emptied bodies shows them all, at the same
        // lines and columns, for a fraction of the parse (Documentation/Extraction.md, "Function bodies are not
        // parsed"). Otherwise runs nested deeper than the parser goes are blanked first, as for extraction.
        let tree: SourceFileSyntax
        if let skipped = FunctionBodySkipping.parse(source), docCommentStarts(in: skipped.text) == docCommentStarts(in: source) {
            tree = skipped.tree
        } else {
            tree = Parser.parse(source: DeepNestingGuard.defused(source)?.text ?? source)
        }
        return findings(in: tree)
    }

    /// The misplaced doc comments of a parsed file (its lines and columns as the tree's text has them).
    static func findings(in tree: SourceFileSyntax) -> [Finding] {
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var findings: [Finding] = []
        func finding(_ offset: Int, _ kind: Finding.Kind) {
            let location = converter.location(for: AbsolutePosition(utf8Offset: offset))
            findings.append(Finding(line: location.line, column: location.column, kind: kind))
        }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            var offset = token.position.utf8Offset
            // The doc group being read (its first comment's offset), whether a blank line follows its last comment,
            // and the line breaks since the last comment of any kind (the compiler starts a new group after more
            // than one, and keeps only the last group).
            var group: Int?
            var blankLineAfterGroup = false
            var breaksSinceComment = 0
            var lastWasLineBreak = false
            for piece in token.leadingTrivia {
                switch piece {
                case .docLineComment, .docBlockComment:
                    if let start = group, breaksSinceComment > 1 {
                        finding(start, .attachedToNothing)   // an earlier group the compiler drops
                        group = offset
                    } else if group == nil {
                        group = offset
                    }
                    blankLineAfterGroup = false
                    breaksSinceComment = 0
                    lastWasLineBreak = false
                case .newlines(let count), .carriageReturnLineFeeds(let count), .carriageReturns(let count):
                    if count >= 2 || lastWasLineBreak { blankLineAfterGroup = true }
                    breaksSinceComment += count
                    lastWasLineBreak = true
                case .lineComment, .blockComment:
                    breaksSinceComment = 0
                    lastWasLineBreak = false
                case .spaces, .tabs:
                    break
                default:
                    lastWasLineBreak = false
                }
                offset += piece.sourceLength.utf8Length
            }
            guard let start = group else { continue }
            if !startsDeclaration(token) {
                finding(start, insideDeclarationHeader(token) ? .afterAttributes : .attachedToNothing)
            } else if blankLineAfterGroup {
                finding(start, .separatedByBlankLine)
            }
        }
        return findings
    }

    /// How many `///` and `/**` the text holds (in comments or not: the same count in both texts means no body held one).
    static func docCommentStarts(in text: String) -> Int {
        var count = 0
        var slashes = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "/") {
                slashes += 1
                if slashes == 3 { count += 1 }
            } else {
                if byte == UInt8(ascii: "*") && slashes == 1 { count += 1 }
                slashes = 0
            }
        }
        return count
    }

    /// True when `token` is an attribute, a modifier or the introducing keyword of a declaration that starts before
    /// it: a doc comment in front of it is inside the declaration's header.
    static func insideDeclarationHeader(_ token: TokenSyntax) -> Bool {
        guard let parent = token.parent else { return false }
        if parent.is(DeclModifierSyntax.self) || parent.is(AttributeSyntax.self) { return true }
        guard parent.is(DeclSyntax.self), case .keyword = token.tokenKind else { return false }
        return true
    }

    /// True when `token` is the first token of a declaration (its first attribute or modifier included).
    static func startsDeclaration(_ token: TokenSyntax) -> Bool {
        guard token.tokenKind != .endOfFile else { return false }
        var node = Syntax(token)
        while let parent = node.parent, parent.firstToken(viewMode: .sourceAccurate) == token {
            if parent.is(DeclSyntax.self) || parent.is(MacroExpansionDeclSyntax.self) { return true }
            node = parent
        }
        return false
    }
}
