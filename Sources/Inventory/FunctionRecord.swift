import Foundation

/// One function-like declaration (`func`, `init`, `deinit`, `subscript`, operator, protocol requirement).
///
/// The JSON field names are DocSheet's public schema (see `Documentation/Schema.md`); keep them stable.
public struct FunctionRecord: Codable, Hashable, Sendable {
    /// One parameter of a function, initializer or subscript.
    public struct Parameter: Codable, Hashable, Sendable {
        /// The argument label used at the call site, `nil` for `_` (an unlabeled argument).
        public var label: String?
        /// The parameter name used inside the body.
        public var name: String
        /// The type as written (including `inout`, `...`, attributes such as `@escaping`).
        public var type: String
        /// The default value expression as written, or `nil`.
        public var defaultValue: String?

        /// Creates a parameter.
        ///
        /// - Parameters:
        ///   - label: The argument label used at the call site, `nil` for `_` (an unlabeled argument).
        ///   - name: The parameter name used inside the body.
        ///   - type: The type as written (including `inout`, `...`, attributes such as `@escaping`).
        ///   - defaultValue: The default value expression as written, or `nil`.
        public init(label: String?, name: String, type: String, defaultValue: String? = nil) {
            self.label = label
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
        }

        private enum CodingKeys: String, CodingKey { case label, name, type, defaultValue }

        /// Encodes every key, writing `null` for absent values.
        ///
        /// - Parameter encoder: The encoder to write the keyed JSON object into.
        /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(label, forKey: .label)
            try c.encode(name, forKey: .name)
            try c.encode(type, forKey: .type)
            try c.encode(defaultValue, forKey: .defaultValue)
        }
    }

    /// Path relative to the scanned root, with `/` separators.
    public var file: String
    /// 1-based line of the name token.
    public var line: Int
    /// 1-based column (UTF-8) of the name token.
    public var column: Int
    /// The SwiftPM target (or top folder) the file belongs to.
    public var module: String
    /// Every module whose target compiles the file, in project order (`module` first): an app and its widget
    /// extension for a shared file. Never empty.
    public var targets: [String]
    /// What `module`'s target builds, or `nil` when unknown (an inventory written before schema version 2).
    public var moduleKind: TargetKind?
    /// The declaration's kind.
    public var kind: FunctionKind
    /// The compiler's full name, e.g. `fetch(id:completion:)`, `init(_:)`, `==(_:_:)`.
    public var name: String
    /// The base name, e.g. `fetch`, `init`, `subscript`, `==`.
    public var baseName: String
    /// The declaration as written without body and comments, whitespace collapsed.
    public var signature: String
    /// Dotted path of the enclosing types, or `nil` at top level.
    public var enclosingType: String?
    /// The kind of the innermost enclosing declaration, or `nil` at top level.
    public var enclosingKind: TypeKind?
    /// The access level as the compiler reports it.
    public var accessLevel: AccessLevel
    /// The most a caller can see: `accessLevel` capped by every enclosing type.
    public var effectiveAccess: AccessLevel
    /// True for a protocol requirement.
    public var isRequirement: Bool
    /// Attributes as written, e.g. `@MainActor`, `@objc(foo:)`.
    public var attributes: [String]
    /// Non-access modifiers, e.g. `static`, `mutating`, `override`.
    public var modifiers: [String]
    /// True for an `async` declaration.
    public var isAsync: Bool
    /// `"throws"`, `"rethrows"`, `"throws(E)"`, or `nil`.
    public var `throws`: String?
    /// The parameters, in order.
    public var parameters: [Parameter]
    /// The return type as written (the element type for a subscript), or `nil`.
    public var returnType: String?
    /// The generic `where` clause as written, or `nil`.
    public var genericWhere: String?
    /// The enclosing `#if` conditions joined with ` && `, or `nil`.
    public var condition: String?
    /// The nearest preceding `// MARK:` title in the same scope, or `nil`.
    public var section: String?
    /// The attached documentation comment, or `nil`.
    public var doc: DocComment?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - file: Path relative to the scanned root, with `/` separators.
    ///   - line: 1-based line of the name token.
    ///   - column: 1-based column (UTF-8) of the name token.
    ///   - module: The SwiftPM target (or top folder) the file belongs to.
    ///   - kind: The declaration's kind.
    ///   - name: The compiler's full name, e.g. `fetch(id:completion:)`, `init(_:)`, `==(_:_:)`.
    ///   - baseName: The base name, e.g. `fetch`, `init`, `subscript`, `==`.
    ///   - signature: The declaration as written without body and comments, whitespace collapsed.
    ///   - enclosingType: Dotted path of the enclosing types, or `nil` at top level.
    ///   - enclosingKind: The kind of the innermost enclosing declaration, or `nil` at top level.
    ///   - accessLevel: The access level as the compiler reports it.
    ///   - effectiveAccess: The most a caller can see: `accessLevel` capped by every enclosing type.
    ///   - isRequirement: True for a protocol requirement.
    ///   - attributes: Attributes as written, e.g. `@MainActor`, `@objc(foo:)`.
    ///   - modifiers: Non-access modifiers, e.g. `static`, `mutating`, `override`.
    ///   - isAsync: True for an `async` declaration.
    ///   - throws: `"throws"`, `"rethrows"`, `"throws(E)"`, or `nil`.
    ///   - parameters: The parameters, in order.
    ///   - returnType: The return type as written (the element type for a subscript), or `nil`.
    ///   - genericWhere: The generic `where` clause as written, or `nil`.
    ///   - condition: The enclosing `#if` conditions joined with ` && `, or `nil`.
    ///   - section: The nearest preceding `// MARK:` title in the same scope, or `nil`.
    ///   - doc: The attached documentation comment, or `nil`.
    ///   - targets: Every module whose target compiles the file, `module` first; empty means `[module]`.
    ///   - moduleKind: What `module`'s target builds, or `nil` when unknown.
    public init(
        file: String, line: Int, column: Int, module: String, kind: FunctionKind, name: String, baseName: String,
        signature: String, enclosingType: String? = nil, enclosingKind: TypeKind? = nil,
        accessLevel: AccessLevel = .internal, effectiveAccess: AccessLevel = .internal, isRequirement: Bool = false,
        attributes: [String] = [], modifiers: [String] = [], isAsync: Bool = false, throws: String? = nil,
        parameters: [Parameter] = [], returnType: String? = nil, genericWhere: String? = nil,
        condition: String? = nil, section: String? = nil, doc: DocComment? = nil, targets: [String] = [],
        moduleKind: TargetKind? = nil
    ) {
        self.targets = targets.isEmpty ? [module] : targets
        self.moduleKind = moduleKind
        self.file = file
        self.line = line
        self.column = column
        self.module = module
        self.kind = kind
        self.name = name
        self.baseName = baseName
        self.signature = signature
        self.enclosingType = enclosingType
        self.enclosingKind = enclosingKind
        self.accessLevel = accessLevel
        self.effectiveAccess = effectiveAccess
        self.isRequirement = isRequirement
        self.attributes = attributes
        self.modifiers = modifiers
        self.isAsync = isAsync
        self.throws = `throws`
        self.parameters = parameters
        self.returnType = returnType
        self.genericWhere = genericWhere
        self.condition = condition
        self.section = section
        self.doc = doc
    }

    /// True when the record has meaningful documentation (a summary that is not an Xcode placeholder).
    public var isDocumented: Bool { doc?.isMeaningful ?? false }

    /// `Type.name` for members, `name` for free functions: how people refer to the function in prose.
    public var qualifiedName: String { enclosingType.map { "\($0).\(name)" } ?? name }

    private enum CodingKeys: String, CodingKey {
        case file, line, column, module, targets, moduleKind, kind, name, baseName, signature, enclosingType, enclosingKind
        case accessLevel, effectiveAccess, isRequirement, attributes, modifiers, isAsync, `throws`
        case parameters, returnType, genericWhere, condition, section, doc
    }

    /// Decodes a record; one written before schema version 2 (no `targets`, no `moduleKind`) gets `[module]` and
    /// `nil`.
    ///
    /// - Parameter decoder: The decoder to read the keyed JSON object from.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        file = try c.decode(String.self, forKey: .file)
        line = try c.decode(Int.self, forKey: .line)
        column = try c.decode(Int.self, forKey: .column)
        module = try c.decode(String.self, forKey: .module)
        targets = try c.decodeIfPresent([String].self, forKey: .targets) ?? [module]
        if targets.isEmpty { targets = [module] }
        moduleKind = try c.decodeIfPresent(TargetKind.self, forKey: .moduleKind)
        kind = try c.decode(FunctionKind.self, forKey: .kind)
        name = try c.decode(String.self, forKey: .name)
        baseName = try c.decode(String.self, forKey: .baseName)
        signature = try c.decode(String.self, forKey: .signature)
        enclosingType = try c.decodeIfPresent(String.self, forKey: .enclosingType)
        enclosingKind = try c.decodeIfPresent(TypeKind.self, forKey: .enclosingKind)
        accessLevel = try c.decode(AccessLevel.self, forKey: .accessLevel)
        effectiveAccess = try c.decode(AccessLevel.self, forKey: .effectiveAccess)
        isRequirement = try c.decode(Bool.self, forKey: .isRequirement)
        attributes = try c.decode([String].self, forKey: .attributes)
        modifiers = try c.decode([String].self, forKey: .modifiers)
        isAsync = try c.decode(Bool.self, forKey: .isAsync)
        `throws` = try c.decodeIfPresent(String.self, forKey: .throws)
        parameters = try c.decode([Parameter].self, forKey: .parameters)
        returnType = try c.decodeIfPresent(String.self, forKey: .returnType)
        genericWhere = try c.decodeIfPresent(String.self, forKey: .genericWhere)
        condition = try c.decodeIfPresent(String.self, forKey: .condition)
        section = try c.decodeIfPresent(String.self, forKey: .section)
        doc = try c.decodeIfPresent(DocComment.self, forKey: .doc)
    }

    /// Encodes every key, writing `null` for absent values so the JSON schema is stable.
    ///
    /// - Parameter encoder: The encoder to write the keyed JSON object into.
    /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
        try c.encode(module, forKey: .module)
        try c.encode(targets, forKey: .targets)
        try c.encode(moduleKind, forKey: .moduleKind)
        try c.encode(kind, forKey: .kind)
        try c.encode(name, forKey: .name)
        try c.encode(baseName, forKey: .baseName)
        try c.encode(signature, forKey: .signature)
        try c.encode(enclosingType, forKey: .enclosingType)
        try c.encode(enclosingKind, forKey: .enclosingKind)
        try c.encode(accessLevel, forKey: .accessLevel)
        try c.encode(effectiveAccess, forKey: .effectiveAccess)
        try c.encode(isRequirement, forKey: .isRequirement)
        try c.encode(attributes, forKey: .attributes)
        try c.encode(modifiers, forKey: .modifiers)
        try c.encode(isAsync, forKey: .isAsync)
        try c.encode(`throws`, forKey: .throws)
        try c.encode(parameters, forKey: .parameters)
        try c.encode(returnType, forKey: .returnType)
        try c.encode(genericWhere, forKey: .genericWhere)
        try c.encode(condition, forKey: .condition)
        try c.encode(section, forKey: .section)
        try c.encode(doc, forKey: .doc)
    }
}

extension Collection where Element == FunctionRecord {
    /// How many of the functions are documented (`FunctionRecord.isDocumented`), counted without copying the records
    /// as `filter` would (inlinable, so that it is specialized for the caller's collection: through the generic
    /// subscript every record was still copied).
    @inlinable public var documentedCount: Int {
        var count = 0
        for index in indices where self[index].isDocumented { count += 1 }
        return count
    }
}
