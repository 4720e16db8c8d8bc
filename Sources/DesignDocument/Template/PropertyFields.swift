import Foundation
import Inventory

/// A field of a `properties` sheet (one row per property or enum case) and of a `classes` sheet's property table;
/// its raw value is the name templates use.
///
/// Built like ``FunctionField``: the fields of ``PropertyRecord/schema`` that name a template column (`file`, `type`,
/// `storage`, …: name, description and value come from the schema) and the fields DocSheet works out for a sheet
/// (``Presented``: a running number, words in the document's language, texts joined from several record fields). The
/// names follow the function fields: `access`, `summary`, `documented`, `status` mean the same on both.
public struct PropertyField: TemplateField {
    /// Where a field's value comes from.
    typealias Source = FieldSource<PropertyRecord, Presented>

    /// A field DocSheet works out for a property row, rather than one record field shown as it is.
    enum Presented: String, PresentedField {
        case number, targets, moduleKind, enclosingKind, qualifiedName, access, effectiveAccess, summary, discussion
        case description, attributes, modifiers, associatedValues, requirement, callouts, documented, status, sourceURL
        case review, blank

        /// What the field shows.
        var fieldDescription: String {
            switch self {
            case .number: return "running number of the row (No.)"
            case .targets: return "every target that compiles the file, comma-separated (an app and its extension)"
            case .moduleKind: return "what the module's target builds: App, App extension, Framework, Unit tests, …"
            case .enclosingKind: return "the enclosing type's kind: class, struct, enum, protocol, actor or extension"
            case .qualifiedName: return "Type.name, or the name for global variables"
            case .access: return "the access level as written or implied"
            case .effectiveAccess: return "the most a caller can see"
            case .summary: return "the doc comment's first paragraph"
            case .discussion: return "the doc comment after the summary"
            case .`description`: return "summary and discussion"
            case .attributes: return "attributes such as @Published, @State, property wrappers"
            case .modifiers: return "modifiers such as static, lazy, weak, override"
            case .associatedValues: return "an enum case's associated values, e.g. (id: Int, String)"
            case .requirement: return "marks protocol requirements"
            case .callouts: return "Note:, Warning:, … callouts of the doc comment"
            case .documented: return "Yes/No: has a real doc comment"
            case .status: return "Documented, Undocumented or Placeholder"
            case .sourceURL: return "the link to the source line"
            case .review: return "empty cell for the reviewer (use with choices: for a drop-down)"
            case .blank: return "an empty cell to fill in"
            }
        }
    }

    /// Where the field's value comes from.
    let source: Source

    private init(_ source: Source) { self.source = source }

    /// The field that templates spell `rawValue`, or `nil` when property rows have no such field.
    ///
    /// - Parameter rawValue: A field name, e.g. `setterAccess` or `type`.
    public init?(rawValue: String) {
        guard let source = Source(named: rawValue) else { return nil }
        self.init(source)
    }

    /// The name templates use.
    public var rawValue: String { source.name }

    /// What the field shows, for the documentation and error messages.
    public var fieldDescription: String { source.fieldDescription }

    /// True when the field's value is a number (a whole cell holding only its marker becomes a number).
    public var isNumeric: Bool {
        switch source {
        case .presented(let presented): return presented == .number
        case .recorded(let index):
            switch PropertyRecord.schema.fields[index].valueType {
            case .integer, .optional(.integer): return true
            default: return false
            }
        }
    }

    /// Every field in catalogue order: the order below, then any schema template field it does not name yet.
    public static let allCases = Source.catalogue(order: catalogueOrder).map(PropertyField.init)

    /// The catalogue's order: the function fields' order where the names are shared.
    private static let catalogueOrder = [
        "number", "module", "targets", "moduleKind", "file", "line", "column", "enclosingType", "enclosingKind", "kind",
        "name", "qualifiedName", "type", "declaration", "access", "effectiveAccess", "setterAccess", "storage",
        "mutability", "defaultValue", "summary", "discussion", "description", "attributes", "modifiers",
        "associatedValues", "rawValue", "requirement", "condition", "section", "callouts", "documented", "status",
        "sourceURL", "review", "blank",
    ]

    /// Running number of the row (No.).
    public static let number = PropertyField(.presented(.number))
    /// The name as written.
    public static let name = PropertyField(rawValue: "name")!
    /// The property's type.
    public static let type = PropertyField(rawValue: "type")!
    /// The module.
    public static let module = PropertyField(rawValue: "module")!
    /// The file.
    public static let file = PropertyField(rawValue: "file")!
    /// The enclosing type.
    public static let enclosingType = PropertyField(rawValue: "enclosingType")!
}

extension FieldCatalog {
    /// Fields of `properties` sheets and of a `classes` sheet's property table (one row per property or enum case).
    public static let propertyFields: [(name: String, description: String)] = PropertyField.catalogue

    /// The value of a property field for one property row: a field of ``PropertyRecord/schema`` as the schema gives
    /// its cell, a worked-out field as described in ``PropertyField/Presented``.
    static func value(of field: PropertyField, property record: PropertyRecord, number: Int, context: DocumentContext) -> CellValue {
        let presented: PropertyField.Presented
        switch field.source {
        case .recorded(let index): return CellValue(PropertyRecord.schema.fields[index].cell(record))
        case .presented(let field): presented = field
        }
        let doc = record.doc
        switch presented {
        case .number: return .number(Double(number))
        case .targets: return .text(record.targets.joined(separator: ", "))
        case .moduleKind: return .text(record.moduleKind.map { Words.targetKind($0, context.locale) } ?? "")
        case .enclosingKind: return .text(record.enclosingKind?.rawValue ?? "")
        case .qualifiedName: return .text(record.qualifiedName)
        case .access: return .text(record.accessLevel.rawValue)
        case .effectiveAccess: return .text(record.effectiveAccess.rawValue)
        case .summary: return .text(doc?.summary ?? "")
        case .discussion: return .text(doc?.discussion ?? "")
        case .`description`: return .text(descriptionText(doc))
        case .attributes: return .text(record.attributes.joined(separator: " "))
        case .modifiers: return .text(record.modifiers.joined(separator: " "))
        case .associatedValues: return .text(associatedValuesText(record))
        case .requirement: return .text(record.isRequirement ? "requirement" : "")
        case .callouts: return .text(calloutsText(doc))
        case .documented: return .text(Words.yesNo(record.isDocumented, context.locale))
        case .status: return .text(Words.status(record.doc, context.locale))
        case .sourceURL: return .text(context.sourceURL(file: record.file, line: record.line) ?? "")
        case .review, .blank: return .empty
        }
    }

    /// An enum case's associated values as written in its declaration: `(id: Int, String)`; empty for none.
    static func associatedValuesText(_ record: PropertyRecord) -> String {
        guard !record.associatedValues.isEmpty else { return "" }
        let values = record.associatedValues.map { value -> String in
            let label: String
            // A second name is shown only where one is written (`name` repeats the label otherwise).
            switch (value.label, value.name.isEmpty || value.name == value.label) {
            case (let outer?, true): label = "\(outer): "
            case (let outer?, false): label = "\(outer) \(value.name): "
            case (nil, false): label = "_ \(value.name): "
            case (nil, true): label = ""
            }
            var text = label + value.type
            if let defaultValue = value.defaultValue { text += " = \(defaultValue)" }
            return text
        }
        return "(" + values.joined(separator: ", ") + ")"
    }
}

extension Words {
    /// The group title of variables outside any type.
    static func globalVariables(_ locale: DocumentLocale) -> String {
        switch locale {
        case .en: return "Global variables"
        case .vi: return "Biến toàn cục"
        case .ja: return "グローバル変数"
        }
    }
}

extension ListingFilter {
    /// True when `record` passes the access level, the kinds (property kinds) and the documentation state.
    func keeps(_ record: PropertyRecord) -> Bool {
        guard record.effectiveAccess >= minAccess ?? .private else { return false }
        if !kinds.isEmpty && !kinds.contains(.property(record.kind)) { return false }
        switch documentation {
        case .all: return true
        case .documented: return record.isDocumented
        case .undocumented: return !record.isDocumented
        }
    }
}
