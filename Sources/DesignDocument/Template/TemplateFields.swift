import Foundation
import Inventory

/// A field a template column or a client's marker can show: an enumeration whose raw values are the names templates
/// spell (`name`, `effectiveAccess`, …), in catalogue order, each with the description `docsheet templates fields`
/// and `Documentation/Templates.md` give.
public protocol TemplateField: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    /// What the field shows, for `docsheet templates fields` and the documentation.
    var fieldDescription: String { get }
}

extension TemplateField {
    /// Every field with its description, in catalogue order (the rows of `docsheet templates fields`).
    static var catalogue: [(name: String, description: String)] { allCases.map { ($0.rawValue, $0.fieldDescription) } }
    /// Every field's name, in catalogue order.
    static var names: [String] { allCases.map(\.rawValue) }
}

/// A field of a `functions` sheet (one row per function); its raw value is the name templates use.
///
/// Two sources make the catalogue: the fields of ``FunctionRecord/schema`` that name a template column (`file`,
/// `line`, `lines`, …: their name, description and value come from the schema, so a new record field is a template
/// field without an edit here), and the fields DocSheet works out for a sheet (``Presented``: a running number, words
/// in the document's language, texts joined from several record fields).
public struct FunctionField: TemplateField {
    /// Where a field's value comes from.
    typealias Source = FieldSource<FunctionRecord, Presented>

    /// A field DocSheet works out for a functions sheet, rather than one record field shown as it is.
    enum Presented: String, PresentedField {
        case number, targets, moduleKind, type, typeKind, qualifiedName, access, effectiveAccess, summary, discussion
        case description, parameters, returns, returnType, `throws`, throwsClause, async, attributes, modifiers
        case requirement, condition, section, callouts, documented, status, sourceURL, review, blank

        /// What the field shows.
        var fieldDescription: String {
            switch self {
            case .number: return "running number of the row (No.)"
            case .targets: return "every target that compiles the file, comma-separated (an app and its extension)"
            case .moduleKind: return "what the module's target builds: App, App extension, Framework, Unit tests, …"
            case .`type`: return "the enclosing type (Outer.Inner), empty for free functions"
            case .typeKind: return "class, struct, enum, protocol, actor or extension"
            case .qualifiedName: return "Type.name, or the name for free functions"
            case .access: return "the access level as written or implied"
            case .effectiveAccess: return "the most a caller can see"
            case .summary: return "the doc comment's first paragraph"
            case .discussion: return "the doc comment after the summary"
            case .`description`: return "summary and discussion"
            case .parameters: return "each parameter with its type and documented description"
            case .returns: return "the return type with the documented description"
            case .returnType: return "the return type as written"
            case .`throws`: return "the documented errors, else the throws clause"
            case .throwsClause: return "throws, rethrows or throws(E)"
            case .`async`: return "async when the function is async"
            case .attributes: return "attributes such as @MainActor"
            case .modifiers: return "modifiers such as static, mutating, override"
            case .requirement: return "marks protocol requirements"
            case .condition: return "the enclosing #if condition"
            case .section: return "the // MARK: section"
            case .callouts: return "Note:, Warning:, … callouts of the doc comment"
            case .documented: return "Yes/No: has a real doc comment"
            case .status: return "Documented, Undocumented or Placeholder; with check.require, the doc rules a documented function breaks"
            case .sourceURL: return "the link to the source line"
            case .review: return "empty cell for the reviewer (use with choices: for a drop-down)"
            case .blank: return "an empty cell to fill in"
            }
        }
    }

    /// Where the field's value comes from.
    let source: Source

    private init(_ source: Source) { self.source = source }

    /// The field that templates spell `rawValue`, or `nil` when functions sheets have no such field.
    ///
    /// - Parameter rawValue: A field name, e.g. `effectiveAccess` or `lines`.
    public init?(rawValue: String) {
        guard let source = Source(named: rawValue) else { return nil }
        self.init(source)
    }

    /// The name templates use.
    public var rawValue: String { source.name }

    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String { source.fieldDescription }

    /// True when the field's value is a number (a whole cell holding only its marker becomes a number).
    public var isNumeric: Bool {
        switch source {
        case .presented(let presented): return presented == .number
        case .recorded(let index):
            switch FunctionRecord.schema.fields[index].valueType {
            case .integer, .optional(.integer): return true
            default: return false
            }
        }
    }

    /// Every field in catalogue order: the order DocSheet has always listed them in, then the schema's template
    /// fields that order does not name yet, in schema order.
    public static let allCases = Source.catalogue(order: catalogueOrder).map(FunctionField.init)

    /// The catalogue's order of the fields it has listed since before the schema (`docsheet templates fields`).
    private static let catalogueOrder = [
        "number", "module", "targets", "moduleKind", "file", "line", "column", "type", "typeKind", "kind", "name",
        "baseName", "qualifiedName", "signature", "access", "effectiveAccess", "summary", "discussion", "description",
        "parameters", "returns", "returnType", "throws", "throwsClause", "async", "attributes", "modifiers",
        "requirement", "condition", "section", "callouts", "documented", "status", "sourceURL", "review", "blank",
    ]

    /// A field of ``FunctionRecord/schema`` that must exist (the fields code names).
    private static func recorded(_ name: String) -> FunctionField {
        guard let field = FunctionField(rawValue: name), case .recorded = field.source else {
            preconditionFailure("FunctionRecord.schema has no template field '\(name)'")
        }
        return field
    }

    /// Running number of the row (No.).
    public static let number = FunctionField(.presented(.number))
    /// The module: the first target that compiles the file (SwiftPM or Xcode), or its folder.
    public static let module = recorded("module")
    /// Every target that compiles the file, comma-separated (an app and its extension).
    public static let targets = FunctionField(.presented(.targets))
    /// What the module's target builds: App, App extension, Framework, Unit tests, …
    public static let moduleKind = FunctionField(.presented(.moduleKind))
    /// The file, relative to the scanned root.
    public static let file = recorded("file")
    /// The line of the name.
    public static let line = recorded("line")
    /// The column of the name.
    public static let column = recorded("column")
    /// The enclosing type (Outer.Inner), empty for free functions.
    public static let type = FunctionField(.presented(.type))
    /// Class, struct, enum, protocol, actor or extension.
    public static let typeKind = FunctionField(.presented(.typeKind))
    /// Function, method, typeMethod, initializer, deinitializer, subscript, typeSubscript, operator.
    public static let kind = recorded("kind")
    /// The full name, e.g. fetch(id:completion:).
    public static let name = recorded("name")
    /// The base name, e.g. fetch.
    public static let baseName = recorded("baseName")
    /// Type.name, or the name for free functions.
    public static let qualifiedName = FunctionField(.presented(.qualifiedName))
    /// The declaration as written, without body.
    public static let signature = recorded("signature")
    /// The access level as written or implied.
    public static let access = FunctionField(.presented(.access))
    /// The most a caller can see.
    public static let effectiveAccess = FunctionField(.presented(.effectiveAccess))
    /// The doc comment's first paragraph.
    public static let summary = FunctionField(.presented(.summary))
    /// The doc comment after the summary.
    public static let discussion = FunctionField(.presented(.discussion))
    /// Summary and discussion.
    public static let description = FunctionField(.presented(.description))
    /// Each parameter with its type and documented description.
    public static let parameters = FunctionField(.presented(.parameters))
    /// The return type with the documented description.
    public static let returns = FunctionField(.presented(.returns))
    /// The return type as written.
    public static let returnType = FunctionField(.presented(.returnType))
    /// The documented errors, else the throws clause.
    public static let `throws` = FunctionField(.presented(.throws))
    /// Throws, rethrows or throws(E).
    public static let throwsClause = FunctionField(.presented(.throwsClause))
    /// Async when the function is async.
    public static let async = FunctionField(.presented(.async))
    /// Attributes such as @MainActor.
    public static let attributes = FunctionField(.presented(.attributes))
    /// Modifiers such as static, mutating, override.
    public static let modifiers = FunctionField(.presented(.modifiers))
    /// Marks protocol requirements.
    public static let requirement = FunctionField(.presented(.requirement))
    /// The enclosing #if condition.
    public static let condition = FunctionField(.presented(.condition))
    /// The // MARK: section.
    public static let section = FunctionField(.presented(.section))
    /// Note:, Warning:, … callouts of the doc comment.
    public static let callouts = FunctionField(.presented(.callouts))
    /// Yes/No: has a real doc comment.
    public static let documented = FunctionField(.presented(.documented))
    /// Documented, Undocumented or Placeholder.
    public static let status = FunctionField(.presented(.status))
    /// The link to the source line.
    public static let sourceURL = FunctionField(.presented(.sourceURL))
    /// Empty cell for the reviewer (use with choices: for a drop-down).
    public static let review = FunctionField(.presented(.review))
    /// An empty cell to fill in.
    public static let blank = FunctionField(.presented(.blank))
}

/// A field of a `types` sheet (one row per type or extension), of a `classes` sheet's header and of a form's
/// `{{type.*}}` markers; its raw value is the name templates use.
///
/// Built like ``FunctionField``: the fields of ``TypeRecord/schema`` that name a template column (`name`, `superclass`,
/// `genericWhere`, …: name, description and value come from the schema) and the fields DocSheet works out for a row
/// (``Presented``: a running number, member counts, words in the document's language, texts joined from several
/// record fields).
public struct TypeField: TemplateField {
    /// Where a field's value comes from.
    typealias Source = FieldSource<TypeRecord, Presented>

    /// A field DocSheet works out for a type row, rather than one record field shown as it is.
    enum Presented: String, PresentedField {
        case number, targets, moduleKind, access, effectiveAccess, composition, summary, description, functions
        case documentedFunctions, coverage, properties, documentedProperties, documented, sourceURL, blank

        /// What the field shows.
        var fieldDescription: String {
            switch self {
            case .number: return "running number of the row"
            case .targets: return "every target that compiles the file, comma-separated"
            case .moduleKind: return "what the module's target builds: App, App extension, Framework, Unit tests, …"
            case .access: return "the access level"
            case .effectiveAccess: return "the most a caller can see"
            case .composition: return "stored properties holding types of the project, comma-separated: name: Type ([Type] for a collection)"
            case .summary: return "the doc comment's first paragraph"
            case .`description`: return "summary and discussion"
            case .functions: return "number of functions declared in it"
            case .documentedFunctions: return "number of those that are documented"
            case .coverage: return "documented share of its functions (0–1, format it with 0.0%)"
            case .properties: return "number of properties and enum cases declared in it"
            case .documentedProperties: return "number of those that are documented"
            case .documented: return "Yes/No: the type has a real doc comment"
            case .sourceURL: return "the link to the source line"
            case .blank: return "an empty cell to fill in"
            }
        }
    }

    /// Where the field's value comes from.
    let source: Source

    private init(_ source: Source) { self.source = source }

    /// The field that templates spell `rawValue`, or `nil` when type rows have no such field.
    ///
    /// - Parameter rawValue: A field name, e.g. `superclass` or `functions`.
    public init?(rawValue: String) {
        guard let source = Source(named: rawValue) else { return nil }
        self.init(source)
    }

    /// The name templates use.
    public var rawValue: String { source.name }

    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String { source.fieldDescription }

    /// True when the field's value is a number (a whole cell holding only its marker becomes a number).
    public var isNumeric: Bool {
        switch source {
        case .presented(let presented):
            return [.number, .functions, .documentedFunctions, .coverage, .properties, .documentedProperties].contains(presented)
        case .recorded(let index):
            switch TypeRecord.schema.fields[index].valueType {
            case .integer, .optional(.integer): return true
            default: return false
            }
        }
    }

    /// Every field in catalogue order: the order below, then any schema template field it does not name yet.
    public static let allCases = Source.catalogue(order: catalogueOrder).map(TypeField.init)

    /// The catalogue's order (`docsheet templates fields`).
    private static let catalogueOrder = [
        "number", "name", "kind", "module", "targets", "moduleKind", "file", "line", "column", "access",
        "effectiveAccess", "inheritedTypes", "superclass", "conformances", "composition", "unknownInheritedTypes",
        "genericParameters", "genericWhere", "condition", "summary", "description", "functions", "documentedFunctions", "coverage", "properties",
        "documentedProperties", "documented", "sourceURL", "blank",
    ]

    /// A field that must exist (the fields code names).
    private static func named(_ name: String) -> TypeField {
        guard let field = TypeField(rawValue: name) else { preconditionFailure("no type field '\(name)'") }
        return field
    }

    /// The module.
    public static let module = named("module")
    /// The file.
    public static let file = named("file")
}

/// A field of a `summary` sheet (one row per module, then per file); its raw value is the name templates use.
public enum SummaryField: String, TemplateField {
    /// The module name, or the file path in the per-file table.
    case name
    /// The module.
    case module
    /// What the module's target builds: App, App extension, Framework, Unit tests, …
    case moduleKind
    /// Number of types.
    case types
    /// Number of functions.
    case functions
    /// Number of documented functions.
    case documented
    /// Number of undocumented functions.
    case undocumented
    /// Documented share (0–1, format it with 0.0%).
    case coverage
    /// Number of properties and enum cases.
    case properties
    /// Number of documented properties and enum cases.
    case documentedProperties
    /// Number of undocumented properties and enum cases.
    case undocumentedProperties
    /// Documented share of the properties and enum cases (0–1).
    case propertyCoverage
    /// What the module depends on, in order (module rows; empty for a file).
    case dependencies

    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String {
        switch self {
        case .name: return "the module name, or the file path in the per-file table"
        case .module: return "the module"
        case .moduleKind: return "what the module's target builds: App, App extension, Framework, Unit tests, …"
        case .types: return "number of types"
        case .functions: return "number of functions"
        case .documented: return "number of documented functions"
        case .undocumented: return "number of undocumented functions"
        case .coverage: return "documented share (0–1, format it with 0.0%)"
        case .properties: return "number of properties and enum cases"
        case .documentedProperties: return "number of documented properties and enum cases"
        case .undocumentedProperties: return "number of undocumented properties and enum cases"
        case .propertyCoverage: return "documented share of the properties and enum cases (0–1, format it with 0.0%)"
        case .dependencies: return "what the module's target depends on, in order, comma-separated (empty for a file)"
        }
    }

    /// True for a documented share (0–1): a chart of it runs from 0 % to 100 %.
    var isShare: Bool { self == .coverage || self == .propertyCoverage }
}

/// A field of a review sheet (`added`, `removed`, `changed`); its raw value is the name templates use.
public enum ReviewField: String, TemplateField {
    /// Running number of the row.
    case number
    /// The module.
    case module
    /// The file (in the newer revision for changes).
    case file
    /// The line (in the newer revision for changes).
    case line
    /// The enclosing type.
    case `type`
    /// The function kind.
    case kind
    /// The full name.
    case name
    /// The signature (newer revision for changes).
    case signature
    /// The signature in the base revision.
    case oldSignature
    /// The signature in the head revision.
    case newSignature
    /// The access level.
    case access
    /// The access level in the base revision.
    case oldAccess
    /// The access level in the head revision.
    case newAccess
    /// The doc summary.
    case summary
    /// The doc comment text in the base revision.
    case oldDoc
    /// The doc comment text in the head revision.
    case newDoc
    /// What changed: signature, accessLevel (old → new), doc, file (old → new path), in the locale.
    case changes
    /// Empty cell for the review status (use with choices:).
    case status
    /// Empty cell for the reviewer's comment.
    case comment

    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String {
        switch self {
        case .number: return "running number of the row"
        case .module: return "the module"
        case .file: return "the file (in the newer revision for changes)"
        case .line: return "the line (in the newer revision for changes)"
        case .`type`: return "the enclosing type"
        case .kind: return "the function kind"
        case .name: return "the full name"
        case .signature: return "the signature (newer revision for changes)"
        case .oldSignature: return "the signature in the base revision"
        case .newSignature: return "the signature in the head revision"
        case .access: return "the access level"
        case .oldAccess: return "the access level in the base revision"
        case .newAccess: return "the access level in the head revision"
        case .summary: return "the doc summary"
        case .oldDoc: return "the doc comment text in the base revision"
        case .newDoc: return "the doc comment text in the head revision"
        case .changes: return "what changed: signature, accessLevel (old → new), doc, file (old → new path), renamed (old → new name), moved (old → new type), in the locale"
        case .status: return "empty cell for the review status (use with choices:)"
        case .comment: return "empty cell for the reviewer's comment"
        }
    }
}

/// A field of a `contents` sheet (one row per sheet); its raw value is the name templates use.
public enum ContentsField: String, TemplateField {
    /// Running number.
    case number
    /// The sheet's name, linked to it.
    case sheet
    /// The sheet's description from the template.
    case `description`

    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String {
        switch self {
        case .number: return "running number"
        case .sheet: return "the sheet's name, linked to it"
        case .`description`: return "the sheet's description from the template"
        }
    }
}

/// A field of a `history` sheet (rows to fill in); its raw value is the name templates use.
public enum HistoryField: String, TemplateField {
    /// Running number.
    case number
    /// An empty cell to fill in.
    case blank
    /// The document date in the first row.
    case date
    /// The version in the first row.
    case version
    /// The author in the first row.
    case author

    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String {
        switch self {
        case .number: return "running number"
        case .blank: return "an empty cell to fill in"
        case .date: return "the document date in the first row"
        case .version: return "the version in the first row"
        case .author: return "the author in the first row"
        }
    }
}

/// The field of a template column: the field of its sheet kind's catalogue.
public enum ColumnField: Hashable, Sendable {
    /// A field of a `functions` sheet (or of a `classes` sheet's method table).
    case function(FunctionField)
    /// A field of a `properties` sheet (or of a `classes` sheet's property table).
    case property(PropertyField)
    /// A field of a `types` sheet.
    case type(TypeField)
    /// A field of a `summary` sheet.
    case summary(SummaryField)
    /// A field of a `modules` sheet.
    case module(ModuleField)
    /// A field of a review sheet (`added`, `removed`, `changed`).
    case review(ReviewField)
    /// A field of a `contents` sheet.
    case contents(ContentsField)
    /// A field of a `history` sheet.
    case history(HistoryField)
    /// A field of a `screens` sheet.
    case screen(ScreenField)
    /// A field of a `transitions` sheet.
    case transition(TransitionField)
    /// A field of a `messages` sheet.
    case message(MessageField)
    /// A field of an `errors` sheet.
    case error(ErrorField)
    /// A field of an `entities` sheet's attribute table.
    case attribute(AttributeField)
    /// A field of an `entities` sheet's relationship table.
    case relationship(RelationshipField)

    /// The field of a sheet of `kind` that templates spell `name`, or `nil` when that kind has no such field.
    ///
    /// - Parameters:
    ///   - name: The field's name as a template writes it, e.g. `effectiveAccess`.
    ///   - kind: The sheet's kind, whose catalogue the name is looked up in.
    public init?(_ name: String, sheet kind: SheetKind) {
        switch kind {
        case .functions: guard let field = FunctionField(rawValue: name) else { return nil }; self = .function(field)
        case .properties: guard let field = PropertyField(rawValue: name) else { return nil }; self = .property(field)
        case .types: guard let field = TypeField(rawValue: name) else { return nil }; self = .type(field)
        case .summary: guard let field = SummaryField(rawValue: name) else { return nil }; self = .summary(field)
        case .modules: guard let field = ModuleField(rawValue: name) else { return nil }; self = .module(field)
        case .added, .removed, .changed: guard let field = ReviewField(rawValue: name) else { return nil }; self = .review(field)
        case .contents: guard let field = ContentsField(rawValue: name) else { return nil }; self = .contents(field)
        case .history: guard let field = HistoryField(rawValue: name) else { return nil }; self = .history(field)
        case .screens: guard let field = ScreenField(rawValue: name) else { return nil }; self = .screen(field)
        case .transitions: guard let field = TransitionField(rawValue: name) else { return nil }; self = .transition(field)
        case .messages: guard let field = MessageField(rawValue: name) else { return nil }; self = .message(field)
        case .errors: guard let field = ErrorField(rawValue: name) else { return nil }; self = .error(field)
        case .cover, .static, .classes, .diagram, .entities, .form: return nil
        }
    }

    /// The field of a member table (the tables of `classes` and `entities` sheets) that templates spell `name`, or
    /// `nil` when that table has no such field.
    ///
    /// - Parameters:
    ///   - name: The field's name as a template writes it.
    ///   - table: The table whose catalogue the name is looked up in.
    init?(_ name: String, table: MemberTable) {
        switch table {
        case .properties: self.init(name, sheet: .properties)
        case .methods: self.init(name, sheet: .functions)
        case .attributes: guard let field = AttributeField(rawValue: name) else { return nil }; self = .attribute(field)
        case .relationships: guard let field = RelationshipField(rawValue: name) else { return nil }; self = .relationship(field)
        }
    }

    /// The field's name as templates spell it.
    public var name: String {
        switch self {
        case .function(let field): return field.rawValue
        case .property(let field): return field.rawValue
        case .type(let field): return field.rawValue
        case .summary(let field): return field.rawValue
        case .module(let field): return field.rawValue
        case .review(let field): return field.rawValue
        case .contents(let field): return field.rawValue
        case .history(let field): return field.rawValue
        case .screen(let field): return field.rawValue
        case .transition(let field): return field.rawValue
        case .message(let field): return field.rawValue
        case .error(let field): return field.rawValue
        case .attribute(let field): return field.rawValue
        case .relationship(let field): return field.rawValue
        }
    }
}

/// One sort key of a table: a field, ascending or descending (a leading `-` in a template).
public struct SortKey: Hashable, Sendable {
    /// The field whose values are compared.
    public var field: ColumnField
    /// True to sort from the largest value down.
    public var descending: Bool

    /// A sort key.
    ///
    /// - Parameters:
    ///   - field: The field whose values are compared.
    ///   - descending: True to sort from the largest value down.
    public init(field: ColumnField, descending: Bool = false) {
        self.field = field
        self.descending = descending
    }
}

/// A kind of record a sheet's `kinds` filter keeps: a function kind or a type kind.
public enum RecordKind: Hashable, Sendable {
    /// A function kind (`method`, `initializer`, …) on a functions sheet.
    case function(FunctionKind)
    /// A type kind (`class`, `struct`, …) on a types or classes sheet.
    case type(TypeKind)
    /// A property kind (`property`, `typeProperty`, `enumCase`) on a properties sheet.
    case property(PropertyKind)

    /// The kind as templates spell it.
    public var name: String {
        switch self {
        case .function(let kind): return kind.rawValue
        case .type(let kind): return kind.rawValue
        case .property(let kind): return kind.rawValue
        }
    }
}
