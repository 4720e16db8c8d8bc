import Foundation
import Inventory
import Testing

@testable import DesignDocument

/// The class diagram: which boxes and lines an inventory gives, and how each text format writes them.
@Suite struct ClassDiagramTests {
    static func type(_ name: String, _ kind: TypeKind, module: String = "App", superclass: String? = nil,
                     conformances: [String] = [], composition: [TypeRecord.Composition] = []) -> TypeRecord {
        TypeRecord(name: name, kind: kind, module: module, file: "Sources/\(module)/\(name).swift", line: 1, column: 1,
                   superclass: superclass, conformances: conformances, composition: composition)
    }

    /// A small app: a view controller under the project's base class under UIKit's, a protocol of the project,
    /// a model held in an array, and an extension that adds a conformance (which the extractor also merges into
    /// the declaration's record: the diagram reads the declaration's).
    static let inventory = Inventory(
        project: ProjectInfo(name: "Shop", root: "."),
        types: [
            type("BaseViewController", .class, superclass: "UIViewController"),
            type("CartViewController", .class, superclass: "BaseViewController", conformances: ["CartDisplaying", "UITableViewDataSource"],
                 composition: [TypeRecord.Composition(property: "items", type: "Item", isCollection: true),
                               TypeRecord.Composition(property: "pricing", type: "Pricing")]),
            type("CartDisplaying", .protocol),
            type("Item", .struct, conformances: ["Codable", "Equatable"]),
            type("Pricing", .enum, module: "Core"),
            type("Item", .extension, conformances: ["Equatable"]),
        ],
        functions: [
            FunctionRecord(file: "Sources/App/Item.swift", line: 3, column: 5, module: "App", kind: .method, name: "total()",
                           baseName: "total", signature: "func total() -> Int", enclosingType: "Item",
                           accessLevel: .public, effectiveAccess: .public),
        ],
        properties: [
            PropertyRecord(file: "Sources/App/Item.swift", line: 2, column: 9, module: "App", kind: .property, name: "price",
                           type: "Int", declaration: "private var price: Int", enclosingType: "Item", accessLevel: .private),
        ])

    @Test func boxesAreTheDeclaredTypesAndTheExternalSuperclasses() {
        let diagram = ClassDiagram(Self.inventory)
        #expect(diagram.nodes.map(\.id) == ["App.BaseViewController", "App.CartDisplaying", "App.CartViewController", "App.Item",
                                            "Core.Pricing", "UIViewController"])
        #expect(diagram.nodes.last?.isExternal == true)
        let cart = diagram.nodes.first { $0.name == "CartViewController" }
        #expect(cart?.externalConformances == ["UITableViewDataSource"])
        #expect(diagram.nodes.first { $0.name == "Item" }?.members == ["-price: Int", "+total()"])
    }

    @Test func linesAreInheritanceConformanceAndComposition() {
        let edges = ClassDiagram(Self.inventory).edges.map { "\($0.from) \($0.relation.rawValue) \($0.to) \($0.label ?? "")" }
        #expect(edges == [
            "App.BaseViewController inheritance UIViewController ",
            "App.CartViewController inheritance App.BaseViewController ",
            "App.CartViewController conformance App.CartDisplaying ",
            "App.CartViewController composition App.Item items *",
            "App.CartViewController composition Core.Pricing pricing",
        ])
    }

    @Test func aTypeWithManyMembersShowsItsNameOnly() {
        let functions = (0...ClassDiagram.memberLimit).map { index in
            FunctionRecord(file: "Sources/App/Big.swift", line: index + 2, column: 5, module: "App", kind: .method, name: "f\(index)()",
                           baseName: "f\(index)", signature: "func f\(index)()", enclosingType: "Big")
        }
        let inventory = Inventory(project: ProjectInfo(name: "P", root: "."), types: [Self.type("Big", .class)], functions: functions)
        #expect(ClassDiagram(inventory).nodes.first?.members == [])
    }

    @Test func aNameDeclaredInTwoModulesResolvesToTheSameModuleFirst() {
        let inventory = Inventory(project: ProjectInfo(name: "P", root: "."), types: [
            Self.type("Model", .class, module: "A"), Self.type("Model", .class, module: "B"),
            Self.type("Child", .class, module: "B", superclass: "Model"),
            Self.type("Orphan", .class, module: "C", superclass: "Model"),
        ], functions: [])
        let edges = ClassDiagram(inventory).edges.map { "\($0.from)>\($0.to)" }
        // C sees two candidates and picks neither: the superclass stays a name, drawn as an outside class.
        #expect(edges == ["B.Child>B.Model", "C.Orphan>Model"])
    }

    @Test func dotHasAClusterPerModuleAndUMLArrowheads() {
        let dot = ClassDiagram(Self.inventory).dot(title: "Shop")
        #expect(dot.hasPrefix("digraph \"Shop\" {\n"))
        #expect(dot.contains("subgraph cluster_0 {\n    label=\"App\";"))
        #expect(dot.contains("subgraph cluster_1 {\n    label=\"Core\";"))
        #expect(dot.contains("\"App.CartViewController\" -> \"App.BaseViewController\" [arrowhead=empty];"))
        #expect(dot.contains("\"App.CartViewController\" -> \"App.CartDisplaying\" [arrowhead=empty, style=dashed];"))
        #expect(dot.contains("\"App.Item\" -> \"App.CartViewController\" [dir=back, arrowtail=diamond, arrowhead=none, label=\"items *\"];"))
        #expect(dot.contains("\"App.Item\" [label=\"{«struct»\\nItem\\n: Codable, Equatable|-price: Int\\l+total()\\l}\"];"))
    }

    @Test func recordLabelsEscapeWhatStructuresThem() {
        #expect(ClassDiagram.recordEscaped("f(_:) -> [Int: {x}] | y") == "f(_:) -\\> [Int: \\{x\\}] \\| y")
        #expect(ClassDiagram.dotQuoted("a \"b\" \\c") == "\"a \\\"b\\\" \\\\c\"")
    }

    @Test func mermaidUsesNamespacesAndItsOwnArrows() {
        let mermaid = ClassDiagram(Self.inventory).mermaid()
        let lines = mermaid.split(separator: "\n").map(String.init)
        #expect(lines.first == "classDiagram")
        #expect(lines.contains("  namespace App {") && lines.contains("  namespace Core {"))
        #expect(lines.contains("    class T3[\"Item\"] {") && lines.contains("      <<struct>>"))
        #expect(lines.contains("  T0 <|-- T2"))   // CartViewController is a BaseViewController
        #expect(lines.contains("  T1 <|.. T2"))   // CartViewController conforms to CartDisplaying
        #expect(lines.contains("  T2 *-- T3 : items *"))
        #expect(ClassDiagram.mermaidText("f() -> Array<Int>") == "f() → Array~Int~")
    }

    @Test func plantUMLUsesPackagesAndKeywords() {
        let uml = ClassDiagram(Self.inventory).plantUML(title: "Shop")
        let lines = uml.split(separator: "\n").map(String.init)
        #expect(lines.first == "@startuml" && lines.last == "@enduml")
        #expect(lines.contains("package \"App\" {") && lines.contains("package \"Core\" {"))
        #expect(lines.contains("  interface \"CartDisplaying\" as T1"))
        #expect(lines.contains("  enum \"Pricing\" as T4"))
        #expect(lines.contains("class \"UIViewController\" as T5 #EEEEEE"))
        #expect(lines.contains("T5 <|-- T0") && lines.contains("T1 <|.. T2") && lines.contains("T2 *-- T4 : pricing"))
    }

    @Test func diagramFormatsComeFromTheirExtensions() {
        #expect(OutputFormat(pathExtension: "gv") == .dot && OutputFormat(pathExtension: "DOT") == .dot)
        #expect(OutputFormat(pathExtension: "mmd") == .mermaid && OutputFormat(pathExtension: "puml") == .plantuml)
        #expect(OutputFormat.allCases.filter(\.isDiagram) == [.dot, .mermaid, .plantuml])
    }

    @Test func aReviewHasNoDiagramForm() throws {
        let writer = DocumentWriter(template: try Template.resolve("review"), context: DocumentContext(projectName: "P", generatedAt: Date()))
        let diff = InventoryDiff(base: "main", head: "HEAD", added: [], removed: [], changed: [])
        #expect(throws: DesignDocumentError.unsupportedReviewFormat(.mermaid)) {
            try writer.writeReview(diff, format: .mermaid, to: URL(fileURLWithPath: "/nonexistent/review.mmd"))
        }
    }
}
