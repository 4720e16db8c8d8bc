import Foundation
import Testing
import Inventory
import TestSupport
import SwiftExtraction
@testable import DesignDocument

/// Filters, sorting, grouping and per-group sheets of custom templates.
@Suite struct CustomTemplateTests {
    func render(_ yaml: String) throws -> XLSXReader {
        let template = try TemplateLoader.load(yaml: yaml, path: "custom.yml", baseFolder: nil)
        let url = try Fixtures.folder().appendingPathComponent("custom.xlsx")
        try DocumentWriter(template: template, context: Fixtures.context).write(Fixtures.inventory, format: .xlsx, to: url)
        return try XLSXReader(url: url)
    }

    @Test func filterKeepsPublicUndocumentedMethodsOnly() throws {
        let book = try render("""
        name: custom
        sheets:
          - kind: functions
            name: Todo
            filter: {minAccess: public, documentation: undocumented, kinds: [method]}
            columns: [{header: Name, field: qualifiedName}, {header: Status, field: status}]
        """)
        let sheet = try book.sheet("Todo")
        #expect(sheet.lastRow == 2)
        #expect(sheet.row(2) == ["TaskStore.makeIterator()", "Placeholder"])
    }

    @Test func sortKeysApplyInOrderAndDescending() throws {
        let book = try render("""
        name: custom
        sheets:
          - kind: functions
            name: Sorted
            sort: [-access, name]
            columns: [{header: Access, field: access}, {header: Name, field: name}]
        """)
        let sheet = try book.sheet("Sorted")
        #expect((2...8).map { sheet["B\($0)"] ?? "" } == ["==(_:_:)", "add(_:)", "init(fileURL:)", "makeIterator()",
                                                           "formatDue(_:)", "load()", "save()"])
    }

    @Test func splitByModuleMakesOneSheetPerModuleWithGroupPlaceholders() throws {
        let book = try render("""
        name: custom
        sheets:
          - kind: functions
            name: "Module {{group}}"
            group: [module, file]
            split: sheets
            cells: [{cell: A1, value: "{{group}}: {{functions}} functions in {{project}}"}]
            columns: [{header: No., field: number}, {header: Name, field: name}]
        """)
        #expect(book.sheetNames == ["Module TaskBoardApp", "Module TaskKit"])
        let kit = try book.sheet("Module TaskKit")
        #expect(kit["A1"] == "TaskKit: 7 functions in TaskBoard")
        #expect(kit.row(3) == ["No.", "Name"])
        #expect(kit["A4"] == "Sources/TaskKit/TaskItem.swift")
        #expect(kit.row(5) == ["1", "==(_:_:)"])
    }

    @Test func typesSheetFiltersByKindAndGroupsByModule() throws {
        let book = try render("""
        name: custom
        sheets:
          - kind: types
            name: Classes
            group: module
            filter: {kinds: [class]}
            columns: [{header: Type, field: name}, {header: Coverage, field: coverage, format: "0%"}]
        """)
        let sheet = try book.sheet("Classes")
        #expect((2...5).map { sheet["A\($0)"] ?? "" } == ["TaskBoardApp", "TaskListViewModel", "TaskKit", "TaskStore"])
        #expect(sheet["B5"] == "0.6666666666666666")
    }
}

/// The status column names the doc rules of `check.require` that a documented function breaks
/// (Tests/Fixtures/DocQuality/Quality.swift: each function named after the rule it breaks).
@Suite struct StatusColumnDocRulesTests {
    func statuses(rules: Set<DocRule>, locale: DocumentLocale) throws -> [String: String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/DocQuality/Quality.swift")
        let text = try String(contentsOf: url, encoding: .utf8)
        let result = SwiftExtractor().extract(sources: [SourceText(relativePath: "Quality.swift", module: "Quality", text: text)], cache: nil)
        let inventory = Inventory(project: ProjectInfo(name: "Quality", root: "."), types: result.types, functions: result.functions)
        let template = try TemplateLoader.load(yaml: """
            name: status
            sheets:
              - kind: functions
                name: Status
                columns: [{header: Name, field: name}, {header: Status, field: status}]
            """, path: "status.yml", baseFolder: nil)
        var context = Fixtures.context
        context.locale = locale
        context.docRules = rules
        let output = try Fixtures.folder().appendingPathComponent("status-\(locale.rawValue).xlsx")
        try DocumentWriter(template: template, context: context).write(inventory, format: .xlsx, to: output)
        let sheet = try XLSXReader(url: output).sheet("Status")
        return Dictionary(uniqueKeysWithValues: (2...sheet.lastRow).map { (sheet["A\($0)"] ?? "", sheet["B\($0)"] ?? "") })
    }

    @Test func aDocumentedFunctionThatBreaksARuleSaysWhich() throws {
        let all = Set(DocRule.allCases)
        let english = try statuses(rules: all, locale: .en)
        #expect(english["unknownParameters(id:)"] == "Documented; to check: parameters, unknown-parameters")
        #expect(english["fetchUser()"] == "Documented; to check: returns, summary-repeats-name")
        #expect(english["user(id:refresh:)"] == "Documented")
        #expect(try statuses(rules: all, locale: .ja)["voidReturns()"] == "記述済（要確認: void-returns）")
        #expect(try statuses(rules: all, locale: .vi)["placeholderSummary()"] == "Đã mô tả (cần xem lại: placeholder-summary)")
        // Without check.require the column is as before.
        #expect(try statuses(rules: [], locale: .en).values.allSatisfy { $0 == "Documented" })
    }
}
