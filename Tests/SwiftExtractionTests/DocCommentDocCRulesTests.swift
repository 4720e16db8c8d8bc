import Inventory
import Testing

@testable import SwiftExtraction

/// Swift-DocC is the referee for a doc comment's parts: one rule per test, each checked against DocC's render JSON
/// of the same comment (Tests/Fixtures/DocComments, `scripts/compare-with-docc`; Documentation/Extraction.md).
@Suite struct DocCommentDocCRulesTests {
    private func parse(_ raw: String) -> DocComment { DocCommentParser.parse(raw: raw) }

    private func parameter(_ name: String, _ description: String) -> DocComment.Parameter {
        DocComment.Parameter(name: name, description: description)
    }

    // MARK: Parameters

    @Test func nestedListInAParameterIsPartOfItsDescription() {
        let doc = parse("S.\n\n- Parameters:\n  - buffer: The buffer:\n    - Parameters: no tag\n    - buffer: nested\n    - Note: nested\n  - count: The count.")
        #expect(doc.parameters == [
            parameter("buffer", "The buffer:\n- Parameters: no tag\n- buffer: nested\n- Note: nested"),
            parameter("count", "The count."),
        ])
        #expect(doc.callouts.isEmpty)
    }

    @Test func nestedListInASeparateParameterIsPartOfItsDescription() {
        let doc = parse("S.\n\n- Parameter outputSpan: Where:\n  - Parameter outputSpan: nested\n  - Returns: nested\n- Returns: Count.")
        #expect(doc.parameters == [parameter("outputSpan", "Where:\n- Parameter outputSpan: nested\n- Returns: nested")])
        #expect(doc.returns == "Count.")
    }

    @Test func backtickedParameterNameIsNoTag() {
        let doc = parse("S.\n\n- Parameter `index`: The index.")
        #expect(doc.parameters.isEmpty)
        #expect(doc.discussion == "- Parameter `index`: The index.")
    }

    @Test func backtickedOutlineItemIsDropped() {
        let doc = parse("S.\n\n- Parameters:\n  - `first`: First.\n  - second: Second.")
        #expect(doc.parameters == [parameter("second", "Second.")])
        #expect(doc.discussion == nil)
    }

    @Test func outlineItemsIndentedLessThanTheContentColumnAreNotNested() {
        let doc = parse("S.\n\n- Parameters:\n - first: One space.\n - second: One space.")
        #expect(doc.parameters.isEmpty)
        #expect(doc.discussion == " - first: One space.\n - second: One space.")
    }

    @Test func outlineItemsUnderAWideMarkerNeedItsContentColumn() {
        let nested = parse("S.\n\n-   Parameters:\n    - first: Nested.")
        #expect(nested.parameters == [parameter("first", "Nested.")])
        let notNested = parse("S.\n\n-   Parameters:\n  - first: Not nested.")
        #expect(notNested.parameters.isEmpty)
    }

    @Test func textAfterParametersColonIsDropped() {
        let doc = parse("S.\n\n- Parameters: Some text.\n  - first: First.\n  - just an item")
        #expect(doc.parameters == [parameter("first", "First.")])
        #expect(doc.discussion == nil)
    }

    @Test func lazyLineAndSecondParagraphBelongToTheDescription() {
        let doc = parse("S.\n\n- Parameters:\n  - value: The value,\n  continued.\n\n    Second paragraph.\n  - other: Other.")
        #expect(doc.parameters == [parameter("value", "The value, continued.\n\nSecond paragraph."), parameter("other", "Other.")])
    }

    @Test func underscoreInAParameterNameKeepsTheTag() {
        #expect(parse("S.\n\n- Parameter snake_case: Value.").parameters == [parameter("snake_case", "Value.")])
    }

    @Test func codeBlockInADescriptionIsKeptAndNotParsed() {
        let doc = parse("S.\n\n- Parameter body: For example:\n\n  ```\n  - Parameter x: code\n  ```")
        #expect(doc.parameters == [parameter("body", "For example:\n\n```\n- Parameter x: code\n```")])
    }

    @Test func orderedListItemsFileParametersAndReturns() {
        let doc = parse("S.\n\n1. Parameter x: The x.\n2. Returns: The result.\n3. Another item")
        #expect(doc.parameters == [parameter("x", "The x.")])
        #expect(doc.returns == "The result.")
        #expect(doc.discussion == "3. Another item")
    }

    // MARK: Returns, throws and callouts

    @Test func singularReturnIsNoField() {
        let doc = parse("S.\n\n- Return: The value.")
        #expect(doc.returns == nil)
        #expect(doc.discussion == "- Return: The value.")
    }

    @Test func singularThrowIsNoField() {
        let doc = parse("S.\n\n- Throw: An error.")
        #expect(doc.throws == nil)
        #expect(doc.discussion == "- Throw: An error.")
    }

    @Test func returnsTagWithMoreWordsIsStillTheReturnValue() {
        #expect(parse("S.\n\n- Returns value: The value.").returns == "The value.")
    }

    @Test func quotedCalloutsAreCallouts() {
        let doc = parse("S.\n\n> Note: A note.\n\n> Warning: A warning\n> on two lines.\n\n> Important: Lazy\ncontinuation.")
        #expect(doc.callouts == [
            DocComment.Callout(kind: "note", text: "A note."),
            DocComment.Callout(kind: "warning", text: "A warning on two lines."),
            DocComment.Callout(kind: "important", text: "Lazy continuation."),
        ])
        #expect(doc.discussion == nil)
    }

    @Test func quoteWithoutATagIsANote() {
        #expect(parse("S.\n\n> Just a quote.").callouts == [DocComment.Callout(kind: "note", text: "Just a quote.")])
    }

    @Test func quotedThrowsIsTheThrowsText() {
        let doc = parse("S.\n\n> Throws: An error.")
        #expect(doc.throws == "An error.")
        #expect(doc.callouts.isEmpty)
    }

    @Test func tipIsACallout() {
        #expect(parse("S.\n\n- Tip: A tip.").callouts == [DocComment.Callout(kind: "tip", text: "A tip.")])
    }

    @Test func tagsDocCDoesNotRecogniseStayInTheDiscussion() {
        let doc = parse("S.\n\n- See Also: Spaced.\n- Note : Spaced colon.\n- **Note**: Bold.\n- Example: Unknown.")
        #expect(doc.callouts.isEmpty)
        #expect(doc.discussion == "- See Also: Spaced.\n- Note : Spaced colon.\n- **Note**: Bold.\n- Example: Unknown.")
    }

    @Test func calloutWithASecondParagraph() {
        let doc = parse("S.\n\n- Warning: First.\n\n  Second.")
        #expect(doc.callouts == [DocComment.Callout(kind: "warning", text: "First.\n\nSecond.")])
    }

    @Test func doxygenResultAndNote() {
        let doc = parse("S.\n\n@result The result.\n@note A note.")
        #expect(doc.returns == "The result.")
        #expect(doc.callouts == [DocComment.Callout(kind: "note", text: "A note.")])
    }

    // MARK: Structure

    @Test func titleHeadingIsSkipped() {
        let doc = parse("# Title\n\nThe summary.\n\nThe discussion.")
        #expect(doc.summary == "The summary.")
        #expect(doc.discussion == "The discussion.")
    }

    @Test func secondLevelHeadingFirstMeansNoSummary() {
        let doc = parse("## Heading\n\nText.")
        #expect(doc.summary == nil)
        #expect(doc.discussion == "## Heading\n\nText.")
    }

    @Test func headingNeedsASpaceAfterTheHashes() {
        #expect(parse("A summary with\n#notAHeading continues.").summary == "A summary with #notAHeading continues.")
    }

    @Test func quoteInterruptsTheSummary() {
        let doc = parse("A summary\n> Note: A note.")
        #expect(doc.summary == "A summary")
        #expect(doc.callouts == [DocComment.Callout(kind: "note", text: "A note.")])
    }

    @Test func htmlCommentBeforeTheSummaryIsSkipped() {
        #expect(parse("<!-- Hidden. -->\n\nThe summary.").summary == "The summary.")
    }

    @Test func topicsSectionEndsTheDiscussion() {
        let doc = parse("S.\n\nText.\n\n## Topics\n\n- ``f()``\n\n- Returns: Not read.")
        #expect(doc.discussion == "Text.")
        #expect(doc.returns == nil)
    }

    @Test func seeAlsoSectionEndsTheDiscussion() {
        #expect(parse("S.\n\nText.\n\n## See Also\n\n- ``f()``").discussion == "Text.")
    }

    @Test func thematicBreakIsNoListItem() {
        #expect(parse("S.\n\n- - -\n\n- Note: A note.").discussion == "- - -")
    }
}
