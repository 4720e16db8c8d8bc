import Foundation

/// One table of a `classes` or `entities` sheet: an optional title band, then a header row and one row per member.
public struct MemberTableSpec: Sendable {
    /// The text of a band above the header (`プロパティ一覧`), or `nil` for none.
    public var title: LocalizedText?
    /// The table's columns: fields of the table's catalogue (``MemberTable``).
    public var columns: [ColumnSpec]
    /// The line in the template, for messages.
    public var line: Int
}

/// The member tables a sheet can hold, each with its YAML key and its field catalogue.
public enum MemberTable: String, CaseIterable, Sendable {
    /// A `classes` sheet's properties and enum cases (property fields).
    case properties
    /// A `classes` sheet's methods (function fields).
    case methods
    /// An `entities` sheet's attributes (attribute fields).
    case attributes
    /// An `entities` sheet's relationships (relationship fields).
    case relationships
}

/// The tables of a `classes` sheet (the properties, then the methods) or of an `entities` sheet (the attributes, then
/// the relationships), top to bottom. A table the template leaves out is not written; a table without rows for a type
/// or entity is left out of its sheet, title and header included.
public struct MemberTables: Sendable {
    /// The upper table: the property and enum-case table (`properties:` in YAML) or the attribute table
    /// (`attributes:`), or `nil`.
    public var properties: MemberTableSpec?
    /// The lower table: the method table (`methods:` in YAML) or the relationship table (`relationships:`), or `nil`.
    public var methods: MemberTableSpec?
}
