import Workbook

/// Moves a formula written for one cell to another cell the way Excel copies it: relative references (`B1`,
/// `B$1`, `$B1`, `A:A`, `1:1`) shift by the distance, absolute parts (`$B$1`) stay. Used to expand shared formulas
/// (`<f t="shared" si="0"/>`), which store the formula only in their first cell.
///
/// Text in double quotes, sheet names, structured references (`Table1[Col]`), function names and defined names
/// are copied unchanged; a reference shifted off the grid becomes `#REF!`, as in Excel.
enum FormulaShifter {
    /// `formula` (without `=`) moved `rows` down and `columns` right.
    static func shift(_ formula: String, rows: Int, columns: Int) -> String {
        guard rows != 0 || columns != 0 else { return formula }
        let characters = Array(formula)
        var output = ""
        var index = 0
        func isWordCharacter(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "_" || character == "." || character == "$" || character == "\\"
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\"", "'":
                // A string or a quoted sheet name: copy to the closing quote (a doubled quote is an escaped one).
                output.append(character)
                index += 1
                while index < characters.count {
                    output.append(characters[index])
                    if characters[index] == character {
                        if index + 1 < characters.count, characters[index + 1] == character {
                            output.append(characters[index + 1])
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    index += 1
                }
            case "[":
                // A structured reference or an external workbook index: copy to the matching bracket.
                var depth = 0
                while index < characters.count {
                    if characters[index] == "[" { depth += 1 } else if characters[index] == "]" { depth -= 1 }
                    output.append(characters[index])
                    index += 1
                    if depth == 0 { break }
                }
            case "#":
                // An error literal (#REF!, #N/A, #DIV/0!): copy it whole.
                output.append(character)
                index += 1
                while index < characters.count, characters[index].isLetter || characters[index] == "/" || characters[index] == "0" {
                    output.append(characters[index])
                    index += 1
                }
                if index < characters.count, characters[index] == "!" || characters[index] == "?" {
                    output.append(characters[index])
                    index += 1
                }
            default:
                guard isWordCharacter(character) else {
                    output.append(character)
                    index += 1
                    continue
                }
                let start = index
                while index < characters.count, isWordCharacter(characters[index]) { index += 1 }
                let word = String(characters[start..<index])
                let next: Character? = index < characters.count ? characters[index] : nil
                if next == "(" || next == "!" {
                    output += word
                } else if next == ":", let (second, end) = wordAfterColon(characters, index + 1, isWordCharacter),
                          let moved = shiftLineRange(word, second, rows: rows, columns: columns) {
                    output += moved
                    index = end
                } else if let moved = shiftCell(word, rows: rows, columns: columns) {
                    output += moved
                } else {
                    output += word
                }
            }
        }
        return output
    }

    /// The word starting at `start` and the index after it.
    private static func wordAfterColon(_ characters: [Character], _ start: Int,
                                       _ isWordCharacter: (Character) -> Bool) -> (String, Int)? {
        var end = start
        while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
        return end > start ? (String(characters[start..<end]), end) : nil
    }

    /// A cell reference (`B1`, `$B$1`) shifted, or `nil` when `word` is not one.
    private static func shiftCell(_ word: String, rows: Int, columns: Int) -> String? {
        guard let parts = parseCell(word) else { return nil }
        let column = parts.columnAbsolute ? parts.column : parts.column + columns
        let row = parts.rowAbsolute ? parts.row : parts.row + rows
        guard column >= 0, column < Worksheet.maximumColumns, row >= 0, row < Worksheet.maximumRows else { return "#REF!" }
        return (parts.columnAbsolute ? "$" : "") + CellReference.columnName(column) + (parts.rowAbsolute ? "$" : "") + String(row + 1)
    }

    /// A whole-column (`A:C`) or whole-row (`1:3`) range shifted, or `nil` when the words are not one (a cell
    /// range such as `A1:B2` is shifted cell by cell instead).
    private static func shiftLineRange(_ first: String, _ second: String, rows: Int, columns: Int) -> String? {
        if let a = parseLine(first, letters: true), let b = parseLine(second, letters: true) {
            let moved = [a, b].map { line -> Int in line.absolute ? line.value : line.value + columns }
            guard moved.allSatisfy({ $0 >= 0 && $0 < Worksheet.maximumColumns }) else { return "#REF!" }
            return zip([a, b], moved).map { ($0.absolute ? "$" : "") + CellReference.columnName($1) }.joined(separator: ":")
        }
        if let a = parseLine(first, letters: false), let b = parseLine(second, letters: false) {
            let moved = [a, b].map { line -> Int in line.absolute ? line.value : line.value + rows }
            guard moved.allSatisfy({ $0 >= 0 && $0 < Worksheet.maximumRows }) else { return "#REF!" }
            return zip([a, b], moved).map { ($0.absolute ? "$" : "") + String($1 + 1) }.joined(separator: ":")
        }
        if let a = shiftCell(first, rows: rows, columns: columns), let b = shiftCell(second, rows: rows, columns: columns) {
            return a == "#REF!" || b == "#REF!" ? "#REF!" : a + ":" + b
        }
        return nil
    }

    /// `$A` / `A` (letters) or `$1` / `1` (digits) → zero-based value and whether it is absolute.
    private static func parseLine(_ word: String, letters: Bool) -> (value: Int, absolute: Bool)? {
        let absolute = word.hasPrefix("$")
        let body = absolute ? word.dropFirst() : Substring(word)
        guard !body.isEmpty, body.count <= (letters ? 3 : 7) else { return nil }
        var value = 0
        for character in body {
            guard let ascii = character.asciiValue else { return nil }
            if letters {
                guard character.isLetter, (65...90).contains(ascii & ~0x20) else { return nil }
                value = value * 26 + Int((ascii & ~0x20) - 64)
            } else {
                guard (48...57).contains(ascii) else { return nil }
                value = value * 10 + Int(ascii - 48)
            }
        }
        guard value >= 1, value <= (letters ? Worksheet.maximumColumns : Worksheet.maximumRows) else { return nil }
        return (value - 1, absolute)
    }

    /// `$B$7` → column 1 (absolute), row 6 (absolute); `nil` when the word is not a cell reference inside the grid.
    private static func parseCell(_ word: String) -> (column: Int, columnAbsolute: Bool, row: Int, rowAbsolute: Bool)? {
        var rest = Substring(word)
        let columnAbsolute = rest.hasPrefix("$")
        if columnAbsolute { rest = rest.dropFirst() }
        let letters = rest.prefix { $0.isASCII && $0.isLetter }
        rest = rest.dropFirst(letters.count)
        let rowAbsolute = rest.hasPrefix("$")
        if rowAbsolute { rest = rest.dropFirst() }
        guard !letters.isEmpty, !rest.isEmpty, let column = parseLine(String(letters), letters: true),
              let row = parseLine(String(rest), letters: false) else { return nil }
        return (column.value, columnAbsolute, row.value, rowAbsolute)
    }
}
