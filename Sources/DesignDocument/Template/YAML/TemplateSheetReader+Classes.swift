import Foundation
import YAMLReading
import Yams

/// The two tables of a `classes` sheet (`properties:` and `methods:`) and its sort keys, which may name fields of
/// either table.
extension TemplateSheetReader {
    /// The property and method tables of a classes sheet, at least one of them; `nil` on every other kind.
    func memberTables() throws(YAMLNodeError) -> MemberTables? {
        guard kind == .classes else { return nil }
        let properties = try memberTable("properties", catalogue: .properties)
        let methods = try memberTable("methods", catalogue: .functions)
        guard properties != nil || methods != nil else {
            throw loader.fail(node, "a classes sheet needs 'properties: {columns: …}' (property fields: \(FieldCatalog.fieldNames(for: .properties).joined(separator: ", "))), 'methods: {columns: …}' (function fields) or both")
        }
        return MemberTables(properties: properties, methods: methods)
    }

    /// The table under `key` (`{title: …, columns: […]}`), whose columns are fields of `catalogue`; `nil` when the
    /// sheet leaves it out.
    private func memberTable(_ key: String, catalogue: SheetKind) throws(YAMLNodeError) -> MemberTableSpec? {
        guard let tableNode = keys[key] else { return nil }
        let tableKeys = try reader.mapping(tableNode, key, allowed: TemplateLoader.memberTableKeys)
        guard let columnsNode = tableKeys["columns"] else {
            throw loader.fail(tableNode, "'\(key)' needs 'columns'; valid fields: \(FieldCatalog.fieldNames(for: catalogue).joined(separator: ", "))")
        }
        let title = try tableKeys["title"].map { n throws(YAMLNodeError) in try loader.text(n, "title", placeholders: Placeholders.all) }
        return MemberTableSpec(title: title, columns: try columns(of: columnsNode, catalogue: catalogue), line: loader.line(tableNode))
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
