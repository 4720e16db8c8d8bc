import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The scenes and segues of a storyboard, or the controllers of a xib, as Interface Builder's XML declares them.
public struct InterfaceBuilderDocument: Hashable, Sendable {
    /// One view controller: a storyboard scene's controller, or a top-level controller (or File's Owner) of a xib.
    public struct Controller: Hashable, Sendable {
        /// The element's name: `viewController`, `tableViewController`, `navigationController`, … (`filesOwner` for a
        /// xib's File's Owner).
        public var element: String
        /// Interface Builder's object id (`BYZ-38-t0r`).
        public var id: String
        /// `customClass`, or `nil`.
        public var customClass: String?
        /// `customModule`, or `nil`.
        public var customModule: String?
        /// `storyboardIdentifier`, or `nil`.
        public var storyboardIdentifier: String?
        /// `title`, or `nil`.
        public var title: String?
        /// The 1-based line of the element.
        public var line: Int

        /// The name a screen list shows: the custom class, else the storyboard ID, the title, or the element and id.
        public var name: String { customClass ?? storyboardIdentifier ?? title ?? "\(element) \(id)" }
    }

    /// One segue.
    public struct Segue: Hashable, Sendable {
        /// The id of the controller of the scene that holds the segue.
        public var sourceID: String
        /// The destination's id (a controller, or an exit placeholder for an unwind segue).
        public var destinationID: String
        /// `kind` (`show`, `presentation`, `relationship`, `embed`, `unwind`, …).
        public var kind: String
        /// `identifier`, else `relationship` (`rootViewController`, `viewControllers`), or `nil`.
        public var identifier: String?
        /// The 1-based line of the `<segue>` element.
        public var line: Int
    }

    /// The controllers, in file order.
    public var controllers: [Controller]
    /// The segues, in file order.
    public var segues: [Segue]
    /// The id of the initial view controller (`initialViewController`), or `nil`.
    public var initialID: String?
    /// Each exit placeholder's id with the id of its scene's controller (where an unwind segue arrives).
    public var exits: [String: String]

    /// The controller with `id`, following an exit placeholder to its scene's controller.
    ///
    /// - Parameter id: An object id.
    /// - Returns: The controller, or `nil` when the document has none with that id.
    public func controller(withID id: String) -> Controller? {
        let target = exits[id] ?? id
        return controllers.first { $0.id == target }
    }
}

/// Reads storyboards and xibs (Interface Builder's XML) with `XMLParser`: scenes, their controllers' custom classes,
/// modules, storyboard IDs, the initial scene, and the segues.
public enum InterfaceBuilderReader {
    /// The document in `data`.
    ///
    /// - Parameters:
    ///   - data: The `.storyboard` or `.xib` file's bytes.
    ///   - path: The file's path, for error messages.
    /// - Returns: The controllers and segues.
    /// - Throws: `ResourceError.malformed` (with the line) when the XML is not well-formed or has no `<document>`.
    public static func document(of data: Data, path: String) throws(ResourceError) -> InterfaceBuilderDocument {
        let parser = XMLParser(data: data)
        let reader = InterfaceBuilderXMLReader()
        parser.delegate = reader
        let parsed = parser.parse()
        if let error = parser.parserError ?? (parsed ? nil : NSError(domain: XMLParser.errorDomain, code: 1)) {
            throw .malformed(path: path, line: parser.lineNumber,
                             reason: "malformed XML (\(CoreDataModelReader.describe((error as NSError).code)))")
        }
        guard reader.sawDocument else {
            throw .malformed(path: path, line: nil, reason: "no <document> element, so not an Interface Builder file")
        }
        return InterfaceBuilderDocument(controllers: reader.controllers, segues: reader.segues, initialID: reader.initialID,
                                        exits: reader.exits)
    }
}

/// The `XMLParser` delegate behind ``InterfaceBuilderReader``.
private final class InterfaceBuilderXMLReader: NSObject, XMLParserDelegate {
    var sawDocument = false
    var initialID: String?
    var controllers: [InterfaceBuilderDocument.Controller] = []
    var segues: [InterfaceBuilderDocument.Segue] = []
    var exits: [String: String] = [:]
    /// The scene being read: its controller's id (once seen), its exits and segues waiting for it.
    private var sceneController: String?
    private var sceneExits: [String] = []
    private var sceneSegues: [InterfaceBuilderDocument.Segue] = []
    private var inScene = false
    /// The open elements' names (a xib's top-level objects are the children of `document > objects`).
    private var path: [String] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        defer { path.append(elementName) }
        switch elementName {
        case "document" where path.isEmpty:
            sawDocument = true
            initialID = attributes["initialViewController"]
        case "scene":
            inScene = true
            sceneController = nil
            sceneExits = []
            sceneSegues = []
        case "exit" where inScene:
            if let id = attributes["id"] { sceneExits.append(id) }
        case "segue":
            sceneSegues.append(InterfaceBuilderDocument.Segue(
                sourceID: "", destinationID: attributes["destination"] ?? "", kind: attributes["kind"] ?? "",
                identifier: attributes["identifier"] ?? attributes["relationship"], line: parser.lineNumber))
        case "placeholder" where !inScene && path == ["document", "objects"]:
            // A xib's File's Owner with a controller class is the screen the xib lays out.
            if attributes["placeholderIdentifier"] == "IBFilesOwner", let owner = attributes["customClass"], owner.hasSuffix("Controller") {
                controllers.append(controller("filesOwner", attributes, line: parser.lineNumber))
            }
        default:
            // A scene's controller has sceneMemberID="viewController"; WatchKit storyboards write none, so a direct
            // child of the scene's objects named like a controller (`controller`, `hostingController`) counts too.
            let isSceneController = attributes["sceneMemberID"] == "viewController"
                || (path.suffix(2) == ["scene", "objects"] && elementName.lowercased().hasSuffix("controller"))
            if inScene, sceneController == nil, isSceneController, let id = attributes["id"] {
                sceneController = id
                controllers.append(controller(elementName, attributes, line: parser.lineNumber))
            } else if !inScene, path == ["document", "objects"], elementName.hasSuffix("Controller"), attributes["id"] != nil {
                controllers.append(controller(elementName, attributes, line: parser.lineNumber))
            }
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if !path.isEmpty { path.removeLast() }
        guard elementName == "scene" else { return }
        inScene = false
        guard let sceneController else { return }
        for exit in sceneExits { exits[exit] = sceneController }
        segues += sceneSegues.map { segue in
            var segue = segue
            segue.sourceID = sceneController
            return segue
        }
    }

    private func controller(_ element: String, _ attributes: [String: String], line: Int) -> InterfaceBuilderDocument.Controller {
        InterfaceBuilderDocument.Controller(
            element: element, id: attributes["id"] ?? "", customClass: attributes["customClass"],
            customModule: attributes["customModule"], storyboardIdentifier: attributes["storyboardIdentifier"],
            title: attributes["title"], line: line)
    }
}
