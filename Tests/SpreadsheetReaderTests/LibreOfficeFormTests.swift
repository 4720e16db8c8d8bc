import Foundation
import Testing
import SpreadsheetModel
import Workbook
@testable import SpreadsheetReader

/// `libreoffice-form.xlsx`: the openpyxl form opened and saved by LibreOffice (`soffice --convert-to xlsx`). The
/// parts are laid out differently (shared strings, no theme, `true`/`false` attributes, every row written, styled
/// cells under merged ranges, Excel 2010 data-bar extensions); what LibreOffice keeps reads back as the script set
/// it. Where LibreOffice changes the form (it drops frozen panes and zoom in a headless save, turns `veryHidden`
/// into `hidden`, Booleans into `TRUE()` formulas, patterns into blended solid fills), the test says so.
@Suite struct LibreOfficeFormTests {
    let document: SpreadsheetDocument
    let form: SheetDocument

    init() throws {
        document = try SpreadsheetFixtures.read("libreoffice-form.xlsx")
        form = try #require(document.sheet("Form"))
    }

    @Test func sheetsAndVisibility() {
        #expect(document.sheets.map(\.name) == ["Form", "Lists", "Hidden data", "Very hidden"])
        #expect(document.sheets.map(\.visibility) == [.visible, .visible, .hidden, .hidden])
        #expect(document.activeSheet == 0)
    }

    @Test func valuesFromSharedStringsAndCachedFormulaResults() {
        #expect(form["A1"]?.value == .text("Client form"))
        #expect(form["B1"]?.value == .empty)  // styled cells under the merge
        #expect(form["A5"]?.value == .text("Bold part end"))
        #expect(form["B5"]?.value == .text("  padded  "))
        #expect(form["C5"]?.value == .text("line1\nline2"))
        #expect(form["A3"]?.value == .number(1234.5))
        #expect(form["B3"]?.value == .number(45306))
        #expect(form["D3"]?.value == .formula("TRUE()", cached: "TRUE"))
        #expect(form["E3"]?.value == .formula("#N/A", cached: "#N/A"))
        #expect(form["A4"]?.value == .formula("SUM(A3,1)", cached: "1235.5"))
        #expect(form["E5"]?.value == .formula("D5*2", cached: "10"))
        #expect(form["E8"]?.value == .formula("D8*2", cached: "16"))
        #expect(form["A22"]?.value == .text("Website"))
    }

    @Test func stylesGivenAsRGBReadTheSame() throws {
        let a2 = try #require(form["A2"]?.style)
        #expect(a2.italic && a2.underlineStyle == .double && a2.fontColor == rgb("#FF0000") && a2.fill == rgb("#FFFF00"))
        let b2 = try #require(form["B2"]?.style.edges)
        #expect(b2.left == BorderLine(.thin, color: rgb("#FF0000")))
        #expect(b2.right == BorderLine(.mediumDashed, color: rgb("#0000FF")))
        #expect(b2.top.style == .dotted)
        #expect(b2.bottom == BorderLine(.double, color: rgb("#00B050")))
        #expect(form["C2"]?.style.border == .thin && form["C2"]?.style.borderColor == rgb("#808080") && form["C2"]?.style.edges == nil)
        #expect(form["D2"]?.style.edges == BorderEdges(diagonal: BorderLine(.dashDot, color: rgb("#00FF00")), diagonalUp: true, diagonalDown: true))
        #expect(form["A1"]?.style.fontName == "Arial" && form["A1"]?.style.fontSize == 16 && form["A1"]?.style.bold == true)
        #expect(form["A3"]?.style.numberFormat == "#,##0.00")
        #expect(form["B3"]?.style.numberFormat?.replacingOccurrences(of: "\\", with: "") == "yyyy-mm-dd")
        #expect(form["C3"]?.style.numberFormat == "0.0%")
        #expect(form["D5"]?.style.numberFormat == nil)  // LibreOffice writes "General" as a custom format
        #expect(form["C5"]?.style.wrap == true)
        #expect(form["A6"]?.style.rotation == 45 && form["B6"]?.style.rotation == -45 && form["C6"]?.style.rotation == 255)
        #expect(form["D6"]?.style.indent == 2 && form["E6"]?.style.shrinkToFit == true)
        #expect(form["D7"]?.style.horizontal == .right && form["D7"]?.style.vertical == .top)
        #expect(form["E7"]?.style.vertical == .distributed && form["C7"]?.style.horizontal == .fill)
        #expect(form["A9"]?.style.strikeout == true && form["B9"]?.style.script == .superscript && form["C9"]?.style.script == .subscript)
        #expect(form["A11"]?.style.locked == false && form["A11"]?.style.hidden == true)
    }

    @Test func layoutValidationsAndConditionalFormats() throws {
        #expect(form.tabColor == rgb("#1F4E79"))
        #expect(form.columns == [ColumnFormat(first: 0, last: 0, width: 25), ColumnFormat(first: 1, last: 1, width: 40),
                                 ColumnFormat(first: 6, last: 6, width: 13, hidden: true)])
        // LibreOffice writes a height on every row it touched (18 pt for this font), custom on one: all are kept.
        #expect(form.rows[1] == RowFormat(height: 30))
        #expect(form.rows[9] == RowFormat(height: 18, hidden: true))
        #expect(form.rows.filter { $0.key != 1 && $0.key != 9 }.values.allSatisfy { $0 == RowFormat(height: 18) })
        #expect(form.merges.map(\.description) == ["A1:D1"])
        #expect(form.autofilter == range("A12:D20"))
        #expect(form.dataValidations.map(\.kind) == [.list, .whole, .list])
        #expect(form.dataValidations.map { $0.ranges.map(\.description) } == [["C13:C20", "E13:E20"], ["D13:D20"], ["B13:B20"]])
        #expect(form.dataValidations[0].inputMessage == "Pick one" && form.dataValidations[0].showsDropDown)
        #expect(form.dataValidations[1].errorStyle == .warning && form.dataValidations[1].formula2 == "10")
        #expect(form.dataValidations[2].formula1 == "Lists!$A$1:$A$3" && !form.dataValidations[2].showsDropDown)
        let rules = form.conditionalFormats.map(\.rule)
        #expect(rules.contains(.cellValue(.greaterThan, "100", nil)))
        #expect(rules.contains(.colorScale([try #require(rgb("#F8696B")), try #require(rgb("#63BE7B"))])))
        #expect(rules.contains(.dataBar(try #require(rgb("#638EC6")))))  // the x14 extension refines it, adds no rule
        #expect(rules.contains(.text(.containsText, "urgent")))
        #expect(rules.contains(.top(rank: 3, bottom: true, percent: false)))
        #expect(rules.contains(.aboveAverage(below: true)))
        #expect(rules.contains(.duplicateValues))
        #expect(form.conditionalFormats.count == 9)
        #expect(form.conditionalFormats.first { $0.rule == .cellValue(.greaterThan, "100", nil) }?.style
                == CellStyle(fontColor: rgb("#9C0006"), bold: true, fill: rgb("#FFC7CE")))
    }

    @Test func logoAnchoredByTwoCellsWithItsSize() throws {
        let logo = try #require(form.images.first)
        #expect(logo.anchor == cell("F2") && logo.xOffset == 4 && logo.yOffset == 2)
        #expect(abs((logo.width ?? 0) - 120) < 0.5 && abs((logo.height ?? 0) - 40) < 0.5)
        #expect(logo.data.subdata(in: 16..<24) == Data([0, 0, 0, 60, 0, 0, 0, 20]))
    }

    @Test func printSettingsNamesPropertiesAndUnsupported() {
        let setup = form.pageSetup
        #expect(setup.printArea == range("A1:E20") && setup.repeatRows == 3...4 && setup.repeatColumns == 0...1)
        #expect(setup.landscape && setup.paperCode == 9 && setup.fitToPages == PageSetup.FitToPages(width: 1, height: 0))
        #expect(setup.firstPageNumber == 3 && setup.overThenDown && setup.centerHorizontally && setup.printGridlines)
        #expect(setup.margins.left == 0.5 && setup.margins.right == 0.4 && setup.margins.top == 0.9)
        #expect(setup.header == "&CClient form" && setup.footer == "&RPage &P of &N")
        #expect(document.definedNames == [DefinedName(name: "TaxRate", formula: "Lists!$B$1"),
                                          DefinedName(name: "LocalTotal", formula: "Form!$A$3", localSheet: 0)])
        #expect(document.properties.title == "Client form" && document.properties.manager == "Jane Roe")
        #expect(document.properties.company == "Acme Corp" && document.properties.status == "Draft")
        let kinds = Set(document.unsupported.map(\.kind))
        #expect(kinds == ["conditional format (iconSet)", "hyperlink", "first-page header", "chart", "comment", "sheet protection", "table"])
        #expect(document.unsupported.contains(UnsupportedFeature(kind: "chart", name: "Coverage", sheet: "Form", cell: cell("H2"))))
    }
}
