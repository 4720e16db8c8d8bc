import Foundation

/// A type declaration or extension: `class`, `struct`, `enum`, `protocol`, `actor` or `extension`.
public struct TypeRecord: Codable, Hashable, Sendable {
    /// Dotted path of the type (`Outer.Inner`); for an extension, the extended type as written
    /// minus module qualifier and generic arguments.
    public var name: String
    /// The declaration's kind.
    public var kind: TypeKind
    /// The SwiftPM target (or top folder) the file belongs to.
    public var module: String
    /// Every module whose target compiles the file, in project order (`module` first). Never empty.
    public var targets: [String]
    /// What `module`'s target builds, or `nil` when unknown (an inventory written before schema version 2).
    public var moduleKind: TargetKind?
    /// Path relative to the scanned root, with `/` separators.
    public var file: String
    /// 1-based line of the name token.
    public var line: Int
    /// 1-based column of the name token.
    public var column: Int
    /// The access level as the compiler reports it (for an extension: its explicit modifier, else `internal`).
    public var accessLevel: AccessLevel
    /// `accessLevel` capped by every enclosing type.
    public var effectiveAccess: AccessLevel
    /// Inherited types and conformances as written.
    public var inheritedTypes: [String]
    /// The generic `where` clause as written, or `nil`.
    public var genericWhere: String?
    /// The enclosing `#if` conditions joined with ` && `, or `nil`.
    public var condition: String?
    /// The attached documentation comment, or `nil`.
    public var doc: DocComment?

    /// Creates a type record.
    ///
    /// - Parameters:
    ///   - name: Dotted path of the type (`Outer.Inner`); for an extension, the extended type without module qualifier
    ///     and generic arguments.
    ///   - kind: The declaration's kind.
    ///   - module: The SwiftPM target (or top folder) the file belongs to.
    ///   - file: Path relative to the scanned root, with `/` separators.
    ///   - line: 1-based line of the name token.
    ///   - column: 1-based column of the name token.
    ///   - accessLevel: The access level as the compiler reports it (for an extension: its explicit modifier, else
    ///     `internal`).
    ///   - effectiveAccess: `accessLevel` capped by every enclosing type.
    ///   - inheritedTypes: Inherited types and conformances as written.
    ///   - genericWhere: The generic `where` clause as written, or `nil`.
    ///   - condition: The enclosing `#if` conditions joined with ` && `, or `nil`.
    ///   - doc: The attached documentation comment, or `nil`.
    ///   - targets: Every module whose target compiles the file, `module` first; empty means `[module]`.
    ///   - moduleKind: What `module`'s target builds, or `nil` when unknown.
    public init(
        name: String, kind: TypeKind, module: String, file: String, line: Int, column: Int,
        accessLevel: AccessLevel = .internal, effectiveAccess: AccessLevel = .internal,
        inheritedTypes: [String] = [], genericWhere: String? = nil, condition: String? = nil, doc: DocComment? = nil,
        targets: [String] = [], moduleKind: TargetKind? = nil
    ) {
        self.targets = targets.isEmpty ? [module] : targets
        self.moduleKind = moduleKind
        self.name = name
        self.kind = kind
        self.module = module
        self.file = file
        self.line = line
        self.column = column
        self.accessLevel = accessLevel
        self.effectiveAccess = effectiveAccess
        self.inheritedTypes = inheritedTypes
        self.genericWhere = genericWhere
        self.condition = condition
        self.doc = doc
    }

    /// True when the record has meaningful documentation.
    public var isDocumented: Bool { doc?.isMeaningful ?? false }

    private enum CodingKeys: String, CodingKey {
        case name, kind, module, targets, moduleKind, file, line, column, accessLevel, effectiveAccess, inheritedTypes
        case genericWhere, condition, doc
    }

    /// Decodes a record; one written before schema version 2 (no `targets`, no `moduleKind`) gets `[module]` and
    /// `nil`.
    ///
    /// - Parameter decoder: The decoder to read the keyed JSON object from.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        kind = try c.decode(TypeKind.self, forKey: .kind)
        module = try c.decode(String.self, forKey: .module)
        targets = try c.decodeIfPresent([String].self, forKey: .targets) ?? [module]
        if targets.isEmpty { targets = [module] }
        moduleKind = try c.decodeIfPresent(TargetKind.self, forKey: .moduleKind)
        file = try c.decode(String.self, forKey: .file)
        line = try c.decode(Int.self, forKey: .line)
        column = try c.decode(Int.self, forKey: .column)
        accessLevel = try c.decode(AccessLevel.self, forKey: .accessLevel)
        effectiveAccess = try c.decode(AccessLevel.self, forKey: .effectiveAccess)
        inheritedTypes = try c.decode([String].self, forKey: .inheritedTypes)
        genericWhere = try c.decodeIfPresent(String.self, forKey: .genericWhere)
        condition = try c.decodeIfPresent(String.self, forKey: .condition)
        doc = try c.decodeIfPresent(DocComment.self, forKey: .doc)
    }

    /// Encodes every key, writing `null` for absent values so the JSON schema is stable.
    ///
    /// - Parameter encoder: The encoder to write the keyed JSON object into.
    /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(kind, forKey: .kind)
        try c.encode(module, forKey: .module)
        try c.encode(targets, forKey: .targets)
        try c.encode(moduleKind, forKey: .moduleKind)
        try c.encode(file, forKey: .file)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
        try c.encode(accessLevel, forKey: .accessLevel)
        try c.encode(effectiveAccess, forKey: .effectiveAccess)
        try c.encode(inheritedTypes, forKey: .inheritedTypes)
        try c.encode(genericWhere, forKey: .genericWhere)
        try c.encode(condition, forKey: .condition)
        try c.encode(doc, forKey: .doc)
    }
}
