import Foundation
import Inventory
import Parallelism

/// The diagram a picture marker of a client's form shows (``PictureMarker``): each case is one graph drawn once, however
/// many cells show it.
enum DiagramSubject: Hashable, Sendable {
    /// The project's class diagram, a frame per module.
    case projectClasses
    /// The class diagram of one module.
    case moduleClasses(String)
    /// The module structure: the modules and their dependencies.
    case moduleStructure
    /// One type with its neighbours: what it inherits from, conforms to and holds, and what inherits from, conforms
    /// to or holds it (drawn grey, without members).
    case type(module: String, name: String)
    /// The screen-transition diagram.
    case transitions
    /// The entity-relationship diagram.
    case entities

    /// What the diagram is, for warnings.
    var name: String {
        switch self {
        case .projectClasses: return "the class diagram"
        case .moduleClasses(let module): return "the class diagram of \(module)"
        case .moduleStructure: return "the module structure diagram"
        case .type(let module, let name): return "the class diagram of \(module).\(name)"
        case .transitions: return "the screen-transition diagram"
        case .entities: return "the entity-relationship diagram"
        }
    }

    /// The diagram as DOT text, or `nil` when it has nothing to draw (no types; no module depending on another).
    ///
    /// - Parameters:
    ///   - classes: The project's class diagram, indexed.
    ///   - inventory: The inventory (the module structure is made from it).
    ///   - title: The project's name.
    ///   - locale: The document's language (what a target builds, in the module structure).
    func graph(classes: ClassDiagram.PageIndex, inventory: Inventory, title: String, locale: DocumentLocale) -> String? {
        switch self {
        case .projectClasses:
            guard !classes.diagram.nodes.isEmpty else { return nil }
            return classes.diagram.dot(title: title)
        case .moduleClasses(let module):
            let ids = Set(classes.diagram.nodes.filter { $0.module == module }.map(\.id))
            guard !ids.isEmpty else { return nil }
            return classes.page(ids, module: module).dot(title: module, clusters: false)
        case .moduleStructure:
            let diagram = ModuleDiagram(inventory).reduced()
            guard !diagram.edges.isEmpty else { return nil }
            return diagram.dot(title: title) { Words.targetKind($0, locale) }
        case .type(let module, let name):
            // An extension shows the type it extends, when the project declares it.
            guard let id = classes.positions["\(module).\(name)"] != nil ? "\(module).\(name)"
                    : classes.diagram.nodes.first(where: { !$0.isExternal && $0.name == name })?.id else { return nil }
            var page = classes.page([id], module: module)
            // The boxes that point at the type, as references.
            let shown = Set(page.nodes.map(\.id))
            for edge in classes.diagram.edges where edge.to == id && edge.from != id {
                page.edges.append(edge)
                guard !shown.contains(edge.from), !page.nodes.contains(where: { $0.id == edge.from }),
                      let position = classes.positions[edge.from] else { continue }
                var node = classes.diagram.nodes[position]
                if let other = node.module, other != module { node.name = "\(other).\(node.name)" }
                node.module = nil
                node.members = []
                node.externalConformances = []
                page.nodes.append(node)
            }
            return page.dot(title: name, clusters: false)
        case .transitions:
            let diagram = TransitionDiagram(inventory)
            return diagram.isEmpty ? nil : diagram.dot(title: title)
        case .entities:
            let diagram = EntityDiagram(inventory)
            return diagram.isEmpty ? nil : diagram.dot(title: title)
        }
    }
}

/// A diagram drawn for the picture markers of a form: its picture, or why there is none.
enum MarkerPicture: Sendable {
    /// The picture, its size at true size in pixels (at 96 dpi) and what it shows.
    case drawn(png: Data, width: Double, height: Double, title: String)
    /// Nothing to draw, or Graphviz could not draw it: the cell gets `text`.
    case notDrawn(text: String)
}

/// Draws the diagrams the picture markers of a form show, each once, side by side.
enum MarkerDiagrams {
    /// The pictures of `subjects`, and one warning per diagram left out (one for every diagram when Graphviz is
    /// missing).
    ///
    /// - Parameters:
    ///   - subjects: The diagrams to draw.
    ///   - inventory: The inventory.
    ///   - title: The project's name.
    ///   - locale: The document's language (the words in a cell without its picture).
    ///   - cache: Where layouts and pictures of earlier runs are kept, or `nil`.
    ///   - source: The form's path, for the warnings.
    static func draw(_ subjects: Set<DiagramSubject>, inventory: Inventory, title: String, locale: DocumentLocale,
                     cache: DiagramPictureCache?, source: String) -> (pictures: [DiagramSubject: MarkerPicture], warnings: [String]) {
        guard !subjects.isEmpty else { return ([:], []) }
        let graphviz = CachedGraphviz(cache: cache)
        let classes = ClassDiagram.PageIndex(ClassDiagram(inventory))
        let ordered = Array(subjects).sorted { $0.name < $1.name }
        let drawn = parallelMap(ordered) { subject -> Result<MarkerPicture?, Graphviz.Problem> in
            guard let graph = subject.graph(classes: classes, inventory: inventory, title: title, locale: locale) else { return .success(nil) }
            do throws(Graphviz.Problem) {
                let size = try graphviz.size(graph)
                let resolution = DiagramDrawing.resolution(width: size.width, height: size.height)
                let picture = try graphviz.png(graph, dotsPerInch: resolution)
                let scale = 96 / resolution
                return .success(.drawn(png: picture.data, width: Double(picture.width) * scale, height: Double(picture.height) * scale,
                                       title: subject.name))
            } catch {
                return .failure(error)
            }
        }
        var pictures: [DiagramSubject: MarkerPicture] = [:]
        var warnings: [String] = []
        var missingGraphviz = false
        var empty: [String] = []
        for (subject, result) in zip(ordered, drawn) {
            switch result {
            case .success(let picture?):
                pictures[subject] = picture
            case .success(nil):
                pictures[subject] = .notDrawn(text: emptyText(locale))
                empty.append(subject.name)
            case .failure(.notInstalled):
                pictures[subject] = .notDrawn(text: notDrawnText(locale))
                if !missingGraphviz {
                    missingGraphviz = true
                    warnings.append(Graphviz.Problem.notInstalled.warning(leavingOut: "the diagrams at the form's picture markers"))
                }
            case .failure(let problem):
                pictures[subject] = .notDrawn(text: notDrawnText(locale))
                warnings.append(problem.warning(leavingOut: subject.name))
            }
        }
        if !empty.isEmpty {
            let named = empty.prefix(3).joined(separator: ", ") + (empty.count > 3 ? " and \(empty.count - 3) more" : "")
            warnings.append("warning: \(source): \(named) \(empty.count == 1 ? "has" : "have") nothing to draw "
                            + "(no types; no module depending on another); the marker's cell says so")
        }
        return (pictures, warnings)
    }

    /// The words in a marker's cell when its diagram has nothing to draw.
    static func emptyText(_ locale: DocumentLocale) -> String {
        switch locale {
        case .en: return "(no diagram: nothing to draw)"
        case .ja: return "（図なし：描く対象がありません）"
        case .vi: return "(không có sơ đồ: không có gì để vẽ)"
        }
    }

    /// The words in a marker's cell when Graphviz could not draw its diagram.
    static func notDrawnText(_ locale: DocumentLocale) -> String {
        switch locale {
        case .en: return "(diagram not drawn: Graphviz is needed)"
        case .ja: return "（図は未作成：Graphviz が必要です）"
        case .vi: return "(chưa vẽ sơ đồ: cần Graphviz)"
        }
    }
}
