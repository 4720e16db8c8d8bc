import Foundation
import Inventory

/// Violations a team has accepted for now (`--write-baseline`), so the gate fails only on new ones (`--baseline`).
///
/// Entries are keyed by file, enclosing type, function name and rule, never by line, so they survive edits
/// that move code up or down. Files are relative to the project's folder (the configuration file's folder, else the
/// top of the git work tree), so running from a subfolder finds the same entries; an entry whose file no longer
/// matches still accepts a violation with the same module, type, name and rule in another file (a moved file).
/// Overloads with one name count: two accepted entries cover two violations.
///
/// Version 1 files (paths relative to the scanned folder, no module) are still read: their entries match by file,
/// then by type, name and rule.
public struct Baseline: Codable, Equatable, Sendable {
    /// One accepted violation.
    public struct Entry: Codable, Hashable, Comparable, Sendable {
        /// The file, relative to the project's folder (version 1: to the scanned root).
        public var file: String
        /// The module, or `nil` in a version 1 baseline.
        public var module: String?
        /// The enclosing type, or `nil`.
        public var type: String?
        /// The function's full name, or the property's or enum case's name.
        public var name: String
        /// The rule.
        public var rule: String

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - file: The file, relative to the scanned root.
        ///   - type: The enclosing type, or `nil`.
        ///   - name: The function's full name, or the property's or enum case's name.
        ///   - rule: The rule: `undocumented`, `parameters`, `returns`, `throws` or `undocumented-property`.
        ///   - module: The module, or `nil` when unknown (version 1 baselines).
        public init(file: String, type: String?, name: String, rule: String, module: String? = nil) {
            self.file = file
            self.module = module
            self.type = type
            self.name = name
            self.rule = rule
        }

        /// The entry accepting `violation`.
        ///
        /// - Parameter violation: A violation reported by `docsheet check`.
        public init(_ violation: Violation) {
            self.init(file: violation.file, type: violation.enclosingType, name: violation.name, rule: violation.rule,
                      module: violation.module)
        }

        /// Orders entries by file, type, name, rule.
        ///
        /// - Parameters:
        ///   - a: The entry on the left of `<`.
        ///   - b: The entry on the right of `<`.
        /// - Returns: True when `a` sorts before `b` by file, type (top level first), name, then rule.
        public static func < (a: Entry, b: Entry) -> Bool {
            (a.file, a.type ?? "", a.name, a.rule, a.module ?? "") < (b.file, b.type ?? "", b.name, b.rule, b.module ?? "")
        }

        private enum CodingKeys: String, CodingKey { case file, module, type, name, rule }

        /// Encodes every key, writing `null` for a top-level function's type.
        ///
        /// - Parameter encoder: The encoder to write the keyed JSON object into.
        /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encodeIfPresent(module, forKey: .module)
            try container.encode(type, forKey: .type)
            try container.encode(name, forKey: .name)
            try container.encode(rule, forKey: .rule)
        }
    }

    /// The current file format's version (2: project-relative files and modules).
    public static let currentVersion = 2
    /// The file format's version.
    public var version: Int
    /// The accepted violations, sorted.
    public var entries: [Entry]

    /// A baseline accepting `violations`.
    ///
    /// - Parameter violations: The violations to accept, in any order.
    public init(violations: [Violation]) {
        version = Self.currentVersion
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
        let baseline: Baseline
        do {
            baseline = try InventoryCoding.decode(Baseline.self, from: data, source: url.path)
        } catch {
            throw .invalidInput(path: url.path, reason: "not a DocSheet baseline; write it again with 'docsheet check --write-baseline'")
        }
        guard (1...currentVersion).contains(baseline.version) else {
            throw .invalidInput(path: url.path, reason: "baseline version \(baseline.version) is not supported (this docsheet reads versions 1 to \(currentVersion)); update docsheet, or write the baseline again with 'docsheet check --write-baseline'")
        }
        return baseline
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
    /// - Returns: The violations not matched by an entry, in the given order. Each entry accepts one violation: first
    ///   one with the same file, type, name and rule; entries left over then accept violations with the same
    ///   module, type, name and rule in another file (a moved file). Entries without a module match any module.
    public func newViolations(in violations: [Violation]) -> [Violation] {
        struct Identity: Hashable { var type: String?; var name: String; var rule: String }
        struct Placed: Hashable { var file: String; var identity: Identity }
        var byFile: [Placed: [Int]] = [:]
        var byIdentity: [Identity: [Int]] = [:]
        for (index, entry) in entries.enumerated() {
            let identity = Identity(type: entry.type, name: entry.name, rule: entry.rule)
            byFile[Placed(file: entry.file, identity: identity), default: []].append(index)
            byIdentity[identity, default: []].append(index)
        }
        var used = [Bool](repeating: false, count: entries.count)
        func take(_ candidates: [Int]?, for violation: Violation, sameFile: Bool) -> Bool {
            guard let index = candidates?.first(where: {
                !used[$0] && (sameFile || entries[$0].module == nil || entries[$0].module == violation.module)
            }) else {
                return false
            }
            used[index] = true
            return true
        }
        let identities = violations.map { Identity(type: $0.enclosingType, name: $0.name, rule: $0.rule) }
        var accepted = [Bool](repeating: false, count: violations.count)
        for (index, violation) in violations.enumerated() {
            accepted[index] = take(byFile[Placed(file: violation.file, identity: identities[index])], for: violation, sameFile: true)
        }
        for (index, violation) in violations.enumerated() where !accepted[index] {
            accepted[index] = take(byIdentity[identities[index]], for: violation, sameFile: false)
        }
        return violations.indices.filter { !accepted[$0] }.map { violations[$0] }
    }
}
