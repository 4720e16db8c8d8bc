import Foundation

/// The difference between the function inventories of two revisions.
public struct InventoryDiff: Codable, Hashable, Sendable {
    /// What changed in a function that exists in both revisions; each field of ``FunctionRecord/schema`` says which
    /// change it counts in.
    public enum Change: String, Codable, CaseIterable, Sendable {
        /// The signature text changed.
        case signature
        /// The access level changed.
        case accessLevel
        /// The documentation changed.
        case doc
        /// The function moved to another file.
        case file
    }

    /// A function present in both revisions with at least one change.
    public struct ChangedFunction: Codable, Hashable, Sendable {
        /// The record in the base revision.
        public var old: FunctionRecord
        /// The record in the head revision.
        public var new: FunctionRecord
        /// What changed.
        public var changes: [Change]

        /// Creates a changed-function entry.
        ///
        /// - Parameters:
        ///   - old: The record in the base revision.
        ///   - new: The record in the head revision.
        ///   - changes: What changed.
        public init(old: FunctionRecord, new: FunctionRecord, changes: [Change]) {
            self.old = old
            self.new = new
            self.changes = changes
        }
    }

    /// A label for the base revision (e.g. `main`, `a1b2c3d`).
    public var base: String
    /// A label for the head revision (e.g. `HEAD`, `working tree`).
    public var head: String
    /// Functions only in the head revision.
    public var added: [FunctionRecord]
    /// Functions only in the base revision.
    public var removed: [FunctionRecord]
    /// Functions in both revisions that changed.
    public var changed: [ChangedFunction]

    /// Creates a diff.
    ///
    /// - Parameters:
    ///   - base: A label for the base revision (e.g. `main`, `a1b2c3d`).
    ///   - head: A label for the head revision (e.g. `HEAD`, `working tree`).
    ///   - added: Functions only in the head revision.
    ///   - removed: Functions only in the base revision.
    ///   - changed: Functions in both revisions that changed.
    public init(
        base: String, head: String, added: [FunctionRecord], removed: [FunctionRecord], changed: [ChangedFunction]
    ) {
        self.base = base
        self.head = head
        self.added = added
        self.removed = removed
        self.changed = changed
    }

    /// True when nothing was added, removed or changed.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }
}

extension InventoryDiff {
    /// The identity of a function across revisions: module, enclosing type, full name, and whether it is a
    /// protocol requirement (a requirement and its default implementation in an extension are two functions).
    /// Overloads that differ only in parameter types share a key; `init(base:head:)` pairs them by signature,
    /// then in source order.
    public struct Key: Hashable, Comparable, Sendable {
        /// The module.
        public var module: String
        /// The enclosing type path, empty at top level.
        public var enclosingType: String
        /// The full name, e.g. `fetch(id:)`.
        public var name: String
        /// True for a protocol requirement.
        public var isRequirement: Bool

        /// The key of `record`.
        ///
        /// - Parameter record: The function record to identify.
        public init(_ record: FunctionRecord) {
            module = record.module
            enclosingType = record.enclosingType ?? ""
            name = record.name
            isRequirement = record.isRequirement
        }

        /// Orders keys by module, type, name.
        ///
        /// - Parameters:
        ///   - a: The key on the left of `<`.
        ///   - b: The key on the right of `<`.
        /// - Returns: True when `a` sorts before `b` by module, enclosing type, name, then non-requirements first.
        public static func < (a: Key, b: Key) -> Bool {
            (a.module, a.enclosingType, a.name, a.isRequirement ? 1 : 0) < (b.module, b.enclosingType, b.name, b.isRequirement ? 1 : 0)
        }
    }

    /// Compares two inventories. Functions are matched by `Key`; a matched pair whose signature, access level,
    /// doc or file differs is `changed` (a moved file shows as a `.file` change, not as removed + added — also
    /// when the move changes the module, as long as type, name and signature stay the same).
    /// Results are in the inventories' stable order (file, line, column; `changed` by the new record).
    ///
    /// - Parameters:
    ///   - base: The inventory of the base (older) revision.
    ///   - head: The inventory of the head (newer) revision.
    ///   - baseLabel: The name shown for the base revision in reports (e.g. `main`, `a1b2c3d`).
    ///   - headLabel: The name shown for the head revision in reports (e.g. `HEAD`, `working tree`).
    public init(base: Inventory, head: Inventory, baseLabel: String, headLabel: String) {
        var baseGroups: [Key: [FunctionRecord]] = [:]
        for record in base.functions { baseGroups[Key(record), default: []].append(record) }
        var headGroups: [Key: [FunctionRecord]] = [:]
        for record in head.functions { headGroups[Key(record), default: []].append(record) }

        var added: [FunctionRecord] = []
        var removed: [FunctionRecord] = []
        var changed: [ChangedFunction] = []
        for key in Set(baseGroups.keys).union(headGroups.keys) {
            var olds = baseGroups[key] ?? []
            var news = headGroups[key] ?? []
            var pairs: [(FunctionRecord, FunctionRecord)] = []
            // Same signature first (overloads keep their partners), then what is left, in source order.
            for newIndex in news.indices.reversed() {
                if let oldIndex = olds.firstIndex(where: { $0.signature == news[newIndex].signature && $0.condition == news[newIndex].condition })
                    ?? olds.firstIndex(where: { $0.signature == news[newIndex].signature }) {
                    pairs.append((olds.remove(at: oldIndex), news.remove(at: newIndex)))
                }
            }
            while !olds.isEmpty && !news.isEmpty { pairs.append((olds.removeFirst(), news.removeFirst())) }
            added += news
            removed += olds
            for (old, new) in pairs {
                let changes = InventoryDiff.changes(from: old, to: new)
                if !changes.isEmpty { changed.append(ChangedFunction(old: old, new: new, changes: changes)) }
            }
        }
        // A file moved to another module: same type, name and signature, only the module differs.
        for newIndex in added.indices.reversed() {
            let new = added[newIndex]
            if let oldIndex = removed.firstIndex(where: {
                $0.module != new.module && $0.file != new.file && $0.enclosingType == new.enclosingType && $0.name == new.name
                    && $0.isRequirement == new.isRequirement && $0.signature == new.signature
            }) {
                let old = removed.remove(at: oldIndex)
                added.remove(at: newIndex)
                changed.append(ChangedFunction(old: old, new: new, changes: InventoryDiff.changes(from: old, to: new)))
            }
        }
        self.init(
            base: baseLabel, head: headLabel,
            added: added.sorted(by: Inventory.precedes), removed: removed.sorted(by: Inventory.precedes),
            changed: changed.sorted { Inventory.precedes($0.new, $1.new) }
        )
    }

    /// What differs between two records of the same function: the changes that ``FunctionRecord/schema`` assigns to
    /// a field that differs (`signature`; `accessLevel` and `effectiveAccess`; `doc`; `file`).
    ///
    /// - Parameters:
    ///   - old: The function's record in the base revision.
    ///   - new: The function's record in the head revision.
    /// - Returns: The kinds of change in the order of `Change.allCases` (signature, access level, doc, file); empty
    ///   when the records agree on every compared field.
    public static func changes(from old: FunctionRecord, to new: FunctionRecord) -> [Change] {
        FunctionRecord.schema.changes(from: old, to: new)
    }
}
