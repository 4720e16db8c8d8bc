import Foundation
import Inventory

/// Violations a team has accepted for now (`--write-baseline`), so the gate fails only on new ones (`--baseline`).
///
/// Entries are keyed by file, enclosing type, function name and rule, never by line, so they survive edits that
/// move code up or down. Overloads with one name count: two accepted entries cover two violations.
public struct Baseline: Codable, Equatable, Sendable {
    /// One accepted violation.
    public struct Entry: Codable, Hashable, Comparable, Sendable {
        /// The file, relative to the scanned root.
        public var file: String
        /// The enclosing type, or `nil`.
        public var type: String?
        /// The function's full name.
        public var name: String
        /// The rule.
        public var rule: String

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - file: The file, relative to the scanned root.
        ///   - type: The enclosing type, or `nil`.
        ///   - name: The function's full name.
        ///   - rule: The rule: `undocumented`, `parameters`, `returns` or `throws`.
        public init(file: String, type: String?, name: String, rule: String) {
            self.file = file
            self.type = type
            self.name = name
            self.rule = rule
        }

        /// The entry accepting `violation`.
        ///
        /// - Parameter violation: A violation reported by `docsheet check`.
        public init(_ violation: Violation) {
            self.init(file: violation.file, type: violation.enclosingType, name: violation.name, rule: violation.rule)
        }

        /// Orders entries by file, type, name, rule.
        ///
        /// - Parameters:
        ///   - a: The entry on the left of `<`.
        ///   - b: The entry on the right of `<`.
        /// - Returns: True when `a` sorts before `b` by file, type (top level first), name, then rule.
        public static func < (a: Entry, b: Entry) -> Bool {
            (a.file, a.type ?? "", a.name, a.rule) < (b.file, b.type ?? "", b.name, b.rule)
        }

        private enum CodingKeys: String, CodingKey { case file, type, name, rule }

        /// Encodes every key, writing `null` for a top-level function's type.
        ///
        /// - Parameter encoder: The encoder to write the keyed JSON object into.
        /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(type, forKey: .type)
            try container.encode(name, forKey: .name)
            try container.encode(rule, forKey: .rule)
        }
    }

    /// The file format's version.
    public var version: Int
    /// The accepted violations, sorted.
    public var entries: [Entry]

    /// A baseline accepting `violations`.
    ///
    /// - Parameter violations: The violations to accept, in any order.
    public init(violations: [Violation]) {
        version = 1
        entries = violations.map(Entry.init).sorted()
    }

    /// Reads a baseline file.
    /// - Parameter url: The baseline file, e.g. `.docsheet-baseline.json`.
    /// - Returns: The baseline with its accepted entries.
    /// - Throws: `WorkflowError.inputNotFound` or `.invalidInput` naming the file.
    public static func load(from url: URL) throws(WorkflowError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .inputNotFound(path: url.path, hint: "write one with 'docsheet check --write-baseline \(url.lastPathComponent)'")
        }
        do {
            return try InventoryCoding.decode(Baseline.self, from: data, source: url.path)
        } catch {
            throw .invalidInput(path: url.path, reason: "not a DocSheet baseline; write it again with 'docsheet check --write-baseline'")
        }
    }

    /// Writes the baseline as deterministic JSON, atomically.
    ///
    /// - Parameter url: The file to create or replace.
    /// - Throws: `WorkflowError.outputFailed` when the baseline cannot be encoded or the file cannot be written.
    public func write(to url: URL) throws(WorkflowError) {
        let data: Data
        do {
            data = try InventoryCoding.encode(self)
        } catch {
            throw .outputFailed(path: url.path, reason: error.description)
        }
        try WorkflowError.writeAtomically(data, to: url)
    }

    /// The violations the baseline does not accept.
    ///
    /// - Parameter violations: The violations found by this run.
    /// - Returns: The violations not matched by an entry, in the given order; each entry accepts one violation with the
    ///   same file, type, name and rule.
    public func newViolations(in violations: [Violation]) -> [Violation] {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        return violations.filter { violation in
            let entry = Entry(violation)
            guard let count = remaining[entry], count > 0 else { return true }
            remaining[entry] = count - 1
            return false
        }
    }
}
