// Headings, code blocks, summaries and mixed comment styles.

/// # A Title Heading
///
/// The summary after the title.
///
/// The discussion.
public func titleHeading() {}

/// ## A Second-Level Heading
///
/// No summary: the comment does not start with a paragraph.
public func secondLevelHeading() {}

/// The summary.
///
/// ## Topics
///
/// - ``titleHeading()``
///
/// - Returns: Not read by DocC after Topics.
public func topicsSection() -> Int { 0 }

/// The summary.
///
/// The discussion.
///
/// ## See Also
///
/// - ``titleHeading()``
public func seeAlsoSection() {}

/// A summary
/// # interrupted by a heading.
public func summaryInterruptedByHeading() {}

/// A summary with #hashtag
/// #notAHeading continues it.
public func hashWithoutSpace() {}

/// A summary
/// > interrupted by a quote.
public func summaryInterruptedByQuote() {}

/// A summary
///     with an indented line continues it.
public func summaryWithIndentedLine() {}

///     indented code first
///
/// No summary.
public func indentedCodeFirst() {}

/// ```
/// fenced code first
/// ```
///
/// No summary.
public func fencedCodeFirst() {}

/// <!-- An HTML comment DocC skips. -->
///
/// The summary after the comment.
public func htmlCommentFirst() {}

/// The summary.
///
/// ```swift
/// /// - Parameter x: in a code block
/// func f(x: Int) {}
/// ```
///
///     - Returns: in indented code
public func fieldsInCode() {}

/// The summary.
///
/// ---
///
/// After a thematic break.
/// - - -
public func thematicBreaks() {}

/// Line comment first.
/** Block comment second. */
public func lineThenBlock() {}

/** Block comment first. */
/// Line comment second.
public func blockThenLine() {}

/// Line comment first,
/**
 * then a block with a gutter.
 *
 * - Returns: A value.
 */
public func lineThenGutteredBlock() -> Int { 0 }

/**
 Block comment with fields.

 - Parameters:
   - value: The value.
 - Returns: The result.
 */
public func blockWithFields(value: Int) -> Int { 0 }

/// Links of all kinds: ``Structure``, ``Structure/method()``, [a link](https://swift.org),
/// <https://swift.org>, `code`, *emphasis* and **strong** text.
public func links() {}

/// Smart punctuation: "quotes", 'single', dashes -- and --- and dots...
public func smartPunctuation() {}

/// A type with members.
public struct Structure {
    /// A method.
    ///
    /// - Returns: Nothing.
    public func method() {}
}

/** Text on the opening line
 * and a gutter after it: the compiler keeps the star.
 */
public func textOnTheOpeningLine() {}

/**
 * A gutter on the first line
   but not on the second.
 */
public func partialGutter() {}

/// An indented first line
///         and a deeper second line.
///   A third line between the two.
public func firstLineIndentation() {}
