import Foundation
import Testing
import Inventory
import SpreadsheetModel
import SwiftExtraction
import TestSupport
@testable import DesignDocument

/// Client forms drawn as Japanese class specifications: function blocks of several rows, a row per parameter inside
/// each block, property tables and the type sheet's header fields.
@Suite struct FormBlockTests {
    static let source = """
    import Foundation

    /// Keeps the tasks of a board.
    public final class TaskStore: NSObject, Codable {
        /// The tasks, newest first.
        public var tasks: [String] = []
        /// How many tasks are done.
        public private(set) var doneCount = 0

        /// Adds a task.
        ///
        /// - Parameters:
        ///   - title: The task's title.
        ///   - index: Where it goes.
        public func add(_ title: String, at index: Int = 0) {}

        /// Removes every task.
        public func removeAll() {}
    }

    /// A label on a task.
    public struct Tag {
        /// The label's text.
        public var text: String
    }
    """

    /// The inventory the extractor makes of ``source``.
    static let inventory: Inventory = {
        let result = SwiftExtractor().extract(sources: [SourceText(relativePath: "App/TaskStore.swift", module: "App", text: source)],
                                              cache: nil)
        return Inventory(project: ProjectInfo(name: "Tasks", root: "."), types: result.types, functions: result.functions,
                         properties: result.properties)
    }()

    static func text(_ reference: String, _ value: String) -> SheetCell {
        SheetCell(reference: CellReference(reference)!, value: .text(value), style: CellStyle(border: .thin, wrap: true))
    }

    /// A method table: row 5 number (merged down the block), name, access, return type; row 6 the summary merged wide;
    /// row 7 a parameter row with a fixed 引数 cell; row 8 the total.
    static func methodSheet(name: String = "メソッド", merges: [CellRange]? = nil, extra: [SheetCell] = [],
                            columns: [ColumnFormat] = []) -> SheetDocument {
        SheetDocument(
            name: name,
            cells: [
                text("A4", "No."), text("B4", "メソッド名"),
                text("A5", "{{function.number}}"), text("B5", "{{function.name}}"), text("E5", "{{function.access}}"),
                text("F5", "{{function.returnType}}"),
                text("B6", "{{function.summary}}"),
                text("B7", "{{parameter.name}}"), text("C7", "{{parameter.type}}"), text("D7", "{{parameter.description}}"),
                text("E7", "引数"), text("F7", "{{parameter.defaultValue}}"),
                text("A9", "計"), SheetCell(reference: CellReference("B9")!, value: .formula("COUNTA(B5:B7)", cached: "1")),
            ] + extra,
            columns: columns,
            rows: [5: RowFormat(height: 40)],
            merges: merges ?? [CellRange("A5:A7")!, CellRange("B5:D5")!, CellRange("B6:F6")!],
            dataValidations: [DataValidation(ranges: [CellRange("E5")!], kind: .list, formula1: "\"public,internal\"")],
            pageSetup: { var setup = PageSetup(); setup.printArea = CellRange("A1:F9"); return setup }())
    }

    func render(_ document: SpreadsheetDocument, inventory: Inventory = FormBlockTests.inventory) throws -> XLSXReader {
        let template = try FormTemplateLoader.template(from: document, path: "client.xlsx")
        let url = try Fixtures.folder().appendingPathComponent("form-blocks.xlsx")
        _ = try WorkbookRenderer(template: template, context: Fixtures.context, inventory: inventory, diff: nil).render(to: url)
        return try XLSXReader(url: url)
    }

    func loadError(_ document: SpreadsheetDocument) -> String? {
        do {
            _ = try FormTemplateLoader.template(from: document, path: "client.xlsx")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aFunctionBlockIsWrittenOncePerFunctionWithARowPerParameter() throws {
        let book = try render(SpreadsheetDocument(sheets: [Self.methodSheet()]))
        let sheet = try book.sheet("メソッド")
        // add(_:at:): rows 5–8 (two parameters); removeAll(): rows 9–11 (its parameter row once, emptied).
        #expect(sheet["A5"] == "1" && sheet.numericCells.contains("A5") && sheet["B5"] == "add(_:at:)" && sheet["E5"] == "public")
        #expect(sheet["B6"] == "Adds a task.")
        #expect(sheet.row(7) == ["", "title", "String", "The task's title.", "引数"])
        #expect(sheet.row(8).prefix(6) == ["", "index", "Int", "Where it goes.", "引数", "0"])
        #expect(sheet["A9"] == "2" && sheet["B9"] == "removeAll()" && sheet["B10"] == "Removes every task.")
        #expect(sheet["B11"] == nil && sheet["C11"] == nil && sheet["E11"] == "引数")
        // The number cell covers each written copy, parameter rows included; the other merges repeat per copy.
        #expect(Set(sheet.mergedRanges) == ["A5:A8", "B5:D5", "B6:F6", "A9:A11", "B9:D9", "B10:F10"])
        #expect(sheet.rowHeights[6] == 40 && sheet.rowHeights[10] == 40)
        // Everything below moves down as when rows are inserted: the total, its formula, the print area.
        #expect(sheet["A13"] == "計" && sheet.formulas["B13"] == "COUNTA(B5:B11)")
        // A drop-down on the block's first row is on each method's first row.
        #expect(sheet.dataValidations.map(\.range) == ["E5", "E9"])
        #expect(book.definedNames.contains { $0.name == "_xlnm.Print_Area" && $0.value == "'メソッド'!$A$1:$F$13" })
    }

    @Test func anEmptyFunctionBlockKeepsItsRowsAndMerges() throws {
        let empty = Inventory(project: ProjectInfo(name: "Empty", root: "."), types: [], functions: [])
        let sheet = try render(SpreadsheetDocument(sheets: [Self.methodSheet()]), inventory: empty).sheet("メソッド")
        #expect(sheet["B5"] == nil && sheet["E7"] == "引数" && sheet["A9"] == "計")
        #expect(Set(sheet.mergedRanges) == ["A5:A7", "B5:D5", "B6:F6"])
    }

    @Test func aMergeCrossingTheBlocksEdgeIsRefusedWithItsCell() {
        let sheet = Self.methodSheet(merges: [CellRange("A5:A8")!])
        #expect(loadError(SpreadsheetDocument(sheets: [sheet])) == "client.xlsx: sheet 'メソッド', cell A5: the merged cells A5:A8 cross the edge "
                + "of the block of rows 5–7 (written once per function); keep the merge inside the block or outside it")
    }

    @Test func aParameterRowOutsideAFunctionBlockIsRefused() {
        let sheet = SheetDocument(name: "List", cells: [Self.text("A3", "{{function.name}}"), Self.text("A5", "{{parameter.name}}")])
        #expect(loadError(SpreadsheetDocument(sheets: [sheet]))?.contains("cell A5: the {{parameter.…}} row 5 is not inside a function block") == true)
    }

    @Test func aTypeSheetListsItsHeaderFieldsPropertiesAndMethodBlocks() throws {
        let spec = SheetDocument(
            name: "{{type.name}}",
            cells: [
                Self.text("A1", "{{type.name}}"), Self.text("B1", "{{type.kind}}"), Self.text("C1", "{{type.module}}"),
                Self.text("A2", "{{type.superclass}}"), Self.text("B2", "{{type.conformances}}"), Self.text("C2", "{{type.summary}}"),
                Self.text("D2", "{{type.properties}}"), Self.text("E2", "{{type.functions}}"),
                Self.text("A4", "{{property.number}}"), Self.text("B4", "{{property.name}}"), Self.text("C4", "{{property.type}}"),
                Self.text("D4", "{{property.summary}}"), Self.text("E4", "{{property.defaultValue}}"),
                Self.text("A6", "{{function.number}}"), Self.text("B6", "{{function.name}}"),
                Self.text("B7", "{{parameter.name}}"),
            ],
            merges: [CellRange("A6:A7")!])
        let book = try render(SpreadsheetDocument(sheets: [spec]))
        let store = try book.sheet("TaskStore")
        #expect(store.row(1).prefix(3) == ["TaskStore", "class", "App"])
        #expect(store.row(2).prefix(5) == ["NSObject", "Codable", "Keeps the tasks of a board.", "2", "2"])
        #expect(store.numericCells.isSuperset(of: ["D2", "E2", "A4", "A5"]))
        #expect(store.row(4).prefix(5) == ["1", "tasks", "[String]", "The tasks, newest first.", "[]"])
        #expect(store.row(5).prefix(4) == ["2", "doneCount", "Int", "How many tasks are done."])
        // The method blocks moved down by the second property row.
        #expect(store["B7"] == "add(_:at:)" && store["B8"] == "title" && store["B9"] == "index" && store["B10"] == "removeAll()")
        #expect(Set(store.mergedRanges) == ["A7:A9", "A10:A11"])
        let tag = try book.sheet("Tag")
        #expect(tag["B4"] == "text" && tag["B5"] == nil && tag["A6"] == nil)
    }

    @Test func aPropertyTableOutsideATypeSheetListsEveryPropertyWithTheSheetsSettings() throws {
        let list = SheetDocument(name: "プロパティ一覧", cells: [
            Self.text("A2", "{{property.number}}"), Self.text("B2", "{{property.qualifiedName}}"), Self.text("C2", "{{property.access}}"),
        ])
        let settings = SheetDocument(name: "docsheet", cells: [
            SheetCell(reference: CellReference("A2")!, value: .text("sort")), SheetCell(reference: CellReference("B2")!, value: .text("-name")),
        ])
        let sheet = try render(SpreadsheetDocument(sheets: [list, settings])).sheet("プロパティ一覧")
        #expect((2...4).map { sheet["B\($0)"] ?? "" } == ["Tag.text", "TaskStore.tasks", "TaskStore.doneCount"])
        #expect(sheet["A4"] == "3" && sheet["B5"] == nil)
    }

    @Test func templatesCheckDescribesEachBlock() throws {
        let form = try FormTemplateLoader.formSheet(Self.methodSheet(), path: "client.xlsx")
        #expect(form.blocks.map { WorkbookTemplateReport.describe($0) } == [
            "rows 5–7: block of 3 rows, once per function; row 7 once per parameter; "
                + "merges over several rows repeated in every copy: A5:A7",
        ])
    }

    @Test func templatesImportWritesABlockAsAFormSheetAndSaysWhatYAMLCannotExpress() throws {
        let template = try FormTemplateLoader.template(from: SpreadsheetDocument(sheets: [Self.methodSheet()]), path: "client.xlsx")
        let result = WorkbookTemplateImport(form: try #require(template.form), name: "client")
        // The block, its parameter row, its merges and the total's formula are in the YAML: a form sheet, found alike.
        let sheet = try #require(try TemplateLoader.load(yaml: result.yaml, path: "client.yml", baseFolder: nil).sheets.first)
        #expect(sheet.kind == .form)
        #expect(sheet.formSheets[.en]?.blocks == template.form?.sheets.first?.blocks)
        #expect(result.yaml.contains("{cell: B9, formula: \"=COUNTA(B5:B7)\"}"))
        #expect(result.yaml.contains("print: {area: \"A1:F9\"}"))
        // Only the drop-down is left out, with its range.
        #expect(result.notes == ["sheet 'メソッド': the data validation (list) on E5"])
    }

    /// The committed 方眼紙 fixture.
    static let hougan = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ClientTemplates/libreoffice/ja-hougan-class-spec.xlsx").path

    @Test func theHouganFixtureIsCheckedAndFilled() throws {
        let report = try WorkbookTemplateReport(checking: Self.hougan)
        #expect(report.problems.isEmpty)
        #expect(report.lines.contains("  rows 15–17: block of 3 rows, once per function of the sheet's type; row 17 once per parameter; "
                                      + "merges over several rows repeated in every copy: A15:B17; "
                                      + "merges within a row repeated in every copy: C15:P15, Q15:U15, V15:AE15, AF15:AR15 and 6 more"))
        #expect(report.lines.contains("  row 11: row template, once per property of the sheet's type; "
                                      + "merges repeated in every row: A11:B11, C11:L11, M11:T11, U11:Y11 and 2 more"))
        #expect(report.lines.contains("  row 4: row template, once per property; merges repeated in every row: A4:B4, C4:P4, Q4:Z4, AA4:AE4 and 1 more"))
        let template = try Template.resolve(Self.hougan)
        let url = try Fixtures.folder().appendingPathComponent("hougan-filled.xlsx")
        _ = try WorkbookRenderer(template: template, context: Fixtures.context, inventory: Self.inventory, diff: nil).render(to: url)
        let book = try XLSXReader(url: url)
        #expect(book.sheetNames == ["TaskStore", "Tag", "プロパティ一覧"])
        let store = try book.sheet("TaskStore")
        #expect(store["G3"] == "TaskStore" && store["AC4"] == "NSObject" && store["G5"] == "Codable" && store["G7"] == "2")
        // Two property rows push the method blocks down by one row.
        #expect(store["C11"] == "tasks" && store["C12"] == "doneCount")
        #expect(store["C16"] == "add(_:at:)" && store["H17"] == "Adds a task." && store["H18"] == "title" && store["H19"] == "index")
        #expect(store["C20"] == "removeAll()" && store["H22"] == nil && store["D22"] == "引数")
        #expect(Set(store.mergedRanges).isSuperset(of: ["A16:B19", "A20:B22", "C11:L11", "C12:L12", "H17:AR17", "H21:AR21"]))
        #expect(store.formulas["Q23"] == "COUNTA(C16:C22)")
    }

    @Test func aRowGrowsForWrappedTextInAMergedCell() throws {
        // B6:F6 is 5 columns of 2 characters: the summaries wrap.
        let narrow = [ColumnFormat(first: 1, last: 5, width: 2)]
        let sheet = try render(SpreadsheetDocument(sheets: [Self.methodSheet(columns: narrow)])).sheet("メソッド")
        // "Adds a task." takes 2 lines (30 pt): the template's 40 pt stay; "Removes every task." takes 3 (45 pt).
        #expect(sheet.rowHeights[6] == 40 && sheet.rowHeights[10] == 45)
    }

    @Test func wrappedTextHeightCountsLinesAndWideCharacters() {
        // One line of 11 pt text is Excel's 15 pt row; 9 pt text 12.75 pt (whole pixels).
        #expect(WrappedText.height(of: "short", width: 20, fontSize: 11) == 15)
        #expect(WrappedText.height(of: "short", width: 20, fontSize: 9) == 12.75)
        // 20 wide characters are 40 digits: 3 lines in 19.3 digits; a line break starts a new line.
        #expect(WrappedText.height(of: String(repeating: "概", count: 20), width: 20, fontSize: 11) == 45)
        #expect(WrappedText.height(of: "a\nb", width: 20, fontSize: 11) == 30)
    }
}
