import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
import SpreadsheetModel
@testable import Workbook

/// Merges spanning several rows in constant-memory mode, where libxlsxwriter flushes each row when the next starts:
/// the written sheet must hold the same cells, values, styles and merged ranges as one written in normal mode.
@Suite struct ConstantMemoryMergeTests {
    static let created = Date(timeIntervalSince1970: 1_767_225_600)
    static let box = CellStyle(bold: true, fill: Color(hex: "#DDEBF7"), border: .thin, horizontal: .center)

    /// Writes the same sheet, top to bottom as constant memory requires, in the given mode.
    func write(constantMemory: Bool, to url: URL) throws {
        let workbook = try Workbook(destination: url, created: Self.created,
                                    constantMemory: constantMemory)
        let sheet = try workbook.addWorksheet(named: "Merges")
        try sheet.merge(CellRange("A1:B3")!, text: "title", style: Self.box)         // three rows
        try sheet.write("beside", row: 0, column: 2)                                   // C1: the merge's first row
        try sheet.write("second", row: 1, column: 2)                                   // C2: a row the merge spans
        try sheet.merge(CellRange("D2:E4")!, text: "", style: Self.box)              // starts inside A1:B3's rows
        try sheet.write(42, row: 1, column: 3, style: Self.box)                        // a number over its first cell
        try sheet.setRowHeight(2, height: 30)                                          // a row both merges span
        try sheet.merge(CellRange("A5:C5")!, text: "one row, no style")
        try sheet.merge(CellRange("A7:A9")!, text: "tall", style: Self.box)
        try sheet.write("after", row: 9, column: 0)                                    // A10, below every merge
        try sheet.merge(CellRange("B12:C14")!, text: "last", style: Self.box)          // still pending at close
        try workbook.close()
    }

    /// Every `<c>` of the sheet: reference → style index (values are compared through the reader: constant-memory
    /// mode writes inline strings where normal mode writes shared ones).
    func styles(_ url: URL) throws -> [String: String] {
        let book = try XLSXReader(url: url)
        let root = try book.document(try book.sheet("Merges").part)
        var result: [String: String] = [:]
        for cell in root.descendants("c") { result[cell.attr("r") ?? "?"] = cell.attr("s") ?? "0" }
        return result
    }

    @Test func multiRowMergesAreWrittenInConstantMemoryModeCellByCell() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-merge")
        let normalURL = folder.appendingPathComponent("normal.xlsx")
        let constantURL = folder.appendingPathComponent("constant.xlsx")
        try write(constantMemory: false, to: normalURL)
        try write(constantMemory: true, to: constantURL)
        let normal = try XLSXReader(url: normalURL).sheet("Merges")
        let constant = try XLSXReader(url: constantURL).sheet("Merges")
        let expected = ["A1:B3", "D2:E4", "A5:C5", "A7:A9", "B12:C14"]
        #expect(Set(constant.mergedRanges) == Set(expected))
        #expect(Set(normal.mergedRanges) == Set(expected))
        #expect(constant.cells == normal.cells)
        #expect(constant["A1"] == "title" && constant["C2"] == "second" && constant["D2"] == "42"
                && constant["A5"] == "one row, no style" && constant["A10"] == "after" && constant["B12"] == "last")
        #expect(constant.numericCells.contains("D2"))
        // Every cell of every styled merge carries the merge's format (its borders and fill are drawn from them).
        let constantStyles = try styles(constantURL)
        #expect(constantStyles == (try styles(normalURL)))
        let boxStyle = try #require(constantStyles["A1"])
        #expect(boxStyle != "0")
        for reference in ["B1", "A2", "B2", "A3", "B3", "E2", "D3", "E4", "A8", "A9", "C12", "B13", "C14"] {
            #expect(constantStyles[reference] == boxStyle, "\(reference)")
        }
    }

    @Test func aMergeAboveTheRowsAlreadyWrittenIsRefused() throws {
        let url = try TestArtifacts.temporaryFolder("docsheet-merge").appendingPathComponent("order.xlsx")
        let workbook = try Workbook(destination: url, created: Self.created, constantMemory: true)
        let sheet = try workbook.addWorksheet(named: "Merges")
        try sheet.merge(CellRange("A2:B4")!, text: "first", style: Self.box)
        try sheet.write("row 6", row: 5, column: 0)
        #expect(throws: WorkbookError.rowWrittenOutOfOrder(sheet: "Merges", row: 2, lastRow: 5)) {
            try sheet.merge(CellRange("A3:B7")!, text: "late")
        }
        #expect(throws: WorkbookError.rowWrittenOutOfOrder(sheet: "Merges", row: 3, lastRow: 5)) {
            try sheet.write("inside the first merge, too late", row: 3, column: 2)
        }
        try sheet.merge(CellRange("A6:A8")!, text: "same row as the last write")
        try workbook.close()
        let read = try XLSXReader(url: url).sheet("Merges")
        #expect(Set(read.mergedRanges) == ["A2:B4", "A6:A8"])
        #expect(read["A2"] == "first" && read["A6"] == "same row as the last write")
    }
}
