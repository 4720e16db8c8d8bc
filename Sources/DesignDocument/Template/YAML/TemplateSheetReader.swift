import Foundation
import Inventory
import SpreadsheetModel
import Workbook
import YAMLReading
import Yams

/// Reads one sheet of a YAML template, part by part: its name, free cells, columns, listing (group, split, sort,
/// filter), summary parts (levels, chart), layout (widths, heights, start row, frozen columns) and look. Each part is
/// a small reader in its own extension; ``sheet()`` puts them together in the order the checks run.
struct TemplateSheetReader {
    /// The template being loaded (its reader, path and value readers).
    let loader: TemplateLoader
    /// The sheet's node, for messages about the sheet as a whole.
    let node: Node
    /// The sheet's keys.
    let keys: YAMLMapping
    /// The sheet's kind.
    let kind: SheetKind
    /// The styles the template defines (names a sheet may use besides the defaults).
    let styles: [String: CellStyle]

    /// Reads the node reader of the template.
    var reader: YAMLNodeReader { loader.reader }

    /// Reads and validates the sheet at `node`.
    static func read(_ node: Node, loader: TemplateLoader, styles: [String: CellStyle]) throws(YAMLNodeError) -> SheetSpec {
        let keys = try loader.reader.mapping(node, "a sheet", allowed: TemplateLoader.sheetKeys)
        guard let kindNode = keys["kind"] else {
            throw loader.fail(node, "sheet without 'kind'; valid kinds: \(SheetKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let kind: SheetKind = try loader.reader.choice(kindNode, "kind")
        return try TemplateSheetReader(loader: loader, node: node, keys: keys, kind: kind, styles: styles).sheet()
    }

    /// The whole sheet.
    func sheet() throws(YAMLNodeError) -> SheetSpec {
        guard let nameNode = keys["name"] else { throw loader.fail(node, "sheet without 'name'") }
        let name = try loader.text(nameNode, "name", placeholders: Placeholders.all)
        try loader.validateSheetName(name, node: nameNode)
        let cells = try freeCells()
        let columns = try tableColumns()
        try checkKeysApplyToKind()
        let memberTables = try self.memberTables()
        let group = try groupLevels()
        let splitSheets = try splitsSheets(grouped: !group.isEmpty)
        // A diagram sheet is one sheet per page: its name may say which (`{{group}}`).
        if kind == .form {
            try checkFormName(name, node: nameNode)
        } else {
            try checkNamePlaceholders(name, node: nameNode, splitSheets: splitSheets || kind == .diagram)
        }
        let sort = kind == .form ? [] : try sortKeys()
        let filter = try listingFilter()
        let summaryLevels = try summaryLevels()
        let chart = try chart(columns: columns)
        let widths = try columnWidths()
        let heights = try rowHeights()
        let startRow = try startRow(below: cells)
        let highlight = try keys["highlightUndocumented"].map { n throws(YAMLNodeError) in try styleName(n, "highlightUndocumented") }
        let freezeColumns = try frozenColumns(columnCount: columns.count)
        var sheet = SheetSpec(
            kind: kind, name: name,
            description: try keys["description"].map { n throws(YAMLNodeError) in try loader.text(n, "description", placeholders: Placeholders.global) },
            cells: cells, columnWidths: widths, rowHeights: heights, startRow: startRow, columns: columns, sort: sort,
            group: group, splitSheets: splitSheets,
            sections: try flag("sections") ?? false,
            minAccess: filter.minAccess, kinds: filter.kinds, documentation: filter.documentation,
            highlightUndocumented: highlight,
            excelTable: try flag("table") ?? false,
            freezeHeader: try flag("freezeHeader") ?? true,
            freezeColumns: freezeColumns,
            autofilter: try flag("autofilter") ?? (kind == .functions || kind == .properties || kind == .types || kind.isReview),
            emptyRows: Int(try keys["rows"].map { n throws(YAMLNodeError) in try reader.number(n, "rows", range: 0...1000) } ?? 10),
            summaryLevels: summaryLevels, chart: chart,
            print: try keys["print"].map { n throws(YAMLNodeError) in try loader.printSpec(n) },
            tabColor: try keys["tabColor"].map { n throws(YAMLNodeError) in try loader.color(n, "tabColor") },
            gridlines: try flag("gridlines") ?? true,
            line: loader.line(node), memberTables: memberTables)
        if let diagram = keys["diagram"] { sheet.diagram = try reader.choice(diagram, "diagram") }
        try checkFormPrint(sheet.print)
        if kind == .form {
            let defaultHeight = try keys["defaultRowHeight"].map { n throws(YAMLNodeError) in try reader.number(n, "defaultRowHeight", range: 0...409) }
            sheet.formSheets = try formSheets(name: name, cells: cells, widths: widths, heights: heights, defaultRowHeight: defaultHeight,
                                              filter: try formFilter(filter, group: group))
        }
        return sheet
    }

    /// The true/false value of `key`, or `nil` when the sheet leaves it out.
    func flag(_ key: String) throws(YAMLNodeError) -> Bool? {
        try keys[key].map { n throws(YAMLNodeError) in try reader.bool(n, key) }
    }

    /// A style name the template defines or a built-in default.
    func styleName(_ node: Node, _ what: String) throws(YAMLNodeError) -> String {
        let value = try reader.string(node, what)
        guard styles[value] != nil || Template.defaultStyles[value] != nil else {
            let known = Set(styles.keys).union(Template.defaultStyles.keys).sorted()
            throw loader.fail(node, "unknown style '\(value)'; define it under 'styles' or use one of: \(known.joined(separator: ", "))")
        }
        return value
    }

    /// The kinds that take `table` and `autofilter`: every kind but `classes` and `entities`, whose sheets hold two
    /// tables.
    static let tableKinds = SheetKind.allCases.filter { $0 != .classes && $0 != .entities && $0 != .form }

    /// Rejects keys that do not apply to the sheet's kind, naming the kinds they apply to.
    func checkKeysApplyToKind() throws(YAMLNodeError) {
        let appliesTo: [(key: String, kinds: [SheetKind])] = [
            ("group", [.functions, .properties, .types, .form]), ("split", [.functions, .types]),
            ("sections", [.functions, .properties, .classes]), ("filter", [.functions, .properties, .types, .classes, .form]),
            ("sort", [.functions, .properties, .types, .classes, .modules, .added, .removed, .changed, .form]),
            ("startRow", SheetKind.allCases.filter { $0 != .form }), ("freezeHeader", SheetKind.allCases.filter { $0 != .form }),
            ("highlightUndocumented", [.functions, .properties, .types, .classes]), ("rows", [.history]), ("levels", [.summary]),
            ("chart", [.summary]),
            ("freezeColumns", [.functions, .properties, .types, .modules, .contents, .history, .added, .removed, .changed,
                               .screens, .transitions, .messages, .errors]),
            ("properties", [.classes]), ("methods", [.classes]), ("attributes", [.entities]), ("relationships", [.entities]),
            ("table", Self.tableKinds), ("autofilter", Self.tableKinds),
            ("diagram", [.diagram]), ("defaultRowHeight", [.form]),
        ]
        for (key, kinds) in appliesTo {
            if let present = keys[key], !kinds.contains(kind) {
                throw loader.fail(present, "'\(key)' is not used on a \(kind.rawValue) sheet; it applies to: \(kinds.map(\.rawValue).joined(separator: ", "))")
            }
        }
    }

    /// Rejects placeholders a sheet name cannot hold (per-group ones only with `split: sheets`).
    func checkNamePlaceholders(_ name: LocalizedText, node: Node, splitSheets: Bool) throws(YAMLNodeError) {
        let namePlaceholders = kind == .entities ? Placeholders.global + Placeholders.perEntity
            : splitSheets || kind == .classes ? Placeholders.global + Placeholders.perGroup : Placeholders.global
        for value in Set(name.values.values) {
            for placeholder in Placeholders.names(in: value) where !namePlaceholders.contains(placeholder) {
                let hint = splitSheets || kind == .classes || kind == .entities ? ""
                    : " (group and type.* only with 'split: sheets' or on a classes sheet, entity.* on an entities sheet)"
                throw loader.fail(node, "placeholder '{{\(placeholder)}}' is not available in a sheet name here; valid placeholders: \(namePlaceholders.joined(separator: ", "))\(hint)")
            }
        }
    }
}
