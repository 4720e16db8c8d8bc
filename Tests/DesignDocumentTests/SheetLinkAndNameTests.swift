import Foundation
import Testing
import Inventory
import TestSupport
@testable import DesignDocument

/// Links between sheets, sheet names with placeholders, and free-cell layouts Excel would refuse.
@Suite struct SheetLinkAndNameTests {
    /// Loads `yaml` as `custom.yml` and returns the error message, or `nil` when it loads.
    func error(_ yaml: String) -> String? { templateLoadError(yaml) }

    let header = "name: custom\nsheets:\n"

    /// Renders `inventory` with `template` (a built-in name or YAML text) and reads the workbook back.
    func render(_ template: Template, inventory: Inventory = Fixtures.inventory, locale: DocumentLocale = .en,
                projectName: String = "TaskBoard") throws -> XLSXReader {
        let url = try Fixtures.folder().appendingPathComponent("book.xlsx")
        var context = Fixtures.context
        context.locale = locale
        context.projectName = projectName
        try DocumentWriter(template: template, context: context).write(inventory, format: .xlsx, to: url)
        return try XLSXReader(url: url)
    }

    @Test(arguments: [(DocumentLocale.en, "Contents"), (.vi, "Mục lục"), (.ja, "目次")])
    func classSpecBackLinkFindsTheContentsSheetInEveryLocale(locale: DocumentLocale, contents: String) throws {
        var inventory = Fixtures.inventory
        for index in inventory.functions.indices where inventory.functions[index].enclosingType == "TaskItem" {
            inventory.functions[index].enclosingType = "Contents"
        }
        let book = try render(try Template.resolve("class-spec"), inventory: inventory, locale: locale)
        #expect(book.sheetNames.first == contents)
        // The type called Contents yields its name to the template's own sheet.
        let typeSheet = locale == .en ? "Contents (2)" : "Contents"
        #expect(book.sheetNames.contains(typeSheet))
        #expect(try book.sheet("TaskStore").hyperlinks["A8"] == "#'\(contents)'!A1")
        #expect(try book.sheet(typeSheet).hyperlinks["A8"] == "#'\(contents)'!A1")
    }

    @Test func sheetLinksAreValidatedAtLoad() {
        let yaml = header + "  - kind: static\n    name: Cover\n    cells: [{cell: A1, value: x, link: \"sheet:Nope\"}]\n"
            + "  - kind: static\n    name: Notes\n"
        #expect(error(yaml) == "custom.yml:5: no sheet named 'Nope'; sheets: Cover, Notes (or link to a kind: sheet-kind:contents)")
        #expect(error(header + "  - kind: static\n    name: S\n    cells: [{cell: A1, value: x, link: \"sheet-kind:contents\"}]\n")
            == "custom.yml:5: no contents sheet for link 'sheet-kind:contents'; the template's kinds: static")
        #expect(error(header + "  - kind: static\n    name: S\n    cells: [{cell: A1, value: x, link: \"sheet-kind:toc\"}]\n")?
            .hasPrefix("custom.yml:5: unknown sheet kind 'toc' in link 'sheet-kind:toc'; valid kinds: cover, contents") == true)
        // A template spelling in another locale is a valid target.
        #expect(error(header + "  - kind: static\n    name: {en: Notes, ja: メモ}\n    cells: [{cell: A1, value: x, link: \"sheet:メモ\"}]\n") == nil)
    }

    @Test func localizedLinkValuesAreResolvedPerLocale() throws {
        let yaml = header + """
              - kind: static
                name: {en: Start, ja: 開始}
                cells:
                  - {cell: A1, value: Help, link: {en: "https://example.com/en", ja: "https://example.com/ja"}}
                  - {cell: A2, value: Self, link: "sheet:Start"}
                  - {cell: A3, value: Merged, merge: "A3:C3", link: "sheet-kind:static"}
            """ + "\n"
        let template = try TemplateLoader.load(yaml: yaml, path: "custom.yml", baseFolder: nil)
        let japanese = try render(template, locale: .ja).sheet("開始")
        #expect(japanese.hyperlinks["A1"] == "https://example.com/ja")
        #expect(japanese.hyperlinks["A2"] == "#'開始'!A1")
        #expect(japanese.hyperlinks["A3"] == "#'開始'!A1" && japanese.mergedRanges.contains("A3:C3") && japanese["A3"] == "Merged")
        #expect(try render(template).sheet("Start").hyperlinks["A1"] == "https://example.com/en")
    }

    @Test func overlappingMergesAndDoubleWritesAreRejected() {
        #expect(error(header + "  - kind: static\n    name: S\n    cells:\n      - {cell: B2, merge: \"B2:D3\"}\n      - {cell: C3, merge: \"C3:E3\"}\n")
            == "custom.yml:7: cell C3:E3 overlaps merged range B2:D3 at line 6; Excel refuses overlapping merges and cells inside a merge")
        #expect(error(header + "  - kind: static\n    name: S\n    cells:\n      - {cell: B2, merge: \"B2:D2\"}\n      - {cell: C2, value: x}\n")
            == "custom.yml:7: cell C2 overlaps merged range B2:D2 at line 6; Excel refuses overlapping merges and cells inside a merge")
        #expect(error(header + "  - kind: static\n    name: S\n    cells:\n      - {cell: B2, value: x}\n      - {cell: B2, value: y}\n")
            == "custom.yml:7: cell B2 is already written at line 6; give each free cell its own place")
        #expect(error(header + "  - kind: static\n    name: S\n    cells:\n      - {cell: B2, merge: \"B2:C2\"}\n      - {cell: B3, merge: \"B3:C3\"}\n") == nil)
    }

    @Test func dropDownChoicesExcelCannotHoldAreRejected() {
        func choices(_ list: String) -> String? {
            error(header + "  - kind: functions\n    name: F\n    columns:\n      - {field: review, choices: \(list)}\n")
        }
        #expect(choices("[OK, \"Needs fix, soon\"]")
            == "custom.yml:6: the drop-down choice 'Needs fix, soon' contains ','; Excel's list separates choices with commas and cannot hold a double quote")
        #expect(choices("[OK, 'Say \"hi\"']")
            == "custom.yml:6: the drop-down choice 'Say \"hi\"' contains '\"'; Excel's list separates choices with commas and cannot hold a double quote")
        #expect(choices("[OK, \"\"]") == "custom.yml:6: a drop-down choice is empty in 'en'; give every choice some text")
        #expect(choices("[]") == "custom.yml:6: 'choices' must list at least one choice")
        #expect(choices("[OK, {en: Fine, ja: \"良い,です\"}]")?.contains("contains ','") == true)
    }

    @Test func freezeColumnsIsCheckedAgainstTheColumns() {
        #expect(error(header + "  - kind: functions\n    name: F\n    freezeColumns: 2\n    columns: [{field: name}]\n")
            == "custom.yml:5: 'freezeColumns' is 2 but the sheet has 1 columns")
        #expect(error(header + "  - kind: summary\n    name: S\n    freezeColumns: 1\n    columns: [{field: name}]\n")
            == "custom.yml:5: 'freezeColumns' is not used on a summary sheet; it applies to: functions, properties, types, modules, contents, history, added, removed, changed, screens, transitions, messages, errors")
    }

    @Test func blankSheetNamesAreRejected() {
        #expect(error(header + "  - kind: static\n    name: \"   \"\n")
            == "custom.yml:4: sheet name '   ' is not valid in Excel: it is blank (only spaces)")
    }

    @Test func sheetNamesExpandProjectPlaceholders() throws {
        let yaml = header + "  - kind: cover\n    name: \"{{project}} cover\"\n  - kind: functions\n    name: \"{{project}}: {{group}}\"\n"
            + "    group: module\n    split: sheets\n    columns: [{field: name}]\n"
        // ':' is literal here, so it is refused at load...
        #expect(error(yaml)?.contains("contains ':'") == true)
        let valid = yaml.replacingOccurrences(of: "{{project}}: {{group}}", with: "{{project}} {{group}}")
        let book = try render(try TemplateLoader.load(yaml: valid, path: "custom.yml", baseFolder: nil), projectName: "Box/Shop")
        // ...while a value with a forbidden character is made valid.
        #expect(book.sheetNames == ["Box_Shop cover", "Box_Shop TaskBoardApp", "Box_Shop TaskKit"])
    }

    @Test func sheetNamePlaceholdersMustBeAvailableAtSheetLevel() {
        #expect(error(header + "  - kind: static\n    name: \"{{group}} notes\"\n")
            == "custom.yml:4: placeholder '{{group}}' is not available in a sheet name here; valid placeholders: "
                + Placeholders.global.joined(separator: ", ") + " (group and type.* only with 'split: sheets' or on a classes sheet, entity.* on an entities sheet)")
        #expect(error(header + "  - kind: static\n    name: \"{{sheet}}\"\n")?.hasPrefix("custom.yml:4: placeholder '{{sheet}}' is not available") == true)
    }

    @Test func spelledOutNamesKeepTheirSpellingAndGroupSheetsYield() throws {
        let yaml = header + "  - kind: functions\n    name: \"{{group}}\"\n    group: type\n    split: sheets\n    columns: [{field: name}]\n"
            + "  - kind: static\n    name: TaskStore\n"
        let book = try render(try TemplateLoader.load(yaml: yaml, path: "custom.yml", baseFolder: nil))
        #expect(book.sheetNames.contains("TaskStore (2)"))
        #expect(book.sheetNames.last == "TaskStore")
    }
}

@Suite struct ReviewOnlyTemplateTests {
    @Test func aReviewOnlyTemplateCannotLayOutAnInventory() throws {
        let url = try Fixtures.folder().appendingPathComponent("review.xlsx")
        #expect(throws: DesignDocumentError.invalidTemplate(
            path: "Templates/review.yml", line: try Template.resolve("review").sheets[0].line,
            message: DocumentWriter.reviewOnlyMessage("review"))) {
            try DocumentWriter(template: try Template.resolve("review"), context: Fixtures.context)
                .write(Fixtures.inventory, format: .xlsx, to: url)
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try !Template.resolve("review").hasInventorySheets && Template.resolve("design-doc").hasInventorySheets)
    }
}

@Suite struct FileSheetNameTests {
    @Test func sheetsNamedAfterLongPathsKeepTheFileName() throws {
        var inventory = Fixtures.inventory
        for index in inventory.functions.indices {
            inventory.functions[index].file = "TaskBoard/ViewControllers/Base/" + (index % 2 == 0 ? "BaseViewController.swift" : "Cell.swift")
        }
        let yaml = "name: per-file\nsheets:\n  - kind: functions\n    name: \"{{group}}\"\n    group: file\n    split: sheets\n"
            + "    cells: [{cell: A1, value: \"{{group}}\"}]\n    columns: [{field: name}]\n"
        let url = try Fixtures.folder().appendingPathComponent("files.xlsx")
        try DocumentWriter(template: try TemplateLoader.load(yaml: yaml, path: "per-file.yml", baseFolder: nil), context: Fixtures.context)
            .write(inventory, format: .xlsx, to: url)
        let book = try XLSXReader(url: url)
        #expect(book.sheetNames == ["Base_BaseViewController.swift", "ViewControllers_Base_Cell.swift"])
        #expect(try book.sheet("Base_BaseViewController.swift")["A1"] == "TaskBoard/ViewControllers/Base/BaseViewController.swift")
        #expect(SheetPlanner.pathTail("a/b/VeryLongFileNameThatIsLongerThanTheLimit.swift", fitting: 31) == "VeryLongFileNameThatIsLongerThanTheLimit.swift")
    }
}

@Suite struct SectionRowTests {
    static func record(_ type: String?, _ name: String, line: Int, section: String?) -> FunctionRecord {
        FunctionRecord(file: "Sources/Kit/Shapes.swift", line: line, column: 10, module: "Kit", kind: type == nil ? .function : .method,
                       name: "\(name)()", baseName: name, signature: "func \(name)()", enclosingType: type,
                       enclosingKind: type == nil ? nil : .struct, section: section)
    }

    @Test func aSectionEndsWhereTheMarkOrTheEnclosingTypeChanges() throws {
        let functions = [
            Self.record("A", "a", line: 2, section: "Public API"), Self.record("A", "b", line: 3, section: "Public API"),
            Self.record("B", "d", line: 6, section: nil), Self.record("C", "e", line: 9, section: "Public API"),
            Self.record("C", "f", line: 10, section: "Public API"), Self.record(nil, "g", line: 13, section: nil),
        ]
        let inventory = Inventory(project: ProjectInfo(name: "Kit", root: ".", commit: nil), types: [], functions: functions)
        let url = try Fixtures.folder().appendingPathComponent("sections.xlsx")
        try DocumentWriter(template: try Template.resolve("design-doc"), context: Fixtures.context).write(inventory, format: .xlsx, to: url)
        let sheet = try XLSXReader(url: url).sheet("Functions")
        let firstCells = (2...sheet.lastRow).map { sheet["A\($0)"] ?? "" }
        let names = (2...sheet.lastRow).map { sheet["C\($0)"] ?? "" }
        #expect(firstCells == ["Kit", "Sources/Kit/Shapes.swift", "Public API", "1", "2", "B", "3", "Public API", "4", "5", "Free functions", "6"])
        #expect(names[6] == "d()")
    }
}

@Suite struct NaturalOrderTests {
    @Test func typeSheetsAreInNaturalOrder() throws {
        let functions = ["T10", "T2", "T1", "T0", "t3"].enumerated().map { index, type in
            SectionRowTests.record(type, "f\(index)", line: index + 1, section: nil)
        }
        let inventory = Inventory(project: ProjectInfo(name: "Kit", root: ".", commit: nil), types: [], functions: functions)
        let url = try Fixtures.folder().appendingPathComponent("natural.xlsx")
        let yaml = "name: t\nsheets:\n  - kind: functions\n    name: \"{{group}}\"\n    group: type\n    split: sheets\n    sort: [name]\n    columns: [{field: name}]\n"
        try DocumentWriter(template: try TemplateLoader.load(yaml: yaml, path: "t.yml", baseFolder: nil), context: Fixtures.context)
            .write(inventory, format: .xlsx, to: url)
        #expect(try XLSXReader(url: url).sheetNames == ["T0", "T1", "T2", "T10", "t3"])
        #expect(SortValue.naturallyPrecedes("File2.swift", "File10.swift"))
        #expect(SortValue.naturallyPrecedes("T01", "T1") != SortValue.naturallyPrecedes("T1", "T01"))
    }
}

@Suite struct SizingTests {
    @Test func wrappedLinesFollowWordsAndCharacterWidths() {
        // 44 characters of ordinary prose fit a 44-wide column on one line; Calibri letters are narrower than a unit.
        #expect(TemplateLowering.wrappedLines("Loads the tasks into the list and refreshes", width: 43.3) == 1)
        #expect(TemplateLowering.wrappedLines("Loads the tasks into the list and refreshes it for the current board.", width: 43.3) == 2)
        #expect(TemplateLowering.wrappedLines("`StoreError.full` when the board is full.", width: 19.3) == 2)
        #expect(TemplateLowering.wrappedLines(Substring(String(repeating: "設", count: 30)), width: 19.3) == 4)
        #expect(TemplateLowering.wrappedLines("WWWWWWWWWWWWWWWWWWWW", width: 19.3) == 2)
    }

    @Test func summaryNameColumnStaysNarrowAndLongPathsWrap() throws {
        var inventory = Fixtures.inventory
        let long = "Sources/TaskBoardApp/Features/Boards/ViewControllers/BoardListViewController.swift"
        inventory.functions[5].file = long
        let url = try Fixtures.folder().appendingPathComponent("summary.xlsx")
        try DocumentWriter(template: try Template.resolve("design-doc"), context: Fixtures.context).write(inventory, format: .xlsx, to: url)
        let summary = try XLSXReader(url: url).sheet("Summary")
        #expect((summary.columnWidths[0] ?? 99) <= 41)
        let row = try #require((1...summary.lastRow).first { summary["A\($0)"] == long })
        #expect(summary.rowHeights[row] == 45)  // 82 characters in a 40-wide column, with room for wider fonts
        // The Condition column of the functions sheet is sized to its (short) content.
        let functions = try XLSXReader(url: url).sheet("Functions")
        #expect((functions.columnWidths[9] ?? 99) <= 12)
    }
}
