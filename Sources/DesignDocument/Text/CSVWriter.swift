import Foundation
import Inventory

/// CSV output: RFC 4180 (comma separated, CRLF line ends, fields with commas, quotes or line breaks quoted,
/// quotes doubled), UTF-8, one header row, one row per function.
///
/// A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return would run as a formula when the
/// file is opened in a spreadsheet (CSV injection); such cells get a leading apostrophe, which spreadsheets
/// show as text.
public enum CSVWriter {
    /// The columns of the inventory CSV, in order (the JSON field names where one exists): the columns it has always
    /// had, then the fields ``FunctionRecord/schema`` marks as CSV columns (``TemplateColumn/isCSVColumn``).
    public static let inventoryColumns = fixedColumns + schemaColumns.map(\.name)

    /// The columns the CSV had before the schema named any.
    private static let fixedColumns = [
        "module", "file", "line", "column", "type", "kind", "name", "signature", "accessLevel", "effectiveAccess",
        "documented", "summary", "parameters", "returns", "throws", "condition", "section",
    ]

    /// The schema's fields that are CSV columns, after the fixed ones.
    private static let schemaColumns = FunctionRecord.schema.fields.filter {
        $0.template?.isCSVColumn == true && !fixedColumns.contains($0.name)
    }

    /// The inventory as CSV text.
    ///
    /// - Parameters:
    ///   - inventory: The inventory whose functions become rows.
    ///   - context: The document facts; the CSV has no cover, so they are not written (kept for symmetry with the other
    ///     writers).
    /// - Returns: One header row, then one row per function in the inventory's order, each ending in CRLF.
    public static func inventory(_ inventory: Inventory, context: DocumentContext) -> String {
        var lines = [row(inventoryColumns)]
        for record in inventory.functions {
            lines.append(row([
                record.module, record.file, String(record.line), String(record.column), record.enclosingType ?? "",
                record.kind.rawValue, record.name, record.signature, record.accessLevel.rawValue,
                record.effectiveAccess.rawValue, record.isDocumented ? "yes" : "no", record.doc?.summary ?? "",
                FieldCatalog.parameterText(record), FieldCatalog.returnsText(record), FieldCatalog.throwsText(record),
                record.condition ?? "", record.section ?? "",
            ] + schemaColumns.map { CellValue($0.cell(record)).text }))
        }
        return lines.joined()
    }

    /// The columns of the review CSV.
    public static let reviewColumns = [
        "change", "module", "file", "line", "type", "name", "oldSignature", "newSignature", "oldAccess", "newAccess",
        "changes",
    ]

    /// A diff as CSV text: one row per added, removed or changed function.
    ///
    /// - Parameter diff: The comparison of two inventories.
    /// - Returns: One header row, then the added, removed and changed functions, each row ending in CRLF.
    public static func review(_ diff: InventoryDiff) -> String {
        var lines = [row(reviewColumns)]
        func add(_ change: String, old: FunctionRecord?, new: FunctionRecord?, changes: [InventoryDiff.Change]) {
            let shown = new ?? old!
            lines.append(row([
                change, shown.module, shown.file, String(shown.line), shown.enclosingType ?? "", shown.name,
                old?.signature ?? "", new?.signature ?? "", old?.accessLevel.rawValue ?? "", new?.accessLevel.rawValue ?? "",
                changes.map(\.rawValue).joined(separator: " "),
            ]))
        }
        for record in diff.added { add("added", old: nil, new: record, changes: []) }
        for record in diff.removed { add("removed", old: record, new: nil, changes: []) }
        for change in diff.changed { add("changed", old: change.old, new: change.new, changes: change.changes) }
        return lines.joined()
    }

    /// One CSV line (with its CRLF) from `fields`.
    ///
    /// - Parameter fields: The row's values, in column order.
    /// - Returns: The fields neutralised, quoted where needed, joined by commas and ended by CRLF.
    public static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// One field, neutralised against formula injection and quoted when needed.
    ///
    /// Commas, quotes and line breaks are found among the Unicode scalars, not the characters: a quote or comma
    /// followed by a combining mark (`",\u{301}"`) is one `Character` that equals neither, but a CSV reader sees a
    /// comma or quote all the same (found by the fuzzer, `Tests/Fixtures/FuzzRegressions/FuzzDocAndTemplates`).
    ///
    /// - Parameter value: The cell's text.
    /// - Returns: `value` prefixed with `'` when it starts with `=`, `+`, `-`, `@`, tab or CR (so spreadsheets do not
    ///   run it as a formula), in double quotes with `"` doubled when it holds a comma, quote or line break.
    public static func field(_ value: String) -> String {
        var text = value
        if let first = text.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) {
            text = "'" + text
        }
        if text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"", options: .literal) + "\""
        }
        return text
    }
}
