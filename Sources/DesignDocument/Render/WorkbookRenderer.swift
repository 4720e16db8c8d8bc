import Foundation
import Inventory
import Parallelism
import SpreadsheetModel
import Workbook

/// Renders an inventory (or a diff) into an `.xlsx` workbook laid out by a template.
struct WorkbookRenderer {
    let template: Template
    let context: DocumentContext
    let inventory: Inventory?
    let diff: InventoryDiff?
    /// The most rows a worksheet holds; tables continue on another sheet beyond it.
    var rowLimit = Worksheet.maximumRows
    /// Above this many functions an inventory is large: its workbook is written in constant-memory mode (when the
    /// layout allows).
    var largeInventoryThreshold = 40_000

    /// Whether the inventory has more than ``largeInventoryThreshold`` functions.
    var isLargeInventory: Bool { (inventory?.functions.count ?? 0) > largeInventoryThreshold }

    /// The header label of the hidden helper column that drives the "undocumented" highlight.
    static let documentedHelperHeader = "docsheet:documented"

    /// Writes the workbook to `url` atomically.
    ///
    /// - Returns: One warning line for cells cut to Excel's 32,767 characters and one per sheet whose links went
    ///   beyond Excel's 65,530 (written as plain text); empty when nothing was lost.
    @discardableResult
    func render(to url: URL) throws(DesignDocumentError) -> [String] {
        var written: [Worksheet] = []
        let values = globalValues()
        let planner = SheetPlanner(template: template, context: context, inventory: inventory, diff: diff, rowLimit: rowLimit,
                                   globalValues: values)
        if let form = template.form {
            // The workbook-wide settings narrow the inventory itself, so the cover's totals count what is listed.
            let listed = inventory.map(form.workbookFilter.apply)
            let narrowed = WorkbookRenderer(template: template, context: context, inventory: listed, diff: diff)
            let values = narrowed.globalValues()
            let planner = SheetPlanner(template: template, context: context, inventory: listed, diff: diff, rowLimit: rowLimit,
                                       globalValues: values)
            return try FormRenderer(form: form, context: context, inventory: listed, planner: planner, globals: values).render(to: url)
        }
        let sheets = planner.plan()
        // Constant memory flushes rows as written: bounded memory for huge inventories. It rules out Excel
        // tables (plain header + autofilter is written instead) and keeps one temporary file per sheet open,
        // so it is only used when the sheets are few.
        let constantMemory = isLargeInventory && sheets.count <= 200
        do {
            let properties = DocumentProperties(
                title: property("title", values), subject: property("subject", values), author: property("author", values),
                manager: property("manager", values), company: property("company", values),
                category: property("category", values), keywords: property("keywords", values),
                comments: property("comments", values), status: property("status", values), created: context.generatedAt)
            let workbook = try Workbook(destination: url, properties: properties, constantMemory: constantMemory,
                                        defaultFont: template.fonts[context.locale].map { CellStyle(fontName: $0) })
            var logoPlaced = false
            for sheet in sheets {
                let worksheet = try workbook.addWorksheet(named: sheet.name)
                let writer = SheetWriter(
                    renderer: self, planner: planner, sheet: sheet, worksheet: worksheet, workbook: workbook,
                    values: values.merging(sheet.values) { $1 }, allSheets: sheets)
                try writer.write(logo: logoPlaced ? nil : (sheet.spec.kind == .cover ? template.logo : nil))
                if sheet.spec.kind == .cover { logoPlaced = true }
                written.append(worksheet)
            }
            try workbook.close()
        } catch {
            throw .workbook(error)
        }
        return WorkbookRenderer.limitWarnings(written)
    }

    /// One warning for the cells cut to Excel's 32,767 characters and one per sheet whose links went beyond Excel's
    /// limit (written as plain text), after `worksheets` were written.
    static func limitWarnings(_ worksheets: [Worksheet]) -> [String] {
        var warnings: [String] = []
        let truncated = worksheets.map(\.truncatedCellCount).reduce(0, +)
        if truncated > 0 {
            warnings.append("warning: \(truncated) cell\(truncated == 1 ? " was" : "s were") longer than Excel's 32,767 characters "
                            + "and cut (they end in …[truncated]); the JSON output keeps the full text")
        }
        for worksheet in worksheets where worksheet.linksOverLimitCount > 0 {
            warnings.append("warning: sheet '\(worksheet.name)' reached Excel's limit of \(Worksheet.maximumLinks) links; "
                            + "\(worksheet.linksOverLimitCount) more cells are written without a link")
        }
        return warnings
    }

    /// A document property with placeholders expanded, or `nil` when empty.
    private func property(_ key: String, _ values: [String: String]) -> String? {
        guard let text = template.properties[key] else { return nil }
        let expanded = Placeholders.expand(text.text(context.locale), values)
        return expanded.isEmpty ? nil : expanded
    }

    /// Values of the placeholders available everywhere.
    func globalValues() -> [String: String] {
        var values: [String: String] = [
            "project": context.projectName, "version": context.version ?? "", "commit": context.commit ?? "",
            "date": context.dateText, "author": context.author ?? "", "tool": "docsheet \(DocSheetVersion.current)",
            "template": template.name,
        ]
        if let inventory {
            let documented = inventory.functions.documentedCount
            values["functions"] = String(inventory.functions.count)
            values["documented"] = String(documented)
            values["undocumented"] = String(inventory.functions.count - documented)
            values["coverage"] = String(format: "%.1f%%", inventory.documentedPercentage)
            values[Placeholders.coverageFraction] = String(inventory.documentedPercentage / 100)
            values["types"] = String(inventory.types.count)
            values["modules"] = String(Set(inventory.functions.map(\.module) + inventory.types.map(\.module)).count)
            values["files"] = String(Set(inventory.functions.map(\.file) + inventory.types.map(\.file)).count)
        }
        if let diff {
            values["base"] = diff.base
            values["head"] = diff.head
            values["added"] = String(diff.added.count)
            values["removed"] = String(diff.removed.count)
            values["changed"] = String(diff.changed.count)
        }
        return values
    }
}

/// One batch of a table's rows prepared on another thread (`SheetWriter.prepare`) while the batch before it is
/// written: the preparing needs only the rows and the template, the writing holds the thread that owns the workbook.
private final class PreparedBatch: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let prepared = Locked<[SheetWriter.PreparedRow?]>([])

    /// Starts `work` on a global queue.
    init(_ work: @escaping @Sendable () -> [SheetWriter.PreparedRow?]) {
        DispatchQueue.global().async {
            let rows = work()
            self.prepared.withLock { $0 = rows }
            self.done.signal()
        }
    }

    /// The prepared rows, once `work` is done (waits for it); the batch keeps none of them.
    func takeRows() -> [SheetWriter.PreparedRow?] {
        done.wait()
        return prepared.withLock { rows in
            var taken: [SheetWriter.PreparedRow?] = []
            swap(&taken, &rows)
            return taken
        }
    }

    /// Frees written rows on another core: their texts and arrays are hundreds of thousands of small allocations, and
    /// freeing them took the writing thread, which libxlsxwriter keeps busy, about 5% of a large workbook's time.
    static func free(_ rows: consuming [SheetWriter.PreparedRow?]) {
        let written = rows
        // The closure holds the last reference: the rows are freed when the queue releases it, after it ran.
        DispatchQueue.global(qos: .utility).async { _ = written.count }
    }
}

/// What a table's data cells depend on besides their row and column (the document's context and the sheet's
/// placeholder values), without the workbook: `Sendable`, so the rows are prepared and measured on other cores while
/// the thread that owns the workbook writes.
private struct TableCells: Sendable {
    let context: DocumentContext
    let values: [String: String]

    /// The value of one data cell, and its link when the column links to the source.
    func content(_ tableRow: TableRow, column: ColumnSpec) -> (value: CellValue, url: String?, sheetLink: Bool) {
        switch tableRow {
        case .function(let record, let number):
            guard case .function(let field) = column.field else { return (.empty, nil, false) }
            return (FieldCatalog.value(of: field, function: record, number: number, context: context),
                    column.link == .source ? context.sourceURL(file: record.file, line: record.line) : nil, false)
        case .type(let record, let number, let functions):
            guard case .type(let field) = column.field else { return (.empty, nil, false) }
            return (FieldCatalog.value(of: field, type: record, number: number, functions: functions, context: context),
                    column.link == .source ? context.sourceURL(file: record.file, line: record.line) : nil, false)
        case .review(let entry, let number):
            // A removed function lives only in the base revision: its link points there.
            let link = entry.new.map { context.sourceURL(file: $0.file, line: $0.line) }
                ?? entry.old.flatMap { context.baseSourceURL(file: $0.file, line: $0.line) }
            guard case .review(let field) = column.field else { return (.empty, nil, false) }
            return (FieldCatalog.value(of: field, review: entry, number: number, locale: context.locale),
                    column.link == .source ? link : nil, false)
        case .contents(let name, let description, let number):
            guard case .contents(let field) = column.field else { return (.empty, nil, false) }
            switch field {
            case .number: return (.number(Double(number)), nil, false)
            case .sheet: return (.text(name), nil, true)
            case .description: return (.text(Placeholders.expand(description, values)), nil, false)
            }
        case .history(let number):
            guard case .history(let field) = column.field else { return (.empty, nil, false) }
            switch field {
            case .number: return (.number(Double(number)), nil, false)
            case .date: return (number == 1 ? .text(context.dateText) : .empty, nil, false)
            case .version:
                return (number == 1 ? .text(context.version ?? context.commit.map { String($0.prefix(10)) } ?? "") : .empty, nil, false)
            case .author: return (number == 1 ? .text(context.author ?? "") : .empty, nil, false)
            case .blank: return (.empty, nil, false)
            }
        case .group, .section:
            return (.empty, nil, false)
        }
    }
}

/// Writes one planned sheet.
struct SheetWriter {
    let renderer: WorkbookRenderer
    let planner: SheetPlanner
    let sheet: PlannedSheet
    let worksheet: Worksheet
    let workbook: Workbook
    let values: [String: String]
    let allSheets: [PlannedSheet]

    var spec: SheetSpec { sheet.spec }
    var template: Template { renderer.template }
    var locale: DocumentLocale { renderer.context.locale }
    /// What a data cell's content depends on, without the workbook: it goes to the cores that prepare the rows.
    private var cells: TableCells { TableCells(context: renderer.context, values: values) }

    /// Writes the sheet: free cells, the logo, the table or summary, and the sheet and print settings.
    func write(logo: LogoSpec?) throws(WorkbookError) {
        var pendingHeights = spec.rowHeights.sorted { $0.key < $1.key }
        func applyHeights(through row: Int) throws(WorkbookError) {
            while let first = pendingHeights.first, first.key <= row {
                try worksheet.setRowHeight(first.key, height: first.value)
                pendingHeights.removeFirst()
            }
        }
        for cell in spec.cells.sorted(by: { ($0.cell.row, $0.cell.column) < ($1.cell.row, $1.cell.column) }) {
            try applyHeights(through: cell.cell.row)
            try writeFreeCell(cell)
        }
        if let logo {
            try worksheet.insertImage(logo.data, source: logo.path, at: logo.cell, scale: logo.scale)
        }
        for (column, width) in spec.columnWidths {
            try worksheet.setColumnWidth(column, width: width)
        }
        let headerRow = planner.headerRow(spec)
        try applyHeights(through: headerRow - 1)
        var tableEnd: Int?
        switch spec.kind {
        case .cover, .static:
            break
        case .summary:
            tableEnd = try writeSummary(startRow: headerRow)
        default:
            tableEnd = try writeTable(headerRow: headerRow)
        }
        try applyHeights(through: Worksheet.maximumRows)
        if !spec.gridlines { try worksheet.hideGridlines() }
        if let color = spec.tabColor { try worksheet.setTabColor(color) }
        try applyPrintSetup(headerRow: tableEnd == nil ? nil : headerRow)
        if allSheets.first?.name == sheet.name { try worksheet.activate() }
    }

    // MARK: - Free cells

    /// Writes one free cell: merged, linked, a number, or text.
    private func writeFreeCell(_ cell: CellSpec) throws(WorkbookError) {
        let raw = cell.value.text(locale)
        let text = Placeholders.expand(raw, values)
        var style = template.style(cell.style)
        if Placeholders.isOnlyCoverage(raw), style?.numberFormat == nil {
            // Coverage alone in a cell is written as a number (0–1): show it as a percentage.
            style = style ?? CellStyle()
            style?.numberFormat = "0.0%"
        }
        if let range = cell.merge {
            try worksheet.merge(range, text: text, style: style)
            if let number = Placeholders.number(raw, values), cell.link == nil {
                try worksheet.write(number, row: range.first.row, column: range.first.column, style: style)
            }
            // A merged cell can carry a link too: it goes on the range's first cell, in the merge's style.
            guard cell.link != nil else { return }
        }
        if let link = cell.link {
            let raw = link.text(locale)
            let target = Placeholders.expand(raw, values)
            if let sheetTarget = SheetLinkTarget(raw) {
                // A sheet that is not written (e.g. an inventory sheet in a review) leaves plain text, not a broken link.
                guard let resolved = sheetName(for: sheetTarget) else {
                    try worksheet.write(text, row: cell.cell.row, column: cell.cell.column, style: style)
                    return
                }
                try worksheet.writeLink(toSheet: resolved, text: text, row: cell.cell.row, column: cell.cell.column,
                                        style: style ?? template.style("link"))
            } else {
                try worksheet.writeLink(url: target, text: text, row: cell.cell.row, column: cell.cell.column,
                                        style: style ?? template.style("link"))
            }
            return
        }
        if let number = Placeholders.number(raw, values) {
            try worksheet.write(number, row: cell.cell.row, column: cell.cell.column, style: style)
        } else {
            try worksheet.write(text, row: cell.cell.row, column: cell.cell.column, style: style)
        }
    }

    /// The rendered name of the sheet a `sheet-kind:KIND` or `sheet:NAME` link targets, or `nil` when it is not written.
    /// `sheet:NAME` matches the name the template gives a sheet (in any locale) before a rendered name, so a sheet
    /// made from data (a type called `Contents`) cannot take the link over.
    private func sheetName(for target: SheetLinkTarget) -> String? {
        switch target {
        case .kind(let kind):
            return allSheets.first { $0.spec.kind.rawValue == kind }?.name
        case .name(let name):
            return allSheets.first { $0.spec.name.matches(name) }?.name
                ?? allSheets.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.name
        }
    }

    // MARK: - Tables

    /// The header labels, made unique ignoring case (Excel tables need unique column names).
    private func headers() -> [String] {
        var seen: Set<String> = []
        return spec.columns.map { column in
            var header = Placeholders.expand(column.header.text(locale), values)
            if header.isEmpty { header = column.field.name }
            var unique = header
            var counter = 2
            while seen.contains(unique.lowercased()) {
                unique = "\(header) \(counter)"
                counter += 1
            }
            seen.insert(unique.lowercased())
            return unique
        }
    }

    /// The style of a column's data cells (the link style for link columns).
    private func cellStyle(_ column: ColumnSpec, link: Bool = false) -> CellStyle {
        var style = template.style(link ? "link" : (column.style ?? "cell")) ?? CellStyle()
        if column.wrap { style.wrap = true }
        if let format = column.numberFormat { style.numberFormat = format }
        return style
    }

    /// Writes the header and rows; returns the last row written.
    private func writeTable(headerRow: Int) throws(WorkbookError) -> Int {
        let headerLabels = headers()
        let useExcelTable = spec.excelTable && !workbook.constantMemory
        let rows = sheet.rows
        let widths = columnWidths(headerLabels, rows: rows)
        for (index, width) in widths.enumerated() {
            try worksheet.setColumnWidth(index, width: width)
        }
        let headerStyle = template.style("header")
        try worksheet.setRowHeight(headerRow, height: Self.rowHeight(headerLabels.map { CellValue.text($0) }, widths: widths,
                                                               wraps: Array(repeating: true, count: widths.count)))
        for (index, label) in headerLabels.enumerated() {
            try worksheet.write(label, row: headerRow, column: index, style: headerStyle)
        }
        let helperColumn = spec.columns.count
        let highlight = spec.highlightUndocumented.flatMap { template.style($0) }
        if highlight != nil {
            try worksheet.write(WorkbookRenderer.documentedHelperHeader, row: headerRow, column: helperColumn, style: headerStyle)
            try worksheet.setColumnWidth(helperColumn, width: 4, hidden: true)
        }
        let wraps = spec.columns.map(\.wrap)
        let styles = spec.columns.map { (plain: cellStyle($0), link: cellStyle($0, link: true)) }
        // Each column's look and each band's, resolved once for all their cells.
        var plainFormats: [CellFormat] = []
        for style in styles { plainFormats.append(try worksheet.format(for: style.plain)) }
        let bandFormats = (group: try worksheet.format(for: template.style("group")),
                           subgroup: try worksheet.format(for: template.style("subgroup")),
                           section: try worksheet.format(for: template.style("section")))
        let plainNumberFormat = try worksheet.format(for: nil)
        var row = headerRow
        var dataRange: (first: Int, last: Int)?
        var prepared: [PreparedRow?] = []
        // While one batch is written, the next is prepared on the other cores.
        let (cells, columns) = (cells, spec.columns)
        func batch(from start: Int) -> PreparedBatch? {
            guard start < rows.count else { return nil }
            let rows = rows[start..<min(rows.count, start + Self.preparedBatch)]
            return PreparedBatch { Self.prepare(rows, cells: cells, columns: columns, widths: widths, wraps: wraps) }
        }
        var upcoming = batch(from: 0)
        // The rows are read in place, never copied: a record's fields are retained on the other cores meanwhile.
        for position in rows.indices {
            row += 1
            let batchOffset = position % Self.preparedBatch
            if batchOffset == 0 {
                var written = upcoming?.takeRows() ?? []
                swap(&written, &prepared)
                PreparedBatch.free(consume written)
                upcoming = batch(from: position + Self.preparedBatch)
            }
            switch rows[position] {
            case .group(let level, let text):
                try writeBand(text, row: row, format: level == 0 ? bandFormats.group : bandFormats.subgroup)
            case .section(let text):
                try writeBand(text, row: row, format: bandFormats.section)
            default:
                dataRange = (dataRange?.first ?? row, row)
                guard let (contents, texts, documented, height) = prepared[batchOffset] else { continue }
                if height > 15 { try worksheet.setRowHeight(row, height: height) }
                for index in spec.columns.indices {
                    if let text = texts[index] {
                        try worksheet.write(text, row: row, column: index, format: plainFormats[index])
                    } else {
                        try writeContent(contents[index], styles: styles[index], plainFormat: plainFormats[index], row: row,
                                         index: index)
                    }
                }
                if highlight != nil, let documented {
                    try worksheet.write(Double(documented), row: row, column: helperColumn, format: plainNumberFormat)
                }
            }
        }
        let lastRow = max(row, headerRow + (useExcelTable ? 1 : 0))
        let lastColumn = max(0, spec.columns.count - 1)
        if useExcelTable {
            try worksheet.addTable(CellRange(firstRow: headerRow, firstColumn: 0, lastRow: lastRow, lastColumn: lastColumn),
                                   headers: headerLabels, headerStyle: headerStyle)
        } else if spec.autofilter {
            try worksheet.setAutofilter(CellRange(firstRow: headerRow, firstColumn: 0, lastRow: lastRow, lastColumn: lastColumn))
        }
        if spec.freezeHeader || spec.freezeColumns > 0 {
            try worksheet.freezePanes(row: spec.freezeHeader ? headerRow + 1 : 0, column: spec.freezeColumns)
        }
        if let range = dataRange {
            for column in spec.columns.indices where !spec.columns[column].choices.isEmpty {
                try worksheet.addDropDown(CellRange(firstRow: range.first, firstColumn: column, lastRow: range.last, lastColumn: column),
                                          choices: spec.columns[column].choices.map { $0.text(locale) })
            }
            if let highlight {
                let reference = "$\(CellReference.columnName(helperColumn))\(range.first + 1)"
                try worksheet.addConditionalFormat(
                    CellRange(firstRow: range.first, firstColumn: 0, lastRow: range.last, lastColumn: lastColumn),
                    formula: "=AND(ISNUMBER(\(reference)),\(reference)=0)", style: highlight)
            }
        }
        return lastRow
    }

    /// A data row's cell contents (one per column), the text of each plain text cell as Excel will hold it
    /// (``ExcelText/prepare(_:limit:)``; `nil` for other cells), the value of the hidden column behind the
    /// "undocumented" highlight (1 or 0 for a function or type, `nil` for other rows), and the row's height, worked out
    /// before the row is written.
    typealias PreparedRow = (contents: [(value: CellValue, url: String?, sheetLink: Bool)], texts: [ExcelText.Prepared?],
                             documented: Int?, height: Double)

    /// The rows prepared at a time in `writeTable`: enough to share among the cores, few enough that a sheet of
    /// hundreds of thousands of rows (constant-memory mode) does not hold all its cell texts at once (two batches
    /// at most: the one being written and the next).
    private static let preparedBatch = 4_096

    /// The contents and heights of `rows`' data rows (`nil` for group and section rows), worked out on all cores in
    /// chunks of 256 rows: they depend only on the row and the template, and were most of the Swift time of writing a
    /// large sheet.
    private static func prepare(_ rows: ArraySlice<TableRow>, cells: TableCells, columns: [ColumnSpec], widths: [Double],
                                wraps: [Bool]) -> [PreparedRow?] {
        let first = rows.startIndex
        return parallelMap(chunkRanges(count: rows.count, size: 256)) { chunk in
            chunk.map { offset -> PreparedRow? in
                let tableRow = rows[first + offset]
                switch tableRow {
                case .group, .section: return nil
                default:
                    let contents = columns.map { cells.content(tableRow, column: $0) }
                    let texts = contents.map { content -> ExcelText.Prepared? in
                        guard content.url == nil, !content.sheetLink, case .text(let text) = content.value else { return nil }
                        return ExcelText.prepare(text)
                    }
                    let documented: Int? = switch tableRow {
                    case .function(let record, _): record.isDocumented ? 1 : 0
                    // Extensions are rarely documented (their members are): only declarations are flagged.
                    case .type(let record, _, _): record.isDocumented || record.kind == .extension ? 1 : 0
                    default: nil
                    }
                    return (contents, texts, documented, rowHeight(contents.map(\.value), widths: widths, wraps: wraps))
                }
            }
        }.flatMap { $0 }
    }

    /// A group or section row: the text in the first column, the row's other cells in the same style.
    private func writeBand(_ text: String, row: Int, format: CellFormat) throws(WorkbookError) {
        try worksheet.write(text, row: row, column: 0, format: format)
        for column in 1..<max(1, spec.columns.count) {
            try worksheet.writeBlank(row: row, column: column, format: format)
        }
    }

    /// Column widths: the template's, else sized to the header's longest word and the content of the first
    /// rows (there is no autofit in the file format), capped so wrapped columns stay readable.
    private func columnWidths(_ headers: [String], rows: [TableRow]) -> [Double] {
        var widths = headers.map { label in
            label.split(separator: " ").map { ExcelText.displayWidth(of: String($0)) }.max() ?? 4
        }
        let sized = spec.columns.indices.filter { spec.columns[$0].width == nil }
        if !sized.isEmpty {
            // The widest content of each sized column, measured in chunks of rows side by side (on the thread that
            // writes the workbook this was the table's largest cost before its first row).
            let measured = rows.prefix(5_000)
            let (cells, columns) = (cells, spec.columns)
            let chunkWidths = parallelMap(chunkRanges(count: measured.count, size: 500)) { chunk in
                var widest = [Double](repeating: 0, count: sized.count)
                for tableRow in measured[chunk] {
                    for (slot, index) in sized.enumerated() {
                        let value = cells.content(tableRow, column: columns[index]).value
                        let width: Double
                        if case .number = value { width = Double(value.text.count) + 2 } else {
                            width = ExcelText.displayWidth(of: String(value.text.prefix(300)))
                        }
                        widest[slot] = max(widest[slot], width)
                    }
                }
                return widest
            }
            for widest in chunkWidths {
                for (slot, index) in sized.enumerated() { widths[index] = max(widths[index], widest[slot]) }
            }
        }
        return spec.columns.enumerated().map { index, column in
            column.width ?? (column.wrap ? min(max(widths[index] + 2, 10), 50) : min(max(widths[index] + 2, 6), 60))
        }
    }

    /// The height (points) a row needs so its wrapped cells show every line: Excel and LibreOffice do not
    /// grow rows for wrapped text in a generated file on their own.
    static func rowHeight(_ values: [CellValue], widths: [Double], wraps: [Bool]) -> Double {
        var lines = 1
        for (index, value) in values.enumerated() where index < widths.count {
            guard case .text(let text) = value, !text.isEmpty else { continue }
            // A column of width w shows about w digits of Calibri 11 (7 px each) less 5 px of padding. Readers without
            // Calibri (LibreOffice on Linux substitutes a wider sans) fit about 15 % less, so plan for them: a row a
            // little tall in Excel is better than a cut-off line in the printed document.
            let usable = max(1, (widths[index] - 0.7) * 0.85)
            var cellLines = 0
            if wraps[index] {
                // Lines split on the byte: a line feed is never part of a longer UTF-8 sequence.
                for line in text.utf8.split(separator: UInt8(ascii: "\n"), maxSplits: 399, omittingEmptySubsequences: false) {
                    cellLines += SheetWriter.wrappedLines(Substring(line), width: usable)
                }
            } else {
                cellLines = min(400, 1 + text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
            }
            lines = max(lines, cellLines)
        }
        return min(409, Double(lines) * 15)
    }

    /// How many lines Excel needs for `line` in a wrapped cell `width` units wide: words are placed greedily as
    /// Excel does, each character measured at its Calibri 11 width (narrow `i`, `l`, `.`; wide `m`, `W`; CJK double).
    static func wrappedLines(_ line: Substring, width: Double) -> Int {
        func measure(_ scalar: Unicode.Scalar) -> Double {
            switch scalar {
            case " ", "i", "j", "l", "I", "|", ".", ",", ":", ";", "'", "!", "`": return 0.45
            case "f", "r", "t", "(", ")", "[", "]", "{", "}", "-", "/", "\\", "\"": return 0.65
            case "m", "w", "M", "W", "@", "%": return 1.45
            case "A"..."Z": return 1.1
            default:
                if scalar.value < 0x80 { return 0.9 }
                return ExcelText.displayWidth(of: scalar) > 1 ? 2.0 : 0.9
            }
        }
        var lines = 1
        var used = 0.0
        var isFirstWord = true
        var wordWidth = 0.0
        // Places the word measured so far; a space ends a word (two spaces leave an empty word, as Excel keeps them).
        func place() {
            let needed = (isFirstWord || used == 0 ? 0 : 0.45) + wordWidth
            isFirstWord = false
            if used + needed <= width {
                used += needed
            } else {
                // The word starts a new line (a word wider than the column is broken over several).
                if used > 0 { lines += 1 }
                let extraLines = max(0, Int((wordWidth / width).rounded(.up)) - 1)
                lines += extraLines
                used = wordWidth - Double(extraLines) * width
            }
            wordWidth = 0
        }
        for scalar in line.unicodeScalars {
            if scalar == " " { place() } else { wordWidth += measure(scalar) }
        }
        place()
        return lines
    }

    /// Writes one data cell as a sheet link, a URL link or a value.
    ///
    /// `styles` are the column's ``cellStyle(_:link:)`` results, made once per table; `plainFormat` is the plain one
    /// resolved in the workbook (links keep their style: they are few).
    private func writeContent(_ content: (value: CellValue, url: String?, sheetLink: Bool),
                              styles: (plain: CellStyle, link: CellStyle), plainFormat: CellFormat, row: Int,
                              index: Int) throws(WorkbookError) {
        if content.sheetLink {
            try worksheet.writeLink(toSheet: content.value.text, text: content.value.text, row: row, column: index,
                                    style: styles.link)
        } else if let url = content.url, case .number(let number) = content.value {
            // Line numbers stay numbers: they sort as numbers and Excel does not flag them as text.
            try worksheet.writeLink(url: url, number: number, row: row, column: index, style: styles.link)
        } else if let url = content.url {
            try worksheet.writeLink(url: url, text: content.value.text, row: row, column: index, style: styles.link)
        } else {
            switch content.value {
            case .number(let number): try worksheet.write(number, row: row, column: index, format: plainFormat)
            case .text(let text): try worksheet.write(text, row: row, column: index, format: plainFormat)
            case .empty: try worksheet.writeBlank(row: row, column: index, format: plainFormat)
            }
        }
    }

    // MARK: - Summary

    /// Writes the per-module and per-file tables with totals and the chart; returns the last row.
    private func writeSummary(startRow: Int) throws(WorkbookError) -> Int {
        guard let inventory = renderer.inventory else { return startRow }
        var row = startRow
        var widths = Array(repeating: 8.0, count: spec.columns.count)
        // Long file paths wrap in a column of at most 40 units instead of widening it to 60.
        let nameCap = 40.0
        let nameColumn = spec.columns.firstIndex { $0.field == .summary(.name) && $0.width == nil }
        let headerStyle = template.style("header")
        var moduleRange: (first: Int, last: Int)?
        let rowsOfLevels = SummaryRow.rows(inventory, levels: spec.summaryLevels)
        for (level, summaryRows) in zip(spec.summaryLevels, rowsOfLevels) {
            let labels = headers().enumerated().map { index, label in
                spec.columns[index].field == .summary(.name) ? Words.level(level, locale) : label
            }
            for (index, label) in labels.enumerated() {
                try worksheet.write(label, row: row, column: index, style: headerStyle)
                widths[index] = max(widths[index], ExcelText.displayWidth(of: label) + 2)
            }
            let first = row + 1
            for summary in summaryRows {
                row += 1
                for (index, column) in spec.columns.enumerated() {
                    let value = column.field.summaryValue(summary, locale: locale)
                    var style = cellStyle(column)
                    let width = ExcelText.displayWidth(of: value.text) + 2
                    if index == nameColumn, width > nameCap {
                        style.wrap = true
                        let height = Self.rowHeight([value], widths: [nameCap], wraps: [true])
                        if height > 15 { try worksheet.setRowHeight(row, height: height) }
                    }
                    try write(value, row: row, column: index, style: style)
                    widths[index] = max(widths[index], index == nameColumn ? min(width, nameCap) : width)
                }
            }
            if level == .module { moduleRange = (first, row) }
            row += 1
            let total = SummaryRow.total(inventory, name: Words.total(locale))
            let totalStyle = template.style("total") ?? CellStyle()
            for (index, column) in spec.columns.enumerated() {
                var style = totalStyle
                style.numberFormat = column.numberFormat ?? template.style(column.style)?.numberFormat
                try write(column.field.summaryValue(total, locale: locale), row: row, column: index, style: style)
            }
            row += 2
        }
        for (index, column) in spec.columns.enumerated() {
            try worksheet.setColumnWidth(index, width: column.width ?? min(widths[index], 60))
        }
        if let chartSpec = spec.chart, let range = moduleRange, range.last >= range.first,
           let nameColumn = spec.columns.firstIndex(where: { $0.field == .summary(.name) }),
           let valueColumn = spec.columns.firstIndex(where: { $0.field == .summary(chartSpec.field) }) {
            let chart = try workbook.addChart(chartSpec.type)
            let title = Placeholders.expand(chartSpec.title.text(locale), values)
            try chart.addSeries(name: title.isEmpty ? nil : title, sheet: sheet.name,
                            categories: CellRange(firstRow: range.first, firstColumn: nameColumn, lastRow: range.last, lastColumn: nameColumn),
                            values: CellRange(firstRow: range.first, firstColumn: valueColumn, lastRow: range.last, lastColumn: valueColumn),
                            color: Color(rgb: 0x2E75B6))
            if !title.isEmpty { try chart.setTitle(title) }
            if chartSpec.field == .coverage {
                try chart.setValueRange(0...1)
                try chart.setValueFormat("0%")
            }
            try chart.listCategoriesTopDown()
            try chart.hideLegend()
            let height = max(1.0, min(3.0, Double(range.last - range.first + 1) / 8))
            try worksheet.insertChart(chart, at: CellReference(row: startRow, column: spec.columns.count + 1), xScale: 1.3, yScale: height)
        }
        if spec.freezeHeader { try worksheet.freezePanes(row: startRow + 1) }
        return row
    }

    /// Writes a number, text or a styled empty cell.
    private func write(_ value: CellValue, row: Int, column: Int, style: CellStyle) throws(WorkbookError) {
        switch value {
        case .number(let number): try worksheet.write(number, row: row, column: column, style: style)
        case .text(let text): try worksheet.write(text, row: row, column: column, style: style)
        case .empty: try worksheet.writeBlank(row: row, column: column, style: style)
        }
    }

    // MARK: - Print

    /// Applies the template's print settings, with this sheet's overrides.
    private func applyPrintSetup(headerRow: Int?) throws(WorkbookError) {
        let print = template.print.merged(with: spec.print)
        func codes(_ text: LocalizedText?) -> String? {
            guard let text else { return nil }
            // A value starting with a digit right after a font-size code (&8) would change the size: separate them.
            let separated = text.text(locale).replacingOccurrences(of: #"(&\d+)\{\{"#, with: "$1 {{", options: .regularExpression)
            // Excel allows 255 bytes: long values are shortened, every section (&L, &C, &R) is kept.
            let clean = values.mapValues(ExcelText.removingInvalidCharacters)
            return Placeholders.expand(separated, clean, fittingUTF8: 255) { $0.replacingOccurrences(of: "&", with: "&&") }
        }
        let setup = PageSetup(
            landscape: print.landscape ?? false, paper: print.paper ?? .a4, fitToWidth: print.fitToWidth ?? false,
            centerHorizontally: print.center ?? false,
            repeatRows: (print.repeatHeader ?? false) ? headerRow.map { $0...$0 } : nil,
            header: codes(print.header), footer: codes(print.footer))
        try worksheet.setPageSetup(setup)
    }
}

extension SummaryRow {
    /// One row per module or per file, in name order.
    static func rows(_ inventory: Inventory, level: GroupLevel) -> [SummaryRow] {
        var rows: [String: SummaryRow] = [:]
        func key(_ module: String, _ file: String) -> String { level == .file ? file : module }
        for type in inventory.types {
            let name = key(type.module, type.file)
            rows[name, default: SummaryRow(name: name, module: type.module, moduleKind: type.moduleKind ?? inventory.kind(ofModule: type.module),
                                           types: 0, functions: 0, documented: 0)].types += 1
        }
        // Functions come in file order: each run of one file (or module) is counted, then added in one lookup.
        let functions = inventory.functions
        var start = functions.startIndex
        while start < functions.endIndex {
            let name = key(functions[start].module, functions[start].file)
            var end = start
            var documented = 0
            while end < functions.endIndex && key(functions[end].module, functions[end].file) == name {
                if functions[end].isDocumented { documented += 1 }
                end += 1
            }
            rows[name, default: SummaryRow(name: name, module: functions[start].module,
                                           moduleKind: functions[start].moduleKind ?? inventory.kind(ofModule: functions[start].module),
                                           types: 0, functions: 0, documented: 0)].functions += end - start
            rows[name]!.documented += documented
            start = end
        }
        return rows.values.sorted {
            $0.module != $1.module ? SortValue.naturallyPrecedes($0.module, $1.module) : SortValue.naturallyPrecedes($0.name, $1.name)
        }
    }

    /// The rows of each level, counted side by side (each reads only the inventory).
    static func rows(_ inventory: Inventory, levels: [GroupLevel]) -> [[SummaryRow]] {
        parallelMap(levels) { rows(inventory, level: $0) }
    }

    /// The totals of the whole inventory.
    static func total(_ inventory: Inventory, name: String) -> SummaryRow {
        SummaryRow(name: name, module: "", moduleKind: nil, types: inventory.types.count, functions: inventory.functions.count,
                   documented: inventory.functions.documentedCount)
    }
}
