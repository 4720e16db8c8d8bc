import Foundation
import Inventory
import SpreadsheetModel
import SpreadsheetReader
import Workbook

/// Fills a client's workbook (a ``WorkbookForm``): placeholders expanded, row templates written once per item with
/// everything below them moved down, sheet templates written once per type, module or file. Everything the
/// client's sheets carry is written again through the Workbook module.
struct FormRenderer {
    let form: WorkbookForm
    let context: DocumentContext
    let inventory: Inventory?
    let planner: SheetPlanner
    /// Values of the placeholders available everywhere.
    let globals: [String: String]

    /// One worksheet to write: a form sheet for one item (or the only one).
    struct Instance {
        var formSheet: FormSheet
        var name: String
        var values: [String: String]
        /// The rows each row template block writes, keyed by the block's first template row.
        var blockRows: [Int: [OutputRow]]
        var expansion: RowExpansion
    }

    /// One written row of a block: the template row it copies and the values of its markers.
    struct OutputRow {
        var templateRow: Int
        var values: [String: CellValue]
    }

    /// Writes the filled workbook to `url` atomically.
    ///
    /// - Returns: Warnings: cells cut to Excel's limit, and one line per part of the client's workbook that cannot be
    ///   carried over.
    func render(to url: URL) throws(DesignDocumentError) -> [String] {
        var warnings = form.unsupported.map { "warning: \(form.source): \($0) is not carried over (DocSheet's writer cannot write it)" }
        let instances = plan()
        var expansions: [String: RowExpansion] = [:]
        var renamed: [String: String] = [:]
        for instance in instances where expansions[instance.formSheet.sheet.name] == nil {
            expansions[instance.formSheet.sheet.name] = instance.expansion
            if instance.name != instance.formSheet.sheet.name { renamed[instance.formSheet.sheet.name] = instance.name }
        }
        var written: [Worksheet] = []
        do {
            let properties = form.properties
            func expand(_ text: String?) -> String? {
                guard let text else { return nil }
                let expanded = Placeholders.expand(text, globals)
                return expanded.isEmpty ? nil : expanded
            }
            let workbook = try Workbook(destination: url, properties: DocumentProperties(
                title: expand(properties.title), subject: expand(properties.subject), author: expand(properties.author) ?? context.author,
                manager: expand(properties.manager), company: expand(properties.company), category: expand(properties.category),
                keywords: expand(properties.keywords), comments: expand(properties.comments), status: expand(properties.status),
                created: context.generatedAt), defaultFont: form.defaultStyle)
            let activeName = form.sheets.indices.contains(form.activeSheet) ? form.sheets[form.activeSheet].sheet.name : nil
            var activated = false
            for instance in instances {
                let worksheet = try workbook.addWorksheet(named: instance.name)
                // References on a sheet to itself follow its own rows (each sheet of a sheet template has its own).
                let writer = FormSheetWriter(instance: instance, worksheet: worksheet,
                                             expansions: expansions.merging([instance.formSheet.sheet.name: instance.expansion]) { $1 },
                                             renamed: renamed)
                try writer.write()
                if !activated, instance.formSheet.sheet.name == activeName, instance.formSheet.sheet.visibility == .visible {
                    try worksheet.activate()
                    activated = true
                }
                written.append(worksheet)
            }
            for name in form.definedNames {
                let formula = FormulaReferences.adjust(name.formula, on: "", expansions: expansions, renamed: renamed)
                let local = name.localSheet.flatMap { index in
                    form.sheets.indices.contains(index) ? (renamed[form.sheets[index].sheet.name] ?? form.sheets[index].sheet.name) : nil
                }
                do {
                    try workbook.defineName(name.name, formula: "=" + formula, localTo: local)
                } catch {
                    warnings.append("warning: \(form.source): the defined name '\(name.name)' is not carried over (\(error))")
                }
            }
            try workbook.close()
        } catch {
            throw .workbook(error)
        }
        return WorkbookRenderer.limitWarnings(written) + warnings
    }

    // MARK: - Planning

    /// The worksheets to write, in the client's order; a sheet template becomes one worksheet per item.
    func plan() -> [Instance] {
        var instances: [Instance] = []
        var taken: [String] = form.sheets.filter { $0.repetition == nil }.map(\.sheet.name)
        for formSheet in form.sheets {
            let spec = SheetSpec.listing(formSheet.filter)
            let inventory = self.inventory
            func isTest(_ module: String, _ kind: TargetKind?) -> Bool {
                formSheet.filter.excludeTests && (kind ?? inventory?.kind(ofModule: module))?.isTest == true
            }
            let functions = planner.sortedFunctions(spec).map { planner.allFunctions[$0] }.filter { !isTest($0.module, $0.moduleKind) }
            let types = planner.typeRows(spec).compactMap { row -> (TypeRecord, [FunctionRecord])? in
                if case .type(let type, _, let members) = row, !isTest(type.module, type.moduleKind) { return (type, members) }
                return nil
            }
            switch formSheet.repetition {
            case nil:
                instances.append(instance(formSheet, name: formSheet.sheet.name, values: [:], functions: functions, types: types))
            case .type?:
                for (index, (type, members)) in types.enumerated() {
                    // The type's counts describe the functions its sheet lists (after the sheet's settings).
                    let memberKeys = Set(members.map(FormRenderer.key))
                    let listed = functions.filter { memberKeys.contains(FormRenderer.key($0)) }
                    var values: [String: String] = [:]
                    for field in TypeField.allCases {
                        values[RowField.type(field).marker] = FieldCatalog.value(of: field, type: type, number: index + 1, functions: listed, context: context).text
                    }
                    let name = uniqueName(Placeholders.expand(formSheet.sheet.name, globals.merging(values) { $1 }), taken: &taken)
                    instances.append(instance(formSheet, name: name, values: values, functions: listed, types: []))
                }
            case .module?, .file?:
                let byFile = formSheet.repetition == .file
                var order: [String] = []
                for record in functions { let key = byFile ? record.file : record.module; if !order.contains(key) { order.append(key) } }
                for key in order.sorted(by: SortValue.naturallyPrecedes) {
                    let values = [byFile ? "file" : "module": key]
                    let listed = functions.filter { (byFile ? $0.file : $0.module) == key }
                    let listedTypes = types.filter { (byFile ? $0.0.file : $0.0.module) == key }
                    let name = uniqueName(Placeholders.expand(formSheet.sheet.name, globals.merging(values) { $1 }), taken: &taken)
                    instances.append(instance(formSheet, name: name, values: values, functions: listed, types: listedTypes))
                }
            }
        }
        return instances
    }

    private static func key(_ record: FunctionRecord) -> String { "\(record.file)\u{1}\(record.line)\u{1}\(record.column)" }

    private func uniqueName(_ wanted: String, taken: inout [String]) -> String {
        let name = SheetName.problem(with: wanted) == nil && !taken.contains { $0.caseInsensitiveCompare(wanted) == .orderedSame }
            ? wanted : SheetName.sanitized(wanted, avoiding: taken)
        taken.append(name)
        return name
    }

    /// One worksheet: its values and the rows of each row template.
    private func instance(_ formSheet: FormSheet, name: String, values: [String: String], functions: [FunctionRecord],
                          types: [(TypeRecord, [FunctionRecord])]) -> Instance {
        var values = globals.merging(values) { $1 }
        values["sheet"] = name
        var blockRows: [Int: [OutputRow]] = [:]
        var blocks: [RowExpansion.Block] = []
        let templates = formSheet.rowTemplates
        var index = 0
        while index < templates.count {
            let template = templates[index]
            var rows: [OutputRow]
            var last = template.row
            if template.scope == .group, index + 1 < templates.count, templates[index + 1].row == template.row + 1 {
                last = template.row + 1
                rows = groupedFunctionRows(functions, groupRow: template.row, functionRow: last, levels: formSheet.filter.group)
                index += 2
            } else {
                rows = itemRows(template, functions: functions, types: types, sheet: formSheet.sheet)
                index += 1
            }
            blockRows[template.row] = rows
            blocks.append(RowExpansion.Block(first: template.row, last: last, written: rows.count))
        }
        return Instance(formSheet: formSheet, name: name, values: values, blockRows: blockRows,
                        expansion: RowExpansion(blocks: blocks))
    }

    /// The rows of a single-row template.
    private func itemRows(_ template: RowTemplate, functions: [FunctionRecord], types: [(TypeRecord, [FunctionRecord])],
                          sheet: SheetDocument) -> [OutputRow] {
        switch template.scope {
        case .function, .group:
            return functions.enumerated().map { number, record in
                OutputRow(templateRow: template.row, values: functionValues(record, number: number + 1))
            }
        case .type:
            return types.enumerated().map { number, entry in
                OutputRow(templateRow: template.row, values: RowField.values(TypeField.self, RowField.type) {
                    FieldCatalog.value(of: $0, type: entry.0, number: number + 1, functions: entry.1, context: context)
                })
            }
        case .module, .file:
            guard let inventory else { return [] }
            let byFile = template.scope == .file
            let names = Set(functions.map { byFile ? $0.file : $0.module } + types.map { byFile ? $0.0.file : $0.0.module })
            return SummaryRow.rows(inventory, level: byFile ? .file : .module).filter { names.contains($0.name) }
                .map { row in
                    OutputRow(templateRow: template.row, values: RowField.values(SummaryField.self, byFile ? RowField.file : RowField.module) {
                        FieldCatalog.value(of: $0, summary: row, locale: context.locale)
                    })
                }
        case .history:
            // The history continues the rows the client filled in: the number follows the one above.
            let numberColumn = sheet.cells.first { $0.reference.row == template.row && $0.value.markerText?.contains("{{history.number}}") == true }?
                .reference.column
            let previous = sheet.cells.first { $0.reference.row == template.row - 1 && $0.reference.column == numberColumn }
            var number = 1.0
            if case .number(let above)? = previous?.value { number = above + 1 }
            return [OutputRow(templateRow: template.row, values: RowField.values(HistoryField.self, RowField.history) { field in
                switch field {
                case .number: return .number(number)
                case .date: return .text(context.dateText)
                case .version: return .text(context.version ?? "")
                case .author: return .text(context.author ?? "")
                case .blank: return .empty
                }
            })]
        }
    }

    /// The values of every `{{function.…}}` marker for one function row.
    private func functionValues(_ record: FunctionRecord, number: Int) -> [String: CellValue] {
        RowField.values(FunctionField.self, RowField.function) {
            FieldCatalog.value(of: $0, function: record, number: number, context: context)
        }
    }

    /// A group row (written when a group starts) followed by its function rows.
    private func groupedFunctionRows(_ functions: [FunctionRecord], groupRow: Int, functionRow: Int, levels: [GroupLevel]) -> [OutputRow] {
        var rows: [OutputRow] = []
        var current: [String?] = Array(repeating: nil, count: levels.count)
        for (number, record) in functions.enumerated() {
            for (level, groupLevel) in levels.enumerated() {
                let key = planner.groupKey(record, groupLevel)
                guard key != current[level] else { continue }
                current[level] = key
                for deeper in (level + 1)..<max(level + 1, levels.count) { current[deeper] = nil }
                rows.append(OutputRow(templateRow: groupRow, values: RowField.values(GroupField.self, RowField.group) { field in
                    switch field {
                    case .name: return .text(planner.groupTitle(key, level: groupLevel))
                    case .level: return .number(Double(level + 1))
                    }
                }))
            }
            rows.append(OutputRow(templateRow: functionRow, values: functionValues(record, number: number + 1)))
        }
        return rows
    }
}

extension RowField {
    /// The value of every field of one scope, keyed by marker text (`function.name`).
    static func values<Field: TemplateField>(_ fields: Field.Type, _ scope: (Field) -> RowField,
                                             _ value: (Field) -> CellValue) -> [String: CellValue] {
        Dictionary(uniqueKeysWithValues: Field.allCases.map { (scope($0).marker, value($0)) })
    }
}

extension SheetSpec {
    /// A sheet spec that only carries a form sheet's listing settings (the planner's filters and sort read it).
    static func listing(_ filter: FormFilter) -> SheetSpec {
        SheetSpec(kind: .functions, name: LocalizedText(""), description: nil, cells: [], columnWidths: [:], rowHeights: [:], startRow: nil,
                  columns: [], sort: filter.sort, group: filter.group, splitSheets: false, sections: false, minAccess: filter.minAccess,
                  kinds: filter.kinds, documentation: filter.documentation, highlightUndocumented: nil, excelTable: false,
                  freezeHeader: false, freezeColumns: 0, autofilter: false, emptyRows: 0, summaryLevels: [], chart: nil, print: nil,
                  tabColor: nil, gridlines: true, line: 0)
    }
}

/// Writes one worksheet of a filled form.
struct FormSheetWriter {
    let instance: FormRenderer.Instance
    let worksheet: Worksheet
    let expansions: [String: RowExpansion]
    let renamed: [String: String]

    private var sheet: SheetDocument { instance.formSheet.sheet }
    private var expansion: RowExpansion { instance.expansion }

    func write() throws(WorkbookError) {
        let templateRows = Set(instance.blockRows.flatMap { first, _ in
            expansion.block(containing: first).map { Array($0.first...$0.last) } ?? []
        })
        // Columns and default heights first: libxlsxwriter applies column formats to cells written later.
        if let height = sheet.defaultRowHeight { try worksheet.setDefaultRowHeight(height) }
        for column in sheet.columns {
            try worksheet.setColumnWidth(column.first, column.last, width: (column.width ?? sheet.defaultColumnWidth).map(FormSheetWriter.characterWidth),
                                         style: column.style, hidden: column.hidden)
        }
        // Rows: the template's rows moved, each block's rows repeated.
        for (row, format) in sheet.rows.sorted(by: { $0.key < $1.key }) where !templateRows.contains(row) {
            try worksheet.setRowFormat(expansion.start(row), height: format.height, hidden: format.hidden, style: format.style)
        }
        // Merges before cells: a merge writes its first cell, the cell's value is written over it.
        for merge in sheet.merges where !(merge.rowCount == 1 && templateRows.contains(merge.first.row)) {
            let anchor = sheet.cells.first { $0.reference == merge.first }
            try worksheet.merge(expansion.map(merge), text: "", style: anchor?.style)
        }
        let cellsByRow = Dictionary(grouping: sheet.cells, by: \.reference.row)
        for (first, rows) in instance.blockRows {
            guard let block = expansion.block(containing: first) else { continue }
            let start = expansion.firstRow(of: block)
            if rows.isEmpty {
                // Nothing to list: the template rows stay, their markers emptied.
                for templateRow in block.first...block.last {
                    if let format = sheet.rows[templateRow] {
                        try worksheet.setRowFormat(start + templateRow - block.first, height: format.height, hidden: format.hidden, style: format.style)
                    }
                    try replicateMerges(of: templateRow, at: start + templateRow - block.first)
                    for cell in cellsByRow[templateRow] ?? [] {
                        if let text = cell.value.markerText, Placeholders.names(in: text).contains(where: { $0.contains(".") }) {
                            try worksheet.writeBlank(row: start + templateRow - block.first, column: cell.reference.column, style: cell.style)
                        } else {
                            try writeCell(cell, row: start + templateRow - block.first, values: [:])
                        }
                    }
                }
                continue
            }
            for (offset, output) in rows.enumerated() {
                let row = start + offset
                if let format = sheet.rows[output.templateRow] {
                    try worksheet.setRowFormat(row, height: format.height, hidden: format.hidden, style: format.style)
                }
                try replicateMerges(of: output.templateRow, at: row)
                for cell in cellsByRow[output.templateRow] ?? [] {
                    try writeCell(cell, row: row, values: output.values)
                }
            }
            // Rows of a block that no written row copies (an empty group row template): nothing to write.
        }
        // The cells outside the row templates.
        for cell in sheet.cells where !templateRows.contains(cell.reference.row) {
            try writeCell(cell, row: expansion.start(cell.reference.row), values: [:])
        }
        try writeSheetSettings()
    }

    private func replicateMerges(of templateRow: Int, at row: Int) throws(WorkbookError) {
        for merge in sheet.merges where merge.first.row == templateRow && merge.last.row == templateRow {
            let anchor = sheet.cells.first { $0.reference == merge.first }
            try worksheet.merge(CellRange(firstRow: row, firstColumn: merge.first.column, lastRow: row, lastColumn: merge.last.column),
                                text: "", style: anchor?.style)
        }
    }

    /// Writes a template cell at `row` with its markers expanded (`values` for the row's item, then the sheet's).
    private func writeCell(_ cell: SheetCell, row: Int, values: [String: CellValue]) throws(WorkbookError) {
        let column = cell.reference.column
        switch cell.value {
        case .empty:
            try worksheet.writeBlank(row: row, column: column, style: cell.style)
        case .number(let number):
            try worksheet.write(number, row: row, column: column, style: cell.style)
        case .bool(let value):
            try worksheet.writeBoolean(value, row: row, column: column, style: cell.style)
        case .error(let text):
            try worksheet.writeFormula("=" + text, row: row, column: column, style: cell.style)
        case .formula(let formula, _):
            let adjusted = FormulaReferences.adjust(formula, on: sheet.name, expansions: expansions, renamed: renamed)
            try worksheet.writeFormula("=" + adjusted, row: row, column: column, style: cell.style)
        case .text(let text):
            let names = Placeholders.names(in: text)
            guard !names.isEmpty else {
                try worksheet.write(text, row: row, column: column, style: cell.style)
                return
            }
            // A cell that is exactly one marker keeps the value's type (a number stays a number).
            if names.count == 1, text.trimmingCharacters(in: .whitespaces) == "{{\(names[0])}}" {
                let name = names[0]
                if let value = values[name] {
                    switch value {
                    case .number(let number): try worksheet.write(number, row: row, column: column, style: cell.style)
                    case .empty: try worksheet.writeBlank(row: row, column: column, style: cell.style)
                    case .text(let string):
                        if name.hasSuffix(".sourceURL"), !string.isEmpty {
                            try worksheet.writeLink(url: string, text: string, row: row, column: column, style: cell.style)
                        } else {
                            try worksheet.write(string, row: row, column: column, style: cell.style)
                        }
                    }
                    return
                }
                if let number = FormSheetWriter.numericGlobal(name, instance.values)
                    ?? (RowField(marker: name)?.isNumeric == true ? instance.values[name].flatMap(Double.init) : nil) {
                    try worksheet.write(number, row: row, column: column, style: cell.style)
                    return
                }
            }
            var merged = instance.values
            for (key, value) in values { merged[key] = value.text }
            // Markers of a row template that writes nothing are emptied.
            for name in names where name.contains(".") && merged[name] == nil { merged[name] = "" }
            let expanded = Placeholders.expand(text, merged)
            if expanded.isEmpty {
                try worksheet.writeBlank(row: row, column: column, style: cell.style)
            } else {
                try worksheet.write(expanded, row: row, column: column, style: cell.style)
            }
        }
    }

    /// The width to ask libxlsxwriter for so that it stores `stored` again: a workbook stores a column's width with
    /// Excel's cell padding (5 pixels of a 7-pixel digit, 0.71 characters) added, and libxlsxwriter adds it too.
    static func characterWidth(_ stored: Double) -> Double {
        let digit = 7.0, padding = 5.0
        guard stored >= 1 + padding / digit else { return stored * digit / (digit + padding) }
        // The column's width in pixels (a half pixel, as Mac Excel stores 4.5, rounds down as Excel draws it), less
        // the padding, in digits: libxlsxwriter then stores the same pixel width.
        let pixels = (stored * digit - 0.5).rounded(.up)
        return (pixels - padding) / digit
    }

    /// The number a workbook-wide number placeholder stands for (`coverage` as a fraction).
    static func numericGlobal(_ name: String, _ values: [String: String]) -> Double? {
        switch name {
        case "coverage": return values[Placeholders.coverageFraction].flatMap(Double.init)
        case "functions", "documented", "undocumented", "types", "modules", "files", "added", "removed", "changed":
            return values[name].flatMap(Double.init)
        default: return nil
        }
    }

    /// Freeze panes, filter, validations, conditional formats, images, print setup and the sheet's look.
    private func writeSheetSettings() throws(WorkbookError) {
        if let freeze = sheet.freezePanes {
            try worksheet.freezePanes(row: freeze.row == 0 ? 0 : expansion.start(freeze.row - 1) + 1, column: freeze.column)
        }
        if let filter = sheet.autofilter { try worksheet.setAutofilter(expansion.map(filter)) }
        for validation in sheet.dataValidations {
            var moved = validation
            moved.ranges = validation.ranges.map(expansion.map)
            moved.formula1 = validation.formula1.map { FormulaReferences.adjust($0, on: sheet.name, expansions: expansions, renamed: renamed) }
            moved.formula2 = validation.formula2.map { FormulaReferences.adjust($0, on: sheet.name, expansions: expansions, renamed: renamed) }
            try worksheet.addDataValidation(moved)
        }
        for format in sheet.conditionalFormats {
            var moved = format
            moved.ranges = format.ranges.map(expansion.map)
            let adjust = { (formula: String) in FormulaReferences.adjust(formula, on: sheet.name, expansions: expansions, renamed: renamed) }
            switch format.rule {
            case .cellValue(let comparison, let first, let second): moved.rule = .cellValue(comparison, adjust(first), second.map(adjust))
            case .expression(let formula): moved.rule = .expression(adjust(formula))
            default: break
            }
            try worksheet.addConditionalFormat(moved)
        }
        for image in sheet.images {
            var moved = image
            moved.anchor = expansion.map(image.anchor)
            try worksheet.insertImage(moved)
        }
        var setup = sheet.pageSetup
        setup.printArea = setup.printArea.map(expansion.map)
        if let rows = setup.repeatRows { setup.repeatRows = expansion.start(rows.lowerBound)...expansion.end(rows.upperBound) }
        let escape = { (text: String) in text.replacingOccurrences(of: "&", with: "&&") }
        setup.header = setup.header.map { Placeholders.expand($0, instance.values, fittingUTF8: 255, escape: escape) }
        setup.footer = setup.footer.map { Placeholders.expand($0, instance.values, fittingUTF8: 255, escape: escape) }
        try worksheet.setPageSetup(setup)
        if let color = sheet.tabColor { try worksheet.setTabColor(color) }
        if !sheet.showsGridlines { try worksheet.hideGridlines() }
        if let zoom = sheet.zoom { try worksheet.setZoom(zoom) }
        if sheet.rightToLeft { try worksheet.setRightToLeft() }
        if let selection = sheet.selection { try worksheet.select(expansion.map(selection)) }
        if sheet.visibility != .visible { try worksheet.setVisibility(sheet.visibility) }
    }
}
