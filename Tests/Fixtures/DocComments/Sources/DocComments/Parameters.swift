// Parameters: outlines, separate fields, nesting, indentation and names.

/// A parameter whose description holds a nested list.
///
/// - Parameters:
///   - buffer: The buffer to fill. It can hold:
///     - Parameters: a nested item that is no tag
///     - buffer: a nested item named like the parameter
///     - Note: a nested item named like a callout
///   - count: The number of bytes.
public func nestedListInParameter(buffer: [UInt8], count: Int) {}

/// A separate parameter field whose description holds a nested list.
///
/// - Parameter outputSpan: Where the output goes:
///   - Parameter outputSpan: not a second parameter
///   - Returns: not the return value
/// - Returns: The number of bytes written.
public func nestedListInSeparateParameter(outputSpan: Int) -> Int { 0 }

/// A parameter name in backticks is no tag for DocC.
///
/// - Parameter `index`: The index.
public func backtickedParameterName(index: Int) {}

/// An outline item whose name is in backticks is dropped by DocC.
///
/// - Parameters:
///   - `first`: The first value.
///   - second: The second value.
public func backtickedOutlineItem(first: Int, second: Int) {}

/// Outline items indented by one space are not nested: they are items of the top-level list.
///
/// - Parameters:
///  - first: One space.
///  - second: One space too.
public func outlineIndentedOneSpace(first: Int, second: Int) {}

/// Outline items without indentation are items of the same list.
///
/// - Parameters:
/// - first: No indentation.
/// - second: None either.
public func outlineNotIndented(first: Int, second: Int) {}

/// Outline items indented further than needed are still nested.
///
/// - Parameters:
///       - first: Six spaces.
///       - second: Six spaces too.
public func outlineIndentedSixSpaces(first: Int, second: Int) {}

/// A wide marker: the content column is after the spaces.
///
/// -   Parameters:
///     - first: Nested under the wide marker.
///     - second: Also nested.
public func outlineUnderWideMarker(first: Int, second: Int) {}

/// Text after `Parameters:` is dropped by DocC, and so are items without a tag.
///
/// - Parameters: Some text.
///   - first: The first value.
///   - just an item
///   - second: The second value.
public func outlineWithExtraContent(first: Int, second: Int) {}

/// A description that continues on lazy lines and in a second paragraph.
///
/// - Parameters:
///   - value: The value,
///   continued on a lazy line.
///
///     A second paragraph of the description.
///   - other: Another value.
public func multiParagraphParameter(value: Int, other: Int) {}

/// A parameter name with an underscore.
///
/// - Parameter snake_case: The underscore splits the text before the colon.
/// - Parameters:
///   - other_name: In an outline too.
public func underscoreParameterName(snake_case: Int, other_name: Int) {}

/// Parameter fields with unusual spacing and case.
///
/// - parameter first: Lower-case field name.
/// - PARAMETER second: Upper-case field name.
/// - Parameter  third:   Extra spaces.
public func parameterSpacing(first: Int, second: Int, third: Int) {}

/// A parameter description with a code block.
///
/// - Parameter body: The body, for example:
///
///   ```swift
///   - Parameter x: inside code
///   ```
public func parameterWithCodeBlock(body: String) {}

/// An ordered list: DocC files parameters and return values from it, and hides its callouts.
///
/// 1. Note: an ordered item
/// 2. Another item
public func orderedList() {}

/// A parameter field in the middle of a list of ordinary items.
///
/// - An ordinary item.
/// - Parameter value: The value.
/// - Another ordinary item.
public func parameterAmongItems(value: Int) {}

/// Doxygen commands.
///
/// @param value The value
/// that continues.
/// @param other The other value.
/// @result The result.
public func doxygenCommands(value: Int, other: Int) -> Int { 0 }
