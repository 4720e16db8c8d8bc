import SpreadsheetModel

/// A reference found in a formula: a cell (`B7`), a block (`A1:C3`), whole rows (`$4:$5`) or whole columns (`A:C`),
/// maybe on another sheet (`Data!B2`, `'My sheet'!B2`).
public struct FormulaReference: Sendable {
    /// One end of a reference: a column, a row, or both, each absolute (`$`) or relative. Zero-based.
    public struct Endpoint: Sendable {
        /// The column, or `nil` for a whole-row reference.
        public var column: Int?
        /// The column is written with `$`.
        public var columnAbsolute: Bool
        /// The row, or `nil` for a whole-column reference.
        public var row: Int?
        /// The row is written with `$`.
        public var rowAbsolute: Bool

        /// The endpoint as Excel writes it, e.g. `$B7`, `C`, `$12`.
        public var text: String {
            var text = ""
            if let column { text += (columnAbsolute ? "$" : "") + CellReference.columnName(column) }
            if let row { text += (rowAbsolute ? "$" : "") + String(row + 1) }
            return text
        }
    }

    /// The sheet it names, unquoted, or `nil` for the formula's own sheet.
    public var sheet: String?
    /// The sheet prefix exactly as written, `!` included (empty without one).
    public var sheetPrefix: String
    /// The first end (the only one for a single cell).
    public var start: Endpoint
    /// The second end of a range, or `nil` for a single cell.
    public var end: Endpoint?

    /// The reference after `sheetPrefix`, as Excel writes it: `B7`, `A1:C3`, `$4:$5`.
    public var areaText: String { start.text + (end.map { ":" + $0.text } ?? "") }

    /// The prefix that names `sheet`, always quoted (Excel accepts quotes around any name), e.g. `'My sheet'!`.
    ///
    /// - Parameter sheet: The sheet's name, unquoted.
    /// - Returns: The name in single quotes (a quote inside doubled), followed by `!`.
    public static func prefix(naming sheet: String) -> String {
        "'" + sheet.replacingOccurrences(of: "'", with: "''") + "'!"
    }
}

/// Finds the references in a formula and replaces them, copying everything else as it is: text in double quotes,
/// structured references (`Table1[Col]`), external workbook indexes, error literals, function names and defined
/// names. Both moving a shared formula to another cell and moving rows under a filled table are such rewrites.
public enum FormulaReferenceScanner {
    /// `formula` (without `=`) with each reference replaced by what `transform` returns for it (`nil` keeps it).
    ///
    /// - Parameters:
    ///   - formula: The formula as stored.
    ///   - transform: Given a reference, its replacement text (sheet prefix included), or `nil` to keep it.
    /// - Returns: The rewritten formula.
    public static func rewrite(_ formula: String, _ transform: (FormulaReference) -> String?) -> String {
        let characters = Array(formula)
        var output = ""
        var index = 0
        func isWordCharacter(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "_" || character == "." || character == "$" || character == "\\"
        }
        /// The word starting at `start` and the index after it (empty when none starts there).
        func word(at start: Int) -> (String, Int) {
            var end = start
            while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
            return (String(characters[start..<end]), end)
        }
        /// Reads the reference (one word, or two around `:`) starting at `start`; writes its replacement and returns
        /// the index after it, or `nil` when no reference starts there.
        func reference(at start: Int, sheet: String?, prefix: String) -> Int? {
            let (first, afterFirst) = word(at: start)
            guard !first.isEmpty else { return nil }
            if afterFirst < characters.count, characters[afterFirst] == "(" { return nil }
            if afterFirst < characters.count, characters[afterFirst] == ":" {
                let (second, afterSecond) = word(at: afterFirst + 1)
                if let range = range(first, second) {
                    let found = FormulaReference(sheet: sheet, sheetPrefix: prefix, start: range.0, end: range.1)
                    output += transform(found) ?? prefix + first + ":" + second
                    return afterSecond
                }
            }
            guard let cell = cell(first) else { return nil }
            let found = FormulaReference(sheet: sheet, sheetPrefix: prefix, start: cell, end: nil)
            output += transform(found) ?? prefix + first
            return afterFirst
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\"", "'":
                // A string or a quoted sheet name: copy to the closing quote (a doubled quote is an escaped one).
                let start = index
                var name = ""
                index += 1
                while index < characters.count {
                    if characters[index] == character {
                        if index + 1 < characters.count, characters[index + 1] == character {
                            name.append(character)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    name.append(characters[index])
                    index += 1
                }
                let quoted = String(characters[start..<index])
                if character == "'", index < characters.count, characters[index] == "!",
                   let after = reference(at: index + 1, sheet: name, prefix: quoted + "!") {
                    index = after
                } else {
                    output += quoted
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
                let (name, afterName) = word(at: index)
                if afterName < characters.count, characters[afterName] == "!" {
                    // A sheet name: the reference after it belongs to that sheet.
                    if let after = reference(at: afterName + 1, sheet: name, prefix: name + "!") {
                        index = after
                    } else {
                        output += name + "!"
                        index = afterName + 1
                    }
                } else if let after = reference(at: index, sheet: nil, prefix: "") {
                    index = after
                } else {
                    output += name
                    index = afterName
                }
            }
        }
        return output
    }

    /// A whole-column (`A:C`), whole-row (`1:3`) or cell (`A1:B2`) range, or `nil` when the words are not one.
    private static func range(_ first: String, _ second: String) -> (FormulaReference.Endpoint, FormulaReference.Endpoint)? {
        if let a = line(first, letters: true), let b = line(second, letters: true) {
            return (.init(column: a.value, columnAbsolute: a.absolute, row: nil, rowAbsolute: false),
                    .init(column: b.value, columnAbsolute: b.absolute, row: nil, rowAbsolute: false))
        }
        if let a = line(first, letters: false), let b = line(second, letters: false) {
            return (.init(column: nil, columnAbsolute: false, row: a.value, rowAbsolute: a.absolute),
                    .init(column: nil, columnAbsolute: false, row: b.value, rowAbsolute: b.absolute))
        }
        if let a = cell(first), let b = cell(second) { return (a, b) }
        return nil
    }

    /// `$A` / `A` (letters) or `$1` / `1` (digits) → zero-based value and whether it is absolute.
    private static func line(_ word: String, letters: Bool) -> (value: Int, absolute: Bool)? {
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
        guard value >= 1, value <= (letters ? SheetGrid.maximumColumns : SheetGrid.maximumRows) else { return nil }
        return (value - 1, absolute)
    }

    /// `$B$7` → column 1 (absolute), row 6 (absolute); `nil` when the word is not a cell reference inside the grid.
    private static func cell(_ word: String) -> FormulaReference.Endpoint? {
        var rest = Substring(word)
        let columnAbsolute = rest.hasPrefix("$")
        if columnAbsolute { rest = rest.dropFirst() }
        let letters = rest.prefix { $0.isASCII && $0.isLetter }
        rest = rest.dropFirst(letters.count)
        let rowAbsolute = rest.hasPrefix("$")
        if rowAbsolute { rest = rest.dropFirst() }
        guard !letters.isEmpty, !rest.isEmpty, let column = line(String(letters), letters: true),
              let row = line(String(rest), letters: false) else { return nil }
        return FormulaReference.Endpoint(column: column.value, columnAbsolute: columnAbsolute, row: row.value, rowAbsolute: rowAbsolute)
    }
}
