import Foundation
import Testing
import TestSupport
import SpreadsheetModel
@testable import Workbook

/// openpyxl, an independent reader, opens a workbook with every template feature and finds each one.
/// Needs a Python with openpyxl (`ReferencePython`: `$DOCSHEET_PYTHON`, which `scripts/run-tests` sets from
/// `scripts/python-env`); fails, never skips, without it.
@Suite struct OpenpyxlTemplateCheckTests {
    /// Whether the referees' Python imports openpyxl.
    static let hasOpenpyxl = ReferencePython.imports(["openpyxl"])

    /// Runs the referees' Python with `arguments`.
    static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ReferencePython.run(arguments)
    }

    /// The checks, run by openpyxl on the workbook given as the first argument; prints FAIL lines and exits 1 on any.
    static let script = #"""
import sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
failures = []
def check(label, actual, expected):
    if actual != expected:
        failures.append(f"FAIL {label}: {actual!r} != {expected!r}")
ws = wb["Form"]
a1 = ws["A1"]
check("underline", a1.font.u, "double"); check("strike", a1.font.strike, True)
check("vertAlign", a1.font.vertAlign, "superscript"); check("font colour", a1.font.color.rgb, "FF000000")
check("left border", (a1.border.left.style, a1.border.left.color.rgb), ("thin", "FFFF0000"))
check("diagonal", (a1.border.diagonal.style, a1.border.diagonalUp, a1.border.diagonalDown), ("hair", True, False))
check("fill", (a1.fill.patternType, a1.fill.fgColor.rgb, a1.fill.bgColor.rgb), ("darkGrid", "FF00B050", "FFFFFF00"))
check("rotation", a1.alignment.textRotation, 135); check("shrink", a1.alignment.shrinkToFit, True)
check("protection", (a1.protection.locked, a1.protection.hidden), (False, True))
dv = {str(v.sqref): v for v in ws.data_validations.dataValidation}
check("validations", sorted(dv), ["B2:B9", "C2:C9", "D2"])
check("list", (dv["B2:B9"].type, dv["B2:B9"].formula1), ("list", '"Yes,No"'))
check("whole", (dv["C2:C9"].type, dv["C2:C9"].operator, dv["C2:C9"].formula1, dv["C2:C9"].formula2), ("whole", None, "1", "10"))
check("date", (dv["D2"].type, dv["D2"].operator, dv["D2"].formula1), ("date", "greaterThan", "DATE(2024,1,1)"))
cf = {str(r.sqref): [rule.type for rule in r.rules] for r in ws.conditional_formatting}
check("conditional formats", cf, {"E2:E9 G2:G9": ["containsBlanks"], "F2:F9": ["colorScale"], "H2:H9": ["top10"]})
check("print", (ws.page_setup.paperSize, ws.page_setup.scale, ws.page_setup.fitToHeight, ws.page_setup.pageOrder),
      (13, 85, 0, "overThenDown"))
check("fit", ws.sheet_properties.pageSetUpPr.fitToPage, True)
check("centre", (ws.print_options.verticalCentered, ws.print_options.gridLines), (True, True))
check("titles", (ws.print_title_cols, ws.print_title_rows), ("$A:$B", "$1:$1"))
check("area", ws.print_area, "'Form'!$A$1:$F$40")
check("margins", (ws.page_margins.header, ws.page_margins.footer), (0.2, 0.45))
check("view", (ws.sheet_view.zoomScale, ws.sheet_view.rightToLeft, ws.sheet_view.showGridLines), (85, True, False))
check("selection", ws.sheet_view.selection[0].activeCell, "C4")
check("row", (ws.row_dimensions[3].hidden, ws.row_dimensions[4].height), (True, 30))
check("boolean", ws["A5"].value, True)
check("formula", ws["B5"].value, "=A6*2")
check("states", [s.sheet_state for s in wb.worksheets], ["visible", "hidden"])
check("name", wb.defined_names["Rates"].attr_text, "Form!$B$2:$B$5")
check("local name", wb["Lists"].defined_names["Items"].attr_text, "Lists!$A$1:$A$3")
print("\n".join(failures) or "OK")
sys.exit(1 if failures else 0)
"""#

    @Test func openpyxlFindsEveryTemplateFeature() throws {
        try #require(OpenpyxlTemplateCheckTests.hasOpenpyxl, Comment(rawValue: ReferencePython.missing(["openpyxl"])))
        var style = CellStyle(fontColor: .black)
        style.underlineStyle = .double
        style.strikeout = true
        style.script = .superscript
        style.edges = BorderEdges(left: BorderLine(.thin, color: Color(rgb: 0xFF0000)), diagonal: BorderLine(.hair), diagonalUp: true)
        style.patternFill = PatternFill(.darkGrid, foreground: Color(rgb: 0x00B050), background: Color(rgb: 0xFFFF00))
        style.rotation = -45
        style.shrinkToFit = true
        style.locked = false
        style.hidden = true
        let url = try TestArtifacts.temporaryFolder("docsheet-openpyxl").appendingPathComponent("template.xlsx")
        let workbook = try Workbook(destination: url, created: Date(timeIntervalSince1970: 1_767_225_600))
        do {
            let sheet = try workbook.addWorksheet(named: "Form")
            let lists = try workbook.addWorksheet(named: "Lists")
            try sheet.write("styled", row: 0, column: 0, style: style)
            try sheet.addDataValidation(DataValidation(ranges: [CellRange("B2:B9")!], kind: .list, formula1: "\"Yes,No\""))
            try sheet.addDataValidation(DataValidation(ranges: [CellRange("C2:C9")!], kind: .whole, formula1: "1", formula2: "10"))
            try sheet.addDataValidation(DataValidation(ranges: [CellRange("D2")!], kind: .date, comparison: .greaterThan, formula1: "DATE(2024,1,1)"))
            try sheet.addConditionalFormat(ConditionalFormat(ranges: [CellRange("E2:E9")!, CellRange("G2:G9")!], rule: .blanks,
                                                             style: CellStyle(fill: Color(rgb: 0xFFC7CE))))
            try sheet.addConditionalFormat(ConditionalFormat(ranges: [CellRange("F2:F9")!], rule: .colorScale([.white, Color(rgb: 0x63BE7B)])))
            try sheet.addConditionalFormat(ConditionalFormat(ranges: [CellRange("H2:H9")!], rule: .top(rank: 10, bottom: false, percent: false)))
            var setup = PageSetup(repeatRows: 0...0, margins: PageSetup.Margins(header: 0.2, footer: 0.45))
            setup.paperCode = 13
            setup.scale = 85
            setup.fitToPages = PageSetup.FitToPages(width: 1, height: 0)
            setup.centerVertically = true
            setup.repeatColumns = 0...1
            setup.printArea = CellRange("A1:F40")
            setup.printGridlines = true
            setup.overThenDown = true
            try sheet.setPageSetup(setup)
            try sheet.setZoom(85)
            try sheet.setRightToLeft()
            try sheet.select(CellReference("C4")!)
            try sheet.setGridlines(screen: false, print: true)
            try sheet.setRowFormat(2, height: nil, hidden: true)
            try sheet.setRowFormat(3, height: 30)
            try sheet.writeBoolean(true, row: 4, column: 0)
            try sheet.writeFormula("A6*2", row: 4, column: 1, cachedValue: .number(4))
            try workbook.defineName("Rates", formula: "Form!$B$2:$B$5")
            try workbook.defineName("Items", formula: "Lists!$A$1:$A$3", localTo: "Lists")
            try lists.setVisibility(.hidden)
        }
        try workbook.close()
        let result = try OpenpyxlTemplateCheckTests.python(["-c", OpenpyxlTemplateCheckTests.script, url.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("OK"), "\(result.output)")
    }
}
