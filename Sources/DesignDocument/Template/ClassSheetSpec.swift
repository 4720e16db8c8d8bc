import Foundation

/// One table of a `classes` sheet: an optional title band, then a header row and one row per member.
public struct MemberTableSpec: Sendable {
    /// The text of a band above the header (`プロパティ一覧`), or `nil` for none.
    public var title: LocalizedText?
    /// The table's columns: property fields in the property table, function fields in the method table.
    public var columns: [ColumnSpec]
    /// The line in the template, for messages.
    public var line: Int
}

/// The tables of a `classes` sheet, top to bottom: the properties, then the methods. A table the template leaves
/// out is not written; a table without rows for a type is left out of that type's sheet, title and header included.
public struct MemberTables: Sendable {
    /// The property and enum-case table (`properties:` in YAML), or `nil`.
    public var properties: MemberTableSpec?
    /// The method table (`methods:` in YAML), or `nil`.
    public var methods: MemberTableSpec?
}
