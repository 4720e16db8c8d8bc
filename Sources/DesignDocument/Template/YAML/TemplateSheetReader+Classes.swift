import Foundation
import YAMLReading
import Yams

/// The two tables of a `classes` sheet (`properties:` and `methods:`) or of an `entities` sheet (`attributes:` and
/// `relationships:`), and a classes sheet's sort keys, which may name fields of either table.
extension TemplateSheetReader {
    /// The two tables of a classes or entities sheet, at least one of them; `nil` on every other kind.
    func memberTables() throws(YAMLNodeError) -> MemberTables? {
        let (upper, lower): (MemberTable, MemberTable)
        switch kind {
        case .classes: (upper, lower) = (.properties, .methods)
        case .entities: (upper, lower) = (.attributes, .relationships)
        default: return nil
        }
        let first = try memberTable(upper)
        let second = try memberTable(lower)
        guard first != nil || second != nil else {
            throw loader.fail(node, "\(kind == .entities ? "an" : "a") \(kind.rawValue) sheet needs '\(upper.rawValue): {columns: …}' (fields: \(FieldCatalog.fieldNames(ofTable: upper).joined(separator: ", "))), '\(lower.rawValue): {columns: …}' (fields: \(FieldCatalog.fieldNames(ofTable: lower).joined(separator: ", "))) or both")
        }
        return MemberTables(properties: first, methods: second)
    }

    /// The table under `table`'s key (`{title: …, columns: […]}`), whose columns are fields of its catalogue; `nil`
    /// when the sheet leaves it out.
    private func memberTable(_ table: MemberTable) throws(YAMLNodeError) -> MemberTableSpec? {
        let key = table.rawValue
        guard let tableNode = keys[key] else { return nil }
        let tableKeys = try reader.mapping(tableNode, key, allowed: TemplateLoader.memberTableKeys)
        guard let columnsNode = tableKeys["columns"] else {
            throw loader.fail(tableNode, "'\(key)' needs 'columns'; valid fields: \(FieldCatalog.fieldNames(ofTable: table).joined(separator: ", "))")
        }
        let title = try tableKeys["title"].map { n throws(YAMLNodeError) in try loader.text(n, "title", placeholders: Placeholders.all) }
        return MemberTableSpec(title: title, columns: try columns(of: columnsNode, catalogue: .table(table)), line: loader.line(tableNode))
    }

    /// The sort keys a classes sheet's `sort` entry makes: the function field of that name orders the methods, the
    /// property field of that name the properties (a name both have, such as `name`, orders both tables).
    func memberSortKeys(_ name: String, descending: Bool, node keyNode: Node) throws(YAMLNodeError) -> [SortKey] {
        let keys = [ColumnField(name, sheet: .functions), ColumnField(name, sheet: .properties)].compactMap { $0 }
        guard !keys.isEmpty else {
            let sortable = (FieldCatalog.fieldNames(for: .functions) + FieldCatalog.fieldNames(for: .properties)).uniqued()
            let suggestion = YAMLNodeReader.closest(name, among: sortable).map { " (did you mean '\($0)'?)" } ?? ""
            throw loader.fail(keyNode, "unknown sort field '\(name)'\(suggestion); valid fields: \(sortable.joined(separator: ", "))")
        }
        return keys.map { SortKey(field: $0, descending: descending) }
    }
}
