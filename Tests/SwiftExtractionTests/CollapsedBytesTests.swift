import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import SwiftExtraction

/// `SyntaxText.collapsed(bytes:)` gives the text the tokens give (`SyntaxText.collapsed(_:)`) wherever it answers,
/// and leaves to the tokens what only they settle.
@Suite struct CollapsedBytesTests {
    /// The pieces of syntax the collector collapses: signatures up to the body, and types, attributes, modifiers,
    /// where clauses and default values.
    final class Pieces: SyntaxAnyVisitor {
        var pieces: [(text: String?, tokens: String)] = []
        let source: SyntaxText.Source

        init(text: String) {
            source = SyntaxText.Source(text: text)
            super.init(viewMode: .sourceAccurate)
        }

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            let bodyStart: AbsolutePosition?? =
                if let function = node.as(FunctionDeclSyntax.self) { .some(function.body?.position) }
                else if let initializer = node.as(InitializerDeclSyntax.self) { .some(initializer.body?.position) }
                else if let subscriptDecl = node.as(SubscriptDeclSyntax.self) { .some(subscriptDecl.accessorBlock?.position) }
                else { nil }
            if let bodyStart {
                let end = bodyStart ?? node.endPositionBeforeTrailingTrivia
                let tokens = node.tokens(viewMode: .sourceAccurate).prefix { token in bodyStart.map { token.position < $0 } ?? true }
                pieces.append((source.collapsed(from: node.positionAfterSkippingLeadingTrivia, to: end), SyntaxText.collapsed(tokens)))
            } else if node.is(TypeSyntax.self) || node.is(AttributeSyntax.self) || node.is(DeclModifierSyntax.self)
                        || node.is(GenericWhereClauseSyntax.self) || node.parent?.is(InitializerClauseSyntax.self) == true {
                pieces.append((source.collapsed(from: node.positionAfterSkippingLeadingTrivia, to: node.endPositionBeforeTrailingTrivia),
                               SyntaxText.collapsed(node)))
            }
            return .visitChildren
        }
    }

    static func pieces(of text: String) -> [(text: String?, tokens: String)] {
        let visitor = Pieces(text: text)
        visitor.walk(Parser.parse(source: text))
        return visitor.pieces
    }

    @Test func theBytesGiveWhatTheTokensGiveOnRealCode() throws {
        // The samples and the extraction module (a fixed set that does not grow with the rest of DocSheet): real code,
        // with comments, literals and line breaks in signatures.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var answered = 0, leftToTheTokens = 0
        for folder in ["Sources/SwiftExtraction", "samples"] {
            let enumerator = try #require(FileManager.default.enumerator(at: repository.appendingPathComponent(folder), includingPropertiesForKeys: nil))
            for case let url as URL in enumerator where url.pathExtension == "swift" {
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                for piece in Self.pieces(of: text) {
                    guard let fromBytes = piece.text else {
                        leftToTheTokens += 1
                        continue
                    }
                    answered += 1
                    #expect(fromBytes == piece.tokens, "\(url.lastPathComponent)")
                }
            }
        }
        // Most pieces are settled by their bytes; a few hold comments or literals.
        #expect(answered > 5_000)
        #expect(leftToTheTokens > 100)
        #expect(answered > 10 * leftToTheTokens)
    }

    @Test(arguments: [
        ("func f(a: Int, b: [String: Int]) -> Int {}", "func f(a: Int, b: [String: Int]) -> Int"),
        ("public   func f(\n    a: Int,\n    b: Int\n) -> Int {}", "public func f(a: Int, b: Int) -> Int"),
        ("func f( a: [ Int ] ) {}", "func f( a: [ Int ] )"),
        ("func f(\r\n\ta: [\r\n\t\tInt\r\n\t],\rb:\u{0C}Int\n) ->\u{0B}Int {}", "func f(a: [Int], b: Int) -> Int"),
        ("@objc\n#if os(iOS)\n@MainActor\n#endif\nfunc f(file: String = #file) {}", "@objc #if os(iOS) @MainActor #endif func f(file: String = #file)"),
        ("protocol P { func f() -> Int   }", "func f() -> Int"),
        ("struct S { subscript(i: Int) -> Int { 0 } }", "subscript(i: Int) -> Int"),
    ])
    func signaturesSettledByTheirBytes(source: String, signature: String) throws {
        let piece = try #require(Self.pieces(of: source).first)
        #expect(piece.text == signature)
        #expect(piece.tokens == signature)
    }

    @Test(arguments: [
        "func f(a: Int /* a */) {}",             // a comment
        "func f(a: Int, // a\n b: Int) {}",
        "func f(a: String = \"a  b\") {}",        // a string literal keeps its spaces
        "func f(a: Regex<Substring> = /a b/) {}", // a regex literal
        "func f(a: Character = 'a b') {}",       // a character literal (an error, still a token)
        "func f(k: KeyPath<S, Int> = \\.x) {}",   // a key path's backslash
        "func 日本語(a: Int) {}",                 // non-ASCII
    ])
    func signaturesLeftToTheirTokens(source: String) throws {
        let piece = try #require(Self.pieces(of: source).first)
        #expect(piece.text == nil)
    }

    @Test func aControlByteIsLeftToTheTokens() throws {
        let piece = try #require(Self.pieces(of: "func f(a:\u{0} Int) {}").first)
        #expect(piece.text == nil)
    }

    @Test func positionsOutsideTheTextAreLeftToTheTokens() {
        let source = SyntaxText.Source(text: "func f() {}")
        #expect(source.collapsed(from: AbsolutePosition(utf8Offset: 5), to: AbsolutePosition(utf8Offset: 40)) == nil)
        #expect(source.collapsed(from: AbsolutePosition(utf8Offset: 6), to: AbsolutePosition(utf8Offset: 5)) == nil)
        #expect(source.collapsed(from: AbsolutePosition(utf8Offset: 0), to: AbsolutePosition(utf8Offset: 8)) == "func f()")
    }
}
