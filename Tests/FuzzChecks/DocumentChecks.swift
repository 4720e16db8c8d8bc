import DesignDocument
import Foundation
import Inventory
import SpreadsheetModel
import SpreadsheetReader
import Workbook

/// Writes an inventory in every format and checks each document against the inventory: the JSON decodes back to the
/// same inventory, the CSV parses (RFC 4180) into one row per function with its name, signature and summary, and
/// the workbook reads back (SpreadsheetReader) with a function table row for every function.
public enum DocumentChecks {
    /// The date every fuzzed document carries (so the same input writes the same bytes).
    public static let date = Date(timeIntervalSince1970: 1_767_225_600)

    /// The document facts for a locale, with a source-link pattern so line cells are links.
    ///
    /// - Parameter locale: The label language.
    /// - Returns: A context with every fact filled in.
    public static func context(_ locale: DocumentLocale) -> DocumentContext {
        DocumentContext(
            projectName: "Fuzz", version: "1.0.0", commit: "0123456789abcdef0123456789abcdef01234567", generatedAt: date,
            author: "libFuzzer", sourceURLPattern: "https://example.com/fuzz/blob/{commit}/{file}#L{line}", locale: locale)
    }

    /// The built-in `design-doc` template without its `diagram` sheets, loaded once (a built-in that does not load
    /// fails every input). Graphviz would cost every input a process per page, where the campaign runs hundreds of
    /// inputs a second: the diagrams' DOT text is built and checked for every input instead (``checkDiagrams(_:)``).
    static let loadedDesignDoc: Result<Template, CheckFailure> = builtin("design-doc").map { template in
        var cellsOnly = template
        cellsOnly.sheets.removeAll { $0.kind == .diagram }
        return cellsOnly
    }

    /// The built-in `design-doc` template.
    ///
    /// - Returns: The template.
    /// - Throws: `CheckFailure` when the built-in does not load.
    public static func designDoc() throws(CheckFailure) -> Template { try loadedDesignDoc.get() }

    /// Loads a built-in template.
    ///
    /// - Parameter name: A name of `Template.builtinNames`.
    /// - Returns: The template, or the failure that it does not load.
    static func builtin(_ name: String) -> Result<Template, CheckFailure> {
        do { return .success(try Template.resolve(name)) } catch {
            return .failure(CheckFailure("the built-in \(name) does not load: \(error)"))
        }
    }

    /// Writes `inventory` as JSON, CSV, Markdown and a `design-doc` workbook and checks each one.
    ///
    /// - Parameters:
    ///   - inventory: The inventory to write.
    ///   - locale: The workbook's label language.
    ///   - documents: Where the documents of this input are written.
    /// - Throws: `CheckFailure` when a document cannot be written or disagrees with the inventory.
    public static func writeAndCheck(_ inventory: Inventory, locale: DocumentLocale, documents: DocumentFolder) throws(CheckFailure) {
        let writer = DocumentWriter(template: try designDoc(), context: context(locale))
        try checkJSON(inventory, writer: writer, url: documents.file(".json"))
        try checkCSV(inventory, writer: writer, url: documents.file(".csv"))
        try checkMarkdown(inventory, writer: writer, url: documents.file(".md"))
        let book = documents.file("-design.xlsx")
        do { try writer.write(inventory, format: .xlsx, to: book) } catch {
            throw CheckFailure("writing the design-doc workbook failed (\(CheckFailure.caseName(error))): \(error)")
        }
        try checkWorkbook(book, against: inventory)
        try checkDiagrams(inventory)
    }

    // MARK: - Diagrams

    /// The class and module diagrams' DOT text: one line per line of the diagram, each between two quoted names,
    /// whatever the names hold (quotes, backslashes, arrows inside a generic argument, line breaks).
    static func checkDiagrams(_ inventory: Inventory) throws(CheckFailure) {
        let classes = ClassDiagram(inventory)
        let modules = ModuleDiagram(inventory)
        // A quoted DOT name (escapes included), then an arrow to another.
        let edgeLine = /^\s*"(?:[^"\\]|\\.)*" -> "(?:[^"\\]|\\.)*" ?(\[.*\])?;$/
        for (what, text, expected) in [("class", classes.dot(title: "Fuzz"), classes.edges.count),
                                       ("class page", classes.dot(title: "Fuzz", clusters: false), classes.edges.count),
                                       ("module", modules.dot(title: "Fuzz"), modules.edges.count)] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let edges = lines.filter { (try? edgeLine.wholeMatch(in: $0)) != nil }.count
            // The module diagram lists a product that one module alone uses in its box, without a line.
            let fits = what == "module" ? edges <= expected : edges == expected
            guard fits, text.hasSuffix("}\n"), lines.filter({ $0.hasPrefix("digraph ") }).count == 1 else {
                throw CheckFailure("the \(what) diagram's DOT text has \(edges) lines for \(expected) relations, or is cut: \(text.prefix(2_000))")
            }
        }
    }

    // MARK: - JSON

    static func checkJSON(_ inventory: Inventory, writer: DocumentWriter, url: URL) throws(CheckFailure) {
        do { try writer.write(inventory, format: .json, to: url) } catch { throw CheckFailure("writing the JSON failed: \(error)") }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw CheckFailure("the JSON written is unreadable: \(error)") }
        let decoded: Inventory
        do { decoded = try InventoryCoding.decodeInventory(data, source: url.path) } catch {
            throw CheckFailure("the JSON written does not decode: \(error)")
        }
        guard decoded != inventory else { return }
        throw CheckFailure("the JSON decodes to another inventory: " + difference(inventory, decoded))
    }

    /// The first record that differs between two inventories, for the failure message.
    static func difference(_ a: Inventory, _ b: Inventory) -> String {
        if a.functions.count != b.functions.count { return "\(a.functions.count) functions written, \(b.functions.count) read" }
        if a.types.count != b.types.count { return "\(a.types.count) types written, \(b.types.count) read" }
        for (x, y) in zip(a.functions, b.functions) where x != y {
            return "function written \(String(reflecting: x))\nread \(String(reflecting: y))"
        }
        for (x, y) in zip(a.types, b.types) where x != y {
            return "type written \(String(reflecting: x))\nread \(String(reflecting: y))"
        }
        return "project, tool or modules differ: \(String(reflecting: (a.project, a.modules))) vs \(String(reflecting: (b.project, b.modules)))"
    }

    // MARK: - CSV

    static func checkCSV(_ inventory: Inventory, writer: DocumentWriter, url: URL) throws(CheckFailure) {
        do { try writer.write(inventory, format: .csv, to: url) } catch { throw CheckFailure("writing the CSV failed: \(error)") }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw CheckFailure("the CSV written is unreadable: \(error)") }
        guard let text = String(validating: data, as: UTF8.self) else { throw CheckFailure("the CSV is not valid UTF-8") }
        let rows: [[String]]
        switch CSVParser.parse(text) {
        case .success(let parsed): rows = parsed
        case .failure(let problem): throw CheckFailure("the CSV is not RFC 4180: \(problem.message)")
        }
        let columns = CSVWriter.inventoryColumns
        guard rows.count == inventory.functions.count + 1 else {
            throw CheckFailure("the CSV row count is wrong: \(rows.count) rows for \(inventory.functions.count) functions plus the header")
        }
        guard rows[0] == columns else { throw CheckFailure("the CSV header is wrong: \(rows[0]), not \(columns)") }
        let name = columns.firstIndex(of: "name")!, signature = columns.firstIndex(of: "signature")!
        let line = columns.firstIndex(of: "line")!, summary = columns.firstIndex(of: "summary")!
        for (index, (row, record)) in zip(rows.dropFirst(), inventory.functions).enumerated() {
            guard row.count == columns.count else {
                throw CheckFailure("a CSV row has the wrong number of fields: row \(index + 2) has \(row.count) fields, not \(columns.count): \(row) for \(record.name)")
            }
            let expected = [(name, record.name), (signature, record.signature), (line, String(record.line)),
                            (summary, record.doc?.summary ?? "")]
            for (column, value) in expected where row[column] != neutralised(value) {
                throw CheckFailure("a CSV field differs from the record (\(columns[column])): row \(index + 2): read \(String(reflecting: row[column])), "
                                 + "wrote \(String(reflecting: value))")
            }
        }
    }

    /// Writes the review of `diff` as CSV (checked: RFC 4180, one row a change) and Markdown.
    ///
    /// - Parameters:
    ///   - diff: A comparison of two inventories.
    ///   - locale: The label language.
    ///   - documents: Where the documents of this input are written.
    /// - Throws: `CheckFailure` when the review cannot be written or its CSV is not one well-formed row a change.
    public static func checkReviewText(_ diff: InventoryDiff, locale: DocumentLocale, documents: DocumentFolder) throws(CheckFailure) {
        let writer = DocumentWriter(template: try designDoc(), context: context(locale))
        let csv = documents.file("_review.csv")
        do {
            try writer.writeReview(diff, format: .csv, to: csv)
            try writer.writeReview(diff, format: .markdown, to: documents.file("_review.md"))
        } catch {
            throw CheckFailure("writing the review CSV or Markdown failed: \(error)")
        }
        let text = String(decoding: (try? Data(contentsOf: csv)) ?? Data(), as: UTF8.self)
        switch CSVParser.parse(text) {
        case .success(let rows):
            let changes = diff.added.count + diff.removed.count + diff.changed.count
            guard rows.count == changes + 1, rows.allSatisfy({ $0.count == CSVWriter.reviewColumns.count }) else {
                throw CheckFailure("the review CSV is not one row a change: \(rows.count) rows for \(changes) changes: \(rows)")
            }
        case .failure(let problem):
            throw CheckFailure("the review CSV is not RFC 4180: \(problem.message)")
        }
    }

    /// A field as the CSV writer stores it: a leading apostrophe before what a spreadsheet would run as a formula.
    static func neutralised(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) else { return value }
        return "'" + value
    }

    // MARK: - Markdown

    /// The Markdown inventory has one table row per function, each one line (CommonMark ends a line at LF, CR or
    /// CRLF) with four cells (five pipes that no backslash escapes).
    static func checkMarkdown(_ inventory: Inventory, writer: DocumentWriter, url: URL) throws(CheckFailure) {
        do { try writer.write(inventory, format: .markdown, to: url) } catch { throw CheckFailure("writing the Markdown failed: \(error)") }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw CheckFailure("the Markdown written is unreadable: \(error)") }
        var lines: [[Unicode.Scalar]] = [[]]
        var previous: Unicode.Scalar?
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            if scalar == "\n" && previous == "\r" {
                previous = scalar
                continue
            }
            if scalar == "\n" || scalar == "\r" { lines.append([]) } else { lines[lines.count - 1].append(scalar) }
            previous = scalar
        }
        let rows = lines.filter { $0.starts(with: ["|", " "]) && !$0.starts(with: Array("| Line |".unicodeScalars)) }
        guard rows.count == inventory.functions.count else {
            throw CheckFailure("the Markdown table rows are not one a function: \(rows.count) rows for \(inventory.functions.count) functions")
        }
        for row in rows {
            let pipes = row.indices.filter { row[$0] == "|" && ($0 == 0 || row[$0 - 1] != "\\") }.count
            guard pipes == 5, row.last == "|" else {
                throw CheckFailure("a Markdown table row does not have four cells: \(pipes - 1) cells in \(String(reflecting: String(String.UnicodeScalarView(row))))")
            }
        }
    }

    // MARK: - Workbook

    /// The header labels of a function table's columns, in every built-in locale.
    static let headers: [String: Set<String>] = [
        "number": ["No.", "STT"], "name": ["Function", "Hàm", "関数"], "line": ["Line", "Dòng", "行"],
        "signature": ["Signature", "Khai báo", "シグネチャ"],
    ]

    /// Reads `url` back and checks that its function tables list exactly the inventory's functions (name, line,
    /// signature), as Excel shows the text the writer cleaned and cut.
    ///
    /// - Parameters:
    ///   - url: A workbook DocSheet wrote.
    ///   - inventory: The inventory it was written from.
    /// - Throws: `CheckFailure` when the workbook does not read back or its function rows disagree with the inventory.
    public static func checkWorkbook(_ url: URL, against inventory: Inventory) throws(CheckFailure) {
        let document = try readBack(url)
        // Tables with the same columns are one listing (the per-type sheets of class-spec); each listing of a workbook
        // (design-doc: the Functions sheet and its class sheets' method tables) holds every function once.
        var listings: [[String]: [(name: String, line: String, signature: String?)]] = [:]
        for sheet in document.sheets {
            let cells = Dictionary(sheet.cells.map { ($0.reference, $0.value) }, uniquingKeysWith: { $1 })
            guard let header = functionHeader(sheet, cells) else { continue }
            // A listing is known by its header row's labels, left to right.
            let key = sheet.cells.filter { $0.reference.row == header.row }.sorted { $0.reference.column < $1.reference.column }
                .map { text(of: $0.value) }
            if listings[key] == nil { listings[key] = [] }
            let lastRow = sheet.cells.map(\.reference.row).max() ?? 0
            guard header.row < lastRow else { continue }
            for row in header.row + 1...lastRow {
                guard case .number = cells[CellReference(row: row, column: header.columns["number"]!)] else { continue }
                func field(_ name: String) -> String { text(of: cells[CellReference(row: row, column: header.columns[name]!)]) }
                listings[key, default: []].append((field("name"), field("line"), header.columns["signature"] == nil ? nil : field("signature")))
            }
        }
        if listings.isEmpty && !inventory.functions.isEmpty {
            throw CheckFailure("no function table in the workbook: \(url.lastPathComponent), sheets \(document.sheets.map(\.name))")
        }
        for rows in listings.values { try checkListing(rows, against: inventory) }
    }

    /// Checks that one listing's function rows are the inventory's functions, each once.
    static func checkListing(_ rows: [(name: String, line: String, signature: String?)], against inventory: Inventory) throws(CheckFailure) {
        var unmatched = inventory.functions
        for row in rows {
            let index = unmatched.firstIndex { record in
                shows(row.name, record.name) && row.line == String(record.line)
                    && (row.signature.map { shows($0, record.signature) } ?? true)
            }
            guard let index else {
                throw CheckFailure("a workbook function row matches no function: \(String(reflecting: row)); "
                                 + "functions: \(unmatched.map { ($0.name, $0.line, $0.signature) })")
            }
            unmatched.remove(at: index)
        }
        if let missing = unmatched.first {
            throw CheckFailure("a function has no workbook row: \(String(reflecting: missing.name)) (line \(missing.line), "
                             + "signature \(String(reflecting: missing.signature))) has no row; \(rows.count) rows read")
        }
    }

    /// Reads a workbook DocSheet wrote; the reader refusing it is a failure.
    ///
    /// - Parameter url: The workbook.
    /// - Returns: What the reader found.
    /// - Throws: `CheckFailure` when SpreadsheetReader refuses the workbook.
    public static func readBack(_ url: URL) throws(CheckFailure) -> SpreadsheetDocument {
        do { return try SpreadsheetReader.read(url) } catch {
            throw CheckFailure("the workbook DocSheet wrote does not read back: \(error)")
        }
    }

    /// The header row of a function table (first 2,000 rows: a class sheet's method table is below its header block
    /// and property table) and the columns of its fields, or `nil`.
    static func functionHeader(_ sheet: SheetDocument, _ cells: [CellReference: SheetCellValue]) -> (row: Int, columns: [String: Int])? {
        let byRow = Dictionary(grouping: sheet.cells.filter { $0.reference.row < 2_000 }, by: \.reference.row)
        for row in byRow.keys.sorted() {
            var columns: [String: Int] = [:]
            for cell in byRow[row]!.sorted(by: { $0.reference.column < $1.reference.column }) {
                let label = text(of: cell.value)
                for (field, names) in headers where names.contains(label) && columns[field] == nil {
                    columns[field] = cell.reference.column
                }
            }
            if columns["number"] != nil, columns["name"] != nil, columns["line"] != nil { return (row, columns) }
        }
        return nil
    }

    /// A cell's text as Excel shows it (whole numbers without a fraction).
    static func text(of value: SheetCellValue?) -> String {
        switch value {
        case .text(let text): return text
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): return flag ? "TRUE" : "FALSE"
        case .formula(_, let cached): return cached ?? ""
        case .error(let error): return error
        case .empty, nil: return ""
        }
    }

    /// True when `cell` (read back) shows `value` (written): the same text once the characters XML cannot hold are
    /// removed, or its start when the text was cut at Excel's cell limit.
    static func shows(_ cell: String, _ value: String) -> Bool {
        let clean = ExcelText.removingInvalidCharacters(value)
        if cell == clean { return true }
        if cell.hasSuffix(ExcelText.truncationMarker) {
            let kept = cell.unicodeScalars.dropLast(ExcelText.truncationMarker.unicodeScalars.count)
            return clean.unicodeScalars.starts(with: kept)
        }
        return false
    }
}

/// A strict RFC 4180 reader (on Unicode scalars, so a combining mark after a comma or quote is still a comma or quote).
enum CSVParser {
    struct Problem: Error { var message: String }

    static func parse(_ text: String) -> Result<[[String]], Problem> {
        let scalars = Array(text.unicodeScalars)
        var rows: [[String]] = []
        var row: [String] = []
        var field = String.UnicodeScalarView()
        var index = 0
        var quoted = false
        func end() { row.append(String(field)); field = String.UnicodeScalarView() }
        while index < scalars.count {
            let scalar = scalars[index]
            if quoted {
                if scalar == "\"" {
                    if index + 1 < scalars.count, scalars[index + 1] == "\"" {
                        field.append("\"")
                        index += 2
                        continue
                    }
                    quoted = false
                    index += 1
                    guard index == scalars.count || scalars[index] == "," || scalars[index] == "\r" else {
                        return .failure(Problem(message: "text after a closing quote at scalar \(index) (row \(rows.count + 1))"))
                    }
                    continue
                }
                field.append(scalar)
                index += 1
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                quoted = true
            case ",":
                end()
            case "\r":
                guard index + 1 < scalars.count, scalars[index + 1] == "\n" else {
                    return .failure(Problem(message: "a bare CR in an unquoted field (row \(rows.count + 1))"))
                }
                end()
                rows.append(row)
                row = []
                index += 1
            case "\"", "\n":
                return .failure(Problem(message: "\(String(reflecting: String(scalar))) in an unquoted field (row \(rows.count + 1)): "
                                        + String(reflecting: String(field) + String(scalar))))
            default:
                field.append(scalar)
            }
            index += 1
        }
        if quoted { return .failure(Problem(message: "an unclosed quote at the end")) }
        if !field.isEmpty || !row.isEmpty {
            return .failure(Problem(message: "the last row does not end in CRLF"))
        }
        return .success(rows)
    }
}
