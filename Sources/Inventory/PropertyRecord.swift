import Foundation

/// One property-like declaration: a stored or computed property, a global variable, a protocol's property
/// requirement, or one enum case.
///
/// `var a, b: Int` and `let (x, y) = …` give one record per name; `case a, b` one per case. Local variables (in bodies
/// of code) are not recorded. The JSON field names are DocSheet's public schema (`Documentation/Schema.md`).
public struct PropertyRecord: SchemaRecord, Hashable {
    /// Path relative to the scanned root, with `/` separators.
    public var file: String
    /// 1-based line of the name token.
    public var line: Int
    /// 1-based column (UTF-8) of the name token.
    public var column: Int
    /// The first target that compiles the file (or its top folder).
    public var module: String
    /// Every module whose target compiles the file, `module` first. Never empty.
    public var targets: [String]
    /// What `module`'s target builds, or `nil` when unknown.
    public var moduleKind: TargetKind?
    /// Property, type property or enum case.
    public var kind: PropertyKind
    /// The name as written, without backticks (`count`, `default`).
    public var name: String
    /// The type as written; where none is written, the type of an unambiguous literal or initializer (`= 0` is
    /// `Int`, `= [String]()` is `[String]`, `= Cart()` for a type of the project); `nil` when unknown, and for an
    /// enum case.
    public var type: String?
    /// The declaration as written without initializer value or accessor bodies, whitespace collapsed:
    /// `private(set) var count: Int`, `var name: String { get set }` (a requirement), `case failure(Error)`.
    public var declaration: String
    /// Dotted path of the enclosing types (for an extension, the extended type); `nil` for a global variable.
    public var enclosingType: String?
    /// The kind of the innermost enclosing type or extension; `nil` for a global variable.
    public var enclosingKind: TypeKind?
    /// The access level as the compiler reports it.
    public var accessLevel: AccessLevel
    /// The setter's access level when the property can be set (`private` for `private(set) var`, else
    /// `accessLevel`); `nil` for a `let`, a get-only property or requirement, and an enum case.
    public var setterAccess: AccessLevel?
    /// `accessLevel` capped by every enclosing type.
    public var effectiveAccess: AccessLevel
    /// A protocol's property requirement.
    public var isRequirement: Bool
    /// How the value is kept; `nil` for a requirement and an enum case.
    public var storage: PropertyStorage?
    /// `let` or `var`; `nil` for an enum case.
    public var mutability: PropertyMutability?
    /// Attributes as written: `@Published`, `@State`, `@IBOutlet`, property wrappers, `@available(…)`.
    public var attributes: [String]
    /// Non-access modifiers as written: `static`, `class`, `lazy`, `weak`, `unowned`, `override`, `final`, …
    public var modifiers: [String]
    /// The initial value as written, whitespace collapsed, cut to ``defaultValueLimit`` characters (ending in `…`);
    /// `nil` when there is none.
    public var defaultValue: String?
    /// An enum case's associated values (`label` `nil` when the value has no label; `name` empty unless a second
    /// name is written); empty for anything else.
    public var associatedValues: [FunctionRecord.Parameter]
    /// An enum case's raw value as written (`= "x"`); `nil` when none is written.
    public var rawValue: String?
    /// The enclosing `#if` conditions joined with ` && `, or `nil`.
    public var condition: String?
    /// The nearest preceding `// MARK:` title in the same scope, or `nil`.
    public var section: String?
    /// The attached documentation comment, or `nil`.
    public var doc: DocComment?
    /// The language of the declaration: `swift`, or `objc` for an Objective-C `@property`.
    public var language: SourceLanguage

    /// The longest ``defaultValue`` kept, in characters; a longer value is cut and ends in `…`.
    public static let defaultValueLimit = 80

    /// Creates a property record.
    ///
    /// - Parameters:
    ///   - file: Path relative to the scanned root.
    ///   - line: 1-based line of the name token.
    ///   - column: 1-based UTF-8 column of the name token.
    ///   - module: The first target that compiles the file.
    ///   - kind: Property, type property or enum case.
    ///   - name: The name, without backticks.
    ///   - type: The type as written or inferred, or `nil`.
    ///   - declaration: The declaration without initializer value or accessor bodies.
    ///   - enclosingType: Dotted path of the enclosing types, `nil` for a global.
    ///   - enclosingKind: The kind of the innermost enclosing type or extension.
    ///   - accessLevel: The access level as the compiler reports it.
    ///   - setterAccess: The setter's level when the property can be set, else `nil`.
    ///   - effectiveAccess: `accessLevel` capped by the enclosing types.
    ///   - isRequirement: A protocol requirement.
    ///   - storage: How the value is kept, `nil` for a requirement or an enum case.
    ///   - mutability: `let` or `var`, `nil` for an enum case.
    ///   - attributes: Attributes as written.
    ///   - modifiers: Non-access modifiers as written.
    ///   - defaultValue: The initial value as written, short.
    ///   - associatedValues: An enum case's associated values.
    ///   - rawValue: An enum case's raw value as written.
    ///   - condition: The enclosing `#if` conditions, or `nil`.
    ///   - section: The `// MARK:` section, or `nil`.
    ///   - doc: The documentation comment, or `nil`.
    ///   - targets: Every module whose target compiles the file, `module` first; empty means `[module]`.
    ///   - moduleKind: What `module`'s target builds, or `nil`.
    ///   - language: The language of the declaration (`swift` unless given).
    public init(
        file: String, line: Int, column: Int, module: String, kind: PropertyKind, name: String, type: String? = nil,
        declaration: String, enclosingType: String? = nil, enclosingKind: TypeKind? = nil,
        accessLevel: AccessLevel = .internal, setterAccess: AccessLevel? = nil, effectiveAccess: AccessLevel = .internal,
        isRequirement: Bool = false, storage: PropertyStorage? = .stored, mutability: PropertyMutability? = .var,
        attributes: [String] = [], modifiers: [String] = [], defaultValue: String? = nil,
        associatedValues: [FunctionRecord.Parameter] = [], rawValue: String? = nil, condition: String? = nil,
        section: String? = nil, doc: DocComment? = nil, targets: [String] = [], moduleKind: TargetKind? = nil,
        language: SourceLanguage = .swift
    ) {
        self.language = language
        self.file = file
        self.line = line
        self.column = column
        self.module = module
        self.targets = targets.isEmpty ? [module] : targets
        self.moduleKind = moduleKind
        self.kind = kind
        self.name = name
        self.type = type
        self.declaration = declaration
        self.enclosingType = enclosingType
        self.enclosingKind = enclosingKind
        self.accessLevel = accessLevel
        self.setterAccess = setterAccess
        self.effectiveAccess = effectiveAccess
        self.isRequirement = isRequirement
        self.storage = storage
        self.mutability = mutability
        self.attributes = attributes
        self.modifiers = modifiers
        self.defaultValue = defaultValue
        self.associatedValues = associatedValues
        self.rawValue = rawValue
        self.condition = condition
        self.section = section
        self.doc = doc
    }

    /// True when the record has meaningful documentation (a summary that is not an Xcode placeholder).
    public var isDocumented: Bool { doc?.isMeaningful ?? false }

    /// `Type.name` for members, `name` for globals.
    public var qualifiedName: String { enclosingType.map { "\($0).\(name)" } ?? name }

    /// The record's fields: the JSON keys, the cache's order and the template fields that show them directly
    /// (Documentation/Schema.md, "Property records").
    public static let schema = RecordSchema<PropertyRecord>(
        blank: PropertyRecord(file: "", line: 0, column: 0, module: "", kind: .property, name: "", declaration: ""),
        fields: [
            FieldDescriptor("file", \.file, template: TemplateColumn("file", "the file, relative to the scanned root")),
            FieldDescriptor("line", \.line, template: TemplateColumn("line", "the line of the name")),
            FieldDescriptor("column", \.column, template: TemplateColumn("column", "the column of the name")),
            FieldDescriptor("module", \.module, template: TemplateColumn(
                "module", "the module: the first target that compiles the file (SwiftPM or Xcode), or its folder")),
            FieldDescriptor("targets", \.targets, whenAbsent: []),
            FieldDescriptor("moduleKind", \.moduleKind),
            FieldDescriptor("kind", \.kind, template: TemplateColumn("kind", "property, typeProperty or enumCase")),
            FieldDescriptor("name", \.name, template: TemplateColumn("name", "the name as written, without backticks")),
            FieldDescriptor("type", \.type, template: TemplateColumn(
                "type", "the property's type as written, else inferred from an unambiguous initial value; empty when unknown")),
            FieldDescriptor("declaration", \.declaration, template: TemplateColumn(
                "declaration", "the declaration as written, without initial value or accessor bodies")),
            FieldDescriptor("enclosingType", \.enclosingType, template: TemplateColumn(
                "enclosingType", "the enclosing type (Outer.Inner), empty for global variables")),
            FieldDescriptor("enclosingKind", \.enclosingKind),
            FieldDescriptor("accessLevel", \.accessLevel),
            FieldDescriptor("setterAccess", \.setterAccess, template: TemplateColumn(
                "setterAccess", "the setter's access level (private for private(set)); empty for a let, a get-only property and an enum case")),
            FieldDescriptor("effectiveAccess", \.effectiveAccess),
            FieldDescriptor("isRequirement", \.isRequirement),
            FieldDescriptor("storage", \.storage, template: TemplateColumn(
                "storage", "stored, computed, lazy or observed; empty for a requirement and an enum case")),
            FieldDescriptor("mutability", \.mutability, template: TemplateColumn("mutability", "let or var; empty for an enum case")),
            FieldDescriptor("attributes", \.attributes),
            FieldDescriptor("modifiers", \.modifiers),
            FieldDescriptor("defaultValue", \.defaultValue, template: TemplateColumn(
                "defaultValue", "the initial value as written, cut to 80 characters")),
            FieldDescriptor("associatedValues", \.associatedValues),
            FieldDescriptor("rawValue", \.rawValue, template: TemplateColumn("rawValue", "an enum case's raw value as written")),
            FieldDescriptor("condition", \.condition, template: TemplateColumn("condition", "the enclosing #if condition")),
            FieldDescriptor("section", \.section, template: TemplateColumn("section", "the // MARK: section")),
            FieldDescriptor("doc", \.doc),
            // Absent in inventories written before Objective-C was read: `swift`.
            FieldDescriptor("language", \.language, whenAbsent: .swift),
        ],
        afterDecoding: { record in
            if record.targets.isEmpty { record.targets = [record.module] }
        })

    /// Decodes a record through ``schema``.
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
