import Foundation

/// The tool that produced an inventory.
public struct ToolInfo: SchemaRecord, Hashable {
    /// The tool's name, `docsheet`.
    public var name: String
    /// The tool's version.
    public var version: String

    /// Creates tool information.
    ///
    /// - Parameters:
    ///   - name: The tool's name, `docsheet`.
    ///   - version: The tool's version.
    public init(name: String = "docsheet", version: String = DocSheetVersion.current) {
        self.name = name
        self.version = version
    }

    /// The tool's fields: `{name, version}`.
    public static let schema = RecordSchema<ToolInfo>(
        blank: ToolInfo(name: "", version: ""),
        fields: [FieldDescriptor("name", \.name), FieldDescriptor("version", \.version)])

    /// Decodes through ``schema``.
    ///
    /// - Parameter decoder: The decoder to read the keyed JSON object from.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: Decoder) throws { self = try Self.schema.decode(from: decoder) }

    /// Encodes every key through ``schema``.
    ///
    /// - Parameter encoder: The encoder to write the keyed JSON object into.
    /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
    public func encode(to encoder: Encoder) throws { try Self.schema.encode(self, to: encoder) }
}

/// The project an inventory describes.
public struct ProjectInfo: SchemaRecord, Hashable {
    /// The project's name (the root folder's name unless configured).
    public var name: String
    /// The scanned root as given on the command line (relative roots stay relative so output is portable).
    public var root: String
    /// The git commit of the scanned tree, if known.
    public var commit: String?

    /// Creates project information.
    ///
    /// - Parameters:
    ///   - name: The project's name (the root folder's name unless configured).
    ///   - root: The scanned root as given on the command line (relative roots stay relative so output is portable).
    ///   - commit: The git commit of the scanned tree, if known.
    public init(name: String, root: String, commit: String? = nil) {
        self.name = name
        self.root = root
        self.commit = commit
    }

    /// The project's fields: `{name, root, commit}`, `commit` `null` when unknown.
    public static let schema = RecordSchema<ProjectInfo>(
        blank: ProjectInfo(name: "", root: ""),
        fields: [FieldDescriptor("name", \.name), FieldDescriptor("root", \.root), FieldDescriptor("commit", \.commit)])

    /// Decodes through ``schema``.
    ///
    /// - Parameter decoder: The decoder to read the keyed JSON object from.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: Decoder) throws { self = try Self.schema.decode(from: decoder) }

    /// Encodes every key through ``schema``, writing `null` for an unknown commit.
    ///
    /// - Parameter encoder: The encoder to write the keyed JSON object into.
    /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
    public func encode(to encoder: Encoder) throws { try Self.schema.encode(self, to: encoder) }
}

/// DocSheet's version, written into every inventory and used to key the extraction cache.
public enum DocSheetVersion {
    /// The current version string.
    public static let current = "0.1.0"
}

/// Everything DocSheet extracted from a project: its types and functions, in stable order.
public struct Inventory: Codable, Hashable, Sendable {
    /// The JSON schema version written by this build.
    public static let currentSchemaVersion = 4

    /// The schema version of this inventory.
    public var schemaVersion: Int
    /// The tool that produced it.
    public var tool: ToolInfo
    /// The project it describes.
    public var project: ProjectInfo
    /// The modules the records belong to (build targets, and folders no build system describes), sorted by name,
    /// then project, kind and dependencies; empty in an inventory written before schema version 2.
    public var modules: [ModuleRecord]
    /// Type records sorted by file, line, column.
    public var types: [TypeRecord]
    /// Function records sorted by file, line, column.
    public var functions: [FunctionRecord]
    /// Property and enum-case records sorted by file, line, column; empty in an inventory written before schema
    /// version 3.
    public var properties: [PropertyRecord]
    /// The project's user-facing strings (`.strings`, `.stringsdict`, `.xcstrings`), one per table and key, sorted by
    /// table then key; empty in an inventory written before schema version 4.
    public var messages: [MessageRecord]
    /// The error types (conforming to `Error`, `LocalizedError`, `CustomNSError`), sorted by file, line; empty in an
    /// inventory written before schema version 4.
    public var errors: [ErrorRecord]
    /// The data model's entities (Core Data's current model version, SwiftData `@Model` classes), sorted by file,
    /// line; empty in an inventory written before schema version 4.
    public var entities: [EntityRecord]
    /// The screens: storyboard scenes, xib controllers, view-controller classes and SwiftUI views, sorted by file,
    /// line; empty in an inventory written before schema version 4.
    public var screens: [ScreenRecord]
    /// The transitions between screens: storyboard segues and SwiftUI navigation found in code, sorted by file, line;
    /// empty in an inventory written before schema version 4.
    public var transitions: [TransitionRecord]

    /// Creates an inventory; records are put into the stable order (file, line, column).
    ///
    /// - Parameters:
    ///   - project: The project it describes.
    ///   - types: The type records, in any order (they are sorted by file, line, column).
    ///   - functions: The function records, in any order (they are sorted by file, line, column).
    ///   - tool: The tool that produced it (default: this DocSheet build).
    ///   - schemaVersion: The schema version of this inventory (default: `currentSchemaVersion`).
    ///   - modules: The modules of the project, in any order (they are sorted by name, then project, kind and
    ///     dependencies); modules no record belongs to are kept, so a target whose files hold no function still shows.
    ///   - properties: The property and enum-case records, in any order (they are sorted by file, line, column).
    ///   - messages: The message records, in any order (they are sorted by table, then key).
    ///   - errors: The error records, in any order (they are sorted by file, line, name).
    ///   - entities: The entity records, in any order (they are sorted by file, line, name).
    ///   - screens: The screen records, in any order (they are sorted by file, line, name).
    ///   - transitions: The transition records, in any order (they are sorted by file, line, then source and
    ///     destination).
    public init(
        project: ProjectInfo, types: [TypeRecord], functions: [FunctionRecord], tool: ToolInfo = ToolInfo(),
        schemaVersion: Int = Inventory.currentSchemaVersion, modules: [ModuleRecord] = [],
        properties: [PropertyRecord] = [], messages: [MessageRecord] = [], errors: [ErrorRecord] = [],
        entities: [EntityRecord] = [], screens: [ScreenRecord] = [], transitions: [TransitionRecord] = []
    ) {
        self.schemaVersion = schemaVersion
        self.tool = tool
        self.project = project
        // A total order (module records that differ in any field never tie), so the order never depends on the set's.
        self.modules = Array(Set(modules)).sorted { a, b in
            if (a.name, a.project ?? "", a.kind.rawValue) != (b.name, b.project ?? "", b.kind.rawValue) {
                return (a.name, a.project ?? "", a.kind.rawValue) < (b.name, b.project ?? "", b.kind.rawValue)
            }
            return a.dependencies.lexicographicallyPrecedes(b.dependencies)
        }
        self.types = Inventory.ordered(types, by: Inventory.precedes)
        self.functions = Inventory.ordered(functions, by: Inventory.precedes)
        self.properties = Inventory.ordered(properties, by: Inventory.precedes)
        self.messages = messages.sorted { ($0.table, $0.key) < ($1.table, $1.key) }
        self.errors = errors.sorted { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }
        self.entities = entities.sorted { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }
        self.screens = screens.sorted { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }
        self.transitions = transitions.sorted {
            ($0.file, $0.line, $0.source, $0.destination, $0.kind) < ($1.file, $1.line, $1.source, $1.destination, $1.kind)
        }
    }

    /// `records` sorted (stably) by `precedes`; returned as they are when already in order, as the extractor's are,
    /// which saves sorting tens of thousands of records twice (Benchmarks/README.md).
    static func ordered<Record>(_ records: [Record], by precedes: (Record, Record) -> Bool) -> [Record] {
        let inOrder = records.indices.dropFirst().allSatisfy { !precedes(records[$0], records[$0 - 1]) }
        return inOrder ? records : records.sorted(by: precedes)
    }

    private enum CodingKeys: String, CodingKey { case schemaVersion, tool, project, modules, types, functions, properties, messages, errors, entities, screens, transitions }

    /// Decodes an inventory; one written before schema version 2 has no `modules`, one written before version 3 no
    /// `properties`, one written before version 4 no `messages`, `errors`, `entities`, `screens` or `transitions`.
    ///
    /// - Parameter decoder: The decoder to read the keyed JSON object from.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decode(Int.self, forKey: .schemaVersion)
        tool = try c.decode(ToolInfo.self, forKey: .tool)
        project = try c.decode(ProjectInfo.self, forKey: .project)
        modules = try c.decodeIfPresent([ModuleRecord].self, forKey: .modules) ?? []
        types = try c.decode([TypeRecord].self, forKey: .types)
        functions = try c.decode([FunctionRecord].self, forKey: .functions)
        properties = try c.decodeIfPresent([PropertyRecord].self, forKey: .properties) ?? []
        messages = try c.decodeIfPresent([MessageRecord].self, forKey: .messages) ?? []
        errors = try c.decodeIfPresent([ErrorRecord].self, forKey: .errors) ?? []
        entities = try c.decodeIfPresent([EntityRecord].self, forKey: .entities) ?? []
        screens = try c.decodeIfPresent([ScreenRecord].self, forKey: .screens) ?? []
        transitions = try c.decodeIfPresent([TransitionRecord].self, forKey: .transitions) ?? []
    }

    /// The kind of the module named `name` (the first such module when several projects declare one).
    ///
    /// - Parameter name: A module name, as records carry it.
    /// - Returns: The module's kind, or `nil` when the inventory lists no such module.
    public func kind(ofModule name: String) -> TargetKind? {
        modules.first { $0.name == name }?.kind
    }

    /// The stable order of function records: file, line, column, then name (for records at one position,
    /// which only happens across inactive `#if` clauses).
    ///
    /// - Parameters:
    ///   - a: The first function record.
    ///   - b: The second function record.
    /// - Returns: True when `a` sorts before `b` in an inventory's function list.
    public static func precedes(_ a: FunctionRecord, _ b: FunctionRecord) -> Bool {
        (a.file, a.line, a.column, a.name) < (b.file, b.line, b.column, b.name)
    }

    /// The stable order of type records: file, line, column, then name.
    ///
    /// - Parameters:
    ///   - a: The first type record.
    ///   - b: The second type record.
    /// - Returns: True when `a` sorts before `b` in an inventory's type list.
    public static func precedes(_ a: TypeRecord, _ b: TypeRecord) -> Bool {
        (a.file, a.line, a.column, a.name) < (b.file, b.line, b.column, b.name)
    }

    /// The stable order of property records: file, line, column, then name.
    ///
    /// - Parameters:
    ///   - a: The first property record.
    ///   - b: The second property record.
    /// - Returns: True when `a` sorts before `b` in an inventory's property list.
    public static func precedes(_ a: PropertyRecord, _ b: PropertyRecord) -> Bool {
        (a.file, a.line, a.column, a.name) < (b.file, b.line, b.column, b.name)
    }

    /// A copy keeping only records whose `effectiveAccess` is at least `minimum`.
    ///
    /// - Parameter minimum: The lowest effective access level to keep, e.g. `.public` for the public API only.
    /// - Returns: The same inventory (project, tool, schema version) with only the functions, types and properties at
    ///   `minimum` or above (error records too; messages, entities, screens and transitions are kept).
    public func filtered(minimumAccess minimum: AccessLevel) -> Inventory {
        var copy = self
        copy.functions = functions.filter { $0.effectiveAccess >= minimum }
        copy.types = types.filter { $0.effectiveAccess >= minimum }
        copy.properties = properties.filter { $0.effectiveAccess >= minimum }
        copy.errors = errors.filter { $0.effectiveAccess >= minimum }
        return copy
    }

    /// The share of functions that are documented, from 0 to 100; 100 for an empty inventory.
    public var documentedPercentage: Double {
        guard !functions.isEmpty else { return 100 }
        return Double(functions.documentedCount) * 100 / Double(functions.count)
    }
}
