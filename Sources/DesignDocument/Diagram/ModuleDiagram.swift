import Inventory

/// The module structure of an inventory (モジュール構成図, Documentation/Diagrams.md): every module of the project
/// as a UML component with what its target builds, and a dependency arrow to each module and package product it
/// depends on (from `Package.swift` target dependencies and products, and from the `.pbxproj`'s target dependencies
/// and package products).
public struct ModuleDiagram: Equatable, Sendable {
    /// One box of the diagram.
    public struct Node: Equatable, Sendable {
        /// A name unique in the diagram: the module's name and its build description, or the product's name.
        public var id: String
        /// The module's or the product's name.
        public var name: String
        /// What the module's target builds, or `nil` for a package product the project does not build.
        public var kind: TargetKind?
        /// The `Package.swift` or `.xcodeproj` that declares the module, or `nil` for a folder module or a product.
        public var project: String?

        /// True for a package product from outside the project.
        public var isExternal: Bool { kind == nil }
    }

    /// The boxes: the project's modules by name, then the package products they use by name.
    public var nodes: [Node]
    /// The dependency arrows, from the module that depends to what it depends on (``Node/id``s), in the dependent's
    /// order of dependencies.
    public var edges: [(from: String, to: String)]

    /// The diagram of `inventory`'s modules.
    ///
    /// - Parameter inventory: An inventory.
    public init(_ inventory: Inventory) {
        let modules = inventory.modules
        func id(_ module: ModuleRecord) -> String { module.project.map { "\(module.name)@\($0)" } ?? module.name }
        // A dependency names a module of the same build description first (a package's own targets), else the only
        // module of that name, else a product from outside.
        var byName: [String: [ModuleRecord]] = [:]
        for module in modules { byName[module.name, default: []].append(module) }
        var nodes = modules.map { Node(id: id($0), name: $0.name, kind: $0.kind, project: $0.project) }
        var external: Set<String> = []
        var edges: [(from: String, to: String)] = []
        for module in modules {
            for dependency in module.dependencies.uniqued() {
                let candidates = byName[dependency] ?? []
                if let target = candidates.first(where: { $0.project == module.project }) ?? (candidates.count == 1 ? candidates[0] : nil) {
                    edges.append((id(module), id(target)))
                } else {
                    external.insert(dependency)
                    edges.append((id(module), "product:\(dependency)"))
                }
            }
        }
        nodes += external.sorted().map { Node(id: "product:\($0)", name: $0, kind: nil, project: nil) }
        self.nodes = nodes
        self.edges = edges
    }

    /// The diagram without the arrows that follow from others (its transitive reduction): when `App` depends on
    /// `Feature` and `Feature` on `Core`, an arrow from `App` to `Core` adds nothing to the picture but a line across
    /// it. An app that lists every package of the project drew dozens of such lines.
    ///
    /// - Returns: The diagram with an arrow from A to B only where no longer path leads from A to B.
    public func reduced() -> ModuleDiagram {
        var targets: [String: [String]] = [:]
        for edge in edges { targets[edge.from, default: []].append(edge.to) }
        /// True when `goal` can be reached from `start` without taking the arrow `start` → `goal` itself.
        func reachesOtherwise(_ start: String, _ goal: String) -> Bool {
            var stack = (targets[start] ?? []).filter { $0 != goal }
            var seen = Set(stack)
            while let node = stack.popLast() {
                if node == goal { return true }
                for next in targets[node] ?? [] where seen.insert(next).inserted { stack.append(next) }
            }
            return false
        }
        var copy = self
        copy.edges = edges.filter { !reachesOtherwise($0.from, $0.to) }
        return copy
    }

    /// Two diagrams are equal when their boxes and arrows are.
    ///
    /// - Parameters:
    ///   - a: A diagram.
    ///   - b: Another diagram.
    /// - Returns: Whether both have the same boxes and the same arrows, in the same order.
    public static func == (a: ModuleDiagram, b: ModuleDiagram) -> Bool {
        a.nodes == b.nodes && a.edges.elementsEqual(b.edges) { $0.from == $1.from && $0.to == $1.to }
    }

    /// The diagram as a Graphviz `digraph`, laid out from top to bottom: apps above the libraries they use. Modules are
    /// UML components; package products from outside are grey; test targets are drawn lighter. A product that only
    /// one module uses is listed in that module's box (`uses: Kingfisher, Nuke`) instead of a box of its own: a UI
    /// module that uses twenty packages otherwise made the picture twenty boxes wide.
    ///
    /// - Parameters:
    ///   - title: The graph's label.
    ///   - kindName: The words for what a target builds, in the document's language.
    /// - Returns: The DOT text, ending in a line break.
    public func dot(title: String, kindName: (TargetKind) -> String = { $0.rawValue }) -> String {
        var lines = ["digraph \(ClassDiagram.dotQuoted(title)) {",
                     "  graph [rankdir=TB, bgcolor=white, fontname=\"Helvetica\", fontsize=12, labelloc=t, label=\(ClassDiagram.dotQuoted(title)), nodesep=0.3, ranksep=0.6];",
                     "  node [shape=component, fontname=\"Helvetica\", fontsize=10, style=filled, fillcolor=\"#F2F6FC\", color=\"#5B7DB1\"];",
                     "  edge [style=dashed, arrowhead=vee, color=\"#444444\"];"]
        let external = Set(nodes.filter(\.isExternal).map(\.id))
        var users: [String: [String]] = [:]
        for edge in edges where external.contains(edge.to) { users[edge.to, default: []].append(edge.from) }
        let listed = Set(users.filter { $0.value.count == 1 }.keys)
        var listedProducts: [String: [String]] = [:]
        for edge in edges where listed.contains(edge.to) {
            listedProducts[edge.from, default: []].append(nodes.first { $0.id == edge.to }?.name ?? edge.to)
        }
        for node in nodes where !listed.contains(node.id) {
            var look = ""
            var parts = [node.name]
            if let kind = node.kind {
                parts.append("«\(kindName(kind))»")
                if kind.isTest { look = ", fillcolor=\"#FAFAFA\", color=\"#AAAAAA\", fontcolor=\"#666666\"" }
                // Three products a line, so that the box stays narrow.
                let products = listedProducts[node.id] ?? []
                for start in stride(from: 0, to: products.count, by: 3) {
                    let names = products[start..<min(start + 3, products.count)].joined(separator: ", ")
                    parts.append(start == 0 ? "uses: \(names)" : names)
                }
            } else {
                look = ", shape=box, fillcolor=\"#EEEEEE\", color=\"#999999\", fontcolor=\"#555555\""
            }
            // Each part quoted on its own, joined by DOT's centred line break.
            let label = "\"" + parts.map { String(ClassDiagram.dotQuoted($0).dropFirst().dropLast()) }.joined(separator: "\\n") + "\""
            lines.append("  \(ClassDiagram.dotQuoted(node.id)) [label=\(label)\(look)];")
        }
        for edge in edges where !listed.contains(edge.to) {
            lines.append("  \(ClassDiagram.dotQuoted(edge.from)) -> \(ClassDiagram.dotQuoted(edge.to));")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
