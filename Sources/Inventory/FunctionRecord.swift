import Foundation

/// One function-like declaration (`func`, `init`, `deinit`, `subscript`, operator, protocol requirement).
///
/// The JSON field names are DocSheet's public schema (see `Documentation/Schema.md`); keep them stable.
public struct FunctionRecord: SchemaRecord, Hashable {
    /// One parameter of a function, initializer or subscript.
    public struct Parameter: SchemaRecord, Hashable {
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

        /// The parameter's fields: the JSON object `{label, name, type, defaultValue}`.
        public static let schema = RecordSchema<Parameter>(
            blank: Parameter(label: nil, name: "", type: ""),
            fields: [
                FieldDescriptor("label", \.label),
                FieldDescriptor("name", \.name),
                FieldDescriptor("type", \.type),
                FieldDescriptor("defaultValue", \.defaultValue),
            ])

        /// Decodes a parameter through ``schema``.
        ///
        /// - Parameter decoder: The decoder to read the keyed JSON object from.
        /// - Throws: `DecodingError` when a key is missing or has the wrong type.
        public init(from decoder: Decoder) throws { self = try Self.schema.decode(from: decoder) }

        /// Encodes every key through ``schema``, writing `null` for absent values.
        ///
        /// - Parameter encoder: The encoder to write the keyed JSON object into.
        /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
        public func encode(to encoder: Encoder) throws { try Self.schema.encode(self, to: encoder) }
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
    /// How many lines the declaration spans, from its first token (attributes included) to the end of its body (of
    /// its signature for a requirement); `nil` when unknown (a record read from an inventory written before the field
    /// was added).
    public var lines: Int?
    /// The language of the declaration: `swift`, or `objc` for an Objective-C method or C function (`name` is then
    /// the selector, e.g. `validateName:`).
    public var language: SourceLanguage
    /// For an Objective-C method, the name Swift code calls it by: its `NS_SWIFT_NAME(…)`, else the name the Swift
    /// compiler's importer gives it (`initWithName:` → `init(name:)`); `nil` for Swift code and C functions.
    public var swiftName: String?

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
    ///   - lines: How many lines the declaration spans, first token to end of body, or `nil` when unknown.
    ///   - language: The language of the declaration (`swift` unless given).
    ///   - swiftName: For an Objective-C method, the name Swift code calls it by, or `nil`.
    public init(
        file: String, line: Int, column: Int, module: String, kind: FunctionKind, name: String, baseName: String,
        signature: String, enclosingType: String? = nil, enclosingKind: TypeKind? = nil,
        accessLevel: AccessLevel = .internal, effectiveAccess: AccessLevel = .internal, isRequirement: Bool = false,
        attributes: [String] = [], modifiers: [String] = [], isAsync: Bool = false, throws: String? = nil,
        parameters: [Parameter] = [], returnType: String? = nil, genericWhere: String? = nil,
        condition: String? = nil, section: String? = nil, doc: DocComment? = nil, targets: [String] = [],
        moduleKind: TargetKind? = nil, lines: Int? = nil, language: SourceLanguage = .swift, swiftName: String? = nil
    ) {
        self.lines = lines
        self.language = language
        self.swiftName = swiftName
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

    /// The record's fields: the JSON keys, the cache's order, the template fields that show them directly and the
    /// review changes they count in. Documentation/Schema.md lists them; a new field is a property and a line here.
    public static let schema = RecordSchema<FunctionRecord>(
        blank: FunctionRecord(file: "", line: 0, column: 0, module: "", kind: .function, name: "", baseName: "", signature: ""),
        fields: [
            FieldDescriptor("file", \.file, template: TemplateColumn("file", "the file, relative to the scanned root"), change: .file),
            FieldDescriptor("line", \.line, template: TemplateColumn("line", "the line of the name")),
            FieldDescriptor("column", \.column, template: TemplateColumn("column", "the column of the name")),
            FieldDescriptor("module", \.module, template: TemplateColumn(
                "module", "the module: the first target that compiles the file (SwiftPM or Xcode), or its folder")),
            // Absent before schema version 2: `[module]` (see `afterDecoding`).
            FieldDescriptor("targets", \.targets, whenAbsent: []),
            FieldDescriptor("moduleKind", \.moduleKind),
            FieldDescriptor("kind", \.kind, template: TemplateColumn(
                "kind", "function, method, typeMethod, initializer, deinitializer, subscript, typeSubscript, operator")),
            FieldDescriptor("name", \.name, template: TemplateColumn("name", "the full name, e.g. fetch(id:completion:)"), change: .renamed),
            FieldDescriptor("baseName", \.baseName, template: TemplateColumn("baseName", "the base name, e.g. fetch")),
            FieldDescriptor("signature", \.signature, template: TemplateColumn(
                "signature", "the declaration as written, without body"), change: .signature),
            FieldDescriptor("enclosingType", \.enclosingType, change: .moved),
            FieldDescriptor("enclosingKind", \.enclosingKind),
            FieldDescriptor("accessLevel", \.accessLevel, change: .accessLevel),
            FieldDescriptor("effectiveAccess", \.effectiveAccess, change: .accessLevel),
            FieldDescriptor("isRequirement", \.isRequirement),
            FieldDescriptor("attributes", \.attributes),
            FieldDescriptor("modifiers", \.modifiers),
            FieldDescriptor("isAsync", \.isAsync),
            FieldDescriptor("throws", \.throws),
            FieldDescriptor("parameters", \.parameters),
            FieldDescriptor("returnType", \.returnType),
            FieldDescriptor("genericWhere", \.genericWhere),
            FieldDescriptor("condition", \.condition),
            FieldDescriptor("section", \.section),
            FieldDescriptor("doc", \.doc, change: .doc),
            FieldDescriptor("lines", \.lines, template: TemplateColumn(
                "lines", "how many lines the declaration spans, from its first token to the end of its body",
                isCSVColumn: true)),
            // Absent in inventories written before Objective-C was read: `swift`.
            FieldDescriptor("language", \.language, whenAbsent: .swift),
            // Absent in inventories written before Objective-C's Swift names were read: `null`.
            FieldDescriptor("swiftName", \.swiftName),
        ],
        afterDecoding: { record in
            if record.targets.isEmpty { record.targets = [record.module] }
        })

    /// Decodes a record through ``schema``; one written before schema version 2 (no `targets`, no `moduleKind`) gets
    /// `[module]` and `nil`.
    ///
    /// - Parameter decoder: The decoder to read the keyed JSON object from.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: Decoder) throws { self = try Self.schema.decode(from: decoder) }

    /// Encodes every key through ``schema``, writing `null` for absent values so the JSON schema is stable.
    ///
    /// - Parameter encoder: The encoder to write the keyed JSON object into.
    /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
    public func encode(to encoder: Encoder) throws { try Self.schema.encode(self, to: encoder) }
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
