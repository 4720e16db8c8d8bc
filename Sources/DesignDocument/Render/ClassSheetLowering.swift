import Foundation
import SpreadsheetModel
import Workbook

/// The tables of a `classes` sheet (the property table, then the method table) or of an `entities` sheet (the
/// attribute table, then the relationship table), one under the other below the header cells. A table without rows is left out whole (no title band, no header); the columns are shared, so each is as wide
/// as the wider of the two tables needs.
extension TemplateLowering {
    /// Writes the sheet's member tables from `startRow` down; returns the last row written, or `nil` when neither
    /// table has rows.
    func memberTables(startRow: Int, into planned: inout PlannedWorksheet) -> Int? {
        guard let tables = spec.memberTables else { return nil }
        var parts: [(table: MemberTableSpec, rows: [TableRow])] = []
        if let properties = tables.properties, !sheet.propertyRows.isEmpty { parts.append((properties, sheet.propertyRows)) }
        if let methods = tables.methods, !sheet.rows.isEmpty { parts.append((methods, sheet.rows)) }
        guard !parts.isEmpty else { return nil }
        // One width per column: the wider of the tables' (their own widths, else sized to their content).
        let columnCount = parts.map(\.table.columns.count).max() ?? 0
        var widths = Array(repeating: 0.0, count: columnCount)
        for part in parts {
            let partWidths = columnWidths(headers(of: part.table.columns), rows: part.rows, columns: part.table.columns)
            for (index, width) in partWidths.enumerated() { widths[index] = max(widths[index], width) }
        }
        // As on any table sheet, the table's widths are set after the template's `columnWidths`, and win.
        for (index, width) in widths.enumerated() {
            planned.columns.append(ColumnFormat(first: index, last: index, width: width))
        }
        let highlight = spec.highlightUndocumented.flatMap { template.style($0) }
        let helperColumn = columnCount
        if highlight != nil {
            planned.columns.append(ColumnFormat(first: helperColumn, last: helperColumn, width: 4, hidden: true))
        }
        let headerStyle = planned.style(template.style("header"))
        let titleStyle = planned.style(template.style("group"))
        let bands = (group: planned.style(template.style("group")), subgroup: planned.style(template.style("subgroup")),
                     section: planned.style(template.style("section")))
        var row = startRow
        var lastRow = startRow
        for part in parts {
            let columns = part.table.columns
            let tableWidths = Array(widths.prefix(columns.count))
            if let title = part.table.title {
                // A band over the table's width, in the group style.
                let text = Placeholders.expand(title.text(locale), values)
                var band = PlannedRow(row: row)
                if columns.count > 1 {
                    band.merges.append(PlannedMerge(range: CellRange(firstRow: row, firstColumn: 0, lastRow: row, lastColumn: columns.count - 1),
                                                    text: text, style: titleStyle))
                } else {
                    band.cells.append(PlannedCell(column: 0, content: .text(ExcelText.prepare(text)), style: titleStyle))
                }
                planned.append([band])
                row += 1
            }
            let labels = headers(of: columns)
            var header = PlannedRow(row: row, format: PlannedRowFormat(height: Self.rowHeight(
                labels.map { CellValue.text($0) }, widths: tableWidths, wraps: Array(repeating: true, count: columns.count))))
            for (index, label) in labels.enumerated() {
                header.cells.append(PlannedCell(column: index, content: .text(ExcelText.prepare(label)), style: headerStyle))
            }
            if highlight != nil {
                header.cells.append(PlannedCell(column: helperColumn, content: .text(ExcelText.prepare(WorkbookRenderer.documentedHelperHeader)),
                                                style: headerStyle))
            }
            planned.append([header])
            let styles = columns.map { (planned.style(cellStyle($0)), planned.style(cellStyle($0, link: true))) }
            let rowPlanner = TableRowPlanner(rows: part.rows, cells: cells, columns: columns, widths: tableWidths,
                                             wraps: columns.map(\.wrap), headerRow: row, styles: styles, bands: bands,
                                             helperColumn: highlight == nil ? nil : helperColumn)
            planned.rows.append(.batches(count: part.rows.count) { rowPlanner.plan($0) })
            let first = row + 1
            let last = row + part.rows.count
            let lastColumn = max(0, columns.count - 1)
            for column in columns.indices where !columns[column].choices.isEmpty {
                planned.layout.dropDowns.append((CellRange(firstRow: first, firstColumn: column, lastRow: last, lastColumn: column),
                                                 columns[column].choices.map { $0.text(locale) }))
            }
            if let highlight {
                let reference = "$\(CellReference.columnName(helperColumn))\(first + 1)"
                planned.layout.conditionalFormats.append(ConditionalFormat(
                    ranges: [CellRange(firstRow: first, firstColumn: 0, lastRow: last, lastColumn: lastColumn)],
                    rule: .expression("=AND(ISNUMBER(\(reference)),\(reference)=0)"), style: highlight))
            }
            lastRow = last
            // One empty row between the tables.
            row = last + 2
        }
        return lastRow
    }
}
