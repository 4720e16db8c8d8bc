import Foundation
import Testing
import Inventory
import SpreadsheetModel
import TestSupport
@testable import DesignDocument

/// `kind: form` sheets of a YAML template: a client's form drawn cell by cell in YAML — function blocks, rows per
/// parameter, property tables, pictures at a marker — written by the same lowering as the `.xlsx` form, so each
/// renders the cells its equivalent form renders.
@Suite struct YAMLFormSheetTests {
    /// The YAML equivalent of ``FormBlockTests/methodSheet(name:merges:extra:columns:)``: a method block of three
    /// rows (the number merged down it, the summary merged wide in a 40 pt row, a parameter row), a total under it.
    static let methodYAML = """
    name: blocks
    styles:
      box: {border: thin, wrap: true}
    sheets:
      - kind: form
        name: メソッド
        rowHeights: {6: 40}
        print: {area: "A1:F9"}
        cells:
          - {cell: A4, value: "No.", style: box}
          - {cell: B4, value: メソッド名, style: box}
          - {cell: A5, value: "{{function.number}}", style: box, merge: "A5:A7"}
          - {cell: B5, value: "{{function.name}}", style: box, merge: "B5:D5"}
          - {cell: E5, value: "{{function.access}}", style: box}
          - {cell: F5, value: "{{function.returnType}}", style: box}
          - {cell: B6, value: "{{function.summary}}", style: box, merge: "B6:F6"}
          - {cell: B7, value: "{{parameter.name}}", style: box}
          - {cell: C7, value: "{{parameter.type}}", style: box}
          - {cell: D7, value: "{{parameter.description}}", style: box}
          - {cell: E7, value: 引数, style: box}
          - {cell: F7, value: "{{parameter.defaultValue}}", style: box}
          - {cell: A9, value: 計, style: box}
          - {cell: B9, formula: "=COUNTA(B5:B7)"}
    """

    func renderYAML(_ yaml: String, name: String) throws -> XLSXReader {
        let template = try TemplateLoader.load(yaml: yaml, path: "form.yml", baseFolder: nil)
        let url = try Fixtures.folder().appendingPathComponent("\(name)-yaml.xlsx")
        _ = try WorkbookRenderer(template: template, context: Fixtures.context, inventory: FormBlockTests.inventory, diff: nil).render(to: url)
        return try XLSXReader(url: url)
    }

    func renderForm(_ template: Template, name: String) throws -> XLSXReader {
        let url = try Fixtures.folder().appendingPathComponent("\(name)-form.xlsx")
        _ = try WorkbookRenderer(template: template, context: Fixtures.context, inventory: FormBlockTests.inventory, diff: nil).render(to: url)
        return try XLSXReader(url: url)
    }

    /// The cells, numbers, formulas, merges and row heights of `name` in both workbooks are the same.
    func expectSameCells(_ yaml: XLSXReader, _ form: XLSXReader, sheet name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = try yaml.sheet(name), expected = try form.sheet(name)
        #expect(written.cells == expected.cells, sourceLocation: sourceLocation)
        #expect(written.numericCells == expected.numericCells, sourceLocation: sourceLocation)
        #expect(written.formulas == expected.formulas, sourceLocation: sourceLocation)
        #expect(Set(written.mergedRanges) == Set(expected.mergedRanges), sourceLocation: sourceLocation)
        #expect(written.rowHeights == expected.rowHeights, sourceLocation: sourceLocation)
    }

    @Test func aYAMLFunctionBlockWithParameterRowsRendersTheCellsOfTheEquivalentForm() throws {
        var form = FormBlockTests.methodSheet()
        form.dataValidations = []
        let fromForm = try renderForm(FormTemplateLoader.template(from: SpreadsheetDocument(sheets: [form]), path: "client.xlsx"), name: "block")
        let fromYAML = try renderYAML(Self.methodYAML, name: "block")
        try expectSameCells(fromYAML, fromForm, sheet: "メソッド")
        // What the form writes, the YAML writes: a copy per method, a row per parameter, the total moved down.
        let sheet = try fromYAML.sheet("メソッド")
        #expect(sheet.row(7) == ["", "title", "String", "The task's title.", "引数"])
        #expect(Set(sheet.mergedRanges) == ["A5:A8", "B5:D5", "B6:F6", "A9:A11", "B9:D9", "B10:F10"])
        #expect(sheet.formulas["B13"] == "COUNTA(B5:B11)")
        #expect(fromYAML.definedNames.contains { $0.name == "_xlnm.Print_Area" && $0.value == "'メソッド'!$A$1:$F$13" })
    }

    @Test func aYAMLTypeSheetWithAPropertyTableRendersTheCellsOfTheEquivalentForm() throws {
        let text = FormBlockTests.text
        let form = SheetDocument(
            name: "{{type.name}}",
            cells: [
                text("A1", "{{type.name}}"), text("B1", "{{type.kind}}"), text("C2", "{{type.summary}}"), text("E2", "{{type.functions}}"),
                text("A4", "{{property.number}}"), text("B4", "{{property.name}}"), text("C4", "{{property.type}}"),
                text("D4", "{{property.summary}}"), text("E4", "{{property.defaultValue}}"),
                text("A6", "{{function.number}}"), text("B6", "{{function.name}}"), text("B7", "{{parameter.name}}"),
            ],
            merges: [CellRange("A6:A7")!])
        let yaml = """
        name: types
        styles:
          box: {border: thin, wrap: true}
        sheets:
          - kind: form
            name: "{{type.name}}"
            cells:
              - {cell: A1, value: "{{type.name}}", style: box}
              - {cell: B1, value: "{{type.kind}}", style: box}
              - {cell: C2, value: "{{type.summary}}", style: box}
              - {cell: E2, value: "{{type.functions}}", style: box}
              - {cell: A4, value: "{{property.number}}", style: box}
              - {cell: B4, value: "{{property.name}}", style: box}
              - {cell: C4, value: "{{property.type}}", style: box}
              - {cell: D4, value: "{{property.summary}}", style: box}
              - {cell: E4, value: "{{property.defaultValue}}", style: box}
              - {cell: A6, value: "{{function.number}}", style: box, merge: "A6:A7"}
              - {cell: B6, value: "{{function.name}}", style: box}
              - {cell: B7, value: "{{parameter.name}}", style: box}
        """
        let fromForm = try renderForm(FormTemplateLoader.template(from: SpreadsheetDocument(sheets: [form]), path: "client.xlsx"), name: "types")
        let fromYAML = try renderYAML(yaml, name: "types")
        #expect(fromYAML.sheetNames == ["TaskStore", "Tag"])
        try expectSameCells(fromYAML, fromForm, sheet: "TaskStore")
        try expectSameCells(fromYAML, fromForm, sheet: "Tag")
        let store = try fromYAML.sheet("TaskStore")
        #expect(store.row(4).prefix(5) == ["1", "tasks", "[String]", "The tasks, newest first.", "[]"])
        #expect(store["B7"] == "add(_:at:)" && store["B8"] == "title" && store["B9"] == "index" && store["B10"] == "removeAll()")
    }

    @Test func aYAMLFormSheetsProblemNamesTheCellAndItsLine() {
        let crossing = Self.methodYAML.replacingOccurrences(of: "merge: \"A5:A7\"", with: "merge: \"A5:A8\"")
        #expect(throws: DesignDocumentError.invalidTemplate(
            path: "form.yml", line: 12,
            message: "cell A5: the merged cells A5:A8 cross the edge of the block of rows 5–7 (written once per function); "
                + "keep the merge inside the block or outside it")) {
            _ = try TemplateLoader.load(yaml: crossing, path: "form.yml", baseFolder: nil)
        }
        let formulaElsewhere = "name: t\nsheets:\n  - kind: static\n    name: S\n    cells:\n      - {cell: A1, formula: \"=1+1\"}\n"
        #expect(throws: DesignDocumentError.invalidTemplate(
            path: "form.yml", line: 6,
            message: "'formula' is for the cells of a form sheet, whose formulas move with the rows written above them")) {
            _ = try TemplateLoader.load(yaml: formulaElsewhere, path: "form.yml", baseFolder: nil)
        }
    }

    @Test func aPlainYAMLNumberIsANumberAndQuotedTextStaysText() throws {
        let yaml = "name: t\nsheets:\n  - kind: form\n    name: S\n    cells:\n      - {cell: A1, value: 1.5}\n"
            + "      - {cell: A2, value: \"1.5\"}\n      - {cell: A3, value: inf}\n      - {cell: A4, value: 0x1F}\n"
        let sheet = try #require(try TemplateLoader.load(yaml: yaml, path: "form.yml", baseFolder: nil).sheets.first)
        #expect(try #require(sheet.formSheets[.en]).sheet.cells.map(\.value) == [.number(1.5), .text("1.5"), .text("inf"), .text("0x1F")])
    }

    @Test func columnWidthsTakeARangeOfColumns() throws {
        let yaml = "name: t\nsheets:\n  - kind: form\n    name: S\n    columnWidths: {\"A:C\": 2, D: 10}\n    cells:\n      - {cell: A1, value: x}\n"
        let sheet = try #require(try TemplateLoader.load(yaml: yaml, path: "form.yml", baseFolder: nil).sheets.first)
        let columns = try #require(sheet.formSheets[.en]).sheet.columns
        // Stored as a workbook stores them (Excel's padding added), so the writer gives back 2 and 10.
        #expect(columns.map(\.first) == [0, 1, 2, 3])
        #expect(columns.map { FormSheetLowering.characterWidth($0.width!) } == [2, 2, 2, 10])
    }

    @Test func theImportedHouganFixtureRendersTheCellsOfTheFixture() throws {
        let imported = try WorkbookTemplateImport(workbookAt: FormBlockTests.hougan)
        let template = try TemplateLoader.load(yaml: imported.yaml, path: "hougan.yml", baseFolder: nil)
        // The class page and the 方眼紙 property list (its merges and COUNTA under it) are both form sheets.
        #expect(template.sheets.map(\.kind) == [.form, .form])
        let fromYAML = try renderYAML(imported.yaml, name: "hougan")
        let fromForm = try renderForm(Template.resolve(FormBlockTests.hougan), name: "hougan")
        #expect(fromYAML.sheetNames.prefix(2) == ["TaskStore", "Tag"])
        try expectSameCells(fromYAML, fromForm, sheet: "TaskStore")
        try expectSameCells(fromYAML, fromForm, sheet: "Tag")
        try expectSameCells(fromYAML, fromForm, sheet: "プロパティ一覧")
        #expect(try fromYAML.sheet("TaskStore").columnWidths == fromForm.sheet("TaskStore").columnWidths)
        // The blocks, parameter rows and the picture are in the YAML: no note says they are lost.
        #expect(!imported.notes.isEmpty)
        #expect(!imported.notes.contains { $0.contains("block") || $0.contains("parameter") || $0.contains("picture") })
    }

    @Test func theImportedVietnameseFormRendersTheCellsOfTheFixture() throws {
        let path = FormBlockTests.hougan.replacingOccurrences(of: "ja-hougan-class-spec", with: "vi-function-blocks")
        let imported = try WorkbookTemplateImport(workbookAt: path)
        #expect(try TemplateLoader.load(yaml: imported.yaml, path: "vi.yml", baseFolder: nil).sheets.map(\.kind) == [.form])
        try expectSameCells(renderYAML(imported.yaml, name: "vi"), renderForm(Template.resolve(path), name: "vi"), sheet: "Danh sách hàm")
        // Only the conditional format and the margins are left out, each named with its place.
        #expect(imported.notes == ["sheet 'Danh sách hàm': the conditional format on C5:E5",
                                   "sheet 'Danh sách hàm': the page margins (left 0.75, right 0.75, top 1, bottom 1 inches)"])
    }

    @Test func theExampleOfTheDocumentationFillsAMethodPage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("Documentation/Templates.md"), encoding: .utf8)
        let section = try #require(text.range(of: "### Form sheets: a client's form in YAML"))
        let start = try #require(text.range(of: "```yaml\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let book = try renderYAML("name: example\n" + text[start.upperBound..<end.lowerBound], name: "example")
        let store = try book.sheet("TaskStore")
        // Two properties, then add(_:at:) with a row per parameter and removeAll() with its 引数 row emptied.
        #expect(store["C10"] == "tasks" && store["C11"] == "doneCount")
        #expect(store["C16"] == "add(_:at:)" && store["H17"] == "Adds a task." && store["H18"] == "title" && store["H19"] == "index")
        #expect(store["C20"] == "removeAll()" && store["D22"] == "引数" && store["H22"] == nil)
        #expect(Set(store.mergedRanges).isSuperset(of: ["A16:B19", "A20:B22"]))
        #expect(store.formulas["G23"] == "COUNTA(C16:C22)")
    }

    @Test func everyFormSheetImportedFromAFixtureRendersTheCellsOfTheWorkbook() throws {
        let folder = URL(fileURLWithPath: FormBlockTests.hougan).deletingLastPathComponent().deletingLastPathComponent()
        let books = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xlsx") && !$0.contains("original") }.sorted()
        var compared = 0
        for book in books {
            let path = folder.appendingPathComponent(book).path
            let imported = try WorkbookTemplateImport(workbookAt: path)
            let forms = try TemplateLoader.load(yaml: imported.yaml, path: book, baseFolder: nil).sheets.filter { $0.kind == .form }
            guard !forms.isEmpty else { continue }
            let name = book.replacingOccurrences(of: "/", with: "-")
            let fromYAML = try renderYAML(imported.yaml, name: name), fromForm = try renderForm(Template.resolve(path), name: name)
            for form in forms {
                let raw = form.name.text(.en)
                let names = Placeholders.names(in: raw).contains("type.name")
                    ? ["TaskStore", "Tag"].map { Placeholders.expand(raw, ["type.name": $0]) } : [raw]
                for sheet in names {
                    try expectSameCells(fromYAML, fromForm, sheet: sheet)
                    compared += 1
                }
            }
        }
        // The 方眼紙 class page (two types) and its property list, the Vietnamese blocks, and each detailed design's
        // function list with its total.
        #expect(compared >= 8)
    }
}
