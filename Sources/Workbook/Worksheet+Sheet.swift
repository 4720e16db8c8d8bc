import SpreadsheetModel
import Foundation
import CXLSXWriter

/// A formula's value as last calculated, written with the formula for readers that do not calculate (Excel
/// recalculates when it opens a workbook written by libxlsxwriter).
public enum FormulaValue: Hashable, Sendable {
    /// A number (dates are numbers).
    case number(Double)
    /// Text.
    case text(String)
}

extension Worksheet {
    // MARK: - Cells

    /// Writes `TRUE` or `FALSE`.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - row: The zero-based row.
    ///   - column: The zero-based column.
    ///   - style: The cell's look, or `nil` for Excel's default.
    /// - Throws: `WorkbookError.cellOutOfRange` when the cell is outside Excel's grid;
    ///   `WorkbookError.rowWrittenOutOfOrder` when, in constant-memory mode, `row` is above a row already written;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   refuses the write.
    public func writeBoolean(_ value: Bool, row: Int, column: Int, style: CellStyle? = nil) throws(WorkbookError) {
        let sheet = try checkCell(row, column)
        let result = worksheet_write_boolean(sheet, lxw_row_t(row), lxw_col_t(column), value ? 1 : 0, try core.format(for: style))
        try core.check(result, "writing a Boolean to \(name)!\(CellReference(row: row, column: column))")
    }

    /// Writes a formula with the value it had when the template was saved, so readers that do not calculate show it.
    ///
    /// - Parameters:
    ///   - formula: The formula in Excel's English syntax (the leading `=` is optional).
    ///   - row: The zero-based row.
    ///   - column: The zero-based column.
    ///   - style: The cell's look, or `nil` for Excel's default.
    ///   - cachedValue: The formula's last value: a number or text (Boolean and error results cannot be cached by
    ///     libxlsxwriter 1.1.4; write them with ``writeFormula(_:row:column:style:)``).
    /// - Throws: `WorkbookError.cellOutOfRange` when the cell is outside Excel's grid;
    ///   `WorkbookError.rowWrittenOutOfOrder` when, in constant-memory mode, `row` is above a row already written;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   refuses the write.
    public func writeFormula(_ formula: String, row: Int, column: Int, style: CellStyle? = nil,
                             cachedValue: FormulaValue) throws(WorkbookError) {
        let sheet = try checkCell(row, column)
        let format = try core.format(for: style)
        let result = formula.withCString { formulaPointer in
            switch cachedValue {
            case .number(let number):
                return worksheet_write_formula_num(sheet, lxw_row_t(row), lxw_col_t(column), formulaPointer, format, number)
            case .text(let text):
                return ExcelText.prepare(text).text.withCString {
                    worksheet_write_formula_str(sheet, lxw_row_t(row), lxw_col_t(column), formulaPointer, format, $0)
                }
            }
        }
        try core.check(result, "writing a formula to \(name)!\(CellReference(row: row, column: column))")
    }

    // MARK: - Rows

    /// Sets a row's height, visibility and default style (the look of its empty cells) together.
    ///
    /// - Parameters:
    ///   - row: The zero-based row.
    ///   - height: The height in points (up to 409), or `nil` for the sheet's default row height. As in libxlsxwriter,
    ///     a height of 0 hides the row.
    ///   - hidden: Whether the row is hidden.
    ///   - style: The look of the row's empty cells, or `nil`.
    /// - Throws: `WorkbookError.cellOutOfRange` when `row` is outside Excel's grid;
    ///   `WorkbookError.rowWrittenOutOfOrder` when, in constant-memory mode, `row` is above a row already written;
    ///   `WorkbookError.invalidValue` when the height is negative or not a number; `WorkbookError.alreadyClosed` after
    ///   ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter refuses the setting.
    public func setRowFormat(_ row: Int, height: Double?, hidden: Bool = false, style: CellStyle? = nil) throws(WorkbookError) {
        let sheet = try checkCell(row, 0)
        if let height, !(height.isFinite && height >= 0) {
            throw .invalidValue(context: "sheet '\(name)', row \(row + 1)", reason: "the height \(height) is not 0 or more points; give a height up to 409 or nil for the default")
        }
        var options = lxw_row_col_options(hidden: hidden ? 1 : 0, level: 0, collapsed: 0)
        let result = worksheet_set_row_opt(sheet, lxw_row_t(row), min(height ?? defaultRowHeight, 409), try core.format(for: style), &options)
        try core.check(result, "setting row \(row + 1) of \(name)")
    }

    /// Sets the height of rows that have no height of their own; call it before ``setRowFormat(_:height:hidden:style:)``.
    ///
    /// - Parameters:
    ///   - height: The height in points (above 0, up to 409).
    ///   - hideUnusedRows: Whether rows without content are hidden (a form that ends below its last row).
    /// - Throws: `WorkbookError.invalidValue` naming the sheet when the height is not above 0 and at most 409;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func setDefaultRowHeight(_ height: Double, hideUnusedRows: Bool = false) throws(WorkbookError) {
        let sheet = try requireOpen()
        guard height.isFinite, height > 0, height <= 409 else {
            throw .invalidValue(context: "sheet '\(name)', default row height", reason: "\(height) points is outside Excel's range above 0 up to 409; give a height in that range")
        }
        worksheet_set_default_row(sheet, height, hideUnusedRows ? 1 : 0)
        defaultRowHeight = height
    }

    // MARK: - View

    /// Shows or hides the sheet's tab.
    ///
    /// libxlsxwriter 1.1.4 cannot write "very hidden" sheets (Excel's `state="veryHidden"`), so `.veryHidden` hides the
    /// sheet like `.hidden` (Format › Sheet › Unhide shows it). A hidden sheet cannot be shown again, except by
    /// ``activate()`` or ``setFirstSheet()``, which show it as Excel requires.
    ///
    /// - Parameter visibility: Whether the tab shows.
    /// - Throws: `WorkbookError.invalidValue` naming the sheet when `.visible` is asked for a sheet already hidden;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func setVisibility(_ visibility: SheetVisibility) throws(WorkbookError) {
        let sheet = try requireOpen()
        switch visibility {
        case .visible:
            guard self.visibility == .visible else {
                throw .invalidValue(context: "sheet '\(name)'", reason: "libxlsxwriter cannot show a sheet again once hidden; decide its visibility once, or call activate()")
            }
        case .hidden, .veryHidden:
            worksheet_hide(sheet)
            self.visibility = visibility
            if core.activeSheet === self { core.activeSheet = nil }
        }
    }

    /// Makes this the first tab shown in the tab bar (for workbooks with more tabs than fit); the sheet is shown if it
    /// was hidden.
    ///
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func setFirstSheet() throws(WorkbookError) {
        worksheet_set_first_sheet(try requireOpen())
        visibility = .visible
    }

    /// Sets the zoom the sheet opens at.
    ///
    /// - Parameter percent: The zoom in percent, 10 to 400 (100 is Excel's default).
    /// - Throws: `WorkbookError.invalidValue` naming the sheet when `percent` is outside 10–400;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func setZoom(_ percent: Int) throws(WorkbookError) {
        let sheet = try requireOpen()
        guard (10...400).contains(percent) else {
            throw .invalidValue(context: "sheet '\(name)', zoom", reason: "\(percent) % is outside Excel's 10–400 %; give a zoom in that range")
        }
        worksheet_set_zoom(sheet, UInt16(percent))
    }

    /// Lays the sheet out right to left (column A at the right), for Arabic or Hebrew forms.
    ///
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func setRightToLeft() throws(WorkbookError) {
        worksheet_right_to_left(try requireOpen())
    }

    /// Selects a cell when the sheet opens.
    ///
    /// - Parameter cell: The selected (active) cell; `A1` is Excel's default and writes nothing.
    /// - Throws: As ``select(_:)-(CellRange)``.
    public func select(_ cell: CellReference) throws(WorkbookError) {
        try select(CellRange(cell, cell))
    }

    /// Selects a range when the sheet opens, its top-left cell active. libxlsxwriter keeps one selection a sheet.
    ///
    /// - Parameter range: The selected cells.
    /// - Throws: `WorkbookError.invalidValue` naming the sheet and range when it is outside Excel's grid or a selection
    ///   was already set; `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func select(_ range: CellRange) throws(WorkbookError) {
        let sheet = try requireOpen()
        let context = "sheet '\(name)', selection \(range)"
        try checkRanges([range], context: context)
        guard !hasSelection else {
            throw .invalidValue(context: context, reason: "the sheet already has a selection and libxlsxwriter keeps the first; select once")
        }
        worksheet_set_selection(sheet, lxw_row_t(range.first.row), lxw_col_t(range.first.column),
                                lxw_row_t(range.last.row), lxw_col_t(range.last.column))
        hasSelection = true
    }

    /// Shows or hides the gridlines on screen and in print separately (Excel's defaults: shown on screen, not printed).
    ///
    /// A later ``setPageSetup(_:)`` sets the printed gridlines from ``PageSetup/printGridlines``.
    ///
    /// - Parameters:
    ///   - screen: Whether gridlines show on screen.
    ///   - print: Whether gridlines are printed.
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func setGridlines(screen: Bool, print: Bool) throws(WorkbookError) {
        let sheet = try requireOpen()
        gridlines = (screen, print)
        applyGridlines(sheet)
    }

    // MARK: - Print

    /// Applies print settings. Everything is checked first, so nothing is applied when a setting is invalid.
    ///
    /// Settings add to those applied before (libxlsxwriter has no way to reset them): apply a sheet's setup once.
    /// `paperCode` replaces `paper`, `fitToPages` replaces `fitToWidth`; `scale` is kept alongside a fit (Excel uses
    /// it when the fit is switched off). libxlsxwriter cannot write a header or footer margin of 0: such a margin is
    /// written as 0.0001 inch. `printGridlines` also sets the printed gridlines of ``setGridlines(screen:print:)``.
    ///
    /// - Parameter setup: The orientation, paper, scaling, print area, repeated rows and columns, header, footer,
    ///   margins and page order.
    /// - Throws: `WorkbookError.libraryError` when the header or footer is longer than 255 characters (nothing is
    ///   applied then) or libxlsxwriter refuses a setting; `WorkbookError.invalidValue` naming the sheet when the paper
    ///   code is outside 0–255, the scale outside 10–400, a fit outside 0–32767 pages, the first page number outside
    ///   1–32767, a margin negative, a repeated range or the print area outside Excel's grid, or the header or footer
    ///   places a picture (`&G`, see ``HeaderFooterText``) or is longer than 255 characters once its literal `&G`s are
    ///   separated (``HeaderFooterText/separatingLookalikes(_:)``);
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func setPageSetup(_ setup: PageSetup) throws(WorkbookError) {
        let sheet = try requireOpen()
        var headerFooter: [(text: String, isHeader: Bool)] = []
        for (text, isHeader) in [(setup.header, true), (setup.footer, false)] {
            guard let text else { continue }
            let clean = ExcelText.removingInvalidCharacters(text)
            guard clean.utf8.count <= 255 else {
                throw .libraryError(operation: "setting the page \(isHeader ? "header" : "footer") of \(name)",
                                    message: "it is longer than Excel's 255 characters")
            }
            if let code = HeaderFooterText.pictureCodes(in: clean).first {
                let shown = String(decoding: Array(clean.utf8)[code], as: UTF8.self)
                throw .invalidValue(context: "sheet '\(name)', page \(isHeader ? "header" : "footer")",
                                    reason: "it places a picture (\(shown)), and DocSheet writes no header or footer pictures; remove the picture code, or write && for an ampersand printed as it is")
            }
            // libxlsxwriter counts characters as Unicode scalars and refuses more than 255 (HeaderFooterText).
            let written = HeaderFooterText.separatingLookalikes(clean)
            guard written.unicodeScalars.count <= 255 else {
                throw .invalidValue(context: "sheet '\(name)', page \(isHeader ? "header" : "footer")",
                                    reason: "each literal &G or &[Picture] (written &&G) is stored with \(HeaderFooterText.lookalikeSeparator) in it, which makes it longer than Excel's 255 characters; shorten it")
            }
            headerFooter.append((written, isHeader))
        }
        try checkPageSetup(setup)
        if setup.landscape { worksheet_set_landscape(sheet) } else { worksheet_set_portrait(sheet) }
        worksheet_set_paper(sheet, setup.paperCode.map { UInt8($0) } ?? setup.paper.libraryValue)
        // worksheet_set_print_scale switches fitting off, so the fit comes after it.
        if let scale = setup.scale { worksheet_set_print_scale(sheet, UInt16(scale)) }
        if let fit = setup.fitToPages {
            worksheet_fit_to_pages(sheet, UInt16(fit.width), UInt16(fit.height))
        } else if setup.fitToWidth {
            worksheet_fit_to_pages(sheet, 1, 0)
        }
        if setup.centerHorizontally { worksheet_center_horizontally(sheet) }
        if setup.centerVertically { worksheet_center_vertically(sheet) }
        if let rows = setup.repeatRows {
            try core.check(worksheet_repeat_rows(sheet, lxw_row_t(rows.lowerBound), lxw_row_t(rows.upperBound)),
                               "repeating rows on printed pages of \(name)")
        }
        if let columns = setup.repeatColumns {
            try core.check(worksheet_repeat_columns(sheet, lxw_col_t(columns.lowerBound), lxw_col_t(columns.upperBound)),
                               "repeating columns on printed pages of \(name)")
        }
        if let area = setup.printArea {
            try core.check(worksheet_print_area(sheet, lxw_row_t(area.first.row), lxw_col_t(area.first.column),
                                                    lxw_row_t(area.last.row), lxw_col_t(area.last.column)),
                               "setting the print area \(name)!\(area)")
        }
        worksheet_set_margins(sheet, setup.margins.left, setup.margins.right, setup.margins.top, setup.margins.bottom)
        for isHeader in [true, false] {
            let margin = isHeader ? setup.margins.header : setup.margins.footer
            let text = headerFooter.first { $0.isHeader == isHeader }?.text
            // The margin is only set with a header or footer text: an empty one carries a margin that is not the default.
            guard text != nil || margin != 0.3 else { continue }
            var options = lxw_header_footer_options()
            options.margin = max(margin, 0.0001)
            // Nothing libxlsxwriter refuses reaches it (length and picture codes are checked above): libxlsxwriter
            // 1.1.4 freed a refused text without forgetting it (fixed in 1.1.5), which no public call can undo.
            let result = (text ?? "").withCString {
                isHeader ? worksheet_set_header_opt(sheet, $0, &options) : worksheet_set_footer_opt(sheet, $0, &options)
            }
            try core.check(result, "setting the page \(isHeader ? "header" : "footer") of \(name)")
        }
        gridlines.print = setup.printGridlines
        applyGridlines(sheet)
        if let first = setup.firstPageNumber { worksheet_set_start_page(sheet, UInt16(first)) }
        if setup.overThenDown { worksheet_print_across(sheet) }
    }

    /// The most manual page breaks Excel keeps on a sheet.
    public static let maximumPageBreaks = 1023

    /// Starts a new printed page at each of `rows` (zero-based; a break above the row), as Excel's Insert Page Break.
    /// Excel keeps them with a fit to one page wide (and any number of pages tall).
    ///
    /// - Parameter rows: The first rows of new pages, in any order; row 0 (a page always starts there) is ignored.
    /// - Throws: `WorkbookError.invalidValue` naming the sheet when there are more than ``maximumPageBreaks`` breaks or a
    ///   row is outside Excel's grid; `WorkbookError.libraryError` when libxlsxwriter refuses them;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func setRowPageBreaks(_ rows: [Int]) throws(WorkbookError) {
        let sheet = try requireOpen()
        let breaks = Set(rows.filter { $0 != 0 }).sorted()
        guard !breaks.isEmpty else { return }
        guard breaks.count <= Worksheet.maximumPageBreaks else {
            throw .invalidValue(context: "sheet '\(name)', page breaks",
                                reason: "\(breaks.count) page breaks are more than Excel's \(Worksheet.maximumPageBreaks); keep the first \(Worksheet.maximumPageBreaks)")
        }
        guard breaks[0] > 0, breaks[breaks.count - 1] < Worksheet.maximumRows else {
            throw .invalidValue(context: "sheet '\(name)', page breaks", reason: "a page break is outside Excel's 1,048,576 rows")
        }
        // libxlsxwriter takes the rows as an array ending in 0 and copies it.
        var terminated = breaks.map { lxw_row_t($0) } + [0]
        let result = terminated.withUnsafeMutableBufferPointer { worksheet_set_h_pagebreaks(sheet, $0.baseAddress) }
        try core.check(result, "setting the page breaks of \(name)")
    }

    /// Throws when a page setting is outside what Excel and libxlsxwriter store.
    private func checkPageSetup(_ setup: PageSetup) throws(WorkbookError) {
        let context = "sheet '\(name)', page setup"
        if let code = setup.paperCode, !(0...255).contains(code) {
            throw .invalidValue(context: context, reason: "paper code \(code) is not one of Excel's paper sizes (0–255, e.g. 9 for A4); use the code Excel stores")
        }
        if let scale = setup.scale, !(10...400).contains(scale) {
            throw .invalidValue(context: context, reason: "the print scale \(scale) % is outside Excel's 10–400 %; give a scale in that range")
        }
        if let fit = setup.fitToPages, !(0...32_767).contains(fit.width) || !(0...32_767).contains(fit.height) {
            throw .invalidValue(context: context, reason: "fitting to \(fit.width) × \(fit.height) pages is outside Excel's 0–32767 pages; give page counts in that range (0: as many as needed)")
        }
        if let first = setup.firstPageNumber, !(1...32_767).contains(first) {
            throw .invalidValue(context: context, reason: "the first page number \(first) cannot be stored by libxlsxwriter (1–32767); use a number in that range or nil for automatic")
        }
        let margins = setup.margins
        for (value, what) in [(margins.left, "left"), (margins.right, "right"), (margins.top, "top"), (margins.bottom, "bottom"),
                              (margins.header, "header"), (margins.footer, "footer")] where !(value.isFinite && value >= 0) {
            throw .invalidValue(context: context, reason: "the \(what) margin \(value) is not 0 or more inches; give a margin in inches")
        }
        if let rows = setup.repeatRows, rows.lowerBound < 0 || rows.upperBound >= Worksheet.maximumRows {
            throw .invalidValue(context: context, reason: "the repeated rows \(rows.lowerBound + 1)–\(rows.upperBound + 1) are outside Excel's 1,048,576 rows")
        }
        if let columns = setup.repeatColumns, columns.lowerBound < 0 || columns.upperBound >= Worksheet.maximumColumns {
            throw .invalidValue(context: context, reason: "the repeated columns \(columns.lowerBound + 1)–\(columns.upperBound + 1) are outside Excel's 16,384 columns")
        }
        if let area = setup.printArea {
            try checkRanges([area], context: "sheet '\(name)', print area \(area)")
        }
    }
}
