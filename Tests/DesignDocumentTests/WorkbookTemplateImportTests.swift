import Foundation
import Testing
import SpreadsheetModel
import SpreadsheetReader
import TestSupport
import Workbook
@testable import DesignDocument

/// `docsheet templates import`: a client's workbook as a YAML template that loads and lays out the same tables.
@Suite struct WorkbookTemplateImportTests {
    func imported(_ document: SpreadsheetDocument) throws -> WorkbookTemplateImport {
        let template = try FormTemplateLoader.template(from: document, path: "client.xlsx")
        return WorkbookTemplateImport(form: try #require(template.form), name: "client")
    }

    /// ``FormTemplateTests/functionList(name:extra:)`` without what a one-row table cannot hold (the merge in the row
    /// template, the total under it).
    static func plainFunctionList() -> SheetDocument {
        var sheet = FormTemplateTests.functionList()
        sheet.merges.removeAll { $0.description == "C5:D5" }
        sheet.cells.removeAll { $0.reference.row == 6 }
        return sheet
    }

    @Test func aFunctionRowTemplateBecomesAFunctionsSheetWithTheHeadersAbove() throws {
        let result = try imported(SpreadsheetDocument(sheets: [Self.plainFunctionList()]))
        let template = try TemplateLoader.load(yaml: result.yaml, path: "client.yml", baseFolder: nil)
        let sheet = try #require(template.sheets.first)
        #expect(sheet.kind == .functions)
        #expect(sheet.name.text(.en) == "関数一覧")
        #expect(sheet.startRow == 3)
        #expect(sheet.columns.map(\.field.name) == ["number", "type", "blank", "blank", "summary", "blank"])
        #expect(sheet.columns.map { $0.header.text(.en) } == ["項番", "クラス", "関数名", "", "概要", ""])
        #expect(sheet.columns[2].width == 30)
        #expect(template.style(sheet.columns[0].style)?.fontName == "Meiryo")
        #expect(sheet.cells.map(\.cell.description) == ["A1"])
        #expect(sheet.cells.first?.merge?.description == "A1:F2")
    }

    @Test func whatYAMLCannotSayIsListed() throws {
        let result = try imported(SpreadsheetDocument(sheets: [Self.plainFunctionList()]))
        #expect(result.notes.contains("sheet '関数一覧': cells mixing text and markers (C5: {{function.type}}.{{function.name}})"))
        // Each note names the cells, ranges or columns it is about.
        #expect(result.notes.contains("sheet '関数一覧': the data validation (list) on F5"))
        #expect(result.notes.contains("sheet '関数一覧': hidden columns (G)"))
        #expect(result.yaml.hasPrefix("# Imported by 'docsheet templates import' from client.xlsx."))
    }

    @Test func aTableWithAMergeAndATotalUnderItBecomesAFormSheetThatRendersTheSameCells() throws {
        let result = try imported(SpreadsheetDocument(sheets: [FormTemplateTests.functionList()]))
        let template = try TemplateLoader.load(yaml: result.yaml, path: "client.yml", baseFolder: nil)
        #expect(template.sheets.map(\.kind) == [.form])
        // The mixed cell, the merge and the total are kept: only what no YAML sheet says is listed, with its place.
        #expect(result.notes == ["sheet '関数一覧': hidden columns (G)", "sheet '関数一覧': the autofilter on A4:F4",
                                 "sheet '関数一覧': the data validation (list) on F5", "sheet '関数一覧': the frozen panes at A5"])
        let folder = try Fixtures.folder()
        _ = try WorkbookRenderer(template: template, context: Fixtures.context, inventory: Fixtures.inventory, diff: nil)
            .render(to: folder.appendingPathComponent("imported-list.xlsx"))
        let form = try FormTemplateLoader.template(from: SpreadsheetDocument(sheets: [FormTemplateTests.functionList()]), path: "client.xlsx")
        _ = try WorkbookRenderer(template: form, context: Fixtures.context, inventory: Fixtures.inventory, diff: nil)
            .render(to: folder.appendingPathComponent("form-list.xlsx"))
        let fromYAML = try XLSXReader(url: folder.appendingPathComponent("imported-list.xlsx")).sheet("関数一覧")
        let fromForm = try XLSXReader(url: folder.appendingPathComponent("form-list.xlsx")).sheet("関数一覧")
        #expect(fromYAML.cells == fromForm.cells)
        #expect(fromYAML.formulas == fromForm.formulas && !fromYAML.formulas.isEmpty)
        #expect(Set(fromYAML.mergedRanges) == Set(fromForm.mergedRanges))
    }

    @Test func aSheetTemplateBecomesASheetPerType() throws {
        let spec = SheetDocument(name: "{{type.name}}", cells: [
            SheetCell(reference: CellReference("A1")!, value: .text("{{type.name}} ({{type.coverage}})")),
            SheetCell(reference: CellReference("A3")!, value: .text("Name")),
            SheetCell(reference: CellReference("A4")!, value: .text("{{function.name}}")),
        ])
        let result = try imported(SpreadsheetDocument(sheets: [spec]))
        let sheet = try #require(try TemplateLoader.load(yaml: result.yaml, path: "client.yml", baseFolder: nil).sheets.first)
        #expect(sheet.splitSheets && sheet.group == [.type])
        #expect(sheet.cells.first?.value.text(.en) == "{{type.name}} ()")
        #expect(result.notes.contains("sheet '{{type.name}}': the placeholder {{type.coverage}} (A1)"))
    }

    @Test func everyCommittedClientTemplateImportsToAYAMLTemplateThatLoads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Tests/Fixtures/ClientTemplates")
        let books = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xlsx") && !$0.contains("original") }
        #expect(books.count >= 6)
        for book in books {
            let result = try WorkbookTemplateImport(workbookAt: folder.appendingPathComponent(book).path)
            let template = try TemplateLoader.load(yaml: result.yaml, path: book, baseFolder: nil)
            // A sheet of function blocks (the 方眼紙 and Vietnamese forms) is a form sheet.
            #expect(template.sheets.contains { $0.kind == .functions || $0.kind == .form }, "\(book)")
        }
    }
}
