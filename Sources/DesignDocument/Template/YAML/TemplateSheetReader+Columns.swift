import Foundation
import Workbook
import YAMLReading
import Yams

/// Where the fields of a table's columns come from: the catalogue of a sheet kind, or of a member table.
enum ColumnCatalogue: Equatable {
    /// The fields of a sheet kind's table.
    case sheet(SheetKind)
    /// The fields of a `classes` or `entities` sheet's table.
    case table(MemberTable)

    /// The valid field names.
    var fieldNames: [String] {
        switch self {
        case .sheet(let kind): return FieldCatalog.fieldNames(for: kind)
        case .table(let table): return FieldCatalog.fieldNames(ofTable: table)
        }
    }

    /// The field `name`, or `nil` when the catalogue has none of that name.
    func field(_ name: String) -> ColumnField? {
        switch self {
        case .sheet(let kind): return ColumnField(name, sheet: kind)
        case .table(let table): return ColumnField(name, table: table)
        }
    }
}

/// The table columns of a sheet: field, header, width, look, link and drop-down choices.
extension TemplateSheetReader {
    /// The most columns an Excel sheet holds (XFD).
    static let maximumColumns = 16_384

    /// The columns; a kind with a field catalogue needs them, a kind without one (cover, static) refuses them.
    func tableColumns() throws(YAMLNodeError) -> [ColumnSpec] {
        if kind == .classes || kind == .entities {
            if let columnsNode = keys["columns"] {
                throw loader.fail(columnsNode, kind == .classes
                    ? "a classes sheet has two tables: give their columns under 'properties: {columns: …}' (property fields) and 'methods: {columns: …}' (function fields)"
                    : "an entities sheet has two tables: give their columns under 'attributes: {columns: …}' (attribute fields) and 'relationships: {columns: …}' (relationship fields)")
            }
            return []
        }
        return try columns(of: keys["columns"], catalogue: .sheet(kind))
    }

    /// The columns under `columnsNode`, whose fields come from `catalogue` (the sheet's own kind, or a member table).
    func columns(of columnsNode: Node?, catalogue: ColumnCatalogue) throws(YAMLNodeError) -> [ColumnSpec] {
        let fields = catalogue.fieldNames
        guard let columnsNode else {
            guard fields.isEmpty else {
                throw loader.fail(node, "a \(kind.rawValue) sheet needs 'columns'; valid fields: \(fields.joined(separator: ", "))")
            }
            return []
        }
        guard !fields.isEmpty else { throw loader.fail(columnsNode, "a \(kind.rawValue) sheet has no columns; use 'cells'") }
        var columns: [ColumnSpec] = []
        let columnNodes = try reader.sequence(columnsNode, "columns")
        guard columnNodes.count <= Self.maximumColumns else {
            throw loader.fail(columnsNode, "\(columnNodes.count) columns; an Excel sheet holds at most "
                + "\(Self.maximumColumns.formatted(.number.locale(Locale(identifier: "en_US"))))")
        }
        for columnNode in columnNodes {
            columns.append(try column(columnNode, catalogue: catalogue))
        }
        return columns
    }

    /// One column, with a field of `catalogue`'s catalogue.
    func column(_ columnNode: Node, catalogue: ColumnCatalogue) throws(YAMLNodeError) -> ColumnSpec {
        let columnKeys = try reader.mapping(columnNode, "a column", allowed: TemplateLoader.columnKeys)
        guard let fieldNode = columnKeys["field"] else {
            throw loader.fail(columnNode, "column without 'field'; valid fields: \(catalogue.fieldNames.joined(separator: ", "))")
        }
        let field = try columnField(fieldNode, catalogue: catalogue)
        return ColumnSpec(
            header: try columnKeys["header"].map { n throws(YAMLNodeError) in try loader.text(n, "header", placeholders: Placeholders.global) }
                ?? LocalizedText(field.name),
            field: field,
            width: try columnKeys["width"].map { n throws(YAMLNodeError) in try reader.number(n, "width", range: 0...255) },
            wrap: try columnKeys["wrap"].map { n throws(YAMLNodeError) in try reader.bool(n, "wrap") } ?? false,
            style: try columnKeys["style"].map { n throws(YAMLNodeError) in try styleName(n, "style") },
            numberFormat: try columnKeys["format"].map { n throws(YAMLNodeError) in try reader.string(n, "format") },
            link: try columnKeys["link"].map { n throws(YAMLNodeError) in try columnLink(n) },
            choices: try columnKeys["choices"].map { n throws(YAMLNodeError) in try dropDownChoices(n) } ?? [],
            line: loader.line(columnNode))
    }

    /// A field of `catalogue`'s catalogue.
    func columnField(_ fieldNode: Node, catalogue: ColumnCatalogue) throws(YAMLNodeError) -> ColumnField {
        let name = try reader.string(fieldNode, "field")
        guard let field = catalogue.field(name) else {
            let fields = catalogue.fieldNames
            let suggestion = YAMLNodeReader.closest(name, among: fields).map { " (did you mean '\($0)'?)" } ?? ""
            let place: String
            switch catalogue {
            case .sheet: place = "a \(kind.rawValue) sheet"
            case .table(let table):
                let names: [MemberTable: String] = [.properties: "property", .methods: "method", .attributes: "attribute", .relationships: "relationship"]
                place = "the \(names[table]!) table of a\(kind == .entities ? "n" : "") \(kind.rawValue) sheet"
            }
            throw loader.fail(fieldNode, "unknown field '\(name)' for \(place)\(suggestion); valid fields: \(fields.joined(separator: ", "))")
        }
        return field
    }

    /// Where the column's cells link: `sheet` on a contents sheet, `source` elsewhere.
    func columnLink(_ linkNode: Node) throws(YAMLNodeError) -> ColumnLink {
        let value = try reader.string(linkNode, "link")
        let valid: ColumnLink = kind == .contents ? .sheet : .source
        guard value == valid.rawValue else {
            throw loader.fail(linkNode, "unknown link '\(value)' for a \(kind.rawValue) sheet; valid links: \(valid.rawValue)")
        }
        return valid
    }

    /// The drop-down choices: non-empty text without commas or quotes, 255 characters in all per locale.
    func dropDownChoices(_ choicesNode: Node) throws(YAMLNodeError) -> [LocalizedText] {
        var choices: [LocalizedText] = []
        for choiceNode in try reader.sequence(choicesNode, "choices") {
            let choice = try loader.text(choiceNode, "choices", placeholders: [])
            for locale in DocumentLocale.allCases {
                let value = choice.text(locale)
                if value.trimmingCharacters(in: .whitespaces).isEmpty {
                    throw loader.fail(choiceNode, "a drop-down choice is empty in '\(locale.rawValue)'; give every choice some text")
                }
                if let bad = Worksheet.forbiddenDropDownCharacter(in: value) {
                    throw loader.fail(choiceNode, "the drop-down choice '\(value)' contains '\(bad)'; Excel's list separates choices with commas and cannot hold a double quote")
                }
            }
            choices.append(choice)
        }
        guard !choices.isEmpty else { throw loader.fail(choicesNode, "'choices' must list at least one choice") }
        for locale in DocumentLocale.allCases {
            let length = choices.map { $0.text(locale).utf16.count + 1 }.reduce(0, +)
            guard length <= 256 else {
                throw loader.fail(choicesNode, "the choices take \(length - 1) characters in '\(locale.rawValue)'; Excel allows 255")
            }
        }
        return choices
    }
}
