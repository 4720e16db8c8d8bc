import Foundation
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
        if let block = block(containing: row) { return firstRow(of: block) }
        return row + offset(before: row)
    }

    /// The output row that ends a range ending at template row `row`: the last written row of the block holding it.
    func end(_ row: Int) -> Int {
        if let block = block(containing: row) { return firstRow(of: block) + block.written - 1 }
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
        let characters = Array(formula.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
            CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "." || scalar == "\\"
        }
        while index < characters.count {
            let scalar = characters[index]
            // String literals are copied as they are.
            if scalar == "\"" {
                output.append(scalar)
                index += 1
                while index < characters.count {
                    output.append(characters[index])
                    if characters[index] == "\"" {
                        if index + 1 < characters.count, characters[index + 1] == "\"" {
                            output.append(characters[index + 1])
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    index += 1
                }
                continue
            }
            // A reference starts where a name cannot continue.
            let previous = index > 0 ? characters[index - 1] : nil
            if previous.map(isNameCharacter) == true || previous == "$" && index > 1 && isNameCharacter(characters[index - 2]) {
                output.append(scalar)
                index += 1
                continue
            }
            if let (reference, length) = parseReference(characters, at: index) {
                let target = reference.sheet ?? sheet
                let written = rewrite(reference, expansion: expansions[target], newSheetName: reference.sheet.flatMap { renamed[$0] })
                output.append(contentsOf: written.unicodeScalars)
                index += length
                continue
            }
            output.append(scalar)
            index += 1
        }
        return String(output)
    }

    /// A parsed reference: `[Sheet!]A1`, `A1:B2`, `$3:$5` (rows) or `A:C` (columns).
    struct Reference {
        var sheet: String?
        var sheetText: String
        var start: Part
        var end: Part?
    }

    /// One end of a reference.
    struct Part {
        var column: String?
        var absoluteColumn: Bool
        var row: Int?
        var absoluteRow: Bool

        var text: String {
            var text = ""
            if let column { text += (absoluteColumn ? "$" : "") + column }
            if let row { text += (absoluteRow ? "$" : "") + String(row) }
            return text
        }
    }

    private static func parseReference(_ characters: [Unicode.Scalar], at start: Int) -> (Reference, Int)? {
        var index = start
        var sheet: String?
        var sheetText = ""
        // A sheet prefix: 'Quoted name'! or Name!
        if characters[index] == "'" {
            var name = ""
            var cursor = index + 1
            var closed = false
            while cursor < characters.count {
                if characters[cursor] == "'" {
                    if cursor + 1 < characters.count, characters[cursor + 1] == "'" {
                        name.unicodeScalars.append("'")
                        cursor += 2
                        continue
                    }
                    closed = true
                    cursor += 1
                    break
                }
                name.unicodeScalars.append(characters[cursor])
                cursor += 1
            }
            guard closed, cursor < characters.count, characters[cursor] == "!" else { return nil }
            sheet = name
            sheetText = String(String.UnicodeScalarView(characters[index...cursor]))
            index = cursor + 1
        } else {
            var cursor = index
            while cursor < characters.count,
                  CharacterSet.alphanumerics.contains(characters[cursor]) || characters[cursor] == "_" || characters[cursor] == "." {
                cursor += 1
            }
            if cursor > index, cursor < characters.count, characters[cursor] == "!" {
                sheet = String(String.UnicodeScalarView(characters[index..<cursor]))
                sheetText = sheet! + "!"
                index = cursor + 1
            }
        }
        guard let (first, firstLength) = parsePart(characters, at: index) else { return nil }
        index += firstLength
        var second: Part?
        if index < characters.count, characters[index] == ":", let (part, length) = parsePart(characters, at: index + 1) {
            second = part
            index += 1 + length
        }
        // Whole rows or columns need both ends (`3:5`, `A:C`); a cell needs a column and a row.
        if second == nil, first.column == nil || first.row == nil { return nil }
        if let second, (first.column == nil) != (second.column == nil) || (first.row == nil) != (second.row == nil) { return nil }
        // Not a reference when a name or a call continues (`LOG10(`, `A1B`).
        if index < characters.count {
            let next = characters[index]
            if CharacterSet.alphanumerics.contains(next) || next == "_" || next == "(" || next == "." { return nil }
        }
        return (Reference(sheet: sheet, sheetText: sheetText, start: first, end: second), index - start)
    }

    private static func parsePart(_ characters: [Unicode.Scalar], at start: Int) -> (Part, Int)? {
        var index = start
        var part = Part(column: nil, absoluteColumn: false, row: nil, absoluteRow: false)
        var dollar = false
        if index < characters.count, characters[index] == "$" { dollar = true; index += 1 }
        var letters = ""
        while index < characters.count, letters.count < 3, ("A"..."Z").contains(characters[index]) || ("a"..."z").contains(characters[index]) {
            letters.unicodeScalars.append(characters[index])
            index += 1
        }
        if !letters.isEmpty {
            part.column = letters
            part.absoluteColumn = dollar
            dollar = false
            if index < characters.count, characters[index] == "$" { dollar = true; index += 1 }
        }
        var digits = ""
        while index < characters.count, digits.count < 8, ("0"..."9").contains(characters[index]) {
            digits.unicodeScalars.append(characters[index])
            index += 1
        }
        if !digits.isEmpty {
            guard let row = Int(digits), row >= 1 else { return nil }
            part.row = row
            part.absoluteRow = dollar
        } else if dollar {
            return nil
        }
        guard part.column != nil || part.row != nil else { return nil }
        return (part, index - start)
    }

    private static func rewrite(_ reference: Reference, expansion: RowExpansion?, newSheetName: String?) -> String {
        var start = reference.start
        var end = reference.end
        if let expansion {
            if let row = start.row { start.row = expansion.start(row - 1) + 1 }
            if var last = end, let row = last.row {
                last.row = expansion.end(row - 1) + 1
                end = last
            }
        }
        var sheetText = reference.sheetText
        if let newSheetName { sheetText = "'" + newSheetName.replacingOccurrences(of: "'", with: "''") + "'!" }
        return sheetText + start.text + (end.map { ":" + $0.text } ?? "")
    }
}
