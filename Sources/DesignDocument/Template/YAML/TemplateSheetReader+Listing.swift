import Foundation
import Inventory
import YAMLReading
import Yams

/// Which records a table sheet lists and how: grouping, splitting into sheets, sort keys and the filter; and the
/// summary sheet's levels and chart.
extension TemplateSheetReader {
    /// What a sheet's `filter` keeps.
    struct ListingFilter {
        var minAccess: AccessLevel?
        var kinds: [RecordKind] = []
        var documentation = DocumentationFilter.all
    }

    /// The grouping levels (`group: none` or absent: none).
    func groupLevels() throws(YAMLNodeError) -> [GroupLevel] {
        guard let groupNode = keys["group"] else { return [] }
        if case .scalar = groupNode, groupNode.string == "none" { return [] }
        var group: [GroupLevel] = []
        for levelNode in reader.sequenceOrScalar(groupNode) {
            group.append(try reader.choice(levelNode, "group", extra: ["none"]))
        }
        return group
    }

    /// True for `split: sheets` (one sheet per first-level group), which needs a group.
    func splitsSheets(grouped: Bool) throws(YAMLNodeError) -> Bool {
        guard let splitNode = keys["split"] else { return false }
        let value = try reader.string(splitNode, "split")
        guard ["rows", "sheets"].contains(value) else {
            throw loader.fail(splitNode, YAMLNodeReader.choiceMessage("split", value: value, valid: ["rows", "sheets"]))
        }
        if value == "sheets" && !grouped { throw loader.fail(splitNode, "'split: sheets' needs a 'group' (module, file or type)") }
        return value == "sheets"
    }

    /// The sort keys: fields of the sheet kind's catalogue, a leading `-` for descending.
    func sortKeys() throws(YAMLNodeError) -> [SortKey] {
        guard let sortNode = keys["sort"] else { return [] }
        var sortKeys: [SortKey] = []
        for keyNode in reader.sequenceOrScalar(sortNode) {
            let key = try reader.string(keyNode, "sort")
            let descending = key.hasPrefix("-")
            let bare = descending ? String(key.dropFirst()) : key
            if kind == .classes {
                sortKeys += try memberSortKeys(bare, descending: descending, node: keyNode)
                continue
            }
            guard let field = ColumnField(bare, sheet: kind) else {
                let sortable = FieldCatalog.fieldNames(for: kind)
                let suggestion = YAMLNodeReader.closest(bare, among: sortable).map { " (did you mean '\($0)'?)" } ?? ""
                throw loader.fail(keyNode, "unknown sort field '\(bare)'\(suggestion); valid fields: \(sortable.joined(separator: ", "))")
            }
            sortKeys.append(SortKey(field: field, descending: descending))
        }
        return sortKeys
    }

    /// The `filter`: the lowest access level, the kinds (function kinds, or type kinds on a types sheet) and the
    /// documentation state kept.
    func listingFilter() throws(YAMLNodeError) -> ListingFilter {
        var filter = ListingFilter()
        guard let filterNode = keys["filter"] else { return filter }
        let filterKeys = try reader.mapping(filterNode, "filter", allowed: TemplateLoader.filterKeys)
        if let accessNode = filterKeys["minAccess"] {
            let value = try reader.string(accessNode, "minAccess")
            guard let level = AccessLevel(keyword: value) else {
                throw loader.fail(accessNode, "unknown access level '\(value)'; valid levels: \(AccessLevel.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            filter.minAccess = level
        }
        if let kindsNode = filterKeys["kinds"] {
            for kindNode in reader.sequenceOrScalar(kindsNode) {
                filter.kinds.append(try recordKind(kindNode))
            }
        }
        if let documentationNode = filterKeys["documentation"] { filter.documentation = try reader.choice(documentationNode, "documentation") }
        return filter
    }

    /// A function kind; a type kind on a types or classes sheet; a property kind on a properties sheet.
    func recordKind(_ kindNode: Node) throws(YAMLNodeError) -> RecordKind {
        let value = try reader.string(kindNode, "kinds")
        let valid: [String]
        switch kind {
        case .types, .classes:
            if let typeKind = TypeKind(rawValue: value) { return .type(typeKind) }
            valid = TypeKind.allCases.map(\.rawValue)
        case .properties:
            if let propertyKind = PropertyKind(rawValue: value) { return .property(propertyKind) }
            valid = PropertyKind.allCases.map(\.rawValue)
        case .form:
            // A form sheet's rows list functions, types and properties: a kind of each chooses its rows.
            if let functionKind = FunctionKind(rawValue: value) { return .function(functionKind) }
            if let typeKind = TypeKind(rawValue: value) { return .type(typeKind) }
            if let propertyKind = PropertyKind(rawValue: value) { return .property(propertyKind) }
            valid = FunctionKind.allCases.map(\.rawValue) + TypeKind.allCases.map(\.rawValue) + PropertyKind.allCases.map(\.rawValue)
        default:
            if let functionKind = FunctionKind(rawValue: value) { return .function(functionKind) }
            valid = FunctionKind.allCases.map(\.rawValue)
        }
        throw loader.fail(kindNode, "unknown kind '\(value)'; valid kinds: \(valid.joined(separator: ", "))")
    }

    /// The levels of a summary sheet (default module, then file).
    func summaryLevels() throws(YAMLNodeError) -> [GroupLevel] {
        guard let levelsNode = keys["levels"] else { return [.module, .file] }
        var summaryLevels: [GroupLevel] = []
        for levelNode in reader.sequenceOrScalar(levelsNode) {
            let level: GroupLevel = try reader.choice(levelNode, "levels")
            guard level != .type else { throw loader.fail(levelNode, "unknown level 'type'; valid levels: module, file") }
            summaryLevels.append(level)
        }
        return summaryLevels
    }

    /// The summary fields a chart can show.
    static let chartFields: [SummaryField] = [.coverage, .functions, .documented, .undocumented, .types, .propertyCoverage,
                                              .properties, .documentedProperties, .undocumentedProperties]

    /// The summary chart, which needs a `name` column and one for its field.
    func chart(columns: [ColumnSpec]) throws(YAMLNodeError) -> ChartSpec? {
        guard let chartNode = keys["chart"] else { return nil }
        let chartKeys = try reader.mapping(chartNode, "chart", allowed: TemplateLoader.chartKeys)
        var field = SummaryField.coverage
        if let fieldNode = chartKeys["field"] {
            let value = try reader.string(fieldNode, "field")
            guard let chosen = SummaryField(rawValue: value), TemplateSheetReader.chartFields.contains(chosen) else {
                throw loader.fail(fieldNode, "unknown chart field '\(value)'; valid fields: \(TemplateSheetReader.chartFields.map(\.rawValue).joined(separator: ", "))")
            }
            field = chosen
        }
        guard columns.contains(where: { $0.field == .summary(field) }), columns.contains(where: { $0.field == .summary(.name) }) else {
            throw loader.fail(chartNode, "the chart needs a column with field 'name' and one with field '\(field.rawValue)'")
        }
        return ChartSpec(
            type: try chartKeys["type"].map { n throws(YAMLNodeError) in try reader.choice(n, "type") } ?? .bar,
            title: try chartKeys["title"].map { n throws(YAMLNodeError) in try loader.text(n, "title", placeholders: Placeholders.global) } ?? LocalizedText(""),
            field: field)
    }
}
