import Inventory

/// The class diagram of an inventory (Documentation/Diagrams.md): the project's types grouped by module, with their
/// inheritance, conformance and composition edges, written as Graphviz DOT, Mermaid or PlantUML text.
///
/// Nodes are the types the project declares (extensions add to their type, never a node of their own). A superclass
/// outside the project (`UIViewController`) is a node too, drawn as external; protocols outside the project are not
/// (every type conforms to a few: `Codable`, `View`…), they are listed under the type's name instead. Members are
/// shown when a type has few of them (``memberLimit``), so that the diagram stays legible when printed.
public struct ClassDiagram: Equatable, Sendable {
    /// One box of the diagram.
    public struct Node: Equatable, Sendable {
        /// A name unique in the diagram: `Module.Type` for a project type, the name alone for an external class.
        public var id: String
        /// The type's dotted name (`Board.Column`).
        public var name: String
        /// The module that declares it, or `nil` for an external class (and, on one page of a diagram cut into
        /// pages, for a type drawn on another page).
        public var module: String?
        /// The file that declares it (its first declaration), or `nil` for an external class.
        public var file: String?
        /// The declaration's kind (`class` for an external class).
        public var kind: TypeKind
        /// The protocols outside the project it conforms to, in order.
        public var externalConformances: [String]
        /// Its properties and methods as UML shows them (`+title: String`, `-reload()`), or empty when it has more
        /// than ``ClassDiagram/memberLimit`` of them.
        public var members: [String]

        /// True for a class outside the project (a superclass from a framework).
        public var isExternal: Bool { module == nil }
    }

    /// How two types are related.
    public enum Relation: String, Sendable {
        /// A class and its superclass (UML generalization: solid line, hollow triangle).
        case inheritance
        /// A type and a protocol of the project it conforms to (UML realization: dashed line, hollow triangle).
        case conformance
        /// A type and the project type one of its stored properties holds (UML composition: filled diamond).
        case composition
    }

    /// One line of the diagram.
    public struct Edge: Equatable, Sendable {
        /// The subtype, the conforming type or the owner (the ``Node/id``).
        public var from: String
        /// The superclass, the protocol or the part.
        public var to: String
        /// How they are related.
        public var relation: Relation
        /// For a composition: the property's name, with `*` when it holds several.
        public var label: String?
    }

    /// The most members a box lists; a type with more shows its name only.
    public static let memberLimit = 8

    /// The boxes, by module then name (external classes last).
    public var nodes: [Node]
    /// The lines, in the order of their ``Edge/from`` nodes.
    public var edges: [Edge]

    /// The diagram of `inventory`'s types.
    ///
    /// - Parameter inventory: An inventory.
    public init(_ inventory: Inventory) {
        let declarations = inventory.types.filter { $0.kind != .extension }
        let links = TypeLinks(declarations)
        // A name resolves to the type of the same module first, else to the only type of that name in the project
        // (either through Swift's `@objc(Name)`: `TypeLinks`).
        func resolve(_ name: String, from module: String) -> String? {
            links.declaration(named: name, from: module).map { "\($0.module).\($0.name)" }
        }
        // Members join the box of the type they extend, also from another module or the other language (a Swift
        // extension of an Objective-C class: one box with both languages' members).
        var members: [String: [String]] = [:]
        for property in inventory.properties {
            guard let owner = property.enclosingType else { continue }
            let type = property.type.map { ": \($0)" } ?? ""
            members[resolve(owner, from: property.module) ?? "\(property.module).\(owner)", default: []]
                .append("\(Self.symbol(property.accessLevel))\(property.name)\(type)")
        }
        for function in inventory.functions {
            guard let owner = function.enclosingType else { continue }
            members[resolve(owner, from: function.module) ?? "\(function.module).\(owner)", default: []]
                .append("\(Self.symbol(function.accessLevel))\(function.name)")
        }

        var nodes: [Node] = []
        var edges: [Edge] = []
        var externalClasses = Set<String>()
        var seen = Set<String>()
        for type in declarations.sorted(by: { ($0.module, $0.name) < ($1.module, $1.name) }) {
            let id = "\(type.module).\(type.name)"
            guard seen.insert(id).inserted else { continue }  // one box per type, whatever its #if branches
            var external: [String] = []
            if let superclass = type.superclass {
                if let target = resolve(superclass, from: type.module) {
                    edges.append(Edge(from: id, to: target, relation: .inheritance))
                } else {
                    externalClasses.insert(superclass)
                    edges.append(Edge(from: id, to: superclass, relation: .inheritance))
                }
            }
            for conformance in type.conformances {
                if let target = resolve(conformance, from: type.module) {
                    edges.append(Edge(from: id, to: target, relation: .conformance))
                } else if !external.contains(conformance) {
                    external.append(conformance)
                }
            }
            for part in type.composition {
                guard let target = resolve(part.type, from: type.module) else { continue }
                edges.append(Edge(from: id, to: target, relation: .composition,
                                  label: part.property + (part.isCollection ? " *" : "")))
            }
            // A member declared in several `#if` branches is listed once.
            let listed = (members[id] ?? []).uniqued()
            nodes.append(Node(id: id, name: type.name, module: type.module, file: type.file, kind: type.kind,
                              externalConformances: external,
                              members: listed.count <= Self.memberLimit ? listed : []))
        }
        for name in externalClasses.sorted() where !seen.contains(name) {
            nodes.append(Node(id: name, name: name, module: nil, file: nil, kind: .class, externalConformances: [], members: []))
        }
        self.nodes = nodes
        self.edges = edges
    }

    /// A diagram of the given boxes and lines.
    init(nodes: [Node], edges: [Edge]) {
        self.nodes = nodes
        self.edges = edges
    }

    /// The part of the diagram one page shows: the boxes of `ids` with the lines that leave them, and each box those
    /// lines reach outside `ids` drawn as a reference (grey, without members; named `Module.Type` when it is a type
    /// of another module than `module`).
    ///
    /// - Parameters:
    ///   - ids: The ``Node/id``s of the boxes the page is about.
    ///   - module: The module the page belongs to.
    /// - Returns: The page's diagram.
    func restricted(to ids: Set<String>, module: String) -> ClassDiagram {
        PageIndex(self).page(ids, module: module)
    }

    /// Look-ups into a diagram, made once for all of its pages: a page of a large project took a pass over every
    /// box and line of the project, which was most of the time of a run whose pictures came from the cache.
    struct PageIndex: Sendable {
        /// The whole diagram.
        let diagram: ClassDiagram
        /// Each box's position in ``ClassDiagram/nodes``, by ``Node/id``.
        let positions: [String: Int]
        /// The positions in ``ClassDiagram/edges`` of the lines that leave each box, by ``Node/id``.
        let edgesFrom: [String: [Int]]

        /// The index of `diagram`.
        init(_ diagram: ClassDiagram) {
            self.diagram = diagram
            positions = Dictionary(diagram.nodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            var edgesFrom: [String: [Int]] = [:]
            for (index, edge) in diagram.edges.enumerated() { edgesFrom[edge.from, default: []].append(index) }
            self.edgesFrom = edgesFrom
        }

        /// The page of `ids` (see ``ClassDiagram/restricted(to:module:)``), its boxes in the diagram's order.
        func page(_ ids: Set<String>, module: String) -> ClassDiagram {
            let kept = ids.compactMap { positions[$0] }.sorted()
            let edges = kept.flatMap { edgesFrom[diagram.nodes[$0].id] ?? [] }.sorted().map { diagram.edges[$0] }
            var references: [Node] = []
            for target in edges.map(\.to).uniqued() where !ids.contains(target) {
                guard let position = positions[target] else { continue }
                var node = diagram.nodes[position]
                if let other = node.module, other != module { node.name = "\(other).\(node.name)" }
                node.module = nil
                node.members = []
                node.externalConformances = []
                references.append(node)
            }
            return ClassDiagram(nodes: kept.map { diagram.nodes[$0] } + references, edges: edges)
        }
    }

    /// UML's visibility mark for an access level: `+` public and open, `~` internal and package, `-` private and
    /// fileprivate.
    static func symbol(_ access: AccessLevel) -> String {
        switch access {
        case .open, .public: return "+"
        case .package, .internal: return "~"
        case .fileprivate, .private: return "-"
        }
    }

    /// The stereotype UML writes above a name (`«protocol»`), or `nil` for a class.
    static func stereotype(_ kind: TypeKind) -> String? {
        switch kind {
        case .class, .extension: return nil
        case .struct: return "struct"
        case .enum: return "enum"
        case .protocol: return "protocol"
        case .actor: return "actor"
        }
    }

    /// The modules of the project's boxes, in the boxes' order.
    var modules: [String] {
        nodes.compactMap(\.module).uniqued()
    }

    /// Short identifiers for Mermaid and PlantUML (`T0`, `T1`…), which take only simple names: the box's label
    /// carries its real name.
    var shortIDs: [String: String] {
        Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, "T\($0)") })
    }

    /// The lines as Mermaid and PlantUML both write them (`Super <|-- Sub`, `Protocol <|.. Type`, `Owner *-- Part :
    /// label`), between ``shortIDs``.
    ///
    /// - Parameter label: How the format escapes a composition's label.
    func relationLines(label: (String) -> String) -> [String] {
        let ids = shortIDs
        return edges.compactMap { edge in
            guard let from = ids[edge.from], let to = ids[edge.to] else { return nil }
            switch edge.relation {
            case .inheritance: return "\(to) <|-- \(from)"
            case .conformance: return "\(to) <|.. \(from)"
            case .composition: return "\(from) *-- \(to)" + (edge.label.map { " : " + label($0) } ?? "")
            }
        }
    }

    // MARK: - Graphviz DOT

    /// The diagram as a Graphviz `digraph`: one cluster per module, record-shaped boxes, UML arrowheads; `dot -Tpng`
    /// lays it out.
    ///
    /// - Parameters:
    ///   - title: The graph's label (the project's name).
    ///   - clusters: Whether each module's boxes are framed together. A page of one module is drawn without the
    ///     frame: its unrelated boxes are then packed into a block instead of one long row (Graphviz packs only a
    ///     graph without clusters, and `dot` 2.43 crashes when it packs with `newrank`, which the clusters need).
    /// - Returns: The DOT text, ending in a line break.
    public func dot(title: String, clusters: Bool = true) -> String {
        // newrank: ranks across clusters, without which dot loses lines between modules ("lost edge").
        let arrangement = clusters ? "newrank=true" : "pack=true"
        var lines = ["digraph \(Self.dotQuoted(title)) {",
                     "  graph [\(arrangement), rankdir=BT, bgcolor=white, fontname=\"Helvetica\", fontsize=12, labelloc=t, label=\(Self.dotQuoted(title)), nodesep=0.3, ranksep=0.5];",
                     "  node [shape=record, fontname=\"Helvetica\", fontsize=10, style=filled, fillcolor=\"#F2F6FC\", color=\"#5B7DB1\"];",
                     "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#444444\"];"]
        for (index, module) in modules.enumerated() {
            guard clusters else {
                for node in nodes where node.module == module { lines.append("  " + dotNode(node)) }
                continue
            }
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\(Self.dotQuoted(module)); style=rounded; color=\"#999999\";")
            for node in nodes where node.module == module { lines.append("    " + dotNode(node)) }
            lines.append("  }")
        }
        for node in nodes where node.isExternal { lines.append("  " + dotNode(node)) }
        for edge in edges {
            let style: String
            switch edge.relation {
            case .inheritance: style = "arrowhead=empty"
            case .conformance: style = "arrowhead=empty, style=dashed"
            case .composition: style = "dir=back, arrowtail=diamond, arrowhead=none" + (edge.label.map { ", label=\(Self.dotQuoted($0))" } ?? "")
            }
            // A composition points from the part back to its owner, so the diamond sits at the owner.
            let (from, to) = edge.relation == .composition ? (edge.to, edge.from) : (edge.from, edge.to)
            lines.append("  \(Self.dotQuoted(from)) -> \(Self.dotQuoted(to)) [\(style)];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func dotNode(_ node: Node) -> String {
        var header = [String]()
        if let stereotype = Self.stereotype(node.kind) { header.append("«\(stereotype)»") }
        header.append(node.name)
        if !node.externalConformances.isEmpty { header.append(": " + node.externalConformances.joined(separator: ", ")) }
        var label = header.map(Self.recordEscaped).joined(separator: "\\n")
        if !node.members.isEmpty { label += "|" + node.members.map { Self.recordEscaped($0) + "\\l" }.joined() }
        let look = node.isExternal ? ", fillcolor=\"#EEEEEE\", color=\"#999999\", fontcolor=\"#555555\"" : ""
        return "\(Self.dotQuoted(node.id)) [label=\"{\(label)}\"\(look)];"
    }

    /// `text` as a DOT quoted string.
    static func dotQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: " ") + "\""
    }

    /// `text` inside a record label: the characters that structure a record (`{ } | < >`), quotes and backslashes
    /// escaped.
    static func recordEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "{}|<>\"\\".contains(character) { escaped.append("\\") }
            escaped.append(character == "\n" ? " " : character)
        }
        return escaped
    }

    // MARK: - Mermaid

    /// The diagram as a Mermaid `classDiagram` (GitHub, GitLab and most wikis render it): one namespace per module.
    ///
    /// - Returns: The Mermaid text, ending in a line break.
    public func mermaid() -> String {
        var lines = ["classDiagram"]
        let ids = shortIDs
        func box(_ node: Node, indent: String) {
            let id = ids[node.id] ?? node.id
            let label = Self.mermaidText(node.name)
            var body: [String] = []
            if let stereotype = Self.stereotype(node.kind) { body.append("<<\(stereotype)>>") }
            body += node.members.map(Self.mermaidText)
            if body.isEmpty {
                lines.append("\(indent)class \(id)[\"\(label)\"]")
            } else {
                lines.append("\(indent)class \(id)[\"\(label)\"] {")
                lines += body.map { "\(indent)  \($0)" }
                lines.append("\(indent)}")
            }
        }
        for module in modules {
            lines.append("  namespace \(Self.mermaidIdentifier(module)) {")
            for node in nodes where node.module == module { box(node, indent: "    ") }
            lines.append("  }")
        }
        for node in nodes where node.isExternal { box(node, indent: "  ") }
        lines += relationLines(label: Self.mermaidText).map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` without what Mermaid's class syntax reads as structure: an arrow becomes `→`, generic brackets `~`
    /// (Mermaid's own generic notation); quotes and braces are dropped.
    static func mermaidText(_ text: String) -> String {
        let arrows = text.replacingOccurrences(of: "->", with: "→")
        return String(arrows.map { "<>".contains($0) ? "~" : $0 }.filter { !"\"{}`".contains($0) })
    }

    /// `text` as a Mermaid identifier: letters, digits and `_`.
    static func mermaidIdentifier(_ text: String) -> String {
        let identifier = String(text.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        return identifier.first?.isNumber == false ? identifier : "_" + identifier
    }

    // MARK: - PlantUML

    /// The diagram as PlantUML (`@startuml` … `@enduml`): one package per module.
    ///
    /// - Parameter title: The diagram's title (the project's name).
    /// - Returns: The PlantUML text, ending in a line break.
    public func plantUML(title: String) -> String {
        var lines = ["@startuml", "title \(Self.plantText(title))", "hide empty members"]
        let ids = shortIDs
        func box(_ node: Node, indent: String) {
            let keyword: String
            switch node.kind {
            case .protocol: keyword = "interface"
            case .enum: keyword = "enum"
            case .struct: keyword = "struct"
            case .class, .actor, .extension: keyword = "class"
            }
            var declaration = "\(indent)\(keyword) \"\(Self.plantText(node.name))\" as \(ids[node.id] ?? node.id)"
            if node.kind == .actor { declaration += " <<actor>>" }
            if node.isExternal { declaration += " #EEEEEE" }
            if node.members.isEmpty {
                lines.append(declaration)
            } else {
                lines.append(declaration + " {")
                lines += node.members.map { "\(indent)  \(Self.plantText($0))" }
                lines.append("\(indent)}")
            }
        }
        for module in modules {
            lines.append("package \"\(Self.plantText(module))\" {")
            for node in nodes where node.module == module { box(node, indent: "  ") }
            lines.append("}")
        }
        for node in nodes where node.isExternal { box(node, indent: "") }
        lines += relationLines(label: Self.plantText)
        lines.append("@enduml")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` on one PlantUML line, without the quotes that would end a name.
    static func plantText(_ text: String) -> String {
        String(text.map { $0 == "\n" ? " " : $0 }.filter { $0 != "\"" })
    }
}
