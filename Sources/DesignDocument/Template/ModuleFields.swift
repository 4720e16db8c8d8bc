import Foundation
import Inventory

/// A field of a `modules` sheet (one row per module: the module structure, モジュール構成); its raw value is the name
/// templates use.
public enum ModuleField: String, TemplateField {
    /// Running number of the row.
    case number
    /// The module name, as the compiler sees it.
    case name
    /// What the module's target builds, in the document's language.
    case kind
    /// The `Package.swift` or `.xcodeproj` that declares the target.
    case project
    /// What the target depends on, in its build description's order.
    case dependencies
    /// The modules of the scanned project that depend on it.
    case dependents
    /// Number of Swift files with declarations in the module.
    case files
    /// Number of types.
    case types
    /// Number of functions.
    case functions
    /// Number of documented functions.
    case documented
    /// Number of undocumented functions.
    case undocumented
    /// Documented share of the functions (0–1).
    case coverage
    /// Number of properties and enum cases.
    case properties
    /// Number of documented properties and enum cases.
    case documentedProperties
    /// Documented share of the properties (0–1).
    case propertyCoverage
    /// An empty cell to fill in.
    case blank

    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String {
        switch self {
        case .number: return "running number of the row"
        case .name: return "the module name, as the compiler sees it"
        case .kind: return "what the module's target builds: App, App extension, Framework, Package library, Folder, …"
        case .project: return "the Package.swift or .xcodeproj that declares the target, empty for a folder module"
        case .dependencies: return "what the target depends on (modules and package products), in its build description's order, comma-separated"
        case .dependents: return "the modules of the scanned project that list it as a dependency, comma-separated"
        case .files: return "number of Swift files with declarations in the module"
        case .types: return "number of types"
        case .functions: return "number of functions"
        case .documented: return "number of documented functions"
        case .undocumented: return "number of undocumented functions"
        case .coverage: return "documented share of the functions (0–1, format it with 0.0%)"
        case .properties: return "number of properties and enum cases"
        case .documentedProperties: return "number of documented properties and enum cases"
        case .propertyCoverage: return "documented share of the properties and enum cases (0–1, format it with 0.0%)"
        case .blank: return "an empty cell to fill in"
        }
    }

    /// True when the field's value is a number.
    var isNumeric: Bool {
        switch self {
        case .number, .files, .types, .functions, .documented, .undocumented, .coverage, .properties,
             .documentedProperties, .propertyCoverage:
            return true
        case .name, .kind, .project, .dependencies, .dependents, .blank:
            return false
        }
    }
}

/// One row of a `modules` sheet: a module of the inventory with its build facts and its counts.
struct ModuleRow: Sendable {
    /// The module name.
    var name: String
    /// What the target builds, or `nil` for a module only the records name (an inventory written before schema 2).
    var kind: TargetKind?
    /// The build description that declares it, relative to the scanned root, or `nil`.
    var project: String?
    /// What it depends on, in order.
    var dependencies: [String]
    /// The modules that depend on it, in the inventory's module order.
    var dependents: [String]
    /// Swift files with declarations in it.
    var files = 0
    /// Types declared in it.
    var types = 0
    /// Functions declared in it.
    var functions = 0
    /// Documented functions.
    var documented = 0
    /// Properties and enum cases declared in it.
    var properties = 0
    /// Documented properties and enum cases.
    var documentedProperties = 0
}

extension FieldCatalog {
    /// Fields of `modules` sheets (one row per module).
    public static let moduleFields: [(name: String, description: String)] = ModuleField.catalogue

    /// The value of a module field for one module row.
    static func value(of field: ModuleField, module row: ModuleRow, number: Int, locale: DocumentLocale) -> CellValue {
        switch field {
        case .number: return .number(Double(number))
        case .name: return .text(row.name)
        case .kind: return .text(row.kind.map { Words.targetKind($0, locale) } ?? "")
        case .project: return .text(row.project ?? "")
        case .dependencies: return .text(row.dependencies.joined(separator: ", "))
        case .dependents: return .text(row.dependents.joined(separator: ", "))
        case .files: return .number(Double(row.files))
        case .types: return .number(Double(row.types))
        case .functions: return .number(Double(row.functions))
        case .documented: return .number(Double(row.documented))
        case .undocumented: return .number(Double(row.functions - row.documented))
        case .coverage: return row.functions == 0 ? .empty : .number(Double(row.documented) / Double(row.functions))
        case .properties: return .number(Double(row.properties))
        case .documentedProperties: return .number(Double(row.documentedProperties))
        case .propertyCoverage:
            return row.properties == 0 ? .empty : .number(Double(row.documentedProperties) / Double(row.properties))
        case .blank: return .empty
        }
    }
}
