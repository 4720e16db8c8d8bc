// TEMPORARY: stand-ins for the Workbook and SpreadsheetReader calls being written on the xlsx-writer and
// xlsx-reader branches; deleted when they merge.
import Foundation
import SpreadsheetReader
import Workbook

extension Worksheet {
    func setRowFormat(_ row: Int, height: Double?, hidden: Bool, style: CellStyle?) throws(WorkbookError) {
        if let height { try setRowHeight(row, height: height) }
    }
    func setDefaultRowHeight(_ height: Double) {}
    func writeBoolean(_ value: Bool, row: Int, column: Int, style: CellStyle?) throws(WorkbookError) {
        try writeFormula(value ? "=TRUE()" : "=FALSE()", row: row, column: column, style: style)
    }
    func addDataValidation(_ validation: DataValidation) throws(WorkbookError) {}
    func addConditionalFormat(_ format: ConditionalFormat) throws(WorkbookError) {}
    func insertImage(_ placement: ImagePlacement) throws(WorkbookError) {}
    func setZoom(_ zoom: Int) {}
    func setRightToLeft() {}
    func select(_ cell: CellReference) {}
    func setVisibility(_ visibility: SheetVisibility) {}
    func setColumnWidth(_ first: Int, _ last: Int?, width: Double?, style: CellStyle?, hidden: Bool) throws(WorkbookError) {
        try setColumnWidth(first, last, width: width ?? 8.43, style: style, hidden: hidden)
    }
}

extension Workbook {
    func defineName(_ name: String, formula: String, localTo sheet: String?) throws(WorkbookError) {}
}
