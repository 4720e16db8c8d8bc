import Foundation
import Testing
import Inventory
@testable import DesignDocument

@Suite struct CSVAndJSONTests {
    @Test func csvQuotesFieldsPerRFC4180() {
        #expect(CSVWriter.field("plain") == "plain")
        #expect(CSVWriter.field("a, b") == "\"a, b\"")
        #expect(CSVWriter.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVWriter.field("two\nlines") == "\"two\nlines\"")
        #expect(CSVWriter.field("crlf\r\nend") == "\"crlf\r\nend\"")
        #expect(CSVWriter.row(["a", "b,c", ""]) == "a,\"b,c\",\r\n")
    }

    /// Found by the fuzzer (`Tests/Fixtures/FuzzRegressions/FuzzDocAndTemplates/csv-*`): a comma, quote or line break
    /// followed by a combining mark is one `Character` that is none of them, but a CSV reader splits or quotes there.
    @Test func csvQuotesACommaQuoteOrLineBreakFollowedByACombiningMark() {
        #expect(CSVWriter.field(",\u{301}") == "\",\u{301}\"")
        #expect(CSVWriter.field("\"\u{301}") == "\"\"\"\u{301}\"")
        #expect(CSVWriter.field("say \"\u{301}hi\"") == "\"say \"\"\u{301}hi\"\"\"")
        #expect(CSVWriter.field("two\n\u{301}lines") == "\"two\n\u{301}lines\"")
        #expect(CSVWriter.field("cr\r\n\u{301}") == "\"cr\r\n\u{301}\"")
    }

    /// Found by the fuzzer (`markdown-*`): a pipe or line break followed by a combining mark, and a bare CR (a line
    /// ending to CommonMark), broke the Markdown table row.
    @Test func markdownTableCellsEscapePipesAndEveryLineBreak() {
        #expect(MarkdownWriter.escape("a|b") == "a\\|b")
        #expect(MarkdownWriter.escape("a|\u{301}b") == "a\\|\u{301}b")
        #expect(MarkdownWriter.escape("a\rb") == "a b")
        #expect(MarkdownWriter.escape("a\r\nb\nc") == "a b c")
        #expect(MarkdownWriter.escape("a\r\n\u{301}b") == "a \u{301}b")
        #expect(MarkdownWriter.code("`x`|\u{301}") == "'x'\\|\u{301}")
        var functions = Fixtures.inventory.functions
        functions[0].doc = DocComment(raw: "x", summary: "Line one\rline two |\u{301} end")
        let inventory = Inventory(project: Fixtures.inventory.project, types: [], functions: functions)
        let rows = MarkdownWriter.inventory(inventory, context: Fixtures.context).split(separator: "\n").filter { $0.hasPrefix("| [") }
        #expect(rows.count == functions.count)
        #expect(rows.contains { $0.hasSuffix("| Line one line two \\|\u{301} end |") })
    }

    @Test func csvNeutralisesCellsThatSpreadsheetsWouldRunAsFormulas() {
        #expect(CSVWriter.field("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
        #expect(CSVWriter.field("+1") == "'+1")
        #expect(CSVWriter.field("-(lhs: Int)") == "'-(lhs: Int)")
        #expect(CSVWriter.field("@MainActor func f()") == "'@MainActor func f()")
        #expect(CSVWriter.field("\tcmd") == "'\tcmd")
        #expect(CSVWriter.field("\rcmd") == "\"'\rcmd\"")
        #expect(CSVWriter.field("a=b") == "a=b")
    }

    @Test func csvHasAHeaderRowAndOneRowPerFunction() throws {
        let url = try Fixtures.folder().appendingPathComponent("inventory.csv")
        let writer = DocumentWriter(template: try Template.resolve("inventory"), context: Fixtures.context)
        try writer.write(Fixtures.inventory, format: .csv, to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first == CSVWriter.inventoryColumns.joined(separator: ","))
        #expect(lines.count == 1 + Fixtures.functions.count)
        #expect(lines.contains { $0.hasPrefix("TaskBoardApp,Sources/TaskBoardApp/TaskListViewModel.swift,15,10,TaskListViewModel,method,load(),'@MainActor func load(),internal,internal,yes,") })
    }

    @Test func jsonOutputIsTheInventorySchemaAndDeterministic() throws {
        let folder = try Fixtures.folder()
        let writer = DocumentWriter(template: try Template.resolve("inventory"), context: Fixtures.context)
        try writer.write(Fixtures.inventory, format: .json, to: folder.appendingPathComponent("a.json"))
        try writer.write(Fixtures.inventory, format: .json, to: folder.appendingPathComponent("b.json"))
        let first = try Data(contentsOf: folder.appendingPathComponent("a.json"))
        #expect(first == (try Data(contentsOf: folder.appendingPathComponent("b.json"))))
        #expect(try InventoryCoding.decodeInventory(first, source: "a.json") == Fixtures.inventory)
    }

    @Test func markdownReviewListsAddedRemovedAndChangedFunctions() throws {
        var context = Fixtures.context
        context.baseCommit = "0a1b2c3"
        let markdown = MarkdownWriter.review(Fixtures.diff, context: context)
        #expect(markdown.contains("**1 added · 1 removed · 1 changed**"))
        let added = Fixtures.diff.added[0], removed = Fixtures.diff.removed[0]
        #expect(markdown.contains("### Added (1)\n\n- `\(added.qualifiedName)` — `@MainActor func load()`"))
        #expect(markdown.contains("### Removed (1)\n\n- `\(removed.qualifiedName)` — `func formatDue(_ date: Date) -> String`"))
        // A removed function's link points at the base commit (its file may be gone at the head commit).
        #expect(markdown.contains("(https://github.com/example/taskboard/blob/0a1b2c3/\(removed.file)#L\(removed.line))"))
        #expect(markdown.contains("(https://github.com/example/taskboard/blob/3f2a9c1d5e7b/\(added.file)#L\(added.line))"))
        #expect(markdown.contains("  - after: `public func add(_ task: TaskItem, at index: Int) throws -> Int`"))
    }
}

@Suite struct ReviewOutputTests {
    @Test func reviewIsWrittenInEveryFormatButTheDiagrams() throws {
        let folder = try Fixtures.folder()
        let writer = DocumentWriter(template: try Template.resolve("review"), context: Fixtures.context)
        for format in OutputFormat.allCases where !format.isDiagram {
            try writer.writeReview(Fixtures.diff, format: format, to: folder.appendingPathComponent("review.\(format.rawValue)"))
        }
        let csv = try String(contentsOf: folder.appendingPathComponent("review.csv"), encoding: .utf8)
        #expect(csv.hasPrefix(CSVWriter.reviewColumns.joined(separator: ",") + "\r\n"))
        #expect(csv.contains("\r\nchanged,TaskKit,Sources/TaskKit/TaskStore.swift,18,TaskStore,add(_:),public func add(_ task: TaskItem) throws -> Int,"))
        let json = try Data(contentsOf: folder.appendingPathComponent("review.json"))
        #expect(try InventoryCoding.decode(InventoryDiff.self, from: json, source: "review.json") == Fixtures.diff)
        let markdown = try String(contentsOf: folder.appendingPathComponent("review.markdown"), encoding: .utf8)
        #expect(markdown.hasPrefix("## DocSheet review: `v1.1.0` → `HEAD`"))
    }

    @Test func aTemplateWithoutReviewSheetsCannotLayOutAReview() throws {
        let url = try Fixtures.folder().appendingPathComponent("review.xlsx")
        let writer = DocumentWriter(template: try Template.resolve("design-doc"), context: Fixtures.context)
        #expect(throws: DesignDocumentError.self) { try writer.writeReview(Fixtures.diff, format: .xlsx, to: url) }
        do {
            try writer.writeReview(Fixtures.diff, format: .xlsx, to: url)
        } catch {
            #expect(error.description.contains("template 'design-doc' has no review sheet"))
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func markdownInventoryHasOneTablePerFileAndFlagsUndocumentedFunctions() {
        let markdown = MarkdownWriter.inventory(Fixtures.inventory, context: Fixtures.context)
        #expect(markdown.hasPrefix("# TaskBoard — function inventory\n\n7 functions · 4 types · 4 documented (57.1%)"))
        #expect(markdown.contains("## `Sources/TaskKit/TaskStore.swift` (TaskKit)"))
        #expect(markdown.contains("| [27](https://github.com/example/taskboard/blob/3f2a9c1d5e7b/Sources/TaskKit/TaskStore.swift#L27) | `TaskStore.save()` | internal | _undocumented_ |"))
        #expect(markdown.contains("| `TaskItem.==(_:_:)` | public | Compares two tasks by identifier. |"))
    }
}
