import Foundation
import Testing
import Inventory
import TestSupport
import Workbook
@testable import DesignDocument

/// Text from source code that Excel's limits would break, through the whole design-document path.
@Suite struct TrickyTextTests {
    static var inventory: Inventory {
        var functions = Fixtures.functions
        functions[0].signature = "func decode_x0041_(raw: String)"
        functions[1].doc = Fixtures.doc("Reads\u{0}until NUL\u{FFFF} and \u{1B}escapes.")
        functions[2].doc = Fixtures.doc(String(repeating: "長い説明。", count: 8_000))
        functions[3].signature = "=cmd|' /C calc'!A0"
        return Inventory(project: Fixtures.inventory.project, types: Fixtures.types, functions: functions)
    }

    @Test func designDocKeepsTrickyTextReadable() throws {
        let folder = try Fixtures.folder()
        let url = folder.appendingPathComponent("tricky.xlsx")
        let writer = DocumentWriter(template: try Template.resolve("design-doc"), context: Fixtures.context)
        try writer.write(Self.inventory, format: .xlsx, to: url)
        try writer.write(Self.inventory, format: .json, to: folder.appendingPathComponent("tricky.json"))
        try TestArtifacts.keep(workbook: url, json: folder.appendingPathComponent("tricky.json"), name: "designdocument-tricky-text")
        let functions = try XLSXReader(url: url).sheet("Functions")
        let cells = functions.cells.values
        #expect(cells.contains("func decode_x005F_x0041_(raw: String)"))
        #expect(cells.contains("Readsuntil NUL and escapes."))
        let long = try #require(cells.first { $0.hasPrefix("長い説明。") })
        #expect(long.utf16.count <= ExcelText.maximumCellLength && long.hasSuffix(ExcelText.truncationMarker))
        // In a workbook a formula-like signature is plain text (a string cell), never a formula.
        #expect(cells.contains("=cmd|' /C calc'!A0"))
    }

    @Test func csvNeutralisesTheFormulaLikeSignature() throws {
        let csv = CSVWriter.inventory(Self.inventory, context: Fixtures.context)
        #expect(csv.contains(",'=cmd|' /C calc'!A0,"))
        #expect(!csv.contains(",=cmd"))
    }
}
