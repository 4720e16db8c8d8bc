import Inventory
import Testing

@testable import SwiftExtraction

/// Which comments become the `doc` of a declaration, as the compiler attaches them (Documentation/Extraction.md, "Doc comments").
@Suite struct DocAttachmentTests {
    private func raw(_ source: String, _ name: String = "f()") -> String? {
        function(name, in: source)?.doc?.raw
    }

    @Test func tripleSlashLines() {
        #expect(raw("/// One.\n/// Two.\nfunc f() {}") == "One.\nTwo.")
    }

    @Test func blockDocComment() {
        #expect(raw("/**\n Summary.\n */\nfunc f() {}") == "Summary.")
    }

    @Test func blockDocCommentGutterIsRemoved() {
        #expect(raw("/**\n * Summary.\n *\n * More.\n */\nfunc f() {}") == "Summary.\n\nMore.")
    }

    @Test func textOnTheOpeningLineOfAGutteredBlock() {
        // The compiler looks for a gutter only when `/**` ends its line; DocC then reads `* continued.` as a list.
        #expect(raw("/** Summary\n * continued.\n */\nfunc f() {}") == "Summary\n* continued.")
    }

    @Test func singleLineBlockDocComment() {
        #expect(raw("/** Summary. */ func f() {}") == "Summary.")
    }

    @Test func commonIndentationIsRemoved() {
        #expect(raw("struct S {\n    ///   Summary.\n    ///     Indented.\n    func f() {}\n}") == "Summary.\n  Indented.")
    }

    @Test func blankLineBeforeTheDeclarationKeepsTheLink() {
        #expect(raw("/// Summary.\n\nfunc f() {}") == "Summary.")
    }

    @Test func plainLineBetweenDocBlocksIsSkipped() {
        #expect(raw("/// One.\n// plain\n/// Two.\nfunc f() {}") == "One.\nTwo.")
    }

    @Test func docBlockSeparatedByABlankLineIsDropped() {
        #expect(raw("/// Old.\n\n/// New.\nfunc f() {}") == "New.")
    }

    @Test func plainCommentAfterTheDocIsSkipped() {
        #expect(raw("/// Summary.\n// TODO: later\nfunc f() {}") == "Summary.")
    }

    @Test func plainLineCommentIsNotADoc() {
        #expect(function("f()", in: "// Plain.\nfunc f() {}")?.doc == nil)
    }

    @Test func plainBlockCommentIsNotADoc() {
        #expect(function("f()", in: "/* Plain. */\nfunc f() {}")?.doc == nil)
    }

    @Test func docBeforeTheAttributeIsAttached() {
        #expect(raw("/// Summary.\n@discardableResult\nfunc f() -> Int { 0 }") == "Summary.")
    }

    @Test func docBeforeTheModifiersIsAttached() {
        #expect(raw("struct S {\n    /// Summary.\n    public static func f() {}\n}") == "Summary.")
    }

    @Test func commentBetweenAttributeAndDeclarationIsNotADoc() {
        #expect(function("f()", in: "@discardableResult\n/// Not a doc.\nfunc f() -> Int { 0 }")?.doc == nil)
    }

    @Test func commentBeforeTheEnclosingIfIsNotADoc() {
        #expect(function("f()", in: "/// Not a doc.\n#if DEBUG\nfunc f() {}\n#endif")?.doc == nil)
    }

    @Test func commentInsideTheIfClauseIsAttached() {
        #expect(raw("#if DEBUG\n/// Summary.\nfunc f() {}\n#endif") == "Summary.")
    }

    @Test func docAtTheEndOfThePreviousLineIsAttached() {
        // The compiler's lexer keeps comments out of trailing trivia, so this comment leads `func`.
        #expect(raw("let x = 1 /// Trailing.\nfunc f() {}") == "Trailing.")
    }

    @Test func docOfThePreviousDeclarationIsNotReused() {
        let source = "/// First.\nfunc a() {}\nfunc f() {}"
        #expect(function("f()", in: source)?.doc == nil)
    }

    @Test func lineCommentThenBlockCommentJoinWithoutABlankLine() {
        // The compiler drops the line break after `/**`; DocC reads one paragraph.
        #expect(raw("/// Line first,\n/**\n * then the block.\n */\nfunc f() {}") == "Line first,\nthen the block.")
        #expect(raw("/// Line first.\n/** Block second. */\nfunc f() {}") == "Line first.\nBlock second.")
    }

    @Test func firstLineIndentationIsRemovedFromEveryLine() {
        // Each line loses as much leading whitespace as the first line has (at most its own): an indented first
        // line is not indented code for DocC.
        #expect(raw("///     Indented first.\n/// Second.\nfunc f() {}") == "Indented first.\nSecond.")
    }

    @Test func misalignedGutterIsKept() {
        // The gutter must line up under the first `*` of `/**`.
        #expect(raw("/**\n * Aligned.\n   * Misaligned.\n */\nfunc f() {}") == "Aligned.\n   * Misaligned.")
    }

    @Test func typeRecordsGetTheirDoc() {
        #expect(type("S", in: "/// A type.\npublic struct S {}")?.doc?.summary == "A type.")
    }
}
