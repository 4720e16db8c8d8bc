import Foundation
import Inventory

/// The planning of the sheets about the app around the code: `screens`, `transitions`, `messages` and `errors` (one
/// table each) and `entities` (one sheet per entity, its attribute table then its relationship table). Each lists
/// the inventory's records in its order; a sheet without records is left out.
extension SheetPlanner {
    /// The rows of a `screens`, `transitions`, `messages` or `errors` sheet, numbered from 1; `nil` for other kinds.
    func appRecordRows(_ spec: SheetSpec) -> [TableRow]? {
        guard spec.kind.isAppRecords, spec.kind != .entities else { return nil }
        guard let inventory else { return [] }
        switch spec.kind {
        case .screens: return inventory.screens.enumerated().map { .screen($0.element, number: $0.offset + 1) }
        case .transitions: return inventory.transitions.enumerated().map { .transition($0.element, number: $0.offset + 1) }
        case .messages: return inventory.messages.enumerated().map { .message($0.element, number: $0.offset + 1) }
        case .errors: return ErrorRow.rows(inventory.errors).enumerated().map { .error($0.element, number: $0.offset + 1) }
        default: return nil
        }
    }

    /// The languages of the inventory's messages, sorted, `Base` first (the development language's folder).
    var messageLanguages: [String] {
        let languages = Set((inventory?.messages ?? []).flatMap { $0.translations.map(\.language) })
        return languages.sorted { a, b in
            if (a == "Base") != (b == "Base") { return a == "Base" }
            return a < b
        }
    }

    /// `spec` with each `text` column of a messages sheet made one column per language found: the same look, the
    /// header followed by the language (`Text (ja)`).
    func expandingLanguageColumns(_ spec: SheetSpec) -> SheetSpec {
        guard spec.kind == .messages else { return spec }
        var expanded = spec
        let languages = messageLanguages
        expanded.columns = spec.columns.flatMap { column -> [ColumnSpec] in
            guard case .message(let field) = column.field, field.isEveryLanguage else { return [column] }
            return languages.map { language in
                var perLanguage = column
                perLanguage.field = .message(.text(language))
                perLanguage.header = LocalizedText(values: Dictionary(uniqueKeysWithValues: DocumentLocale.allCases.map { locale in
                    let header = column.header.text(locale)
                    return (locale, header.isEmpty ? language : "\(header) (\(language))")
                }))
                return perLanguage
            }
        }
        return expanded
    }

    /// One sheet per entity of the data model, in the inventory's order (file, line): its `entity.*` values, its
    /// attribute rows and its relationship rows.
    func entitySheets(_ spec: SheetSpec) -> [(name: String, values: [String: String], attributes: [TableRow], relationships: [TableRow])] {
        let rawName = spec.name.text(context.locale)
        let baseName = Placeholders.expand(rawName, globalValues)
        let namesEntity = Placeholders.names(in: rawName).contains(where: Placeholders.perEntity.contains)
        let hasAttributes = spec.memberTables?.properties != nil
        let hasRelationships = spec.memberTables?.methods != nil
        return (inventory?.entities ?? []).enumerated().map { offset, entity in
            var values: [String: String] = [:]
            for field in EntityField.allCases {
                values["entity.\(field.rawValue)"] = FieldCatalog.value(of: field, entity: entity, number: offset + 1, context: context).text
            }
            values["group"] = entity.name
            let name = namesEntity ? Placeholders.expand(rawName, globalValues.merging(values) { $1 }) : "\(baseName) - \(entity.name)"
            let attributes = hasAttributes ? entity.attributes.enumerated().map { TableRow.attribute($0.element, number: $0.offset + 1) } : []
            let relationships = hasRelationships
                ? entity.relationships.enumerated().map { TableRow.relationship($0.element, number: $0.offset + 1) } : []
            return (name, values, attributes, relationships)
        }
    }
}
