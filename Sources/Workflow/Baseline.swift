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
        public init(file: String, type: String?, name: String, rule: String) {
            self.file = file
            self.type = type
            self.name = name
            self.rule = rule
        }

        /// The entry accepting `violation`.
        public init(_ violation: Violation) {
            self.init(file: violation.file, type: violation.enclosingType, name: violation.name, rule: violation.rule)
        }

        /// Orders entries by file, type, name, rule.
        public static func < (a: Entry, b: Entry) -> Bool {
            (a.file, a.type ?? "", a.name, a.rule) < (b.file, b.type ?? "", b.name, b.rule)
        }

        private enum CodingKeys: String, CodingKey { case file, type, name, rule }

        /// Encodes every key, writing `null` for a top-level function's type.
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
    public init(violations: [Violation]) {
        version = 1
        entries = violations.map(Entry.init).sorted()
    }

    /// Reads a baseline file.
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
