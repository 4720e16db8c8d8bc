import Foundation
import Parallelism
import SpreadsheetModel
import Workbook

/// Writes a ``RenderPlan`` through the Workbook module: the one place a planned workbook becomes libxlsxwriter calls.
enum WorkbookWriter {
    /// The rows of a ``RowSegment/batches(count:make:)`` segment made at a time: enough to share among the cores, few
    /// enough that a sheet of hundreds of thousands of rows (constant-memory mode) does not hold all its cells at once
    /// (two batches at most: the one being written and the next).
    static let batchSize = 4_096

    /// The sheets of a ``PlannedWorksheets/planLater(count:plan:)`` plan planned at a time: enough to share among the
    /// cores (a per-type sheet takes about a millisecond), few enough that the first is written soon.
    static let sheetGroupSize = 64

    /// Up to how many rows a ``RowSegment/batches(count:make:)`` segment of a sheet planned later is made together with
    /// its sheet, on the planning thread, rather than handed to another thread while the writer waits for it: a
    /// design document's per-type sheets hold a few short member tables each, and ten thousand sheets made that ten
    /// thousands of round trips in which the writing thread stood idle.
    static let rowsMadeWithTheirSheet = 256

    /// Writes `plan` to `url` atomically.
    ///
    /// - Returns: One warning for cells cut to Excel's 32,767 characters, one per sheet whose links went beyond Excel's
    ///   65,530 (written as plain text), the plan's own warnings and one per defined name that could not be written.
    static func write(_ plan: RenderPlan, to url: URL) throws(WorkbookError) -> [String] {
        let workbook = try Workbook(destination: url, properties: plan.properties, created: plan.created, constantMemory: plan.constantMemory,
                                    defaultFont: plan.defaultStyle)
        var written: [Worksheet] = []
        func add(_ sheet: PlannedWorksheet) throws(WorkbookError) {
            let worksheet = try workbook.addWorksheet(named: sheet.name)
            try write(sheet, to: worksheet, in: workbook)
            written.append(worksheet)
        }
        switch plan.worksheets {
        case .planned(let sheets):
            for sheet in sheets { try add(sheet) }
        case .planLater(let count, let planSheets):
            let planWithRows: @Sendable (Range<Int>) -> [PlannedWorksheet] = { range in
                planSheets(range).map { $0.makingShortBatches(upTo: rowsMadeWithTheirSheet) }
            }
            try inTurn(count: count, size: sheetGroupSize, make: planWithRows) { (sheets) throws(WorkbookError) in
                for sheet in sheets { try add(sheet) }
                PreparedWork.free(sheets)
            }
        }
        var warnings = plan.warnings
        for name in plan.definedNames {
            do {
                try workbook.defineName(name.name, formula: name.formula, localTo: name.localSheet)
            } catch {
                warnings.append("warning: \(plan.source): the defined name '\(name.name)' is not carried over (\(error))")
            }
        }
        try workbook.close()
        return limitWarnings(written) + warnings
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

    /// Writes one planned worksheet: default height and columns, the rows in order, then the layout.
    private static func write(_ sheet: PlannedWorksheet, to worksheet: Worksheet, in workbook: Workbook) throws(WorkbookError) {
        // Columns and default heights first: libxlsxwriter applies column formats to cells written later.
        if let height = sheet.defaultRowHeight { try worksheet.setDefaultRowHeight(height) }
        for column in sheet.columns {
            try worksheet.setColumnWidth(column.first, column.last, width: column.width, style: column.style, hidden: column.hidden)
        }
        // Each look resolved once for all its cells.
        var formats: [CellFormat] = []
        formats.reserveCapacity(sheet.styles.count)
        for style in sheet.styles { formats.append(try worksheet.format(for: style)) }
        let writer = RowWriter(worksheet: worksheet, styles: sheet.styles, formats: formats)
        for segment in sheet.rows {
            switch segment {
            case .rows(let rows):
                for row in rows { try writer.write(row) }
            case .batches(let count, let make):
                try writeBatches(count: count, make: make, with: writer)
            }
        }
        try apply(sheet.layout, styles: sheet.styles, sheetName: sheet.name, to: worksheet, in: workbook)
    }

    /// Writes `count` rows made batch by batch: while one batch is written, the next is made on the other cores, and
    /// each written batch is freed on another core.
    private static func writeBatches(count: Int, make: @escaping @Sendable (Range<Int>) -> [PlannedRow],
                                     with writer: RowWriter) throws(WorkbookError) {
        try inTurn(count: count, size: batchSize, make: make) { (rows) throws(WorkbookError) in
            for row in rows { try writer.write(row) }
            PreparedWork.free(rows)
        }
    }

    /// Hands `write` what `make` makes of `0..<count`, `size` positions at a time and in order: each part is made on
    /// another thread while the part before is written.
    private static func inTurn<Part: Sendable>(
        count: Int, size: Int, make: @escaping @Sendable (Range<Int>) -> Part, write: (Part) throws(WorkbookError) -> Void
    ) throws(WorkbookError) {
        func part(from start: Int) -> PreparedWork<Part>? {
            guard start < count else { return nil }
            let range = start..<min(count, start + size)
            return PreparedWork { make(range) }
        }
        var upcoming = part(from: 0)
        var start = 0
        while let current = upcoming {
            let made = current.take()
            start += size
            upcoming = part(from: start)
            try write(made)
        }
    }

    /// Sets what comes after the rows: table or filter, panes, validations, formats, pictures, charts, print and look.
    private static func apply(_ layout: SheetLayout, styles: [CellStyle?], sheetName: String, to worksheet: Worksheet,
                              in workbook: Workbook) throws(WorkbookError) {
        if let table = layout.table {
            try worksheet.addTable(table.range, headers: table.headers, headerStyle: styles[table.headerStyle])
        }
        if let range = layout.autofilter { try worksheet.setAutofilter(range) }
        if let freeze = layout.freezePanes { try worksheet.freezePanes(row: freeze.row, column: freeze.column) }
        for dropDown in layout.dropDowns { try worksheet.addDropDown(dropDown.range, choices: dropDown.choices) }
        for validation in layout.validations { try worksheet.addDataValidation(validation) }
        for format in layout.conditionalFormats { try worksheet.addConditionalFormat(format) }
        for image in layout.images {
            switch image {
            case .picture(let data, let source, let cell, let scale): try worksheet.insertImage(data, source: source, at: cell, scale: scale)
            case .placement(let placement): try worksheet.insertImage(placement)
            }
        }
        for planned in layout.charts {
            let chart = try workbook.addChart(planned.type)
            try chart.addSeries(name: planned.title, sheet: sheetName, categories: planned.categories, values: planned.values,
                                color: planned.color)
            if let title = planned.title { try chart.setTitle(title) }
            if let range = planned.valueRange { try chart.setValueRange(range) }
            if let format = planned.valueFormat { try chart.setValueFormat(format) }
            try chart.listCategoriesTopDown()
            try chart.hideLegend()
            try worksheet.insertChart(chart, at: planned.anchor, xScale: planned.xScale, yScale: planned.yScale)
        }
        try worksheet.setPageSetup(layout.pageSetup)
        if !layout.rowPageBreaks.isEmpty { try worksheet.setRowPageBreaks(layout.rowPageBreaks) }
        if let color = layout.tabColor { try worksheet.setTabColor(color) }
        if layout.hidesGridlines { try worksheet.hideGridlines() }
        if let zoom = layout.zoom { try worksheet.setZoom(zoom) }
        if layout.rightToLeft { try worksheet.setRightToLeft() }
        if let selection = layout.selection { try worksheet.select(selection) }
        if layout.visibility != .visible { try worksheet.setVisibility(layout.visibility) }
        if layout.isActive { try worksheet.activate() }
    }
}

extension PlannedWorksheet {
    /// The worksheet with every ``RowSegment/batches(count:make:)`` segment of at most `limit` rows made into
    /// ``RowSegment/rows(_:)``: the same rows in the same order, made by the thread that calls this.
    func makingShortBatches(upTo limit: Int) -> PlannedWorksheet {
        var sheet = self
        sheet.rows = rows.map { segment in
            guard case .batches(let count, let make) = segment, count <= limit else { return segment }
            return .rows(count == 0 ? [] : make(0..<count))
        }
        return sheet
    }
}

/// Writes planned rows to one worksheet, each look resolved beforehand.
private struct RowWriter {
    let worksheet: Worksheet
    let styles: [CellStyle?]
    let formats: [CellFormat]

    /// Writes the row's format, its merges, then its cells.
    func write(_ row: PlannedRow) throws(WorkbookError) {
        if let format = row.format {
            if let style = format.style {
                try worksheet.setRowFormat(row.row, height: format.height, hidden: format.hidden, style: styles[style])
            } else if let height = format.height {
                try worksheet.setRowHeight(row.row, height: height)
            }
        }
        for merge in row.merges {
            try worksheet.merge(merge.range, text: merge.text, style: styles[merge.style])
        }
        for cell in row.cells {
            let column = cell.column
            switch cell.content {
            case .text(let text): try worksheet.write(text, row: row.row, column: column, format: formats[cell.style])
            case .number(let number): try worksheet.write(number, row: row.row, column: column, format: formats[cell.style])
            case .blank: try worksheet.writeBlank(row: row.row, column: column, format: formats[cell.style])
            case .bool(let value): try worksheet.writeBoolean(value, row: row.row, column: column, style: styles[cell.style])
            case .formula(let formula): try worksheet.writeFormula(formula, row: row.row, column: column, style: styles[cell.style])
            case .link(let url, let text):
                try worksheet.writeLink(url: url, text: text, row: row.row, column: column, style: styles[cell.style])
            case .numberLink(let url, let number):
                try worksheet.writeLink(url: url, number: number, row: row.row, column: column, style: styles[cell.style])
            case .sheetLink(let sheet, let text):
                try worksheet.writeLink(toSheet: sheet, text: text, row: row.row, column: column, style: styles[cell.style])
            }
        }
    }
}

/// Work done on another thread while the writer writes what came before (a batch of rows, a group of sheets): the
/// making needs only the plan, the writing holds the thread that owns the workbook.
private final class PreparedWork<Value: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let prepared = Locked<Value?>(nil)

    /// Starts `work` on a global queue.
    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            let value = work()
            self.prepared.withLock { $0 = value }
            self.done.signal()
        }
    }

    /// The value, once `work` is done (waits for it); this keeps none of it.
    func take() -> Value {
        done.wait()
        return prepared.withLock { value in
            var taken: Value? = nil
            swap(&taken, &value)
            return taken!
        }
    }
}

extension PreparedWork {
    /// Frees what was written (rows, or a group of sheets with their rows) on another core: their texts and arrays are
    /// hundreds of thousands of small allocations, and freeing them took the writing thread, which libxlsxwriter keeps
    /// busy, about 5% of a large workbook's time.
    static func free(_ written: consuming Value) {
        let written = written
        // The closure holds the last reference: the value is freed when the queue releases it, after it ran.
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(written) {} }
    }
}
