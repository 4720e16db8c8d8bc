import Foundation
import Inventory
import SpreadsheetModel
import SpreadsheetReader
import Testing
import TestSupport

@testable import DesignDocument

/// The diagram sheets: pages cut to print legibly, drawn by Graphviz (a dependency `scripts/install-deps` installs),
/// each placed on its own sheet at its true size and printed on one A3 landscape page.
@Suite struct DiagramSheetTests {
    /// A type with `members` methods, declared in `file`.
    static func type(_ name: String, module: String, file: String, superclass: String? = nil) -> TypeRecord {
        TypeRecord(name: name, kind: .class, module: module, file: file, line: 1, column: 7, superclass: superclass)
    }

    /// `count` methods of `type` with long names, so that each box is large.
    static func methods(of type: TypeRecord, count: Int) -> [FunctionRecord] {
        (0..<count).map { index in
            let name = "performTheLongNamedOperationNumber\(index)(with:)"
            return FunctionRecord(file: type.file, line: 2 + index, column: 10, module: type.module, kind: .method, name: name,
                                  baseName: String(name.prefix { $0 != "(" }), signature: "func \(name)", enclosingType: type.name)
        }
    }

    /// A module `Big` with 45 classes in `Models` (each under the project's base class) and 6 in `Views`, and a small
    /// module `Small`: more than one page holds.
    static var largeInventory: Inventory {
        var types = [type("BaseModel", module: "Big", file: "Sources/Big/Models/BaseModel.swift")]
        types += (1..<45).map { type("Model\($0)", module: "Big", file: "Sources/Big/Models/Model\($0).swift", superclass: "BaseModel") }
        types += (0..<6).map { type("Screen\($0)", module: "Big", file: "Sources/Big/Views/Screen\($0).swift", superclass: "UIViewController") }
        types.append(type("Helper", module: "Small", file: "Sources/Small/Helper.swift"))
        return Inventory(project: ProjectInfo(name: "Large", root: "."), types: types,
                         functions: types.flatMap { methods(of: $0, count: 6) })
    }

    /// Writes `inventory` with the built-in design-doc and reads it back twice: as text, and as a document.
    static func render(_ inventory: Inventory, locale: DocumentLocale = .en) throws -> (XLSXReader, SpreadsheetDocument) {
        let url = try Fixtures.folder().appendingPathComponent("diagrams.xlsx")
        var context = Fixtures.context
        context.locale = locale
        try DocumentWriter(template: try Template.resolve("design-doc"), context: context).write(inventory, format: .xlsx, to: url)
        return (try XLSXReader(url: url), try SpreadsheetReader.read(url))
    }

    @Test func eachModuleGetsAClassDiagramSheetWithItsPictureOnOneA3Page() throws {
        let (book, document) = try Self.render(Fixtures.inventory)
        let names = book.sheetNames.filter { $0.hasPrefix("Class diagram") }
        #expect(names == ["Class diagram - TaskBoardApp", "Class diagram - TaskKit"])
        for name in names {
            let sheet = try book.sheet(name)
            #expect(sheet["A1"] == "Class diagram — \(name.dropFirst("Class diagram - ".count))")
            #expect(sheet.pageSetup["orientation"] == "landscape" && sheet.pageSetup["paperSize"] == "8")
            let read = try #require(document.sheets.first { $0.name == name })
            #expect(read.pageSetup.fitToPages == PageSetup.FitToPages(width: 1, height: 1))
            let images = read.images
            #expect(images.count == 1)
            let image = try #require(images.first)
            #expect(image.anchor == CellReference(row: 3, column: 0))
            let size = try #require(Graphviz.pngSize(image.data))
            #expect(size.width > 100 && size.height > 50)
        }
        // TaskStore's box lists its members (few enough to show).
        #expect(ClassDiagram(Fixtures.inventory).nodes.first { $0.name == "TaskStore" }?.members.contains("+add(_:)") == true)
    }

    @Test func contentsListsEveryDiagramPage() throws {
        let (book, _) = try Self.render(Fixtures.inventory)
        let contents = try book.sheet("Contents")
        let listed = (2...20).compactMap { contents["B\($0)"] }
        #expect(listed.contains("Class diagram - TaskBoardApp") && listed.contains("Class diagram - TaskKit"))
        #expect(contents.hyperlinks.values.contains("#'Class diagram - TaskKit'!A1"))
    }

    @Test func aModuleTooLargeForOnePageIsCutByFolderThenInHalvesAndEveryPageFits() throws {
        let drawing = DiagramDrawing([.classes], inventory: Self.largeInventory, title: "Large", locale: .en)
        #expect(drawing.warnings.isEmpty)
        let pages = try #require(drawing.pages[.classes])
        let titles = pages.map(\.title)
        #expect(titles.last == "Small")
        #expect(titles.contains("Big — Views"))
        let modelPages = titles.filter { $0.hasPrefix("Big — Models") }
        #expect(modelPages.count >= 2)
        #expect(modelPages.first == "Big — Models (1/\(modelPages.count))")
        for page in pages {
            let size = try #require(Graphviz.pngSize(page.png))
            #expect(DiagramDrawing.fitsOnePage(width: Double(size.width) / page.dotsPerInch, height: Double(size.height) / page.dotsPerInch),
                    "\(page.title) is \(size.width)×\(size.height) px at \(page.dotsPerInch) dpi")
        }
    }

    @Test func aSheetNameTooLongForExcelNamesTheFolderAloneAndTheCellKeepsTheWholeTitle() throws {
        let (book, _) = try Self.render(Self.largeInventory)
        let names = book.sheetNames.filter { $0.hasPrefix("Class diagram") }
        // "Class diagram - Big — Models (1/2)" is 34 characters: the sheet is named after the folder alone.
        #expect(names.first == "Class diagram - Models (1\u{2044}\(names.filter { $0.contains("Models") }.count))")
        #expect(names.contains("Class diagram - Big — Views") && names.last == "Class diagram - Small")
        #expect(try book.sheet(names[0])["A1"] == "Class diagram — Big — Models (1/\(names.filter { $0.contains("Models") }.count))")
    }

    @Test func aPageDrawsTheTypesItReachesOnOtherPagesAsGreyReferences() {
        let diagram = ClassDiagram(Self.largeInventory)
        let page = diagram.restricted(to: ["Big.Model1", "Big.Screen0"], module: "Big")
        #expect(page.nodes.map(\.id) == ["Big.Model1", "Big.Screen0", "Big.BaseModel", "UIViewController"])
        let reference = page.nodes[2]
        #expect(reference.isExternal && reference.name == "BaseModel" && reference.members.isEmpty)
        #expect(page.edges.map { "\($0.from)>\($0.to)" } == ["Big.Model1>Big.BaseModel", "Big.Screen0>UIViewController"])
        // A type of another module is named with its module.
        let other = diagram.restricted(to: ["Big.Model1"], module: "Small")
        #expect(other.nodes.last?.name == "Big.BaseModel")
    }

    @Test func subfoldersAreTheFirstFolderBelowTheSharedOneNamedFromTheModulesFolder() {
        let nodes = ["Sources/Big/A/One.swift", "Sources/Big/A/Deep/Two.swift", "Sources/Big/B/Three.swift", "Sources/Big/Four.swift"]
            .enumerated().map { ClassDiagram.Node(id: "\($0.offset)", name: "T\($0.offset)", module: "Big", file: $0.element,
                                                  kind: .class, externalConformances: [], members: []) }
        let root = DiagramDrawing.sharedFolder(of: nodes)
        #expect(root == ["Sources", "Big"])
        let groups = DiagramDrawing.subfolders(of: nodes, root: root)
        #expect(groups.map(\.name) == ["A", "B", ""])
        #expect(groups.map { $0.members.map(\.name) } == [["T0", "T1"], ["T2"], ["T3"]])
        // Inside A, the deeper folder is told apart from A itself.
        #expect(DiagramDrawing.subfolders(of: Array(nodes.prefix(2)), root: root).map(\.name) == ["A", "A/Deep"])
    }

    @Test func sharedTitlesAreNumbered() {
        let page = { (title: String) in DiagramPage(title: title, png: Data(), dotsPerInch: 150, seconds: 0) }
        #expect(DiagramDrawing.numbered([page("A"), page("B"), page("A"), page("C")]).map(\.title) == ["A (1/2)", "B", "A (2/2)", "C"])
    }

    @Test func moduleDiagramLinksModulesToModulesAndPackageProducts() throws {
        var inventory = Fixtures.inventory
        inventory.modules = [
            ModuleRecord(name: "TaskBoardApp", kind: .app, project: "TaskBoard.xcodeproj", dependencies: ["TaskKit", "Alamofire"]),
            ModuleRecord(name: "TaskKit", kind: .packageLibrary, project: "Packages/TaskKit/Package.swift", dependencies: ["Alamofire"]),
            ModuleRecord(name: "TaskKitTests", kind: .unitTests, project: "Packages/TaskKit/Package.swift", dependencies: ["TaskKit"]),
        ]
        let diagram = ModuleDiagram(inventory)
        #expect(diagram.nodes.map(\.id) == ["TaskBoardApp@TaskBoard.xcodeproj", "TaskKit@Packages/TaskKit/Package.swift",
                                            "TaskKitTests@Packages/TaskKit/Package.swift", "product:Alamofire"])
        #expect(diagram.edges.map { "\($0.from)>\($0.to)" } == [
            "TaskBoardApp@TaskBoard.xcodeproj>TaskKit@Packages/TaskKit/Package.swift", "TaskBoardApp@TaskBoard.xcodeproj>product:Alamofire",
            "TaskKit@Packages/TaskKit/Package.swift>product:Alamofire",
            "TaskKitTests@Packages/TaskKit/Package.swift>TaskKit@Packages/TaskKit/Package.swift",
        ])
        // The app's arrow to Alamofire follows from its arrow to TaskKit, which uses Alamofire: the picture leaves it out.
        #expect(diagram.reduced().edges.map { "\($0.from)>\($0.to)" } == [
            "TaskBoardApp@TaskBoard.xcodeproj>TaskKit@Packages/TaskKit/Package.swift",
            "TaskKit@Packages/TaskKit/Package.swift>product:Alamofire",
            "TaskKitTests@Packages/TaskKit/Package.swift>TaskKit@Packages/TaskKit/Package.swift",
        ])
        let dot = diagram.dot(title: "TaskBoard") { Words.targetKind($0, .ja) }
        #expect(dot.contains(#""TaskKit@Packages/TaskKit/Package.swift" [label="TaskKit\n«パッケージライブラリ»"];"#))
        #expect(dot.contains(#""product:Alamofire" [label="Alamofire", shape=box"#))
        // A product that one module alone uses is listed in its box, not drawn as a box of its own.
        let reducedDot = diagram.reduced().dot(title: "TaskBoard")
        #expect(reducedDot.contains(#""TaskKit@Packages/TaskKit/Package.swift" [label="TaskKit\n«packageLibrary»\nuses: Alamofire"];"#))
        #expect(!reducedDot.contains("product:Alamofire"))

        let (book, document) = try Self.render(inventory, locale: .ja)
        #expect(book.sheetNames.contains("モジュール構成図"))
        let sheet = try book.sheet("モジュール構成図")
        #expect(sheet["A1"] == "TaskBoard モジュール構成図")
        #expect(document.sheets.first { $0.name == "モジュール構成図" }?.images.count == 1)
    }

    @Test func modulesWithoutDependenciesHaveNoModuleDiagramSheet() throws {
        let (book, _) = try Self.render(Fixtures.inventory)
        #expect(!book.sheetNames.contains("Module diagram"))
    }

    @Test func aDiagramSheetNamesItsDiagramAndOnlyDiagramSheetsTakeTheKey() {
        let header = "name: custom\nsheets:\n"
        #expect(templateLoadError(header + "  - kind: diagram\n    name: D\n    diagram: flowchart\n")
            == "custom.yml:5: 'diagram' must be one of classes, modules, transitions, entities, not 'flowchart'")
        #expect(templateLoadError(header + "  - kind: types\n    name: T\n    diagram: classes\n    columns: [{header: N, field: name}]\n")
            == "custom.yml:5: 'diagram' is not used on a types sheet; it applies to: diagram")
        #expect(templateLoadError(header + "  - kind: diagram\n    name: \"D {{group}}\"\n    diagram: modules\n") == nil)
    }
}
