import Foundation
import Inventory
import Parallelism
import SpreadsheetModel
import Workbook

/// Renders an inventory (or a diff) into an `.xlsx` workbook laid out by a template.
struct WorkbookRenderer {
    let template: Template
    let context: DocumentContext
    let inventory: Inventory?
    let diff: InventoryDiff?
    /// The most rows a worksheet holds; tables continue on another sheet beyond it.
    var rowLimit = Worksheet.maximumRows
    /// Above this many functions an inventory is large: its workbook is written in constant-memory mode (when the
    /// layout allows).
    var largeInventoryThreshold = 40_000

    /// Told how long Graphviz took for each page of a diagram (what the page shows: `Module classes`, `module
    /// structure`, `screen transitions`, `data model`; seconds), for `-v` and `make bench`.
    var diagramTimer: (@Sendable (_ diagram: String, _ seconds: Double) -> Void)?
    /// Where Graphviz's layouts and pictures of earlier runs are kept, or `nil` to draw every page.
    var diagramCache: DiagramPictureCache?

    /// Whether the inventory has more than ``largeInventoryThreshold`` functions.
    var isLargeInventory: Bool { (inventory?.functions.count ?? 0) > largeInventoryThreshold }

    /// The header label of the hidden helper column that drives the "undocumented" highlight.
    static let documentedHelperHeader = "docsheet:documented"

    /// Writes the workbook to `url` atomically.
    ///
    /// - Returns: One warning line for cells cut to Excel's 32,767 characters and one per sheet whose links went
    ///   beyond Excel's 65,530 (written as plain text); empty when nothing was lost.
    @discardableResult
    func render(to url: URL) throws(DesignDocumentError) -> [String] {
        do {
            return try WorkbookWriter.write(plan(), to: url)
        } catch {
            throw .workbook(error)
        }
    }

    /// The workbook to write: the template's sheets (or the client's form) lowered into one ``RenderPlan``.
    func plan() -> RenderPlan {
        if let form = template.form {
            // The workbook-wide settings narrow the inventory itself, so the cover's totals count what is listed.
            let listed = inventory.map(form.workbookFilter.apply)
            let narrowed = WorkbookRenderer(template: template, context: context, inventory: listed, diff: diff)
            let values = narrowed.globalValues()
            let planner = SheetPlanner(template: template, context: context, inventory: listed, diff: diff, rowLimit: rowLimit,
                                       globalValues: values)
            var lowering = FormLowering(form: form, context: context, inventory: listed, planner: planner, globals: values)
            lowering.diagramCache = diagramCache
            return lowering.plan()
        }
        let values = globalValues()
        var planner = SheetPlanner(template: template, context: context, inventory: inventory, diff: diff, rowLimit: rowLimit,
                                   globalValues: values)
        let diagramKinds = Set(template.sheets.filter { $0.kind == .diagram && planner.applies($0) }.map(\.diagram))
        var warnings: [String] = []
        if let inventory, !diagramKinds.isEmpty {
            let drawing = DiagramDrawing(diagramKinds, inventory: inventory, title: context.projectName, locale: context.locale,
                                         cache: diagramCache)
            planner.diagrams = drawing.pages
            warnings = drawing.warnings
            if let diagramTimer {
                for kind in DiagramKind.allCases.reversed() {
                    for page in drawing.pages[kind] ?? [] { diagramTimer(Self.timedName(kind, page: page), page.seconds) }
                }
            }
        }
        let sheets = planner.plan()
        // The pictures at the markers of form sheets, each diagram drawn once.
        let subjects = Set(sheets.compactMap(\.formInstance).flatMap { $0.pictures.map(\.subject) })
        if let inventory, !subjects.isEmpty {
            let drawn = MarkerDiagrams.draw(subjects, inventory: inventory, title: context.projectName, locale: context.locale,
                                            cache: diagramCache, source: template.source)
            planner.markerPictures = drawn.0
            warnings += drawn.1
        }
        // Constant memory flushes rows as written: bounded memory for huge inventories. It rules out Excel
        // tables (plain header + autofilter is written instead) and keeps one temporary file per sheet open,
        // so it is only used when the sheets are few (and never with a form sheet, whose rows come block by block).
        let constantMemory = isLargeInventory && sheets.count <= 200 && !sheets.contains { $0.formInstance != nil }
        let properties = SpreadsheetProperties(
            title: property("title", values), subject: property("subject", values), author: property("author", values),
            manager: property("manager", values), company: property("company", values),
            category: property("category", values), keywords: property("keywords", values),
            comments: property("comments", values), status: property("status", values))
        // The logo goes on the first cover. The writer has the sheets lowered a group at a time, side by side, while
        // it writes the group before.
        let logoSheet = sheets.firstIndex { $0.spec.kind == .cover }
        let (renderer, lowered) = (self, planner)
        let worksheets = PlannedWorksheets.planLater(count: sheets.count) { range in
            parallelMap(Array(range)) { index in
                let sheet = sheets[index]
                let lowering = TemplateLowering(renderer: renderer, planner: lowered, sheet: sheet, constantMemory: constantMemory,
                                                values: values.merging(sheet.values) { $1 }, allSheets: sheets)
                return lowering.worksheet(logo: index == logoSheet ? renderer.template.logo : nil)
            }
        }
        var plan = RenderPlan(properties: properties, created: context.generatedAt,
                              defaultStyle: template.fonts[context.locale].map { CellStyle(fontName: $0) },
                              constantMemory: constantMemory, worksheets: worksheets)
        plan.warnings = warnings
        return plan
    }

    /// What a diagram page shows, as `-v` and `make bench` name its time: `Module classes`, `module structure`,
    /// `screen transitions`, `data model`.
    static func timedName(_ kind: DiagramKind, page: DiagramPage) -> String {
        switch kind {
        case .classes: return "\(page.module ?? page.title) classes"
        case .modules: return "module structure"
        case .transitions: return "screen transitions"
        case .entities: return "data model"
        }
    }

    /// A document property with placeholders expanded, or `nil` when empty.
    private func property(_ key: String, _ values: [String: String]) -> String? {
        guard let text = template.properties[key] else { return nil }
        let expanded = Placeholders.expand(text.text(context.locale), values)
        return expanded.isEmpty ? nil : expanded
    }

    /// Values of the placeholders available everywhere.
    func globalValues() -> [String: String] {
        var values: [String: String] = [
            "project": context.projectName, "version": context.version ?? "", "commit": context.commit ?? "",
            "date": context.dateText, "author": context.author ?? "", "tool": "docsheet \(DocSheetVersion.current)",
            "template": template.name,
        ]
        if let inventory {
            let documented = inventory.functions.documentedCount
            values["functions"] = String(inventory.functions.count)
            values["documented"] = String(documented)
            values["undocumented"] = String(inventory.functions.count - documented)
            values["coverage"] = String(format: "%.1f%%", inventory.documentedPercentage)
            values[Placeholders.coverageFraction] = String(inventory.documentedPercentage / 100)
            values["types"] = String(inventory.types.count)
            let documentedProperties = inventory.properties.filter(\.isDocumented).count
            let propertyShare = inventory.properties.isEmpty ? 1 : Double(documentedProperties) / Double(inventory.properties.count)
            values["properties"] = String(inventory.properties.count)
            values["documentedProperties"] = String(documentedProperties)
            values["undocumentedProperties"] = String(inventory.properties.count - documentedProperties)
            values["propertyCoverage"] = String(format: "%.1f%%", propertyShare * 100)
            values[Placeholders.propertyCoverageFraction] = String(propertyShare)
            values["modules"] = String(Set(inventory.functions.map(\.module) + inventory.types.map(\.module)).count)
            values["files"] = String(Set(inventory.functions.map(\.file) + inventory.types.map(\.file)).count)
        }
        if let diff {
            values["base"] = diff.base
            values["head"] = diff.head
            values["added"] = String(diff.added.count)
            values["removed"] = String(diff.removed.count)
            values["changed"] = String(diff.changed.count)
        }
        return values
    }
}

/// What a table's data cells depend on besides their row and column (the document's context and the sheet's
/// placeholder values), without the workbook: `Sendable`, so the rows are planned and measured on other cores while
/// the thread that owns the workbook writes.
struct TableCells: Sendable {
    let context: DocumentContext
    let values: [String: String]

    /// The value of one data cell, and its link when the column links to the source.
    func content(_ tableRow: TableRow, column: ColumnSpec) -> (value: CellValue, url: String?, sheetLink: Bool) {
        switch tableRow {
        case .function(let record, let number):
            guard case .function(let field) = column.field else { return (.empty, nil, false) }
            return (FieldCatalog.value(of: field, function: record, number: number, context: context),
                    column.link == .source ? context.sourceURL(file: record.file, line: record.line) : nil, false)
        case .property(let record, let number):
            guard case .property(let field) = column.field else { return (.empty, nil, false) }
            return (FieldCatalog.value(of: field, property: record, number: number, context: context),
                    column.link == .source ? context.sourceURL(file: record.file, line: record.line) : nil, false)
        case .type(let record, let number, let functions, let properties):
            guard case .type(let field) = column.field else { return (.empty, nil, false) }
            return (FieldCatalog.value(of: field, type: record, number: number, functions: functions, properties: properties,
                                       context: context),
                    column.link == .source ? context.sourceURL(file: record.file, line: record.line) : nil, false)
        case .module(let row, let number):
            guard case .module(let field) = column.field else { return (.empty, nil, false) }
            return (FieldCatalog.value(of: field, module: row, number: number, locale: context.locale),
                    column.link == .source ? row.project.flatMap { context.sourceURL(file: $0, line: 1) } : nil, false)
        case .review(let entry, let number):
            // A removed function lives only in the base revision: its link points there.
            let link = entry.new.map { context.sourceURL(file: $0.file, line: $0.line) }
                ?? entry.old.flatMap { context.baseSourceURL(file: $0.file, line: $0.line) }
            guard case .review(let field) = column.field else { return (.empty, nil, false) }
            return (FieldCatalog.value(of: field, review: entry, number: number, locale: context.locale),
                    column.link == .source ? link : nil, false)
        case .contents(let name, let description, let number):
            guard case .contents(let field) = column.field else { return (.empty, nil, false) }
            switch field {
            case .number: return (.number(Double(number)), nil, false)
            case .sheet: return (.text(name), nil, true)
            case .description: return (.text(Placeholders.expand(description, values)), nil, false)
            }
        case .history(let number):
            guard case .history(let field) = column.field else { return (.empty, nil, false) }
            switch field {
            case .number: return (.number(Double(number)), nil, false)
            case .date: return (number == 1 ? .text(context.dateText) : .empty, nil, false)
            case .version:
                return (number == 1 ? .text(context.version ?? context.commit.map { String($0.prefix(10)) } ?? "") : .empty, nil, false)
            case .author: return (number == 1 ? .text(context.author ?? "") : .empty, nil, false)
            case .blank: return (.empty, nil, false)
            }
        case .screen(let record, let number):
            guard case .screen(let field) = column.field else { return (.empty, nil, false) }
            return (FieldCatalog.value(of: field, screen: record, number: number, context: context),
                    column.link == .source ? context.sourceURL(file: record.file, line: record.line) : nil, false)
        case .transition(let record, let number):
            guard case .transition(let field) = column.field else { return (.empty, nil, false) }
            return (FieldCatalog.value(of: field, transition: record, number: number, context: context),
                    column.link == .source ? context.sourceURL(file: record.file, line: record.line) : nil, false)
        case .message(let record, let number):
            guard case .message(let field) = column.field else { return (.empty, nil, false) }
            return (FieldCatalog.value(of: field, message: record, number: number, context: context),
                    column.link == .source ? context.sourceURL(file: record.file, line: record.line) : nil, false)
        case .error(let row, let number):
            guard case .error(let field) = column.field else { return (.empty, nil, false) }
            return (FieldCatalog.value(of: field, error: row, number: number, context: context),
                    column.link == .source ? context.sourceURL(file: row.record.file, line: row.line) : nil, false)
        case .attribute(let record, let number):
            guard case .attribute(let field) = column.field else { return (.empty, nil, false) }
            return (FieldCatalog.value(of: field, attribute: record, number: number, context: context), nil, false)
        case .relationship(let record, let number):
            guard case .relationship(let field) = column.field else { return (.empty, nil, false) }
            return (FieldCatalog.value(of: field, relationship: record, number: number, context: context), nil, false)
        case .group, .section:
            return (.empty, nil, false)
        }
    }
}

/// How a table's rows become planned rows: everything they depend on, `Sendable`, so the rows are planned on the
/// other cores, a batch at a time, while the batch before is written.
struct TableRowPlanner: Sendable {
    let rows: [TableRow]
    let cells: TableCells
    let columns: [ColumnSpec]
    let widths: [Double]
    let wraps: [Bool]
    /// The zero-based row of the table's header.
    let headerRow: Int
    /// Each column's plain and link look, as indices into the sheet's looks.
    let styles: [(plain: Int, link: Int)]
    /// The looks of group, subgroup and section bands.
    let bands: (group: Int, subgroup: Int, section: Int)
    /// The hidden column behind the "undocumented" highlight, when there is one.
    let helperColumn: Int?

    /// The planned rows of the table rows at `positions`, worked out on all cores in chunks of 256 rows: they depend
    /// only on the row and the template, and were most of the Swift time of writing a large sheet.
    func plan(_ positions: Range<Int>) -> [PlannedRow] {
        parallelMap(chunkRanges(count: positions.count, size: 256)) { chunk in
            chunk.map { offset in plan(position: positions.lowerBound + offset) }
        }.flatMap { $0 }
    }

    /// The planned row of the table row at `position`.
    private func plan(position: Int) -> PlannedRow {
        let row = headerRow + 1 + position
        let tableRow = rows[position]
        switch tableRow {
        case .group(let level, let text):
            return band(text, row: row, style: level == 0 ? bands.group : bands.subgroup)
        case .section(let text):
            return band(text, row: row, style: bands.section)
        default:
            let contents = columns.map { cells.content(tableRow, column: $0) }
            var planned = PlannedRow(row: row)
            let height = TemplateLowering.rowHeight(contents.map(\.value), widths: widths, wraps: wraps)
            if height > 15 { planned.format = PlannedRowFormat(height: height) }
            planned.cells.reserveCapacity(contents.count + 1)
            for (index, content) in contents.enumerated() {
                let planContent: PlannedContent
                var style = styles[index].link
                if content.sheetLink {
                    planContent = .sheetLink(sheet: content.value.text, text: content.value.text)
                } else if let url = content.url, case .number(let number) = content.value {
                    // Line numbers stay numbers: they sort as numbers and Excel does not flag them as text.
                    planContent = .numberLink(url: url, number: number)
                } else if let url = content.url {
                    planContent = .link(url: url, text: content.value.text)
                } else {
                    style = styles[index].plain
                    planContent = PlannedContent(content.value)
                }
                planned.cells.append(PlannedCell(column: index, content: planContent, style: style))
            }
            if let helperColumn {
                let documented: Int? = switch tableRow {
                case .function(let record, _): record.isDocumented ? 1 : 0
                case .property(let record, _): record.isDocumented ? 1 : 0
                // Extensions are rarely documented (their members are): only declarations are flagged.
                case .type(let record, _, _, _): record.isDocumented || record.kind == .extension ? 1 : 0
                default: nil
                }
                if let documented { planned.cells.append(PlannedCell(column: helperColumn, content: .number(Double(documented)), style: 0)) }
            }
            return planned
        }
    }

    /// A group or section row: the text in the first column, the row's other cells in the same look.
    private func band(_ text: String, row: Int, style: Int) -> PlannedRow {
        PlannedRow(row: row, cells: [PlannedCell(column: 0, content: .text(ExcelText.prepare(text)), style: style)]
                   + (1..<max(1, columns.count)).map { PlannedCell(column: $0, content: .blank, style: style) })
    }
}

/// Lowers one planned sheet of a YAML template into a ``PlannedWorksheet``.
struct TemplateLowering {
    let renderer: WorkbookRenderer
    let planner: SheetPlanner
    let sheet: PlannedSheet
    /// Whether the workbook is written in constant-memory mode (no Excel tables then).
    let constantMemory: Bool
    let values: [String: String]
    let allSheets: [PlannedSheet]

    var spec: SheetSpec { sheet.spec }
    var template: Template { renderer.template }
    var locale: DocumentLocale { renderer.context.locale }
    /// What a data cell's content depends on, without the workbook: it goes to the cores that plan the rows.
    var cells: TableCells { TableCells(context: renderer.context, values: values) }

    /// The sheet: free cells, the logo, the table or summary, and the sheet and print settings.
    func worksheet(logo: LogoSpec?) -> PlannedWorksheet {
        if let instance = sheet.formInstance {
            // A form sheet is written as a client's form sheet is: one writer for both.
            let lowering = FormSheetLowering(instance: instance, context: renderer.context,
                                             expansions: [instance.formSheet.sheet.name: instance.expansion], renamed: [:],
                                             pictures: planner.markerPictures)
            var planned = lowering.worksheet()
            planned.layout.isActive = allSheets.first?.name == sheet.name
            return planned
        }
        var planned = PlannedWorksheet(name: sheet.name)
        var steps: [PlannedRow] = []
        var pendingHeights = spec.rowHeights.sorted { $0.key < $1.key }
        func applyHeights(through row: Int) {
            while let first = pendingHeights.first, first.key <= row {
                steps.append(PlannedRow(row: first.key, format: PlannedRowFormat(height: first.value)))
                pendingHeights.removeFirst()
            }
        }
        for cell in spec.cells.sorted(by: { ($0.cell.row, $0.cell.column) < ($1.cell.row, $1.cell.column) }) {
            applyHeights(through: cell.cell.row)
            steps.append(freeCell(cell, in: &planned))
        }
        if let logo {
            planned.layout.images.append(.picture(data: logo.data, source: logo.path, cell: logo.cell, scale: logo.scale))
        }
        for (column, width) in spec.columnWidths {
            planned.columns.append(ColumnFormat(first: column, last: column, width: width))
        }
        let headerRow = planner.headerRow(spec)
        applyHeights(through: headerRow - 1)
        planned.append(steps)
        steps = []
        var tableEnd: Int?
        switch spec.kind {
        case .cover, .static:
            break
        case .diagram:
            // The picture at its true size (Excel shows a PNG at 96 dpi); printing shrinks the page to fit.
            if let page = sheet.picture {
                planned.layout.images.append(.picture(data: page.png, source: "the diagram '\(page.title)'",
                                                      cell: CellReference(row: headerRow, column: 0), scale: 96 / page.dotsPerInch))
            }
        case .summary:
            tableEnd = summary(startRow: headerRow, into: &planned)
        case .classes, .entities:
            tableEnd = memberTables(startRow: headerRow, into: &planned)
        default:
            tableEnd = table(headerRow: headerRow, into: &planned)
        }
        applyHeights(through: Worksheet.maximumRows)
        planned.append(steps)
        planned.layout.hidesGridlines = !spec.gridlines
        planned.layout.tabColor = spec.tabColor
        // A classes or entities sheet's two tables have no one header row to repeat on every page.
        planned.layout.pageSetup = pageSetup(headerRow: tableEnd == nil || spec.kind == .classes || spec.kind == .entities ? nil : headerRow)
        planned.layout.isActive = allSheets.first?.name == sheet.name
        return planned
    }

    // MARK: - Free cells

    /// One free cell: merged, linked, a number, or text.
    private func freeCell(_ cell: CellSpec, in planned: inout PlannedWorksheet) -> PlannedRow {
        let raw = cell.value.text(locale)
        let text = Placeholders.expand(raw, values)
        var style = template.style(cell.style)
        if Placeholders.isOnlyCoverage(raw), style?.numberFormat == nil {
            // Coverage alone in a cell is written as a number (0–1): show it as a percentage.
            style = style ?? CellStyle()
            style?.numberFormat = "0.0%"
        }
        let styleIndex = planned.style(style)
        var row = PlannedRow(row: cell.cell.row)
        func put(_ content: PlannedContent, style: Int = styleIndex) {
            row.cells.append(PlannedCell(column: cell.cell.column, content: content, style: style))
        }
        if let range = cell.merge {
            row.row = range.first.row
            row.merges.append(PlannedMerge(range: range, text: text, style: styleIndex))
            if let number = Placeholders.number(raw, values), cell.link == nil {
                put(.number(number))
            }
            // A merged cell can carry a link too: it goes on the range's first cell, in the merge's style.
            guard cell.link != nil else { return row }
        }
        if let link = cell.link {
            let raw = link.text(locale)
            let target = Placeholders.expand(raw, values)
            let linkStyle = planned.style(style ?? template.style("link"))
            if let sheetTarget = SheetLinkTarget(raw) {
                // A sheet that is not written (e.g. an inventory sheet in a review) leaves plain text, not a broken link.
                if let resolved = sheetName(for: sheetTarget) {
                    put(.sheetLink(sheet: resolved, text: text), style: linkStyle)
                } else {
                    put(.text(ExcelText.prepare(text)))
                }
            } else {
                put(.link(url: target, text: text), style: linkStyle)
            }
            return row
        }
        if let number = Placeholders.number(raw, values) {
            put(.number(number))
        } else {
            put(.text(ExcelText.prepare(text)))
        }
        return row
    }

    /// The rendered name of the sheet a `sheet-kind:KIND` or `sheet:NAME` link targets, or `nil` when it is not written.
    /// `sheet:NAME` matches the name the template gives a sheet (in any locale) before a rendered name, so a sheet
    /// made from data (a type called `Contents`) cannot take the link over.
    private func sheetName(for target: SheetLinkTarget) -> String? {
        switch target {
        case .kind(let kind):
            return allSheets.first { $0.spec.kind.rawValue == kind }?.name
        case .name(let name):
            return allSheets.first { $0.spec.name.matches(name) }?.name
                ?? allSheets.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.name
        }
    }

    // MARK: - Tables

    /// The header labels of the sheet's columns, made unique ignoring case (Excel tables need unique column names).
    private func headers() -> [String] { headers(of: spec.columns) }

    /// The header labels of `columns`, made unique ignoring case.
    func headers(of columns: [ColumnSpec]) -> [String] {
        var seen: Set<String> = []
        return columns.map { column in
            var header = Placeholders.expand(column.header.text(locale), values)
            if header.isEmpty { header = column.field.name }
            var unique = header
            var counter = 2
            while seen.contains(unique.lowercased()) {
                unique = "\(header) \(counter)"
                counter += 1
            }
            seen.insert(unique.lowercased())
            return unique
        }
    }

    /// The style of a column's data cells (the link style for link columns).
    func cellStyle(_ column: ColumnSpec, link: Bool = false) -> CellStyle {
        var style = template.style(link ? "link" : (column.style ?? "cell")) ?? CellStyle()
        if column.wrap { style.wrap = true }
        if let format = column.numberFormat { style.numberFormat = format }
        return style
    }

    /// The header and rows (made batch by batch while the batch before is written); returns the last row.
    private func table(headerRow: Int, into planned: inout PlannedWorksheet) -> Int {
        let headerLabels = headers()
        let useExcelTable = spec.excelTable && !constantMemory
        let rows = sheet.rows
        let widths = columnWidths(headerLabels, rows: rows, columns: spec.columns)
        for (index, width) in widths.enumerated() {
            planned.columns.append(ColumnFormat(first: index, last: index, width: width))
        }
        let headerStyle = planned.style(template.style("header"))
        var header = PlannedRow(row: headerRow, format: PlannedRowFormat(height: Self.rowHeight(
            headerLabels.map { CellValue.text($0) }, widths: widths, wraps: Array(repeating: true, count: widths.count))))
        for (index, label) in headerLabels.enumerated() {
            header.cells.append(PlannedCell(column: index, content: .text(ExcelText.prepare(label)), style: headerStyle))
        }
        let helperColumn = spec.columns.count
        let highlight = spec.highlightUndocumented.flatMap { template.style($0) }
        if highlight != nil {
            header.cells.append(PlannedCell(column: helperColumn, content: .text(ExcelText.prepare(WorkbookRenderer.documentedHelperHeader)),
                                            style: headerStyle))
            planned.columns.append(ColumnFormat(first: helperColumn, last: helperColumn, width: 4, hidden: true))
        }
        planned.append([header])
        var styles: [(plain: Int, link: Int)] = []
        for column in spec.columns {
            styles.append((planned.style(cellStyle(column)), planned.style(cellStyle(column, link: true))))
        }
        let bands = (group: planned.style(template.style("group")), subgroup: planned.style(template.style("subgroup")),
                     section: planned.style(template.style("section")))
        let rowPlanner = TableRowPlanner(rows: rows, cells: cells, columns: spec.columns, widths: widths, wraps: spec.columns.map(\.wrap),
                                         headerRow: headerRow, styles: styles, bands: bands,
                                         helperColumn: highlight == nil ? nil : helperColumn)
        if !rows.isEmpty {
            planned.rows.append(.batches(count: rows.count) { rowPlanner.plan($0) })
        }
        let isData = { (row: TableRow) -> Bool in
            switch row {
            case .group, .section: return false
            default: return true
            }
        }
        let dataRange = rows.firstIndex(where: isData).map { first in
            (first: headerRow + 1 + first, last: headerRow + 1 + rows.lastIndex(where: isData)!)
        }
        let lastRow = max(headerRow + rows.count, headerRow + (useExcelTable ? 1 : 0))
        let lastColumn = max(0, spec.columns.count - 1)
        if useExcelTable {
            planned.layout.table = (CellRange(firstRow: headerRow, firstColumn: 0, lastRow: lastRow, lastColumn: lastColumn),
                                    headerLabels, headerStyle)
        } else if spec.autofilter {
            planned.layout.autofilter = CellRange(firstRow: headerRow, firstColumn: 0, lastRow: lastRow, lastColumn: lastColumn)
        }
        if spec.freezeHeader || spec.freezeColumns > 0 {
            planned.layout.freezePanes = (spec.freezeHeader ? headerRow + 1 : 0, spec.freezeColumns)
        }
        if let range = dataRange {
            for column in spec.columns.indices where !spec.columns[column].choices.isEmpty {
                planned.layout.dropDowns.append((CellRange(firstRow: range.first, firstColumn: column, lastRow: range.last, lastColumn: column),
                                                 spec.columns[column].choices.map { $0.text(locale) }))
            }
            if let highlight {
                let reference = "$\(CellReference.columnName(helperColumn))\(range.first + 1)"
                planned.layout.conditionalFormats.append(ConditionalFormat(
                    ranges: [CellRange(firstRow: range.first, firstColumn: 0, lastRow: range.last, lastColumn: lastColumn)],
                    rule: .expression("=AND(ISNUMBER(\(reference)),\(reference)=0)"), style: highlight))
            }
        }
        return lastRow
    }

    /// Column widths: the template's, else sized to the header's longest word and the content of the first
    /// rows (there is no autofit in the file format), capped so wrapped columns stay readable.
    func columnWidths(_ headers: [String], rows: [TableRow], columns specColumns: [ColumnSpec]) -> [Double] {
        var widths = headers.map { label in
            label.split(separator: " ").map { ExcelText.displayWidth(of: String($0)) }.max() ?? 4
        }
        let sized = specColumns.indices.filter { specColumns[$0].width == nil }
        if !sized.isEmpty {
            // The widest content of each sized column, measured in chunks of rows side by side (on the thread that
            // writes the workbook this was the table's largest cost before its first row).
            let measured = rows.prefix(5_000)
            let (cells, columns) = (cells, specColumns)
            let chunkWidths = parallelMap(chunkRanges(count: measured.count, size: 500)) { chunk in
                var widest = [Double](repeating: 0, count: sized.count)
                for tableRow in measured[chunk] {
                    for (slot, index) in sized.enumerated() {
                        let value = cells.content(tableRow, column: columns[index]).value
                        let width: Double
                        if case .number = value { width = Double(value.text.count) + 2 } else {
                            width = ExcelText.displayWidth(of: String(value.text.prefix(300)))
                        }
                        widest[slot] = max(widest[slot], width)
                    }
                }
                return widest
            }
            for widest in chunkWidths {
                for (slot, index) in sized.enumerated() { widths[index] = max(widths[index], widest[slot]) }
            }
        }
        return specColumns.enumerated().map { index, column in
            column.width ?? (column.wrap ? min(max(widths[index] + 2, 10), 50) : min(max(widths[index] + 2, 6), 60))
        }
    }

    /// The height (points) a row needs so its wrapped cells show every line: Excel and LibreOffice do not
    /// grow rows for wrapped text in a generated file on their own.
    static func rowHeight(_ values: [CellValue], widths: [Double], wraps: [Bool]) -> Double {
        var lines = 1
        for (index, value) in values.enumerated() where index < widths.count {
            guard case .text(let text) = value, !text.isEmpty else { continue }
            // A column of width w shows about w digits of Calibri 11 (7 px each) less 5 px of padding. Readers without
            // Calibri (LibreOffice on Linux substitutes a wider sans) fit about 15 % less, so plan for them: a row a
            // little tall in Excel is better than a cut-off line in the printed document.
            let usable = max(1, (widths[index] - 0.7) * 0.85)
            var cellLines = 0
            if wraps[index] {
                // Lines split on the byte: a line feed is never part of a longer UTF-8 sequence.
                for line in text.utf8.split(separator: UInt8(ascii: "\n"), maxSplits: 399, omittingEmptySubsequences: false) {
                    cellLines += TemplateLowering.wrappedLines(Substring(line), width: usable)
                }
            } else {
                cellLines = min(400, 1 + text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
            }
            lines = max(lines, cellLines)
        }
        return min(409, Double(lines) * 15)
    }
    /// How many lines Excel needs for `line` in a wrapped cell `width` units wide: words are placed greedily as
    /// Excel does, each character measured at its Calibri 11 width (narrow `i`, `l`, `.`; wide `m`, `W`; CJK double).
    static func wrappedLines(_ line: Substring, width: Double) -> Int {
        var wrap = WordWrap(width: width)
        // ASCII text (nearly every cell) is measured byte by byte from a table: the same widths added in the same order,
        // without decoding scalars, which made this most of planning a row.
        let measuredAsASCII = line.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            for byte in bytes {
                if byte == UInt8(ascii: " ") { wrap.place() } else { wrap.wordWidth += WordWrap.asciiWidths[Int(byte)] }
            }
            return true
        }
        if measuredAsASCII != true {
            wrap = WordWrap(width: width)
            for scalar in line.unicodeScalars {
                if scalar == " " { wrap.place() } else { wrap.wordWidth += WordWrap.measure(scalar) }
            }
        }
        wrap.place()
        return wrap.lines
    }

    // MARK: - Summary

    /// The per-module and per-file tables with totals, and the chart; returns the last row.
    private func summary(startRow: Int, into planned: inout PlannedWorksheet) -> Int {
        guard let inventory = renderer.inventory else { return startRow }
        var steps: [PlannedRow] = []
        var row = startRow
        var widths = Array(repeating: 8.0, count: spec.columns.count)
        // Long file paths wrap in a column of at most 40 units instead of widening it to 60.
        let nameCap = 40.0
        let nameColumn = spec.columns.firstIndex { $0.field == .summary(.name) && $0.width == nil }
        let headerStyle = planned.style(template.style("header"))
        var moduleRange: (first: Int, last: Int)?
        let rowsOfLevels = SummaryRow.rows(inventory, levels: spec.summaryLevels)
        for (level, summaryRows) in zip(spec.summaryLevels, rowsOfLevels) {
            let labels = headers().enumerated().map { index, label in
                spec.columns[index].field == .summary(.name) ? Words.level(level, locale) : label
            }
            var header = PlannedRow(row: row)
            for (index, label) in labels.enumerated() {
                header.cells.append(PlannedCell(column: index, content: .text(ExcelText.prepare(label)), style: headerStyle))
                widths[index] = max(widths[index], ExcelText.displayWidth(of: label) + 2)
            }
            steps.append(header)
            let first = row + 1
            for summary in summaryRows {
                row += 1
                var line = PlannedRow(row: row)
                for (index, column) in spec.columns.enumerated() {
                    let value = column.field.summaryValue(summary, locale: locale)
                    var style = cellStyle(column)
                    let width = ExcelText.displayWidth(of: value.text) + 2
                    if index == nameColumn, width > nameCap {
                        style.wrap = true
                        let height = Self.rowHeight([value], widths: [nameCap], wraps: [true])
                        if height > 15 { line.format = PlannedRowFormat(height: height) }
                    }
                    line.cells.append(PlannedCell(column: index, content: PlannedContent(value), style: planned.style(style)))
                    widths[index] = max(widths[index], index == nameColumn ? min(width, nameCap) : width)
                }
                steps.append(line)
            }
            if level == .module { moduleRange = (first, row) }
            row += 1
            let total = SummaryRow.total(inventory, name: Words.total(locale))
            let totalStyle = template.style("total") ?? CellStyle()
            var totals = PlannedRow(row: row)
            for (index, column) in spec.columns.enumerated() {
                var style = totalStyle
                style.numberFormat = column.numberFormat ?? template.style(column.style)?.numberFormat
                totals.cells.append(PlannedCell(column: index, content: PlannedContent(column.field.summaryValue(total, locale: locale)),
                                            style: planned.style(style)))
            }
            steps.append(totals)
            row += 2
        }
        planned.append(steps)
        for (index, column) in spec.columns.enumerated() {
            planned.columns.append(ColumnFormat(first: index, last: index, width: column.width ?? min(widths[index], 60)))
        }
        if let chartSpec = spec.chart, let range = moduleRange, range.last >= range.first,
           let nameColumn = spec.columns.firstIndex(where: { $0.field == .summary(.name) }),
           let valueColumn = spec.columns.firstIndex(where: { $0.field == .summary(chartSpec.field) }) {
            let title = Placeholders.expand(chartSpec.title.text(locale), values)
            planned.layout.charts.append(PlannedChart(
                type: chartSpec.type, title: title.isEmpty ? nil : title,
                categories: CellRange(firstRow: range.first, firstColumn: nameColumn, lastRow: range.last, lastColumn: nameColumn),
                values: CellRange(firstRow: range.first, firstColumn: valueColumn, lastRow: range.last, lastColumn: valueColumn),
                color: Color(rgb: 0x2E75B6), valueRange: chartSpec.field.isShare ? 0...1 : nil,
                valueFormat: chartSpec.field.isShare ? "0%" : nil,
                anchor: CellReference(row: startRow, column: spec.columns.count + 1),
                xScale: 1.3, yScale: max(1.0, min(3.0, Double(range.last - range.first + 1) / 8))))
        }
        if spec.freezeHeader { planned.layout.freezePanes = (startRow + 1, 0) }
        return row
    }

    // MARK: - Print

    /// The template's print settings, with this sheet's overrides.
    private func pageSetup(headerRow: Int?) -> PageSetup {
        let print = template.print.merged(with: spec.print)
        func codes(_ text: LocalizedText?) -> String? {
            guard let text else { return nil }
            // A value starting with a digit right after a font-size code (&8) would change the size: separate them.
            let separated = Placeholders.separatingSizeCodes(text.text(locale))
            // Excel allows 255 bytes: long values are shortened, every section (&L, &C, &R) is kept.
            var clean: [String: String] = [:]
            for name in Placeholders.names(in: separated) {
                clean[name] = values[name].map(ExcelText.removingInvalidCharacters)
            }
            return Placeholders.expand(separated, clean, fittingUTF8: 255, escape: Placeholders.doublingAmpersands)
        }
        var setup = PageSetup(
            landscape: print.landscape ?? false, paper: print.paper ?? .a4, fitToWidth: print.fitToWidth ?? false,
            centerHorizontally: print.center ?? false,
            repeatRows: (print.repeatHeader ?? false) ? headerRow.map { $0...$0 } : nil,
            header: codes(print.header), footer: codes(print.footer))
        // A diagram page prints on one sheet of paper: it was cut so that it stays legible there.
        if spec.kind == .diagram { setup.fitToPages = PageSetup.FitToPages(width: 1, height: 1) }
        return setup
    }
}

extension SummaryRow {
    /// One row per module or per file, in name order.
    static func rows(_ inventory: Inventory, level: GroupLevel) -> [SummaryRow] {
        var rows: [String: SummaryRow] = [:]
        func key(_ module: String, _ file: String) -> String { level == .file ? file : module }
        for type in inventory.types {
            let name = key(type.module, type.file)
            rows[name, default: SummaryRow(name: name, module: type.module, moduleKind: type.moduleKind ?? inventory.kind(ofModule: type.module),
                                           types: 0, functions: 0, documented: 0)].types += 1
        }
        // Functions and properties come in file order: each run of one file (or module) is counted, then added in
        // one lookup.
        func countRuns<Record>(_ records: [Record], module: (Record) -> String, file: (Record) -> String,
                               moduleKind: (Record) -> TargetKind?, isDocumented: (Record) -> Bool,
                               add: (inout SummaryRow, _ count: Int, _ documented: Int) -> Void) {
            var start = records.startIndex
            while start < records.endIndex {
                let name = key(module(records[start]), file(records[start]))
                var end = start
                var documented = 0
                while end < records.endIndex && key(module(records[end]), file(records[end])) == name {
                    if isDocumented(records[end]) { documented += 1 }
                    end += 1
                }
                let first = records[start]
                add(&rows[name, default: SummaryRow(name: name, module: module(first),
                                                    moduleKind: moduleKind(first) ?? inventory.kind(ofModule: module(first)),
                                                    types: 0, functions: 0, documented: 0)], end - start, documented)
                start = end
            }
        }
        countRuns(inventory.functions, module: \.module, file: \.file, moduleKind: \.moduleKind, isDocumented: \.isDocumented) {
            $0.functions += $1
            $0.documented += $2
        }
        countRuns(inventory.properties, module: \.module, file: \.file, moduleKind: \.moduleKind, isDocumented: \.isDocumented) {
            $0.properties += $1
            $0.documentedProperties += $2
        }
        if level == .module {
            for name in Array(rows.keys) {
                rows[name]!.dependencies = inventory.modules.first { $0.name == name }?.dependencies ?? []
            }
        }
        return rows.values.sorted {
            $0.module != $1.module ? SortValue.naturallyPrecedes($0.module, $1.module) : SortValue.naturallyPrecedes($0.name, $1.name)
        }
    }

    /// The rows of each level, counted side by side (each reads only the inventory).
    static func rows(_ inventory: Inventory, levels: [GroupLevel]) -> [[SummaryRow]] {
        parallelMap(levels) { rows(inventory, level: $0) }
    }

    /// The totals of the whole inventory.
    static func total(_ inventory: Inventory, name: String) -> SummaryRow {
        SummaryRow(name: name, module: "", moduleKind: nil, types: inventory.types.count, functions: inventory.functions.count,
                   documented: inventory.functions.documentedCount, properties: inventory.properties.count,
                   documentedProperties: inventory.properties.filter(\.isDocumented).count)
    }
}

/// Greedy word wrapping as Excel does it, for ``TemplateLowering/wrappedLines(_:width:)``: the lines used so far and
/// the word being measured.
private struct WordWrap {
    /// The column's usable width in Calibri 11 digit widths.
    let width: Double
    /// The lines used so far.
    var lines = 1
    /// How much of the current line is used.
    var used = 0.0
    /// Whether no word was placed yet.
    var isFirstWord = true
    /// The width of the word measured so far.
    var wordWidth = 0.0

    /// Starts wrapping in a column `width` units wide.
    init(width: Double) { self.width = width }

    /// Places the word measured so far; a space ends a word (two spaces leave an empty word, as Excel keeps them).
    mutating func place() {
        let needed = (isFirstWord || used == 0 ? 0 : 0.45) + wordWidth
        isFirstWord = false
        if used + needed <= width {
            used += needed
        } else {
            // The word starts a new line (a word wider than the column is broken over several).
            if used > 0 { lines += 1 }
            let extraLines = max(0, Int((wordWidth / width).rounded(.up)) - 1)
            lines += extraLines
            used = wordWidth - Double(extraLines) * width
        }
        wordWidth = 0
    }

    /// A character's width at Calibri 11, in digit widths.
    static func measure(_ scalar: Unicode.Scalar) -> Double {
        switch scalar {
        case " ", "i", "j", "l", "I", "|", ".", ",", ":", ";", "'", "!", "`": return 0.45
        case "f", "r", "t", "(", ")", "[", "]", "{", "}", "-", "/", "\\", "\"": return 0.65
        case "m", "w", "M", "W", "@", "%": return 1.45
        case "A"..."Z": return 1.1
        default:
            if scalar.value < 0x80 { return 0.9 }
            return ExcelText.displayWidth(of: scalar) > 1 ? 2.0 : 0.9
        }
    }

    /// ``measure(_:)`` of every ASCII character, indexed by its byte.
    static let asciiWidths: [Double] = (0..<128).map { measure(Unicode.Scalar(UInt8($0))) }
}
