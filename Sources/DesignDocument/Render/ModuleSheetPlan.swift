import Foundation
import Inventory

extension ModuleRow {
    /// One row per module of `inventory`, in the inventory's module order (name, then project), then the modules
    /// that only records name (an inventory written before schema version 2), by name.
    ///
    /// Counts are per module name: records name their module, not its project, so two projects that each declare a
    /// module of one name show the same counts. `dependents` are the modules of any scanned project that list the
    /// module's name as a dependency (a local package product is usually named after its library target).
    static func rows(_ inventory: Inventory) -> [ModuleRow] {
        var rows = inventory.modules.map { module in
            ModuleRow(name: module.name, kind: module.kind, project: module.project, dependencies: module.dependencies,
                      dependents: inventory.modules.filter { $0.name != module.name && $0.dependencies.contains(module.name) }
                          .map(\.name).uniqued())
        }
        var counts: [String: ModuleRow] = [:]
        var files: [String: Set<String>] = [:]
        func blank(_ name: String) -> ModuleRow { ModuleRow(name: name, dependencies: [], dependents: []) }
        for type in inventory.types {
            counts[type.module, default: blank(type.module)].types += 1
            files[type.module, default: []].insert(type.file)
        }
        for function in inventory.functions {
            counts[function.module, default: blank(function.module)].functions += 1
            if function.isDocumented { counts[function.module]!.documented += 1 }
            files[function.module, default: []].insert(function.file)
        }
        for property in inventory.properties {
            counts[property.module, default: blank(property.module)].properties += 1
            if property.isDocumented { counts[property.module]!.documentedProperties += 1 }
            files[property.module, default: []].insert(property.file)
        }
        let listed = Set(rows.map(\.name))
        let kindsFromRecords = Dictionary(
            (inventory.functions.map { ($0.module, $0.moduleKind) } + inventory.types.map { ($0.module, $0.moduleKind) })
                .compactMap { name, kind in kind.map { (name, $0) } },
            uniquingKeysWith: { first, _ in first })
        for name in counts.keys.filter({ !listed.contains($0) }).sorted(by: SortValue.naturallyPrecedes) {
            var row = blank(name)
            row.kind = kindsFromRecords[name]
            rows.append(row)
        }
        for index in rows.indices {
            guard let counted = counts[rows[index].name] else { continue }
            rows[index].files = files[rows[index].name]?.count ?? 0
            rows[index].types = counted.types
            rows[index].functions = counted.functions
            rows[index].documented = counted.documented
            rows[index].properties = counted.properties
            rows[index].documentedProperties = counted.documentedProperties
        }
        return rows
    }
}

extension SheetPlanner {
    /// The rows of a `modules` sheet: every module of the inventory, sorted by the sheet's sort keys (module fields),
    /// else in the inventory's order.
    func moduleRows(_ spec: SheetSpec) -> [TableRow] {
        guard let inventory else { return [] }
        var rows = ModuleRow.rows(inventory)
        let keys: [(field: ModuleField, descending: Bool)] = spec.sort.compactMap { sortKey in
            guard case .module(let field) = sortKey.field else { return nil }
            return (field, sortKey.descending)
        }
        if !keys.isEmpty {
            let values = rows.map { row in keys.map { SortValue(FieldCatalog.value(of: $0.field, module: row, number: 0, locale: context.locale)) } }
            rows = rows.indices.sorted { a, b in
                for (position, key) in keys.enumerated() where values[a][position] != values[b][position] {
                    return key.descending ? values[b][position] < values[a][position] : values[a][position] < values[b][position]
                }
                return a < b
            }.map { rows[$0] }
        }
        return rows.enumerated().map { .module($0.element, number: $0.offset + 1) }
    }
}
