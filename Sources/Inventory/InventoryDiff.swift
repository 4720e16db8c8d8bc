import Foundation

/// The difference between the function inventories of two revisions.
public struct InventoryDiff: Codable, Hashable, Sendable {
    /// What changed in a function that exists in both revisions.
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
