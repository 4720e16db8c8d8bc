import Foundation
import SpreadsheetModel
import SpreadsheetReader
import Workbook

/// Where the rows of a client's sheet land once its row templates are written: Excel's "insert rows" semantics.
///
/// A row template (a block of one or more template rows, e.g. a group row above a function row) becomes as many rows
/// as it has items. Rows below it move down by the difference; a range that starts or ends inside the block is
/// stretched over every written row (a `SUM(E5:E5)` under a one-row table becomes `SUM(E5:E44)`, a drop-down on the
/// template row covers each written row). A block with nothing to write keeps its rows, emptied, so the formulas
/// and validations that refer to it stay valid.
struct RowExpansion: Sendable {
    /// One block of template rows and the number of rows written for it.
    struct Block: Sendable {
        /// The first template row (zero-based, in the template).
        var first: Int
        /// The last template row.
        var last: Int
        /// Rows written in its place (at least the block's own height: an empty table keeps its rows).
        var written: Int
        /// For a block of several template rows written per item (a function block): the written rows each template
        /// row spans, from its first copy to its last, as offsets from the block's first written row. A reference
        /// to such a row starts at its first copy and ends at its last; rows not listed use the whole block.
        var rowSpans: [Int: ClosedRange<Int>] = [:]

        var height: Int { last - first + 1 }
    }

    /// The blocks, top to bottom, not overlapping.
    private(set) var blocks: [Block]

    /// No row templates: every row stays where it is.
    static let identity = RowExpansion(blocks: [])

    /// Creates the expansion for `blocks` (sorted here).
    ///
    /// - Parameter blocks: The row templates and how many rows each writes.
    init(blocks: [Block]) {
        self.blocks = blocks.sorted { $0.first < $1.first }.map { block in
            var block = block
            block.written = max(block.written, block.height)
            return block
        }
    }

    /// Rows added above template row `row` by the blocks that end above it.
    private func offset(before row: Int) -> Int {
        blocks.reduce(0) { total, block in block.last < row ? total + block.written - block.height : total }
    }

    /// The block holding template row `row`, if any.
    func block(containing row: Int) -> Block? {
        blocks.first { $0.first <= row && row <= $0.last }
    }

    /// The first output row of `block`.
    func firstRow(of block: Block) -> Int { block.first + offset(before: block.first) }

    /// The output row of a template row outside every block (or the first written row of the block holding it).
    func start(_ row: Int) -> Int {
        if let block = block(containing: row) { return firstRow(of: block) + (block.rowSpans[row]?.lowerBound ?? 0) }
        return row + offset(before: row)
    }

    /// The output row that ends a range ending at template row `row`: the last written row of the block holding it.
    func end(_ row: Int) -> Int {
        if let block = block(containing: row) { return firstRow(of: block) + (block.rowSpans[row]?.upperBound ?? block.written - 1) }
        return row + offset(before: row)
    }

    /// `range` after the expansion: rows moved, and stretched over the written rows of the blocks it touches.
    func map(_ range: CellRange) -> CellRange {
        CellRange(firstRow: start(range.first.row), firstColumn: range.first.column,
                  lastRow: min(end(range.last.row), Worksheet.maximumRows - 1), lastColumn: range.last.column)
    }

    /// A cell reference after the expansion (a cell inside a block: the first written row).
    func map(_ cell: CellReference) -> CellReference {
        CellReference(row: start(cell.row), column: cell.column)
    }
}

/// Moves the references of a formula as Excel does when rows are inserted: each reference to a sheet whose rows
/// moved is rewritten with that sheet's ``RowExpansion``.
enum FormulaReferences {
    /// `formula` with its row references moved.
    ///
    /// - Parameters:
    ///   - formula: The formula as stored (without `=`).
    ///   - sheet: The sheet the formula is on (unqualified references belong to it).
    ///   - expansions: The expansion of each sheet, by the sheet's name in the template.
    ///   - renamed: New names of sheets whose name changed (sheet templates), by their template name.
    /// - Returns: The adjusted formula.
    static func adjust(_ formula: String, on sheet: String, expansions: [String: RowExpansion],
                       renamed: [String: String] = [:]) -> String {
        FormulaReferenceScanner.rewrite(formula) { reference in
            let newName = reference.sheet.flatMap { renamed[$0] }
            guard let expansion = expansions[reference.sheet ?? sheet] else {
                return newName.map { FormulaReference.prefix(naming: $0) + reference.areaText }
            }
            var moved = reference
            if let row = reference.start.row { moved.start.row = expansion.start(row) }
            if let end = reference.end, let row = end.row { moved.end?.row = expansion.end(row) }
            return (newName.map(FormulaReference.prefix(naming:)) ?? reference.sheetPrefix) + moved.areaText
        }
    }
}
