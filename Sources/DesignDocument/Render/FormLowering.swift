import Foundation
import Inventory
import SpreadsheetModel
import SpreadsheetReader
import Workbook

/// Lowers a client's workbook (a ``WorkbookForm``) into a ``RenderPlan``: placeholders expanded, row templates written
/// once per item with everything below them moved down, sheet templates written once per type, module or file.
/// Everything the client's sheets carry is planned again for the Workbook module.
struct FormLowering {
    let form: WorkbookForm
    let context: DocumentContext
    let inventory: Inventory?
    let planner: SheetPlanner
    /// Values of the placeholders available everywhere.
    let globals: [String: String]
    /// Where Graphviz's layouts and pictures of earlier runs are kept (the diagrams at picture markers), or `nil`.
    var diagramCache: DiagramPictureCache?

    /// One worksheet to write: a form sheet for one item (or the only one).
    struct Instance: Sendable {
        var formSheet: FormSheet
        var name: String
        /// The placeholder values of the sheet: the workbook's, `sheet`, and those of the item a sheet template is
        /// written for (`type.*`, `module`, `file`).
        var values: [String: String]
        /// The rows each block of template rows writes, top to bottom.
        var blocks: [(block: RowExpansion.Block, rows: [OutputRow])]
        var expansion: RowExpansion
        /// The sheet's picture cells and the diagram each shows.
        var pictures: [(cell: PictureCell, subject: DiagramSubject)] = []
        /// The copies of each block of several template rows (by the block's first template row), as offsets into its
        /// written rows: each kept on one printed page (a group row with the copy below it).
        var copies: [Int: [Range<Int>]] = [:]
    }

    /// One written row of a block: the template row it copies and the item it is written for.
    struct OutputRow: Sendable {
        var templateRow: Int
        var item: RowItem
        /// The block's merges spanning several rows that start on this row: the template's range and how many
        /// written rows the copy covers.
        var merges: [(template: CellRange, rows: Int)] = []
    }

    /// The workbook to write.
    func plan() -> RenderPlan {
        let instances = self.instances()
        var expansions: [String: RowExpansion] = [:]
        var renamed: [String: String] = [:]
        for instance in instances where expansions[instance.formSheet.sheet.name] == nil {
            expansions[instance.formSheet.sheet.name] = instance.expansion
            if instance.name != instance.formSheet.sheet.name { renamed[instance.formSheet.sheet.name] = instance.name }
        }
        let properties = form.properties
        func expand(_ text: String?) -> String? {
            guard let text else { return nil }
            let expanded = Placeholders.expand(text, globals)
            return expanded.isEmpty ? nil : expanded
        }
        let activeName = form.sheets.indices.contains(form.activeSheet) ? form.sheets[form.activeSheet].sheet.name : nil
        var activated = false
        // The diagrams the picture markers show, each drawn once.
        let subjects = Set(instances.flatMap { $0.pictures.map(\.subject) })
        var pictures: [DiagramSubject: MarkerPicture] = [:]
        var pictureWarnings: [String] = []
        if let inventory {
            (pictures, pictureWarnings) = MarkerDiagrams.draw(subjects, inventory: inventory, title: context.projectName, locale: context.locale,
                                                              cache: diagramCache, source: form.source)
        }
        let worksheets = instances.map { instance in
            // References on a sheet to itself follow its own rows (each sheet of a sheet template has its own).
            let lowering = FormSheetLowering(
                instance: instance, context: context,
                expansions: expansions.merging([instance.formSheet.sheet.name: instance.expansion]) { $1 }, renamed: renamed,
                pictures: pictures)
            var worksheet = lowering.worksheet()
            if !activated, instance.formSheet.sheet.name == activeName, instance.formSheet.sheet.visibility == .visible {
                worksheet.layout.isActive = true
                activated = true
            }
            return worksheet
        }
        let definedNames = form.definedNames.map { name in
            PlannedDefinedName(
                name: name.name, formula: "=" + FormulaReferences.adjust(name.formula, on: "", expansions: expansions, renamed: renamed),
                localSheet: name.localSheet.flatMap { index in
                    form.sheets.indices.contains(index) ? (renamed[form.sheets[index].sheet.name] ?? form.sheets[index].sheet.name) : nil
                })
        }
        return RenderPlan(
            properties: SpreadsheetProperties(
                title: expand(properties.title), subject: expand(properties.subject), author: expand(properties.author) ?? context.author,
                manager: expand(properties.manager), company: expand(properties.company), category: expand(properties.category),
                keywords: expand(properties.keywords), comments: expand(properties.comments), status: expand(properties.status)),
            created: context.generatedAt,
            defaultStyle: form.defaultStyle, worksheets: .planned(worksheets), definedNames: definedNames,
            warnings: form.unsupported.map { "warning: \(form.source): \($0) is not carried over (DocSheet's writer cannot write it)" }
                + pictureWarnings,
            source: form.source)
    }

    // MARK: - Planning

    /// The worksheets to write, in the client's order; a sheet template becomes one worksheet per item.
    func instances() -> [Instance] {
        var instances: [Instance] = []
        var taken: [String] = form.sheets.filter { $0.repetition == nil }.map(\.sheet.name)
        for formSheet in form.sheets {
            let spec = SheetSpec.listing(formSheet.filter)
            let inventory = self.inventory
            func isTest(_ module: String, _ kind: TargetKind?) -> Bool {
                formSheet.filter.excludeTests && (kind ?? inventory?.kind(ofModule: module))?.isTest == true
            }
            let functions = planner.sortedFunctions(spec).map { planner.allFunctions[$0] }.filter { !isTest($0.module, $0.moduleKind) }
            // Property rows follow the same settings, with the property kinds and property sort keys among them.
            var propertySpec = spec
            propertySpec.kinds = formSheet.filter.propertyKinds
            let properties = formSheet.blocks.contains(where: { $0.scope == .property })
                ? planner.sortedProperties(propertySpec).map { planner.allProperties[$0] }.filter { !isTest($0.module, $0.moduleKind) } : []
            let types = planner.typeRows(spec).compactMap { row -> (TypeRecord, [FunctionRecord], [PropertyRecord])? in
                if case .type(let type, _, let members, let properties) = row, !isTest(type.module, type.moduleKind) {
                    return (type, members, properties)
                }
                return nil
            }
            switch formSheet.repetition {
            case nil:
                instances.append(instance(formSheet, name: formSheet.sheet.name, values: [:], functions: functions, types: types,
                                          properties: properties))
            case .type?:
                for (index, (type, members, typeProperties)) in types.enumerated() {
                    // The type's counts describe the functions its sheet lists (after the sheet's settings).
                    let memberKeys = Set(members.map(FormLowering.key))
                    let listed = functions.filter { memberKeys.contains(FormLowering.key($0)) }
                    var values: [String: String] = [:]
                    for field in TypeField.allCases {
                        values[RowField.type(field).marker] = FieldCatalog.value(
                            of: field, type: type, number: index + 1, functions: listed, properties: typeProperties, context: context).text
                    }
                    let name = uniqueName(Placeholders.expand(formSheet.sheet.name, globals.merging(values) { $1 }), taken: &taken)
                    // The sheet's property rows list the type's own properties, in the sheet's order.
                    let propertyKeys = Set(typeProperties.map(FormLowering.key))
                    instances.append(instance(formSheet, name: name, values: values, functions: listed, types: [],
                                              properties: properties.filter { propertyKeys.contains(FormLowering.key($0)) }))
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
                    let listedProperties = properties.filter { (byFile ? $0.file : $0.module) == key }
                    instances.append(instance(formSheet, name: name, values: values, functions: listed, types: listedTypes,
                                              properties: listedProperties))
                }
            }
        }
        return instances
    }

    private static func key(_ record: FunctionRecord) -> String { "\(record.file)\u{1}\(record.line)\u{1}\(record.column)" }
    private static func key(_ record: PropertyRecord) -> String { "\(record.file)\u{1}\(record.line)\u{1}\(record.column)" }

    private func uniqueName(_ wanted: String, taken: inout [String]) -> String {
        let name = SheetName.problem(with: wanted) == nil && !taken.contains { $0.caseInsensitiveCompare(wanted) == .orderedSame }
            ? wanted : SheetName.sanitized(wanted, avoiding: taken)
        taken.append(name)
        return name
    }

    /// One worksheet: its values and the rows of each block of row templates.
    private func instance(_ formSheet: FormSheet, name: String, values: [String: String], functions: [FunctionRecord],
                          types: [(TypeRecord, [FunctionRecord], [PropertyRecord])], properties: [PropertyRecord]) -> Instance {
        var values = globals.merging(values) { $1 }
        values["sheet"] = name
        var blocks: [(block: RowExpansion.Block, rows: [OutputRow])] = []
        var copies: [Int: [Range<Int>]] = [:]
        let templates = formSheet.blocks
        var index = 0
        while index < templates.count {
            let template = templates[index]
            var rows: [OutputRow]
            // The block of the item rows (below a group row: the function block).
            var itemBlock = template
            if template.scope == .group, index + 1 < templates.count, templates[index + 1].first == template.last + 1 {
                itemBlock = templates[index + 1]
                rows = groupedFunctionRows(functions, groupRow: template.first, block: itemBlock, levels: formSheet.filter.group)
                index += 2
            } else {
                rows = itemRows(template, functions: functions, types: types, properties: properties, sheet: formSheet.sheet)
                index += 1
            }
            if itemBlock.first != itemBlock.last {
                copies[template.first] = FormLowering.copies(of: rows, itemBlock: itemBlock, groupRow: template.scope == .group ? template.first : nil)
            }
            var block = RowExpansion.Block(first: template.first, last: itemBlock.last, written: rows.count)
            // Each row of a block of several template rows spans its copies (an empty block keeps its rows).
            if itemBlock.first != itemBlock.last {
                for (offset, output) in rows.enumerated() where itemBlock.rows.contains(output.templateRow) {
                    block.rowSpans[output.templateRow] = (block.rowSpans[output.templateRow]?.lowerBound ?? offset)...offset
                }
                if rows.isEmpty {
                    for row in itemBlock.rows { block.rowSpans[row] = (row - template.first)...(row - template.first) }
                }
            }
            blocks.append((block, rows))
        }
        let expansion = RowExpansion(blocks: blocks.map(\.block))
        // Each block as the expansion keeps it (at least its own height written).
        blocks = blocks.map { (expansion.block(containing: $0.block.first) ?? $0.block, $0.rows) }.sorted { $0.block.first < $1.block.first }
        let pictures = formSheet.pictures.compactMap { cell in
            cell.marker.subject(repetition: formSheet.repetition, values: values).map { (cell, $0) }
        }
        return Instance(formSheet: formSheet, name: name, values: values, blocks: blocks, expansion: expansion, pictures: pictures,
                        copies: copies)
    }

    /// The copies of a block of several template rows among its written `rows`: each starts at the block's first
    /// row, or at the group rows right above it.
    static func copies(of rows: [OutputRow], itemBlock: RowBlock, groupRow: Int?) -> [Range<Int>] {
        let leadingRun = itemBlock.nestedRun(containing: itemBlock.first)
        var starts: [Int] = []
        for (offset, output) in rows.enumerated() {
            let previous = offset > 0 ? rows[offset - 1].templateRow : nil
            let afterGroup = previous != nil && previous == groupRow
            if output.templateRow == groupRow {
                if !afterGroup { starts.append(offset) }
            } else if output.templateRow == itemBlock.first, !afterGroup,
                      leadingRun == nil || previous == nil || !(leadingRun!.contains(previous!)) {
                starts.append(offset)
            }
        }
        return starts.enumerated().map { index, start in start..<(index + 1 < starts.count ? starts[index + 1] : rows.count) }
    }

    /// The rows of a block of row templates: one copy of the block per item.
    private func itemRows(_ block: RowBlock, functions: [FunctionRecord], types: [(TypeRecord, [FunctionRecord], [PropertyRecord])],
                          properties: [PropertyRecord], sheet: SheetDocument) -> [OutputRow] {
        switch block.scope {
        case .function, .group, .parameter:
            return functions.enumerated().flatMap { number, record in FormLowering.copy(of: block, for: .function(record, number: number + 1)) }
        case .type:
            return types.enumerated().flatMap { number, entry in
                FormLowering.copy(of: block, for: .type(entry.0, functions: entry.1, properties: entry.2, number: number + 1))
            }
        case .property:
            return properties.enumerated().flatMap { number, record in FormLowering.copy(of: block, for: .property(record, number: number + 1)) }
        case .module, .file:
            guard let inventory else { return [] }
            let byFile = block.scope == .file
            let names = Set(functions.map { byFile ? $0.file : $0.module } + types.map { byFile ? $0.0.file : $0.0.module })
            return SummaryRow.rows(inventory, level: byFile ? .file : .module).filter { names.contains($0.name) }
                .flatMap { FormLowering.copy(of: block, for: .summary($0, byFile: byFile)) }
        case .screen, .transition, .message, .error, .entity, .attribute:
            return AppRowItem.items(of: block.scope, in: inventory).enumerated().flatMap { number, item in
                FormLowering.copy(of: block, for: .app(item, number: number + 1))
            }
        case .history:
            // The history continues the rows the client filled in: the number follows the one above.
            let numberColumn = sheet.cells.first { $0.reference.row == block.first && $0.value.markerText?.contains("{{history.number}}") == true }?
                .reference.column
            let previous = sheet.cells.first { $0.reference.row == block.first - 1 && $0.reference.column == numberColumn }
            var number = 1.0
            if case .number(let above)? = previous?.value { number = above + 1 }
            return [OutputRow(templateRow: block.first, item: .history(number: number))]
        }
    }

    /// One copy of `block` written for `item`: each template row once, each run of parameter rows once per parameter of
    /// the function (once, its fields empty, for a function without parameters), the block's merges placed.
    static func copy(of block: RowBlock, for item: RowItem) -> [OutputRow] {
        if block.first == block.last && block.nested.isEmpty && block.merges.isEmpty {
            return [OutputRow(templateRow: block.first, item: item)]
        }
        var rows: [OutputRow] = []
        // The first and last row each template row writes in this copy (offsets into `rows`).
        var firstWritten: [Int: Int] = [:], lastWritten: [Int: Int] = [:]
        var row = block.first
        while row <= block.last {
            guard let run = block.nestedRun(containing: row) else {
                firstWritten[row] = rows.count
                lastWritten[row] = rows.count
                rows.append(OutputRow(templateRow: row, item: item))
                row += 1
                continue
            }
            let parameters: [FunctionRecord.Parameter?]
            var function: FunctionRecord?
            if case .function(let record, _) = item {
                function = record
                parameters = record.parameters.isEmpty ? [nil] : record.parameters.map { $0 }
            } else {
                parameters = [nil]
            }
            for (number, parameter) in parameters.enumerated() {
                let start = rows.count
                for templateRow in run {
                    if firstWritten[templateRow] == nil { firstWritten[templateRow] = rows.count }
                    lastWritten[templateRow] = rows.count
                    let nested: RowItem = function.map { .parameter(parameter, number: number + 1, function: $0) } ?? item
                    rows.append(OutputRow(templateRow: templateRow, item: nested))
                }
                // A merge inside the run is written again for each parameter.
                for merge in block.merges where run.contains(merge.first.row) && run.contains(merge.last.row) {
                    rows[start + merge.first.row - run.lowerBound].merges.append((merge, merge.rowCount))
                }
            }
            row = run.upperBound + 1
        }
        // A merge over rows of the block covers every row the copy writes from its first row to its last.
        for merge in block.merges where !(block.nestedRun(containing: merge.first.row)?.contains(merge.last.row) ?? false) {
            guard let top = firstWritten[merge.first.row], let bottom = lastWritten[merge.last.row] else { continue }
            rows[top].merges.append((merge, bottom - top + 1))
        }
        return rows
    }

    /// A group row (written when a group starts) followed by the function block's rows.
    private func groupedFunctionRows(_ functions: [FunctionRecord], groupRow: Int, block: RowBlock, levels: [GroupLevel]) -> [OutputRow] {
        var rows: [OutputRow] = []
        var current: [String?] = Array(repeating: nil, count: levels.count)
        for (number, record) in functions.enumerated() {
            for (level, groupLevel) in levels.enumerated() {
                let key = planner.groupKey(record, groupLevel)
                guard key != current[level] else { continue }
                current[level] = key
                for deeper in (level + 1)..<max(level + 1, levels.count) { current[deeper] = nil }
                rows.append(OutputRow(templateRow: groupRow, item: .group(title: planner.groupTitle(key, level: groupLevel), level: level + 1)))
            }
            rows.append(contentsOf: FormLowering.copy(of: block, for: .function(record, number: number + 1)))
        }
        return rows
    }
}

/// One item a row template is written for; its markers' values are worked out from it, field by field. Indirect: a
/// block's rows share one boxed item, so copying a written row retains one box instead of every field of a function's
/// record (the copies were a tenth of the time of filling a 40,000-function block form).
indirect enum RowItem: Sendable {
    /// A function and its running number.
    case function(FunctionRecord, number: Int)
    /// A type, the functions and properties its row counts, and its running number.
    case type(TypeRecord, functions: [FunctionRecord], properties: [PropertyRecord], number: Int)
    /// A module's or a file's totals.
    case summary(SummaryRow, byFile: Bool)
    /// The revision-history row and its number.
    case history(number: Double)
    /// A group heading: its title and level (1 for the outermost).
    case group(title: String, level: Int)
    /// A parameter of a function (`nil` for a function without parameters: its fields are empty) and its number.
    case parameter(FunctionRecord.Parameter?, number: Int, function: FunctionRecord)
    /// A property or enum case and its running number.
    case property(PropertyRecord, number: Int)
    /// A record of the app around the code (a screen, a transition, a message, an error case, an entity, or an
    /// attribute with its entity) and its running number.
    case app(AppRowItem, number: Int)

    /// The value of `field` for this item, or `nil` when the field belongs to another kind of row.
    func value(of field: RowField, context: DocumentContext) -> CellValue? {
        switch (self, field) {
        case (.function(let record, let number), .function(let field)):
            return FieldCatalog.value(of: field, function: record, number: number, context: context)
        case (.type(let record, let functions, let properties, let number), .type(let field)):
            return FieldCatalog.value(of: field, type: record, number: number, functions: functions, properties: properties, context: context)
        case (.summary(let row, false), .module(let field)), (.summary(let row, true), .file(let field)):
            return FieldCatalog.value(of: field, summary: row, locale: context.locale)
        case (.history(let number), .history(let field)):
            switch field {
            case .number: return .number(number)
            case .date: return .text(context.dateText)
            case .version: return .text(context.version ?? "")
            case .author: return .text(context.author ?? "")
            case .blank: return .empty
            }
        case (.group(let title, let level), .group(let field)):
            switch field {
            case .name: return .text(title)
            case .level: return .number(Double(level))
            }
        case (.parameter(let parameter, let number, let function), .parameter(let field)):
            return FieldCatalog.value(of: field, parameter: parameter, number: number, function: function)
        case (.property(let record, let number), .property(let field)):
            return FieldCatalog.value(of: field, property: record, number: number, context: context)
        case (.app(let item, let number), _):
            return item.value(of: field, number: number, context: context)
        default:
            return nil
        }
    }
}

extension SheetSpec {
    /// A sheet spec that only carries a form sheet's listing settings (the planner's filters and sort read it).
    static func listing(_ filter: FormFilter) -> SheetSpec {
        SheetSpec(kind: .functions, name: LocalizedText(""), description: nil, cells: [], columnWidths: [:], rowHeights: [:], startRow: nil,
                  columns: [], sort: filter.sort, group: filter.group, splitSheets: false, sections: false, minAccess: filter.minAccess,
                  kinds: filter.functionKinds, documentation: filter.documentation, highlightUndocumented: nil, excelTable: false,
                  freezeHeader: false, freezeColumns: 0, autofilter: false, emptyRows: 0, summaryLevels: [], chart: nil, print: nil,
                  tabColor: nil, gridlines: true, line: 0)
    }
}

/// Lowers one worksheet of a filled form: the client's sheet with its rows moved and each block's rows repeated.
struct FormSheetLowering: Sendable {
    let instance: FormLowering.Instance
    let context: DocumentContext
    let expansions: [String: RowExpansion]
    let renamed: [String: String]
    /// The diagrams drawn for the form's picture markers.
    var pictures: [DiagramSubject: MarkerPicture] = [:]

    private var sheet: SheetDocument { instance.formSheet.sheet }
    private var expansion: RowExpansion { instance.expansion }

    /// A template cell made ready once for every row written from it.
    private struct TemplateCell: Sendable {
        /// What the cell holds, before a row's item is known.
        enum Content: Sendable {
            /// No marker: written as it is (a formula moved with the rows).
            case fixed(PlannedContent)
            /// Exactly one marker: a number stays a number.
            case marker(String, field: RowField?, text: String)
            /// Text with markers.
            case text(String, markers: [(name: String, field: RowField?)])
        }

        var column: Int
        var style: Int
        var content: Content
        /// Whether a marker names a field (`{{function.name}}`): emptied when its block writes no row.
        var hasFieldMarker: Bool
    }

    /// The worksheet: columns, rows (moved and repeated), cells, and the sheet's settings.
    func worksheet() -> PlannedWorksheet {
        var planned = PlannedWorksheet(name: instance.name)
        let templateRows = Set(instance.blocks.flatMap { Array($0.block.first...$0.block.last) })
        planned.defaultRowHeight = sheet.defaultRowHeight
        for column in sheet.columns {
            planned.columns.append(ColumnFormat(first: column.first, last: column.last,
                                                width: (column.width ?? sheet.defaultColumnWidth).map(FormSheetLowering.characterWidth),
                                                hidden: column.hidden, style: column.style))
        }
        var steps: [PlannedRow] = []
        // Rows: the template's rows moved, each block's rows repeated.
        for (row, format) in sheet.rows.sorted(by: { $0.key < $1.key }) where !templateRows.contains(row) {
            steps.append(PlannedRow(row: expansion.start(row), format: rowFormat(format, in: &planned)))
        }
        let anchors = Dictionary(sheet.cells.map { ($0.reference, $0.style) }) { first, _ in first }
        // Merges before cells: a merge writes its first cell, the cell's value is written over it.
        // A merge starting on a template row belongs to its block (the reader refuses one crossing the block's edge).
        for merge in sheet.merges where !templateRows.contains(merge.first.row) {
            let moved = expansion.map(merge)
            steps.append(PlannedRow(row: moved.first.row, merges: [PlannedMerge(range: moved, text: "", style: planned.style(anchors[merge.first]))]))
        }
        let cellsByRow = Dictionary(grouping: sheet.cells, by: \.reference.row)
        var rowMerges: [Int: [(range: CellRange, style: Int)]] = [:]
        for merge in sheet.merges where merge.rowCount == 1 && templateRows.contains(merge.first.row) {
            rowMerges[merge.first.row, default: []].append((merge, planned.style(anchors[merge.first])))
        }
        var templateFormats: [Int: PlannedRowFormat] = [:]
        var templates: [Int: [TemplateCell]] = [:]
        // Wrapped marker cells merged across a template row: Excel does not grow a row for them, so DocSheet does.
        var wrappedMerges: [Int: [(column: Int, width: Double, fontSize: Double)]] = [:]
        for (row, merges) in rowMerges {
            for merge in merges {
                guard let anchor = cellsByRow[row]?.first(where: { $0.reference == merge.range.first }), anchor.style.wrap,
                      anchor.value.markerText != nil else { continue }
                let width = (merge.range.first.column...merge.range.last.column).reduce(0.0) { $0 + columnWidth($1) }
                wrappedMerges[row, default: []].append((merge.range.first.column, width,
                                                        anchor.style.fontSize ?? 11))
            }
        }
        for templateRow in templateRows.sorted() {
            templateFormats[templateRow] = sheet.rows[templateRow].map { rowFormat($0, in: &planned) }
            templates[templateRow] = (cellsByRow[templateRow] ?? []).map { templateCell($0, in: &planned) }
        }
        // The looks of the blocks' merges over several rows, resolved once: the rows are made on other cores.
        var mergeStyles: [CellReference: Int] = [:]
        for merge in instance.formSheet.blocks.flatMap(\.merges) { mergeStyles[merge.first] = planned.style(anchors[merge.first]) }
        let made = BlockRowMaker(lowering: self, templateFormats: templateFormats, templates: templates, rowMerges: rowMerges,
                                 wrappedMerges: wrappedMerges, mergeStyles: mergeStyles)
        /// Row `row` written from `templateRow` for `item` (`nil`: nothing to list, the row's field markers emptied).
        func copy(_ templateRow: Int, to row: Int, item: RowItem?, merges: [(template: CellRange, rows: Int)] = []) -> PlannedRow {
            made.row(templateRow, to: row, item: item, merges: merges)
        }
        var streamed: [(start: Int, rows: [FormLowering.OutputRow])] = []
        for (block, rows) in instance.blocks {
            let start = expansion.firstRow(of: block)
            if rows.isEmpty {
                // Nothing to list: the block's rows once, emptied, with their merges where the template has them.
                let merges = Dictionary(grouping: instance.formSheet.blocks.filter { block.first <= $0.first && $0.last <= block.last }
                    .flatMap(\.merges), by: \.first.row)
                for templateRow in block.first...block.last {
                    steps.append(copy(templateRow, to: start + templateRow - block.first, item: nil,
                                      merges: (merges[templateRow] ?? []).map { ($0, $0.rowCount) }))
                }
            }
            // A long block's rows are made a batch at a time on other cores while the batch before is written.
            if rows.count >= FormSheetLowering.streamedBlockRows {
                planned.append(steps)
                steps = []
                planned.rows.append(.batches(count: rows.count) { range in
                    range.map { made.row(rows[$0].templateRow, to: start + $0, item: rows[$0].item, merges: rows[$0].merges) }
                })
                streamed.append((start, rows))
                continue
            }
            for (offset, output) in rows.enumerated() {
                steps.append(copy(output.templateRow, to: start + offset, item: output.item, merges: output.merges))
            }
        }
        // The cells outside the row templates, a row at a time; a picture marker's cell is emptied (or says why it
        // has no picture).
        let pictureCells = Dictionary(instance.pictures.map { ($0.cell.cell, $0.subject) }) { first, _ in first }
        for cell in sheet.cells where !templateRows.contains(cell.reference.row) {
            let row = expansion.start(cell.reference.row)
            let prepared = templateCell(cell, in: &planned)
            var content = content(prepared, item: nil)
            if let subject = pictureCells[cell.reference] {
                if case .notDrawn(let text)? = pictures[subject] { content = .text(ExcelText.prepare(text)) } else { content = .blank }
            }
            let written = PlannedCell(column: prepared.column, content: content, style: prepared.style)
            if steps.last?.row == row, steps.last?.format == nil, steps.last?.merges.isEmpty == true {
                steps[steps.count - 1].cells.append(written)
            } else {
                steps.append(PlannedRow(row: row, cells: [written]))
            }
        }
        planned.append(steps)
        planned.layout = layout()
        planned.layout.rowPageBreaks = pageBreaks(steps, streamed: streamed, made: made)
        return planned
    }

    /// From how many rows a block's rows are made in batches while they are written (``RowSegment/batches(count:make:)``)
    /// rather than all before the first is written.
    static let streamedBlockRows = 2_048

    /// Makes the rows of a block from its template rows: `Sendable`, so the rows of a long block are made on other
    /// cores while the thread that owns the workbook writes the batch before.
    private struct BlockRowMaker: Sendable {
        let lowering: FormSheetLowering
        let templateFormats: [Int: PlannedRowFormat]
        let templates: [Int: [TemplateCell]]
        let rowMerges: [Int: [(range: CellRange, style: Int)]]
        /// Wrapped marker cells merged across a template row: Excel does not grow a row for them, so DocSheet does.
        let wrappedMerges: [Int: [(column: Int, width: Double, fontSize: Double)]]
        let mergeStyles: [CellReference: Int]

        /// Row `row` written from `templateRow` for `item` (`nil`: nothing to list, the row's field markers emptied),
        /// with the block's merges over several rows that start on it.
        func row(_ templateRow: Int, to row: Int, item: RowItem?, merges: [(template: CellRange, rows: Int)]) -> PlannedRow {
            var written = PlannedRow(row: row, format: templateFormats[templateRow])
            for merge in merges {
                written.merges.append(PlannedMerge(range: CellRange(firstRow: row, firstColumn: merge.template.first.column,
                                                                    lastRow: row + merge.rows - 1, lastColumn: merge.template.last.column),
                                                   text: "", style: mergeStyles[merge.template.first] ?? 0))
            }
            for merge in rowMerges[templateRow] ?? [] {
                written.merges.append(PlannedMerge(range: CellRange(firstRow: row, firstColumn: merge.range.first.column, lastRow: row,
                                                                    lastColumn: merge.range.last.column), text: "", style: merge.style))
            }
            written.cells = (templates[templateRow] ?? []).map { cell in
                if item == nil, cell.hasFieldMarker { return PlannedCell(column: cell.column, content: .blank, style: cell.style) }
                return PlannedCell(column: cell.column, content: lowering.content(cell, item: item), style: cell.style)
            }
            if item != nil, let wrapped = wrappedMerges[templateRow] {
                let height = written.format?.height ?? lowering.sheet.defaultRowHeight ?? 15
                var needed = height
                for merge in wrapped {
                    guard case .text(let prepared)? = written.cells.first(where: { $0.column == merge.column })?.content else { continue }
                    needed = max(needed, WrappedText.height(of: prepared.text, width: merge.width, fontSize: merge.fontSize))
                }
                if needed > height {
                    written.format = PlannedRowFormat(height: needed, hidden: written.format?.hidden ?? false, style: written.format?.style)
                }
            }
            return written
        }

        /// The height of the row written from `templateRow` for `item`: the template row's, or what its wrapped merged
        /// text needs (only those cells are expanded).
        func height(_ templateRow: Int, item: RowItem) -> Double {
            let format = templateFormats[templateRow]
            if format?.hidden == true { return 0 }
            var height = format?.height ?? lowering.sheet.defaultRowHeight ?? 15
            for merge in wrappedMerges[templateRow] ?? [] {
                guard let cell = templates[templateRow]?.first(where: { $0.column == merge.column }),
                      case .text(let prepared) = lowering.content(cell, item: item) else { continue }
                height = max(height, WrappedText.height(of: prepared.text, width: merge.width, fontSize: merge.fontSize))
            }
            return height
        }
    }

    /// The rows that start a printed page so that no copy of a block of several rows, and no picture's frame, is cut
    /// (``PageBreaks``), when the sheet's print setup says how it prints.
    private func pageBreaks(_ steps: [PlannedRow], streamed: [(start: Int, rows: [FormLowering.OutputRow])],
                            made: BlockRowMaker) -> [Int] {
        let setup = sheet.pageSetup
        let lastStreamed = streamed.map { $0.start + $0.rows.count - 1 }.max()
        guard !instance.copies.isEmpty || instance.pictures.contains(where: { $0.cell.frame != nil }),
              let lastRow = (steps.map(\.row) + [lastStreamed].compactMap { $0 }).max() else { return [] }
        let area = setup.printArea.map(expansion.map)
        let lastColumn = area?.last.column ?? (sheet.cells.map(\.reference.column) + sheet.merges.map(\.last.column)).max() ?? 0
        let areaWidth = Double(((area?.first.column ?? 0)...lastColumn).reduce(0) { $0 + columnPixels($1) }) * 0.75
        guard let pageHeight = PageBreaks.pageHeight(setup, areaWidth: areaWidth) else { return [] }
        let standard = sheet.defaultRowHeight ?? 15
        var heights: [Int: Double] = [:]
        for step in steps { if let format = step.format { heights[step.row] = format.hidden ? 0 : (format.height ?? standard) } }
        // The rows made while they are written: their heights alone (only wrapped merged text is expanded).
        for (start, rows) in streamed {
            for (offset, output) in rows.enumerated() { heights[start + offset] = made.height(output.templateRow, item: output.item) }
        }
        let height = { (row: Int) in heights[row] ?? standard }
        let repeated = setup.repeatRows.map { expansion.start($0.lowerBound)...expansion.end($0.upperBound) }
        var blocks: [ClosedRange<Int>] = []
        for (block, _) in instance.blocks {
            let start = expansion.firstRow(of: block)
            for copy in instance.copies[block.first] ?? [] where !copy.isEmpty {
                blocks.append((start + copy.lowerBound)...(start + copy.upperBound - 1))
            }
        }
        // A picture's frame stays on one page too, with the row right above it (its heading) when that row is no row
        // template.
        let templateRows = Set(instance.blocks.flatMap { Array($0.block.first...$0.block.last) })
        for (cell, _) in instance.pictures {
            guard let frame = cell.frame, frame.rowCount > 1 else { continue }
            let top = frame.first.row > 0 && !templateRows.contains(frame.first.row - 1) ? frame.first.row - 1 : frame.first.row
            blocks.append(expansion.start(top)...expansion.end(frame.last.row))
        }
        return PageBreaks.rows((area?.first.row ?? 0)...(area?.last.row ?? lastRow), height: height, pageHeight: pageHeight,
                               repeatedHeight: repeated.map { $0.reduce(0) { $0 + height($1) } } ?? 0, blocks: blocks.sorted { $0.lowerBound < $1.lowerBound })
    }

    /// The size in whole pixels a picture of `width` × `height` pixels is shown at in `frame`: shrunk to fit it,
    /// keeping its aspect ratio, never enlarged (a diagram's text stays its true size at most); its natural size
    /// without a frame.
    func fittedSize(width: Double, height: Double, in frame: CellRange?) -> (width: Double, height: Double) {
        guard let frame, width > 0, height > 0 else { return (width.rounded(), height.rounded()) }
        let frameWidth = (frame.first.column...frame.last.column).reduce(0) { $0 + columnPixels($1) }
        let frameHeight = (frame.first.row...frame.last.row).reduce(0) { $0 + rowPixels($1) }
        let scale = min(1, Double(frameWidth) / width, Double(frameHeight) / height)
        return (max(1, (width * scale).rounded(.down)), max(1, (height * scale).rounded(.down)))
    }

    /// Column `column`'s width in pixels as written: the width libxlsxwriter is given turned back into pixels as it
    /// does to anchor pictures (Excel's 7-pixel digit and 5 pixels of padding), 0 when hidden, 64 without a format.
    func columnPixels(_ column: Int) -> Int {
        guard let format = sheet.columns.last(where: { $0.first <= column && column <= $0.last }) else { return 64 }
        if format.hidden { return 0 }
        guard let stored = format.width ?? sheet.defaultColumnWidth else { return 64 }
        let width = FormSheetLowering.characterWidth(stored)
        return width < 1 ? Int(width * 12 + 0.5) : Int(width * 7 + 0.5) + 5
    }

    /// Template row `row`'s height in pixels (points × 4/3, truncated as libxlsxwriter anchors pictures), 0 when hidden.
    func rowPixels(_ row: Int) -> Int {
        let format = sheet.rows[row]
        if format?.hidden == true { return 0 }
        return Int((format?.height ?? sheet.defaultRowHeight ?? 15) * 4 / 3)
    }

    /// The stored width of column `column` (in characters), or the sheet's default.
    private func columnWidth(_ column: Int) -> Double {
        sheet.columns.last { $0.first <= column && column <= $0.last }?.width ?? sheet.defaultColumnWidth ?? 8.43
    }

    /// A row's format, its look added to the sheet's.
    private func rowFormat(_ format: RowFormat, in planned: inout PlannedWorksheet) -> PlannedRowFormat {
        PlannedRowFormat(height: format.height, hidden: format.hidden, style: planned.style(format.style))
    }

    /// A template cell with its look added to the sheet's and its markers found.
    private func templateCell(_ cell: SheetCell, in planned: inout PlannedWorksheet) -> TemplateCell {
        let style = planned.style(cell.style)
        let content: TemplateCell.Content
        var hasFieldMarker = false
        switch cell.value {
        case .empty: content = .fixed(.blank)
        case .number(let number): content = .fixed(.number(number))
        case .bool(let value): content = .fixed(.bool(value))
        case .error(let text): content = .fixed(.formula("=" + text))
        case .formula(let formula, _):
            content = .fixed(.formula("=" + FormulaReferences.adjust(formula, on: sheet.name, expansions: expansions, renamed: renamed)))
        case .text(let text):
            let names = Placeholders.names(in: text)
            hasFieldMarker = text.contains("{{") && names.contains { $0.contains(".") }
            if names.isEmpty {
                content = .fixed(.text(ExcelText.prepare(text)))
            } else if names.count == 1, text.trimmingCharacters(in: .whitespaces) == "{{\(names[0])}}" {
                content = .marker(names[0], field: RowField(marker: names[0]), text: text)
            } else {
                content = .text(text, markers: names.map { ($0, RowField(marker: $0)) })
            }
        }
        return TemplateCell(column: cell.reference.column, style: style, content: content, hasFieldMarker: hasFieldMarker)
    }

    /// What a template cell holds in a row written for `item` (`nil`: a row outside the row templates), its markers
    /// expanded: the item's fields first, then the sheet's placeholders.
    private func content(_ cell: TemplateCell, item: RowItem?) -> PlannedContent {
        let text: String
        let markers: [(name: String, field: RowField?)]
        switch cell.content {
        case .fixed(let content):
            return content
        case .marker(let name, let field, let markerText):
            // A cell that is exactly one marker keeps the value's type (a number stays a number).
            if let item, let field, let value = item.value(of: field, context: context) {
                if case .text(let url) = value, name.hasSuffix(".sourceURL"), !url.isEmpty { return .link(url: url, text: url) }
                return PlannedContent(value)
            }
            if let number = FormSheetLowering.numericGlobal(name, instance.values)
                ?? (field?.isNumeric == true ? instance.values[name].flatMap(Double.init) : nil) {
                return .number(number)
            }
            text = markerText
            markers = [(name, field)]
        case .text(let cellText, let cellMarkers):
            text = cellText
            markers = cellMarkers
        }
        let expanded = Placeholders.expand(text) { name in
            if let item, let field = markers.first(where: { $0.name == name })?.field, let value = item.value(of: field, context: context) {
                return value.text
            }
            // Markers of a row template that writes nothing are emptied.
            return instance.values[name]
        }
        return expanded.isEmpty ? .blank : .text(ExcelText.prepare(expanded))
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

    /// The width a workbook stores for a column libxlsxwriter is given `width` for (Excel's cell padding added): the
    /// inverse of ``characterWidth(_:)``, so a YAML form sheet's widths are read as a client's workbook stores them.
    static func storedWidth(_ width: Double) -> Double {
        let digit = 7.0, padding = 5.0
        guard width >= 1 else { return width * 12 / digit }
        return (width * digit + padding).rounded() / digit
    }

    /// The number a workbook-wide number placeholder stands for (`coverage` and `propertyCoverage` as fractions).
    static func numericGlobal(_ name: String, _ values: [String: String]) -> Double? {
        switch name {
        case "coverage": return values[Placeholders.coverageFraction].flatMap(Double.init)
        case "propertyCoverage": return values[Placeholders.propertyCoverageFraction].flatMap(Double.init)
        case "functions", "documented", "undocumented", "types", "modules", "files", "added", "removed", "changed",
             "properties", "documentedProperties", "undocumentedProperties":
            return values[name].flatMap(Double.init)
        default: return nil
        }
    }

    /// `range` after the expansion. A range on rows of a block of several template rows (a drop-down on a method
    /// block's first row) covers the rows written from those template rows only: one range per run of them.
    private func spread(_ range: CellRange) -> [CellRange] {
        guard let (block, rows) = instance.blocks.first(where: { $0.block.first <= range.first.row && range.last.row <= $0.block.last }),
              !rows.isEmpty, (range.first.row...range.last.row).allSatisfy({ block.rowSpans[$0] != nil })
        else { return [expansion.map(range)] }
        let start = expansion.firstRow(of: block)
        var spread: [CellRange] = []
        for (offset, output) in rows.enumerated() where range.first.row <= output.templateRow && output.templateRow <= range.last.row {
            let row = start + offset
            if let last = spread.last, last.last.row == row - 1 {
                spread[spread.count - 1] = CellRange(firstRow: last.first.row, firstColumn: range.first.column, lastRow: row,
                                                     lastColumn: range.last.column)
            } else {
                spread.append(CellRange(firstRow: row, firstColumn: range.first.column, lastRow: row, lastColumn: range.last.column))
            }
        }
        return spread
    }

    /// Freeze panes, filter, validations, conditional formats, images, print setup and the sheet's look.
    private func layout() -> SheetLayout {
        var layout = SheetLayout()
        if let freeze = sheet.freezePanes {
            layout.freezePanes = (freeze.row == 0 ? 0 : expansion.start(freeze.row - 1) + 1, freeze.column)
        }
        layout.autofilter = sheet.autofilter.map(expansion.map)
        let adjust = { (formula: String) in FormulaReferences.adjust(formula, on: sheet.name, expansions: expansions, renamed: renamed) }
        layout.validations = sheet.dataValidations.map { validation in
            var moved = validation
            moved.ranges = validation.ranges.flatMap(spread)
            moved.formula1 = validation.formula1.map(adjust)
            moved.formula2 = validation.formula2.map(adjust)
            return moved
        }
        layout.conditionalFormats = sheet.conditionalFormats.map { format in
            var moved = format
            moved.ranges = format.ranges.flatMap(spread)
            switch format.rule {
            case .cellValue(let comparison, let first, let second): moved.rule = .cellValue(comparison, adjust(first), second.map(adjust))
            case .expression(let formula): moved.rule = .expression(adjust(formula))
            default: break
            }
            return moved
        }
        layout.images = sheet.images.map { image in
            var moved = image
            moved.anchor = expansion.map(image.anchor)
            return .placement(moved)
        }
        for (cell, subject) in instance.pictures {
            guard case .drawn(let png, let width, let height, let title)? = pictures[subject] else { continue }
            let size = fittedSize(width: width, height: height, in: cell.frame)
            layout.images.append(.placement(ImagePlacement(data: png, source: title, anchor: expansion.map(cell.cell),
                                                           width: size.width, height: size.height, description: title)))
        }
        var setup = sheet.pageSetup
        // A sheet that names no paper size prints on the printer's default, as in the client's workbook (code 0 writes none).
        if setup.paperCode == nil { setup.paperCode = 0 }
        setup.printArea = setup.printArea.map(expansion.map)
        if let rows = setup.repeatRows { setup.repeatRows = expansion.start(rows.lowerBound)...expansion.end(rows.upperBound) }
        let escape = Placeholders.doublingAmpersands
        setup.header = setup.header.map { Placeholders.expand($0, instance.values, fittingUTF8: 255, escape: escape) }
        setup.footer = setup.footer.map { Placeholders.expand($0, instance.values, fittingUTF8: 255, escape: escape) }
        layout.pageSetup = setup
        layout.tabColor = sheet.tabColor
        layout.hidesGridlines = !sheet.showsGridlines
        layout.zoom = sheet.zoom
        layout.rightToLeft = sheet.rightToLeft
        layout.selection = sheet.selection.map(expansion.map)
        layout.visibility = sheet.visibility
        return layout
    }
}

/// The height a user gives a row by hand so that wrapped text in a merged cell shows whole: the lines the text takes
/// in the merged width, at the font's line height.
enum WrappedText {
    /// The row height in points for `text` wrapped in `width` characters of the default font (a stored column width)
    /// at `fontSize` points: each paragraph takes as many lines as its width needs, a wide (East Asian) character
    /// counting two digits, any other one; a line is 15/11 of the font size (Excel's 15 pt row for 11 pt text); the
    /// height is rounded up to whole pixels.
    static func height(of text: String, width: Double, fontSize: Double) -> Double {
        // The width a line holds, less the cell's padding, in characters of the default 11 pt font.
        let available = max(1, width - 0.7) * 11 / fontSize
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) { total, paragraph in
            let units = paragraph.unicodeScalars.reduce(0.0) { $0 + (isWide($1) ? 2 : 1) }
            return total + max(1, Int((units / available).rounded(.up)))
        }
        let points = Double(lines) * fontSize * 15 / 11
        return (points / 0.75).rounded(.up) * 0.75
    }

    /// True for a character drawn two digits wide: CJK ideographs, kana, Hangul, full-width forms.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD: return true
        default: return false
        }
    }
}
