import Foundation
import Inventory
import Parallelism
import SpreadsheetModel
import Workbook

/// One row of a table sheet, before it is written.
enum TableRow: Sendable {
    case function(FunctionRecord, number: Int)
    case property(PropertyRecord, number: Int)
    case type(TypeRecord, number: Int, functions: [FunctionRecord], properties: [PropertyRecord])
    case module(ModuleRow, number: Int)
    case group(level: Int, text: String)
    case section(String)
    case review(ReviewEntry, number: Int)
    case contents(sheet: String, description: String, number: Int)
    case history(number: Int)
    case screen(ScreenRecord, number: Int)
    case transition(TransitionRecord, number: Int)
    case message(MessageRecord, number: Int)
    case error(ErrorRow, number: Int)
    case attribute(EntityRecord.Attribute, number: Int)
    case relationship(EntityRecord.Relationship, number: Int)
}

/// A worksheet to write: a template sheet, expanded for one group or one continuation of a long table.
struct PlannedSheet {
    var spec: SheetSpec
    var name: String
    /// Placeholder values for this sheet only (`sheet`, `group`, `type.*`).
    var values: [String: String]
    /// The table's rows; on a `classes` sheet, the method table's.
    var rows: [TableRow]
    /// The page of a diagram a `diagram` sheet shows.
    var picture: DiagramPage?
    /// The upper member table's rows: a `classes` sheet's properties, an `entities` sheet's attributes (empty on
    /// every other kind; ``rows`` are then the lower table's, the methods or relationships).
    var propertyRows: [TableRow] = []
    /// A `form` sheet's worksheet for one item (or the only one), written by the form lowering as a client's form
    /// sheet is.
    var formInstance: FormLowering.Instance?
}

/// Turns template sheets into planned worksheets: filters, sorts, groups, splits by group and by Excel's row limit.
struct SheetPlanner {
    let template: Template
    let context: DocumentContext
    let inventory: Inventory?
    let diff: InventoryDiff?
    /// The most rows a worksheet holds (Excel: 1,048,576; smaller in tests).
    let rowLimit: Int
    /// Values of the placeholders available everywhere (sheet names may use them).
    var globalValues: [String: String] = [:]
    /// The pages of the diagrams the template's `diagram` sheets show (``DiagramDrawing``): a diagram with no
    /// pages, or one that could not be drawn, leaves its sheet out.
    var diagrams: [DiagramKind: [DiagramPage]] = [:]
    /// The diagrams the picture markers of `form` sheets show (``MarkerDiagrams``), drawn once the sheets are planned.
    var markerPictures: [DiagramSubject: MarkerPicture] = [:]

    /// The worksheets to write, in order, with their rows.
    func plan() -> [PlannedSheet] {
        var planned: [PlannedSheet] = []
        // The names given so far (`taken`), and those with the names the template spells out (`avoided`), in lower case
        // (Excel ignores case): names the template spells out keep their spelling, names made from data (groups,
        // continuations) avoid them.
        var taken: Set<String> = []
        let applicable = template.sheets.filter(applies)
        var avoided = Set(applicable.filter { !$0.splitSheets && $0.kind != .diagram && $0.kind != .classes }
            .map { Placeholders.expand($0.name.text(context.locale), globalValues).lowercased() })
        func add(_ spec: SheetSpec, name: String, values: [String: String], rows: [TableRow], spelledOut: Bool = true,
                 propertyRows: [TableRow] = []) {
            let capacity = max(1, rowLimit - headerRow(spec) - 1)
            let chunks = rows.isEmpty ? [[]] : stride(from: 0, to: rows.count, by: capacity).map {
                Array(rows[$0..<min($0 + capacity, rows.count)])
            }
            for (index, chunk) in chunks.enumerated() {
                let wanted = index == 0 ? name : "\(name) (\(Words.continued(context.locale)) \(index + 1))"
                let unique: String
                if index == 0, spelledOut, SheetName.problem(with: wanted) == nil, !taken.contains(wanted.lowercased()) {
                    unique = wanted
                } else {
                    unique = SheetName.sanitized(wanted, avoidingLowercased: avoided)
                }
                taken.insert(unique.lowercased())
                avoided.insert(unique.lowercased())
                var sheetValues = values
                sheetValues["sheet"] = unique
                planned.append(PlannedSheet(spec: spec, name: unique, values: sheetValues, rows: chunk,
                                            propertyRows: index == 0 ? propertyRows : []))
            }
        }
        let tables = tableRows(of: applicable)
        for (specIndex, spec) in applicable.enumerated() {
            let rawName = spec.name.text(context.locale)
            let baseName = Placeholders.expand(rawName, globalValues)
            if let rows = tables[specIndex] {
                // A sheet of the app's records is left out when the project has none.
                if spec.kind.isAppRecords && rows.isEmpty { continue }
                add(expandingLanguageColumns(spec), name: baseName, values: [:], rows: rows)
                continue
            }
            switch spec.kind {
            case .functions:
                // A functions sheet split by group (the others' rows are in `tables`).
                if let first = spec.group.first {
                    let records = sortedFunctions(spec)
                    // Each type's property count, counted once (per module and enclosing type).
                    let propertyCounts = first == .type
                        ? Dictionary(grouping: allProperties) { propertyGroupKey($0, .type) }.mapValues(\.count) : [:]
                    for (key, members) in groups(records, by: first) {
                        var values = typeValues(key: key, level: first, sample: allFunctions[members[0]], listed: members.count,
                                                properties: propertyCounts[key] ?? 0)
                        values["group"] = groupTitle(key, level: first)
                        func sheetName(group: String) -> String {
                            var nameValues = globalValues.merging(values) { $1 }
                            nameValues["group"] = group
                            return Placeholders.names(in: rawName).contains(where: Placeholders.perGroup.contains)
                                ? Placeholders.expand(rawName, nameValues) : "\(baseName) - \(group)"
                        }
                        var name = sheetName(group: values["group"]!)
                        if first == .file, name.utf16.count > SheetName.maximumLength {
                            // Keep the file name and as much of its folder path as fits, not the start of the path.
                            let room = SheetName.maximumLength - (name.utf16.count - values["group"]!.utf16.count)
                            name = sheetName(group: SheetPlanner.pathTail(values["group"]!, fitting: max(room, 8)))
                        }
                        add(spec, name: name, values: values, rows: functionRows(members, spec: spec, levels: Array(spec.group.dropFirst())),
                            spelledOut: false)
                    }
                }
            case .classes:
                for classSheet in classSheets(spec) {
                    add(spec, name: classSheet.name, values: classSheet.values, rows: classSheet.methodRows, spelledOut: false,
                        propertyRows: classSheet.propertyRows)
                }
            case .history:
                add(spec, name: baseName, values: [:], rows: (0..<spec.emptyRows).map { .history(number: $0 + 1) })
            case .entities:
                for entity in entitySheets(spec) {
                    add(spec, name: entity.name, values: entity.values, rows: entity.relationships, spelledOut: false,
                        propertyRows: entity.attributes)
                }
            case .diagram:
                // One sheet per page; a single page keeps the name the template spells out.
                let pages = diagrams[spec.diagram] ?? []
                for page in pages {
                    let values = ["group": page.title]
                    let perPage = Placeholders.names(in: rawName).contains("group")
                    // The full title where the sheet name has room for it, else a shorter one (Excel's 31 characters).
                    // Excel refuses `/` in a sheet name: a fraction slash (⁄) keeps `Detail⁄Tabs (1⁄2)` readable.
                    let names = ([page.title] + page.shorterTitles).map { $0.replacingOccurrences(of: "/", with: "\u{2044}") }.map { title in
                        perPage ? Placeholders.expand(rawName, globalValues.merging(["group": title]) { $1 }) : "\(baseName) - \(title)"
                    }
                    let name = pages.count == 1 && !perPage ? baseName
                        : names.first { $0.utf16.count <= SheetName.maximumLength } ?? names.last!
                    add(spec, name: name, values: values, rows: [], spelledOut: pages.count == 1 || perPage)
                    planned[planned.count - 1].picture = page
                }
            case .form:
                // The sheet as a client's form sheet: once, or once per type, module or file, as the form lowering writes it.
                guard let formSheet = spec.formSheets[context.locale] ?? spec.formSheets[.en] else { continue }
                var sheet = formSheet
                // A sheet written once is named as the template spells it, its workbook-wide placeholders filled in.
                if sheet.repetition == nil { sheet.sheet.name = baseName }
                sheet.sheet.pageSetup = formPageSetup(spec)
                sheet.sheet.showsGridlines = spec.gridlines
                sheet.sheet.tabColor = spec.tabColor
                let form = WorkbookForm(source: template.source, sheets: [sheet], workbookFilter: FormFilter(), definedNames: [],
                                        defaultStyle: CellStyle(), properties: SpreadsheetProperties(), activeSheet: 0, unsupported: [])
                let lowering = FormLowering(form: form, context: context, inventory: inventory, planner: self, globals: globalValues)
                for var instance in lowering.instances() {
                    add(spec, name: instance.name, values: [:], rows: [], spelledOut: sheet.repetition == nil)
                    instance.name = planned[planned.count - 1].name
                    instance.values["sheet"] = instance.name
                    planned[planned.count - 1].values = instance.values
                    planned[planned.count - 1].formInstance = instance
                }
            default:
                add(spec, name: baseName, values: [:], rows: [])
            }
        }
        for index in planned.indices where planned[index].spec.kind == .contents {
            planned[index].rows = planned.enumerated().filter { $0.offset != index }.enumerated().map { number, entry in
                .contents(sheet: entry.element.name, description: entry.element.spec.description?.text(context.locale) ?? "",
                          number: number + 1)
            }
        }
        return planned
    }

    /// The rows of each functions sheet that is not split by group, each types sheet and each review sheet of
    /// `specs` (`nil` for the others), worked out side by side: each depends only on its spec and the inventory.
    private func tableRows(of specs: [SheetSpec]) -> [[TableRow]?] {
        parallelMap(specs) { spec -> [TableRow]? in
            switch spec.kind {
            case .functions where !(spec.splitSheets && !spec.group.isEmpty):
                return functionRows(sortedFunctions(spec), spec: spec, levels: spec.group)
            case .properties:
                return propertyRows(sortedProperties(spec), spec: spec, levels: spec.group)
            case .types:
                return typeRows(spec)
            case .modules:
                return moduleRows(spec)
            case .added, .removed, .changed:
                return reviewRows(spec)
            default:
                return appRecordRows(spec)
            }
        }
    }

    /// The end of `path` that fits in `limit` UTF-16 units: the file name, then as many parent folders as fit
    /// (`Controllers/BaseViewController.swift`); a file name longer than `limit` is returned whole (cut later).
    static func pathTail(_ path: String, fitting limit: Int) -> String {
        var components = path.split(separator: "/").map(String.init)
        guard var tail = components.popLast() else { return path }
        while let folder = components.popLast(), folder.utf16.count + 1 + tail.utf16.count <= limit {
            tail = folder + "/" + tail
        }
        return tail
    }

    /// A `form` sheet's print setup: the template's, with the sheet's own settings, its print area and title rows; the
    /// paper named by its code, as a client's workbook names it (the form lowering lays out page breaks by it).
    func formPageSetup(_ spec: SheetSpec) -> PageSetup {
        let print = template.print.merged(with: spec.print)
        let locale = context.locale
        var setup = PageSetup(landscape: print.landscape ?? false, paper: print.paper ?? .a4, fitToWidth: print.fitToWidth ?? false,
                              centerHorizontally: print.center ?? false, repeatRows: print.repeatRows,
                              header: print.header.map { Placeholders.separatingSizeCodes($0.text(locale)) },
                              footer: print.footer.map { Placeholders.separatingSizeCodes($0.text(locale)) })
        setup.paperCode = Int(setup.paper.libraryValue)
        setup.printArea = print.area
        return setup
    }

    /// True when the sheet is written for this run: inventory sheets need an inventory, review sheets a diff.
    func applies(_ spec: SheetSpec) -> Bool {
        if spec.kind.needsInventory && inventory == nil { return false }
        if spec.kind.isReview && diff == nil { return false }
        return true
    }

    /// The zero-based row of a sheet's table header.
    func headerRow(_ spec: SheetSpec) -> Int {
        if let start = spec.startRow { return start }
        guard let last = spec.cells.map({ $0.merge?.last.row ?? $0.cell.row }).max() else { return 0 }
        return last + 2
    }

    // MARK: - Functions

    /// The inventory's functions; planning works on indices into it, so large inventories are not copied.
    var allFunctions: [FunctionRecord] { inventory?.functions ?? [] }

    /// Indices of the functions the sheet's filter keeps.
    func filteredFunctions(_ spec: SheetSpec) -> [Int] {
        let filter = ListingFilter(minAccess: spec.minAccess, kinds: spec.kinds, documentation: spec.documentation)
        let functions = allFunctions
        return functions.indices.filter { filter.keeps(functions[$0]) }
    }

    /// Indices of the kept functions in sheet order: group keys, then the sort keys, then inventory order.
    func sortedFunctions(_ spec: SheetSpec) -> [Int] {
        let indices = filteredFunctions(spec)
        // Group levels first, then the sort keys naming function fields (a client's settings may name type fields
        // too: those order the types only).
        let keys: [(key: FunctionSortKey, descending: Bool)] = spec.group.map { (.group($0), false) }
            + spec.sort.compactMap { sortKey in
                guard case .function(let field) = sortKey.field else { return nil }
                return (FunctionSortKey(field), sortKey.descending)
            }
        guard !keys.isEmpty else { return indices }
        let functions = allFunctions
        let decorated = indices.map { index in
            let record = functions[index]
            return (index, index, keys.map { entry -> SortValue in
                switch entry.key {
                case .group(let level): return SortValue(groupKey(record, level))
                case .field(let field): return SortValue(FieldCatalog.value(of: field, function: record, number: 0, context: context))
                }
            })
        }
        let descending = keys.map(\.descending)
        return decorated.sorted { a, b in
            for (index, (left, right)) in zip(a.2, b.2).enumerated() where left != right {
                return descending[index] ? right < left : left < right
            }
            return a.1 < b.1
        }.map(\.0)
    }

    /// What a function sort key compares: a group key (module, file, module + type) or a field's value.
    enum FunctionSortKey {
        case group(GroupLevel)
        case field(FunctionField)

        /// The key for `field`: the fields that name a group (`module`, `file`, `type`) sort by the group key.
        init(_ field: FunctionField) {
            switch field {
            case .module: self = .group(.module)
            case .file: self = .group(.file)
            case .type: self = .group(.type)
            default: self = .field(field)
            }
        }
    }

    /// The key that groups a function at `level` (module, file, or module + type).
    func groupKey(_ record: FunctionRecord, _ level: GroupLevel) -> String {
        switch level {
        case .module: return record.module
        case .file: return record.file
        case .type: return record.enclosingType.map { "\(record.module)\u{1}\($0)" } ?? ""
        }
    }

    /// The text of a group row for `key`.
    func groupTitle(_ key: String, level: GroupLevel) -> String {
        guard level == .type else { return key }
        guard let separator = key.firstIndex(of: "\u{1}") else { return Words.freeFunctions(context.locale) }
        return String(key[key.index(after: separator)...])
    }

    /// The indices grouped by `level`, groups in order of first appearance.
    func groups(_ indices: [Int], by level: GroupLevel) -> [(String, [Int])] {
        var order: [String] = []
        var members: [String: [Int]] = [:]
        let functions = allFunctions
        for index in indices {
            let key = groupKey(functions[index], level)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(index)
        }
        return order.map { ($0, members[$0]!) }
    }

    /// The rows of a function table: group rows when a level changes, section rows, function rows.
    func functionRows(_ indices: [Int], spec: SheetSpec, levels: [GroupLevel]) -> [TableRow] {
        let functions = allFunctions
        return memberRows(
            count: indices.count, levels: levels, sections: spec.sections, outsideTypes: Words.freeFunctions(context.locale),
            groupKey: { groupKey(functions[indices[$0]], $1) }, groupTitle: groupTitle,
            placement: { (functions[indices[$0]].enclosingType, functions[indices[$0]].section) },
            row: { .function(functions[indices[$0]], number: $1) })
    }

    /// The rows of a member table (functions or properties): group rows when a level changes, section rows, one
    /// numbered row per member. The members are `0..<count`, read through the closures.
    ///
    /// - Parameters:
    ///   - count: How many members the table lists.
    ///   - levels: The group levels.
    ///   - sections: True to add a row for each `// MARK:` section.
    ///   - outsideTypes: The section row of members outside any type that follow a section (Free functions).
    ///   - groupKey: The key of member `position` at a level.
    ///   - groupTitle: The text of a group row for a key.
    ///   - placement: The member's enclosing type and `// MARK:` section.
    ///   - row: The data row of member `position` with its running number.
    func memberRows(count: Int, levels: [GroupLevel], sections: Bool, outsideTypes: String,
                    groupKey: (Int, GroupLevel) -> String, groupTitle: (String, GroupLevel) -> String,
                    placement: (Int) -> (type: String?, section: String?), row: (Int, Int) -> TableRow) -> [TableRow] {
        var rows: [TableRow] = []
        rows.reserveCapacity(count)
        var current: [String?] = Array(repeating: nil, count: levels.count)
        // The open section: its enclosing type and `// MARK:` text (`nil` text: no section open).
        var currentSection: (type: String?, section: String?)?
        for position in 0..<count {
            let keys = levels.map { groupKey(position, $0) }
            if let changed = keys.indices.first(where: { keys[$0] != current[$0] }) {
                for level in changed..<levels.count {
                    rows.append(.group(level: level, text: groupTitle(keys[level], levels[level])))
                    current[level] = keys[level]
                }
                currentSection = nil
            }
            // A section ends where the MARK or the enclosing type changes: a member outside any section that
            // follows one gets a row naming its type, so it does not read as part of the section above.
            let (type, section) = placement(position)
            if sections, currentSection.map({ $0.type != type || $0.section != section }) ?? true {
                if let section {
                    rows.append(.section(section))
                } else if currentSection?.section != nil {
                    rows.append(.section(type ?? outsideTypes))
                }
                currentSection = (type, section)
            }
            rows.append(row(position, position + 1))
        }
        return rows
    }

    /// Placeholder values describing the type a per-type sheet shows, which lists `listed` of its functions; the
    /// type declares `properties` properties.
    func typeValues(key: String, level: GroupLevel, sample: FunctionRecord, listed: Int, properties: Int) -> [String: String] {
        guard level == .type, let name = sample.enclosingType else { return [:] }
        let candidates = (inventory?.types ?? []).filter { $0.name == name && $0.module == sample.module }
        let type = candidates.first { $0.kind != .extension } ?? candidates.first
        return typeHeaderValues(name: name, records: candidates, declaration: type, module: sample.module,
                                kind: type?.kind.rawValue ?? sample.enclosingKind?.rawValue ?? "", file: type?.file ?? sample.file,
                                functions: listed, properties: properties)
    }

    // MARK: - Types and reviews

    /// The rows of a types sheet: filtered, sorted, grouped, each with the functions declared in it.
    func typeRows(_ spec: SheetSpec) -> [TableRow] {
        let minimum = spec.minAccess ?? .private
        // Each function belongs to the nearest declaration of its type (or extension) above it in the same file.
        // Types are known by their index here: hashing whole records, once per function, was most of this plan.
        let allTypes = inventory?.types ?? []
        var declarations: [String: [Int]] = [:]
        for (index, type) in allTypes.enumerated() {
            declarations["\(type.module)\u{1}\(type.file)\u{1}\(type.name)", default: []].append(index)
        }
        /// The first of the nearest declarations of `type` above `line` in the module's file.
        func owner(module: String, file: String, type: String?, line: Int) -> Int? {
            guard let type, let candidates = declarations["\(module)\u{1}\(file)\u{1}\(type)"] else { return nil }
            var owner: Int?
            for candidate in candidates where allTypes[candidate].line <= line {
                if owner.map({ allTypes[candidate].line > allTypes[$0].line }) ?? true { owner = candidate }
            }
            return owner
        }
        var byType: [Int: [FunctionRecord]] = [:]
        for record in inventory?.functions ?? [] {
            if let owner = owner(module: record.module, file: record.file, type: record.enclosingType, line: record.line) {
                byType[owner, default: []].append(record)
            }
        }
        var propertiesByType: [Int: [PropertyRecord]] = [:]
        for record in allProperties {
            if let owner = owner(module: record.module, file: record.file, type: record.enclosingType, line: record.line) {
                propertiesByType[owner, default: []].append(record)
            }
        }
        var listed = allTypes.indices.filter { index in
            let type = allTypes[index]
            guard type.effectiveAccess >= minimum else { return false }
            if !spec.kinds.isEmpty && !spec.kinds.contains(.type(type.kind)) { return false }
            switch spec.documentation {
            case .all: return true
            case .documented: return type.isDocumented
            case .undocumented: return !type.isDocumented
            }
        }
        // Group levels first (a types sheet has no `type` field: grouping by type keeps the order), then the sort
        // keys naming type fields (a client's settings may name function fields too: those order the functions only).
        let keys: [(field: TypeField, descending: Bool)] = spec.group.compactMap { level in
            switch level {
            case .module: return (.module, false)
            case .file: return (.file, false)
            case .type: return nil
            }
        } + spec.sort.compactMap { sortKey in
            guard case .type(let field) = sortKey.field else { return nil }
            return (field, sortKey.descending)
        }
        if !keys.isEmpty {
            // Each type's sort values worked out once, not at every comparison.
            let values = Dictionary(uniqueKeysWithValues: listed.map { index in
                (index, keys.map { SortValue(FieldCatalog.value(of: $0.field, type: allTypes[index], number: 0, functions: byType[index] ?? [],
                                                                properties: propertiesByType[index] ?? [], context: context)) })
            })
            listed.sort { a, b in
                for (position, key) in keys.enumerated() {
                    let (left, right) = (values[a]![position], values[b]![position])
                    if left != right { return key.descending ? right < left : left < right }
                }
                return a < b
            }
        }
        var rows: [TableRow] = []
        var currentGroup: [String?] = Array(repeating: nil, count: spec.group.count)
        for (index, typeIndex) in listed.enumerated() {
            let type = allTypes[typeIndex]
            for (level, groupLevel) in spec.group.enumerated() {
                let key = groupLevel == .module ? type.module : (groupLevel == .file ? type.file : type.name)
                if key != currentGroup[level] {
                    rows.append(.group(level: level, text: key))
                    currentGroup[level] = key
                    for deeper in (level + 1)..<max(level + 1, spec.group.count) { currentGroup[deeper] = nil }
                }
            }
            rows.append(.type(type, number: index + 1, functions: byType[typeIndex] ?? [], properties: propertiesByType[typeIndex] ?? []))
        }
        return rows
    }

    /// The rows of a review sheet from the diff.
    func reviewRows(_ spec: SheetSpec) -> [TableRow] {
        guard let diff else { return [] }
        var entries: [ReviewEntry]
        switch spec.kind {
        case .added: entries = diff.added.map { ReviewEntry(old: nil, new: $0, changes: []) }
        case .removed: entries = diff.removed.map { ReviewEntry(old: $0, new: nil, changes: []) }
        default: entries = diff.changed.map { ReviewEntry(old: $0.old, new: $0.new, changes: $0.changes) }
        }
        let keys: [(field: ReviewField, descending: Bool)] = spec.sort.compactMap { sortKey in
            guard case .review(let field) = sortKey.field else { return nil }
            return (field, sortKey.descending)
        }
        if !keys.isEmpty {
            entries = entries.enumerated().sorted { a, b in
                for key in keys {
                    let left = SortValue(FieldCatalog.value(of: key.field, review: a.element, number: 0))
                    let right = SortValue(FieldCatalog.value(of: key.field, review: b.element, number: 0))
                    if left != right { return key.descending ? right < left : left < right }
                }
                return a.offset < b.offset
            }.map(\.element)
        }
        return entries.enumerated().map { .review($0.element, number: $0.offset + 1) }
    }
}

/// A sortable cell value: numbers before text, numbers numerically, text in natural order (digit runs compared
/// as numbers, so `T2` sorts before `T10`), else by code points.
struct SortValue: Comparable {
    let number: Double?
    let text: String

    /// The sort value of a cell value.
    init(_ value: CellValue) {
        if case .number(let number) = value { self.number = number } else { number = nil }
        text = value.text
    }

    /// The sort value of a group key.
    init(_ text: String) {
        number = nil
        self.text = text
    }

    /// Orders numbers before text, numbers numerically and text in natural order.
    static func < (a: SortValue, b: SortValue) -> Bool {
        switch (a.number, b.number) {
        case let (x?, y?): return x < y
        case (.some, .none): return true
        case (.none, .some): return false
        default: return SortValue.naturallyPrecedes(a.text, b.text)
        }
    }

    /// Natural order: runs of ASCII digits compare by their numeric value (`File2` < `File10`), everything else by
    /// code points; texts equal that way (`T01`, `T1`) fall back to plain code-point order, so the order is total.
    static func naturallyPrecedes(_ a: String, _ b: String) -> Bool {
        let left = Array(a.unicodeScalars), right = Array(b.unicodeScalars)
        var i = 0, j = 0
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }
        while i < left.count && j < right.count {
            if isDigit(left[i]) && isDigit(right[j]) {
                var endI = i, endJ = j
                while endI < left.count && isDigit(left[endI]) { endI += 1 }
                while endJ < right.count && isDigit(right[endJ]) { endJ += 1 }
                let digitsI = left[i..<endI].drop { $0 == "0" }, digitsJ = right[j..<endJ].drop { $0 == "0" }
                if digitsI.count != digitsJ.count { return digitsI.count < digitsJ.count }
                for (x, y) in zip(digitsI, digitsJ) where x != y { return x.value < y.value }
                i = endI
                j = endJ
            } else {
                if left[i] != right[j] { return left[i].value < right[j].value }
                i += 1
                j += 1
            }
        }
        if (left.count - i) != (right.count - j) { return (left.count - i) < (right.count - j) }
        return a < b
    }
}
