/// A zero-based cell position, convertible to and from Excel's `A1` notation.
public struct CellReference: Hashable, Sendable, CustomStringConvertible {
    /// The zero-based row (row 1 in Excel is 0).
    public var row: Int
    /// The zero-based column (column A is 0).
    public var column: Int

    /// Creates a reference to a zero-based row and column.
    ///
    /// - Parameters:
    ///   - row: The zero-based row (row 1 in Excel is 0).
    ///   - column: The zero-based column (column A is 0).
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// Parses `A1`-style text (`$` signs allowed); `nil` when it is not a cell reference.
    ///
    /// - Parameter text: A reference such as `B7`, `$B$7` or `xfd1048576` (letters are case-insensitive; at most column
    ///   XFD).
    public init?(_ text: String) {
        var letters = 0
        var digits = ""
        var sawDigit = false
        for character in text.uppercased() where character != "$" {
            if let ascii = character.asciiValue, (65...90).contains(ascii), !sawDigit {
                letters = letters * 26 + Int(ascii - 64)
                if letters > 16_384 { return nil }
            } else if character.isASCII, character.isNumber {
                sawDigit = true
                digits.append(character)
            } else {
                return nil
            }
        }
        guard letters > 0, let number = Int(digits), number >= 1, number <= 1_048_576 else { return nil }
        self.init(row: number - 1, column: letters - 1)
    }

    /// The column letters for a zero-based column (`0` → `A`, `27` → `AB`).
    ///
    /// - Parameter column: The zero-based column index.
    /// - Returns: The column's letters, `A` to `Z`, then `AA`, `AB`, ….
    public static func columnName(_ column: Int) -> String {
        var name = ""
        var value = column + 1
        while value > 0 {
            let remainder = (value - 1) % 26
            name = String(UnicodeScalar(UInt8(65 + remainder))) + name
            value = (value - 1) / 26
        }
        return name
    }

    /// The reference in `A1` notation.
    public var description: String { "\(CellReference.columnName(column))\(row + 1)" }

    /// The reference in absolute notation (`$A$1`), as charts and formulas across sheets want it.
    public var absolute: String { "$\(CellReference.columnName(column))$\(row + 1)" }
}

/// A rectangular block of cells, from its top-left to its bottom-right cell.
public struct CellRange: Hashable, Sendable, CustomStringConvertible {
    /// The top-left cell.
    public var first: CellReference
    /// The bottom-right cell.
    public var last: CellReference

    /// Creates a range from two corners (in any order).
    ///
    /// - Parameters:
    ///   - a: One corner of the range.
    ///   - b: The opposite corner of the range.
    public init(_ a: CellReference, _ b: CellReference) {
        first = CellReference(row: min(a.row, b.row), column: min(a.column, b.column))
        last = CellReference(row: max(a.row, b.row), column: max(a.column, b.column))
    }

    /// Creates a range from zero-based bounds.
    ///
    /// - Parameters:
    ///   - firstRow: The zero-based top row.
    ///   - firstColumn: The zero-based left column.
    ///   - lastRow: The zero-based bottom row (inclusive).
    ///   - lastColumn: The zero-based right column (inclusive).
    public init(firstRow: Int, firstColumn: Int, lastRow: Int, lastColumn: Int) {
        self.init(CellReference(row: firstRow, column: firstColumn), CellReference(row: lastRow, column: lastColumn))
    }

    /// Parses `A1:C3` (or a single cell `B2`); `nil` when it is not a range.
    ///
    /// - Parameter text: A range such as `A1:C3` or a single cell such as `B2`; `$` signs are allowed.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2,
              let a = CellReference(String(parts[0])), let b = CellReference(String(parts[parts.count - 1]))
        else { return nil }
        self.init(a, b)
    }

    /// The range in `A1:C3` notation.
    public var description: String { first == last ? first.description : "\(first):\(last)" }

    /// The range in absolute notation (`$A$1:$C$3`).
    public var absolute: String { "\(first.absolute):\(last.absolute)" }

    /// The number of rows the range spans.
    public var rowCount: Int { last.row - first.row + 1 }
}
