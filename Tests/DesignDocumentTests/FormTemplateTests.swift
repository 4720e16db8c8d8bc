import Foundation
import Testing
import Inventory
import SpreadsheetModel
import SpreadsheetReader
import TestSupport
import Workbook
@testable import DesignDocument

/// Row expansion: where the client's rows land once row templates are written.
@Suite struct RowExpansionTests {
    /// A table whose template row is row 5 (zero-based 4), written 40 times.
    let expansion = RowExpansion(blocks: [.init(first: 4, last: 4, written: 40)])

    @Test func rowsAboveStayAndRowsBelowMoveDown() {
        #expect(expansion.start(3) == 3)
        #expect(expansion.start(4) == 4)
        #expect(expansion.end(4) == 43)
        #expect(expansion.start(6) == 45)
    }

    @Test func aRangeOnTheTemplateRowCoversEveryWrittenRow() {
        #expect(expansion.map(CellRange("B5:C5")!) == CellRange("B5:C44")!)
        #expect(expansion.map(CellRange("A4:H5")!) == CellRange("A4:H44")!)
        #expect(expansion.map(CellRange("A7:B8")!) == CellRange("A46:B47")!)
    }

    @Test func anEmptyTableKeepsItsRow() {
        let empty = RowExpansion(blocks: [.init(first: 4, last: 4, written: 0)])
        #expect(empty.end(4) == 4)
        #expect(empty.start(6) == 6)
    }

    @Test func sumUnderTheTableIsExtended() {
        #expect(FormulaReferences.adjust("SUM(E5:E5)", on: "List", expansions: ["List": expansion]) == "SUM(E5:E44)")
        #expect(FormulaReferences.adjust("COUNTA($B$5:$B$5)+E7", on: "List", expansions: ["List": expansion]) == "COUNTA($B$5:$B$44)+E46")
    }

    @Test func referencesToAnotherSheetUseThatSheetsExpansion() {
        let formula = "COUNTA('Function list'!B5:B5)&\" of \"&Cover!A1"
        #expect(FormulaReferences.adjust(formula, on: "Cover", expansions: ["Function list": expansion]) ==
                "COUNTA('Function list'!B5:B44)&\" of \"&Cover!A1")
    }

    @Test func stringsFunctionNamesAndColumnsAreLeftAlone() {
        let expansions = ["S": expansion]
        #expect(FormulaReferences.adjust("IF(A7=\"B5:B5\",LOG10(A7),0)", on: "S", expansions: expansions) == "IF(A46=\"B5:B5\",LOG10(A46),0)")
        #expect(FormulaReferences.adjust("SUM(A:C)", on: "S", expansions: expansions) == "SUM(A:C)")
        #expect(FormulaReferences.adjust("SUM($5:$6)", on: "S", expansions: expansions) == "SUM($5:$45)")
    }

    @Test func aRenamedSheetIsRequotedInReferences() {
        #expect(FormulaReferences.adjust("'{{type.name}}'!A1", on: "Cover", expansions: [:], renamed: ["{{type.name}}": "Task's store"])
                == "'Task''s store'!A1")
    }
}

/// Client workbooks as templates: markers, row templates, sheet templates, settings and their errors.
@Suite struct FormTemplateTests {
    static let header = CellStyle(fontName: "Meiryo", fontSize: 10, fontColor: .white, bold: true, fill: Color(rgb: 0x1F4E78),
                                  border: .thin, horizontal: .center)
    static let body = CellStyle(fontName: "Meiryo", fontSize: 10, border: .thin, wrap: true, vertical: .top)

    /// A function list: title, header on row 4, template row 5, total on row 7.
    static func functionList(name: String = "関数一覧", extra: [SheetCell] = []) -> SheetDocument {
        func text(_ reference: String, _ value: String, _ style: CellStyle = body) -> SheetCell {
            SheetCell(reference: CellReference(reference)!, value: .text(value), style: style)
        }
        return SheetDocument(
            name: name,
            cells: [
                text("A1", "{{project}} 関数一覧", CellStyle(fontSize: 16, bold: true)),
                text("A4", "項番", header), text("B4", "クラス", header), text("C4", "関数名", header), text("E4", "概要", header),
                text("A5", "{{function.number}}"), text("B5", "{{function.type}}"), text("C5", "{{function.type}}.{{function.name}}"),
                SheetCell(reference: CellReference("D5")!, value: .empty, style: body),
                text("E5", "{{function.summary}}"), text("F5", "レビュー待ち"),
                text("A7", "合計"), SheetCell(reference: CellReference("B7")!, value: .formula("COUNTA(B5:B5)", cached: "1"), style: body),
            ] + extra,
            columns: [ColumnFormat(first: 2, last: 3, width: 30), ColumnFormat(first: 6, last: 6, width: 5, hidden: true)],
            rows: [4: RowFormat(height: 33)],
            merges: [CellRange("C5:D5")!, CellRange("A1:F2")!],
            freezePanes: CellReference(row: 4, column: 0),
            autofilter: CellRange("A4:F4"),
            dataValidations: [DataValidation(ranges: [CellRange("F5")!], kind: .list, formula1: "\"OK,NG\"")],
            pageSetup: PageSetup(landscape: true, repeatRows: 3...3, header: "&L{{project}}&R&P/&N"))
    }

    func render(_ document: SpreadsheetDocument, inventory: Inventory = Fixtures.inventory) throws -> (XLSXReader, [String]) {
        let template = try FormTemplateLoader.template(from: document, path: "client.xlsx")
        let url = try Fixtures.folder().appendingPathComponent("client-filled.xlsx")
        let warnings = try WorkbookRenderer(template: template, context: Fixtures.context, inventory: inventory, diff: nil).render(to: url)
        return (try XLSXReader(url: url), warnings)
    }

    func loadError(_ document: SpreadsheetDocument) -> String? {
        do {
            _ = try FormTemplateLoader.template(from: document, path: "client.xlsx")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aRowTemplateIsWrittenOncePerFunctionAndWhatIsBelowMovesDown() throws {
        let (book, _) = try render(SpreadsheetDocument(sheets: [Self.functionList()]))
        let sheet = try book.sheet("関数一覧")
        let count = Fixtures.inventory.functions.count
        #expect(sheet["A1"] == "TaskBoard 関数一覧")
        #expect((0..<count).map { sheet["A\(5 + $0)"] } == (1...count).map { String($0) })
        #expect((0..<count).allSatisfy { sheet.numericCells.contains("A\(5 + $0)") })
        let first = Fixtures.inventory.functions[0]
        #expect(sheet["C5"] == "\(first.enclosingType ?? "").\(first.name)")
        #expect(sheet["E5"] == first.doc?.summary)
        #expect((0..<count).allSatisfy { sheet["F\(5 + $0)"] == "レビュー待ち" })
        // The total row moved under the table and its formula covers every written row.
        #expect(sheet["A\(6 + count)"] == "合計")
        #expect(sheet.formulas["B\(6 + count)"] == "COUNTA(B5:B\(4 + count))")
        // Merges inside the template row are repeated; the title block stays.
        #expect(Set(sheet.mergedRanges) == Set(["A1:F2"] + (0..<count).map { "C\(5 + $0):D\(5 + $0)" }))
        #expect((0..<count).allSatisfy { sheet.rowHeights[5 + $0] == 33 })
        #expect(sheet.dataValidations.map(\.range) == ["F5:F\(4 + count)"])
        #expect(sheet.frozenAt == "A5")
        #expect(sheet.autofilter == "A4:F4")
        #expect(sheet.columnWidths[2] != nil && sheet.hiddenColumns == [6])
        #expect(sheet.header == "&LTaskBoard&R&P/&N")
    }

    @Test func settingsSheetFiltersAndIsNotWritten() throws {
        let settings = SheetDocument(name: "docsheet", visibility: .hidden, cells: [
            SheetCell(reference: CellReference("A1")!, value: .text("setting")), SheetCell(reference: CellReference("B1")!, value: .text("value")),
            SheetCell(reference: CellReference("A2")!, value: .text("min_access")), SheetCell(reference: CellReference("B2")!, value: .text("public")),
            SheetCell(reference: CellReference("A3")!, value: .text("sort")), SheetCell(reference: CellReference("B3")!, value: .text("-name")),
        ])
        let (book, _) = try render(SpreadsheetDocument(sheets: [Self.functionList(), settings]))
        #expect(book.sheetNames == ["関数一覧"])
        let sheet = try book.sheet("関数一覧")
        let names = Fixtures.inventory.functions.filter { $0.effectiveAccess >= .public }.map { "\($0.enclosingType ?? "").\($0.name)" }
        #expect((0..<names.count).map { sheet["C\(5 + $0)"] ?? "" } == names.sorted { $0.split(separator: ".").last! > $1.split(separator: ".").last! })
        #expect(sheet["A\(6 + names.count)"] == "合計")
    }

    @Test func aSheetTemplateIsWrittenOncePerType() throws {
        let spec = SheetDocument(name: "{{type.name}}", cells: [
            SheetCell(reference: CellReference("A1")!, value: .text("クラス: {{type.name}} ({{type.kind}})")),
            SheetCell(reference: CellReference("B2")!, value: .text("{{type.functions}}")),
            SheetCell(reference: CellReference("A4")!, value: .text("{{function.name}}")),
        ])
        let (book, _) = try render(SpreadsheetDocument(sheets: [spec]))
        // One sheet per type record in inventory order; the extension of TaskStore gets a unique name.
        var expected: [String] = []
        for type in Fixtures.inventory.types { expected.append(expected.contains(type.name) ? "\(type.name) (2)" : type.name) }
        #expect(book.sheetNames == expected)
        let store = try book.sheet("TaskStore")
        #expect(store["A1"] == "クラス: TaskStore (class)")
        #expect(store.numericCells.contains("B2"))
        let members = Fixtures.inventory.functions.filter { $0.enclosingType == "TaskStore" && $0.line < 40 }.map(\.name)
        #expect((0..<members.count).map { store["A\(4 + $0)"] ?? "" } == members)
    }

    @Test func aTypeSheetShowsSuperclassConformancesAndPropertyCount() throws {
        let spec = SheetDocument(name: "{{type.name}}", cells: [
            SheetCell(reference: CellReference("A1")!, value: .text("{{type.superclass}}")),
            SheetCell(reference: CellReference("A2")!, value: .text("{{type.conformances}}")),
            SheetCell(reference: CellReference("A3")!, value: .text("{{type.properties}}")),
            SheetCell(reference: CellReference("A5")!, value: .text("{{function.name}}")),
        ])
        let board = ClassSnippet.inventory
        let (book, _) = try render(SpreadsheetDocument(sheets: [spec]), inventory: board)
        let sheet = try book.sheet("Board")
        #expect(sheet["A1"] == "NSObject" && sheet["A2"] == "Codable, CustomStringConvertible")
        // The properties declared in the declaration (the extension's sheet counts its own).
        #expect(sheet["A3"] == "6" && sheet.numericCells.contains("A3"))
        #expect(try book.sheet("Board (2)")["A3"] == "1")
    }

    @Test func anEmptyTableKeepsItsRowWithMarkersEmptied() throws {
        let (book, _) = try render(SpreadsheetDocument(sheets: [Self.functionList()]),
                                   inventory: Inventory(project: ProjectInfo(name: "Empty", root: "."), types: [], functions: []))
        let sheet = try book.sheet("関数一覧")
        #expect(sheet["C5"] == nil && sheet["F5"] == "レビュー待ち")
        #expect(sheet["A7"] == "合計")
        #expect(sheet.formulas["B7"] == "COUNTA(B5:B5)")
    }

    @Test func aNumberPlaceholderAloneBecomesANumber() throws {
        let cover = SheetDocument(name: "表紙", cells: [
            SheetCell(reference: CellReference("B2")!, value: .text("{{functions}}")),
            SheetCell(reference: CellReference("B3")!, value: .text("{{coverage}}"), style: CellStyle(numberFormat: "0.0%")),
            SheetCell(reference: CellReference("B4")!, value: .text("関数: {{functions}}")),
        ])
        let (book, _) = try render(SpreadsheetDocument(sheets: [cover]))
        let sheet = try book.sheet("表紙")
        #expect(sheet["B2"] == String(Fixtures.inventory.functions.count) && sheet.numericCells.contains("B2"))
        #expect(sheet.numericCells.contains("B3"))
        #expect(sheet["B4"] == "関数: \(Fixtures.inventory.functions.count)" && !sheet.numericCells.contains("B4"))
    }

    @Test func unsupportedPartsAreReportedByNameSheetAndCell() throws {
        let document = SpreadsheetDocument(sheets: [Self.functionList()],
                                           unsupported: [UnsupportedFeature(kind: "chart", name: "Coverage", sheet: "関数一覧", cell: CellReference("H2"))],
                                           source: "client.xlsx")
        let (_, warnings) = try render(document)
        #expect(warnings.contains("warning: client.xlsx: chart 'Coverage' on sheet '関数一覧' at H2 is not carried over (DocSheet's writer cannot write it)"))
    }

    @Test func anUnknownFieldIsNamedWithItsCellAndASuggestion() {
        let sheet = SheetDocument(name: "List", cells: [SheetCell(reference: CellReference("C5")!, value: .text("{{function.nmae}}"))])
        #expect(loadError(SpreadsheetDocument(sheets: [sheet]))?.hasPrefix(
            "client.xlsx: sheet 'List', cell C5: unknown field 'nmae' in '{{function.nmae}}' (did you mean '{{function.name}}'?)") == true)
    }

    @Test func aHeaderCodeRightBeforeAPlaceholderIsRefused() {
        var sheet = SheetDocument(name: "Cover", cells: [SheetCell(reference: CellReference("B2")!, value: .text("{{project}}"))])
        sheet.pageSetup.header = "&L&{{project}}"
        let message = loadError(SpreadsheetDocument(sheets: [sheet]))
        #expect(message?.hasPrefix("client.xlsx: sheet 'Cover': the page header or footer cannot be written: an & right before '{{'") == true,
                "\(message ?? "loaded")")
        sheet.pageSetup.header = "&L&&{{project}}"
        #expect(loadError(SpreadsheetDocument(sheets: [sheet])) == nil, "&& is an ampersand")
    }

    @Test func anUnknownPlaceholderIsNamedWithASuggestion() {
        let sheet = SheetDocument(name: "Cover", cells: [SheetCell(reference: CellReference("B2")!, value: .text("{{projcet}}"))])
        #expect(loadError(SpreadsheetDocument(sheets: [sheet]))?.hasPrefix(
            "client.xlsx: sheet 'Cover', cell B2: unknown placeholder '{{projcet}}' (did you mean '{{project}}'?)") == true)
    }

    @Test func twoRowTemplatesOnOneRowAreRefused() {
        let sheet = SheetDocument(name: "List", cells: [
            SheetCell(reference: CellReference("A5")!, value: .text("{{function.name}}")),
            SheetCell(reference: CellReference("B5")!, value: .text("{{type.name}}")),
        ])
        #expect(loadError(SpreadsheetDocument(sheets: [sheet]))?.contains("cell B5: row 5 holds {{function.…}} (at A5) and {{type.…}} markers") == true)
    }

    @Test func aMergeCrossingARowTemplatesEdgeIsRefused() {
        let sheet = SheetDocument(name: "List", cells: [SheetCell(reference: CellReference("A5")!, value: .text("{{function.name}}"))],
                                  merges: [CellRange("A5:A6")!])
        #expect(loadError(SpreadsheetDocument(sheets: [sheet]))?
            .contains("cell A5: the merged cells A5:A6 cross the edge of the block of row 5 (written once per function)") == true)
    }

    @Test func anUnknownSettingIsRefusedWithItsCell() {
        let settings = SheetDocument(name: "docsheet", cells: [
            SheetCell(reference: CellReference("A2")!, value: .text("min_acess")), SheetCell(reference: CellReference("B2")!, value: .text("public")),
        ])
        #expect(loadError(SpreadsheetDocument(sheets: [Self.functionList(), settings])) ==
                "client.xlsx: sheet 'docsheet', cell B2: unknown setting 'min_acess' (did you mean 'min_access'?); the settings are min_access, kinds, documentation, sort, group and exclude_tests")
    }
}

/// The order a form's rows are written in: it decides the shared-string table, so it must not depend on anything but
/// the form.
@Suite struct FormWriteOrderTests {
    /// `header-footer-marked.xlsx` has three blocks (functions on row 7, modules on row 10, files on row 13). They are
    /// written top to bottom, so each block's first string comes before the next block's in the shared strings; before
    /// the render plan the blocks came out of a `Dictionary`, in an order that changed from one run to the next.
    @Test func aFormsBlocksAreWrittenTopToBottom() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let form = root.appendingPathComponent("Tests/Fixtures/ClientTemplates/excel/header-footer-marked.xlsx").path
        let template = try Template.resolve(form)
        let url = try Fixtures.folder().appendingPathComponent("blocks.xlsx")
        try WorkbookRenderer(template: template, context: Fixtures.context, inventory: Fixtures.inventory, diff: nil).render(to: url)
        let strings = try XLSXReader(url: url).document("xl/sharedStrings.xml").children("si")
            .map { $0.descendants("t").map { $0.stringValue ?? "" }.joined() }
        let function = try #require(strings.firstIndex(of: "init(fileURL:)"))
        let module = try #require(strings.firstIndex(of: "TaskKit"))
        let file = try #require(strings.firstIndex(of: "Sources/TaskKit/TaskStore.swift"))
        #expect(function < module && module < file, "shared strings: \(strings)")
    }
}
