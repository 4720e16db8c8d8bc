import Foundation
import Testing
import TestSupport
import SpreadsheetModel
import Workbook
@testable import SpreadsheetReader

/// A workbook written by DocSheet's own Workbook module (libxlsxwriter) reads back as it was written.
@Suite struct LibxlsxwriterRoundTripTests {
    @Test func whatTheWorkbookModuleWritesReadsBack() throws {
        let folder = try TestArtifacts.temporaryFolder("reader-roundtrip")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("written.xlsx")
        let png = try Data(contentsOf: SpreadsheetFixtures.url("handmade-logo.png"))
        let header = CellStyle(fontName: "Arial", fontSize: 12, fontColor: .white, bold: true, fill: Color(hex: "#1F4E79"),
                               border: .mediumDashDot, borderColor: Color(hex: "#8EA9DB"), wrap: true, horizontal: .center,
                               vertical: .center)
        let workbook = try Workbook(destination: url, properties: SpreadsheetProperties(
            title: "Written", subject: "Round trip", author: "DocSheet", manager: "M", company: "C", category: "Tests",
            keywords: "k", comments: "c", status: "Final"), created: Date(timeIntervalSince1970: 1_767_225_600))
        let sheet = try workbook.addWorksheet(named: "Data sheet")
        try sheet.write("Name", row: 0, column: 0, style: header)
        try sheet.write(42, row: 1, column: 0, style: CellStyle(numberFormat: "0.0%", indent: 2))
        try sheet.writeFormula("=A2*2", row: 1, column: 1)
        try sheet.merge(CellRange("A4:C4")!, text: "merged", style: CellStyle(horizontal: .centerAcross))
        try sheet.setColumnWidth(0, width: 25)
        try sheet.setColumnWidth(6, 7, width: 5, hidden: true)
        try sheet.setRowHeight(5, height: 30)
        try sheet.freezePanes(row: 1, column: 1)
        try sheet.setAutofilter(CellRange("A1:B3")!)
        try sheet.addDropDown(CellRange("C2:C9")!, choices: ["yes", "no"], prompt: "Choose")
        try sheet.addConditionalFormat(CellRange("A2:A9")!, formula: "=$A2>10", style: CellStyle(fontColor: Color(hex: "#9C0006"), fill: Color(hex: "#FFC7CE")))
        try sheet.insertImage(png, source: "logo.png", at: CellReference("E2")!)
        try sheet.setTabColor(Color(hex: "#FF9900")!)
        try sheet.hideGridlines()
        var setup = PageSetup(landscape: true, paper: .a3, fitToWidth: true, centerHorizontally: true, repeatRows: 0...0,
                              header: "&CTitle", footer: "&RPage &P", margins: PageSetup.Margins(left: 0.3, right: 0.3, top: 0.6, bottom: 0.6))
        setup.printArea = nil
        try sheet.setPageSetup(setup)
        try workbook.close()

        let document = try SpreadsheetReader.read(url)
        let read = try #require(document.sheet("Data sheet"))
        #expect(read["A1"]?.value == .text("Name"))
        var expectedHeader = header
        expectedHeader.fontColor = .white
        #expect(read["A1"]?.style == expectedHeader)
        #expect(read["A2"]?.value == .number(42))
        // libxlsxwriter's default font has colour theme 1 (black), and an indent implies left alignment.
        #expect(read["A2"]?.style == CellStyle(fontName: "Calibri", fontSize: 11, fontColor: .black, horizontal: .left,
                                               numberFormat: "0.0%", indent: 2))
        #expect(read["B2"]?.value == .formula("A2*2", cached: "0"))
        #expect(read["A4"]?.value == .text("merged") && read["A4"]?.style.horizontal == .centerAcross)
        #expect(read.merges.map(\.description) == ["A4:C4"])
        #expect(read.columns.count == 2)
        #expect(abs((read.columns.first?.width ?? 0) - 25.7109375) < 1e-9)  // 25 characters + libxlsxwriter's padding
        #expect(read.columns.last?.first == 6 && read.columns.last?.last == 7 && read.columns.last?.hidden == true)
        #expect(read.rows[5]?.height == 30)
        #expect(read.freezePanes == CellReference(row: 1, column: 1))
        #expect(read.autofilter == CellRange("A1:B3"))
        #expect(read.dataValidations.first?.kind == .list && read.dataValidations.first?.formula1 == "\"yes,no\"")
        #expect(read.dataValidations.first?.inputMessage == "Choose")
        #expect(read.conditionalFormats.first?.rule == .expression("$A2>10"))
        #expect(read.conditionalFormats.first?.style.fill == Color(hex: "#FFC7CE"))
        #expect(read.conditionalFormats.first?.style.fontColor == Color(hex: "#9C0006"))
        #expect(read.images.first?.anchor == CellReference("E2"))
        #expect(read.images.first?.data == png)
        #expect(read.images.first?.width == 4 && read.images.first?.height == 2)
        #expect(read.tabColor == Color(hex: "#FF9900"))
        #expect(read.showsGridlines == false)
        #expect(read.pageSetup.landscape && read.pageSetup.paperCode == 8 && read.pageSetup.paper == .a3)
        #expect(read.pageSetup.fitToPages == PageSetup.FitToPages(width: 1, height: 0))
        #expect(read.pageSetup.repeatRows == 0...0 && read.pageSetup.centerHorizontally)
        #expect(read.pageSetup.header == "&CTitle" && read.pageSetup.footer == "&RPage &P")
        #expect(read.pageSetup.margins.left == 0.3 && read.pageSetup.margins.top == 0.6)
        #expect(document.properties == SpreadsheetProperties(title: "Written", subject: "Round trip", author: "DocSheet", manager: "M",
                                                             company: "C", category: "Tests", keywords: "k", comments: "c", status: "Final"))
        #expect(document.unsupported.isEmpty)
    }
}

/// A form whose header shows a picture: the picture is not kept, so neither is its code (`&G`); the rest of the header
/// is, and the form fills (libxlsxwriter refuses a picture code without its picture).
@Suite struct HeaderPictureTests {
    @Test func aHeaderPictureIsReportedAndItsCodeDroppedWithIt() throws {
        let url = try TestArtifacts.temporaryFolder("reader-header-picture").appendingPathComponent("form.xlsx")
        let workbook = try Workbook(destination: url, created: Date())
        let sheet = try workbook.addWorksheet(named: "Form")
        try sheet.write("x", row: 0, column: 0)
        try sheet.setPageSetup(PageSetup(header: "&LLOGO&CR&&G design", footer: "&RPage &P"))
        try workbook.close()
        // What Excel writes for a picture in the left header section: `&G` in the text, the picture in a VML part.
        try XLSXPartEditor.edit("xl/worksheets/sheet1.xml", in: url) {
            $0.replacingOccurrences(of: "&amp;LLOGO", with: "&amp;L&amp;G")
                .replacingOccurrences(of: "</headerFooter>", with: "</headerFooter><legacyDrawingHF r:id=\"rId9\"/>")
        }
        let document = try SpreadsheetReader.read(url)
        let form = try #require(document.sheets.first)
        #expect(form.pageSetup.header == "&L&CR&&G design")
        #expect(form.pageSetup.footer == "&RPage &P")
        #expect(document.unsupported.contains { $0.kind == "header image" && $0.sheet == "Form" })
        // The form's page setup is written again as it was read.
        let copy = url.deletingLastPathComponent().appendingPathComponent("copy.xlsx")
        let again = try Workbook(destination: copy, created: Date())
        try again.addWorksheet(named: "Form").setPageSetup(form.pageSetup)
        try again.close()
        #expect(try XLSXReader(url: copy).sheet("Form").header == "&L&CR&&&B&BG design", "stored as libxlsxwriter can")
        #expect(try SpreadsheetReader.read(copy).sheets.first?.pageSetup.header == "&L&CR&&G design")
    }
}
