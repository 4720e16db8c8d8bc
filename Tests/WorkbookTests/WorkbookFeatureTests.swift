import Foundation
import Testing
import TestSupport
import SpreadsheetModel
@testable import Workbook

/// Each feature of the Workbook API, written and read back with the independent test reader.
@Suite struct WorkbookFeatureTests {
    let created = Date(timeIntervalSince1970: 1_767_225_600)
    let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!

    func write(_ build: (Workbook) throws -> Void) throws -> XLSXReader {
        let url = try TestArtifacts.temporaryFolder("docsheet-wb").appendingPathComponent("features.xlsx")
        let workbook = try Workbook(destination: url, properties: SpreadsheetProperties(
            title: "Features", subject: "Tests", author: "DocSheet", keywords: "a, b"), created: created)
        try build(workbook)
        try workbook.close()
        return try XLSXReader(url: url)
    }

    @Test func documentPropertiesAndFixedCreationDate() throws {
        let book = try write { try $0.addWorksheet(named: "A") }
        #expect(book.properties["title"] == "Features")
        #expect(book.properties["subject"] == "Tests")
        #expect(book.properties["creator"] == "DocSheet")
        #expect(book.properties["keywords"] == "a, b")
        #expect(book.properties["created"] == "2026-01-01T00:00:00Z")
    }

    @Test func textNumbersFormulasAndMergedRanges() throws {
        let sheet = try write { workbook in
            let sheet = try workbook.addWorksheet(named: "Data")
            try sheet.write("label", row: 0, column: 0, style: CellStyle(bold: true, fill: Color(hex: "#D9E1F2")))
            try sheet.write(42, row: 0, column: 1)
            try sheet.write(0.5, row: 0, column: 2, style: CellStyle(numberFormat: "0.0%"))
            try sheet.writeFormula("=B1*2", row: 0, column: 3)
            try sheet.merge(CellRange("A3:D3")!, text: "merged", style: CellStyle(horizontal: .center))
        }.sheets[0]
        #expect(sheet["A1"] == "label")
        #expect(sheet["B1"] == "42" && sheet.numericCells.contains("B1"))
        #expect(sheet["C1"] == "0.5")
        #expect(sheet["A3"] == "merged")
        #expect(sheet.mergedRanges == ["A3:D3"])
        #expect(sheet.formulas["D1"] == "B1*2")
    }

    @Test func externalAndInternalLinks() throws {
        let book = try write { workbook in
            let first = try workbook.addWorksheet(named: "Index")
            try workbook.addWorksheet(named: "Other sheet")
            try first.writeLink(url: "https://example.com/file.swift#L12", text: "12", row: 0, column: 0)
            try first.writeLink(toSheet: "Other sheet", cell: CellReference("B4")!, text: "go", row: 1, column: 0)
        }
        let sheet = try book.sheet("Index")
        #expect(sheet.hyperlinks["A1"] == "https://example.com/file.swift#L12")
        #expect(sheet.hyperlinks["A2"] == "#'Other sheet'!B4")
        #expect(sheet["A2"] == "go")
    }

    @Test func tableFreezePanesAutofilterAndHiddenColumns() throws {
        let book = try write { workbook in
            let table = try workbook.addWorksheet(named: "Table")
            for row in 1...3 { try table.write("r\(row)", row: row, column: 0); try table.write(row, row: row, column: 1) }
            try table.addTable(CellRange("A1:B4")!, headers: ["Name", "Value"])
            try table.freezePanes(row: 1)
            let filtered = try workbook.addWorksheet(named: "Filtered")
            try filtered.write("H", row: 0, column: 0)
            try filtered.setAutofilter(CellRange("A1:C9")!)
            try filtered.setColumnWidth(1, width: 25)
            try filtered.setColumnWidth(2, width: 4, hidden: true)
        }
        let table = try book.sheet("Table")
        #expect(table.tables.count == 1)
        #expect(table.tables[0].range == "A1:B4" && table.tables[0].columns == ["Name", "Value"])
        #expect(table.frozenAt == "A2")
        let filtered = try book.sheet("Filtered")
        #expect(filtered.autofilter == "A1:C9")
        #expect(filtered.columnWidths[1].map { abs($0 - 25) < 1 } == true)
        #expect(filtered.hiddenColumns == [2])
    }

    @Test func dropDownListsAndConditionalFormats() throws {
        let sheet = try write { workbook in
            let sheet = try workbook.addWorksheet(named: "Review")
            for bad in ["Needs fix, soon", "Say \"hi\"", ""] {
                #expect(throws: WorkbookError.self, "a comma, a double quote or an empty choice is refused, not rewritten") {
                    try sheet.addDropDown(CellRange("C2:C20")!, choices: ["OK", bad])
                }
            }
            try sheet.addDropDown(CellRange("C2:C20")!, choices: ["OK", "Needs fix; soon", "Question"])
            try sheet.addConditionalFormat(CellRange("A2:C20")!, formula: "=$D2=0", style: CellStyle(fill: Color(hex: "#FFC7CE")))
        }.sheets[0]
        #expect(sheet.dataValidations.count == 1)
        #expect(sheet.dataValidations[0].range == "C2:C20" && sheet.dataValidations[0].type == "list")
        #expect(sheet.dataValidations[0].formula == "\"OK,Needs fix; soon,Question\"")
        #expect(sheet.conditionalFormats.count == 1)
        #expect(sheet.conditionalFormats[0].range == "A2:C20" && sheet.conditionalFormats[0].formula == "$D2=0")
    }

    @Test func chartAndImageAreDrawn() throws {
        let book = try write { workbook in
            let sheet = try workbook.addWorksheet(named: "Chart data")
            for row in 0..<3 { try sheet.write("M\(row)", row: row, column: 0); try sheet.write(Double(row) / 3, row: row, column: 1) }
            let chart = try workbook.addChart(.bar)
            try chart.addSeries(name: "Coverage", sheet: "Chart data", categories: CellRange("A1:A3")!, values: CellRange("B1:B3")!)
            try chart.setTitle("Coverage")
            try chart.setValueRange(0...1)
            try sheet.insertChart(chart, at: CellReference("D2")!)
            try sheet.insertImage(png, source: "logo.png", at: CellReference("D20")!)
            #expect(throws: WorkbookError.invalidImage(path: "notes.txt", reason: "not a PNG, JPEG, GIF or BMP image")) {
                try sheet.insertImage(Data("text".utf8), source: "notes.txt", at: CellReference("A9")!)
            }
        }
        #expect(try book.sheet("Chart data").drawingCount == 2)
        #expect(book.parts.contains("xl/charts/chart1.xml") && book.parts.contains("xl/media/image1.png"))
    }

    @Test func printSetupWithRepeatedRowsAndPageNumbers() throws {
        let book = try write { workbook in
            let sheet = try workbook.addWorksheet(named: "Print")
            try sheet.write("header", row: 0, column: 0)
            try sheet.setPageSetup(PageSetup(landscape: true, paper: .a3, fitToWidth: true, repeatRows: 0...0,
                                             header: "&LProject&R&D", footer: "&CPage &P of &N"))
            #expect(throws: WorkbookError.self) { try sheet.setPageSetup(PageSetup(footer: String(repeating: "x", count: 300))) }
        }
        let sheet = try book.sheet("Print")
        #expect(sheet.pageSetup["orientation"] == "landscape")
        #expect(sheet.pageSetup["paperSize"] == "8")
        #expect(sheet.pageSetup["fitToHeight"] == "0")
        #expect(sheet.header == "&LProject&R&D" && sheet.footer == "&CPage &P of &N")
        #expect(book.definedNames.contains { $0.name == "_xlnm.Print_Titles" && $0.value == "Print!$1:$1" })
    }

    @Test func closedWorkbookRefusesFurtherUseAndDiscardedOneLeavesNoFile() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-wb")
        let url = folder.appendingPathComponent("once.xlsx")
        let workbook = try Workbook(destination: url, created: created)
        try workbook.addWorksheet(named: "A")
        try workbook.close()
        #expect(throws: WorkbookError.alreadyClosed(path: url.path)) { try workbook.addWorksheet(named: "B") }
        do {
            let discarded = try Workbook(destination: folder.appendingPathComponent("never.xlsx"), created: created)
            try discarded.addWorksheet(named: "A")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["once.xlsx"])
    }
}
