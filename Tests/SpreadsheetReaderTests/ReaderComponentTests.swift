import Foundation
import Testing
import SpreadsheetModel
import Workbook
@testable import SpreadsheetReader

/// The pieces the reader is built from: colour tints, shared-formula shifting, references, text escapes, XML.
@Suite struct ReaderComponentTests {
    /// Excel's colour palette for the Office theme (Home › Fill Color): the tints Excel stores for "Lighter 80 %",
    /// "Lighter 60 %", "Lighter 40 %", "Darker 25 %" and "Darker 50 %", and the RGB values Excel shows for them.
    static let excelPalette: [(UInt32, [String])] = [
        (0x4F81BD, ["DCE6F1", "B8CCE4", "95B3D7", "366092", "244062"]),
        (0xC0504D, ["F2DCDB", "E6B8B7", "DA9694", "963634", "632523"]),
        (0xF79646, ["FDE9D9", "FCD5B4", "FABF8F", "E26B0A", "974706"]),
        (0x1F497D, ["C5D9F1", "8DB4E2", "538DD5", "16365C", "0F243E"]),
    ]

    @Test(arguments: excelPalette)
    func tintsMatchExcelsPalette(base: UInt32, expected: [String]) {
        let tints = [0.7999816888943144, 0.5999938962981048, 0.3999755859375, -0.249977111117893, -0.499984740745262]
        let tinted = tints.map { Color(rgb: ColorResolver.apply(tint: $0, to: base)).description }
        #expect(tinted == expected.map { "#" + $0 })
    }

    @Test func greyTintsMatchExcelsPalette() {
        let whiteDarker = [-0.0499893185216834, -0.1499984740745262, -0.249977111117893, -0.34998626667073579]
        #expect(whiteDarker.map { Color(rgb: ColorResolver.apply(tint: $0, to: 0xFFFFFF)).description }
                == ["#F2F2F2", "#D9D9D9", "#BFBFBF", "#A6A6A6"])
        let blackLighter = [0.499984740745262, 0.34998626667073579, 0.249977111117893, 0.1499984740745262, 0.0499893185216834]
        #expect(blackLighter.map { Color(rgb: ColorResolver.apply(tint: $0, to: 0x000000)).description }
                == ["#7F7F7F", "#595959", "#404040", "#262626", "#0D0D0D"])
    }

    @Test func colourElementsOfEveryKind() throws {
        let resolver = ColorResolver()
        func color(_ xml: String) throws -> Color? { resolver.color(try XMLTree.parse(Data(xml.utf8))) }
        #expect(try color(#"<color rgb="FF1F4E79"/>"#) == rgb("#1F4E79"))
        #expect(try color(#"<color rgb="1F4E79"/>"#) == rgb("#1F4E79"))
        #expect(try color(#"<color theme="0"/>"#) == .white)       // lt1
        #expect(try color(#"<color theme="1"/>"#) == .black)       // dk1
        #expect(try color(#"<color theme="2"/>"#) == rgb("#EEECE1"))  // lt2
        #expect(try color(#"<color theme="3"/>"#) == rgb("#1F497D"))  // dk2
        #expect(try color(#"<color theme="10"/>"#) == rgb("#0000FF"))  // hlink
        #expect(try color(#"<color indexed="22"/>"#) == rgb("#C0C0C0"))
        #expect(try color(#"<color indexed="64"/>"#) == nil)  // system foreground
        #expect(try color(#"<color auto="1"/>"#) == nil)
        #expect(try color(#"<color theme="99"/>"#) == nil)
        #expect(try color(#"<color rgb="nonsense"/>"#) == nil)
        #expect(try color(#"<color rgb="FF4F81BD" tint="-0.249977111117893"/>"#) == rgb("#366092"))
    }

    @Test func sharedFormulasShiftRelativeReferencesOnly() {
        #expect(FormulaShifter.shift("A1+$B$2+C$3+$D4", rows: 2, columns: 1) == "B3+$B$2+D$3+$D6")
        #expect(FormulaShifter.shift("SUM(A1:B2)*LOG10(A1)", rows: 1, columns: 0) == "SUM(A2:B3)*LOG10(A2)")
        #expect(FormulaShifter.shift("SUM(A:A)+SUM($1:2)", rows: 1, columns: 2) == "SUM(C:C)+SUM($1:3)")
        #expect(FormulaShifter.shift("'Other ''q'''!A1&\"A1\"&Data!B2", rows: 1, columns: 1) == "'Other ''q'''!B2&\"A1\"&Data!C3")
        #expect(FormulaShifter.shift("Table1[[#This Row],[A1]]+TaxRate+TRUE", rows: 5, columns: 5) == "Table1[[#This Row],[A1]]+TaxRate+TRUE")
        #expect(FormulaShifter.shift("A1-1.5E+3", rows: 1, columns: 0) == "A2-1.5E+3")
        #expect(FormulaShifter.shift("A1", rows: -1, columns: 0) == "#REF!")
        #expect(FormulaShifter.shift("XFD1+A1048576", rows: 0, columns: 1) == "#REF!+B1048576")
        #expect(FormulaShifter.shift("IF(ISERROR(A1),#N/A,A1)", rows: 1, columns: 0) == "IF(ISERROR(A2),#N/A,A2)")
    }

    @Test func referencesAreParsedWithoutTrapsOnHugeNumbers() {
        guard case .valid(let cell) = ReferenceText.cell("$XFD$1048576") else { Issue.record("XFD1048576 is a cell"); return }
        #expect(cell == CellReference(row: 1_048_575, column: 16_383))
        guard case .outsideGrid = ReferenceText.cell("XFE1") else { Issue.record("XFE1 is past the grid"); return }
        guard case .outsideGrid = ReferenceText.cell("A99999999999999999999999999") else { Issue.record("huge row"); return }
        guard case .outsideGrid = ReferenceText.cell("ZZZZZZZZZZZZZZZZZZZZZZ1") else { Issue.record("huge column"); return }
        guard case .malformed = ReferenceText.cell("A0") else { Issue.record("A0 is not a cell"); return }
        guard case .malformed = ReferenceText.cell("1A") else { Issue.record("1A is not a cell"); return }
        guard case .valid(.rows(let rows)) = ReferenceText.area("$4:$5") else { Issue.record("rows"); return }
        #expect(rows == 3...4)
        guard case .valid(.columns(let columns)) = ReferenceText.area("B:A") else { Issue.record("columns"); return }
        #expect(columns == 0...1)
        let areas = ReferenceText.areas(inFormula: "'Sheet 1'!$4:$5,'Sheet 1'!$A:$B")
        #expect(areas?.map(\.sheet) == ["Sheet 1", "Sheet 1"])
        #expect(areas?.map(\.area) == [.rows(3...4), .columns(0...1)])
        #expect(ReferenceText.areas(inFormula: "#REF!") == nil)
    }

    @Test func textEscapesAndXMLNamespaces() throws {
        #expect(RichText.decodeEscapes("a_x000A_b_x005F_x0041_c_x12") == "a\nb_x0041_c_x12")
        let root = try XMLTree.parse(Data(#"<m:a xmlns:m="urn:m" xmlns:q="urn:r" q:id="7" plain="p"><m:b>x<![CDATA[<y>]]></m:b></m:a>"#.utf8))
        #expect(root.name == "a" && root.namespace == "urn:m")
        #expect(root.attribute("id", in: ["urn:r"]) == "7" && root["plain"] == "p" && root["id"] == nil)
        #expect(root.child("b")?.text == "x<y>")
        #expect(throws: XMLTree.ParseFailure.self) { try XMLTree.parse(Data("<a><b></a>".utf8)) }
        #expect(throws: XMLTree.ParseFailure.self) { try XMLTree.parse(Data()) }
    }
}
