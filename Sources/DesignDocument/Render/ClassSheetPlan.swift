import Foundation
import Inventory

/// One worksheet of a `classes` sheet: a type (its declaration and extensions merged), an extended type from outside
/// the project, or the globals (free functions and global variables).
struct ClassSheet {
    /// The worksheet's name before it is made valid and unique.
    var name: String
    /// The sheet's `group` and `type.*` placeholder values.
    var values: [String: String]
    /// The property table's rows.
    var propertyRows: [TableRow]
    /// The method table's rows.
    var methodRows: [TableRow]
}

/// The planning of `properties` sheets (one row per property) and `classes` sheets (one sheet per type).
extension SheetPlanner {
    /// The inventory's properties and enum cases; planning works on indices into it.
    var allProperties: [PropertyRecord] { inventory?.properties ?? [] }

    // MARK: - Properties sheets

    /// Indices of the properties the sheet's filter keeps, in sheet order: group keys, then the sort keys naming
    /// property fields, then inventory order (file, line).
    func sortedProperties(_ spec: SheetSpec) -> [Int] {
        let filter = ListingFilter(minAccess: spec.minAccess, kinds: spec.kinds, documentation: spec.documentation)
        let properties = allProperties
        let kept = properties.indices.filter { filter.keeps(properties[$0]) }
        return sortedProperties(kept, levels: spec.group, sort: spec.sort, rank: { _ in 0 })
    }

    /// `indices` ordered by the group levels, the sort keys naming property fields, `rank`, then inventory order.
    func sortedProperties(_ indices: [Int], levels: [GroupLevel], sort: [SortKey], rank: (PropertyRecord) -> Int) -> [Int] {
        let keys: [(field: PropertyField?, level: GroupLevel?, descending: Bool)] = levels.map { (nil, $0, false) }
            + sort.compactMap { key in
                guard case .property(let field) = key.field else { return nil }
                // The fields that name a group sort by the group key, as on a functions sheet.
                switch field {
                case .module: return (nil, .module, key.descending)
                case .file: return (nil, .file, key.descending)
                case .enclosingType: return (nil, .type, key.descending)
                default: return (field, nil, key.descending)
                }
            }
        let properties = allProperties
        let decorated = indices.map { index in
            let record = properties[index]
            return (index: index, rank: rank(record), values: keys.map { key -> SortValue in
                if let level = key.level { return SortValue(propertyGroupKey(record, level)) }
                return SortValue(FieldCatalog.value(of: key.field!, property: record, number: 0, context: context))
            })
        }
        return decorated.sorted { a, b in
            for (position, (left, right)) in zip(a.values, b.values).enumerated() where left != right {
                return keys[position].descending ? right < left : left < right
            }
            return a.rank != b.rank ? a.rank < b.rank : a.index < b.index
        }.map(\.index)
    }

    /// The key that groups a property at `level` (module, file, or module + enclosing type; globals: empty).
    func propertyGroupKey(_ record: PropertyRecord, _ level: GroupLevel) -> String {
        switch level {
        case .module: return record.module
        case .file: return record.file
        case .type: return record.enclosingType.map { "\(record.module)\u{1}\($0)" } ?? ""
        }
    }

    /// The rows of a property table: group rows, section rows (when the sheet asks for them), property rows.
    func propertyRows(_ indices: [Int], spec: SheetSpec, levels: [GroupLevel]) -> [TableRow] {
        let properties = allProperties
        let globals = Words.globalVariables(context.locale)
        return memberRows(
            count: indices.count, levels: levels, sections: spec.sections, outsideTypes: globals,
            groupKey: { propertyGroupKey(properties[indices[$0]], $1) },
            groupTitle: { key, level in
                guard level == .type else { return key }
                guard let separator = key.firstIndex(of: "\u{1}") else { return globals }
                return String(key[key.index(after: separator)...])
            },
            placement: { (properties[indices[$0]].enclosingType, properties[indices[$0]].section) },
            row: { .property(properties[indices[$0]], number: $1) })
    }

    // MARK: - Classes sheets

    /// One type's records and members, as a classes sheet merges them.
    private struct TypeGroup {
        /// The dotted name.
        var name: String
        /// The type's declaration, or `nil` for a type declared outside the project (only extensions) and the globals.
        var declaration: TypeRecord?
        /// The declaration, then its extensions, in inventory order.
        var records: [TypeRecord] = []
        /// Indices of the functions declared in it (any of its records).
        var functions: [Int] = []
        /// Indices of the properties declared in it.
        var properties: [Int] = []
        /// True for the globals' group.
        var isGlobals = false
    }

    /// The worksheets of a classes sheet: the globals first (when there are free functions or global variables), then
    /// one per type declaration of the project with its extensions merged, and one per type declared elsewhere that
    /// the project extends (`extension String`), ordered by module and name.
    ///
    /// `filter.minAccess` and `filter.kinds` (type kinds) choose the types; `filter.minAccess` and
    /// `filter.documentation` choose the members listed. An extended outside type whose extensions list no member
    /// after the filter gets no sheet, and counts as the kind `extension`.
    func classSheets(_ spec: SheetSpec) -> [ClassSheet] {
        let types = inventory?.types ?? []
        var groups: [TypeGroup] = [TypeGroup(name: "", isGlobals: true)]
        var byModuleAndName: [String: Int] = [:]
        var outside: [String: Int] = [:]
        let links = TypeLinks(types)
        for type in types where type.kind != .extension {
            let key = "\(type.module)\u{1}\(type.name)"
            if let existing = byModuleAndName[key] {
                groups[existing].records.append(type)  // a second declaration (another #if branch) joins the first
                continue
            }
            byModuleAndName[key] = groups.count
            groups.append(TypeGroup(name: type.name, declaration: type, records: [type]))
        }
        /// The group of the type `name` as seen from `module`: the declaration `TypeLinks` finds (in that module,
        /// renamed by `@objc(Name)`, the one declaration of that name in the project), else the group of the outside
        /// type (made on first use).
        func group(module: String, name: String) -> Int {
            if let found = links.declaration(named: name, from: module),
               let index = byModuleAndName["\(found.module)\u{1}\(found.name)"] { return index }
            if let index = outside[name] { return index }
            outside[name] = groups.count
            groups.append(TypeGroup(name: name))
            return groups.count - 1
        }
        for type in types where type.kind == .extension {
            groups[group(module: type.module, name: type.name)].records.append(type)
        }
        let memberFilter = ListingFilter(minAccess: spec.minAccess, kinds: [], documentation: spec.documentation)
        for (index, function) in allFunctions.enumerated() where memberFilter.keeps(function) {
            let owner = function.enclosingType.map { group(module: function.module, name: $0) } ?? 0
            groups[owner].functions.append(index)
        }
        for (index, property) in allProperties.enumerated() where memberFilter.keeps(property) {
            let owner = property.enclosingType.map { group(module: property.module, name: $0) } ?? 0
            groups[owner].properties.append(index)
        }
        let minimum = spec.minAccess ?? .private
        let written = groups.filter { group in
            let hasMembers = !group.functions.isEmpty || !group.properties.isEmpty
            if group.isGlobals { return hasMembers && spec.kinds.isEmpty }
            guard let declaration = group.declaration else {
                return hasMembers && (spec.kinds.isEmpty || spec.kinds.contains(.type(.extension)))
            }
            return declaration.effectiveAccess >= minimum && (spec.kinds.isEmpty || spec.kinds.contains(.type(declaration.kind)))
        }.sorted { a, b in
            if a.isGlobals != b.isGlobals { return a.isGlobals }
            let (moduleA, moduleB) = (a.records.first?.module ?? "", b.records.first?.module ?? "")
            if moduleA != moduleB { return SortValue.naturallyPrecedes(moduleA, moduleB) }
            return SortValue.naturallyPrecedes(a.name, b.name)
        }
        let hasProperties = spec.memberTables?.properties != nil
        let hasMethods = spec.memberTables?.methods != nil
        let rawName = spec.name.text(context.locale)
        let baseName = Placeholders.expand(rawName, globalValues)
        let namesGroup = Placeholders.names(in: rawName).contains(where: Placeholders.perGroup.contains)
        return written.map { group in
            // Members in the order of the records that declare them: the declaration's file first, then the
            // extensions' files, each in source order.
            var fileRank: [String: Int] = [:]
            for record in group.records where fileRank[record.file] == nil { fileRank[record.file] = fileRank.count }
            let methods = hasMethods ? sortedClassFunctions(group.functions, sort: spec.sort, fileRank: fileRank) : []
            let properties = hasProperties
                ? sortedProperties(group.properties, levels: [], sort: spec.sort, rank: { fileRank[$0.file] ?? fileRank.count })
                : []
            let title = group.isGlobals ? Words.freeFunctions(context.locale) : group.name
            var values = group.isGlobals
                ? ["type.name": title, "type.functions": String(methods.count), "type.properties": String(properties.count)]
                : classValues(group, functions: methods.count, properties: properties.count)
            values["group"] = title
            let name = namesGroup ? Placeholders.expand(rawName, globalValues.merging(values) { $1 }) : "\(baseName) - \(title)"
            return ClassSheet(name: name, values: values, propertyRows: propertyRows(properties, spec: spec, levels: []),
                              methodRows: functionRows(methods, spec: spec, levels: []))
        }
    }

    /// The functions at `indices` in method-table order: the sort keys naming function fields, then the rank of
    /// their file among the type's records, then source order.
    private func sortedClassFunctions(_ indices: [Int], sort: [SortKey], fileRank: [String: Int]) -> [Int] {
        let keys: [(field: FunctionField, descending: Bool)] = sort.compactMap { key in
            guard case .function(let field) = key.field else { return nil }
            return (field, key.descending)
        }
        let functions = allFunctions
        let decorated = indices.map { index in
            (index: index, rank: fileRank[functions[index].file] ?? fileRank.count,
             values: keys.map { SortValue(FieldCatalog.value(of: $0.field, function: functions[index], number: 0, context: context)) })
        }
        return decorated.sorted { a, b in
            for (position, (left, right)) in zip(a.values, b.values).enumerated() where left != right {
                return keys[position].descending ? right < left : left < right
            }
            return a.rank != b.rank ? a.rank < b.rank : a.index < b.index
        }.map(\.index)
    }

    /// The `type.*` placeholder values of a classes sheet's type.
    private func classValues(_ group: TypeGroup, functions: Int, properties: Int) -> [String: String] {
        let first = group.declaration ?? group.records.first
        let modules = group.records.map(\.module).uniqued()
        return typeHeaderValues(
            name: group.name, records: group.records, declaration: group.declaration,
            module: modules.joined(separator: ", "), kind: group.declaration?.kind.rawValue ?? TypeKind.extension.rawValue,
            file: first?.file ?? "", functions: functions, properties: properties)
    }

    /// The `type.*` placeholder values of a per-type sheet: the declaration's facts where there is one, the names
    /// every record inherits merged, and the counts of the members the sheet lists.
    ///
    /// - Parameters:
    ///   - name: The type's dotted name.
    ///   - records: The declaration and its extensions.
    ///   - declaration: The declaration, or `nil` for a type declared outside the project.
    ///   - module: The module (or modules) shown.
    ///   - kind: The kind shown.
    ///   - file: The file shown.
    ///   - functions: How many functions the sheet lists.
    ///   - properties: How many properties the sheet lists.
    func typeHeaderValues(name: String, records: [TypeRecord], declaration: TypeRecord?, module: String, kind: String,
                          file: String, functions: Int, properties: Int) -> [String: String] {
        let shown = declaration ?? records.first
        // A declaration's conformances already hold its extensions'; an outside type's are its extensions' together.
        let conformances = declaration.map(\.conformances) ?? records.flatMap(\.conformances).uniqued()
        var values: [String: String] = [
            "type.name": name, "type.module": module, "type.kind": kind, "type.file": file,
            "type.line": shown.map { String($0.line) } ?? "", "type.access": shown?.accessLevel.rawValue ?? "",
            "type.inheritedTypes": records.flatMap(\.inheritedTypes).uniqued().joined(separator: ", "),
            "type.summary": shown?.doc?.summary ?? "",
            "type.superclass": declaration?.superclass ?? "",
            "type.conformances": conformances.joined(separator: ", "),
            "type.composition": FieldCatalog.compositionText(declaration?.composition ?? []),
            "type.functions": String(functions), "type.properties": String(properties),
        ]
        values["type.description"] = FieldCatalog.descriptionText(shown?.doc)
        return values
    }
}
