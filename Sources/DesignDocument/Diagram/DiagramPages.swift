import Foundation
import Inventory
import Parallelism

/// The diagram a `diagram` sheet shows.
public enum DiagramKind: String, CaseIterable, Sendable {
    /// The class diagram (クラス図): one page per module, split by folder when a module has more types than a page
    /// holds legibly.
    case classes
    /// The module structure (モジュール構成図): the modules and package products, with their dependencies.
    case modules
    /// The screen transitions (画面遷移図): the screens and the segues and navigation between them.
    case transitions
    /// The data model (ER図): the entities with their attributes, and their relationships.
    case entities

    /// True for the diagrams of the app's records (screens, entities), which `generate` reads only when shown.
    var isAppRecords: Bool { self == .transitions || self == .entities }
}

/// One printed page of a diagram: what it shows and its picture.
struct DiagramPage: Sendable {
    /// What the page shows: the module, and the folder or part of it (`Account — Views (2/3)`); `{{group}}` on the
    /// diagram's sheet.
    var title: String
    /// The module a page of the class diagram shows, or `nil` for the module diagram.
    var module: String?
    /// Shorter names of the page for a sheet name, which Excel cuts at 31 characters: the module and the folder's
    /// last part (`Account — Tabs (1/2)`), then the folder's last part alone (`Tabs (1/2)`).
    var shorterTitles: [String] = []
    /// The picture as Graphviz drew it.
    var png: Data
    /// The picture's resolution, in dots per inch: 96 / this is the scale that shows it at its true size in Excel.
    var dotsPerInch: Double
    /// How long Graphviz took to lay the page out and draw it, in seconds (every attempt, including the drawings of
    /// a part that turned out too large for one page).
    var seconds: Double
}

/// Cuts diagrams into pages that print legibly, and has Graphviz draw them.
///
/// A page is legible when, shrunk to fit an A3 landscape page inside its margins (15.5 × 10 inches), its 10-point
/// text stays at least 6 points high (``smallestPrintScale``). The class diagram gets one page per module; a module
/// too large for one page is split by folder (the files' first folder below the module's own), then, inside one
/// folder, into halves in file order, until each part fits. A type on another page is drawn grey as a reference, so
/// every line of a page still ends at a box.
struct DiagramDrawing {
    /// The printable part of an A3 landscape page, in inches.
    static let printablePage = (width: 15.5, height: 10.0)
    /// The least a page may be shrunk to fit the paper: 10-point text printed at 6 points.
    static let smallestPrintScale = 0.6
    /// The most boxes a page tries to hold: a larger part is split before it is drawn (it would not fit anyway).
    static let boxLimit = 40

    /// The pages of each kind drawn, in order.
    var pages: [DiagramKind: [DiagramPage]] = [:]
    /// One warning per diagram that could not be drawn.
    var warnings: [String] = []

    /// Draws the diagrams of `kinds` for `inventory`.
    ///
    /// - Parameters:
    ///   - kinds: The diagrams the template's sheets show.
    ///   - inventory: The inventory.
    ///   - title: The project's name, the module diagram's title.
    ///   - locale: The document's language (what a target builds, in the module diagram).
    ///   - cache: Where layouts and pictures of earlier runs are kept, or `nil` to draw every page.
    init(_ kinds: Set<DiagramKind>, inventory: Inventory, title: String, locale: DocumentLocale, cache: DiagramPictureCache? = nil) {
        let graphviz = CachedGraphviz(cache: cache)
        for kind in DiagramKind.allCases where kinds.contains(kind) {
            do {
                switch kind {
                case .classes: pages[kind] = try Self.classPages(ClassDiagram(inventory), graphviz: graphviz)
                case .modules:
                    // Modules without a single dependency have no structure to draw: the sheet is left out.
                    let diagram = ModuleDiagram(inventory).reduced()
                    guard !diagram.edges.isEmpty else { continue }
                    pages[kind] = [try Self.onePage(diagram.dot(title: title) { Words.targetKind($0, locale) }, title: title, graphviz: graphviz)]
                case .transitions:
                    // Without a transition there is nothing to draw: the sheet is left out, as the transition list is.
                    let diagram = TransitionDiagram(inventory)
                    guard !diagram.isEmpty else { continue }
                    pages[kind] = [try Self.onePage(diagram.dot(title: title), title: title, graphviz: graphviz)]
                case .entities:
                    let diagram = EntityDiagram(inventory)
                    guard !diagram.isEmpty else { continue }
                    pages[kind] = [try Self.onePage(diagram.dot(title: title), title: title, graphviz: graphviz)]
                }
            } catch {
                let names: [DiagramKind: String] = [.classes: "the class diagram", .modules: "the module structure diagram",
                                                    .transitions: "the screen-transition diagram", .entities: "the entity-relationship diagram"]
                warnings.append(error.warning(leavingOut: names[kind]!))
            }
        }
    }

    /// `graph` drawn as one page titled `title`, at the resolution its size calls for.
    private static func onePage(_ graph: String, title: String, graphviz: CachedGraphviz) throws(Graphviz.Problem) -> DiagramPage {
        let start = ContinuousClock.now
        let size = try graphviz.size(graph)
        let resolution = resolution(width: size.width, height: size.height)
        let picture = try graphviz.png(graph, dotsPerInch: resolution)
        return DiagramPage(title: title, png: picture.data, dotsPerInch: resolution, seconds: seconds(since: start))
    }

    /// True when a picture of this size (inches at true size) prints legibly on one page.
    static func fitsOnePage(width: Double, height: Double) -> Bool {
        width * smallestPrintScale <= printablePage.width && height * smallestPrintScale <= printablePage.height
    }

    /// The resolution a page is drawn at: 150 dots per printed inch once the page is shrunk to fit the paper (a
    /// laser printer's text needs no more at 6 points), and at most 120. Drawing takes time in proportion to the
    /// pixels, and the pictures are most of the workbook's size: a large page at 150 dpi took a second and 1 MB.
    static func resolution(width: Double, height: Double) -> Double {
        let printScale = min(1, printablePage.width / max(width, 0.01), printablePage.height / max(height, 0.01))
        return min(120, (150 * printScale).rounded())
    }

    /// The pages of the class diagram: its modules side by side, each cut as the type's documentation says.
    static func classPages(_ diagram: ClassDiagram, graphviz: CachedGraphviz) throws(Graphviz.Problem) -> [DiagramPage] {
        let modules = diagram.modules
        let index = ClassDiagram.PageIndex(diagram)
        let byModule = Dictionary(grouping: diagram.nodes.filter { $0.module != nil }) { $0.module! }
        let results = parallelMap(modules) { module -> Result<[DiagramPage], Graphviz.Problem> in
            let members = (byModule[module] ?? []).sorted { ($0.file ?? "", $0.name) < ($1.file ?? "", $1.name) }
            do throws(Graphviz.Problem) {
                let root = sharedFolder(of: members)
                // With one module, a page of a folder is named after the folder alone.
                let prefix = modules.count == 1 ? nil : module
                return .success(numbered(try pages(of: members, in: index, module: module, prefix: prefix, root: root, folder: "", graphviz: graphviz)))
            } catch {
                return .failure(error)
            }
        }
        var drawn: [DiagramPage] = []
        for result in results { drawn += try result.get() }
        return drawn
    }

    /// The pages of `members` (types of `module` in file order, all in `folder`, a path below the module's folder
    /// `root`), split until each fits; a page of a folder is titled `prefix — folder` (the folder alone without a
    /// prefix).
    private static func pages(of members: [ClassDiagram.Node], in diagram: ClassDiagram.PageIndex, module: String, prefix: String?,
                              root: [String], folder: String, graphviz: CachedGraphviz) throws(Graphviz.Problem) -> [DiagramPage] {
        let title = folder.isEmpty ? module : (prefix.map { "\($0) — \(folder)" } ?? folder)
        let leaf = folder.split(separator: "/").last.map(String.init) ?? module
        let shorter = [prefix.map { "\($0) — \(leaf)" } ?? leaf, leaf].filter { $0 != title }.uniqued()
        var seconds = 0.0
        if members.count <= boxLimit {
            let graph = diagram.page(Set(members.map(\.id)), module: module).dot(title: title, clusters: false)
            let start = ContinuousClock.now
            let size = try graphviz.size(graph)
            if members.count == 1 || fitsOnePage(width: size.width, height: size.height) {
                let resolution = resolution(width: size.width, height: size.height)
                let picture = try graphviz.png(graph, dotsPerInch: resolution)
                return [DiagramPage(title: title, module: module, shorterTitles: shorter, png: picture.data, dotsPerInch: resolution,
                                    seconds: Self.seconds(since: start))]
            }
            seconds = Self.seconds(since: start)
        }
        var parts: [DiagramPage] = []
        let folders = subfolders(of: members, root: root)
        if folders.count > 1 {
            for (name, group) in folders { parts += try pages(of: group, in: diagram, module: module, prefix: prefix, root: root, folder: name,
                                                                       graphviz: graphviz) }
        } else {
            let half = members.count / 2
            parts = try pages(of: Array(members[..<half]), in: diagram, module: module, prefix: prefix, root: root, folder: folder,
                              graphviz: graphviz)
                + pages(of: Array(members[half...]), in: diagram, module: module, prefix: prefix, root: root, folder: folder,
                        graphviz: graphviz)
        }
        // The time spent on the drawing that did not fit counts towards the first part.
        if !parts.isEmpty { parts[0].seconds += seconds }
        return parts
    }

    /// The folder, as path components, that holds the files of all `members`.
    static func sharedFolder(of members: [ClassDiagram.Node]) -> [String] {
        let folders = members.map { ($0.file ?? "").split(separator: "/").dropLast().map(String.init) }
        var shared = folders.first ?? []
        for path in folders.dropFirst() { shared = zip(shared, path).prefix { $0 == $1 }.map(\.0) }
        return shared
    }

    /// `members` grouped by their file's folder one level below the folder they all share (files directly in that
    /// folder form a group of their own), in order of first appearance; each group named by its folder's path below
    /// `root` (empty for `root` itself). One group when their files are all in one folder.
    static func subfolders(of members: [ClassDiagram.Node], root: [String]) -> [(name: String, members: [ClassDiagram.Node])] {
        let shared = sharedFolder(of: members)
        var order: [String] = []
        var groups: [String: [ClassDiagram.Node]] = [:]
        for member in members {
            let path = (member.file ?? "").split(separator: "/").dropLast().map(String.init)
            let folder = path.count > shared.count ? shared + [path[shared.count]] : shared
            let key = folder.dropFirst(min(root.count, folder.count)).joined(separator: "/")
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(member)
        }
        return order.map { ($0, groups[$0]!) }
    }

    /// `pages` with a `(k/n)` after each title that several pages share.
    static func numbered(_ pages: [DiagramPage]) -> [DiagramPage] {
        var counts: [String: Int] = [:]
        for page in pages { counts[page.title, default: 0] += 1 }
        var seen: [String: Int] = [:]
        return pages.map { page in
            guard let count = counts[page.title], count > 1 else { return page }
            seen[page.title, default: 0] += 1
            var numbered = page
            let part = " (\(seen[page.title]!)/\(count))"
            numbered.title += part
            numbered.shorterTitles = page.shorterTitles.map { $0 + part }
            return numbered
        }
    }

    /// Seconds since `start`.
    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

/// ``Graphviz`` with a ``DiagramPictureCache`` in front: a layout's size and a picture are taken from the cache when an
/// earlier run kept them for the same DOT text, format and resolution.
struct CachedGraphviz: Sendable {
    /// Where earlier runs' work is kept, or `nil`.
    let cache: DiagramPictureCache?

    /// The laid-out size of `graph`, in inches (``Graphviz/size(_:)``).
    func size(_ graph: String) throws(Graphviz.Problem) -> (width: Double, height: Double) {
        let key = "size\n" + graph
        if let kept = cache?.value(for: key), let text = String(data: kept, encoding: .utf8) {
            let numbers = text.split(separator: " ").compactMap { Double($0) }
            if numbers.count == 2 { return (numbers[0], numbers[1]) }
        }
        let size = try Graphviz.size(graph)
        cache?.keep(Data("\(size.width) \(size.height)".utf8), for: key)
        return size
    }

    /// `graph` drawn as a PNG (``Graphviz/png(_:dotsPerInch:)``).
    func png(_ graph: String, dotsPerInch: Double) throws(Graphviz.Problem) -> (data: Data, width: Int, height: Int) {
        let key = "\(Graphviz.pngFormat) \(Int(dotsPerInch.rounded()))\n" + graph
        if let kept = cache?.value(for: key), let size = Graphviz.pngSize(kept) { return (kept, size.width, size.height) }
        let picture = try Graphviz.png(graph, dotsPerInch: dotsPerInch)
        cache?.keep(picture.data, for: key)
        return picture
    }
}
