import Foundation
import Testing
import Inventory
import SpreadsheetModel
import SwiftExtraction
import TestSupport
@testable import DesignDocument

/// A function block of a printed client form never splits across a page break: manual breaks go before a block that
/// would cross one.
@Suite struct FormPageBreakTests {
    @Test func aBlockThatWouldCrossThePageBottomStartsTheNextPage() {
        // Rows of 10 points, pages of 35: rows 0–1, then the block 2–4 does not fit (50 > 35) and starts page 2; the
        // block 5–7 starts page 3; row 8 no longer fits under it.
        let breaks = PageBreaks.rows(0...9, height: { _ in 10 }, pageHeight: 35, repeatedHeight: 0, blocks: [2...4, 5...7])
        #expect(breaks == [2, 5, 8])
        // Rows repeated at the top of every later page take their height from it (25 points left).
        #expect(PageBreaks.rows(0...9, height: { _ in 10 }, pageHeight: 35, repeatedHeight: 10, blocks: [2...3]) == [2, 4, 6, 8])
        // A block taller than a page is not moved: it is cut where its rows overflow.
        #expect(PageBreaks.rows(0...5, height: { _ in 10 }, pageHeight: 25, repeatedHeight: 0, blocks: [1...4]) == [2, 4])
    }

    @Test func thePageHeightFollowsPaperMarginsAndTheFitToWidth() throws {
        var setup = PageSetup()
        setup.paperCode = 9
        setup.fitToPages = PageSetup.FitToPages(width: 1, height: 0)
        // A4 portrait less 0.5-inch side margins is 523.44 points wide: 1000 points of columns print at 52 %.
        let height = try #require(PageBreaks.pageHeight(setup, areaWidth: 1000))
        #expect(abs(height - (11.69 - 1.5) * 72 / 0.52 * PageBreaks.fill) < 0.01)
        // Narrow columns are not enlarged; landscape swaps the sides.
        setup.landscape = true
        #expect(abs(try #require(PageBreaks.pageHeight(setup, areaWidth: 100)) - (8.27 - 1.5) * 72 * PageBreaks.fill) < 0.01)
        // Fitted to one page tall, or on the printer's default paper: Excel decides, no breaks.
        setup.fitToPages = PageSetup.FitToPages(width: 1, height: 1)
        #expect(PageBreaks.pageHeight(setup, areaWidth: 100) == nil)
        #expect(PageBreaks.pageHeight(PageSetup(), areaWidth: 100) == nil)
    }

    /// A sheet whose three-row function block is 630 points tall for add(_:at:) (two parameter rows) and 615 for
    /// removeAll(): on A4 (719 points a page) they cannot share a page.
    static func tallBlocks(paperCode: Int?) -> SheetDocument {
        var setup = PageSetup()
        setup.paperCode = paperCode
        setup.fitToPages = PageSetup.FitToPages(width: 1, height: 0)
        return SheetDocument(
            name: "Methods",
            cells: [FormBlockTests.text("A1", "Methods"), FormBlockTests.text("A2", "{{function.name}}"),
                    FormBlockTests.text("A3", "{{function.summary}}"), FormBlockTests.text("A4", "{{parameter.name}}")],
            rows: [1: RowFormat(height: 300), 2: RowFormat(height: 300)],
            merges: [CellRange("B2:B4")!],
            pageSetup: setup)
    }

    func rowBreaks(_ sheet: SheetDocument) throws -> [Int] {
        let template = try FormTemplateLoader.template(from: SpreadsheetDocument(sheets: [sheet]), path: "client.xlsx")
        let url = try Fixtures.folder().appendingPathComponent("form-page-breaks.xlsx")
        _ = try WorkbookRenderer(template: template, context: Fixtures.context, inventory: FormBlockTests.inventory, diff: nil).render(to: url)
        let book = try XLSXReader(url: url)
        let xml = try #require(book.text(ofPart: try book.sheet("Methods").part))
        let breaks = try Regex(#"<brk id="(\d+)"[^>]*man="1""#)
        return xml.matches(of: breaks).compactMap { Int($0.output[1].substring ?? "") }
    }

    @Test func aPrintedFormBreaksBeforeTheBlockThatWouldBeCut() throws {
        // Row 1 and add(_:at:)'s rows 2–5 fill 645 points; removeAll() starts page 2 at row 6 (zero-based 5).
        #expect(try rowBreaks(Self.tallBlocks(paperCode: 9)) == [5])
        // Without a paper size the printer decides: no manual breaks.
        #expect(try rowBreaks(Self.tallBlocks(paperCode: nil)) == [])
    }
}

/// A block written for more functions than ``FormSheetLowering/streamedBlockRows`` rows is made in batches while it is
/// written: the same rows, merges, references and page breaks as a block planned in full.
@Suite struct FormLongBlockTests {
    static let functionCount = 1_100

    /// 1,100 documented functions `f0`…`f1099` in one file.
    static let inventory: Inventory = {
        let source = (0..<functionCount).map { "/// Does thing \($0).\npublic func f\($0)(value: Int) {}\n" }.joined()
        let result = SwiftExtractor().extract(sources: [SourceText(relativePath: "App/Things.swift", module: "App", text: source)], cache: nil)
        return Inventory(project: ProjectInfo(name: "Things", root: "."), types: result.types, functions: result.functions,
                         properties: result.properties)
    }()

    @Test func aLongBlockIsWrittenInBatchesWithItsMergesReferencesAndPageBreaks() throws {
        var setup = PageSetup()
        setup.paperCode = 9
        setup.fitToPages = PageSetup.FitToPages(width: 1, height: 0)
        let sheet = SheetDocument(
            name: "Methods",
            cells: [FormBlockTests.text("A1", "No."), FormBlockTests.text("A2", "{{function.number}}"),
                    FormBlockTests.text("B2", "{{function.name}}"), FormBlockTests.text("B3", "{{function.summary}}"),
                    SheetCell(reference: CellReference("B4")!, value: .formula("COUNTA(B2:B3)", cached: "2"))],
            rows: [2: RowFormat(height: 30)],
            merges: [CellRange("A2:A3")!],
            pageSetup: setup)
        let rows = 2 * Self.functionCount
        #expect(rows >= FormSheetLowering.streamedBlockRows)
        let template = try FormTemplateLoader.template(from: SpreadsheetDocument(sheets: [sheet]), path: "client.xlsx")
        let url = try Fixtures.folder().appendingPathComponent("form-long-block.xlsx")
        _ = try WorkbookRenderer(template: template, context: Fixtures.context, inventory: Self.inventory, diff: nil).render(to: url)
        let book = try XLSXReader(url: url)
        let written = try book.sheet("Methods")
        let names = (0..<Self.functionCount).compactMap { written["B\(2 + 2 * $0)"] }
        #expect(names.count == Self.functionCount && Set(names) == Set((0..<Self.functionCount).map { "f\($0)(value:)" }))
        let first = String(names.first?.dropFirst().prefix { $0.isNumber } ?? "")
        #expect(written["B3"] == "Does thing \(first)." && written["A\(rows)"] == "\(Self.functionCount)")
        #expect(written.mergedRanges.filter { $0.hasPrefix("A") }.count == Self.functionCount && written.mergedRanges.contains("A\(rows):A\(rows + 1)"))
        #expect(written.rowHeights[3] == 30 && written.rowHeights[rows + 1] == 30)
        #expect(written.formulas["B\(rows + 2)"] == "COUNTA(B2:B\(rows + 1))")
        // Pages break only where a block starts (zero-based rows 1, 3, 5, …), taking the 30-point rows into account.
        let xml = try #require(book.text(ofPart: written.part))
        let breaks = xml.matches(of: try Regex(#"<brk id="(\d+)""#)).compactMap { Int($0.output[1].substring ?? "") }
        #expect(!breaks.isEmpty && breaks.allSatisfy { $0 % 2 == 1 })
        // A4 less the margins at 100 % holds 719 points: 15 + 30 a block, 15 points of the first row: 15 blocks a page.
        #expect(breaks.first == 1 + 2 * 15)
    }
}
