// Rule: which comments the compiler attaches as documentation (Documentation/Extraction.md, "Doc comments").

/// A single `///` line.
public func singleLineDoc() {}

/**
 A block doc comment with a gutter-less body.
 */
public func blockDoc() {}

/**
 * A block doc comment with a ` * ` gutter.
 * Second line.
 */
public func blockDocWithGutter() {}

/// The doc comment is followed by a blank line.

public func blankLineBeforeDeclaration() {}

/// First doc block.
// A plain comment between doc blocks is skipped.
/// Second doc block.
public func docBlocksJoined() {}

/// A doc block that is separated by a blank line is dropped.

/// Only this block is kept.
public func onlyLastBlock() {}

/// The doc comment before a plain comment is kept.
// A plain comment.
public func docThenPlainComment() {}

// A plain comment only.
public func plainCommentOnly() {}

/* A plain block comment. */
public func plainBlockComment() {}

/// The doc comment sits before the attribute.
@discardableResult
public func docBeforeAttribute() -> Int { 0 }

@discardableResult
/// A comment between the attribute and the declaration is not a doc comment.
public func docAfterAttribute() -> Int { 0 }

/// A comment before the `#if` is not attached to the declaration inside.
#if os(Linux)
public func insideConditional() {}
#endif

#if os(Linux)
/// A comment inside the clause is attached.
public func documentedInsideConditional() {}
#endif

/// A type whose members have modifiers before `func`.
public struct ModifierHolder {
    /// The doc comment sits before the modifiers.
    public static func staticMember() {}

    /// The doc comment is indented with the member.
    ///
    /// A second paragraph.
    public func indentedDoc() {}
}

let trailingHolder = 0 /// A doc comment at the end of the previous line.
/// The next line continues it.
public func afterTrailingDoc() {}
