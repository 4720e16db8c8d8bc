import FileSupport
import Foundation
import Testing
import TestSupport

/// `generate --format dot|mermaid|plantuml` on a real sample, with Graphviz itself as the referee of the DOT text:
/// `dot -Tplain` must read it and lay out every box and line the diagram declares. Needs the `dot` program, which
/// `scripts/install-deps` installs (apt's graphviz); fails, never skips, without it.
@Suite struct ClassDiagramCommandTests {
    static let taskBoard = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples/TaskBoard").path

    /// `dot` on the `PATH`, or `nil`.
    static let dot: String? = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func graphvizLaysOutEveryBoxAndLineOfTheSample() throws {
        let dot = try #require(Self.dot, "Graphviz's dot is not installed: run scripts/install-deps")
        let sandbox = try DocSheetRunner.Sandbox()
        let run = try sandbox.docsheet("generate", Self.taskBoard, "--format", "dot", "--output", "classes.dot")
        #expect(run.status == 0, "\(run.error)")
        let text = try #require(sandbox.read("classes.dot"))
        let declaredNodes = text.split(separator: "\n").filter { $0.contains(" [label=\"{") }.count
        let declaredEdges = text.split(separator: "\n").filter { $0.contains("\" -> \"") }.count
        let layout = try sandbox.run(dot, ["-Tplain", "classes.dot"])
        #expect(layout.status == 0, "\(layout.error)")
        #expect(layout.error.isEmpty, "Graphviz warned: \(layout.error)")
        let lines = layout.output.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("node ") }.count == declaredNodes)
        #expect(lines.filter { $0.hasPrefix("edge ") }.count == declaredEdges)
        #expect(declaredNodes > 30 && declaredEdges > 10)
        // The sample's view controllers sit under its own base class, which sits under UIKit's.
        #expect(text.contains("\"TaskBoard.BaseViewController\" -> \"UIViewController\" [arrowhead=empty];"))
        #expect(text.contains("\"TaskBoard.BoardViewController\" -> \"TaskBoard.BaseViewController\" [arrowhead=empty];"))
    }

    @Test func linesBetweenModulesAreLaidOutToo() throws {
        // Without `newrank`, dot dropped lines from a type in one module's cluster to a type in another's.
        let dot = try #require(Self.dot, "Graphviz's dot is not installed: run scripts/install-deps")
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Models/Status.swift", "public struct Status {}\npublic struct Context {}\n")
        try sandbox.write("Feature/Row.swift", """
            import Models
            final class RowModel { let status: Status; let context: [Context] }
            final class DetailModel { var context: Context? }
            """)
        #expect(try sandbox.docsheet("generate", "--format", "dot", "--output", "classes.dot").status == 0)
        let layout = try sandbox.run(dot, ["-Tplain", "classes.dot"])
        #expect(layout.status == 0 && layout.error.isEmpty, "\(layout.error)")
        #expect(layout.output.split(separator: "\n").filter { $0.hasPrefix("edge ") }.count == 3)
    }

    @Test func theWorkbooksClassDiagramSheetsAreTimedPerPageWithVerbose() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        let run = try sandbox.docsheet("generate", Self.taskBoard, "-v", "--output", "design.xlsx")
        #expect(run.status == 0, "\(run.error)")
        let timing = try #require(run.error.split(separator: "\n").first { $0.contains("diagrams: ") }, "\(run.error)")
        // The sample's one module is cut by folder (ViewControllers, Views, Models, …): its pages are counted together.
        #expect(timing.contains(" pages in ") && timing.contains("s of Graphviz (TaskBoard classes ") && timing.contains(" pages "), "\(timing)")
        let book = try XLSXReader(url: sandbox.url.appendingPathComponent("design.xlsx"))
        #expect(book.sheetNames.contains("Class diagram - ViewControllers"))
        #expect(book.sheetNames.filter { $0.hasPrefix("Class diagram - ") }.count >= 5)
    }

    @Test func withoutGraphvizTheWorkbookIsWrittenWithoutDiagramsAndAWarning() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        // A PATH with docsheet alone: no dot (and no git, which generate does without).
        var environment = sandbox.environment
        environment["PATH"] = DocSheetRunner.binary.deletingLastPathComponent().path
        let result = try ProcessRunner.run(executable: DocSheetRunner.binary.path,
                                           arguments: ["generate", Self.taskBoard, "--output", "design.xlsx"],
                                           directory: sandbox.url, environment: environment)
        let error = String(decoding: result.standardError, as: UTF8.self)
        #expect(result.status == 0, "\(error)")
        #expect(error.contains("warning: the class diagram left out: Graphviz's 'dot' program was not found on PATH; install Graphviz"),
                "\(error)")
        let book = try XLSXReader(url: sandbox.url.appendingPathComponent("design.xlsx"))
        #expect(!book.sheetNames.contains { $0.hasPrefix("Class diagram") })
        #expect(book.sheetNames.contains("Functions"))
    }

    @Test func mermaidAndPlantUMLGoToStandardOutput() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        let mermaid = try sandbox.docsheet("generate", Self.taskBoard, "--format", "mermaid", "--output", "-")
        #expect(mermaid.status == 0, "\(mermaid.error)")
        #expect(mermaid.output.hasPrefix("classDiagram\n  namespace TaskBoard {\n"))
        let uml = try sandbox.docsheet("generate", Self.taskBoard, "--output", "-", "--format", "plantuml")
        #expect(uml.status == 0, "\(uml.error)")
        #expect(uml.output.hasPrefix("@startuml\ntitle TaskBoard\n") && uml.output.hasSuffix("@enduml\n"))
    }

    @Test func aReviewAsADiagramIsAUsageError() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("Sources/App/Store.swift", "func f() {}\n")
        try sandbox.commitAll("first")
        let run = try sandbox.docsheet("diff", "HEAD", "--format", "dot", "--output", "review.dot")
        #expect(run.status == 2)
        #expect(run.error.contains("--format dot: a class diagram shows one revision, not a review"), "\(run.error)")
        #expect(sandbox.read("review.dot") == nil)
    }
}
