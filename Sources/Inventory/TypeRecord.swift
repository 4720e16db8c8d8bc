import Foundation

/// A type declaration or extension: `class`, `struct`, `enum`, `protocol`, `actor` or `extension`.
public struct TypeRecord: SchemaRecord, Hashable {
    /// A stored property of the type whose type, or element type, is a type of the project: an edge of the class
    /// diagram's composition.
    public struct Composition: SchemaRecord, Hashable {
        /// The property's name.
        public var property: String
        /// The project type it holds, as a dotted path (`Board.Column`).
        public var type: String
        /// True when the property holds several of them (an array, a set, a dictionary's values).
        public var isCollection: Bool

        /// Creates a composition edge.
        ///
        /// - Parameters:
        ///   - property: The property's name.
        ///   - type: The project type it holds, as a dotted path.
        ///   - isCollection: True when the property holds several of them.
        public init(property: String, type: String, isCollection: Bool = false) {
            self.property = property
            self.type = type
            self.isCollection = isCollection
        }

        /// The edge's fields: `{property, type, isCollection}`.
        public static let schema = RecordSchema<Composition>(
            blank: Composition(property: "", type: ""),
            fields: [
                FieldDescriptor("property", \.property),
                FieldDescriptor("type", \.type),
                FieldDescriptor("isCollection", \.isCollection),
            ])

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
    /// The superclass of a class, merged over the declaration and the extensions of the type in the project (only a
    /// class's first inherited name can be one); `nil` for no superclass, an unknown first name
    /// (``unknownInheritedTypes``) and every other kind. On an extension record: `nil`.
    public var superclass: String?
    /// The protocols the type conforms to (a protocol: the protocols it refines), as written without attributes or
    /// generic arguments, in order: the declaration's, then its extensions'. On an extension record: what that
    /// extension adds.
    public var conformances: [String]
    /// The stored properties whose type or element type is a type of the project (declarations only).
    public var composition: [Composition]
    /// Inherited names that are neither a type of the project nor in DocSheet's catalogue of framework types, and
    /// that the language rule does not settle (a class's first inherited name): listed, not guessed.
    public var unknownInheritedTypes: [String]
    /// The generic parameters as written, one per entry (`Element`, `Key: Hashable`, `each T`); empty for a type that
    /// is not generic, a protocol and an extension.
    public var genericParameters: [String]
    /// The language of the declaration: `swift`, or `objc` for an Objective-C `@interface`, `@protocol` or category.
    public var language: SourceLanguage
    /// The name Objective-C knows a Swift class or protocol by when `@objc(Name)` renames it (`MXProfileStore` for
    /// `@objc(MXProfileStore) class ProfileStore`), or `nil`: an Objective-C category of that name extends this type.
    public var objcName: String?

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
    ///   - superclass: The class's superclass, or `nil`.
    ///   - conformances: The protocols it conforms to.
    ///   - composition: Its stored properties that hold types of the project.
    ///   - unknownInheritedTypes: Inherited names that could not be placed.
    ///   - genericParameters: The generic parameters as written.
    ///   - language: The language of the declaration (`swift` unless given).
    ///   - objcName: The name `@objc(Name)` gives the type in Objective-C, or `nil`.
    public init(
        name: String, kind: TypeKind, module: String, file: String, line: Int, column: Int,
        accessLevel: AccessLevel = .internal, effectiveAccess: AccessLevel = .internal,
        inheritedTypes: [String] = [], genericWhere: String? = nil, condition: String? = nil, doc: DocComment? = nil,
        targets: [String] = [], moduleKind: TargetKind? = nil, superclass: String? = nil, conformances: [String] = [],
        composition: [Composition] = [], unknownInheritedTypes: [String] = [], genericParameters: [String] = [],
        language: SourceLanguage = .swift, objcName: String? = nil
    ) {
        self.objcName = objcName
        self.language = language
        self.genericParameters = genericParameters
        self.superclass = superclass
        self.conformances = conformances
        self.composition = composition
        self.unknownInheritedTypes = unknownInheritedTypes
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

    /// The record's fields: the JSON keys, the cache's order and the template fields that show them directly
    /// (Documentation/Schema.md).
    public static let schema = RecordSchema<TypeRecord>(
        blank: TypeRecord(name: "", kind: .struct, module: "", file: "", line: 0, column: 0),
        fields: [
            FieldDescriptor("name", \.name, template: TemplateColumn("name", "the type's dotted name")),
            FieldDescriptor("kind", \.kind, template: TemplateColumn(
                "kind", "class, struct, enum, protocol, actor or extension")),
            FieldDescriptor("module", \.module, template: TemplateColumn(
                "module", "the module: the first target that compiles the file (SwiftPM or Xcode), or its folder")),
            // Absent before schema version 2: `[module]` (see `afterDecoding`).
            FieldDescriptor("targets", \.targets, whenAbsent: []),
            FieldDescriptor("moduleKind", \.moduleKind),
            FieldDescriptor("file", \.file, template: TemplateColumn("file", "the file")),
            FieldDescriptor("line", \.line, template: TemplateColumn("line", "the line of the name")),
            FieldDescriptor("column", \.column, template: TemplateColumn("column", "the column of the name")),
            FieldDescriptor("accessLevel", \.accessLevel),
            FieldDescriptor("effectiveAccess", \.effectiveAccess),
            FieldDescriptor("inheritedTypes", \.inheritedTypes, template: TemplateColumn(
                "inheritedTypes", "superclass and conformances as written")),
            FieldDescriptor("genericWhere", \.genericWhere, template: TemplateColumn(
                "genericWhere", "the generic where clause")),
            FieldDescriptor("condition", \.condition, template: TemplateColumn("condition", "the enclosing #if condition")),
            FieldDescriptor("doc", \.doc),
            // Added in schema version 3: absent before (`nil`, empty).
            FieldDescriptor("superclass", \.superclass, template: TemplateColumn(
                "superclass", "the class's superclass (merged over the type and its extensions); empty when none or unknown")),
            FieldDescriptor("conformances", \.conformances, template: TemplateColumn(
                "conformances", "the protocols it conforms to, comma-separated (a declaration: its own and its extensions')"),
                whenAbsent: []),
            FieldDescriptor("composition", \.composition, whenAbsent: []),
            FieldDescriptor("unknownInheritedTypes", \.unknownInheritedTypes, template: TemplateColumn(
                "unknownInheritedTypes", "inherited names that are neither project types nor known framework types, comma-separated"),
                whenAbsent: []),
            FieldDescriptor("genericParameters", \.genericParameters, template: TemplateColumn(
                "genericParameters", "the generic parameters as written, comma-separated, e.g. Element: Hashable"),
                whenAbsent: []),
            // Absent in inventories written before Objective-C was read: `swift`.
            FieldDescriptor("language", \.language, whenAbsent: .swift),
            // Absent in inventories written before Swift's `@objc(Name)` was read: `nil`.
            FieldDescriptor("objcName", \.objcName),
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
