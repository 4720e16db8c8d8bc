import SpreadsheetModel

/// One area of a defined name or `sqref`: a block of cells, whole rows or whole columns.
enum AreaReference: Equatable {
    /// A block of cells.
    case cells(CellRange)
    /// Whole rows (zero-based, inclusive), e.g. `$4:$5`.
    case rows(ClosedRange<Int>)
    /// Whole columns (zero-based, inclusive), e.g. `$A:$B`.
    case columns(ClosedRange<Int>)

    /// The area as a cell range (whole rows span every column, whole columns every row).
    var range: CellRange {
        switch self {
        case .cells(let range): return range
        case .rows(let rows):
            return CellRange(firstRow: rows.lowerBound, firstColumn: 0, lastRow: rows.upperBound, lastColumn: SheetGrid.maximumColumns - 1)
        case .columns(let columns):
            return CellRange(firstRow: 0, firstColumn: columns.lowerBound, lastRow: SheetGrid.maximumRows - 1, lastColumn: columns.upperBound)
        }
    }
}

/// Parsing of A1-style references as SpreadsheetML stores them, without traps on huge numbers.
enum ReferenceText {
    /// What a reference's text turned out to be.
    enum Parsed<Value> {
        /// A reference inside Excel's grid.
        case valid(Value)
        /// Well-formed, but past row 1,048,576 or column XFD.
        case outsideGrid
        /// Not a reference.
        case malformed
    }

    /// Splits `B7` / `$B$7` into letters and digits: the zero-based column and row, each `Int.max` when too large
    /// to count; `nil` when the text is not letters followed by digits.
    private static func components(_ text: Substring) -> (column: Int?, row: Int?)? {
        var column = 0, row = 0
        var letters = 0, digits = 0
        var index = text.startIndex
        if index < text.endIndex, text[index] == "$" { index = text.index(after: index) }
        while index < text.endIndex, let ascii = text[index].asciiValue, (65...90).contains(ascii & ~0x20), text[index].isLetter {
            column = column > 100_000 ? column : column * 26 + Int((ascii & ~0x20) - 64)
            letters += 1
            index = text.index(after: index)
        }
        if index < text.endIndex, text[index] == "$" { index = text.index(after: index) }
        while index < text.endIndex, let ascii = text[index].asciiValue, (48...57).contains(ascii) {
            row = row > 100_000_000 ? row : row * 10 + Int(ascii - 48)
            digits += 1
            index = text.index(after: index)
        }
        guard index == text.endIndex, letters + digits > 0 else { return nil }
        return (letters > 0 ? column - 1 : nil, digits > 0 ? row - 1 : nil)
    }

    /// A single cell such as `B7` or `$B$7`.
    static func cell(_ text: Substring) -> Parsed<CellReference> {
        guard let (column, row) = components(text), let column, let row, row >= 0 else { return .malformed }
        guard row < SheetGrid.maximumRows, column < SheetGrid.maximumColumns else { return .outsideGrid }
        return .valid(CellReference(row: row, column: column))
    }

    /// A cell, a block (`A1:C3`), whole rows (`$4:$5`) or whole columns (`$A:$B`), without a sheet name.
    static func area(_ text: Substring) -> Parsed<AreaReference> {
        let ends = text.split(separator: ":", omittingEmptySubsequences: false)
        guard ends.count == 1 || ends.count == 2, let first = components(ends[0]), let last = components(ends[ends.count - 1]) else {
            return .malformed
        }
        switch (first, last) {
        case let ((firstColumn?, firstRow?), (lastColumn?, lastRow?)):
            guard firstRow >= 0, lastRow >= 0 else { return .malformed }
            guard max(firstRow, lastRow) < SheetGrid.maximumRows, max(firstColumn, lastColumn) < SheetGrid.maximumColumns else {
                return .outsideGrid
            }
            return .valid(.cells(CellRange(firstRow: firstRow, firstColumn: firstColumn, lastRow: lastRow, lastColumn: lastColumn)))
        case let ((nil, firstRow?), (nil, lastRow?)) where ends.count == 2:
            guard firstRow >= 0, lastRow >= 0 else { return .malformed }
            guard max(firstRow, lastRow) < SheetGrid.maximumRows else { return .outsideGrid }
            return .valid(.rows(min(firstRow, lastRow)...max(firstRow, lastRow)))
        case let ((firstColumn?, nil), (lastColumn?, nil)) where ends.count == 2:
            guard max(firstColumn, lastColumn) < SheetGrid.maximumColumns else { return .outsideGrid }
            return .valid(.columns(min(firstColumn, lastColumn)...max(firstColumn, lastColumn)))
        default:
            return .malformed
        }
    }

    /// The areas of a defined name's formula (`'Sheet 1'!$4:$5,'Sheet 1'!$A:$B`), each with its sheet name
    /// (unquoted) when it has one; `nil` when a piece is not an area reference (a constant, a function, …).
    static func areas(inFormula formula: String) -> [(sheet: String?, area: AreaReference)]? {
        var result: [(String?, AreaReference)] = []
        for piece in splitTopLevel(formula, separator: ",") {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            var sheet: String?
            var areaText = Substring(trimmed)
            if let bang = lastUnquoted("!", in: trimmed) {
                sheet = unquoteSheetName(String(trimmed[..<bang]))
                areaText = trimmed[trimmed.index(after: bang)...]
            }
            guard case .valid(let area) = area(areaText) else { return nil }
            result.append((sheet, area))
        }
        return result.isEmpty ? nil : result
    }

    /// `'It''s'` → `It's`; an unquoted name is returned as is.
    static func unquoteSheetName(_ text: String) -> String {
        guard text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") else { return text }
        return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
    }

    /// Splits at `separator` outside single-quoted sheet names, double-quoted strings, brackets and parentheses.
    static func splitTopLevel(_ text: String, separator: Character) -> [String] {
        var pieces: [String] = []
        var current = ""
        var quote: Character?
        var depth = 0
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                current.append(character)
                continue
            }
            switch character {
            case "'", "\"": quote = character
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case separator where depth == 0:
                pieces.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        pieces.append(current)
        return pieces
    }

    /// The position of the last `character` outside single quotes.
    private static func lastUnquoted(_ character: Character, in text: String) -> String.Index? {
        var inQuote = false
        var found: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let current = text[index]
            if current == "'" { inQuote.toggle() } else if current == character && !inQuote { found = index }
            index = text.index(after: index)
        }
        return found
    }
}
