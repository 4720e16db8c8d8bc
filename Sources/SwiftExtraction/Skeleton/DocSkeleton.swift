import Foundation
import Inventory
import Parallelism
import SwiftParser
import SwiftSyntax

/// Doc-comment skeletons (`docsheet document`, Documentation/CLI.md#document): whole `///` lines inserted above a
/// declaration as swift-syntax `SourceEdit`s, so that nothing but trivia changes.
///
/// An undocumented declaration gets a summary placeholder (`<#Summary#>`), its parameters, and `- Returns:` and
/// `- Throws:` where the signature calls for them. The placeholders make the doc an Xcode placeholder, which counts
/// as undocumented: coverage moves only when a person writes the text. A documented declaration can have the parts
/// its doc lacks added below its comment. Running it again changes nothing.
public enum DocSkeleton {
    /// The lines inserted above one declaration.
    public struct Insertion: Hashable, Sendable {
        /// The 1-based line the new lines go before (the declaration's first line, attributes included).
        public var beforeLine: Int
        /// The new lines, indented as the declaration, without line endings.
        public var lines: [String]
        /// The declaration, as `docsheet check` names it (`Store.load(id:)`).
        public var declaration: String
    }

    /// What filling one file gave.
    public struct Outcome: Sendable {
        /// The file's new text (the old one when nothing was inserted).
        public var text: String
        /// The insertions, in file order.
        public var insertions: [Insertion]
        /// Declarations left alone, each with the reason (`Store.swift:3: …`).
        public var notes: [String]
    }

    /// Inserts skeletons into `source` for `records` (the file's declarations in scope, as the extractor found them):
    /// a whole skeleton above each one without a doc comment and, with `completingDocs`, the missing parameter,
    /// return and throws lines below the doc of each documented one.
    ///
    /// - Parameters:
    ///   - source: The file's text.
    ///   - path: The file's path, for the notes.
    ///   - records: The declarations to give a skeleton, found by the line and column of their names.
    ///   - completingDocs: Whether documented declarations get the parts their doc lacks.
    /// - Returns: The new text, the insertions and the declarations left alone. The text is the old one when the new
    ///   one would not parse to the same tokens (a note says so).
    public static func fill(source: String, path: String, records: [FunctionRecord], completingDocs: Bool) -> Outcome {
        // Edits need the file parsed as written: one nested deeper than the parser goes is left alone, and the parse
        // recurses on a large stack, as extraction's does.
        guard DeepNestingGuard.defused(source) == nil else {
            return Outcome(text: source, insertions: [], notes: ["\(path): nested too deeply to edit safely; it is left alone"])
        }
        return LargeStackThread.run { fillParsed(source: source, path: path, records: records, completingDocs: completingDocs) }
    }

    /// ``fill(source:path:records:completingDocs:)`` on a source the parser can take as written.
    static func fillParsed(source: String, path: String, records: [FunctionRecord], completingDocs: Bool) -> Outcome {
        var wanted: [Position: FunctionRecord] = [:]
        for record in records { wanted[Position(line: record.line, column: record.column)] = record }
        let tree = Parser.parse(source: source)
        let finder = DeclarationFinder(converter: SourceLocationConverter(fileName: path, tree: tree), wanted: wanted)
        finder.walk(tree)
        let lineEnding = source.utf8.contains(UInt8(ascii: "\r")) && source.contains("\r\n") ? "\r\n" : "\n"
        let bytes = Array(source.utf8)
        var edits: [SourceEdit] = []
        var insertions: [Insertion] = []
        var notes: [String] = []
        for found in finder.found {
            let record = found.record
            let lines: [String]
            if record.doc == nil {
                lines = skeleton(for: record)
            } else if completingDocs, record.isDocumented, let doc = record.doc {
                lines = missingParts(of: record, doc: doc)
            } else {
                continue
            }
            guard !lines.isEmpty else { continue }
            // Whole lines only: the declaration must start its line.
            let start = found.start
            var lineStart = start
            while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n"), bytes[lineStart - 1] != UInt8(ascii: "\r") { lineStart -= 1 }
            let indentation = bytes[lineStart..<start]
            guard indentation.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else {
                notes.append("\(path):\(found.line): \(record.qualifiedName) does not start its line; left alone")
                continue
            }
            let indent = String(decoding: indentation, as: UTF8.self)
            let indented = lines.map { indent + $0 }
            let text = indented.map { $0 + lineEnding }.joined()
            edits.append(SourceEdit(range: AbsolutePosition(utf8Offset: lineStart)..<AbsolutePosition(utf8Offset: lineStart), replacement: text))
            insertions.append(Insertion(beforeLine: found.line, lines: indented, declaration: record.qualifiedName))
        }
        guard !edits.isEmpty else { return Outcome(text: source, insertions: [], notes: notes) }
        let text = apply(edits, to: bytes)
        guard sameTokens(Parser.parse(source: text), tree) else {
            return Outcome(text: source, insertions: [],
                           notes: notes + ["\(path): the skeletons would change how the file parses; it is left alone"])
        }
        return Outcome(text: text, insertions: insertions, notes: notes)
    }

    /// The whole skeleton of an undocumented declaration, without indentation.
    ///
    /// - Parameter record: The declaration.
    /// - Returns: `/// <#Summary#>`, then a blank `///` line and the parameter, return and throws lines it needs.
    public static func skeleton(for record: FunctionRecord) -> [String] {
        let parts = parameterLines(documentedParameters(record)) + returnsAndThrows(of: record, doc: nil)
        return ["/// <#Summary#>"] + (parts.isEmpty ? [] : ["///"] + parts)
    }

    /// The lines a documented declaration's doc lacks: its undescribed parameters, and `- Returns:` and `- Throws:`
    /// where the signature calls for them and the doc has none.
    ///
    /// - Parameters:
    ///   - record: The declaration.
    ///   - doc: Its doc comment.
    /// - Returns: The lines to add below the comment; none when the doc is complete.
    public static func missingParts(of record: FunctionRecord, doc: DocComment) -> [String] {
        let documented = Set(doc.parameters.map(\.name))
        let missing = documentedParameters(record).filter { !documented.contains($0) }
        // One `- Parameter` line each: the doc may already have a `- Parameters:` list, which they may not join.
        return missing.map { "/// - Parameter \($0): <#\($0) description#>" } + returnsAndThrows(of: record, doc: doc)
    }

    /// The names the doc should describe: every parameter with a name.
    static func documentedParameters(_ record: FunctionRecord) -> [String] {
        record.parameters.map(\.name).filter { $0 != "_" && !$0.isEmpty }
    }

    /// `- Parameter name:` for one parameter, a `- Parameters:` list for several.
    static func parameterLines(_ names: [String]) -> [String] {
        switch names.count {
        case 0: return []
        case 1: return ["/// - Parameter \(names[0]): <#\(names[0]) description#>"]
        default: return ["/// - Parameters:"] + names.map { "///   - \($0): <#\($0) description#>" }
        }
    }

    /// `- Returns:` for a function that returns a value (not an initializer), `- Throws:` for one that throws, each
    /// when `doc` does not have it.
    static func returnsAndThrows(of record: FunctionRecord, doc: DocComment?) -> [String] {
        var lines: [String] = []
        if record.kind != .initializer, let returnType = record.returnType, !DocQuality.isVoid(returnType),
           DocQuality.isBlank(doc?.returns) {
            lines.append("/// - Returns: <#return value description#>")
        }
        if record.throws != nil, DocQuality.isBlank(doc?.throws) {
            lines.append("/// - Throws: <#errors description#>")
        }
        return lines
    }

    /// `source` with `edits` (insertions at distinct offsets) applied, the last first so the offsets stay right.
    static func apply(_ edits: [SourceEdit], to source: [UInt8]) -> String {
        var bytes = source
        for edit in edits.sorted(by: { $0.offset > $1.offset }) {
            bytes.replaceSubrange(edit.offset..<edit.endOffset, with: edit.replacementBytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when both trees have the same tokens, kinds and texts, in the same order: only trivia differs.
    static func sameTokens(_ a: SourceFileSyntax, _ b: SourceFileSyntax) -> Bool {
        let left = a.tokens(viewMode: .sourceAccurate), right = b.tokens(viewMode: .sourceAccurate)
        return left.elementsEqual(right) { $0.tokenKind == $1.tokenKind && $0.text == $1.text }
    }

    /// A name's place: 1-based line and UTF-8 column, as the records have it.
    struct Position: Hashable {
        var line: Int
        var column: Int
    }

    /// Finds the wanted declarations: functions, initializers and subscripts, by the place of their names.
    final class DeclarationFinder: SyntaxVisitor {
        /// One wanted declaration found: its record, the offset of its first token and that token's line.
        struct Found {
            var record: FunctionRecord
            var start: Int
            var line: Int
        }

        let converter: SourceLocationConverter
        let wanted: [Position: FunctionRecord]
        var found: [Found] = []

        init(converter: SourceLocationConverter, wanted: [Position: FunctionRecord]) {
            self.converter = converter
            self.wanted = wanted
            super.init(viewMode: .sourceAccurate)
        }

        /// Records the declaration whose name is `name` when it is wanted.
        func visit(_ declaration: some DeclSyntaxProtocol, name: TokenSyntax) {
            let location = converter.location(for: name.positionAfterSkippingLeadingTrivia)
            guard let record = wanted[Position(line: location.line, column: location.column)],
                  let first = declaration.firstToken(viewMode: .sourceAccurate) else { return }
            let start = first.positionAfterSkippingLeadingTrivia
            found.append(Found(record: record, start: start.utf8Offset, line: converter.location(for: start).line))
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            visit(node, name: node.name)
            return .visitChildren
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            visit(node, name: node.initKeyword)
            return .visitChildren
        }

        override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
            visit(node, name: node.subscriptKeyword)
            return .visitChildren
        }
    }
}
