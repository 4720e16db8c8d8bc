import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import SwiftExtraction

/// The text DocSheet reads from a token through swift-syntax's public API (`SyntaxText.sourceText(of:)`) is the
/// token's source bytes, as the raw view (`@_spi(RawSyntax)`, dropped so that DocSheetKit accepts a range of
/// swift-syntax versions) gave them: the source between the token's trivia, empty for a missing token.
@Suite struct PublicTokenTextTests {
    /// Each token's text, with the source between its trivia it should equal, for every token of `source`
    /// (missing ones included).
    static func texts(of source: String) -> [(token: String, source: String, isPresent: Bool, kind: String)] {
        let bytes = Array(source.utf8)
        return Parser.parse(source: source).tokens(viewMode: .all).map { token in
            let slice = bytes[token.positionAfterSkippingLeadingTrivia.utf8Offset..<token.endPositionBeforeTrailingTrivia.utf8Offset]
            let kind = String("\(token.tokenKind)".prefix { $0 != "(" })
            return (SyntaxText.sourceText(of: token), String(decoding: slice, as: UTF8.self), token.presence == .present, kind)
        }
    }

    @Test func everyTokenOfRealCodeReadsAsItsSourceBytes() throws {
        // Real code with every kind of token (checked below): the samples, the fixture projects (broken and unusual
        // code among them), the extraction tests (multi-line strings and regex literals in their snippets) and the
        // extraction module's own sources — 0.8 MB, about 9 s in a debug build; the whole repository took minutes.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var tokens = 0
        var kinds = Set<String>()
        for folder in ["samples", "Tests/Fixtures", "Tests/SwiftExtractionTests", "Sources/SwiftExtraction"] {
            let enumerator = try #require(FileManager.default.enumerator(at: repository.appendingPathComponent(folder), includingPropertiesForKeys: nil))
            for case let url as URL in enumerator where url.pathExtension == "swift" {
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                let pieces = Self.texts(of: text)
                for piece in pieces where piece.token != piece.source {
                    Issue.record("\(url.lastPathComponent): token text \(piece.token.debugDescription) ≠ source \(piece.source.debugDescription)")
                }
                tokens += pieces.count
                kinds.formUnion(pieces.lazy.filter(\.isPresent).map(\.kind))
            }
        }
        #expect(tokens > 50_000)
        // Every kind of token real code has: identifiers, keywords, every literal, operators, punctuation, regexes.
        for kind in ["identifier", "keyword", "integerLiteral", "floatLiteral", "stringSegment", "binaryOperator",
                     "prefixOperator", "postfixOperator", "dollarIdentifier", "rawStringPoundDelimiter", "regexLiteralPattern",
                     "multilineStringQuote", "backslash", "pound", "atSign", "arrow", "ellipsis", "infixQuestionMark",
                     "exclamationMark", "postfixQuestionMark", "wildcard"] {
            #expect(kinds.contains(kind), "no \(kind) token in the sample")
        }
    }

    @Test(arguments: [
        "let s = “curly quotes”",                           // curly quotes, lexed with a diagnostic
        "let r = #/a(b)c/#; let t = /x[y]/",                // regex literals, split into their pieces
        "let m = \"\"\"\n    (\n    [\n    \"\"\"",         // multi-line string segments that are one bracket
        "let raw = ##\"a \"# b\"##",                        // raw string delimiters
        "func `default`(`in` x: Int) -> `Self` {}",         // backticked identifiers
        "func f(a: Int",                                     // a missing `)` and body
        "struct { var = }",                                  // missing names and values
        "let x = 0x1F + 1.5e3 - $0 + #line",                // number, dollar and pound tokens
        "infix operator <=> : P; let y = a <=> b ?? !c",    // operators
        "let u = 日本語 + \u{1F600}",                        // non-ASCII identifiers and an emoji (unexpected)
        "f(\u{0})",                                          // a control byte
    ])
    func trickyTokensReadAsTheirSourceBytes(source: String) {
        var sawMissing = false
        for piece in Self.texts(of: source) {
            #expect(piece.token == piece.source)
            if !piece.isPresent { sawMissing = true }
        }
        if source.hasPrefix("func f(a") || source.hasPrefix("struct {") { #expect(sawMissing) }
    }

    @Test(arguments: [
        ("func `default`() {}", "default"),
        ("func f() {}", "f"),
        ("func `é́`() {}", "é́"),
    ])
    func identifiersLoseTheirBackticks(source: String, name: String) throws {
        let function = try #require(Parser.parse(source: source).statements.first?.item.as(FunctionDeclSyntax.self))
        #expect(SyntaxText.identifier(function.name) == name)
    }

    @Test func aMissingBracketReadsAsEmptyNotAsItsSpelling() throws {
        let function = try #require(Parser.parse(source: "func f(a: Int").statements.first?.item.as(FunctionDeclSyntax.self))
        let close = function.signature.parameterClause.rightParen
        #expect(close.presence == .missing)
        #expect(close.text == ")")  // what `text` alone gives
        #expect(SyntaxText.sourceText(of: close) == "")
    }
}
