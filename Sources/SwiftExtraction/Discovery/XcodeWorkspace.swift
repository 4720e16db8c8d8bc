import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The projects and package folders an `.xcworkspace` names (its `contents.xcworkspacedata`), in its order.
///
/// Locations are `group:` (relative to the enclosing `<Group>`, whose own location adds to the path),
/// `container:` (relative to the folder holding the workspace), `absolute:` and `self:` (the project that holds
/// an embedded `project.xcworkspace`).
struct XcodeWorkspace {
    /// The `.xcodeproj` folders, absolute and standardized, in the workspace's order.
    var projects: [String]
    /// Other folders the workspace names that hold a `Package.swift` (local packages), absolute and standardized.
    var packageFolders: [String]

    /// Reads the workspace whose `.xcworkspace` folder is `path`.
    init(path: String) throws(BuildDescriptionProblem) {
        let path = (path as NSString).standardizingPath
        let file = (path as NSString).appendingPathComponent("contents.xcworkspacedata")
        guard let data = FileManager.default.contents(atPath: file) else {
            throw BuildDescriptionProblem(path: file, message: "cannot read the workspace file")
        }
        let container = (path as NSString).deletingLastPathComponent
        let delegate = WorkspaceParser(container: container, selfProject: container)
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else {
            throw BuildDescriptionProblem(path: file, message: "not a valid workspace file (\(parser.parserError?.localizedDescription ?? "XML error")); open and save it in Xcode")
        }
        var projects: [String] = []
        var packages: [String] = []
        for location in delegate.locations {
            if location.hasSuffix(".xcodeproj") {
                projects.append(location)
            } else if FileManager.default.fileExists(atPath: (location as NSString).appendingPathComponent("Package.swift")) {
                packages.append(location)
            }
        }
        self.projects = projects
        self.packageFolders = packages
    }
}

/// Collects `FileRef` locations, resolving `group:` paths through nested `Group` elements.
private final class WorkspaceParser: NSObject, XMLParserDelegate {
    let container: String
    let selfProject: String
    var groupStack: [String] = []
    var locations: [String] = []

    init(container: String, selfProject: String) {
        self.container = container
        self.selfProject = selfProject
    }

    func resolve(_ location: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon]
        let path = String(location[location.index(after: colon)...])
        let base: String
        switch kind {
        case "group": base = groupStack.last ?? container
        case "container": base = container
        case "absolute": return (path as NSString).standardizingPath
        case "self": base = selfProject
        default: return nil
        }
        return ((path.isEmpty ? base : (base as NSString).appendingPathComponent(path)) as NSString).standardizingPath
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        switch elementName {
        case "Group":
            groupStack.append(attributeDict["location"].flatMap(resolve) ?? groupStack.last ?? container)
        case "FileRef":
            if let location = attributeDict["location"].flatMap(resolve) { locations.append(location) }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        if elementName == "Group", !groupStack.isEmpty { groupStack.removeLast() }
    }
}
