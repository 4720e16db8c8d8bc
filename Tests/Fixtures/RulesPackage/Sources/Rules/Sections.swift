// Rule: `section` is the nearest preceding `// MARK:` in the same type body, else the one in effect where the
// type is declared.

/// Before any MARK: no section.
public func beforeAnyMark() {}

// MARK: - File Section

/// Section `File Section`.
public func inFileSection() {}

/// A type with its own sections.
public struct Sectioned {
    /// The type body starts in the section of its declaration: `File Section`.
    public func unsectioned() {}

    // MARK: - Lifecycle

    /// Section `Lifecycle`.
    public func start() {}

    // MARK: Helpers

    /// Section `Helpers` (no dash).
    public func helper() {}

    // MARK: -

    /// A bare `MARK: -` is a separator without a title: it ends the section (`null`).
    public func afterSeparator() {}
}

/// Back in the file scope: section `File Section` again.
public func afterType() {}
