import Foundation
import Testing
import Inventory
import TestSupport
@testable import DesignDocument

@Suite struct InventoryTemplateTests {
    @Test func inventoryWorkbookHasOneTableWithHeadersAndFunctionRows() throws {
        let folder = try Fixtures.folder()
        let url = folder.appendingPathComponent("inventory.xlsx")
        let writer = DocumentWriter(template: try Template.resolve("inventory"), context: Fixtures.context)
        try writer.write(Fixtures.inventory, format: .xlsx, to: url)
        try writer.write(Fixtures.inventory, format: .json, to: folder.appendingPathComponent("inventory.json"))
        try TestArtifacts.keep(workbook: url, json: folder.appendingPathComponent("inventory.json"), name: "designdocument-inventory")
        let book = try XLSXReader(url: url)
        #expect(book.sheetNames == ["Functions"])
        let sheet = try book.sheet("Functions")
        #expect(sheet.row(1) == ["No.", "Module", "File", "Line", "Type", "Kind", "Function", "Signature", "Access", "Summary",
                                 "Parameters", "Returns", "Throws"])
        #expect(sheet.lastRow == 1 + Fixtures.functions.count)
        #expect(sheet.tables.count == 1)
        #expect(sheet.tables.first?.range == "A1:M8")
        #expect(sheet.frozenAt == "A2")
        // Sorted by file (code point order), then line.
        #expect(sheet["G2"] == "load()")
        #expect(sheet["G3"] == "formatDue(_:)")
        #expect(sheet["A2"] == "1")
        #expect(sheet.numericCells.contains("A2"))
        #expect(sheet.row(5) == ["4", "TaskKit", "Sources/TaskKit/TaskStore.swift", "10", "TaskStore", "initializer", "init(fileURL:)",
                                 "public init(fileURL: URL)", "public", "Creates a store backed by a JSON file.",
                                 "fileURL: URL — Where the tasks are saved."])
        #expect(sheet.hyperlinks["D5"] == "https://github.com/example/taskboard/blob/3f2a9c1d5e7b/Sources/TaskKit/TaskStore.swift#L10")
        #expect(book.properties["title"] == "TaskBoard function inventory")
    }
}
