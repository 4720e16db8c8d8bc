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
        // The summary's per-module rows count the declarations; its per-file rows, the files of each module.
        let levels = SummaryRow.rows(inventory, levels: [.module, .file])
        let counts = Dictionary(levels[0].map { ($0.module, $0) }, uniquingKeysWith: { first, _ in first })
        var files: [String: Int] = [:]
        for row in levels[1] { files[row.module, default: 0] += 1 }
        let listed = Set(rows.map(\.name))
        for name in counts.keys.filter({ !listed.contains($0) }).sorted(by: SortValue.naturallyPrecedes) {
            var row = ModuleRow(name: name, dependencies: [], dependents: [])
            row.kind = counts[name]?.moduleKind
            rows.append(row)
        }
        for index in rows.indices {
            guard let counted = counts[rows[index].name] else { continue }
            rows[index].files = files[rows[index].name] ?? 0
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
