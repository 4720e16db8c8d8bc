import Foundation
import Inventory

/// Turns SwiftData `@Model` classes into entity records, from the property records of their stored properties.
enum SwiftDataModels {
    /// The entities of the `@Model` classes named in `modelClasses` (dotted names).
    ///
    /// A stored instance property is a relationship when it has `@Relationship` or its type (or element type) is
    /// another `@Model` class; otherwise an attribute (`@Attribute(.unique)` makes it unique, `@Transient` transient).
    static func entities(modelClasses: Set<String>, types: [TypeRecord], properties: [PropertyRecord]) -> [EntityRecord] {
        guard !modelClasses.isEmpty else { return [] }
        let simpleNames = Dictionary(modelClasses.map { (String($0.split(separator: ".").last ?? ""), $0) }, uniquingKeysWith: { a, _ in a })
        var members: [String: [PropertyRecord]] = [:]
        for property in properties where property.kind == .property && (property.storage == .stored || property.storage == .observed) {
            if let owner = property.enclosingType, modelClasses.contains(owner) { members[owner, default: []].append(property) }
        }
        var seen: Set<String> = []
        var entities: [EntityRecord] = []
        for type in types where type.kind == .class && modelClasses.contains(type.name) && seen.insert(type.name).inserted {
            var entity = EntityRecord(name: type.name, framework: .swiftData, file: type.file, line: type.line, className: type.name,
                                      parent: type.superclass, summary: type.doc?.summary)
            for property in (members[type.name] ?? []).sorted(by: { ($0.line, $0.column) < ($1.line, $1.column) }) {
                let written = property.type ?? ""
                let isOptional = written.hasSuffix("?")
                let isToMany = written.hasPrefix("[")
                let element = written.trimmingCharacters(in: CharacterSet(charactersIn: "[]?! "))
                let relationship = property.attributes.first { $0.hasPrefix("@Relationship") }
                if relationship != nil || simpleNames[element] != nil || modelClasses.contains(element) {
                    entity.relationships.append(EntityRecord.Relationship(
                        name: property.name, destination: element, isToMany: isToMany, isOptional: isOptional || isToMany,
                        deleteRule: relationship.flatMap { argument("deleteRule", in: $0) }.map { String($0.drop { $0 == "." }) },
                        inverse: relationship.flatMap { argument("inverse", in: $0) }.map { String($0.split(separator: ".").last ?? "") }))
                } else {
                    entity.attributes.append(EntityRecord.Attribute(
                        name: property.name, type: written, isOptional: isOptional, defaultValue: property.defaultValue,
                        isTransient: property.attributes.contains { $0.hasPrefix("@Transient") },
                        isUnique: property.attributes.contains { $0.hasPrefix("@Attribute") && $0.contains(".unique") }))
                }
            }
            entities.append(entity)
        }
        return entities.sorted { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }
    }

    /// The value of the argument labelled `label` in an attribute as written (`@Relationship(deleteRule: .cascade,
    /// inverse: \Item.list)` → `.cascade` for `deleteRule`), or `nil`.
    static func argument(_ label: String, in attribute: String) -> String? {
        guard let range = attribute.range(of: label + ":") else { return nil }
        let rest = attribute[range.upperBound...].drop { $0 == " " }
        let value = rest.prefix { $0 != "," && $0 != ")" }.trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value.replacingOccurrences(of: "\\", with: "")
    }
}
