import Foundation
import SpreadsheetModel
import SpreadsheetReader
import Workbook

/// `docsheet templates import client.xlsx -o client.yml`: the YAML template that lays out the same document as a
/// client's workbook, so a team can review the layout in version control.
///
/// Each sheet becomes a YAML sheet: one with a `{{function.…}}` row template a `functions` sheet whose columns are
/// the row's markers (headers from the row above, widths and styles from the workbook), a `{{type.…}}` row a
/// `types` sheet, a `{{module.…}}`/`{{file.…}}` row a `summary` sheet, a `{{history.…}}` row a `history` sheet, a
/// sheet named `{{type.name}}` a functions sheet split by type, any other sheet a `static` sheet of cells. A sheet a
/// one-row table cannot hold — a block of several rows per item, rows per parameter, several row templates, a picture
/// at a marker — becomes a `form` sheet: its cells, merges, formulas, widths, heights and print area as drawn, its
/// markers kept, written by the same rules as the workbook. The `docsheet` settings become `filter`, `sort` and
/// `group`. What the YAML format cannot say (per-side borders, patterns, rotation, validations, conditional formats,
/// images, …) is listed in `notes`, each naming its sheet and cells, and in a comment at the top of the file: the
/// workbook itself stays the exact template.
public struct WorkbookTemplateImport: Sendable {
    /// The YAML template.
    public private(set) var yaml: String
    /// What the YAML leaves out, one line each.
    public private(set) var notes: [String]

    /// Reads the workbook at `path` and writes its YAML equivalent.
    ///
    /// - Parameter path: The client's `.xlsx`.
    /// - Throws: `DesignDocumentError.unreadableTemplate` or `.invalidWorkbookTemplate` as `generate --template` would.
    public init(workbookAt path: String) throws(DesignDocumentError) {
        let template = try Template.resolve(path)
        guard let form = template.form else {
            throw .unreadableTemplate(path: path, reason: "not an .xlsx workbook")
        }
        self.init(form: form, name: ((path as NSString).lastPathComponent as NSString).deletingPathExtension)
    }

    init(form: WorkbookForm, name: String) {
        var styles = StyleNames()
        var notes = Set<String>()
        var sheetLines: [String] = []
        for formSheet in form.sheets {
            sheetLines += WorkbookTemplateImport.sheet(formSheet, styles: &styles, notes: &notes)
        }
        for feature in form.unsupported { notes.insert("\(feature) (not carried over by DocSheet either)") }
        if !form.definedNames.isEmpty { notes.insert("defined names (\(form.definedNames.map(\.name).joined(separator: ", ")))") }
        // The styles first: what they cannot say belongs in the notes at the top.
        var styleLines: [String] = []
        for (styleName, style) in styles.ordered {
            let keys = WorkbookTemplateImport.styleKeys(style, name: styleName, usedAt: styles.places(styleName), notes: &notes)
            styleLines.append("  \(styleName): {\(keys.joined(separator: ", "))}")
        }
        var lines = ["# Imported by 'docsheet templates import' from \(form.source)."]
        if !notes.isEmpty {
            lines.append("# The YAML format cannot say these; the workbook itself (--template \(form.source)) keeps them:")
            lines += notes.sorted().map { "#   - \($0)" }
        }
        lines.append("name: \(WorkbookTemplateImport.quoted(name))")
        if let title = form.properties.title { lines += ["properties:", "  title: \(WorkbookTemplateImport.quoted(title))"] }
        if !styleLines.isEmpty { lines += ["styles:"] + styleLines }
        lines.append("sheets:")
        lines += sheetLines
        yaml = lines.joined(separator: "\n") + "\n"
        self.notes = notes.sorted()
    }

    /// Distinct styles, named `s1`, `s2`, … in order of first use.
    struct StyleNames {
        private(set) var ordered: [(String, CellStyle)] = []
        private var names: [CellStyle: String] = [:]
        /// Where each style is used (`'Sheet'!A1`), for the notes about what a YAML style cannot say.
        private(set) var uses: [String: [String]] = [:]

        mutating func name(_ style: CellStyle, at place: String) -> String {
            let name: String
            if let known = names[style] {
                name = known
            } else {
                name = "s\(ordered.count + 1)"
                names[style] = name
                ordered.append((name, style))
            }
            uses[name, default: []].append(place)
            return name
        }

        /// Where style `name` is used: its first cells, and how many more.
        func places(_ name: String) -> String {
            WorkbookTemplateImport.list(uses[name] ?? [])
        }
    }

    /// The first few of `items`, and how many more.
    static func list(_ items: [String], first: Int = 4) -> String {
        let shown = items.prefix(first).joined(separator: ", ")
        return items.count > first ? "\(shown) and \(items.count - first) more" : shown
    }

    /// True when a one-row YAML table cannot hold the sheet's row templates: a block of several rows, rows per
    /// parameter, several row templates, a picture at a marker, a type sheet's property rows, merged cells in the
    /// header row, the row template or under it, or cells under it (a total's formula).
    static func needsFormSheet(_ formSheet: FormSheet) -> Bool {
        let sheet = formSheet.sheet
        let tableRow = formSheet.rowTemplates.first { $0.scope != .group && $0.scope != .history }?.row
        return formSheet.blocks.contains { $0.first != $0.last || !$0.nested.isEmpty }
            || formSheet.blocks.filter { $0.scope != .group }.count > 1
            || !formSheet.pictures.isEmpty
            || (formSheet.repetition == .type && formSheet.rowTemplates.contains { $0.scope != .function && $0.scope != .group })
            || tableRow.map { row in
                sheet.merges.contains { $0.last.row >= row - 1 } || sheet.cells.contains { $0.reference.row > row && $0.value != .empty }
            } ?? false
    }

    private static func sheet(_ formSheet: FormSheet, styles: inout StyleNames, notes: inout Set<String>) -> [String] {
        if needsFormSheet(formSheet) { return WorkbookTemplateImport.formSheet(formSheet, styles: &styles, notes: &notes) }
        let sheet = formSheet.sheet
        let name = sheet.name
        // A type sheet's table is its function table (a YAML type sheet lists the type's functions).
        let table = formSheet.rowTemplates.first {
            $0.scope != .group && $0.scope != .parameter && (formSheet.repetition != .type || $0.scope == .function)
        }
        var lines: [String] = []
        let kind: String
        switch (formSheet.repetition, table?.scope) {
        case (.type?, _), (_, .function?): kind = "functions"
        case (_, .type?): kind = "types"
        case (_, .module?), (_, .file?): kind = "summary"
        case (_, .history?): kind = "history"
        case (_, .property?): kind = "properties"
        default: kind = "static"
        }
        lines.append("  - kind: \(kind)")
        lines.append("    name: \(quoted(name))")
        // The header is the row above the table; above a history row, above the rows the client filled in.
        var headerRow = table.map { $0.row - 1 }
        if let table, table.scope == .history,
           let numberColumn = sheet.cells.first(where: { $0.reference.row == table.row && $0.value.markerText?.contains("{{history.number}}") == true })?.reference.column {
            while let row = headerRow, row > 0, sheet.cells.contains(where: {
                if case .number = $0.value { return $0.reference.row == row && $0.reference.column == numberColumn }
                return false
            }) {
                notes.insert("sheet '\(name)': the history rows already filled in (row \(row + 1))")
                headerRow = row - 1
            }
        }
        // Cells above the table (all cells of a sheet without one).
        var cellLines: [String] = []
        var cellsUnder: [String] = []
        for cell in sheet.cells {
            if let table, let headerRow, cell.reference.row >= headerRow {
                if cell.reference.row > table.row, cell.value != .empty { cellsUnder.append(cell.reference.description) }
                continue
            }
            let value: String
            switch cell.value {
            case .empty: continue
            case .text(let text): value = text
            case .number(let number): value = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            case .bool(let flag): value = flag ? "TRUE" : "FALSE"
            case .formula(let formula, let cached):
                notes.insert("sheet '\(name)': formulas (\(cell.reference): =\(formula)); the cached value is kept")
                value = cached ?? ""
            case .error(let text): value = text
            }
            // YAML sheets know fewer per-sheet placeholders than a client's sheet template.
            var text = value
            for marker in Placeholders.names(in: value) where marker.contains(".") && !Placeholders.perSheet.contains(marker)
                && PictureMarker(name: marker) == nil {
                notes.insert("sheet '\(name)': the placeholder {{\(marker)}} (\(cell.reference))")
                text = text.replacingOccurrences(of: "{{\(marker)}}", with: "")
            }
            var parts = ["cell: \(cell.reference)", "value: \(quoted(text))", "style: \(styles.name(cell.style, at: "'\(name)'!\(cell.reference)"))"]
            if let merge = sheet.merges.first(where: { $0.first == cell.reference }) { parts.append("merge: \"\(merge)\"") }
            cellLines.append("      - {\(parts.joined(separator: ", "))}")
        }
        if !cellLines.isEmpty { lines.append("    cells:"); lines += cellLines }
        if !cellsUnder.isEmpty { notes.insert("sheet '\(name)': cells under the table (\(list(cellsUnder)))") }
        // Column widths and row heights.
        let widths = sheet.columns.filter { $0.width != nil }.flatMap { format in (format.first...min(format.last, format.first + 50)).map { ($0, format.width!) } }
        if !widths.isEmpty, table == nil {
            lines.append("    columnWidths: {\(widths.map { "\(CellReference.columnName($0.0)): \(number($0.1))" }.joined(separator: ", "))}")
        }
        let heights = sheet.rows.filter { $0.value.height != nil && (headerRow == nil || $0.key < headerRow!) }.sorted { $0.key < $1.key }
        if !heights.isEmpty {
            lines.append("    rowHeights: {\(heights.map { "\($0.key + 1): \(number($0.value.height!))" }.joined(separator: ", "))}")
        }
        notes.formUnion(hiddenParts(sheet))
        // The table.
        if let table, let headerRow {
            lines.append("    startRow: \(headerRow + 1)")
            lines.append("    columns:")
            let widthOf: (Int) -> Double? = { column in sheet.columns.first { $0.first <= column && column <= $0.last }?.width }
            for cell in sheet.cells where cell.reference.row == table.row {
                let header = sheet.cells.first { $0.reference.row == headerRow && $0.reference.column == cell.reference.column }
                var headerText = ""
                if case .text(let text)? = header?.value { headerText = text }
                var field = "blank"
                if let text = cell.value.markerText {
                    let names = Placeholders.names(in: text)
                    if names.count == 1, text.trimmingCharacters(in: .whitespaces) == "{{\(names[0])}}", let dot = names[0].firstIndex(of: ".") {
                        field = String(names[0][names[0].index(after: dot)...])
                    } else {
                        notes.insert("sheet '\(name)': cells mixing text and markers (\(cell.reference): \(text))")
                    }
                } else if cell.value != .empty {
                    notes.insert("sheet '\(name)': fixed text in the table row (\(cell.reference))")
                }
                var parts = ["header: \(quoted(headerText))", "field: \(field)",
                             "style: \(styles.name(cell.style, at: "'\(name)'!\(cell.reference)"))"]
                if let width = widthOf(cell.reference.column) { parts.append("width: \(number(width))") }
                if cell.style.wrap { parts.append("wrap: true") }
                lines.append("      - {\(parts.joined(separator: ", "))}")
            }
            if table.scope == .module || table.scope == .file { lines.append("    levels: [\(table.scope.rawValue)]") }
        }
        if formSheet.repetition == .type {
            lines.append("    group: [type]")
            lines.append("    split: sheets")
        }
        let listed = listing(formSheet, includingGroup: formSheet.repetition != .type, notes: &notes)
        if kind == "functions" || kind == "types" { lines += listed }
        if let freeze = sheet.freezePanes, table != nil, freeze.row > 0 { lines.append("    freezeHeader: true") }
        if sheet.autofilter != nil, table != nil { lines.append("    autofilter: true") }
        if let color = sheet.tabColor { lines.append("    tabColor: \"\(color)\"") }
        if !sheet.showsGridlines { lines.append("    gridlines: false") }
        var print: [String] = []
        let setup = sheet.pageSetup
        if setup.landscape { print.append("orientation: landscape") }
        let papers: [Int: PageSetup.Paper] = [1: .letter, 5: .legal, 8: .a3, 9: .a4]
        if let code = setup.paperCode {
            if let paper = papers[code] { print.append("paper: \(paper.rawValue)") } else { notes.insert("sheet '\(name)': paper size \(code)") }
        }
        if setup.fitToWidth || setup.fitToPages?.width == 1 { print.append("fitToWidth: true") }
        if setup.repeatRows != nil, table != nil { print.append("repeatHeader: true") }
        if let header = setup.header { print.append("header: \(quoted(header))") }
        if let footer = setup.footer { print.append("footer: \(quoted(footer))") }
        if setup.centerHorizontally { print.append("center: true") }
        if !print.isEmpty { lines.append("    print: {\(print.joined(separator: ", "))}") }
        notes.formUnion(overlayNotes(sheet))
        let tableMerges = sheet.merges.filter { merge in table.map { merge.first.row >= $0.row - 1 } ?? false }
        if !tableMerges.isEmpty {
            notes.insert("sheet '\(name)': merged cells in or under the table (\(list(tableMerges.map(\.description))))")
        }
        return lines
    }

    /// A `form` sheet: the sheet's cells as drawn (values, markers, formulas, styles, merges), its column widths and row
    /// heights, print area and title rows, and the listing settings; written by the same rules as the workbook.
    private static func formSheet(_ formSheet: FormSheet, styles: inout StyleNames, notes: inout Set<String>) -> [String] {
        let sheet = formSheet.sheet
        let name = sheet.name
        var lines = ["  - kind: form", "    name: \(quoted(name))"]
        // Equal widths of neighbouring columns as one range (Excel 方眼紙: "A:AR": 2); a YAML width is Excel's.
        var runs: [(first: Int, last: Int, width: Double)] = []
        for format in sheet.columns.sorted(by: { $0.first < $1.first }) {
            guard let stored = format.width ?? sheet.defaultColumnWidth else { continue }
            let width = (FormSheetLowering.characterWidth(stored) * 100).rounded() / 100
            if let last = runs.last, last.last == format.first - 1, last.width == width {
                runs[runs.count - 1].last = format.last
            } else {
                runs.append((format.first, format.last, width))
            }
        }
        if !runs.isEmpty {
            let widths = runs.map { run in
                (run.first == run.last ? CellReference.columnName(run.first)
                    : "\"\(CellReference.columnName(run.first)):\(CellReference.columnName(run.last))\"") + ": \(number(run.width))"
            }
            lines.append("    columnWidths: {\(widths.joined(separator: ", "))}")
        }
        if sheet.columns.contains(where: { $0.style != nil && $0.style != CellStyle() }) {
            notes.insert("sheet '\(name)': column styles (the look of a column's empty cells)")
        }
        let heights = sheet.rows.filter { $0.value.height != nil }.sorted { $0.key < $1.key }
        if !heights.isEmpty {
            lines.append("    rowHeights: {\(heights.map { "\($0.key + 1): \(number($0.value.height!))" }.joined(separator: ", "))}")
        }
        if let height = sheet.defaultRowHeight { lines.append("    defaultRowHeight: \(number(height))") }
        // Cells, top to bottom: each merge written with the cell it starts at (a cell inside a merge is the merge's).
        var cellLines: [String] = []
        let anchors = Dictionary(sheet.cells.map { ($0.reference, $0) }) { first, _ in first }
        let merges = Dictionary(sheet.merges.map { ($0.first, $0) }) { first, _ in first }
        var covered = Set<CellReference>()
        for merge in sheet.merges {
            for row in merge.first.row...merge.last.row {
                for column in merge.first.column...merge.last.column where row != merge.first.row || column != merge.first.column {
                    covered.insert(CellReference(row: row, column: column))
                }
            }
        }
        let references = Set(sheet.cells.map(\.reference)).union(merges.keys).subtracting(covered)
        for reference in references.sorted(by: { ($0.row, $0.column) < ($1.row, $1.column) }) {
            let cell = anchors[reference]
            let style = cell?.style ?? CellStyle()
            var parts = ["cell: \(reference)"]
            switch cell?.value ?? .empty {
            case .empty:
                if merges[reference] == nil && style == CellStyle() { continue }
            case .text(let text): parts.append("value: \(quoted(text))")
            case .number(let value): parts.append("value: \(value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value))")
            case .bool(let flag): parts.append("value: \(quoted(flag ? "TRUE" : "FALSE"))")
                notes.insert("sheet '\(name)': the logical value at \(reference) (written as text)")
            case .formula(let formula, _): parts.append("formula: \(quoted("=" + formula))")
            case .error(let text): parts.append("value: \(quoted(text))")
            }
            if style != CellStyle() { parts.append("style: \(styles.name(style, at: "'\(name)'!\(reference)"))") }
            if let merge = merges[reference] { parts.append("merge: \"\(merge)\"") }
            cellLines.append("      - {\(parts.joined(separator: ", "))}")
        }
        if !cellLines.isEmpty { lines.append("    cells:"); lines += cellLines }
        lines += listing(formSheet, notes: &notes)
        if let color = sheet.tabColor { lines.append("    tabColor: \"\(color)\"") }
        if !sheet.showsGridlines { lines.append("    gridlines: false") }
        var print = printKeys(sheet, notes: &notes)
        if let area = sheet.pageSetup.printArea { print.append("area: \"\(area)\"") }
        if let rows = sheet.pageSetup.repeatRows { print.append("repeatRows: \"\(rows.lowerBound + 1):\(rows.upperBound + 1)\"") }
        if !print.isEmpty { lines.append("    print: {\(print.joined(separator: ", "))}") }
        if let freeze = sheet.freezePanes { notes.insert("sheet '\(name)': the frozen panes at \(freeze)") }
        if let filter = sheet.autofilter { notes.insert("sheet '\(name)': the autofilter on \(filter)") }
        notes.formUnion(hiddenParts(sheet))
        notes.formUnion(overlayNotes(sheet))
        return lines
    }

    /// The `group` (unless `includingGroup` is false), `sort` and `filter` keys of a sheet's listing settings; the
    /// note for `exclude_tests`, which YAML cannot say.
    private static func listing(_ formSheet: FormSheet, includingGroup: Bool = true, notes: inout Set<String>) -> [String] {
        var lines: [String] = []
        if includingGroup, !formSheet.filter.group.isEmpty { lines.append("    group: [\(formSheet.filter.group.map(\.rawValue).joined(separator: ", "))]") }
        if !formSheet.filter.sort.isEmpty {
            var keys: [String] = []
            for key in formSheet.filter.sort {
                let text = (key.descending ? "-" : "") + key.field.name
                if !keys.contains(text) { keys.append(text) }
            }
            lines.append("    sort: [\(keys.joined(separator: ", "))]")
        }
        var filter: [String] = []
        if let minimum = formSheet.filter.minAccess { filter.append("minAccess: \(minimum.rawValue)") }
        if !formSheet.filter.kinds.isEmpty { filter.append("kinds: [\(formSheet.filter.kinds.map(\.name).joined(separator: ", "))]") }
        if formSheet.filter.documentation != .all { filter.append("documentation: \(formSheet.filter.documentation.rawValue)") }
        if !filter.isEmpty { lines.append("    filter: {\(filter.joined(separator: ", "))}") }
        if formSheet.filter.excludeTests { notes.insert("exclude_tests (use --exclude-tests or exclude_tests: true in .docsheet.yml)") }
        return lines
    }

    /// The print keys YAML can say (orientation, paper, fit to width, header, footer, centring); the rest are notes.
    private static func printKeys(_ sheet: SheetDocument, notes: inout Set<String>) -> [String] {
        let name = sheet.name
        var print: [String] = []
        let setup = sheet.pageSetup
        if setup.landscape { print.append("orientation: landscape") }
        let papers: [Int: PageSetup.Paper] = [1: .letter, 5: .legal, 8: .a3, 9: .a4]
        if let code = setup.paperCode {
            if let paper = papers[code] { print.append("paper: \(paper.rawValue)") } else { notes.insert("sheet '\(name)': paper size \(code)") }
        }
        if setup.fitToWidth || setup.fitToPages?.width == 1 { print.append("fitToWidth: true") }
        if let fit = setup.fitToPages, fit.height != 0 || fit.width > 1 {
            notes.insert("sheet '\(name)': the fit to \(fit.width) × \(fit.height) pages")
        }
        if let scale = setup.scale, scale != 100 { notes.insert("sheet '\(name)': the print scale \(scale) %") }
        if setup.margins != PageSetup.Margins() {
            let margins = setup.margins
            notes.insert("sheet '\(name)': the page margins (left \(number(margins.left)), right \(number(margins.right)), "
                         + "top \(number(margins.top)), bottom \(number(margins.bottom)) inches)")
        }
        if let header = setup.header { print.append("header: \(quoted(header))") }
        if let footer = setup.footer { print.append("footer: \(quoted(footer))") }
        if setup.centerHorizontally { print.append("center: true") }
        return print
    }

    /// The notes about the parts of a sheet laid over its cells that YAML cannot say: data validations, conditional
    /// formats, images, frozen panes and the autofilter, each with its ranges.
    static func overlayNotes(_ sheet: SheetDocument) -> [String] {
        let name = sheet.name
        var notes: [String] = []
        for validation in sheet.dataValidations {
            notes.append("sheet '\(name)': the data validation (\(validation.kind.rawValue)) on \(list(validation.ranges.map(\.description)))")
        }
        for format in sheet.conditionalFormats {
            notes.append("sheet '\(name)': the conditional format on \(list(format.ranges.map(\.description)))")
        }
        for image in sheet.images {
            notes.append("sheet '\(name)': the image at \(image.anchor)")
        }
        return notes
    }

    /// The notes about hidden columns and rows, by letter and number.
    static func hiddenParts(_ sheet: SheetDocument) -> [String] {
        var notes: [String] = []
        let columns = sheet.columns.filter(\.hidden).map { format in
            format.first == format.last ? CellReference.columnName(format.first)
                : "\(CellReference.columnName(format.first)):\(CellReference.columnName(format.last))"
        }
        if !columns.isEmpty { notes.append("sheet '\(sheet.name)': hidden columns (\(list(columns)))") }
        let rows = sheet.rows.filter(\.value.hidden).keys.sorted().map { String($0 + 1) }
        if !rows.isEmpty { notes.append("sheet '\(sheet.name)': hidden rows (\(list(rows)))") }
        return notes
    }

    /// A style as YAML keys; what YAML styles cannot say goes to `notes`.
    private static func styleKeys(_ style: CellStyle, name: String, usedAt places: String, notes: inout Set<String>) -> [String] {
        let used = "style \(name), used at \(places)"
        var keys: [String] = []
        if let font = style.fontName { keys.append("font: \(quoted(font))") }
        if let size = style.fontSize { keys.append("size: \(number(size))") }
        if let color = style.fontColor { keys.append("color: \"\(color)\"") }
        if style.bold { keys.append("bold: true") }
        if style.italic { keys.append("italic: true") }
        if style.underline { keys.append("underline: true") }
        if let fill = style.fill ?? style.patternFill?.foreground { keys.append("fill: \"\(fill)\"") }
        if let pattern = style.patternFill, pattern.pattern != .solid { notes.insert("a patterned fill, written solid (\(used))") }
        var border = style.border, borderColor = style.borderColor
        if let edges = style.edges {
            notes.insert("borders that differ by side, written as the most common side (\(used))")
            let lines = [edges.top, edges.bottom, edges.left, edges.right].filter { $0.style != .none }
            let common = Dictionary(grouping: lines, by: { $0 }).max { $0.value.count < $1.value.count }?.key
            border = common?.style ?? .none
            borderColor = common?.color
        }
        if border != .none {
            keys.append("border: \(border.rawValue)")
            if let borderColor { keys.append("borderColor: \"\(borderColor)\"") }
        }
        if style.wrap { keys.append("wrap: true") }
        if style.horizontal != .general { keys.append("align: \(style.horizontal.rawValue)") }
        if style.vertical != .bottom { keys.append("valign: \(style.vertical.rawValue)") }
        if let format = style.numberFormat { keys.append("numberFormat: \(quoted(format))") }
        if style.indent > 0 { keys.append("indent: \(min(style.indent, 15))") }
        var unsaid: [String] = []
        if style.rotation != 0 { unsaid.append("rotation") }
        if style.strikeout { unsaid.append("strikeout") }
        if style.script != .none { unsaid.append("super/subscript") }
        if style.shrinkToFit { unsaid.append("shrink-to-fit") }
        if style.underlineStyle == .double { unsaid.append("a double underline") }
        if !unsaid.isEmpty { notes.insert("\(unsaid.joined(separator: ", ")) (\(used))") }
        return keys
    }

    /// `text` as a double-quoted YAML scalar.
    static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            default:
                if scalar.value < 0x20 { output += String(format: "\\x%02X", scalar.value) } else { output.unicodeScalars.append(scalar) }
            }
        }
        return output + "\""
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
