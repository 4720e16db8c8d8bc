import Foundation
import SpreadsheetModel

/// A marker whose cell receives a picture instead of text: the cell holds the marker alone, and the picture is
/// anchored there, scaled to fit the merged range that holds it (the marker's frame).
///
/// Each marker names a diagram through ``PictureMarker/subject(repetition:values:)``; another kind of picture is one
/// more case here and one more ``DiagramSubject``.
public enum PictureMarker: String, CaseIterable, Sendable {
    /// `{{diagram}}`: the project's class diagram, every module.
    case projectDiagram = "diagram"
    /// `{{module.diagram}}`: on a sheet written once per module, that module's class diagram; elsewhere the module
    /// structure (the modules and their dependencies).
    case moduleDiagram = "module.diagram"
    /// `{{type.diagram}}` on a sheet written once per type: the type with the types it inherits from, conforms to and
    /// holds, and those that inherit from, conform to or hold it.
    case typeDiagram = "type.diagram"
    /// `{{screen.diagram}}`: the screen-transition diagram (画面遷移図) of the app's screens.
    case screenDiagram = "screen.diagram"
    /// `{{entity.diagram}}`: the entity-relationship diagram (ER図) of the app's data model.
    case entityDiagram = "entity.diagram"

    /// The marker's text, braces included.
    public var text: String { "{{\(rawValue)}}" }

    /// The picture marker a placeholder name is, or `nil`.
    ///
    /// - Parameter name: The text between the braces, trimmed.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    /// What the marker means on a sheet, as `docsheet templates check` and `templates fields` say it.
    public var pictureDescription: String {
        switch self {
        case .projectDiagram: return "the project's class diagram"
        case .moduleDiagram: return "the sheet's module's class diagram (a sheet per module), else the module structure diagram"
        case .typeDiagram: return "the sheet's type with its neighbours (a sheet per type)"
        case .screenDiagram: return "the screen-transition diagram (storyboards, xibs, SwiftUI navigation)"
        case .entityDiagram: return "the entity-relationship diagram (Core Data, SwiftData)"
        }
    }

    /// Where the marker may stand, as `docsheet templates fields` says it.
    public var placement: String {
        let cell = "alone in a cell, on rows outside the row templates"
        switch self {
        case .typeDiagram: return cell + ", on a sheet written once per type ({{type.name}} in its name) only"
        case .moduleDiagram: return cell + ", on any sheet (a {{module}} sheet shows its own module)"
        default: return cell + ", on any sheet"
        }
    }

    /// Why the marker cannot stand on a sheet written once per `repetition`, or `nil` when it can.
    func problem(on repetition: SheetRepetition?) -> String? {
        switch self {
        case .typeDiagram where repetition != .type:
            return "'{{type.diagram}}' shows the type of a sheet written once per type: put {{type.name}} in the sheet's name, "
                + "or use {{diagram}} for the project's class diagram"
        default:
            return nil
        }
    }

    /// True when the picture is drawn from the app's records (screens, transitions, entities), which
    /// `docsheet generate` then reads.
    public var isAppRecords: Bool { self == .screenDiagram || self == .entityDiagram }

    /// The diagram the marker shows on a sheet written once per `repetition`, with the sheet's placeholder values
    /// (`module`, `type.module`, `type.name`).
    func subject(repetition: SheetRepetition?, values: [String: String]) -> DiagramSubject? {
        switch self {
        case .projectDiagram:
            return .projectClasses
        case .moduleDiagram:
            if repetition == .module, let module = values["module"] { return .moduleClasses(module) }
            return .moduleStructure
        case .typeDiagram:
            guard repetition == .type, let module = values["type.module"], let name = values["type.name"] else { return nil }
            return .type(module: module, name: name)
        case .screenDiagram:
            return .transitions
        case .entityDiagram:
            return .entities
        }
    }
}

/// A cell of a form sheet that holds a picture marker, and the frame its picture fits in.
public struct PictureCell: Hashable, Sendable {
    /// The cell holding the marker (the picture's top-left corner).
    public var cell: CellReference
    /// The marker.
    public var marker: PictureMarker
    /// The merged range holding the cell, or `nil` when the cell is not merged (the picture keeps its natural size).
    public var frame: CellRange?
}
