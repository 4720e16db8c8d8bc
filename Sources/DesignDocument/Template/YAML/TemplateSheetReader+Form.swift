import Foundation
import Inventory
import SpreadsheetModel
import Workbook
import YAMLReading
import Yams

/// A `form` sheet: its cells laid out as a client's form sheet, whose row templates, blocks of rows, rows per
/// parameter, property rows and picture cells are found by the rules of an `.xlsx` form (``FormTemplateLoader``), so
/// that the form lowering writes both alike.
extension TemplateSheetReader {
    /// The placeholders a form sheet's name may hold: the workbook-wide ones, and `{{type.FIELD}}`, `{{module}}` or
    /// `{{file}}` to write the sheet once per type, module or file.
    static let formNamePlaceholders = Placeholders.global + ["module", "file"] + TypeField.names.map { "type.\($0)" }

    /// Rejects a sheet-name placeholder a form sheet cannot hold.
    func checkFormName(_ name: LocalizedText, node: Node) throws(YAMLNodeError) {
        for value in Set(name.values.values) {
            for placeholder in Placeholders.names(in: value) where !Self.formNamePlaceholders.contains(placeholder) {
                throw loader.fail(node, "placeholder '{{\(placeholder)}}' is not available in a form sheet's name; use a workbook-wide "
                                  + "placeholder, or {{type.name}}, {{module}} or {{file}} to write the sheet once per type, module or file")
            }
        }
    }

    /// Rejects the print settings only a form sheet has (`area`, `repeatRows`) on another kind of sheet.
    func checkFormPrint(_ print: PrintSpec?) throws(YAMLNodeError) {
        guard kind != .form, let print, print.area != nil || print.repeatRows != nil else { return }
        throw loader.fail(keys["print"], "'area' and 'repeatRows' are print settings of a form sheet; a \(kind.rawValue) sheet's "
                          + "print area is its table, and 'repeatHeader' repeats its header row")
    }

    /// The listing settings of a form sheet: `filter` (function, type and property kinds), `sort` (function, type and
    /// property fields) and `group`, as a client's `docsheet` settings sheet gives them.
    func formFilter(_ filter: ListingFilter, group: [GroupLevel]) throws(YAMLNodeError) -> FormFilter {
        var sort: [SortKey] = []
        if let sortNode = keys["sort"] {
            for keyNode in reader.sequenceOrScalar(sortNode) {
                let key = try reader.string(keyNode, "sort")
                let descending = key.hasPrefix("-")
                let bare = descending ? String(key.dropFirst()) : key
                let function = FunctionField(rawValue: bare), type = TypeField(rawValue: bare), property = PropertyField(rawValue: bare)
                guard function != nil || type != nil || property != nil else {
                    let valid = FunctionField.names + TypeField.names + PropertyField.names
                    let suggestion = YAMLNodeReader.closest(bare, among: valid).map { " (did you mean '\($0)'?)" } ?? ""
                    throw loader.fail(keyNode, "unknown sort field '\(bare)'\(suggestion); a form sheet sorts by function, type and property fields")
                }
                if let function { sort.append(SortKey(field: .function(function), descending: descending)) }
                if let type { sort.append(SortKey(field: .type(type), descending: descending)) }
                if let property { sort.append(SortKey(field: .property(property), descending: descending)) }
            }
        }
        return FormFilter(minAccess: filter.minAccess, kinds: filter.kinds, documentation: filter.documentation, sort: sort, group: group)
    }

    /// The form sheet in each locale: the cells as a client's sheet, its markers found and checked by the rules of an
    /// `.xlsx` form (a problem names the cell and its line in the template).
    func formSheets(name: LocalizedText, cells: [CellSpec], widths: [Int: Double], heights: [Int: Double], defaultRowHeight: Double?,
                    filter: FormFilter) throws(YAMLNodeError) -> [DocumentLocale: FormSheet] {
        var sheets: [DocumentLocale: FormSheet] = [:]
        for locale in DocumentLocale.allCases {
            var document = formDocument(name: name.text(locale), cells: cells, widths: widths, heights: heights, locale: locale)
            document.defaultRowHeight = defaultRowHeight
            var problems: [DesignDocumentError] = []
            var found = FormTemplateLoader.formSheet(document, path: loader.path, problems: &problems)
            if let problem = problems.first {
                guard case .invalidWorkbookTemplate(_, _, let cellText, let message) = problem else { throw loader.fail(node, problem.description) }
                let reference = cellText.flatMap(CellReference.init)
                let cell = reference.flatMap { reference in
                    cells.first { ($0.merge ?? CellRange($0.cell, $0.cell)).contains(reference) }
                }
                throw YAMLNodeError(path: loader.path, line: cell?.line ?? loader.line(node),
                                    message: (reference.map { "cell \($0): " } ?? "") + message)
            }
            found.filter = filter
            sheets[locale] = found
        }
        return sheets
    }

    /// The cells of a form sheet as a client's sheet in `locale`: values (a plain YAML number a number, a formula a
    /// formula), styles, merges, column widths and row heights (the sheet's default row height is set by the caller).
    func formDocument(name: String, cells: [CellSpec], widths: [Int: Double], heights: [Int: Double],
                      locale: DocumentLocale) -> SheetDocument {
        let sheetCells = cells.sorted { ($0.cell.row, $0.cell.column) < ($1.cell.row, $1.cell.column) }.map { cell in
            let value: SheetCellValue
            if let formula = cell.formula {
                value = .formula(String(formula.dropFirst()), cached: nil)
            } else if let number = cell.number {
                value = .number(number)
            } else {
                let text = cell.value.text(locale)
                value = text.isEmpty ? .empty : .text(text)
            }
            let style = cell.style.flatMap { styles[$0] ?? Template.defaultStyles[$0] } ?? CellStyle()
            return SheetCell(reference: cell.cell, value: value, style: style)
        }
        // A YAML width is Excel's (what libxlsxwriter is given); a workbook stores it with the cell padding added.
        let columns = widths.sorted { $0.key < $1.key }.map { column, width in
            ColumnFormat(first: column, last: column, width: FormSheetLowering.storedWidth(width))
        }
        return SheetDocument(name: name, cells: sheetCells, columns: columns,
                             rows: heights.mapValues { RowFormat(height: $0) },
                             merges: cells.compactMap(\.merge).filter { $0.first != $0.last })
    }
}

extension CellRange {
    /// True when `reference` lies inside the range.
    func contains(_ reference: CellReference) -> Bool {
        first.row <= reference.row && reference.row <= last.row && first.column <= reference.column && reference.column <= last.column
    }
}
