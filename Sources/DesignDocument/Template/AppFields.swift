import Foundation
import Inventory

// The fields of the sheets about the app around the code (issue 30): screens, transitions, messages, errors, and a
// data-model entity with its attributes and relationships. Each is built like ``PropertyField``: the fields of the
// record's schema that name a template column (their name, description and cell come from the schema) and the fields
// DocSheet works out for a row (``PresentedField``: a running number, words in the document's language, texts joined
// from several record fields).

/// A field of a template column over one record kind, made from ``FieldSource``: what the field types of the app's
/// records share.
protocol AppRecordField: TemplateField {
    associatedtype Record: SchemaRecord
    associatedtype Presented: PresentedField
    /// Where the field's value comes from.
    var source: FieldSource<Record, Presented> { get }
    /// The field for `source`.
    init(source: FieldSource<Record, Presented>)
    /// The catalogue's order of the field names (`docsheet templates fields`).
    static var catalogueOrder: [String] { get }
    /// The worked-out fields whose value is a number.
    static var numericPresented: Set<Presented> { get }
}

extension AppRecordField {
    /// The field templates spell `name`, or `nil`.
    static func named(_ name: String) -> Self? { FieldSource<Record, Presented>(named: name).map { Self(source: $0) } }

    /// Every field in catalogue order.
    static var orderedCases: [Self] { FieldSource<Record, Presented>.catalogue(order: catalogueOrder).map { Self(source: $0) } }

    /// True when the field's value is a number (a whole cell holding only its marker becomes a number).
    var holdsNumber: Bool {
        switch source {
        case .presented(let presented): return Self.numericPresented.contains(presented)
        case .recorded(let index):
            switch Record.schema.fields[index].valueType {
            case .integer, .optional(.integer): return true
            default: return false
            }
        }
    }

    /// The value of a schema field of `record`, or `nil` for a worked-out field.
    func recordedValue(_ record: Record) -> CellValue? {
        guard case .recorded(let index) = source else { return nil }
        return CellValue(Record.schema.fields[index].cell(record))
    }
}

/// A field of a `screens` sheet (画面一覧: one row per storyboard scene, xib, view controller or SwiftUI view) and of a
/// form's `{{screen.*}}` markers.
public struct ScreenField: AppRecordField {
    /// A field DocSheet works out for a screen row.
    enum Presented: String, PresentedField {
        case number, location, initial, sourceURL, blank

        /// What the field shows.
        var fieldDescription: String {
            switch self {
            case .number: return "running number of the row (No.)"
            case .location: return "file:line of the scene or the type"
            case .initial: return "Yes/No: the storyboard's initial scene"
            case .sourceURL: return "the link to the source line"
            case .blank: return "an empty cell to fill in"
            }
        }
    }

    let source: FieldSource<ScreenRecord, Presented>
    init(source: FieldSource<ScreenRecord, Presented>) { self.source = source }
    static let catalogueOrder = ["number", "name", "kind", "source", "file", "line", "location", "storyboardIdentifier",
                                 "className", "module", "initial", "summary", "sourceURL", "blank"]
    static let numericPresented: Set<Presented> = [.number]

    /// The field that templates spell `rawValue`, or `nil`.
    ///
    /// - Parameter rawValue: A field name, e.g. `storyboardIdentifier`.
    public init?(rawValue: String) { guard let field = Self.named(rawValue) else { return nil }; self = field }
    /// The name templates use.
    public var rawValue: String { source.name }
    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String { source.fieldDescription }
    /// Every field in catalogue order.
    public static let allCases = orderedCases
}

/// A field of a `transitions` sheet (画面遷移: one row per segue or navigation found in code) and of a form's
/// `{{transition.*}}` markers.
public struct TransitionField: AppRecordField {
    /// A field DocSheet works out for a transition row.
    enum Presented: String, PresentedField {
        case number, origin, location, sourceURL, blank

        /// What the field shows.
        var fieldDescription: String {
            switch self {
            case .number: return "running number of the row (No.)"
            case .origin: return "Declared (a storyboard segue) or Found in code, in the document's language"
            case .location: return "file:line of the segue or the call"
            case .sourceURL: return "the link to the source line"
            case .blank: return "an empty cell to fill in"
            }
        }
    }

    let source: FieldSource<TransitionRecord, Presented>
    init(source: FieldSource<TransitionRecord, Presented>) { self.source = source }
    static let catalogueOrder = ["number", "source", "destination", "kind", "identifier", "origin", "file", "line",
                                 "location", "sourceURL", "blank"]
    static let numericPresented: Set<Presented> = [.number]

    /// The field that templates spell `rawValue`, or `nil`.
    ///
    /// - Parameter rawValue: A field name, e.g. `destination`.
    public init?(rawValue: String) { guard let field = Self.named(rawValue) else { return nil }; self = field }
    /// The name templates use.
    public var rawValue: String { source.name }
    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String { source.fieldDescription }
    /// Every field in catalogue order.
    public static let allCases = orderedCases
}

/// A field of a `messages` sheet (メッセージ一覧: one row per key) and of a form's `{{message.*}}` markers. Besides the
/// catalogue, `text.LANG` is the text in one language (`text.ja`); a column of `text` alone becomes one column per
/// language found.
public struct MessageField: AppRecordField {
    /// A field DocSheet works out for a message row.
    enum Presented: String, PresentedField {
        case number, text, languages, state, variations, uses, firstUse, usesList, location, blank

        /// What the field shows.
        var fieldDescription: String {
            switch self {
            case .number: return "running number of the row (No.)"
            case .text: return "the text in each language: a column of it becomes one column per language found (text.LANG: one language, e.g. text.ja)"
            case .languages: return "the languages that have a translation, comma-separated"
            case .state: return "a String Catalog's translation state per language (ja: needs_review), one a line"
            case .variations: return "the plural and device variants, one a line: language path: text"
            case .uses: return "how many places in Swift code use the key"
            case .firstUse: return "file:line of the first use in code"
            case .usesList: return "every use in code, one a line: file:line (form)"
            case .location: return "file:line of the key in the first file that defines it"
            case .blank: return "an empty cell to fill in"
            }
        }
    }

    let source: FieldSource<MessageRecord, Presented>
    /// The language of a `text.LANG` field, or `nil` for every other field (and for `text`, every language).
    let language: String?
    init(source: FieldSource<MessageRecord, Presented>) { self.init(source: source, language: nil) }
    init(source: FieldSource<MessageRecord, Presented>, language: String?) {
        self.source = source
        self.language = language
    }
    static let catalogueOrder = ["number", "table", "key", "text", "languages", "comment", "state", "extractionState",
                                 "variations", "uses", "firstUse", "usesList", "file", "line", "location", "blank"]
    static let numericPresented: Set<Presented> = [.number, .uses]

    /// The text of a key in `language` (`text.LANG`).
    ///
    /// - Parameter language: A language code as the project names it (`en`, `ja`, `zh-Hans`, `Base`).
    /// - Returns: The field of that language's column.
    public static func text(_ language: String) -> MessageField { MessageField(source: .presented(.text), language: language) }

    /// The field that templates spell `rawValue` (`text.ja` included), or `nil`.
    ///
    /// - Parameter rawValue: A field name, e.g. `comment` or `text.ja`.
    public init?(rawValue: String) {
        if rawValue.hasPrefix("text."), rawValue.count > 5 {
            self = Self.text(String(rawValue.dropFirst(5)))
            return
        }
        guard let field = Self.named(rawValue) else { return nil }
        self = field
    }
    /// The name templates use.
    public var rawValue: String { language.map { "text.\($0)" } ?? source.name }
    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String { language.map { "the text in \($0)" } ?? source.fieldDescription }
    /// Every field in catalogue order.
    public static let allCases = orderedCases
    /// True for `text` without a language: a column of it becomes one column per language.
    var isEveryLanguage: Bool { language == nil && source == .presented(.text) }
}

/// A field of an `errors` sheet (エラー一覧: one row per case of an error enum, one row for an error struct or class)
/// and of a form's `{{error.*}}` markers.
public struct ErrorField: AppRecordField {
    /// A field DocSheet works out for an error row.
    enum Presented: String, PresentedField {
        case number, `case`, line, associatedValues, summary, description, errorDescription, failureReason, access
        case location, sourceURL, blank

        /// What the field shows.
        var fieldDescription: String {
            switch self {
            case .number: return "running number of the row (No.)"
            case .case: return "the case's name (empty for a struct or class)"
            case .line: return "the line of the case, else of the type's name"
            case .associatedValues: return "the case's associated values, e.g. (id: Int, String)"
            case .summary: return "the case's doc-comment summary, else the type's"
            case .description: return "the case's summary and discussion, else the type's"
            case .errorDescription: return "what errorDescription returns when it is a literal or a localized key"
            case .failureReason: return "what failureReason returns when it is a literal or a localized key"
            case .access: return "the type's effective access level"
            case .location: return "file:line of the case or the type"
            case .sourceURL: return "the link to the source line"
            case .blank: return "an empty cell to fill in"
            }
        }
    }

    let source: FieldSource<ErrorRecord, Presented>
    init(source: FieldSource<ErrorRecord, Presented>) { self.source = source }
    static let catalogueOrder = ["number", "name", "kind", "case", "associatedValues", "summary", "description",
                                 "errorDescription", "failureReason", "protocols", "access", "module", "file", "line",
                                 "location", "sourceURL", "blank"]
    static let numericPresented: Set<Presented> = [.number, .line]

    /// The field that templates spell `rawValue`, or `nil`.
    ///
    /// - Parameter rawValue: A field name, e.g. `errorDescription`.
    public init?(rawValue: String) { guard let field = Self.named(rawValue) else { return nil }; self = field }
    /// The name templates use.
    public var rawValue: String { source.name }
    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String { source.fieldDescription }
    /// Every field in catalogue order.
    public static let allCases = orderedCases
}

/// A field of the entity an `entities` sheet shows (テーブル定義: `{{entity.name}}` in its cells and name) and of a
/// form's `{{entity.*}}` markers.
public struct EntityField: AppRecordField {
    /// A field DocSheet works out for an entity.
    enum Presented: String, PresentedField {
        case number, framework, abstract, attributes, relationships, fetchIndexes, uniquenessConstraints, location, blank

        /// What the field shows.
        var fieldDescription: String {
            switch self {
            case .number: return "running number of the entity"
            case .framework: return "Core Data or SwiftData"
            case .abstract: return "Yes/No: only its sub-entities have objects"
            case .attributes: return "number of attributes"
            case .relationships: return "number of relationships"
            case .fetchIndexes: return "the fetch indexes, separated by semicolons: name: elements"
            case .uniquenessConstraints: return "the uniqueness constraints of several attributes, separated by semicolons"
            case .location: return "file:line of the entity"
            case .blank: return "an empty cell to fill in"
            }
        }
    }

    let source: FieldSource<EntityRecord, Presented>
    init(source: FieldSource<EntityRecord, Presented>) { self.source = source }
    static let catalogueOrder = ["number", "name", "framework", "className", "parent", "abstract", "summary",
                                 "modelVersion", "attributes", "relationships", "fetchIndexes", "uniquenessConstraints",
                                 "file", "line", "location", "blank"]
    static let numericPresented: Set<Presented> = [.number, .attributes, .relationships]

    /// The field that templates spell `rawValue`, or `nil`.
    ///
    /// - Parameter rawValue: A field name, e.g. `className`.
    public init?(rawValue: String) { guard let field = Self.named(rawValue) else { return nil }; self = field }
    /// The name templates use.
    public var rawValue: String { source.name }
    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String { source.fieldDescription }
    /// Every field in catalogue order.
    public static let allCases = orderedCases
}

/// A field of an `entities` sheet's attribute table (one row per attribute) and of a form's `{{attribute.*}}` markers.
public struct AttributeField: AppRecordField {
    /// A field DocSheet works out for an attribute row.
    enum Presented: String, PresentedField {
        case number, optional, transient, unique, flags, blank

        /// What the field shows.
        var fieldDescription: String {
            switch self {
            case .number: return "running number of the row (No.)"
            case .optional: return "Yes/No: the value may be absent"
            case .transient: return "Yes/No: the value is not stored"
            case .unique: return "Yes/No: the value is unique"
            case .flags: return "transient and unique, comma-separated, as the model says"
            case .blank: return "an empty cell to fill in"
            }
        }
    }

    let source: FieldSource<EntityRecord.Attribute, Presented>
    init(source: FieldSource<EntityRecord.Attribute, Presented>) { self.source = source }
    static let catalogueOrder = ["number", "name", "type", "optional", "defaultValue", "transient", "unique", "flags", "blank"]
    static let numericPresented: Set<Presented> = [.number]

    /// The field that templates spell `rawValue`, or `nil`.
    ///
    /// - Parameter rawValue: A field name, e.g. `defaultValue`.
    public init?(rawValue: String) { guard let field = Self.named(rawValue) else { return nil }; self = field }
    /// The name templates use.
    public var rawValue: String { source.name }
    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String { source.fieldDescription }
    /// Every field in catalogue order.
    public static let allCases = orderedCases
}

/// A field of an `entities` sheet's relationship table (one row per relationship) and of a form's
/// `{{relationship.*}}` markers.
public struct RelationshipField: AppRecordField {
    /// A field DocSheet works out for a relationship row.
    enum Presented: String, PresentedField {
        case number, toMany, optional, cardinality, blank

        /// What the field shows.
        var fieldDescription: String {
            switch self {
            case .number: return "running number of the row (No.)"
            case .toMany: return "Yes/No: it holds many destination objects"
            case .optional: return "Yes/No: it may be empty"
            case .cardinality: return "to-one or to-many, 0..1 / 1 / 0..* / 1..*"
            case .blank: return "an empty cell to fill in"
            }
        }
    }

    let source: FieldSource<EntityRecord.Relationship, Presented>
    init(source: FieldSource<EntityRecord.Relationship, Presented>) { self.source = source }
    static let catalogueOrder = ["number", "name", "destination", "toMany", "optional", "cardinality", "deleteRule", "inverse", "blank"]
    static let numericPresented: Set<Presented> = [.number]

    /// The field that templates spell `rawValue`, or `nil`.
    ///
    /// - Parameter rawValue: A field name, e.g. `deleteRule`.
    public init?(rawValue: String) { guard let field = Self.named(rawValue) else { return nil }; self = field }
    /// The name templates use.
    public var rawValue: String { source.name }
    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String { source.fieldDescription }
    /// Every field in catalogue order.
    public static let allCases = orderedCases
}

// MARK: - Values

/// One row of an `errors` sheet: an error type and one of its cases (`nil`: the type itself, which has none).
struct ErrorRow: Sendable {
    /// The error type.
    var record: ErrorRecord
    /// The index of the case in ``ErrorRecord/cases``, or `nil`.
    var caseIndex: Int?

    /// The case, or `nil`.
    var errorCase: ErrorRecord.Case? { caseIndex.map { record.cases[$0] } }
    /// The line of the case, else of the type.
    var line: Int { errorCase?.line ?? record.line }

    /// One row per case of each record, one row for a record without cases.
    static func rows(_ records: [ErrorRecord]) -> [ErrorRow] {
        records.flatMap { record in
            record.cases.isEmpty ? [ErrorRow(record: record)] : record.cases.indices.map { ErrorRow(record: record, caseIndex: $0) }
        }
    }
}

extension FieldCatalog {
    /// The value of a screen field for one screen.
    static func value(of field: ScreenField, screen record: ScreenRecord, number: Int, context: DocumentContext) -> CellValue {
        if let value = field.recordedValue(record) { return value }
        guard case .presented(let presented) = field.source else { return .empty }
        switch presented {
        case .number: return .number(Double(number))
        case .location: return .text("\(record.file):\(record.line)")
        case .initial: return .text(Words.yesNo(record.isInitial, context.locale))
        case .sourceURL: return .text(context.sourceURL(file: record.file, line: record.line) ?? "")
        case .blank: return .empty
        }
    }

    /// The value of a transition field for one transition.
    static func value(of field: TransitionField, transition record: TransitionRecord, number: Int, context: DocumentContext) -> CellValue {
        if let value = field.recordedValue(record) { return value }
        guard case .presented(let presented) = field.source else { return .empty }
        switch presented {
        case .number: return .number(Double(number))
        case .origin: return .text(Words.transitionOrigin(declared: record.isDeclared, context.locale))
        case .location: return .text("\(record.file):\(record.line)")
        case .sourceURL: return .text(context.sourceURL(file: record.file, line: record.line) ?? "")
        case .blank: return .empty
        }
    }

    /// The value of a message field for one key.
    static func value(of field: MessageField, message record: MessageRecord, number: Int, context: DocumentContext) -> CellValue {
        if let value = field.recordedValue(record) { return value }
        guard case .presented(let presented) = field.source else { return .empty }
        switch presented {
        case .number: return .number(Double(number))
        case .text:
            let translations = record.translations.filter { field.language == nil || $0.language == field.language }
            let texts = translations.compactMap(\.text).uniqued()
            if field.language != nil { return texts.isEmpty ? .empty : .text(texts.joined(separator: "\n")) }
            return .text(translations.compactMap { translation in translation.text.map { "\(translation.language): \($0)" } }
                .uniqued().joined(separator: "\n"))
        case .languages: return .text(record.languages.joined(separator: ", "))
        case .state:
            return .text(record.translations.compactMap { translation in translation.state.map { "\(translation.language): \($0)" } }
                .uniqued().joined(separator: "\n"))
        case .variations:
            return .text(record.translations.flatMap { translation in
                translation.variations.map { "\(translation.language) \($0.path): \($0.text)" }
            }.joined(separator: "\n"))
        case .uses: return .number(Double(record.uses.count))
        case .firstUse: return .text(record.uses.first.map { "\($0.file):\($0.line)" } ?? "")
        case .usesList: return .text(record.uses.map { "\($0.file):\($0.line) (\($0.form))" }.joined(separator: "\n"))
        case .location: return .text("\(record.file):\(record.line)")
        case .blank: return .empty
        }
    }

    /// The value of an error field for one error row (a case, or a type without cases).
    static func value(of field: ErrorField, error row: ErrorRow, number: Int, context: DocumentContext) -> CellValue {
        if let value = field.recordedValue(row.record) { return value }
        guard case .presented(let presented) = field.source else { return .empty }
        let errorCase = row.errorCase
        let doc = errorCase == nil ? row.record.doc : errorCase?.doc
        switch presented {
        case .number: return .number(Double(number))
        case .case: return .text(errorCase?.name ?? "")
        case .line: return .number(Double(row.line))
        case .associatedValues:
            guard let values = errorCase?.associatedValues, !values.isEmpty else { return .text("") }
            return .text("(" + values.map { value in value.label.map { "\($0): \(value.type)" } ?? value.type }.joined(separator: ", ") + ")")
        case .summary: return .text(doc?.summary ?? "")
        case .description: return .text(descriptionText(doc))
        case .errorDescription: return .text(errorCase?.errorDescription ?? row.record.errorDescription ?? "")
        case .failureReason: return .text(errorCase?.failureReason ?? "")
        case .access: return .text(row.record.effectiveAccess.rawValue)
        case .location: return .text("\(row.record.file):\(row.line)")
        case .sourceURL: return .text(context.sourceURL(file: row.record.file, line: row.line) ?? "")
        case .blank: return .empty
        }
    }

    /// The value of an entity field for one entity.
    static func value(of field: EntityField, entity record: EntityRecord, number: Int, context: DocumentContext) -> CellValue {
        if let value = field.recordedValue(record) { return value }
        guard case .presented(let presented) = field.source else { return .empty }
        switch presented {
        case .number: return .number(Double(number))
        case .framework: return .text(record.framework == .coreData ? "Core Data" : "SwiftData")
        case .abstract: return .text(Words.yesNo(record.isAbstract, context.locale))
        case .attributes: return .number(Double(record.attributes.count))
        case .relationships: return .number(Double(record.relationships.count))
        // On one line: a header cell of a sheet keeps its height, and a second line would run over the cell below.
        case .fetchIndexes: return .text(record.fetchIndexes.joined(separator: "; "))
        case .uniquenessConstraints: return .text(record.uniquenessConstraints.joined(separator: "; "))
        case .location: return .text("\(record.file):\(record.line)")
        case .blank: return .empty
        }
    }

    /// The value of an attribute field for one attribute.
    static func value(of field: AttributeField, attribute record: EntityRecord.Attribute, number: Int, context: DocumentContext) -> CellValue {
        if let value = field.recordedValue(record) { return value }
        guard case .presented(let presented) = field.source else { return .empty }
        switch presented {
        case .number: return .number(Double(number))
        case .optional: return .text(Words.yesNo(record.isOptional, context.locale))
        case .transient: return .text(Words.yesNo(record.isTransient, context.locale))
        case .unique: return .text(Words.yesNo(record.isUnique, context.locale))
        case .flags: return .text([record.isTransient ? "transient" : nil, record.isUnique ? "unique" : nil].compactMap { $0 }.joined(separator: ", "))
        case .blank: return .empty
        }
    }

    /// The value of a relationship field for one relationship.
    static func value(of field: RelationshipField, relationship record: EntityRecord.Relationship, number: Int,
                      context: DocumentContext) -> CellValue {
        if let value = field.recordedValue(record) { return value }
        guard case .presented(let presented) = field.source else { return .empty }
        switch presented {
        case .number: return .number(Double(number))
        case .toMany: return .text(Words.yesNo(record.isToMany, context.locale))
        case .optional: return .text(Words.yesNo(record.isOptional, context.locale))
        case .cardinality: return .text(record.isToMany ? (record.isOptional ? "0..*" : "1..*") : (record.isOptional ? "0..1" : "1"))
        case .blank: return .empty
        }
    }
}

extension Words {
    /// Whether a transition is declared (a storyboard segue) or found in code, in the locale.
    static func transitionOrigin(declared: Bool, _ locale: DocumentLocale) -> String {
        switch locale {
        case .en: return declared ? "Declared" : "Found in code"
        case .vi: return declared ? "Khai báo" : "Tìm thấy trong mã"
        case .ja: return declared ? "定義" : "コード上で検出"
        }
    }
}
