import Parallelism
import SwiftParser
import SwiftSyntax

/// The tokens of function bodies, as `docsheet diff` compares them to pair renamed and moved functions
/// (`InventoryDiff.pairRenamesAndMoves`): the parser's tokens between the body's braces, so white space and comments
/// (trivia) are left out and re-indenting or re-commenting a body does not make it another body.
public enum FunctionBodyTokens {
    /// A declaration's position: the line and UTF-8 column of its name (`init`, `deinit`, `subscript` for those), as in
    /// its record.
    public struct Position: Hashable, Sendable {
        /// 1-based line.
        public var line: Int
        /// 1-based UTF-8 column.
        public var column: Int

        /// Creates a position.
        ///
        /// - Parameters:
        ///   - line: 1-based line.
        ///   - column: 1-based UTF-8 column.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// The body tokens of the functions, initializers, deinitializers and subscripts of `text` whose names are at
    /// `positions`, from one parse of the file. A position with no such declaration, or one without a body (a
    /// protocol requirement), has no entry. A file nested deeper than the parser goes gives none.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - positions: Where the wanted declarations' names are.
    /// - Returns: The texts of each found body's tokens, braces left out, by position.
    public static func tokens(in text: String, at positions: Set<Position>) -> [Position: [Substring]] {
        guard !positions.isEmpty, DeepNestingGuard.defused(text) == nil else { return [:] }
        return LargeStackThread.run {
            let tree = Parser.parse(source: text)
            let finder = BodyFinder(converter: SourceLocationConverter(fileName: "", tree: tree), wanted: positions)
            finder.walk(tree)
            return finder.found
        }
    }

    /// Finds the bodies of the wanted declarations.
    private final class BodyFinder: SyntaxVisitor {
        let converter: SourceLocationConverter
        let wanted: Set<Position>
        var found: [Position: [Substring]] = [:]

        init(converter: SourceLocationConverter, wanted: Set<Position>) {
            self.converter = converter
            self.wanted = wanted
            super.init(viewMode: .sourceAccurate)
        }

        /// Records the tokens of `body` when the declaration named by `name` is wanted.
        func visit(name: TokenSyntax, body: (some SyntaxProtocol)?) {
            let location = converter.location(for: name.positionAfterSkippingLeadingTrivia)
            let position = Position(line: location.line, column: location.column)
            guard let body, wanted.contains(position) else { return }
            found[position] = body.tokens(viewMode: .sourceAccurate).map { Substring($0.text) }
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            visit(name: node.name, body: node.body?.statements)
            return .visitChildren
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            visit(name: node.initKeyword, body: node.body?.statements)
            return .visitChildren
        }

        override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            visit(name: node.deinitKeyword, body: node.body?.statements)
            return .visitChildren
        }

        override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
            visit(name: node.subscriptKeyword, body: node.accessorBlock?.accessors)
            return .visitChildren
        }
    }
}
