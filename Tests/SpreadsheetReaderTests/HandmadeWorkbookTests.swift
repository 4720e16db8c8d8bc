import Foundation
import Testing
import SpreadsheetModel
import Workbook
@testable import SpreadsheetReader

/// `handmade.xlsx`: XML written by hand in `scripts/make-spreadsheet-fixtures` for what common writers do not
/// produce: parts named `wb/book.xml`, `wb/s/first.xml`, `wb/look.xml` reached only through relationships (one
/// target relative, one absolute), prefixed main namespace, cells and rows without `r`, shared formulas, rich and
/// phonetic runs, `_xHHHH_` escapes, an indexed-colour override, strict-style `start`/`end` borders, Excel 2010
/// validations, absolute and two-cell anchors without a size.
@Suite struct HandmadeWorkbookTests {
    let document: SpreadsheetDocument
    let sheet: SheetDocument

    init() throws {
        document = try SpreadsheetFixtures.read("handmade.xlsx")
        sheet = try #require(document.sheet("Edge cases"))
    }

    @Test func partsAreFoundThroughRelationships() {
        #expect(document.sheets.map(\.name) == ["Edge cases", "It's second", "Objects"])  // the chart sheet is reported
        #expect(document.activeSheet == 1)
        #expect(document.sheet("It's second")?["A1"]?.value == .text("Lists"))
    }

    @Test func cellsWithoutReferencesFollowThePreviousOne() {
        #expect(sheet.cells.map(\.reference.description)
                == ["A1", "B1", "D1", "E1", "F1", "A3", "B3", "C3", "D3", "E3", "F3", "G3", "H3", "I3", "A4", "B4", "C4", "A5", "B5", "C5"])
    }

    @Test func sharedStringsRichRunsEscapesAndWhitespace() {
        #expect(sheet["A1"]?.value == .text("plain"))
        #expect(sheet["B1"]?.value == .text("Rich and plain"))  // the phonetic run is not text
        #expect(sheet["D1"]?.value == .text("line\rbreak and _x0041_"))
        #expect(sheet["E1"]?.value == .text("trimmed"))  // no xml:space="preserve"
        #expect(sheet["F1"]?.value == .text("  kept  "))
        #expect(sheet["F3"]?.value == .text("inline"))
    }

    @Test func valueTypes() {
        #expect(sheet["A3"]?.value == .number(1))
        #expect(sheet["A5"]?.value == .number(-0.0015))
        #expect(sheet["C3"]?.value == .formula("\"x\"&A3", cached: "x1"))
        #expect(sheet["D3"]?.value == .error("#DIV/0!"))
        #expect(sheet["C4"]?.value == .formula("1/0", cached: "#DIV/0!"))
        #expect(sheet["E3"]?.value == .bool(true))
        #expect(sheet["G3"]?.value == .number(45306.5))  // t="d" 2024-01-15T12:00:00
        #expect(sheet["I3"]?.value == .empty)  // s="0" in a styled row keeps the default look
    }

    @Test func sharedFormulasAreExpandedForTheirDependentCells() {
        #expect(sheet["B3"]?.value == .formula("A3*2+$A$3+SUM(A$3:A3)+Sheet2!A3+'My sheet'!A3+\"A3\"", cached: "4"))
        #expect(sheet["B4"]?.value == .formula("A4*2+$A$3+SUM(A$3:A4)+Sheet2!A4+'My sheet'!A4+\"A3\"", cached: "7"))
        #expect(sheet["B5"]?.value == .formula("A5*2+$A$3+SUM(A$3:A5)+Sheet2!A5+'My sheet'!A5+\"A3\"", cached: nil))
    }

    @Test func stylesFromTheHandWrittenStylesheet() throws {
        #expect(document.defaultStyle == CellStyle(fontName: "Verdana", fontSize: 10))
        #expect(sheet["A1"]?.style == CellStyle(fontName: "Verdana", fontSize: 10))
        var rich = CellStyle(fontName: "Georgia", fontSize: 12, fontColor: rgb("#123456"), italic: true, underline: true,
                             fill: rgb("#654321"), numberFormat: "0.000\" kg\"")
        rich.edges = BorderEdges(left: BorderLine(.slantDashDot), right: BorderLine(.mediumDashDotDot, color: rgb("#112233")),
                                 top: BorderLine(.hair), bottom: BorderLine(.dashDotDot))
        #expect(sheet["B1"]?.style == rich)
        var rowStyle = CellStyle(fontName: "Courier New", fontSize: 10, fontColor: rgb("#336699"), bold: true, numberFormat: "m/d/yy h:mm", indent: 3)
        rowStyle.rotation = -90
        #expect(sheet.rows == [2: RowFormat(height: 20, style: rowStyle)])
        #expect(sheet["H3"]?.style.numberFormat == nil)  // built-in 31 is East Asian and unknown
        var unlocked = CellStyle(fontName: "Verdana", fontSize: 10)
        unlocked.locked = false
        #expect(sheet["C5"]?.style == unlocked)
        #expect(sheet.columns == [ColumnFormat(first: 1, last: 3, width: 5.5, style: rich)])
        #expect(sheet.tabColor == rgb("#654321"))  // indexed 3 of the overriding palette
        #expect(sheet.defaultRowHeight == 12.75)
        #expect(abs((sheet.defaultColumnWidth ?? 0) - (10 + 5.0 / 7)) < 1e-9)
    }

    @Test func validationsIncludingTheExcel2010Form() throws {
        #expect(sheet.dataValidations == [
            DataValidation(ranges: [try #require(range("A10")), try #require(range("C10:C12"))], kind: .decimal,
                           comparison: .greaterThanOrEqual, formula1: "0.5", ignoreBlank: false, showsDropDown: true,
                           showsInputMessage: false, showsErrorMessage: false),
            DataValidation(ranges: [try #require(range("B10:B12")), try #require(range("E10"))], kind: .list,
                           formula1: "'It''s second'!$A$1:$A$3", ignoreBlank: true, showsDropDown: true,
                           showsInputMessage: true, showsErrorMessage: true),
        ])
    }

    @Test func conditionalFormatWithADifferentialFillInBackgroundColour() throws {
        let style = CellStyle(fontColor: rgb("#C0504D"), fill: rgb("#ABCDEF"), numberFormat: "0.0")
        #expect(sheet.conditionalFormats == [ConditionalFormat(ranges: [try #require(range("A3:A5"))],
                                                               rule: .cellValue(.notBetween, "1", "2"), style: style)])
    }

    @Test func picturesPlacedByAbsoluteAndTwoCellAnchors() throws {
        let png = try Data(contentsOf: SpreadsheetFixtures.url("handmade-logo.png"))
        // Absolute: x 200 px, y 60 px. Columns: A 75 px (base width 10), B–D 39 px (5.5); rows 17 px (12.75 pt),
        // row 3 26.67 px (20 pt) → E3, 8 px right and 26 px down.
        #expect(sheet.images.first == ImagePlacement(data: png, source: "wb/media/logo.png", anchor: try #require(cell("E3")),
                                                     xOffset: 8, yOffset: 26, width: 100, height: 50, description: "Company logo"))
        // Two cells, no size: B6 + 2 px to D8 + 1 px → 39 + 39 − 2 = 76 px wide, 17 + 17 + 1 = 35 px tall.
        #expect(sheet.images.last == ImagePlacement(data: png, source: "wb/media/logo.png", anchor: try #require(cell("B6")),
                                                    xOffset: 2, yOffset: 0, width: 76, height: 35))
        #expect(sheet.images.count == 2)
    }

    @Test func printTitlesOfAQuotedSheetNameAndHiddenNames() {
        let second = document.sheet("It's second")
        #expect(second?.pageSetup.repeatRows == 0...1)
        #expect(second?.pageSetup.repeatColumns == 0...0)
        #expect(document.definedNames == [DefinedName(name: "Hidden_name", formula: "'Edge cases'!$C$3", hidden: true)])
    }

    @Test func unsupportedFeaturesOfTheWorkbook() {
        #expect(Set(document.unsupported.filter { $0.sheet == nil }) == [
            UnsupportedFeature(kind: "1904 date system"),
            UnsupportedFeature(kind: "workbook protection"),
            UnsupportedFeature(kind: "external link", name: "file:///C:/budget.xlsx"),
            UnsupportedFeature(kind: "custom XML", name: "customXml/item1.xml"),
            UnsupportedFeature(kind: "data connection"),
            UnsupportedFeature(kind: "chart sheet", name: "Chart1"),
            UnsupportedFeature(kind: "defined name", name: "ChartName"),
            UnsupportedFeature(kind: "localised number format", name: "built-in format 31"),
        ])
    }

    @Test func objectsOnASheetAreReportedWhereTheyAre() throws {
        let objects = try #require(document.sheet("Objects"))
        #expect(Set(document.unsupported.filter { $0.sheet == "Objects" }) == [
            UnsupportedFeature(kind: "array formula", name: "SUM(B1:B2*C1:C2)", sheet: "Objects", cell: cell("A1")),
            UnsupportedFeature(kind: "data table", sheet: "Objects", cell: cell("D2")),
            UnsupportedFeature(kind: "hyperlink", name: "#'It''s second'!A1", sheet: "Objects", cell: cell("B1")),
            UnsupportedFeature(kind: "header image", sheet: "Objects"),
            UnsupportedFeature(kind: "background image", sheet: "Objects"),
            UnsupportedFeature(kind: "OLE object", name: "Word.Document.12", sheet: "Objects"),
            UnsupportedFeature(kind: "form control", name: "Check Box 1", sheet: "Objects"),
            UnsupportedFeature(kind: "ActiveX control", name: "CommandButton1", sheet: "Objects"),
            UnsupportedFeature(kind: "shape", name: "Connector 3", sheet: "Objects", cell: cell("C5")),
            UnsupportedFeature(kind: "embedded object", name: "Diagram 1", sheet: "Objects", cell: cell("A7")),
            UnsupportedFeature(kind: "linked image", name: "https://example.com/logo.png", sheet: "Objects", cell: cell("B8")),
            UnsupportedFeature(kind: "chart", name: "Sales by month", sheet: "Objects", cell: cell("D9")),
            UnsupportedFeature(kind: "chart", name: "Chart 9", sheet: "Objects", cell: cell("E9")),
            UnsupportedFeature(kind: "sparklines", sheet: "Objects"),
            UnsupportedFeature(kind: "pivot table", name: "PivotSales", sheet: "Objects", cell: cell("G3")),
            UnsupportedFeature(kind: "print area of several ranges", name: "Objects!$A$1:$B$2,Objects!$D$1:$E$2", sheet: "Objects"),
        ])
        #expect(objects["A1"]?.value == .formula("SUM(B1:B2*C1:C2)", cached: "5"))
        #expect(objects["D2"]?.value == .number(7))  // a data table's cell keeps its value
        #expect(objects.pageSetup.printArea == range("A1:B2"))
        #expect(objects.pageSetup.header == "&L", "the header picture is not kept, nor its code &G")
        #expect(objects.images.isEmpty)
        // An Excel 2010 conditional format with its own differential format and a formula on another sheet.
        #expect(objects.conditionalFormats == [ConditionalFormat(ranges: [try #require(range("A1:A2"))],
                                                                 rule: .expression("'It''s second'!$A$1=\"x\""),
                                                                 style: CellStyle(bold: true, fill: rgb("#00FF00")))])
    }

    @Test func unsupportedFeaturesOfTheEdgeCasesSheet() {
        #expect(Set(document.unsupported.filter { $0.sheet == "Edge cases" }) == [
            UnsupportedFeature(kind: "split panes", sheet: "Edge cases"),
            UnsupportedFeature(kind: "sheet protection", sheet: "Edge cases"),
            UnsupportedFeature(kind: "conditional format (timePeriod)", sheet: "Edge cases", cell: cell("A3")),
            UnsupportedFeature(kind: "page breaks", sheet: "Edge cases"),
            UnsupportedFeature(kind: "shape", name: "Arrow 1", sheet: "Edge cases", cell: cell("E10")),
            UnsupportedFeature(kind: "shape", name: "Group 2", sheet: "Edge cases", cell: cell("F10")),
        ])
        #expect(document.unsupported.count == 8 + 6 + 16)
    }
}
