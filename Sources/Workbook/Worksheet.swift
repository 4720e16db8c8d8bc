import SpreadsheetModel
import Foundation
import CXLSXWriter

/// A cell look resolved into its workbook's format once (``Worksheet/format(for:)``), so that a table's cells are
/// written without looking their style up again for each of them (hashing a `CellStyle` per cell was a tenth of
/// writing a large workbook). Valid for the workbook it came from, until that workbook is closed: every write still
/// checks that the workbook is open.
public struct CellFormat {
    /// The libxlsxwriter format, or `nil` for Excel's default look.
    let pointer: UnsafeMutablePointer<lxw_format>?
    /// The workbook the format belongs to (a format of another workbook would point into its tables).
    let owner: WorkbookCore
}

/// One sheet of a ``Workbook``. Every write goes through Excel's limits (see ``ExcelText``);
/// rows and columns are zero-based.
///
/// A worksheet does not keep its workbook alive. Once the workbook is closed or released, every method throws
/// ``WorkbookError/alreadyClosed(path:)``; the properties (name, counts, visibility) stay readable.
public final class Worksheet {
    /// Excel's last row index (zero-based): a sheet holds 1,048,576 rows.
    public static let maximumRows = SheetGrid.maximumRows
    /// Excel's column count.
    public static let maximumColumns = SheetGrid.maximumColumns
    /// The most hyperlinks Excel keeps on one sheet; further links are written as plain text.
    public static let maximumLinks = 65_530
    /// The longest URL Excel accepts; longer links are written as plain text.
    public static let maximumURLLength = 2_079
    /// Excel's default column width in character units (libxlsxwriter's `LXW_DEF_COL_WIDTH`).
    public static let defaultColumnWidth = 8.43

    /// The sheet's name.
    public let name: String
    /// How many cells had to be truncated to Excel's 32,767-character limit.
    public private(set) var truncatedCellCount = 0

    /// The C worksheet, freed with the workbook. Private to this file: every use goes through ``requireOpen()``.
    private let unsafeHandle: UnsafeMutablePointer<lxw_worksheet>
    /// What the sheet shares with its workbook (held strongly: the workbook's lifetime does not depend on it).
    let core: WorkbookCore
    /// The last row written (constant-memory mode refuses rows above it).
    private var lastRow = -1
    /// In constant-memory mode, merged ranges whose rows below ``lastRow`` still need their formatted blank cells:
    /// they are written when a later write reaches their rows (or at ``Workbook/close()``), so that the cells beside
    /// a merge can still be written row by row.
    private var pendingMerges: [PendingMerge] = []
    /// Whether the tab shows (see ``setVisibility(_:)``).
    public internal(set) var visibility: SheetVisibility = .visible
    /// Gridlines shown on screen and printed (libxlsxwriter sets both with one call).
    var gridlines = (screen: true, print: false)
    /// The default row height in points (see ``setDefaultRowHeight(_:hideUnusedRows:)``).
    public internal(set) var defaultRowHeight = 15.0
    /// Whether ``select(_:)-(CellRange)`` was called (libxlsxwriter keeps the first selection only).
    var hasSelection = false
    private var linkCount = 0
    /// How many links were written as plain text because the sheet already held Excel's 65,530 links.
    public private(set) var linksOverLimitCount = 0

    /// Wraps a worksheet added by ``Workbook/addWorksheet(named:)``.
    init(name: String, handle: UnsafeMutablePointer<lxw_worksheet>, core: WorkbookCore) {
        self.name = name
        self.unsafeHandle = handle
        self.core = core
    }

    /// The libxlsxwriter worksheet, or `alreadyClosed` once the workbook is closed or released (libxlsxwriter freed
    /// the sheet then). Every call that reaches libxlsxwriter starts here: it is the only way to the C worksheet.
    func requireOpen() throws(WorkbookError) -> UnsafeMutablePointer<lxw_worksheet> {
        _ = try core.requireOpen()
        return unsafeHandle
    }

    // MARK: - Cells

    /// Writes text. Empty text writes an empty cell that still carries `style` (libxlsxwriter would write nothing).
    ///
    /// - Parameters:
    ///   - text: The cell text; it is cleaned and cut to Excel's limit (see ``ExcelText/prepare(_:limit:)``).
    ///   - row: The zero-based row.
    ///   - column: The zero-based column.
    ///   - style: The cell's look, or `nil` for Excel's default.
    /// - Throws: `WorkbookError.cellOutOfRange` when the cell is outside Excel's grid;
    ///   `WorkbookError.rowWrittenOutOfOrder` when, in constant-memory mode, `row` is above a row already written;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   refuses the write.
    public func write(_ text: String, row: Int, column: Int, style: CellStyle? = nil) throws(WorkbookError) {
        try write(text, row: row, column: column, format: format(for: style))
    }

    /// Writes text in a look resolved beforehand (see ``format(for:)``): the same as
    /// ``write(_:row:column:style:)-(String,_,_,_)`` without looking the style up again for every cell.
    ///
    /// - Parameters:
    ///   - text: The cell text; it is cleaned and cut to Excel's limit (see ``ExcelText/prepare(_:limit:)``).
    ///   - row: The zero-based row.
    ///   - column: The zero-based column.
    ///   - format: The cell's look, from this worksheet's workbook.
    /// - Throws: As ``write(_:row:column:style:)-(String,_,_,_)``.
    public func write(_ text: String, row: Int, column: Int, format: CellFormat) throws(WorkbookError) {
        try write(ExcelText.prepare(text), row: row, column: column, format: format)
    }

    /// Writes text already cleaned and cut by ``ExcelText/prepare(_:limit:)``, e.g. on another thread while earlier
    /// rows were written: the same as ``write(_:row:column:format:)-(String,_,_,_)`` given the original text.
    ///
    /// - Parameters:
    ///   - prepared: The prepared text; a truncated one counts in ``truncatedCellCount``.
    ///   - row: The zero-based row.
    ///   - column: The zero-based column.
    ///   - format: The cell's look, from this worksheet's workbook.
    /// - Throws: As ``write(_:row:column:style:)-(String,_,_,_)``.
    public func write(_ prepared: ExcelText.Prepared, row: Int, column: Int, format: CellFormat) throws(WorkbookError) {
        let sheet = try checkCell(row, column, format)
        if prepared.wasTruncated { truncatedCellCount += 1 }
        if prepared.text.isEmpty {
            if format.pointer != nil { try writeBlank(row: row, column: column, format: format) }
            return
        }
        let result = prepared.text.withCString { worksheet_write_string(sheet, lxw_row_t(row), lxw_col_t(column), $0, format.pointer) }
        try core.check(result, "writing text to \(name)!\(CellReference(row: row, column: column))")
    }

    /// ``checkCell(_:_:)`` for a write in `format`, which must come from this worksheet's workbook.
    private func checkCell(_ row: Int, _ column: Int, _ format: CellFormat) throws(WorkbookError) -> UnsafeMutablePointer<lxw_worksheet> {
        guard format.owner === core else {
            throw .invalidValue(context: "\(name)!\(CellReference(row: row, column: column))",
                                reason: "the cell format belongs to another workbook")
        }
        return try checkCell(row, column)
    }

    /// A style resolved once into the workbook's format for it, for writing many cells in the same look.
    ///
    /// - Parameter style: The look, or `nil` for Excel's default.
    /// - Returns: The format, valid for this worksheet's workbook until it is closed.
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.invalidValue` for a style
    ///   libxlsxwriter cannot hold.
    public func format(for style: CellStyle?) throws(WorkbookError) -> CellFormat {
        CellFormat(pointer: try core.format(for: style), owner: core)
    }

    /// Writes a number.
    ///
    /// - Parameters:
    ///   - number: The value.
    ///   - row: The zero-based row.
    ///   - column: The zero-based column.
    ///   - style: The cell's look, or `nil` for Excel's default.
    /// - Throws: `WorkbookError.cellOutOfRange` when the cell is outside Excel's grid;
    ///   `WorkbookError.rowWrittenOutOfOrder` when, in constant-memory mode, `row` is above a row already written;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   refuses the write.
    public func write(_ number: Double, row: Int, column: Int, style: CellStyle? = nil) throws(WorkbookError) {
        try write(number, row: row, column: column, format: format(for: style))
    }

    /// Writes a number in a look resolved beforehand (see ``format(for:)``).
    ///
    /// - Parameters:
    ///   - number: The value.
    ///   - row: The zero-based row.
    ///   - column: The zero-based column.
    ///   - format: The cell's look, from this worksheet's workbook.
    /// - Throws: As ``write(_:row:column:style:)-(Double,_,_,_)``.
    public func write(_ number: Double, row: Int, column: Int, format: CellFormat) throws(WorkbookError) {
        let sheet = try checkCell(row, column, format)
        let result = worksheet_write_number(sheet, lxw_row_t(row), lxw_col_t(column), number, format.pointer)
        try core.check(result, "writing a number to \(name)!\(CellReference(row: row, column: column))")
    }

    /// Writes an integer.
    ///
    /// - Parameters:
    ///   - number: The value, written as a floating-point number as Excel stores all numbers.
    ///   - row: The zero-based row.
    ///   - column: The zero-based column.
    ///   - style: The cell's look, or `nil` for Excel's default.
    /// - Throws: `WorkbookError.cellOutOfRange` when the cell is outside Excel's grid;
    ///   `WorkbookError.rowWrittenOutOfOrder` when, in constant-memory mode, `row` is above a row already written;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   refuses the write.
    public func write(_ number: Int, row: Int, column: Int, style: CellStyle? = nil) throws(WorkbookError) {
        try write(Double(number), row: row, column: column, style: style)
    }

    /// Writes an empty cell carrying `style` (borders and fills of a table ready to be filled in).
    ///
    /// - Parameters:
    ///   - row: The zero-based row.
    ///   - column: The zero-based column.
    ///   - style: The cell's look; `nil` writes a cell with Excel's default look.
    /// - Throws: `WorkbookError.cellOutOfRange` when the cell is outside Excel's grid;
    ///   `WorkbookError.rowWrittenOutOfOrder` when, in constant-memory mode, `row` is above a row already written;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   refuses the write.
    public func writeBlank(row: Int, column: Int, style: CellStyle?) throws(WorkbookError) {
        try writeBlank(row: row, column: column, format: format(for: style))
    }

    /// Writes an empty cell in a look resolved beforehand (see ``format(for:)``).
    ///
    /// - Parameters:
    ///   - row: The zero-based row.
    ///   - column: The zero-based column.
    ///   - format: The cell's look, from this worksheet's workbook.
    /// - Throws: As ``writeBlank(row:column:style:)``.
    public func writeBlank(row: Int, column: Int, format: CellFormat) throws(WorkbookError) {
        let sheet = try checkCell(row, column, format)
        let result = worksheet_write_blank(sheet, lxw_row_t(row), lxw_col_t(column), format.pointer)
        try core.check(result, "writing a blank cell to \(name)!\(CellReference(row: row, column: column))")
    }

    /// Writes a formula such as `=SUM(B2:B9)` (the leading `=` is optional).
    ///
    /// - Parameters:
    ///   - formula: The formula in Excel's English syntax, e.g. `=COUNTIF(M2:M40,0)`.
    ///   - row: The zero-based row.
    ///   - column: The zero-based column.
    ///   - style: The cell's look, or `nil` for Excel's default.
    /// - Throws: `WorkbookError.cellOutOfRange` when the cell is outside Excel's grid;
    ///   `WorkbookError.rowWrittenOutOfOrder` when, in constant-memory mode, `row` is above a row already written;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   refuses the write.
    public func writeFormula(_ formula: String, row: Int, column: Int, style: CellStyle? = nil) throws(WorkbookError) {
        let sheet = try checkCell(row, column)
        let format = try core.format(for: style)
        let result = formula.withCString { worksheet_write_formula(sheet, lxw_row_t(row), lxw_col_t(column), $0, format) }
        try core.check(result, "writing a formula to \(name)!\(CellReference(row: row, column: column))")
    }

    /// Writes a link to a web page or file (`https://…`, `file://…`, `mailto:…`) showing `text`.
    ///
    /// A URL longer than Excel's 2,079 characters, or a link beyond the 65,530 a sheet holds, is written as
    /// plain text instead, so the content is never lost.
    ///
    /// - Parameters:
    ///   - url: The link target, e.g. `https://example.com/File.swift#L12`.
    ///   - text: The text shown in the cell; the URL itself when empty.
    ///   - row: The zero-based row.
    ///   - column: The zero-based column.
    ///   - style: The cell's look, or `nil` for Excel's default.
    /// - Throws: `WorkbookError.cellOutOfRange` when the cell is outside Excel's grid;
    ///   `WorkbookError.rowWrittenOutOfOrder` when, in constant-memory mode, `row` is above a row already written;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   refuses the write.
    public func writeLink(url: String, text: String, row: Int, column: Int, style: CellStyle? = nil) throws(WorkbookError) {
        _ = try requireOpen()
        let cleanURL = ExcelText.removingInvalidCharacters(url)
        guard cleanURL.utf16.count <= Worksheet.maximumURLLength, linkCount < Worksheet.maximumLinks, !cleanURL.isEmpty else {
            if linkCount >= Worksheet.maximumLinks { linksOverLimitCount += 1 }
            try write(text, row: row, column: column, style: style)
            return
        }
        try writeURL(cleanURL, text: text, row: row, column: column, style: style)
    }

    /// Writes a link to a web page showing a number: the cell stays numeric (it sorts and filters as a number, and
    /// Excel does not flag "number stored as text"). As libxlsxwriter documents, the link is written first and its
    /// displayed value then overwritten with the number in the same format.
    ///
    /// - Parameters:
    ///   - url: The link target, e.g. `https://example.com/File.swift#L12`; beyond Excel's limits only the number is written.
    ///   - number: The value shown in the cell, e.g. a line number.
    ///   - row: The zero-based row.
    ///   - column: The zero-based column.
    ///   - style: The cell's look, or `nil` for Excel's default.
    /// - Throws: `WorkbookError.cellOutOfRange` when the cell is outside Excel's grid;
    ///   `WorkbookError.rowWrittenOutOfOrder` when, in constant-memory mode, `row` is above a row already written;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   refuses the write.
    public func writeLink(url: String, number: Double, row: Int, column: Int, style: CellStyle? = nil) throws(WorkbookError) {
        _ = try requireOpen()
        try writeLink(url: url, text: number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number), row: row, column: column, style: style)
        try write(number, row: row, column: column, style: style)
    }

    /// The first character of `choice` that a drop-down list cannot hold — a comma (Excel's separator) or a double
    /// quote (the list's delimiter, which libxlsxwriter does not escape) — or `nil`.
    ///
    /// - Parameter choice: One choice of a drop-down list.
    /// - Returns: The offending character, or `nil` when the choice can be listed.
    public static func forbiddenDropDownCharacter(in choice: String) -> Character? {
        choice.first { $0 == "," || $0 == "\"" }
    }

    /// Writes a link to a cell of a sheet in this workbook showing `text`.
    ///
    /// - Parameters:
    ///   - sheet: The name of the target worksheet.
    ///   - cell: The target cell on that sheet (default: `A1`).
    ///   - text: The text shown in the cell.
    ///   - row: The zero-based row.
    ///   - column: The zero-based column.
    ///   - style: The cell's look, or `nil` for Excel's default.
    /// - Throws: `WorkbookError.cellOutOfRange` when the cell is outside Excel's grid;
    ///   `WorkbookError.rowWrittenOutOfOrder` when, in constant-memory mode, `row` is above a row already written;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   refuses the write.
    public func writeLink(toSheet sheet: String, cell: CellReference = CellReference(row: 0, column: 0), text: String,
                          row: Int, column: Int, style: CellStyle? = nil) throws(WorkbookError) {
        _ = try requireOpen()
        guard linkCount < Worksheet.maximumLinks else {
            linksOverLimitCount += 1
            try write(text, row: row, column: column, style: style)
            return
        }
        try writeURL("internal:\(SheetName.quotedForFormula(sheet))!\(cell)", text: text, row: row, column: column, style: style)
    }

    /// Writes a hyperlink (external URL or `internal:` link) with its display text.
    private func writeURL(_ url: String, text: String, row: Int, column: Int, style: CellStyle?) throws(WorkbookError) {
        let sheet = try checkCell(row, column)
        let prepared = ExcelText.prepare(text.isEmpty ? url : text)
        if prepared.wasTruncated { truncatedCellCount += 1 }
        let format = try core.format(for: style)
        let result = url.withCString { urlPointer in
            prepared.text.withCString { textPointer in
                worksheet_write_url_opt(sheet, lxw_row_t(row), lxw_col_t(column), urlPointer, format, textPointer, nil)
            }
        }
        try core.check(result, "writing a link to \(name)!\(CellReference(row: row, column: column))")
        linkCount += 1
    }

    /// Merges `range` into one cell showing `text`.
    ///
    /// In constant-memory mode the range's first row must not be above a row already written. Its first row is
    /// written at once; the formatted blank cells of its other rows when a later write reaches them (or at
    /// ``Workbook/close()``), so the cells beside a merge spanning several rows can still be written row by row, and its
    /// first cell can be overwritten with a number or formula right after the merge.
    ///
    /// - Parameters:
    ///   - range: The cells to merge (at least two).
    ///   - text: The text shown in the merged cell; it is cleaned and cut to Excel's limit.
    ///   - style: The merged cell's look, or `nil` for Excel's default.
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.cellOutOfRange` when a corner
    ///   is outside Excel's grid; `WorkbookError.rowWrittenOutOfOrder` when, in constant-memory mode, the first row is
    ///   above a row already written; `WorkbookError.libraryError` when libxlsxwriter refuses it (e.g. a single cell).
    public func merge(_ range: CellRange, text: String, style: CellStyle? = nil) throws(WorkbookError) {
        _ = try requireOpen()
        guard range.last.row < Worksheet.maximumRows, range.last.column < Worksheet.maximumColumns else {
            throw .cellOutOfRange(sheet: name, row: range.last.row, column: range.last.column)
        }
        // The first row is checked (and, in constant-memory mode, becomes the row being written); the last row is only
        // checked against the grid above, so that it does not count as written.
        let sheet = try checkCell(range.first.row, range.first.column)
        let prepared = ExcelText.prepare(text)
        if prepared.wasTruncated { truncatedCellCount += 1 }
        let format = try core.format(for: style)
        let (top, left) = (lxw_row_t(range.first.row), lxw_col_t(range.first.column))
        let (bottom, right) = (lxw_row_t(range.last.row), lxw_col_t(range.last.column))
        guard core.constantMemory else {
            let result = prepared.text.withCString {
                worksheet_merge_range(sheet, top, left, bottom, right, $0, format)
            }
            try core.check(result, "merging \(name)!\(range)")
            return
        }
        // libxlsxwriter's merge writes the blank cells of every row at once, which in constant-memory mode flushes the
        // rows beside the range. Given no text and no format it writes no cell and only records the range; the cells are
        // then written here, the rows below the first one as later writes reach them.
        try core.check(worksheet_merge_range(sheet, top, left, bottom, right, "", nil), "merging \(name)!\(range)")
        let result = prepared.text.isEmpty
            ? worksheet_write_blank(sheet, top, left, format)
            : prepared.text.withCString { worksheet_write_string(sheet, top, left, $0, format) }
        try core.check(result, "merging \(name)!\(range)")
        guard let format else { return }   // unformatted blank cells are not written (libxlsxwriter skips them too)
        try writeMergeCells(range, row: range.first.row, format: format, sheet)
        if range.last.row > range.first.row {
            pendingMerges.append(PendingMerge(range: range, nextRow: range.first.row + 1, format: format))
        }
    }

    /// A constant-memory merge whose rows from `nextRow` on still need their formatted blank cells.
    private struct PendingMerge {
        /// The merged range.
        let range: CellRange
        /// The first row not yet written.
        var nextRow: Int
        /// The merge's format, given to every cell of the range.
        let format: UnsafeMutablePointer<lxw_format>
    }

    /// Writes the formatted blank cells of `range` in `row` (all but the range's first cell, which holds the value).
    private func writeMergeCells(_ range: CellRange, row: Int, format: UnsafeMutablePointer<lxw_format>,
                                 _ sheet: UnsafeMutablePointer<lxw_worksheet>) throws(WorkbookError) {
        for column in range.first.column...range.last.column where !(row == range.first.row && column == range.first.column) {
            try core.check(worksheet_write_blank(sheet, lxw_row_t(row), lxw_col_t(column), format), "merging \(name)!\(range)")
        }
    }

    /// Writes the pending merge cells of the rows up to `row`, top to bottom (constant-memory mode).
    private func writePendingMerges(through row: Int, _ sheet: UnsafeMutablePointer<lxw_worksheet>) throws(WorkbookError) {
        while let next = pendingMerges.map(\.nextRow).min(), next <= row {
            for index in pendingMerges.indices where pendingMerges[index].nextRow == next {
                try writeMergeCells(pendingMerges[index].range, row: next, format: pendingMerges[index].format, sheet)
                pendingMerges[index].nextRow += 1
            }
            pendingMerges.removeAll { $0.nextRow > $0.range.last.row }
        }
    }

    /// Writes the merge cells still pending; ``Workbook/close()`` calls it before libxlsxwriter writes the file.
    func finishPendingMerges() throws(WorkbookError) {
        guard !pendingMerges.isEmpty else { return }
        try writePendingMerges(through: Int.max, try requireOpen())
    }

    // MARK: - Layout

    /// Sets the width (in Excel character units) of columns `first...last`, optionally hidden.
    ///
    /// - Parameters:
    ///   - first: The zero-based first column.
    ///   - last: The zero-based last column, or `nil` for `first` alone.
    ///   - width: The width in Excel character units (0–255), or `nil` for Excel's default 8.43 (to hide columns or
    ///     give them a style without changing their width). Hidden columns of the default width are written 0 wide,
    ///     as libxlsxwriter does.
    ///   - style: The default look of empty cells in these columns, or `nil`.
    ///   - hidden: Whether the columns are hidden.
    /// - Throws: `WorkbookError.cellOutOfRange` when a column is outside Excel's grid; `WorkbookError.alreadyClosed`
    ///   after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter refuses the setting.
    public func setColumnWidth(_ first: Int, _ last: Int? = nil, width: Double?, style: CellStyle? = nil,
                               hidden: Bool = false) throws(WorkbookError) {
        let sheet = try requireOpen()
        let lastColumn = last ?? first
        guard first >= 0, lastColumn >= 0, first < Worksheet.maximumColumns, lastColumn < Worksheet.maximumColumns else {
            throw .cellOutOfRange(sheet: name, row: 0, column: max(first, lastColumn))
        }
        var options = lxw_row_col_options(hidden: hidden ? 1 : 0, level: 0, collapsed: 0)
        let result = worksheet_set_column_opt(sheet, lxw_col_t(first), lxw_col_t(lastColumn), min(max(width ?? Worksheet.defaultColumnWidth, 0), 255),
                                              try core.format(for: style), &options)
        try core.check(result, "setting the width of columns in \(name)")
    }

    /// Sets the height of a row in points.
    ///
    /// - Parameters:
    ///   - row: The zero-based row.
    ///   - height: The height in points (0–409).
    /// - Throws: `WorkbookError.cellOutOfRange` when `row` is outside Excel's grid;
    ///   `WorkbookError.rowWrittenOutOfOrder` when, in constant-memory mode, `row` is above a row already written;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   refuses the setting.
    public func setRowHeight(_ row: Int, height: Double) throws(WorkbookError) {
        let sheet = try checkCell(row, 0)
        try core.check(worksheet_set_row(sheet, lxw_row_t(row), min(max(height, 0), 409), nil), "setting a row height in \(name)")
    }

    /// Keeps the rows above `row` and the columns left of `column` in view while scrolling.
    ///
    /// - Parameters:
    ///   - row: The zero-based first row that scrolls (1 keeps the header row in view; 0 freezes no rows).
    ///   - column: The zero-based first column that scrolls (0 freezes no columns).
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.cellOutOfRange` when the cell
    ///   is outside Excel's grid.
    public func freezePanes(row: Int, column: Int = 0) throws(WorkbookError) {
        let sheet = try requireOpen()
        guard row >= 0, row < Worksheet.maximumRows, column >= 0, column < Worksheet.maximumColumns else {
            throw .cellOutOfRange(sheet: name, row: row, column: column)
        }
        worksheet_freeze_panes(sheet, lxw_row_t(row), lxw_col_t(column))
    }

    /// Adds filter buttons to the header row of `range`.
    ///
    /// - Parameter range: The filtered table, its first row holding the headers.
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when
    ///   libxlsxwriter refuses the range (e.g. outside the grid).
    public func setAutofilter(_ range: CellRange) throws(WorkbookError) {
        let result = worksheet_autofilter(try requireOpen(), lxw_row_t(range.first.row), lxw_col_t(range.first.column),
                                          lxw_row_t(range.last.row), lxw_col_t(range.last.column))
        try core.check(result, "adding an autofilter to \(name)!\(range)")
    }

    /// Turns `range` (header row included) into an Excel table with filter buttons and banded rows.
    ///
    /// Write the data cells first; the header labels given here replace the first row.
    /// - Parameters:
    ///   - range: The table's cells, its first row being the header row.
    ///   - headers: The column titles, one per column of `range` (an empty title is written as a space).
    ///   - tableName: The table's name in formulas (`Table1`, …), or `nil` for Excel's default.
    ///   - styleNumber: Excel's "Table Style Medium N" (1–28).
    ///   - headerStyle: a style for the header cells as well, for readers that do not draw table styles
    ///     (LibreOffice).
    /// - Throws: `WorkbookError.unavailableInConstantMemoryMode` when the workbook flushes rows as it goes;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   refuses the table (e.g. it overlaps another table or the header count does not match the range).
    public func addTable(_ range: CellRange, headers: [String], name tableName: String? = nil,
                         styleNumber: Int = 2, headerStyle: CellStyle? = nil) throws(WorkbookError) {
        let sheet = try requireOpen()
        if core.constantMemory { throw .unavailableInConstantMemoryMode(feature: "an Excel table") }
        let pool = CStringPool()
        defer { pool.free() }
        let headerFormat = try core.format(for: headerStyle)
        var columns: [UnsafeMutablePointer<lxw_table_column>?] = headers.map { header in
            let column = UnsafeMutablePointer<lxw_table_column>.allocate(capacity: 1)
            column.initialize(to: lxw_table_column())
            column.pointee.header = pool.text(ExcelText.prepare(header.isEmpty ? " " : header, limit: 255).text)
            column.pointee.header_format = headerFormat
            return column
        }
        columns.append(nil)
        defer { for column in columns { column?.deallocate() } }
        var options = lxw_table_options()
        options.name = pool.text(tableName)
        options.style_type = UInt8(LXW_TABLE_STYLE_TYPE_MEDIUM.rawValue)
        options.style_type_number = UInt8(min(max(styleNumber, 1), 28))
        let result = columns.withUnsafeMutableBufferPointer { buffer in
            options.columns = buffer.baseAddress
            return worksheet_add_table(sheet, lxw_row_t(range.first.row), lxw_col_t(range.first.column),
                                       lxw_row_t(range.last.row), lxw_col_t(range.last.column), &options)
        }
        try core.check(result, "adding a table to \(name)!\(range)")
    }

    /// Restricts the cells of `range` to a drop-down list of `choices`.
    /// Excel limits the list to 255 characters including the separating commas.
    ///
    /// - Parameters:
    ///   - range: The cells that get the list.
    ///   - choices: The allowed values: not empty, without commas (Excel's separator) or double quotes (the list's
    ///     delimiter, which libxlsxwriter does not escape).
    ///   - prompt: A message shown when a cell is selected, or `nil` for none.
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when there are
    ///   no choices, a choice is empty or holds a comma or a double quote, they exceed Excel's 255 characters, or
    ///   libxlsxwriter refuses the validation.
    public func addDropDown(_ range: CellRange, choices: [String], prompt: String? = nil) throws(WorkbookError) {
        _ = try requireOpen()
        let cleaned = choices.map { ExcelText.removingInvalidCharacters($0) }
        if let bad = cleaned.first(where: { $0.isEmpty || Worksheet.forbiddenDropDownCharacter(in: $0) != nil }) {
            throw .libraryError(operation: "a drop-down list in \(name)!\(range)",
                                message: bad.isEmpty ? "a choice is empty" : "the choice '\(bad)' contains a comma or a double quote, which Excel's list cannot hold")
        }
        let length = cleaned.map(\.utf16.count).reduce(0, +) + max(0, cleaned.count - 1)
        guard !cleaned.isEmpty, length <= 255 else {
            throw .libraryError(operation: "a drop-down list in \(name)!\(range)",
                                message: "the choices take \(length) characters; Excel allows 1 to 255")
        }
        let message = prompt.map { String(ExcelText.prepare($0, limit: 255).text) }
        try addDataValidation(DataValidation(ranges: [range], kind: .list, formula1: "\"" + cleaned.joined(separator: ",") + "\"",
                                             showsInputMessage: message != nil, inputMessage: message))
    }

    /// Shows the cells of `range` in `style` wherever `formula` (written for the range's top-left cell,
    /// e.g. `=$M2=0`) is true.
    ///
    /// - Parameters:
    ///   - range: The cells to format.
    ///   - formula: A formula written for the range's top-left cell, with relative references, e.g. `=$M2=0`.
    ///   - style: The look applied where the formula is true (font, fill, border).
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when
    ///   libxlsxwriter refuses the format.
    public func addConditionalFormat(_ range: CellRange, formula: String, style: CellStyle) throws(WorkbookError) {
        _ = try requireOpen()
        try addConditionalFormat(ConditionalFormat(ranges: [range], rule: .expression(formula), style: style))
    }

    /// Places `chart` with its top-left corner at `cell`.
    ///
    /// - Parameters:
    ///   - chart: A chart made with this workbook's ``Workbook/addChart(_:)``, not yet inserted.
    ///   - cell: The cell under the chart's top-left corner.
    ///   - xScale: The horizontal scale (1 = Excel's default 480 pixels).
    ///   - yScale: The vertical scale (1 = Excel's default 288 pixels).
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.invalidValue` naming the sheet
    ///   when the chart belongs to another workbook, was inserted before, or the cell is outside Excel's grid;
    ///   `WorkbookError.libraryError` when libxlsxwriter refuses the chart (e.g. it has no series).
    public func insertChart(_ chart: Chart, at cell: CellReference, xScale: Double = 1, yScale: Double = 1) throws(WorkbookError) {
        let sheet = try requireOpen()
        let context = "sheet '\(name)', chart at \(cell)"
        guard chart.core === core else {
            throw .invalidValue(context: context, reason: "the chart was made by another workbook; add it with this workbook's addChart")
        }
        guard !chart.isInserted else {
            throw .invalidValue(context: context, reason: "the chart is already placed on a sheet; make one chart for each place")
        }
        try checkRanges([CellRange(cell, cell)], context: context)
        var options = lxw_chart_options()
        options.x_scale = xScale
        options.y_scale = yScale
        let result = worksheet_insert_chart_opt(sheet, lxw_row_t(cell.row), lxw_col_t(cell.column), try chart.requireOpen(), &options)
        try core.check(result, "inserting a chart into \(name)!\(cell)")
        chart.isInserted = true
    }

    /// Places an image (PNG, JPEG, GIF or BMP) with its top-left corner at `cell`, scaled by `scale`.
    ///
    /// - Parameters:
    ///   - data: The image file's bytes.
    ///   - source: The image's path or name, used in error messages.
    ///   - cell: The cell under the image's top-left corner.
    ///   - scale: The factor applied to the image's width and height (1 = natural size).
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.invalidImage` naming
    ///   `source` when the data is not a PNG, JPEG, GIF or BMP image or libxlsxwriter cannot read it.
    public func insertImage(_ data: Data, source: String, at cell: CellReference, scale: Double = 1) throws(WorkbookError) {
        let sheet = try requireOpen()
        guard Worksheet.isSupportedImage(data) else {
            throw .invalidImage(path: source, reason: "not a PNG, JPEG, GIF or BMP image")
        }
        var options = lxw_image_options()
        options.x_scale = scale
        options.y_scale = scale
        options.object_position = UInt8(LXW_OBJECT_MOVE_DONT_SIZE.rawValue)
        let result = data.withUnsafeBytes { bytes in
            worksheet_insert_image_buffer_opt(sheet, lxw_row_t(cell.row), lxw_col_t(cell.column),
                                              bytes.bindMemory(to: UInt8.self).baseAddress, data.count, &options)
        }
        guard result == LXW_NO_ERROR else {
            throw .invalidImage(path: source, reason: WorkbookCore.message(result))
        }
    }

    /// True when the data starts like a PNG, JPEG, GIF or BMP file.
    static func isSupportedImage(_ data: Data) -> Bool {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        let jpeg: [UInt8] = [0xFF, 0xD8]
        let gif: [UInt8] = Array("GIF8".utf8)
        let bmp: [UInt8] = Array("BM".utf8)
        return [png, jpeg, gif, bmp].contains { data.starts(with: $0) }
    }

    // MARK: - Sheet settings

    /// Colours the sheet's tab.
    ///
    /// - Parameter color: The tab colour.
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func setTabColor(_ color: Color) throws(WorkbookError) {
        worksheet_set_tab_color(try requireOpen(), color.libraryValue)
    }

    /// Hides the grid lines on screen and in print.
    ///
    /// ``setGridlines(screen:print:)`` sets the two separately; a later ``setPageSetup(_:)`` sets the printed ones
    /// from ``PageSetup/printGridlines``.
    ///
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func hideGridlines() throws(WorkbookError) {
        let sheet = try requireOpen()
        gridlines = (false, false)
        applyGridlines(sheet)
    }

    /// Makes this the sheet shown when the workbook opens.
    ///
    /// As in Excel, the active sheet cannot be hidden: a sheet hidden with ``setVisibility(_:)`` is shown again.
    ///
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func activate() throws(WorkbookError) {
        worksheet_activate(try requireOpen())
        visibility = .visible
        core.activeSheet = self
    }

    /// Sets libxlsxwriter's gridline option from ``gridlines`` (it can only switch lines on after hiding all).
    func applyGridlines(_ sheet: UnsafeMutablePointer<lxw_worksheet>) {
        worksheet_gridlines(sheet, UInt8(LXW_HIDE_ALL_GRIDLINES.rawValue))
        let option = (gridlines.screen ? LXW_SHOW_SCREEN_GRIDLINES.rawValue : 0) | (gridlines.print ? LXW_SHOW_PRINT_GRIDLINES.rawValue : 0)
        if option != 0 { worksheet_gridlines(sheet, UInt8(option)) }
    }

    /// Throws when the workbook is closed, the cell is outside Excel's grid or, in constant-memory mode, above the
    /// last row written; in that mode it first writes the pending cells of merges in the rows up to `row`.
    ///
    /// - Returns: The open C worksheet, for the write that follows.
    @discardableResult
    func checkCell(_ row: Int, _ column: Int) throws(WorkbookError) -> UnsafeMutablePointer<lxw_worksheet> {
        let sheet = try requireOpen()
        guard row >= 0, row < Worksheet.maximumRows, column >= 0, column < Worksheet.maximumColumns else {
            throw .cellOutOfRange(sheet: name, row: row, column: column)
        }
        if core.constantMemory {
            if row < lastRow { throw .rowWrittenOutOfOrder(sheet: name, row: row, lastRow: lastRow) }
            if !pendingMerges.isEmpty { try writePendingMerges(through: row, sheet) }
        }
        lastRow = max(lastRow, row)
        return sheet
    }
}
