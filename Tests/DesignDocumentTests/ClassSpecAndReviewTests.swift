import Foundation
import Testing
import Inventory
import TestSupport
import Workbook
@testable import DesignDocument

@Suite struct ClassSpecAndReviewTests {
    @Test func classSpecHasOneSheetPerTypeWithAHeaderBlock() throws {
        let (book, _) = try DesignDocTemplateTests.render("class-spec", keepAs: "designdocument-class-spec")
        #expect(book.sheetNames == ["Contents", "Free functions", "TaskListViewModel", "TaskItem", "TaskStore"])
        let store = try book.sheet("TaskStore")
        #expect(store["A1"] == "Type" && store["C1"] == "TaskStore")
        #expect(store["C2"] == "class")
        #expect(store["C3"] == "TaskKit")
        #expect(store["C4"] == "Sources/TaskKit/TaskStore.swift")
        #expect(store["A5"] == "Superclass" && (store["C5"] ?? "").isEmpty)
        #expect(store["A6"] == "Conforms to" && store["C6"] == "ObservableObject, Sequence")
        #expect(store["C7"] == "Keeps the tasks and persists them.")
        #expect(store.mergedRanges.contains("C7:F7"))
        #expect(store.hyperlinks["A8"] == "#'Contents'!A1")
        // No properties in this inventory: the method table comes first, under its title.
        #expect(store["A10"] == "Methods")
        #expect(store.row(11).prefix(4) == ["No.", "Function", "Signature", "Access"])
        #expect(store["A12"] == "Lifecycle" && store["B13"] == "init(fileURL:)")
        // The extension's method is on the type's sheet.
        #expect(store["B16"] == "save()" && store["A17"] == "Sequence" && store["B18"] == "makeIterator()")
        #expect(store.frozenAt == nil)
        let contents = try book.sheet("Contents")
        #expect(contents.hyperlinks["B5"] == "#'TaskStore'!A1")
    }

    @Test func aFunctionsSheetSplitByTypeStillMakesTypeSheetsWithTheNewPlaceholders() throws {
        let template = try TemplateLoader.load(yaml: """
        name: old-class-spec
        sheets:
          - kind: functions
            name: "{{group}}"
            group: type
            split: sheets
            cells:
              - {cell: A1, value: "{{type.name}} < {{type.superclass}}"}
              - {cell: A2, value: "{{type.conformances}}"}
              - {cell: A3, value: "{{type.functions}}"}
              - {cell: A4, value: "{{type.composition}}"}
            columns: [{field: name}]
        """, path: "old.yml", baseFolder: nil)
        let url = try Fixtures.folder().appendingPathComponent("old-class-spec.xlsx")
        try WorkbookRenderer(template: template, context: Fixtures.context, inventory: Fixtures.inventory, diff: nil).render(to: url)
        let book = try XLSXReader(url: url)
        #expect(book.sheetNames == ["Free functions", "TaskListViewModel", "TaskItem", "TaskStore"])
        let store = try book.sheet("TaskStore")
        #expect(store["A1"] == "TaskStore < " && store["A2"] == "ObservableObject, Sequence")
        #expect(store["A3"] == "4" && store.numericCells.contains("A3"))
        #expect(store["A4"] == "tasks: [TaskItem]")
        #expect(store["A7"] == "init(fileURL:)")
    }

    @Test func reviewWorkbookHasAddedRemovedChangedWithStatusDropDown() throws {
        let folder = try Fixtures.folder()
        let url = folder.appendingPathComponent("review.xlsx")
        try DocumentWriter(template: try Template.resolve("review"), context: Fixtures.context)
            .writeReview(Fixtures.diff, format: .xlsx, to: url)
        let json = folder.appendingPathComponent("review.json")
        try DocumentWriter(template: try Template.resolve("review"), context: Fixtures.context).writeReview(Fixtures.diff, format: .json, to: json)
        try TestArtifacts.keep(workbook: url, json: json, name: "designdocument-review")
        let book = try XLSXReader(url: url)
        #expect(book.sheetNames == ["Added", "Removed", "Changed"])
        let added = try book.sheet("Added")
        #expect(added.row(1) == ["No.", "Module", "File", "Line", "Type", "Function", "Signature", "Documentation", "Status", "Reviewer comment"])
        #expect(added.row(2).prefix(7) == ["1", "TaskBoardApp", "Sources/TaskBoardApp/TaskListViewModel.swift", "15", "TaskListViewModel", "load()",
                                           "@MainActor func load()"])
        #expect(added.dataValidations.first?.range == "I2")
        #expect(added.dataValidations.first?.formula == "\"Approved,Needs changes,Question\"")
        let changed = try book.sheet("Changed")
        #expect(changed["G2"] == "signature")
        #expect(changed["H2"] == "public func add(_ task: TaskItem) throws -> Int")
        #expect(changed["I2"] == "public func add(_ task: TaskItem, at index: Int) throws -> Int")
        #expect(try book.sheet("Removed")["F2"] == "formatDue(_:)")
        #expect(book.properties["title"] == "TaskBoard review v1.1.0 → HEAD")
    }

    @Test func longTablesContinueOnAnotherSheetWithTheHeaderRepeated() throws {
        let url = try Fixtures.folder().appendingPathComponent("long.xlsx")
        var renderer = WorkbookRenderer(template: try Template.resolve("inventory"), context: Fixtures.context,
                                        inventory: Fixtures.inventory, diff: nil)
        renderer.rowLimit = 4 // header + 3 data rows per sheet
        try renderer.render(to: url)
        let book = try XLSXReader(url: url)
        #expect(book.sheetNames == ["Functions", "Functions (cont. 2)", "Functions (cont. 3)"])
        let second = try book.sheet("Functions (cont. 2)")
        #expect(second["A1"] == "No.")
        #expect((2...4).map { second["A\($0)"] } == ["4", "5", "6"])
        #expect(try book.sheet("Functions (cont. 3)").lastRow == 2)
    }

    @Test func sheetNamesFromDataAreMadeValidAndUnique() throws {
        var inventory = Fixtures.inventory
        inventory.functions[0].enclosingType = "Cache<Key: Hashable>[]"
        inventory.functions[1].enclosingType = "cache<key: hashable>[]"
        inventory.functions[2].enclosingType = "History"
        let url = try Fixtures.folder().appendingPathComponent("names.xlsx")
        try DocumentWriter(template: try Template.resolve("class-spec"), context: Fixtures.context).write(inventory, format: .xlsx, to: url)
        let names = try XLSXReader(url: url).sheetNames
        #expect(names.contains("Cache<Key_ Hashable>__"))
        #expect(names.contains("cache<key_ hashable>__ (2)"))
        #expect(names.contains("History 1"))
    }

    @Test func largeInventoriesUseConstantMemoryAndStillReadBack() throws {
        let url = try Fixtures.folder().appendingPathComponent("large.xlsx")
        var renderer = WorkbookRenderer(template: try Template.resolve("design-doc"), context: Fixtures.context,
                                        inventory: Fixtures.inventory, diff: nil)
        renderer.largeInventoryThreshold = 1
        try renderer.render(to: url)
        let book = try XLSXReader(url: url)
        let functions = try book.sheet("Functions")
        #expect(functions["C4"] == "load()")
        #expect(functions.autofilter == "A1:N17")
        #expect(functions.conditionalFormats.count == 1)
        let inventoryURL = url.deletingLastPathComponent().appendingPathComponent("flat.xlsx")
        var flat = WorkbookRenderer(template: try Template.resolve("inventory"), context: Fixtures.context, inventory: Fixtures.inventory, diff: nil)
        flat.largeInventoryThreshold = 1
        try flat.render(to: inventoryURL)
        let sheet = try XLSXReader(url: inventoryURL).sheet("Functions")
        #expect(sheet.tables.isEmpty, "constant memory cannot write tables: header + autofilter instead")
        #expect(sheet.autofilter == "A1:M8")
        #expect(sheet["A1"] == "No.")
    }

    @Test func multiRowMergesOfACustomTemplateAreWrittenInConstantMemoryMode() throws {
        let template = try TemplateLoader.load(yaml: """
        name: merges
        sheets:
          - kind: cover
            name: Cover
            cells:
              - {cell: A1, merge: "A1:B3", value: "{{project}}", style: label}
              - {cell: C2, value: beside, style: value}
              - {cell: A4, merge: "A4:B5", value: "{{functions}}", style: label}
          - kind: functions
            name: Functions
            cells: [{cell: A1, merge: "A1:C2", value: "Functions of {{project}}", style: label}, {cell: D1, value: note}]
            columns: [{header: Name, field: name}, {header: Line, field: line}]
        """, path: "merges.yml", baseFolder: nil)
        let folder = try Fixtures.folder()
        var books: [XLSXReader] = []
        for (name, threshold) in [("normal.xlsx", 40_000), ("constant.xlsx", 1)] {
            let url = folder.appendingPathComponent(name)
            var renderer = WorkbookRenderer(template: template, context: Fixtures.context, inventory: Fixtures.inventory, diff: nil)
            renderer.largeInventoryThreshold = threshold
            try renderer.render(to: url)
            books.append(try XLSXReader(url: url))
        }
        for sheet in ["Cover", "Functions"] {
            let (normal, constant) = (try books[0].sheet(sheet), try books[1].sheet(sheet))
            #expect(constant.mergedRanges == normal.mergedRanges, "\(sheet)")
            #expect(constant.cells == normal.cells, "\(sheet)")
        }
        let cover = try books[1].sheet("Cover")
        #expect(Set(cover.mergedRanges) == ["A1:B3", "A4:B5"])
        #expect(cover["A1"] == "TaskBoard" && cover["C2"] == "beside" && cover["A4"] == "7")
        #expect(cover.numericCells.contains("A4"))
        let functions = try books[1].sheet("Functions")
        #expect(functions.mergedRanges == ["A1:C2"])
        #expect(functions["A1"] == "Functions of TaskBoard" && functions["D1"] == "note" && functions["A4"] == "Name")
    }

    @Test func coverCarriesTheTemplatesLogo() throws {
        let folder = try Fixtures.folder()
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!
        try png.write(to: folder.appendingPathComponent("logo.png"))
        let templateURL = folder.appendingPathComponent("custom.yml")
        try """
        name: custom
        logo: {path: logo.png, cell: D2, scale: 2}
        sheets:
          - kind: cover
            name: Cover
            cells: [{cell: B2, value: "{{project}}"}]
        """.write(to: templateURL, atomically: true, encoding: .utf8)
        let url = folder.appendingPathComponent("logo.xlsx")
        try DocumentWriter(template: try Template.resolve(templateURL.path), context: Fixtures.context)
            .write(Fixtures.inventory, format: .xlsx, to: url)
        let book = try XLSXReader(url: url)
        #expect(try book.sheet("Cover").drawingCount == 1)
        #expect(book.parts.contains("xl/media/image1.png"))
    }
}
