import Foundation
import Testing
import Inventory
import TestSupport
@testable import DesignDocument

@Suite struct DesignDocTemplateTests {
    /// Writes the fixture inventory with `template` and reads the workbook back.
    static func render(_ template: String, locale: DocumentLocale = .en, keepAs name: String? = nil) throws -> (XLSXReader, URL) {
        let folder = try Fixtures.folder()
        let url = folder.appendingPathComponent("\(template).xlsx")
        var context = Fixtures.context
        context.locale = locale
        let writer = DocumentWriter(template: try Template.resolve(template), context: context)
        try writer.write(Fixtures.inventory, format: .xlsx, to: url)
        if let name {
            let json = folder.appendingPathComponent("\(template).json")
            try writer.write(Fixtures.inventory, format: .json, to: json)
            try TestArtifacts.keep(workbook: url, json: json, name: name)
        }
        return (try XLSXReader(url: url), url)
    }

    @Test func designDocHasEverySheetInOrder() throws {
        let (book, _) = try Self.render("design-doc", keepAs: "designdocument-design-doc")
        #expect(book.sheetNames == ["Cover", "Contents", "Revision history", "Summary", "Module structure", "Class list",
                                    "Class diagram - TaskBoardApp", "Class diagram - TaskKit", "Functions",
                                    "Free functions", "TaskListViewModel", "TaskItem", "TaskStore"])
        #expect(book.properties["title"] == "TaskBoard design document")
        #expect(book.properties["creator"] == "Mobile Team")
        #expect(book.properties["created"] == "2026-01-01T00:00:00Z")
    }

    @Test func coverShowsProjectFactsAndNumericTotals() throws {
        let (book, _) = try Self.render("design-doc")
        let cover = try book.sheet("Cover")
        #expect(cover["B2"] == "TaskBoard")
        #expect(cover.mergedRanges.contains("B2:C2"))
        #expect(cover["C6"] == "1.2.0")
        #expect(cover["C7"] == "3f2a9c1d5e7b")
        #expect(cover["C8"] == "2026-01-01")
        #expect(cover["C14"] == "7")
        #expect(cover.numericCells.contains("C14"))
        #expect(cover["C15"] == "4")
        #expect(cover["B16"] == "Undocumented" && cover["C16"] == "3" && cover.numericCells.contains("C16"))
        // Coverage is a number shown with a percent format, not the text "57.1%".
        #expect(cover["B17"] == "Doc coverage" && abs((Double(cover["C17"] ?? "") ?? 0) - 4.0 / 7) < 1e-9 && cover.numericCells.contains("C17"))
    }

    @Test func contentsLinksToEveryOtherSheet() throws {
        let (book, _) = try Self.render("design-doc")
        let contents = try book.sheet("Contents")
        #expect(contents.row(1) == ["No.", "Sheet", "Content"])
        #expect((2...9).map { contents["B\($0)"] } == ["Cover", "Revision history", "Summary", "Module structure", "Class list",
                                                        "Class diagram - TaskBoardApp", "Class diagram - TaskKit", "Functions"])
        #expect(contents["B13"] == "TaskStore" && contents["C13"] == "Class specification: header, properties, methods")
        #expect(contents.hyperlinks["B13"] == "#'TaskStore'!A1")
        #expect(contents.hyperlinks["B3"] == "#'Revision history'!A1")
        #expect(contents.hyperlinks["B9"] == "#'Functions'!A1")
    }

    @Test func revisionHistoryIsATableToFillIn() throws {
        let (book, _) = try Self.render("design-doc")
        let history = try book.sheet("Revision history")
        #expect(history.row(1) == ["No.", "Version", "Date", "Author", "Description", "Approved by"])
        #expect(history.row(2) == ["1", "1.2.0", "2026-01-01", "Mobile Team"])
        #expect(history.row(3) == ["2"])
        #expect(history["A16"] == "15")
    }

    @Test func summaryCountsPerModuleAndFileWithAChart() throws {
        let (book, _) = try Self.render("design-doc")
        let summary = try book.sheet("Summary")
        #expect(summary.row(1) == ["Module", "Target kind", "Types", "Functions", "Documented", "Coverage", "Properties", "Property coverage"])
        // The app's kind comes from the inventory's module list, the library's from its records. The fixture has no
        // property records: 0 properties and an empty property coverage.
        #expect(summary.row(2) == ["TaskBoardApp", "App", "1", "2", "1", "0.5", "0"])
        #expect(summary.row(3) == ["TaskKit", "Package library", "3", "5", "3", "0.6", "0"])
        #expect(summary.row(4) == ["Total", "", "4", "7", "4", "0.5714285714285714", "0"])
        #expect(summary.row(6) == ["File", "Target kind", "Types", "Functions", "Documented", "Coverage", "Properties", "Property coverage"])
        #expect(summary["A7"] == "Sources/TaskBoardApp/TaskListViewModel.swift")
        #expect(summary.drawingCount == 1)
        #expect(book.parts.contains("xl/charts/chart1.xml"))
    }

    @Test func typesSheetListsEveryTypeWithRelationsAndMemberCounts() throws {
        let (book, _) = try Self.render("design-doc")
        let types = try book.sheet("Class list")
        #expect(types.row(1) == ["No.", "Module", "Type", "Kind", "Access", "Superclass", "Conforms to", "Description", "Functions",
                                 "Properties", "File", "Line", WorkbookRenderer.documentedHelperHeader])
        #expect(types.lastRow == 5)
        #expect(types.row(4) == ["3", "TaskKit", "TaskStore", "class", "public", "", "ObservableObject, Sequence",
                                 "Keeps the tasks and persists them.", "3", "0", "Sources/TaskKit/TaskStore.swift", "4", "1"])
        // An extension's row lists what it adds.
        #expect(types["G5"] == "Sequence" && types["I5"] == "1")
        // Undocumented declarations are highlighted; undocumented extensions are not.
        #expect(types["M2"] == "0" && types["C2"] == "TaskListViewModel")
        #expect(types["M5"] == "1" && types["D5"] == "extension")
    }

    @Test func functionsAreGroupedByModuleAndFileWithSectionRows() throws {
        let (book, _) = try Self.render("design-doc")
        let functions = try book.sheet("Functions")
        #expect(functions.row(1).prefix(14) == ["No.", "Type", "Function", "Signature", "Access", "Description", "Parameters", "Returns",
                                                "Throws", "Condition", "Status", "Line", "Review", "Reviewer comment"])
        // A visible, filterable status that survives black-and-white print.
        #expect(functions["K4"] == "Documented" && functions["K6"] == "Undocumented" && functions["K17"] == "Placeholder")
        let firstColumn = (2...functions.lastRow).map { functions["A\($0)"] ?? "" }
        #expect(firstColumn == [
            "TaskBoardApp", "Sources/TaskBoardApp/TaskListViewModel.swift", "1", "Sources/TaskBoardApp/helpers.swift", "2",
            "TaskKit", "Sources/TaskKit/TaskItem.swift", "3", "Sources/TaskKit/TaskStore.swift", "Lifecycle", "4", "Editing", "5", "6",
            "Sequence", "7",
        ])
        #expect(functions.row(14).prefix(9) == ["5", "TaskStore", "add(_:)", "public func add(_ task: TaskItem) throws -> Int", "public",
                                               "Adds a task.", "task: TaskItem — The task to add.", "Int — The new count.",
                                               "`StoreError.full` when the board is full."])
        #expect(functions["J4"] == "os(iOS)")
        // The header row and No. / Type / Function stay in view.
        #expect(functions.frozenAt == "D2")
        #expect(functions.autofilter == "A1:N17")
    }

    @Test func functionsLinkLinesToTheSourceAndHighlightUndocumentedRows() throws {
        let (book, _) = try Self.render("design-doc")
        let functions = try book.sheet("Functions")
        #expect(functions.hyperlinks["L4"] == "https://github.com/example/taskboard/blob/3f2a9c1d5e7b/Sources/TaskBoardApp/TaskListViewModel.swift#L15")
        // Linked line numbers stay numbers, so the filter sorts 2 < 11 < 100 and Excel flags nothing.
        #expect(functions["L4"] == "15" && functions.numericCells.contains("L4"))
        #expect(try book.sheet("Class list").numericCells.contains("L2"))
        // The hidden helper column O holds 1/0 for documented; the conditional format reads it.
        #expect(functions.hiddenColumns == [14])
        #expect(functions["O4"] == "1" && functions["O6"] == "0" && functions["O17"] == "0")
        #expect(functions.conditionalFormats.count == 1)
        #expect(functions.conditionalFormats.first?.range == "A4:N17")
        #expect(functions.conditionalFormats.first?.type == "expression")
        #expect(functions.conditionalFormats.first?.formula == "AND(ISNUMBER($O4),$O4=0)")
    }

    @Test func rowsWithWrappedTextAreTallEnoughForEveryLine() throws {
        let (book, _) = try Self.render("design-doc")
        let functions = try book.sheet("Functions")
        // Row 9: `==` has two parameters, one per line; row 14: `add(_:)` has a long Throws text in a narrow column
        // (three lines once the width is planned for readers whose sans is wider than Calibri).
        #expect(functions.rowHeights[9] == 30)
        #expect(functions.rowHeights[14] == 45)
        #expect(functions.rowHeights[4] == nil, "single-line rows keep the default height")
    }

    @Test func reviewColumnHasADropDown() throws {
        let (book, _) = try Self.render("design-doc")
        let functions = try book.sheet("Functions")
        #expect(functions.dataValidations.count == 1)
        #expect(functions.dataValidations.first?.range == "M4:M17")
        #expect(functions.dataValidations.first?.type == "list")
        #expect(functions.dataValidations.first?.formula == "\"OK,Needs fix,Question\"")
    }

    @Test func printSetupIsLandscapeFitToWidthWithRepeatedHeaderAndPageNumbers() throws {
        let (book, _) = try Self.render("design-doc")
        let functions = try book.sheet("Functions")
        #expect(functions.pageSetup["orientation"] == "landscape")
        #expect(functions.pageSetup["fitToHeight"] == "0")
        #expect(functions.footer == "&L&8&A&R&8Page &P / &N")
        #expect(functions.header == "&L&8 TaskBoard — Detailed design&R&8 2026-01-01")
        #expect(book.definedNames.contains { $0.name == "_xlnm.Print_Titles" && $0.value == "Functions!$1:$1" })
        #expect(try book.sheet("Cover").pageSetup["orientation"] == "portrait")
    }

    @Test func localizedLabelsForVietnameseAndJapanese() throws {
        let (vi, _) = try Self.render("design-doc", locale: .vi)
        #expect(vi.sheetNames.prefix(10) == ["Trang bìa", "Mục lục", "Lịch sử sửa đổi", "Tổng quan", "Cấu trúc mô-đun", "Danh sách lớp",
                                             "Sơ đồ lớp - TaskBoardApp", "Sơ đồ lớp - TaskKit", "Đặc tả hàm", "Hàm toàn cục"])
        #expect(try vi.sheet("TaskStore")["A5"] == "Lớp cha")
        #expect(try vi.sheet("Đặc tả hàm").row(1).prefix(3) == ["STT", "Kiểu", "Hàm"])
        let (ja, _) = try Self.render("design-doc", locale: .ja)
        #expect(ja.sheetNames == ["表紙", "目次", "改訂履歴", "集計", "モジュール構成", "クラス一覧", "クラス図 - TaskBoardApp", "クラス図 - TaskKit",
                                  "関数仕様", "グローバル関数", "TaskListViewModel", "TaskItem", "TaskStore"])
        #expect(try ja.sheet("TaskStore")["A10"] == "メソッド一覧")
        #expect(try ja.sheet("関数仕様").dataValidations.first?.formula == "\"OK,要修正,質問\"")
        #expect(try ja.sheet("集計")["A4"] == "合計")
    }

    @Test func sameInputGivesByteIdenticalWorkbooks() throws {
        let (_, first) = try Self.render("design-doc")
        let (_, second) = try Self.render("design-doc")
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))
    }
}
