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
        /// The function has another name (paired by its body or its signature: `InventoryDiff.pairedRenamesAndMoves`).
        case renamed
        /// The function moved to another type (paired by its body or its signature).
        case moved
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

    /// Pairs the removed functions with the added ones that are the same function renamed or moved
    /// (``pairRenamesAndMoves(removed:added:bodies:)``): the pairs become changed functions.
    ///
    /// - Parameter bodies: A function's body tokens (`true` for a base record), or `nil` when unknown.
    public mutating func pairRenamesAndMoves(bodies: (FunctionRecord, Bool) -> [Substring]?) {
        let pairs = InventoryDiff.pairRenamesAndMoves(removed: &removed, added: &added, bodies: bodies)
        guard !pairs.isEmpty else { return }
        changed = (changed + pairs).sorted { Inventory.precedes($0.new, $1.new) }
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

    /// The fewest body tokens for a function to be paired by its body alone: short bodies (`{}`, `{ nil }`) are the
    /// same in many unrelated functions.
    static let fewestPairingTokens = 8

    /// Pairs removed functions with added ones that are the same function renamed or moved, taking the pairs out of
    /// both lists. The rules, in order; a rule pairs a function only when it has exactly one candidate, and that
    /// candidate has exactly one too:
    /// 1. the same body (tokens, so white space and comments do not count; at least ``fewestPairingTokens``):
    ///    renamed, moved or both;
    /// 2. the same module, enclosing type, parameter types and return type, another name, and bodies at least 80 %
    ///    alike (``similarity(_:_:)``): renamed;
    /// 3. the same name and signature in another type or module: moved.
    ///
    /// - Parameters:
    ///   - removed: The functions only in the base revision; the paired ones are taken out.
    ///   - added: The functions only in the head revision; the paired ones are taken out.
    ///   - bodies: A function's body tokens (`true` for a base record), or `nil` when unknown.
    /// - Returns: One changed function per pair, its changes including `renamed` or `moved`.
    public static func pairRenamesAndMoves(
        removed: inout [FunctionRecord], added: inout [FunctionRecord], bodies: (FunctionRecord, Bool) -> [Substring]?
    ) -> [ChangedFunction] {
        let oldBodies = removed.map { bodies($0, true) }
        let newBodies = added.map { bodies($0, false) }
        var oldTaken = Set<Int>(), newTaken = Set<Int>()
        var pairs: [ChangedFunction] = []
        /// Pairs each removed function with its one candidate when that candidate has it as its one candidate too.
        func pair(where matches: (Int, Int) -> Bool) {
            var oldCandidates: [Int: [Int]] = [:], newCandidates: [Int: [Int]] = [:]
            for o in removed.indices where !oldTaken.contains(o) {
                for n in added.indices where !newTaken.contains(n) && removed[o].isRequirement == added[n].isRequirement && matches(o, n) {
                    oldCandidates[o, default: []].append(n)
                    newCandidates[n, default: []].append(o)
                }
            }
            for (o, candidates) in oldCandidates.sorted(by: { $0.key < $1.key }) {
                guard candidates.count == 1, let n = candidates.first, newCandidates[n] == [o] else { continue }
                oldTaken.insert(o)
                newTaken.insert(n)
                pairs.append(ChangedFunction(old: removed[o], new: added[n], changes: changes(from: removed[o], to: added[n])))
            }
        }
        pair { o, n in
            guard let old = oldBodies[o], let new = newBodies[n], old.count >= fewestPairingTokens else { return false }
            return old == new
        }
        pair { o, n in
            let old = removed[o], new = added[n]
            guard old.module == new.module, old.enclosingType == new.enclosingType, old.name != new.name,
                  old.kind == new.kind, old.parameters.map(\.type) == new.parameters.map(\.type), old.returnType == new.returnType,
                  let oldBody = oldBodies[o], let newBody = newBodies[n] else { return false }
            return similarity(oldBody, newBody) >= 0.8
        }
        pair { o, n in
            let old = removed[o], new = added[n]
            return old.name == new.name && old.signature == new.signature
                && (old.enclosingType != new.enclosingType || old.module != new.module)
        }
        removed = removed.indices.filter { !oldTaken.contains($0) }.map { removed[$0] }
        added = added.indices.filter { !newTaken.contains($0) }.map { added[$0] }
        return pairs
    }

    /// How alike two token sequences are, 0–1: twice their longest common subsequence over their total length (as
    /// Python's `difflib` ratio). Sequences too long for that (over 4 million token pairs) are compared as multisets.
    ///
    /// - Parameters:
    ///   - a: One body's tokens.
    ///   - b: The other's.
    /// - Returns: 1 for equal sequences, 0 when nothing is shared (and for two empty ones, 1).
    public static func similarity(_ a: [Substring], _ b: [Substring]) -> Double {
        if a.isEmpty && b.isEmpty { return 1 }
        guard a.count * b.count <= 4_000_000 else {
            var counts: [Substring: Int] = [:]
            for token in a { counts[token, default: 0] += 1 }
            var shared = 0
            for token in b where counts[token, default: 0] > 0 {
                counts[token]! -= 1
                shared += 1
            }
            return Double(2 * shared) / Double(a.count + b.count)
        }
        var previous = [Int](repeating: 0, count: b.count + 1)
        var current = previous
        for i in 1...max(1, a.count) where !a.isEmpty {
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1 : max(previous[j], current[j - 1])
            }
            swap(&previous, &current)
        }
        return Double(2 * previous[b.count]) / Double(a.count + b.count)
    }

    /// What differs between two records of the same function: the changes that ``FunctionRecord/schema`` assigns to
    /// a field that differs (`signature`; `accessLevel` and `effectiveAccess`; `doc`; `file`).
    ///
    /// - Parameters:
    ///   - old: The function's record in the base revision.
    ///   - new: The function's record in the head revision.
    /// - Returns: The kinds of change in the order of `Change.allCases` (signature, access level, doc, file, renamed,
    ///   moved); empty when the records agree on every compared field.
    public static func changes(from old: FunctionRecord, to new: FunctionRecord) -> [Change] {
        FunctionRecord.schema.changes(from: old, to: new)
    }
}
