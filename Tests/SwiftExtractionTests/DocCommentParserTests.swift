import Foundation
import Inventory
import Testing

@testable import SwiftExtraction

/// Parsing the doc text as Swift Markup (Documentation/Extraction.md, "Doc comments").
@Suite struct DocCommentParserTests {
    @Test func summaryIsTheFirstParagraph() {
        let doc = DocCommentParser.parse(raw: "Loads a record\nfrom disk.\n\nMore text.")
        #expect(doc.summary == "Loads a record from disk.")
        #expect(doc.discussion == "More text.")
    }

    @Test func listInterruptsTheSummary() {
        let doc = DocCommentParser.parse(raw: "Stores a value.\n- Parameter value: The value.")
        #expect(doc.summary == "Stores a value.")
        #expect(doc.parameters == [DocComment.Parameter(name: "value", description: "The value.")])
    }

    /// Each kind of block that can interrupt a paragraph, by the character it starts with (the parser checks a line
    /// for blocks only when that character can start one), and lines that stay paragraph text.
    @Test(arguments: [
        ("- item", true), ("* item", true), ("+ item", true), ("1. item", true), ("1) item", true), ("```", true),
        ("~~~", true), ("# Heading", true), ("   > quote", true), ("***", true), ("___", true), ("* * *", true),
        ("@note Careful.", true), ("\\note Careful.", true),
        ("2. item", false), ("-item", false), ("#hashtag", false), ("plain words", false), ("    - indented", false),
        ("_emphasis_", false), ("é- accent", false), ("-\u{301} combined", false),
    ])
    func blockStartsInterruptTheSummary(line: String, interrupts: Bool) {
        let doc = DocCommentParser.parse(raw: "Summary line\n" + line)
        if interrupts {
            #expect(doc.summary == "Summary line")
        } else {
            #expect(doc.summary == "Summary line " + line.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func noSummaryWhenTheCommentStartsWithAField() {
        let doc = DocCommentParser.parse(raw: "- Returns: A value.")
        #expect(doc.summary == nil)
        #expect(doc.returns == "A value.")
    }

    @Test func parametersOutline() {
        let doc = DocCommentParser.parse(raw: "S.\n\n- Parameters:\n  - id: The identifier.\n  - refresh: Skip\n    the cache.")
        #expect(doc.parameters == [
            DocComment.Parameter(name: "id", description: "The identifier."),
            DocComment.Parameter(name: "refresh", description: "Skip the cache."),
        ])
        #expect(doc.discussion == nil)
    }

    @Test func separateParameterFields() {
        let doc = DocCommentParser.parse(raw: "S.\n- Parameter a: First.\n- Parameter b: Second.")
        #expect(doc.parameters.map(\.name) == ["a", "b"])
        #expect(doc.parameters.map(\.description) == ["First.", "Second."])
    }

    @Test func returnsField() {
        #expect(DocCommentParser.parse(raw: "S.\n- Returns: The text.").returns == "The text.")
    }

    @Test func throwsField() {
        #expect(DocCommentParser.parse(raw: "S.\n- Throws: `LoadError`.").throws == "`LoadError`.")
    }

    @Test func repeatedThrowsAndReturnsFieldsAreAllKept() {
        let doc = DocCommentParser.parse(raw: "S.\n- Throws: `A` if a.\n- Throws: `B` if b.\n- Returns: One.\n@returns Two.")
        #expect(doc.throws == "`A` if a.\n`B` if b.")
        #expect(doc.returns == "One.\nTwo.")
    }

    @Test func fieldNamesAreCaseInsensitive() {
        let doc = DocCommentParser.parse(raw: "S.\n- returns: Lower.\n- parameter x: Lower too.")
        #expect(doc.returns == "Lower.")
        #expect(doc.parameters.first?.name == "x")
    }

    @Test func multiLineFieldDescription() {
        let doc = DocCommentParser.parse(raw: "S.\n- Returns: The text\n  of the record.")
        #expect(doc.returns == "The text of the record.")
    }

    @Test func calloutsAreCollected() {
        let doc = DocCommentParser.parse(raw: "S.\n- Note: Call it later.\n- Warning: Slow.\n- Complexity: O(n).\n- SeeAlso: `other()`")
        #expect(doc.callouts == [
            DocComment.Callout(kind: "note", text: "Call it later."),
            DocComment.Callout(kind: "warning", text: "Slow."),
            DocComment.Callout(kind: "complexity", text: "O(n)."),
            DocComment.Callout(kind: "seealso", text: "`other()`"),
        ])
        #expect(doc.discussion == nil)
    }

    @Test func ordinaryListItemsStayInTheDiscussion() {
        let doc = DocCommentParser.parse(raw: "S.\n\n- first point\n- Second: not a callout\n- Note: A note.")
        #expect(doc.discussion == "- first point\n- Second: not a callout")
        #expect(doc.callouts == [DocComment.Callout(kind: "note", text: "A note.")])
    }

    @Test func discussionKeepsParagraphsAndDropsFields() {
        let doc = DocCommentParser.parse(raw: "S.\n\nFirst paragraph.\n\nSecond paragraph.\n\n- Returns: X.")
        #expect(doc.discussion == "First paragraph.\n\nSecond paragraph.")
    }

    @Test func fieldsInsideCodeBlocksAreNotParsed() {
        let doc = DocCommentParser.parse(raw: "S.\n\n```\n- Parameter x: code\n```")
        #expect(doc.parameters.isEmpty)
        #expect(doc.discussion == "```\n- Parameter x: code\n```")
    }

    @Test func doxygenTags() {
        let doc = DocCommentParser.parse(raw: "Converts.\n\n@param value the value\n@return the text\n@throws ConversionError when negative")
        #expect(doc.parameters == [DocComment.Parameter(name: "value", description: "the value")])
        #expect(doc.returns == "the text")
        #expect(doc.throws == "ConversionError when negative")
        #expect(doc.discussion == nil)
    }

    @Test func doxygenReturnsSpelling() {
        #expect(DocCommentParser.parse(raw: "S.\n@returns the text").returns == "the text")
    }

    @Test func placeholderIsDetected() {
        let doc = DocCommentParser.parse(raw: "<#Description#>\n- Parameter x: <#x description#>")
        #expect(doc.isPlaceholder)
        #expect(doc.isMeaningful == false)
    }

    @Test func placeholderInCodeIsNotAPlaceholder() {
        let doc = DocCommentParser.parse(raw: "Finds `<#Name#>` placeholders.\n\n```\n/// <#Description#>\n```")
        #expect(doc.isPlaceholder == false)
    }

    @Test func placeholderAfterACodeSpanIsStillAPlaceholder() {
        #expect(DocCommentParser.parse(raw: "Uses `x`. <#More#>").isPlaceholder)
    }

    @Test func realDocIsNotAPlaceholder() {
        let doc = DocCommentParser.parse(raw: "Real text with a # sign and a <tag>.")
        #expect(doc.isPlaceholder == false)
        #expect(doc.isMeaningful)
    }

    @Test func rawIsKept() {
        #expect(DocCommentParser.parse(raw: "S.\n- Returns: X.").raw == "S.\n- Returns: X.")
    }
}
