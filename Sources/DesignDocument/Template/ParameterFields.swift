import Foundation
import Inventory

/// A field of a parameter row inside a client form's function block (`{{parameter.name}}`): one row per parameter
/// of the function the block is written for.
public enum ParameterField: String, TemplateField {
    /// Running number of the parameter within its function (1 for the first).
    case number
    /// The parameter's name inside the function.
    case name
    /// The argument label used at the call site (`_` for an unlabeled argument).
    case label
    /// The parameter's type as written.
    case type
    /// The default value as written, empty when none.
    case defaultValue
    /// The description the doc comment's parameter list gives it.
    case `description`

    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String {
        switch self {
        case .number: return "running number of the parameter within its function"
        case .name: return "the parameter's name inside the function"
        case .label: return "the argument label used at the call site (_ for an unlabeled argument)"
        case .type: return "the parameter's type as written"
        case .defaultValue: return "the default value as written, empty when none"
        case .`description`: return "the description the doc comment's parameter list gives it"
        }
    }
}

extension FieldCatalog {
    /// The value of a parameter field for parameter `number` (1-based) of `function`, or an empty cell for a
    /// function without parameters (`parameter` is `nil`: the row is written once, its fields empty).
    static func value(of field: ParameterField, parameter: FunctionRecord.Parameter?, number: Int,
                      function: FunctionRecord) -> CellValue {
        guard let parameter else { return field == .number ? .empty : .text("") }
        switch field {
        case .number: return .number(Double(number))
        case .name: return .text(parameter.name)
        case .label: return .text(parameter.label ?? "_")
        case .type: return .text(parameter.type)
        case .defaultValue: return .text(parameter.defaultValue ?? "")
        case .`description`: return .text(documentedDescription(of: parameter, in: function) ?? "")
        }
    }

    /// The description the doc comment gives `parameter` (matched by its name, else its label).
    static func documentedDescription(of parameter: FunctionRecord.Parameter, in function: FunctionRecord) -> String? {
        (function.doc?.parameters ?? []).first { $0.name == parameter.name || $0.name == parameter.label }?.description
    }
}
