import Foundation
import Testing
import SpreadsheetModel
import Workbook
@testable import SpreadsheetReader

/// `openpyxl-form.xlsx`, written by openpyxl from `scripts/make-spreadsheet-fixtures`: every expectation below is
/// the script's input (theme colours resolved with the Office theme openpyxl writes: accent 1 `4F81BD`, accent 2
/// `C0504D`, accent 6 `F79646`, text 1 black).
@Suite struct OpenpyxlFormTests {
    let document: SpreadsheetDocument
    let form: SheetDocument

    init() throws {
        document = try SpreadsheetFixtures.read("openpyxl-form.xlsx")
        form = try #require(document.sheet("Form"))
    }

    /// A cell without a style of its own: the workbook font (Calibri 11, colour theme 1 = black).
    var base: CellStyle { CellStyle(fontName: "Calibri", fontSize: 11, fontColor: .black) }

    func style(_ change: (inout CellStyle) -> Void) -> CellStyle {
        var style = base
        change(&style)
        return style
    }

    @Test func sheetsInOrderWithTheirVisibility() {
        #expect(document.sheets.map(\.name) == ["Form", "Lists", "Hidden data", "Very hidden"])
        #expect(document.sheets.map(\.visibility) == [.visible, .visible, .hidden, .veryHidden])
        #expect(document.activeSheet == 0)
        #expect(document.source.hasSuffix("openpyxl-form.xlsx"))
    }

    @Test func everyCellWithAValueOrAStyleInRowMajorOrder() {
        let expected = ["A1", "A2", "B2", "C2", "D2", "A3", "B3", "C3", "D3", "E3", "A4", "B4",
                        "A5", "B5", "C5", "D5", "E5", "A6", "B6", "C6", "D6", "E6", "A7", "B7", "C7", "D7", "E7",
                        "A8", "B8", "C8", "D8", "E8", "A9", "B9", "C9", "D9", "E9", "A11",
                        "A12", "B12", "C12", "D12", "E12", "A22"]
        #expect(form.cells.map(\.reference.description) == expected)
    }

    @Test func valuesOfEveryType() {
        #expect(form["A1"]?.value == .text("Client form"))
        #expect(form["B2"]?.value == .text("{{client.name}}"))
        #expect(form["A3"]?.value == .number(1234.5))
        #expect(form["B3"]?.value == .number(45306))  // 2024-01-15
        #expect(form["C3"]?.value == .number(0.25))
        #expect(form["D3"]?.value == .bool(true))
        #expect(form["E3"]?.value == .error("#N/A"))
        #expect(form["A4"]?.value == .formula("SUM(A3,1)", cached: nil))
        #expect(form["B4"]?.value == .formula("B3+1", cached: nil))
        #expect(form["A5"]?.value == .text("Bold part end"))
        #expect(form["B5"]?.value == .text("  padded  "))
        #expect(form["C5"]?.value == .text("line1\nline2"))
        #expect(form["D5"]?.value == .number(5))
        #expect(form["E5"]?.value == .formula("D5*2", cached: nil))
        #expect(form["E8"]?.value == .formula("D8*2", cached: nil))
        #expect(form["A8"]?.value == .empty)
        #expect(form["A11"]?.value == .empty)
        #expect(form["A22"]?.value == .text("Website"))
    }

    @Test func fontsFillsAndColoursWithThemeTintAndIndexedColours() {
        #expect(form["A1"]?.style == style {
            $0.fontName = "Arial"; $0.fontSize = 16; $0.bold = true
            $0.fontColor = rgb("#366092")  // accent 1, darker 25 %
            $0.fill = rgb("#DCE6F1")       // accent 1, lighter 80 %
            $0.horizontal = .center; $0.vertical = .center
        })
        #expect(form["A2"]?.style == style {
            $0.italic = true; $0.underlineStyle = .double
            $0.fontColor = rgb("#FF0000")  // indexed 10
            $0.fill = rgb("#FFFF00")
        })
        #expect(form["D5"]?.style == base)
        #expect(document.defaultStyle == CellStyle(fontName: "Calibri", fontSize: 11))
    }

    @Test func bordersPerSideUniformAndDiagonal() {
        #expect(form["B2"]?.style == style {
            $0.edges = BorderEdges(left: BorderLine(.thin, color: rgb("#FF0000")), right: BorderLine(.mediumDashed, color: rgb("#0000FF")),
                                   top: BorderLine(.dotted, color: .black), bottom: BorderLine(.double, color: rgb("#00B050")))
        })
        #expect(form["C2"]?.style == style { $0.border = .thin; $0.borderColor = rgb("#808080") })
        #expect(form["D2"]?.style == style {
            $0.edges = BorderEdges(diagonal: BorderLine(.dashDot, color: rgb("#00FF00")), diagonalUp: true, diagonalDown: true)
        })
    }

    @Test func numberFormatsBuiltInAndCustom() {
        #expect(form["A3"]?.style == style { $0.numberFormat = "#,##0.00" })  // built-in 4
        #expect(form["B3"]?.style == style { $0.numberFormat = "yyyy-mm-dd" })
        #expect(form["C3"]?.style == style { $0.numberFormat = "0.0%" })
        #expect(form["B4"]?.style == style { $0.numberFormat = "mm-dd-yy" })  // built-in 14
        #expect(form["D3"]?.style.numberFormat == nil)
    }

    @Test func alignmentRotationWrapIndentAndShrink() {
        #expect(form["C5"]?.style == style { $0.wrap = true })
        #expect(form["A6"]?.style == style { $0.rotation = 45 })
        #expect(form["B6"]?.style == style { $0.rotation = -45 })
        #expect(form["C6"]?.style == style { $0.rotation = 255 })
        #expect(form["D6"]?.style == style { $0.horizontal = .left; $0.indent = 2 })
        #expect(form["E6"]?.style == style { $0.shrinkToFit = true })
        #expect(form["A7"]?.style == style { $0.horizontal = .centerAcross })
        #expect(form["B7"]?.style == style { $0.horizontal = .distributed; $0.vertical = .justify })
        #expect(form["C7"]?.style == style { $0.horizontal = .fill })
        #expect(form["D7"]?.style == style { $0.horizontal = .right; $0.vertical = .top })
        #expect(form["E7"]?.style == style { $0.horizontal = .justify; $0.vertical = .distributed })
    }

    @Test func patternsAndAGradientApproximatedByItsFirstColour() {
        #expect(form["A8"]?.style == style { $0.patternFill = PatternFill(.darkGrid, foreground: rgb("#FF0000"), background: rgb("#FFFF00")) })
        #expect(form["B8"]?.style == style { $0.patternFill = PatternFill(.gray125) })
        #expect(form["C8"]?.style == style { $0.patternFill = PatternFill(.lightUp, foreground: rgb("#C0504D"), background: .white) })
        #expect(form["D8"]?.style == style { $0.fill = rgb("#FF0000") })
    }

    @Test func fontEffectsWithoutAColourAreAutomatic() {
        // openpyxl writes only the properties set: no colour (automatic), name and size from the first font.
        let plain = CellStyle(fontName: "Calibri", fontSize: 11)
        func effect(_ change: (inout CellStyle) -> Void) -> CellStyle { var style = plain; change(&style); return style }
        #expect(form["A9"]?.style == effect { $0.strikeout = true })
        #expect(form["B9"]?.style == effect { $0.script = .superscript })
        #expect(form["C9"]?.style == effect { $0.script = .subscript })
        #expect(form["D9"]?.style == effect { $0.underlineStyle = .singleAccounting })
        #expect(form["E9"]?.style == effect { $0.underlineStyle = .doubleAccounting })
    }

    @Test func protectionOfAnEmptyCell() {
        #expect(form["A11"]?.style == style { $0.locked = false; $0.hidden = true })
    }

    @Test func sheetLayoutViewAndTab() {
        #expect(form.tabColor == rgb("#1F4E79"))
        #expect(form.columns == [ColumnFormat(first: 0, last: 0, width: 25), ColumnFormat(first: 1, last: 1, width: 40),
                                 ColumnFormat(first: 6, last: 6, width: 13, hidden: true)])
        #expect(form.rows == [1: RowFormat(height: 30), 9: RowFormat(hidden: true)])
        #expect(form.defaultRowHeight == 18)
        #expect(form.defaultColumnWidth == 12)
        #expect(form.merges.map(\.description) == ["A1:D1"])
        #expect(form.freezePanes == CellReference(row: 3, column: 1))
        #expect(form.selection == cell("C5"))
        #expect(form.zoom == 85)
        #expect(form.showsGridlines == false)
        #expect(form.rightToLeft == false)
        #expect(form.autofilter == range("A12:D20"))
        let lists = document.sheet("Lists")
        #expect(lists?.tabColor == rgb("#E26B0A"))  // accent 6, darker 25 %
        #expect(lists?.rightToLeft == true)
    }

    @Test func dataValidations() throws {
        #expect(form.dataValidations.count == 3)
        let status = DataValidation(ranges: [try #require(range("C13:C20")), try #require(range("E13:E20"))], kind: .list,
                                    formula1: "\"Yes,No,Maybe\"", ignoreBlank: true, showsDropDown: true, showsInputMessage: true,
                                    showsErrorMessage: true, inputTitle: "Status", inputMessage: "Pick one", errorTitle: "Invalid",
                                    errorMessage: "Pick from the list", errorStyle: .stop)
        #expect(form.dataValidations.first == status)
        let quantity = DataValidation(ranges: [try #require(range("D13:D20"))], kind: .whole, comparison: .between, formula1: "1",
                                      formula2: "10", ignoreBlank: false, showsDropDown: true, showsInputMessage: false,
                                      showsErrorMessage: true, errorTitle: "Quantity", errorMessage: "1 to 10", errorStyle: .warning)
        #expect(form.dataValidations.dropFirst().first == quantity)
        let otherSheet = DataValidation(ranges: [try #require(range("B13:B20"))], kind: .list, formula1: "Lists!$A$1:$A$3",
                                        ignoreBlank: false, showsDropDown: false, showsInputMessage: false, showsErrorMessage: false)
        #expect(form.dataValidations.last == otherSheet)
    }

    @Test func conditionalFormatsInPriorityOrderWithTheirDifferentialStyles() throws {
        let formats = form.conditionalFormats
        #expect(formats.map(\.rule) == [
            .cellValue(.greaterThan, "100", nil), .expression("$D$3=TRUE"), .colorScale([try #require(rgb("#F8696B")), try #require(rgb("#63BE7B"))]),
            .dataBar(try #require(rgb("#638EC6"))), .text(.containsText, "urgent"), .top(rank: 3, bottom: true, percent: false),
            .aboveAverage(below: true), .duplicateValues, .blanks,
        ])
        #expect(formats.map { $0.ranges.map(\.description) } == [["B13:B20"], ["A13:A20"], ["D13:D20"], ["E13:E20"], ["C13:C20"],
                                                                 ["A13:A20"], ["B13:B20"], ["D13:D20"], ["E13:E20"]])
        var highlight = CellStyle(fontColor: rgb("#9C0006"), bold: true, fill: rgb("#FFC7CE"))
        #expect(formats[0].style == highlight)
        highlight = CellStyle(fill: rgb("#C6EFCE"))
        #expect(formats[1].style == highlight)
        #expect(formats[1].stopIfTrue && !formats[0].stopIfTrue)
        #expect(formats[2].style == CellStyle())
        #expect(formats[4].style == CellStyle(italic: true))
        var bottomLine = CellStyle()
        bottomLine.edges = BorderEdges(bottom: BorderLine(.thin, color: .black))
        #expect(formats[5].style == bottomLine)
        #expect(formats[6].style == CellStyle(underline: true))
        var struck = CellStyle()
        struck.strikeout = true
        #expect(formats[7].style == struck)
        #expect(formats[8].style == CellStyle(fill: rgb("#D9D9D9")))
    }

    @Test func logoWithItsAnchorOffsetsAndSize() throws {
        let logo = try #require(form.images.first)
        #expect(form.images.count == 1)
        #expect(logo.anchor == cell("F2"))
        #expect(logo.xOffset == 4 && logo.yOffset == 2)
        #expect(logo.width == 120 && logo.height == 40)
        #expect(logo.description == "Picture")  // openpyxl's alternative text for every image
        #expect(logo.source == "xl/media/image1.png")
        // The PNG the script made: 60 × 20 pixels.
        #expect(logo.data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(logo.data.subdata(in: 16..<24) == Data([0, 0, 0, 60, 0, 0, 0, 20]))
    }

    @Test func printSettings() throws {
        let setup = form.pageSetup
        #expect(setup.printArea == range("A1:E20"))
        #expect(setup.repeatRows == 3...4)
        #expect(setup.repeatColumns == 0...1)
        #expect(setup.margins == PageSetup.Margins(left: 0.5, right: 0.4, top: 0.9, bottom: 0.8, header: 0.35, footer: 0.25))
        #expect(setup.landscape)
        #expect(setup.paperCode == 9 && setup.paper == .a4)
        #expect(setup.fitToPages == PageSetup.FitToPages(width: 1, height: 0))
        #expect(setup.fitToWidth)
        #expect(setup.scale == nil)
        #expect(setup.firstPageNumber == 3)
        #expect(setup.overThenDown)
        #expect(setup.centerHorizontally && !setup.centerVertically)
        #expect(setup.printGridlines)
        #expect(setup.header == "&CClient form")
        #expect(setup.footer == "&RPage &P of &N")
        let lists = try #require(document.sheet("Lists"))
        #expect(lists.pageSetup.printArea == nil && lists.pageSetup.fitToPages == nil && !lists.pageSetup.landscape)
    }

    @Test func definedNamesAndProperties() {
        #expect(document.definedNames == [DefinedName(name: "TaxRate", formula: "Lists!$B$1"),
                                          DefinedName(name: "LocalTotal", formula: "Form!$A$3", localSheet: 0)])
        #expect(document.properties == SpreadsheetProperties(
            title: "Client form", subject: "Onboarding", author: "Acme Corp", manager: "Jane Roe", company: "Acme Corp",
            category: "Forms", keywords: "form, client", comments: "Template for DocSheet", status: "Draft"))
    }

    @Test func reportsWhatCannotBeWrittenBack() {
        let expected: Set<UnsupportedFeature> = [
            UnsupportedFeature(kind: "conditional format (iconSet)", sheet: "Form", cell: cell("F13")),
            UnsupportedFeature(kind: "hyperlink", name: "https://example.com/form", sheet: "Form", cell: cell("A22")),
            UnsupportedFeature(kind: "first-page header", name: "&CCover", sheet: "Form"),
            UnsupportedFeature(kind: "chart", name: "Coverage", sheet: "Form", cell: cell("H2")),
            UnsupportedFeature(kind: "comment", name: "Fill in the client's legal name", sheet: "Form", cell: cell("B2")),
            UnsupportedFeature(kind: "sheet protection", sheet: "Lists"),
            UnsupportedFeature(kind: "table", name: "Rates", sheet: "Lists", cell: cell("D1")),
        ]
        #expect(Set(document.unsupported) == expected)
        #expect(document.unsupported.count == expected.count)
    }
}
