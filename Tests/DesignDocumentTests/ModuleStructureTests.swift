import Foundation
import Testing
import Inventory
import SpreadsheetModel
import TestSupport
@testable import DesignDocument

/// The module structure sheet (モジュール構成), the summary's property counts and the cover's property placeholders,
/// read back cell by cell from written workbooks.
@Suite struct ModuleStructureTests {
    static func property(_ name: String, module: String, file: String, line: Int, type: String? = "Store",
                         kind: PropertyKind = .property, doc: DocComment? = nil) -> PropertyRecord {
        PropertyRecord(file: file, line: line, column: 9, module: module, kind: kind, name: name,
                       declaration: "public var \(name): Int", enclosingType: type, enclosingKind: type == nil ? nil : .struct,
                       accessLevel: .public, effectiveAccess: .public, doc: doc)
    }

    /// A package with a library, an app that uses it, its tests, and a folder module no build system describes;
    /// TaskKit has three properties (one documented, one placeholder, one enum case undocumented), the app one
    /// documented property.
    static let inventory: Inventory = {
        let documented = Fixtures.doc("The number of tasks.")
        let placeholder = DocComment(raw: "<#Description#>", summary: "<#Description#>", isPlaceholder: true)
        let properties = [
            property("count", module: "TaskKit", file: "Sources/TaskKit/TaskStore.swift", line: 6, doc: documented),
            property("limit", module: "TaskKit", file: "Sources/TaskKit/TaskStore.swift", line: 8, doc: placeholder),
            property("open", module: "TaskKit", file: "Sources/TaskKit/TaskItem.swift", line: 20, type: "TaskItem.State", kind: .enumCase),
            property("title", module: "TaskBoardApp", file: "Sources/TaskBoardApp/TaskListViewModel.swift", line: 8,
                     type: "TaskListViewModel", doc: documented),
        ]
        return Inventory(
            project: ProjectInfo(name: "TaskBoard", root: ".", commit: "3f2a9c1d5e7b"),
            types: Fixtures.types, functions: Fixtures.functions,
            modules: [
                ModuleRecord(name: "TaskBoardApp", kind: .app, project: "TaskBoard.xcodeproj", dependencies: ["TaskKit", "Collections"]),
                ModuleRecord(name: "TaskKit", kind: .packageLibrary, project: "Package.swift", dependencies: ["Logging"]),
                ModuleRecord(name: "TaskKitTests", kind: .unitTests, project: "Package.swift", dependencies: ["TaskKit"]),
                ModuleRecord(name: "Scripts", kind: .folder),
            ],
            properties: properties)
    }()

    static func render(_ template: String = "design-doc", locale: DocumentLocale = .en) throws -> XLSXReader {
        let url = try Fixtures.folder().appendingPathComponent("\(template)-modules.xlsx")
        var context = Fixtures.context
        context.locale = locale
        try DocumentWriter(template: try Template.resolve(template), context: context).write(inventory, format: .xlsx, to: url)
        return try XLSXReader(url: url)
    }

    @Test func theModuleStructureSheetListsEveryModuleWithItsDependenciesAndCounts() throws {
        let book = try Self.render()
        #expect(book.sheetNames.firstIndex(of: "Module structure") == book.sheetNames.firstIndex(of: "Summary")! + 1)
        let modules = try book.sheet("Module structure")
        #expect(modules.row(1) == ["No.", "Module", "Target kind", "Project", "Depends on", "Used by", "Files", "Types", "Functions",
                                   "Properties", "Coverage", "Property coverage", "Notes"])
        // In the inventory's module order (by name); a module no record belongs to still has its row.
        #expect(modules.row(2) == ["1", "Scripts", "Folder", "", "", "", "0", "0", "0", "0"])
        #expect(modules.row(3) == ["2", "TaskBoardApp", "App", "TaskBoard.xcodeproj", "TaskKit, Collections", "", "2", "1", "2", "1",
                                   "0.5", "1"])
        #expect(modules.row(4) == ["3", "TaskKit", "Package library", "Package.swift", "Logging", "TaskBoardApp, TaskKitTests", "2", "3",
                                   "5", "3", "0.6", "0.3333333333333333"])
        #expect(modules.row(5) == ["4", "TaskKitTests", "Unit tests", "Package.swift", "TaskKit", "", "0", "0", "0", "0"])
        #expect(modules.lastRow == 5)
        #expect(["G3", "I4", "J4", "K4", "L4"].allSatisfy(modules.numericCells.contains))
        #expect(!modules.numericCells.contains("B3"))
    }

    @Test func theModuleStructureSheetSpeaksTheDocumentsLanguage() throws {
        let ja = try Self.render(locale: .ja)
        let sheet = try ja.sheet("モジュール構成")
        #expect(sheet.row(1).prefix(6) == ["No.", "モジュール", "ターゲット種別", "プロジェクト", "依存先", "依存元"])
        #expect(sheet["C4"] == "パッケージライブラリ")
        let vi = try Self.render(locale: .vi)
        #expect(vi.sheetNames.contains("Cấu trúc mô-đun"))
    }

    @Test func theSummaryCountsPropertiesPerModuleAndFile() throws {
        let summary = try Self.render().sheet("Summary")
        #expect(summary.row(1) == ["Module", "Target kind", "Types", "Functions", "Documented", "Coverage", "Properties", "Property coverage"])
        // The placeholder doc does not count: TaskKit documents 1 of its 3 properties.
        #expect(summary.row(2) == ["TaskBoardApp", "App", "1", "2", "1", "0.5", "1", "1"])
        #expect(summary.row(3) == ["TaskKit", "Package library", "3", "5", "3", "0.6", "3", "0.3333333333333333"])
        #expect(summary.row(4) == ["Total", "", "4", "7", "4", "0.5714285714285714", "4", "0.5"])
        #expect(summary.numericCells.contains("H3"))
        let files = (7...summary.lastRow).map { summary.row($0) }
        #expect(files.contains(["Sources/TaskKit/TaskItem.swift", "Package library", "1", "1", "1", "1", "1", "0"]))
        #expect(files.contains(["Sources/TaskKit/TaskStore.swift", "Package library", "2", "4", "2", "0.5", "2", "0.5"]))
    }

    @Test func theCoverShowsPropertyTotalsAsNumbers() throws {
        let cover = try Self.render().sheet("Cover")
        #expect(cover["B18"] == "Properties" && cover["C18"] == "4" && cover.numericCells.contains("C18"))
        #expect(cover["B19"] == "Property doc coverage" && cover["C19"] == "0.5" && cover.numericCells.contains("C19"))
        let ja = try Self.render(locale: .ja).sheet("表紙")
        #expect(ja["B19"] == "プロパティ記述率")
    }

    @Test func placeholdersGiveThePropertyTotalsInText() throws {
        let values = WorkbookRenderer(template: try Template.resolve("design-doc"), context: Fixtures.context,
                                      inventory: Self.inventory, diff: nil).globalValues()
        #expect(values["properties"] == "4")
        #expect(values["documentedProperties"] == "2")
        #expect(values["undocumentedProperties"] == "2")
        #expect(values["propertyCoverage"] == "50.0%")
        #expect(Placeholders.expand("{{documentedProperties}} of {{properties}} ({{propertyCoverage}})", values) == "2 of 4 (50.0%)")
    }

    @Test func aCustomModulesSheetSortsByAModuleField() throws {
        let yaml = """
            name: modules-only
            sheets:
              - kind: modules
                name: Modules
                sort: [-functions, name]
                columns:
                  - {field: name}
                  - {field: functions}
                  - {field: dependencies}
                  - {field: documentedProperties}
            """
        let template = try TemplateLoader.load(yaml: yaml, path: "modules.yml", baseFolder: nil)
        let url = try Fixtures.folder().appendingPathComponent("modules-only.xlsx")
        try DocumentWriter(template: template, context: Fixtures.context).write(Self.inventory, format: .xlsx, to: url)
        let sheet = try XLSXReader(url: url).sheet("Modules")
        #expect((2...5).map { sheet["A\($0)"] ?? "" } == ["TaskKit", "TaskBoardApp", "Scripts", "TaskKitTests"])
        #expect(sheet.row(2) == ["TaskKit", "5", "Logging", "1"])
    }

    @Test func aModulesSheetRejectsFieldsAndKeysOfOtherKinds() {
        let unknownField = templateLoadError("""
            name: t
            sheets:
              - kind: modules
                name: Modules
                columns:
                  - {field: signature}
            """)
        #expect(unknownField?.hasPrefix("custom.yml:6: unknown field 'signature' for a modules sheet") == true, "\(unknownField ?? "loaded")")
        #expect(unknownField?.contains("dependencies") == true)
        let group = templateLoadError("""
            name: t
            sheets:
              - kind: modules
                name: Modules
                group: module
                columns:
                  - {field: name}
            """)
        #expect(group?.hasPrefix("custom.yml:5: 'group' is not used on a modules sheet") == true, "\(group ?? "loaded")")
    }

    @Test func theFieldCatalogueNamesModuleDependencies() {
        #expect(FieldCatalog.moduleFields.map(\.name).contains("dependencies"))
        #expect(FieldCatalog.moduleFields.map(\.name).contains("dependents"))
        // A client's workbook writes it as {{module.dependencies}}.
        #expect(RowField(marker: "module.dependencies") == .module(.dependencies))
        #expect(TemplateFields.rowScopes.first { $0.scope == "module" }?.fields.contains("dependencies") == true)
        #expect(FieldCatalog.summaryFields.map(\.name).suffix(5) == ["properties", "documentedProperties", "undocumentedProperties",
                                                                      "propertyCoverage", "dependencies"])
    }

    @Test func summaryModuleRowsCarryTheirDependencies() {
        let rows = SummaryRow.rows(Self.inventory, level: .module)
        #expect(rows.first { $0.name == "TaskBoardApp" }?.dependencies == ["TaskKit", "Collections"])
        #expect(SummaryRow.rows(Self.inventory, level: .file).allSatisfy { $0.dependencies.isEmpty })
    }

    @Test func aClientsWorkbookWritesModuleDependenciesAndPropertyTotals() throws {
        func text(_ reference: String, _ value: String) -> SheetCell {
            SheetCell(reference: CellReference(reference)!, value: .text(value))
        }
        let sheet = SheetDocument(name: "構成", cells: [
            text("A1", "{{properties}}"), text("B1", "{{propertyCoverage}}"),
            text("A3", "{{module.name}}"), text("B3", "{{module.dependencies}}"), text("C3", "{{module.properties}}"),
            text("D3", "{{module.propertyCoverage}}"),
        ])
        let template = try FormTemplateLoader.template(from: SpreadsheetDocument(sheets: [sheet]), path: "client.xlsx")
        let url = try Fixtures.folder().appendingPathComponent("client-modules.xlsx")
        try WorkbookRenderer(template: template, context: Fixtures.context, inventory: Self.inventory, diff: nil).render(to: url)
        let written = try XLSXReader(url: url).sheet("構成")
        #expect(written["A1"] == "4" && written.numericCells.contains("A1"))
        #expect(written["B1"] == "0.5" && written.numericCells.contains("B1"))
        #expect(written.row(3) == ["TaskBoardApp", "TaskKit, Collections", "1", "1"])
        #expect(written.row(4) == ["TaskKit", "Logging", "3", "0.3333333333333333"])
        #expect(written.numericCells.contains("C4") && written.numericCells.contains("D4"))
    }

    @Test func aSummaryChartCanShowPropertyCoverage() throws {
        let yaml = """
            name: property-summary
            sheets:
              - kind: summary
                name: Summary
                levels: [module]
                chart: {type: column, field: propertyCoverage}
                columns:
                  - {field: name}
                  - {field: undocumentedProperties}
                  - {field: propertyCoverage, format: "0.0%"}
            """
        let template = try TemplateLoader.load(yaml: yaml, path: "summary.yml", baseFolder: nil)
        let url = try Fixtures.folder().appendingPathComponent("property-summary.xlsx")
        try DocumentWriter(template: template, context: Fixtures.context).write(Self.inventory, format: .xlsx, to: url)
        let book = try XLSXReader(url: url)
        let sheet = try book.sheet("Summary")
        #expect(sheet.row(3) == ["TaskKit", "2", "0.3333333333333333"])
        #expect(sheet.drawingCount == 1)
        // A share runs from 0 % to 100 %, as function coverage does.
        let chart = try #require(book.text(ofPart: "xl/charts/chart1.xml"))
        #expect(chart.contains("<c:max val=\"1\"/>"))
        let wrongField = templateLoadError(yaml.replacingOccurrences(of: "field: propertyCoverage}", with: "field: dependencies}"))
        #expect(wrongField?.hasPrefix("custom.yml:6: unknown chart field 'dependencies'") == true, "\(wrongField ?? "loaded")")
    }
}
