// Returns, throws and callouts: list items, quotes and their spellings.

/// Singular `- Return:` is no field for DocC.
///
/// - Return: The value.
public func singularReturn() -> Int { 0 }

/// Singular `- Throw:` is no field for DocC.
///
/// - Throw: An error.
public func singularThrow() throws {}

/// Returns and throws.
///
/// - Returns: the value, lower-case.
/// - Throws: ``CalloutError`` when **bad**.
public func returnsAndThrows() throws -> Int { 0 }

/// Two returns fields.
///
/// - Returns: One.
/// - Returns: Two.
public func twoReturns() -> Int { 0 }

/// Callouts written as Markdown quotes.
///
/// > Note: A quoted note.
///
/// > Warning: A quoted warning
/// > on two lines.
///
/// > Important: A quoted important
/// with a lazy line.
public func quotedCallouts() {}

/// A quote without a tag is a note for DocC.
///
/// > Just a quote.
public func quoteWithoutTag() {}

/// A quote with any tag is an aside named by it.
///
/// > Experiment: Try it.
///
/// > Throws: A quoted throws.
public func quoteWithOtherTags() throws {}

/// Callouts DocC knows as asides.
///
/// - Tip: A tip.
/// - Experiment: An experiment.
/// - Complexity: O(*n*).
/// - SeeAlso: ``singularReturn()``
/// - ToDo: Later.
/// - Precondition: `count > 0`.
public func listCallouts() {}

/// Callout tags DocC extracts but shows nowhere.
///
/// - Remarks: A remark in the plural.
/// - Keyword: search
public func hiddenTags() {}

/// Tags DocC does not recognise stay in the discussion.
///
/// - See Also: With a space.
/// - Note : With a space before the colon.
/// - **Note**: In bold.
/// - Example: Not a callout.
public func notCallouts() {}

/// A callout between ordinary items.
///
/// - First item.
/// - Note: Moved after the list by DocC.
/// - Second item.
public func calloutBetweenItems() {}

/// A callout with a second paragraph.
///
/// - Warning: The first paragraph.
///
///   The second paragraph.
public func multiParagraphCallout() {}

/// Doxygen note and throws.
///
/// @note A Doxygen note.
/// @throws Nothing, for DocC.
public func doxygenNoteAndThrows() throws {}

/// An error.
public struct CalloutError: Error {}
