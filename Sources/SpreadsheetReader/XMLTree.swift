import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Namespace URIs the reader looks up attributes and elements by (transitional and strict OOXML).
enum Namespace {
    /// Relationship ids (`r:id`, `r:embed`) in transitional OOXML.
    static let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    /// Relationship ids in strict OOXML.
    static let strictRelationships = "http://purl.oclc.org/ooxml/officeDocument/relationships"
    /// The `xml:` prefix (`xml:space`).
    static let xml = "http://www.w3.org/XML/1998/namespace"
    /// Markup compatibility (`mc:AlternateContent`).
    static let markupCompatibility = "http://schemas.openxmlformats.org/markup-compatibility/2006"
}

/// One element of a parsed XML part: its namespace and local name, attributes, child elements and text.
///
/// Elements are looked up by local name (namespaces differ between transitional and strict OOXML and between
/// writers' prefixes; the reader walks from known parents, so local names are unambiguous). Attributes without a
/// prefix are looked up by name; prefixed ones by namespace and local name.
struct ParsedElement: Sendable {
    /// The namespace URI of the element's name, or "" when it has none.
    var namespace: String
    /// The element's local name (without prefix).
    var name: String
    /// Attributes without a prefix, by name.
    var attributes: [String: String]
    /// Prefixed attributes, by namespace URI and local name.
    var qualifiedAttributes: [QualifiedName: String]
    /// Child elements in document order.
    var children: [ParsedElement]
    /// The element's own character data (not its children's), concatenated.
    var text: String
    /// The line the element starts on, for messages.
    var line: Int

    /// A namespace-qualified attribute name.
    struct QualifiedName: Hashable, Sendable {
        /// The namespace URI.
        var namespace: String
        /// The local name.
        var name: String
    }

    /// The value of an unprefixed attribute.
    subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// The value of a prefixed attribute in one of `namespaces`.
    func attribute(_ name: String, in namespaces: [String]) -> String? {
        for namespace in namespaces {
            if let value = qualifiedAttributes[QualifiedName(namespace: namespace, name: name)] { return value }
        }
        return nil
    }

    /// A relationship id attribute (`r:id`, `r:embed`, `r:link`) in transitional or strict OOXML.
    func relationshipID(_ name: String = "id") -> String? {
        attribute(name, in: [Namespace.relationships, Namespace.strictRelationships])
    }

    /// The first child element with local name `name`.
    func child(_ name: String) -> ParsedElement? { children.first { $0.name == name } }

    /// Every child element with local name `name`.
    func children(_ name: String) -> [ParsedElement] { children.filter { $0.name == name } }

    /// The element reached by following local names from this one (`path("a", "b")` is `child("a")?.child("b")`).
    func path(_ names: String...) -> ParsedElement? {
        var element: ParsedElement? = self
        for name in names { element = element?.child(name) }
        return element
    }

    /// Children with `mc:AlternateContent` replaced by the elements of its first `mc:Choice` (or its
    /// `mc:Fallback` when it has no choice), as a reader that understands the newer markup would see them.
    var resolvedChildren: [ParsedElement] {
        children.flatMap { child -> [ParsedElement] in
            guard child.name == "AlternateContent" else { return [child] }
            let branch = child.child("Choice") ?? child.child("Fallback")
            return branch?.resolvedChildren ?? []
        }
    }

    /// The text of this element and all its descendants, in document order.
    var allText: String {
        children.isEmpty ? text : text + children.map(\.allText).joined()
    }

    /// Every descendant element with local name `name`, depth first.
    func descendants(_ name: String) -> [ParsedElement] {
        var found: [ParsedElement] = []
        for child in children {
            if child.name == name { found.append(child) }
            found += child.descendants(name)
        }
        return found
    }
}

/// Parses an XML part into a ``ParsedElement`` tree with Foundation's `XMLParser` (SAX events collected into a tree).
enum XMLTree {
    /// Why a part could not be parsed: the parser's message and where.
    struct ParseFailure: Error {
        /// A short description with the line and column.
        var reason: String
    }

    /// XMLParser keeps per-thread state in swift-corelibs-foundation; parsing one part at a time keeps concurrent
    /// readers (tests run in parallel) from sharing it.
    private static let lock = NSLock()

    /// Parses `data` and returns its root element.
    ///
    /// - Throws: ``ParseFailure`` when the data is not well-formed XML or has no root element.
    static func parse(_ data: Data) throws(ParseFailure) -> ParsedElement {
        let builder = TreeBuilder()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let succeeded = lock.withLock { () -> Bool in
            builder.parser = parser
            defer { builder.parser = nil }
            return parser.parse()
        }
        if let failure = builder.failure { throw failure }
        if !succeeded || parser.parserError != nil {
            let code = (parser.parserError as NSError?)?.code ?? 0
            throw ParseFailure(reason: "XML error \(code) at line \(parser.lineNumber), column \(parser.columnNumber)")
        }
        guard let root = builder.root else { throw ParseFailure(reason: "the part has no root element") }
        return root
    }
}

/// Collects `XMLParser` events into ``ParsedElement``s, resolving namespace prefixes itself.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    /// Elements opened and not yet closed, innermost last.
    private var stack: [ParsedElement] = []
    /// Prefix → namespace URI maps, one per open element ("" is the default namespace).
    private var scopes: [[String: String]] = [["xml": Namespace.xml]]
    /// The finished root element.
    var root: ParsedElement?
    /// The first error reported.
    var failure: XMLTree.ParseFailure?
    /// The parser, for line numbers.
    weak var parser: XMLParser?

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        var scope = scopes.last ?? [:]
        for (key, value) in attributeDict {
            if key == "xmlns" { scope[""] = value } else if key.hasPrefix("xmlns:") { scope[String(key.dropFirst(6))] = value }
        }
        scopes.append(scope)
        let (prefix, local) = Self.split(elementName)
        var element = ParsedElement(namespace: scope[prefix ?? ""] ?? "", name: local, attributes: [:], qualifiedAttributes: [:],
                                    children: [], text: "", line: parser.lineNumber)
        for (key, value) in attributeDict where key != "xmlns" && !key.hasPrefix("xmlns:") {
            let (attributePrefix, attributeName) = Self.split(key)
            if let attributePrefix {
                element.qualifiedAttributes[.init(namespace: scope[attributePrefix] ?? attributePrefix, name: attributeName)] = value
            } else {
                element.attributes[attributeName] = value
            }
        }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard let element = stack.popLast() else { return }
        scopes.removeLast()
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard failure == nil else { return }
        let code = (parseError as NSError).code
        failure = XMLTree.ParseFailure(reason: "XML error \(code) at line \(parser.lineNumber), column \(parser.columnNumber)")
    }

    /// Splits `prefix:local` into its parts (`nil` prefix when there is none).
    private static func split(_ name: String) -> (String?, String) {
        guard let colon = name.firstIndex(of: ":") else { return (nil, name) }
        return (String(name[..<colon]), String(name[name.index(after: colon)...]))
    }
}
