import Foundation
import Inventory
import Workbook
import Yams

/// Reads a template from YAML and validates every key, type and name before anything is written.
/// Errors read `path:line: message` and list the valid choices.
struct TemplateLoader {
    let path: String
    let baseFolder: URL?

    /// Loads and validates the template `yaml`, read from `path`; a logo path is relative to `baseFolder`.
    static func load(yaml: String, path: String, baseFolder: URL?) throws(DesignDocumentError) -> Template {
        try TemplateLoader(path: path, baseFolder: baseFolder).load(yaml)
    }

    static let topKeys = ["name", "description", "properties", "fonts", "styles", "print", "logo", "sheets"]
    static let propertyKeys = ["title", "subject", "author", "manager", "company", "category", "keywords", "comments", "status"]
    static let styleKeys = ["font", "size", "color", "bold", "italic", "underline", "fill", "border", "borderColor",
                            "wrap", "align", "valign", "numberFormat", "indent"]
    static let printKeys = ["orientation", "paper", "fitToWidth", "repeatHeader", "header", "footer", "center"]
    static let sheetKeys = ["kind", "name", "description", "cells", "columnWidths", "rowHeights", "startRow", "columns",
                            "sort", "group", "split", "sections", "filter", "highlightUndocumented", "table",
                            "freezeHeader", "freezeColumns", "autofilter", "rows", "levels", "chart", "print", "tabColor", "gridlines"]
    static let cellKeys = ["cell", "value", "style", "merge", "link"]
    static let columnKeys = ["header", "field", "width", "wrap", "style", "format", "link", "choices"]
    static let filterKeys = ["minAccess", "kinds", "documentation"]
    static let chartKeys = ["type", "title", "field"]
    static let logoKeys = ["path", "cell", "scale"]

    /// Parses and validates the whole template.
    func load(_ yaml: String) throws(DesignDocumentError) -> Template {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: yaml) else { throw fail(nil, "the template is empty; start from 'docsheet templates show design-doc'") }
            root = node
        } catch let error as DesignDocumentError {
            throw error
        } catch let error as YamlError {
            throw yamlError(error)
        } catch {
            throw fail(nil, "not valid YAML: \(error)")
        }
        let top = try mapping(root, "the template", allowed: TemplateLoader.topKeys)
        guard let nameNode = top["name"] else { throw fail(root, "missing key 'name' (the template's name)") }
        guard let sheetsNode = top["sheets"] else { throw fail(root, "missing key 'sheets' (the list of sheets)") }
        var styles: [String: CellStyle] = [:]
        if let node = top["styles"] {
            for (name, styleNode) in try mapping(node, "styles").ordered {
                styles[name] = try style(styleNode)
            }
        }
        var properties: [String: LocalizedText] = [:]
        if let node = top["properties"] {
            for (key, value) in try mapping(node, "properties", allowed: TemplateLoader.propertyKeys).ordered {
                properties[key] = try text(value, key, placeholders: Placeholders.global)
            }
        }
        var fonts = Template.defaultFonts
        if let node = top["fonts"] {
            for (key, value) in try mapping(node, "fonts", allowed: DocumentLocale.allCases.map(\.rawValue)).ordered {
                if let locale = DocumentLocale(rawValue: key) { fonts[locale] = try string(value, "fonts.\(key)") }
            }
        }
        let print = try top["print"].map { node throws(DesignDocumentError) in try printSpec(node) } ?? PrintSpec()
        let logo = try top["logo"].map { node throws(DesignDocumentError) in try logoSpec(node) }
        guard case .sequence(let sequence) = sheetsNode, !sequence.isEmpty else {
            throw fail(sheetsNode, "'sheets' must be a non-empty list of sheets")
        }
        var sheets: [SheetSpec] = []
        for node in sequence {
            sheets.append(try sheet(node, styles: styles))
        }
        try checkUniqueSheetNames(sheets)
        try checkSheetLinks(sheets)
        return Template(
            name: try string(nameNode, "name"), source: path,
            summary: try top["description"].map { node throws(DesignDocumentError) in try string(node, "description") },
            properties: properties, fonts: fonts, styles: styles, print: print, logo: logo, sheets: sheets)
    }

    // MARK: - Sheets

    /// Reads and validates one sheet.
    private func sheet(_ node: Node, styles: [String: CellStyle]) throws(DesignDocumentError) -> SheetSpec {
        let keys = try mapping(node, "a sheet", allowed: TemplateLoader.sheetKeys)
        guard let kindNode = keys["kind"] else {
            throw fail(node, "sheet without 'kind'; valid kinds: \(SheetKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let kind: SheetKind = try choice(kindNode, "kind")
        guard let nameNode = keys["name"] else { throw fail(node, "sheet without 'name'") }
        let name = try text(nameNode, "name", placeholders: Placeholders.all)
        try validateSheetName(name, node: nameNode)
        func styleName(_ node: Node?, _ what: String) throws(DesignDocumentError) -> String? {
            guard let node else { return nil }
            let value = try string(node, what)
            guard styles[value] != nil || Template.defaultStyles[value] != nil else {
                let known = Set(styles.keys).union(Template.defaultStyles.keys).sorted()
                throw fail(node, "unknown style '\(value)'; define it under 'styles' or use one of: \(known.joined(separator: ", "))")
            }
            return value
        }
        var cells: [CellSpec] = []
        if let cellsNode = keys["cells"] {
            for cellNode in try sequence(cellsNode, "cells") {
                let cellKeys = try mapping(cellNode, "a cell", allowed: TemplateLoader.cellKeys)
                guard let at = cellKeys["cell"] else { throw fail(cellNode, "cell without 'cell' (a reference like B2)") }
                let reference = try cellReference(at)
                var merge: CellRange?
                if let mergeNode = cellKeys["merge"] {
                    merge = try cellRange(mergeNode)
                    guard merge!.first == reference else {
                        throw fail(mergeNode, "merge range \(merge!) must start at the cell \(reference)")
                    }
                }
                let area = merge ?? CellRange(reference, reference)
                if let other = cells.first(where: { overlaps($0.merge ?? CellRange($0.cell, $0.cell), area) }) {
                    let otherArea = other.merge ?? CellRange(other.cell, other.cell)
                    if other.merge == nil && merge == nil {
                        throw fail(at, "cell \(reference) is already written at line \(other.line); give each free cell its own place")
                    }
                    throw fail(cellKeys["merge"] ?? at, "cell \(area) overlaps \(other.merge == nil ? "cell" : "merged range") \(otherArea) at line \(other.line); Excel refuses overlapping merges and cells inside a merge")
                }
                cells.append(CellSpec(
                    cell: reference,
                    value: try cellKeys["value"].map { n throws(DesignDocumentError) in try text(n, "value", placeholders: Placeholders.all) } ?? LocalizedText(""),
                    style: try styleName(cellKeys["style"], "style"), merge: merge,
                    link: try cellKeys["link"].map { n throws(DesignDocumentError) in try linkTarget(n) },
                    line: line(cellNode)))
            }
        }
        var columns: [ColumnSpec] = []
        let fields = FieldCatalog.fieldNames(for: kind)
        if let columnsNode = keys["columns"] {
            guard !fields.isEmpty else { throw fail(columnsNode, "a \(kind.rawValue) sheet has no columns; use 'cells'") }
            for columnNode in try sequence(columnsNode, "columns") {
                let columnKeys = try mapping(columnNode, "a column", allowed: TemplateLoader.columnKeys)
                guard let fieldNode = columnKeys["field"] else {
                    throw fail(columnNode, "column without 'field'; valid fields: \(fields.joined(separator: ", "))")
                }
                let field = try string(fieldNode, "field")
                guard fields.contains(field) else {
                    throw fail(fieldNode, "unknown field '\(field)' for a \(kind.rawValue) sheet; valid fields: \(fields.joined(separator: ", "))")
                }
                var link: String?
                if let linkNode = columnKeys["link"] {
                    link = try string(linkNode, "link")
                    let valid = kind == .contents ? ["sheet"] : ["source"]
                    guard valid.contains(link!) else {
                        throw fail(linkNode, "unknown link '\(link!)' for a \(kind.rawValue) sheet; valid links: \(valid.joined(separator: ", "))")
                    }
                }
                var choices: [LocalizedText] = []
                if let choicesNode = columnKeys["choices"] {
                    for choiceNode in try sequence(choicesNode, "choices") {
                        let choice = try text(choiceNode, "choices", placeholders: [])
                        for locale in DocumentLocale.allCases {
                            let value = choice.text(locale)
                            if value.trimmingCharacters(in: .whitespaces).isEmpty {
                                throw fail(choiceNode, "a drop-down choice is empty in '\(locale.rawValue)'; give every choice some text")
                            }
                            if let bad = Worksheet.forbiddenDropDownCharacter(in: value) {
                                throw fail(choiceNode, "the drop-down choice '\(value)' contains '\(bad)'; Excel's list separates choices with commas and cannot hold a double quote")
                            }
                        }
                        choices.append(choice)
                    }
                    guard !choices.isEmpty else { throw fail(choicesNode, "'choices' must list at least one choice") }
                    for locale in DocumentLocale.allCases {
                        let length = choices.map { $0.text(locale).utf16.count + 1 }.reduce(0, +)
                        guard length <= 256 else {
                            throw fail(choicesNode, "the choices take \(length - 1) characters in '\(locale.rawValue)'; Excel allows 255")
                        }
                    }
                }
                columns.append(ColumnSpec(
                    header: try columnKeys["header"].map { n throws(DesignDocumentError) in try text(n, "header", placeholders: Placeholders.global) } ?? LocalizedText(field),
                    field: field,
                    width: try columnKeys["width"].map { n throws(DesignDocumentError) in try number(n, "width", range: 0...255) },
                    wrap: try columnKeys["wrap"].map { n throws(DesignDocumentError) in try bool(n, "wrap") } ?? false,
                    style: try styleName(columnKeys["style"], "style"),
                    numberFormat: try columnKeys["format"].map { n throws(DesignDocumentError) in try string(n, "format") },
                    link: link, choices: choices, line: line(columnNode)))
            }
        } else if !fields.isEmpty {
            throw fail(node, "a \(kind.rawValue) sheet needs 'columns'; valid fields: \(fields.joined(separator: ", "))")
        }
        func onlyFor(_ key: String, _ kinds: [SheetKind]) throws(DesignDocumentError) {
            if let present = keys[key], !kinds.contains(kind) {
                throw fail(present, "'\(key)' is not used on a \(kind.rawValue) sheet; it applies to: \(kinds.map(\.rawValue).joined(separator: ", "))")
            }
        }
        try onlyFor("group", [.functions, .types])
        try onlyFor("split", [.functions, .types])
        try onlyFor("sections", [.functions])
        try onlyFor("filter", [.functions, .types])
        try onlyFor("sort", [.functions, .types, .added, .removed, .changed])
        try onlyFor("highlightUndocumented", [.functions, .types])
        try onlyFor("rows", [.history])
        try onlyFor("levels", [.summary])
        try onlyFor("chart", [.summary])
        try onlyFor("freezeColumns", [.functions, .types, .contents, .history, .added, .removed, .changed])
        var group: [GroupLevel] = []
        if let groupNode = keys["group"] {
            if case .scalar = groupNode, groupNode.string == "none" {
                group = []
            } else {
                for levelNode in try sequenceOrScalar(groupNode) {
                    group.append(try choice(levelNode, "group", extra: ["none"]))
                }
            }
        }
        var splitSheets = false
        if let splitNode = keys["split"] {
            let value = try string(splitNode, "split")
            guard ["rows", "sheets"].contains(value) else {
                throw fail(splitNode, "unknown split '\(value)'; valid choices: rows, sheets")
            }
            splitSheets = value == "sheets"
            if splitSheets && group.isEmpty { throw fail(splitNode, "'split: sheets' needs a 'group' (module, file or type)") }
        }
        let namePlaceholders = splitSheets ? Placeholders.global + Placeholders.perGroup : Placeholders.global
        for value in Set(name.values.values) {
            for placeholder in Placeholders.names(in: value) where !namePlaceholders.contains(placeholder) {
                let hint = splitSheets ? "" : " (group and type.* only with 'split: sheets')"
                throw fail(nameNode, "placeholder '{{\(placeholder)}}' is not available in a sheet name here; valid placeholders: \(namePlaceholders.joined(separator: ", "))\(hint)")
            }
        }
        var sortKeys: [String] = []
        if let sortNode = keys["sort"] {
            let sortable = kind.isReview ? FieldCatalog.reviewFields.map(\.name) : fields
            for keyNode in try sequenceOrScalar(sortNode) {
                let key = try string(keyNode, "sort")
                let bare = key.hasPrefix("-") ? String(key.dropFirst()) : key
                guard sortable.contains(bare) else {
                    throw fail(keyNode, "unknown sort field '\(bare)'; valid fields: \(sortable.joined(separator: ", "))")
                }
                sortKeys.append(key)
            }
        }
        var minAccess: String?
        var kinds: [String] = []
        var documentation = DocumentationFilter.all
        if let filterNode = keys["filter"] {
            let filter = try mapping(filterNode, "filter", allowed: TemplateLoader.filterKeys)
            if let accessNode = filter["minAccess"] {
                let value = try string(accessNode, "minAccess")
                guard AccessLevel(keyword: value) != nil else {
                    throw fail(accessNode, "unknown access level '\(value)'; valid levels: \(AccessLevel.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                minAccess = value
            }
            if let kindsNode = filter["kinds"] {
                let valid = kind == .types ? TypeKind.allCases.map(\.rawValue) : FunctionKind.allCases.map(\.rawValue)
                for kindNode in try sequenceOrScalar(kindsNode) {
                    let value = try string(kindNode, "kinds")
                    guard valid.contains(value) else {
                        throw fail(kindNode, "unknown kind '\(value)'; valid kinds: \(valid.joined(separator: ", "))")
                    }
                    kinds.append(value)
                }
            }
            if let documentationNode = filter["documentation"] { documentation = try choice(documentationNode, "documentation") }
        }
        var summaryLevels: [GroupLevel] = [.module, .file]
        if let levelsNode = keys["levels"] {
            summaryLevels = []
            for levelNode in try sequenceOrScalar(levelsNode) {
                let level: GroupLevel = try choice(levelNode, "levels")
                guard level != .type else { throw fail(levelNode, "unknown level 'type'; valid levels: module, file") }
                summaryLevels.append(level)
            }
        }
        var chart: ChartSpec?
        if let chartNode = keys["chart"] {
            let chartKeys = try mapping(chartNode, "chart", allowed: TemplateLoader.chartKeys)
            let field = try chartKeys["field"].map { n throws(DesignDocumentError) in try string(n, "field") } ?? "coverage"
            guard ["coverage", "functions", "documented", "undocumented", "types"].contains(field) else {
                throw fail(chartKeys["field"], "unknown chart field '\(field)'; valid fields: coverage, functions, documented, undocumented, types")
            }
            guard columns.contains(where: { $0.field == field }), columns.contains(where: { $0.field == "name" }) else {
                throw fail(chartNode, "the chart needs a column with field 'name' and one with field '\(field)'")
            }
            chart = ChartSpec(
                type: try chartKeys["type"].map { n throws(DesignDocumentError) in try choice(n, "type") } ?? .bar,
                title: try chartKeys["title"].map { n throws(DesignDocumentError) in try text(n, "title", placeholders: Placeholders.global) } ?? LocalizedText(""),
                field: field)
        }
        var widths: [Int: Double] = [:]
        if let widthsNode = keys["columnWidths"] {
            for (letters, widthNode) in try mapping(widthsNode, "columnWidths").ordered {
                guard let column = CellReference(letters + "1")?.column else {
                    throw fail(widthNode, "'\(letters)' is not a column like A or BC")
                }
                widths[column] = try number(widthNode, "width", range: 0...255)
            }
        }
        var heights: [Int: Double] = [:]
        if let heightsNode = keys["rowHeights"] {
            for (rowText, heightNode) in try mapping(heightsNode, "rowHeights").ordered {
                guard let row = Int(rowText), row >= 1, row <= Worksheet.maximumRows else {
                    throw fail(heightNode, "'\(rowText)' is not a row number (1 to 1048576)")
                }
                heights[row - 1] = try number(heightNode, "height", range: 0...409)
            }
        }
        var startRow: Int?
        if let startNode = keys["startRow"] {
            startRow = Int(try number(startNode, "startRow", range: 1...1000)) - 1
            if let lastCellRow = cells.map({ $0.merge?.last.row ?? $0.cell.row }).max(), lastCellRow >= startRow! {
                throw fail(startNode, "startRow \(startRow! + 1) must be below the free cells (last used row \(lastCellRow + 1))")
            }
        }
        if let highlightNode = keys["highlightUndocumented"] { _ = try styleName(highlightNode, "highlightUndocumented") }
        var freezeColumns = 0
        if let freezeNode = keys["freezeColumns"] {
            freezeColumns = Int(try number(freezeNode, "freezeColumns", range: 0...50))
            guard freezeColumns <= columns.count else {
                throw fail(freezeNode, "'freezeColumns' is \(freezeColumns) but the sheet has \(columns.count) columns")
            }
        }
        return SheetSpec(
            kind: kind, name: name,
            description: try keys["description"].map { n throws(DesignDocumentError) in try text(n, "description", placeholders: Placeholders.global) },
            cells: cells, columnWidths: widths, rowHeights: heights, startRow: startRow, columns: columns, sort: sortKeys,
            group: group, splitSheets: splitSheets,
            sections: try keys["sections"].map { n throws(DesignDocumentError) in try bool(n, "sections") } ?? false,
            minAccess: minAccess, kinds: kinds, documentation: documentation,
            highlightUndocumented: try keys["highlightUndocumented"].map { n throws(DesignDocumentError) in try string(n, "highlightUndocumented") },
            excelTable: try keys["table"].map { n throws(DesignDocumentError) in try bool(n, "table") } ?? false,
            freezeHeader: try keys["freezeHeader"].map { n throws(DesignDocumentError) in try bool(n, "freezeHeader") } ?? true,
            freezeColumns: freezeColumns,
            autofilter: try keys["autofilter"].map { n throws(DesignDocumentError) in try bool(n, "autofilter") } ?? (kind == .functions || kind == .types || kind.isReview),
            emptyRows: Int(try keys["rows"].map { n throws(DesignDocumentError) in try number(n, "rows", range: 0...1000) } ?? 10),
            summaryLevels: summaryLevels, chart: chart,
            print: try keys["print"].map { n throws(DesignDocumentError) in try printSpec(n) },
            tabColor: try keys["tabColor"].map { n throws(DesignDocumentError) in try color(n, "tabColor") },
            gridlines: try keys["gridlines"].map { n throws(DesignDocumentError) in try bool(n, "gridlines") } ?? true,
            line: line(node))
    }

    /// Checks a sheet name in every locale (only the literal characters when it holds placeholders).
    private func validateSheetName(_ name: LocalizedText, node: Node) throws(DesignDocumentError) {
        for locale in DocumentLocale.allCases {
            let text = name.text(locale)
            if text.contains("{{") {
                // Expanded when written (and made valid then); only the literal characters can be checked now.
                let literal = Placeholders.expand(text, [:])
                if let bad = literal.first(where: SheetName.forbiddenCharacters.contains) {
                    throw fail(node, "sheet name '\(text)' contains '\(bad)'; Excel refuses any of [ ] : * ? / \\")
                }
                continue
            }
            if let problem = SheetName.problem(with: text) {
                throw fail(node, "sheet name '\(text)' is not valid in Excel: \(problem)")
            }
        }
    }

    /// Reads a free cell's link: text or a mapping of locales, each a URL, `sheet:NAME` or `sheet-kind:KIND`.
    private func linkTarget(_ node: Node) throws(DesignDocumentError) -> LocalizedText {
        let target = try text(node, "link", placeholders: Placeholders.global)
        for locale in DocumentLocale.allCases {
            let value = target.text(locale)
            if value.trimmingCharacters(in: .whitespaces).isEmpty { throw fail(node, "'link' is empty; give a URL, sheet:NAME or sheet-kind:KIND") }
            if case .kind(let kind)? = SheetLinkTarget(value) {
                guard SheetKind(rawValue: kind) != nil else {
                    throw fail(node, "unknown sheet kind '\(kind)' in link '\(value)'; valid kinds: \(SheetKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            }
        }
        return target
    }

    /// Rejects `sheet:NAME` links to a name no sheet has, and `sheet-kind:KIND` links to a kind the template lacks.
    private func checkSheetLinks(_ sheets: [SheetSpec]) throws(DesignDocumentError) {
        for sheet in sheets {
            for cell in sheet.cells {
                guard let link = cell.link else { continue }
                for locale in DocumentLocale.allCases {
                    let value = link.text(locale)
                    switch SheetLinkTarget(value) {
                    case .name(let name)?:
                        guard sheets.contains(where: { $0.name.matches(name) }) else {
                            let names = sheets.map { $0.name.text(.en) }.joined(separator: ", ")
                            throw DesignDocumentError.invalidTemplate(
                                path: path, line: cell.line,
                                message: "no sheet named '\(name)'; sheets: \(names) (or link to a kind: sheet-kind:contents)")
                        }
                    case .kind(let kind)?:
                        guard sheets.contains(where: { $0.kind.rawValue == kind }) else {
                            let kinds = sheets.map(\.kind.rawValue).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                            throw DesignDocumentError.invalidTemplate(
                                path: path, line: cell.line,
                                message: "no \(kind) sheet for link '\(value)'; the template's kinds: \(kinds.joined(separator: ", "))")
                        }
                    case nil:
                        break  // a URL
                    }
                }
            }
        }
    }

    /// True when the two ranges share a cell.
    private func overlaps(_ a: CellRange, _ b: CellRange) -> Bool {
        a.first.row <= b.last.row && b.first.row <= a.last.row && a.first.column <= b.last.column && b.first.column <= a.last.column
    }

    /// Rejects two sheets whose names differ only in letter case, per locale.
    private func checkUniqueSheetNames(_ sheets: [SheetSpec]) throws(DesignDocumentError) {
        for locale in DocumentLocale.allCases {
            var seen: [String: Int] = [:]
            for sheet in sheets {
                let name = sheet.name.text(locale)
                guard !name.contains("{{") else { continue }
                if let first = seen[name.lowercased()] {
                    throw DesignDocumentError.invalidTemplate(
                        path: path, line: sheet.line,
                        message: "sheet name '\(name)' is already used at line \(first) (Excel ignores letter case); give each sheet its own name")
                }
                seen[name.lowercased()] = sheet.line
            }
        }
    }

    // MARK: - Styles, print, logo

    /// Reads a named style.
    private func style(_ node: Node) throws(DesignDocumentError) -> CellStyle {
        let keys = try mapping(node, "a style", allowed: TemplateLoader.styleKeys)
        var style = CellStyle()
        style.fontName = try keys["font"].map { n throws(DesignDocumentError) in try string(n, "font") }
        style.fontSize = try keys["size"].map { n throws(DesignDocumentError) in try number(n, "size", range: 1...409) }
        style.fontColor = try keys["color"].map { n throws(DesignDocumentError) in try color(n, "color") }
        style.bold = try keys["bold"].map { n throws(DesignDocumentError) in try bool(n, "bold") } ?? false
        style.italic = try keys["italic"].map { n throws(DesignDocumentError) in try bool(n, "italic") } ?? false
        style.underline = try keys["underline"].map { n throws(DesignDocumentError) in try bool(n, "underline") } ?? false
        style.fill = try keys["fill"].map { n throws(DesignDocumentError) in try color(n, "fill") }
        style.border = try keys["border"].map { n throws(DesignDocumentError) in try choice(n, "border") } ?? .none
        style.borderColor = try keys["borderColor"].map { n throws(DesignDocumentError) in try color(n, "borderColor") }
        style.wrap = try keys["wrap"].map { n throws(DesignDocumentError) in try bool(n, "wrap") } ?? false
        style.horizontal = try keys["align"].map { n throws(DesignDocumentError) in try choice(n, "align") } ?? .general
        style.vertical = try keys["valign"].map { n throws(DesignDocumentError) in try choice(n, "valign") } ?? .bottom
        style.numberFormat = try keys["numberFormat"].map { n throws(DesignDocumentError) in try string(n, "numberFormat") }
        style.indent = Int(try keys["indent"].map { n throws(DesignDocumentError) in try number(n, "indent", range: 0...15) } ?? 0)
        return style
    }

    /// Reads print settings.
    private func printSpec(_ node: Node) throws(DesignDocumentError) -> PrintSpec {
        let keys = try mapping(node, "print", allowed: TemplateLoader.printKeys)
        var spec = PrintSpec()
        if let orientation = keys["orientation"] {
            let value = try string(orientation, "orientation")
            guard ["landscape", "portrait"].contains(value) else {
                throw fail(orientation, "unknown orientation '\(value)'; valid choices: landscape, portrait")
            }
            spec.landscape = value == "landscape"
        }
        spec.paper = try keys["paper"].map { n throws(DesignDocumentError) in try choice(n, "paper") }
        spec.fitToWidth = try keys["fitToWidth"].map { n throws(DesignDocumentError) in try bool(n, "fitToWidth") }
        spec.repeatHeader = try keys["repeatHeader"].map { n throws(DesignDocumentError) in try bool(n, "repeatHeader") }
        spec.center = try keys["center"].map { n throws(DesignDocumentError) in try bool(n, "center") }
        for key in ["header", "footer"] {
            guard let textNode = keys[key] else { continue }
            let value = try text(textNode, key, placeholders: Placeholders.all)
            for locale in DocumentLocale.allCases where value.text(locale).utf8.count > 200 {
                throw fail(textNode, "the page \(key) is \(value.text(locale).utf8.count) bytes; keep it under 200 (Excel allows 255 after placeholders)")
            }
            if key == "header" { spec.header = value } else { spec.footer = value }
        }
        return spec
    }

    /// Reads the logo and loads its image.
    private func logoSpec(_ node: Node) throws(DesignDocumentError) -> LogoSpec {
        let keys = try mapping(node, "logo", allowed: TemplateLoader.logoKeys)
        guard let pathNode = keys["path"] else { throw fail(node, "logo without 'path' (an image file beside the template)") }
        let imagePath = try string(pathNode, "path")
        let url = imagePath.hasPrefix("/") ? URL(fileURLWithPath: imagePath)
            : (baseFolder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).appendingPathComponent(imagePath)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw fail(pathNode, "logo image '\(imagePath)' not found (paths are relative to the template file)")
        }
        let signatures: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8], Array("GIF8".utf8), Array("BM".utf8)]
        guard signatures.contains(where: { data.starts(with: $0) }) else {
            throw fail(pathNode, "logo '\(imagePath)' is not a PNG, JPEG, GIF or BMP image")
        }
        return LogoSpec(
            data: data, path: imagePath,
            cell: try keys["cell"].map { n throws(DesignDocumentError) in try cellReference(n) } ?? CellReference(row: 0, column: 0),
            scale: try keys["scale"].map { n throws(DesignDocumentError) in try number(n, "scale", range: 0.01...10) } ?? 1)
    }

    // MARK: - Node readers

    struct Keys {
        var ordered: [(String, Node)]
        /// The value for `key`, or `nil`.
        subscript(key: String) -> Node? { ordered.first { $0.0 == key }?.1 }
    }

    /// The keys of a mapping, rejecting keys not in `allowed` and keys given twice.
    private func mapping(_ node: Node, _ what: String, allowed: [String]? = nil) throws(DesignDocumentError) -> Keys {
        guard case .mapping(let map) = node else { throw fail(node, "\(what) must be a mapping of keys to values") }
        var keys = Keys(ordered: [])
        for (keyNode, value) in map {
            guard case .scalar(let scalar) = keyNode else { throw fail(keyNode, "keys in \(what) must be plain text") }
            if let allowed, !allowed.contains(scalar.string) {
                throw fail(keyNode, "unknown key '\(scalar.string)' in \(what); valid keys: \(allowed.joined(separator: ", "))")
            }
            if keys[scalar.string] != nil { throw fail(keyNode, "key '\(scalar.string)' appears twice in \(what)") }
            keys.ordered.append((scalar.string, value))
        }
        return keys
    }

    /// The items of a list.
    private func sequence(_ node: Node, _ what: String) throws(DesignDocumentError) -> [Node] {
        guard case .sequence(let items) = node else { throw fail(node, "'\(what)' must be a list") }
        return Array(items)
    }

    /// The items of a list, or a single value as a one-item list.
    private func sequenceOrScalar(_ node: Node) throws(DesignDocumentError) -> [Node] {
        if case .sequence(let items) = node { return Array(items) }
        return [node]
    }

    /// A text value.
    private func string(_ node: Node, _ what: String) throws(DesignDocumentError) -> String {
        guard case .scalar(let scalar) = node else { throw fail(node, "'\(what)' must be text") }
        return scalar.string
    }

    /// A true/false value.
    private func bool(_ node: Node, _ what: String) throws(DesignDocumentError) -> Bool {
        guard case .scalar = node, let value = node.bool else { throw fail(node, "'\(what)' must be true or false") }
        return value
    }

    /// A number within `range`.
    private func number(_ node: Node, _ what: String, range: ClosedRange<Double>) throws(DesignDocumentError) -> Double {
        guard case .scalar = node, let value = node.float ?? node.int.map(Double.init) else {
            throw fail(node, "'\(what)' must be a number")
        }
        guard range.contains(value) else {
            throw fail(node, "'\(what)' is \(CellValue.number(value).text); it must be between \(CellValue.number(range.lowerBound).text) and \(CellValue.number(range.upperBound).text)")
        }
        return value
    }

    /// A `#RRGGBB` colour.
    private func color(_ node: Node, _ what: String) throws(DesignDocumentError) -> Color {
        let value = try string(node, what)
        guard let color = Color(hex: value) else { throw fail(node, "'\(what)' must be a colour like \"#1F4E78\", not '\(value)'") }
        return color
    }

    /// A cell reference like `B2`.
    private func cellReference(_ node: Node) throws(DesignDocumentError) -> CellReference {
        let value = try string(node, "cell")
        guard let reference = CellReference(value) else { throw fail(node, "'\(value)' is not a cell reference like B2") }
        return reference
    }

    /// A range like `B2:F2`.
    private func cellRange(_ node: Node) throws(DesignDocumentError) -> CellRange {
        let value = try string(node, "merge")
        guard value.contains(":"), let range = CellRange(value) else { throw fail(node, "'\(value)' is not a range like B2:F2") }
        return range
    }

    /// One of an enumeration's raw values (plus `extra`), listing the valid ones otherwise.
    private func choice<T: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, extra: [String] = []) throws(DesignDocumentError) -> T
    where T.RawValue == String {
        let value = try string(node, what)
        guard let result = T(rawValue: value) else {
            let valid = T.allCases.map(\.rawValue) + extra
            throw fail(node, "unknown \(what) '\(value)'; valid choices: \(valid.joined(separator: ", "))")
        }
        return result
    }

    /// Text or `{en: …, vi: …, ja: …}`, checking that every placeholder is one of `placeholders`.
    private func text(_ node: Node, _ what: String, placeholders: [String]) throws(DesignDocumentError) -> LocalizedText {
        let result: LocalizedText
        switch node {
        case .scalar(let scalar):
            result = LocalizedText(scalar.string)
        case .mapping:
            var values: [DocumentLocale: String] = [:]
            let valid = DocumentLocale.allCases.map(\.rawValue)
            for (key, value) in try mapping(node, "'\(what)'", allowed: valid).ordered {
                values[DocumentLocale(rawValue: key)!] = try string(value, what)
            }
            result = LocalizedText(values: values)
        default:
            throw fail(node, "'\(what)' must be text or a mapping of locales (en, vi, ja) to text")
        }
        for value in Set(result.values.values) {
            for name in Placeholders.names(in: value) where !placeholders.contains(name) {
                throw fail(node, "unknown placeholder '{{\(name)}}' in '\(what)'; valid placeholders: \(placeholders.joined(separator: ", "))")
            }
        }
        return result
    }

    /// The 1-based line of a node, for messages.
    private func line(_ node: Node?) -> Int { node?.mark?.line ?? 1 }

    /// A template error at `node`'s line.
    private func fail(_ node: Node?, _ message: String) -> DesignDocumentError {
        .invalidTemplate(path: path, line: line(node), message: message)
    }

    /// A YAML syntax error as a template error at its line.
    private func yamlError(_ error: YamlError) -> DesignDocumentError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return .invalidTemplate(path: path, line: mark.line, message: "not valid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return .invalidTemplate(path: path, line: context.mark.line, message: "key '\(duplicates.joined(separator: "', '"))' appears twice")
        default:
            return .invalidTemplate(path: path, line: 1, message: "not valid YAML: \(error)")
        }
    }
}
