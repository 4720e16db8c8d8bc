import Foundation
import Inventory
import Testing
import TestSupport
@testable import DesignDocument

/// Sheets long enough that their rows are prepared on all cores, in batches (`TableRowPlanner.plan`, written by `WorkbookWriter`), each batch while
/// the one before it is written: every row must still get its own cells and height, in order, across chunk and batch
/// borders and around group bands.
@Suite struct LargeSheetTests {
    @Test func everyRowOfALongGroupedSheetHasItsOwnCellsAndHeight() throws {
        let count = 9_001  // more than two batches of 4,096 rows, chunks of 256 inside each
        let functions = (0..<count).map { index -> FunctionRecord in
            var record = Fixtures.functions[index % Fixtures.functions.count]
            record.module = "M\(index / 3_000)"
            record.file = "Sources/M\(index / 3_000)/F\(index / 700 + 10).swift"  // F10…F22: sorted as numbered
            record.line = index + 1
            record.name = "f\(index)()"
            // Every seventh summary needs three lines in a 20-wide column; the others fit on one.
            let summary = index % 7 == 0 ? "A long summary of function \(index) that wraps onto several lines" : "Short \(index)."
            record.doc = DocComment(raw: "/// \(summary)", summary: summary)
            return record
        }
        let inventory = Inventory(project: Fixtures.inventory.project, types: [], functions: functions)
        let template = try TemplateLoader.load(yaml: """
            name: long
            sheets:
              - kind: functions
                name: Functions
                group: module
                columns: [{header: Name, field: name}, {header: Line, field: line}, {header: Summary, field: summary, width: 20, wrap: true}]
            """, path: "long.yml", baseFolder: nil)
        let url = try Fixtures.folder().appendingPathComponent("long.xlsx")
        try WorkbookRenderer(template: template, context: Fixtures.context, inventory: inventory, diff: nil).render(to: url)
        let sheet = try XLSXReader(url: url).sheet("Functions")
        var next = 0
        for row in 2...sheet.lastRow {
            guard let name = sheet["A\(row)"], name.hasPrefix("f") else {
                #expect(sheet["A\(row)"]?.hasPrefix("M") == true, "row \(row) is neither a function nor a module band")
                continue
            }
            #expect(name == "f\(next)()", "row \(row)")
            #expect(sheet["B\(row)"] == String(next + 1), "row \(row)")
            #expect(sheet["C\(row)"] == functions[next].doc?.summary, "row \(row)")
            #expect(((sheet.rowHeights[row] ?? 15) > 15) == (next % 7 == 0), "row \(row): height \(sheet.rowHeights[row] ?? 15)")
            next += 1
        }
        #expect(next == count)
    }

    /// A sheet planned later makes its short tables with it, on the planning thread; long ones stay batched.
    @Test func shortBatchesAreMadeWithTheirSheetAndLongOnesStayBatched() {
        var sheet = PlannedWorksheet(name: "Type")
        let rows: @Sendable (Range<Int>) -> [PlannedRow] = { range in
            range.map { PlannedRow(row: 10 + $0, cells: [PlannedCell(column: 0, content: .number(Double($0)), style: 0)]) }
        }
        sheet.rows = [.batches(count: 3, make: rows), .batches(count: 0, make: rows), .batches(count: 257, make: rows)]
        let made = sheet.makingShortBatches(upTo: 256)
        #expect(made.rows.count == 3)
        guard case .rows(let short) = made.rows[0], case .rows(let empty) = made.rows[1],
              case .batches(let count, let make) = made.rows[2] else {
            Issue.record("expected two made segments and one batched: \(made.rows)")
            return
        }
        #expect(short.map(\.row) == [10, 11, 12])
        #expect(short.map { $0.cells.first?.column } == [0, 0, 0])
        #expect(empty.isEmpty)
        #expect(count == 257)
        #expect(make(255..<257).map(\.row) == [265, 266])
    }
}
