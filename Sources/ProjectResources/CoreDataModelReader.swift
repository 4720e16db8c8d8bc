import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One version of a Core Data model: its entities as the `contents` XML of an `.xcdatamodel` declares them.
public struct CoreDataModel: Hashable, Sendable {
    /// One entity.
    public struct Entity: Hashable, Sendable {
        /// The entity's name.
        public var name: String
        /// `representedClassName`, or `nil`.
        public var className: String?
        /// `isAbstract="YES"`.
        public var isAbstract = false
        /// `parentEntity`, or `nil`.
        public var parent: String?
        /// The 1-based line of the `<entity>` element.
        public var line: Int
        /// The attributes, in file order.
        public var attributes: [Attribute] = []
        /// The relationships, in file order.
        public var relationships: [Relationship] = []
        /// The fetch indexes, each `name: property order, …`.
        public var fetchIndexes: [String] = []
        /// The uniqueness constraints, each the attribute names.
        public var uniquenessConstraints: [[String]] = []
    }

    /// One attribute.
    public struct Attribute: Hashable, Sendable {
        /// The name.
        public var name: String
        /// `attributeType` (`String`, `Integer 16`, `Date`, …).
        public var type: String
        /// `optional="YES"`.
        public var isOptional: Bool
        /// `defaultValueString`, or `nil`.
        public var defaultValue: String?
        /// `transient="YES"`.
        public var isTransient: Bool
    }

    /// One relationship.
    public struct Relationship: Hashable, Sendable {
        /// The name.
        public var name: String
        /// `destinationEntity`.
        public var destination: String
        /// `toMany="YES"`.
        public var isToMany: Bool
        /// `optional="YES"`.
        public var isOptional: Bool
        /// `deletionRule` lower-cased at the first letter (`nullify`, `cascade`, `deny`, `noAction`), or `nil`.
        public var deleteRule: String?
        /// `inverseName`, or `nil`.
        public var inverse: String?
    }

    /// The entities, in file order.
    public var entities: [Entity]
}

/// Reads Core Data models: the `contents` XML of an `.xcdatamodel`, and the current version of an `.xcdatamodeld`
/// from its `.xccurrentversion` property list.
public enum CoreDataModelReader {
    /// The model in the `contents` XML of one `.xcdatamodel`.
    ///
    /// - Parameters:
    ///   - data: The `contents` file's bytes.
    ///   - path: The file's path, for error messages.
    /// - Returns: The model's entities.
    /// - Throws: `ResourceError.malformed` (with the line) when the XML is not well-formed or has no `<model>`.
    public static func model(of data: Data, path: String) throws(ResourceError) -> CoreDataModel {
        let parser = XMLParser(data: data)
        let reader = ModelXMLReader()
        parser.delegate = reader
        // On Linux `parse()` can return true and still set `parserError` (an element left open, a tag mismatch).
        let parsed = parser.parse()
        if let error = parser.parserError ?? (parsed ? nil : NSError(domain: XMLParser.errorDomain, code: 1)) {
            throw .malformed(path: path, line: parser.lineNumber, reason: "malformed XML (\(describe((error as NSError).code)))")
        }
        guard reader.sawModel else {
            throw .malformed(path: path, line: nil, reason: "no <model> element, so not a Core Data model")
        }
        return CoreDataModel(entities: reader.entities)
    }

    /// The name of the current version of an `.xcdatamodeld` (`RecipeBox 2.xcdatamodel`), from its
    /// `.xccurrentversion` property list.
    ///
    /// - Parameters:
    ///   - data: The `.xccurrentversion` file's bytes.
    /// - Returns: `_XCCurrentVersionName`, or `nil` when the property list has none.
    public static func currentVersionName(of data: Data) -> String? {
        let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        return (plist as? [String: Any])?["_XCCurrentVersionName"] as? String
    }

    /// What an `XMLParser` error code means, in words.
    static func describe(_ code: Int) -> String {
        switch XMLParser.ErrorCode(rawValue: code) {
        case .emptyDocumentError?: return "empty, or not XML"
        case .prematureDocumentEndError?: return "it ends before its elements are closed"
        case .tagNameMismatchError?: return "an end tag does not match its start tag"
        case .attributeNotStartedError?, .attributeNotFinishedError?:
            return "an attribute is not written as name=\"value\""
        default: return "XMLParser error \(code)"
        }
    }

    /// A `deletionRule` as the JSON writes it: `Nullify` → `nullify`, `No Action` → `noAction`.
    static func deleteRule(_ rule: String?) -> String? {
        guard let rule, !rule.isEmpty else { return nil }
        let words = rule.split(separator: " ")
        return words.enumerated().map { index, word in
            index == 0 ? word.lowercased() : word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }.joined()
    }
}

/// The `XMLParser` delegate that collects entities, attributes, relationships, fetch indexes and uniqueness
/// constraints.
private final class ModelXMLReader: NSObject, XMLParserDelegate {
    var entities: [CoreDataModel.Entity] = []
    var sawModel = false
    private var fetchIndex: (name: String, elements: [String])?
    private var constraint: [String]?

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let yes = { (key: String) in attributes[key] == "YES" }
        switch elementName {
        case "model":
            sawModel = true
        case "entity":
            entities.append(CoreDataModel.Entity(
                name: attributes["name"] ?? "", className: attributes["representedClassName"], isAbstract: yes("isAbstract"),
                parent: attributes["parentEntity"], line: parser.lineNumber))
        case "attribute" where !entities.isEmpty:
            entities[entities.count - 1].attributes.append(CoreDataModel.Attribute(
                name: attributes["name"] ?? "", type: attributes["attributeType"] ?? "", isOptional: yes("optional"),
                defaultValue: attributes["defaultValueString"], isTransient: yes("transient")))
        case "relationship" where !entities.isEmpty:
            // A to-one relationship has maxCount="1"; toMany="YES" marks a to-many one.
            entities[entities.count - 1].relationships.append(CoreDataModel.Relationship(
                name: attributes["name"] ?? "", destination: attributes["destinationEntity"] ?? "", isToMany: yes("toMany"),
                isOptional: yes("optional"), deleteRule: CoreDataModelReader.deleteRule(attributes["deletionRule"]),
                inverse: attributes["inverseName"]))
        case "fetchIndex":
            fetchIndex = (attributes["name"] ?? "", [])
        case "fetchIndexElement":
            let order = attributes["order"].map { " \($0)" } ?? ""
            fetchIndex?.elements.append((attributes["property"] ?? attributes["expression"] ?? "") + order)
        case "uniquenessConstraint":
            constraint = []
        case "constraint":
            if let value = attributes["value"] { constraint?.append(value) }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        switch elementName {
        case "fetchIndex":
            if let fetchIndex, !entities.isEmpty {
                entities[entities.count - 1].fetchIndexes.append("\(fetchIndex.name): \(fetchIndex.elements.joined(separator: ", "))")
            }
            fetchIndex = nil
        case "uniquenessConstraint":
            if let constraint, !constraint.isEmpty, !entities.isEmpty {
                entities[entities.count - 1].uniquenessConstraints.append(constraint)
            }
            constraint = nil
        default:
            break
        }
    }
}
