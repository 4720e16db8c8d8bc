import Foundation
import Inventory
import Testing

@testable import SwiftExtraction

/// Files with syntax errors still yield records, plus one warning naming the first error.
@Suite struct DiagnosticTests {
    @Test func missingBraceStillExtractsAndWarns() {
        let extraction = extract("struct S {\n    func a() {}\n    func b() {\n")
        #expect(extraction.functions.map(\.name) == ["a()", "b()"])
        #expect(extraction.diagnostics.count == 1)
        let diagnostic = extraction.diagnostics.first
        #expect(diagnostic?.severity == .warning)
        #expect(diagnostic?.file == "Sources/App/File.swift")
        #expect((diagnostic?.line, diagnostic?.column) == (3, 15))
        #expect(diagnostic?.message.hasPrefix("syntax error: expected '}'") == true)
    }

    @Test func unexpectedCodeIsNamed() {
        let extraction = extract("func a() {}\nfunc b() {} }}\nfunc c() {}")
        #expect(extraction.functions.map(\.name) == ["a()", "b()", "c()"])
        let diagnostic = extraction.diagnostics.first
        #expect((diagnostic?.line, diagnostic?.column) == (2, 13))
        #expect(diagnostic?.message.contains("unexpected code '}}'") == true)
    }

    @Test func functionWithoutANameIsNotReported() {
        let extraction = extract("struct S {\n    func (x: Int) {}\n    func g() {}\n}")
        #expect(extraction.functions.map(\.name) == ["g()"])
        #expect(extraction.diagnostics.count == 1)
    }

    @Test func deeplyNestedBracketsAreSkippedNotParsedForever() {
        let depth = 40  // about 2^40 steps for SwiftParser as written
        let source = "struct S {\n    func a() { let x = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            + " }\n    /// Kept.\n    func b(x: [[Int]] = [[1]]) {}\n}\n"
        let extraction = extract(source, parsingBodies: true)
        #expect(extraction.functions.map(\.name) == ["a()", "b(x:)"])
        #expect(extraction.functions.last?.doc?.summary == "Kept.")
        #expect(extraction.functions.last?.line == 4)
        #expect(extraction.diagnostics.count == 1)
        #expect(extraction.diagnostics.first?.line == 2)
        #expect(extraction.diagnostics.first?.column == 24)
        #expect(extraction.diagnostics.first?.message.contains("nested or chained too deep") == true)
    }

    @Test func squareBracketsCountThroughParenthesesBetweenThem() {
        let source = "func f() { let x = " + String(repeating: "[(", count: 20) + "1" + String(repeating: ")]", count: 20)
            + " }\n/// Kept.\npublic func g() {}\n"
        let extraction = extract(source, parsingBodies: true)
        #expect(extraction.functions.map(\.name) == ["f()", "g()"])
        #expect(extraction.diagnostics.map(\.line) == [1])
    }

    @Test func bracketsInStringsAndCommentsDoNotCount() {
        let brackets = String(repeating: "[", count: 30)
        let source = "// \(brackets)\n/* \(brackets) */\nlet s = \"\(brackets)\"\nfunc f() {}\n"
        #expect(DeepNestingGuard.defused(source) == nil)
        #expect(extract(source).functions.map(\.name) == ["f()"])
    }

    @Test func bracketsInRawStringsAreLeftAlone() {
        let brackets = String(repeating: "[", count: 30)
        let raw = "let r = #\"a \"quoted\" \(brackets)\"#\nlet m = ##\"\"\"\n\"\"\" \"\(brackets)\n\"\"\"##\nfunc f() {}\n"
        #expect(DeepNestingGuard.defused(raw) == nil)
    }

    @Test func unclosedBracketsBeyondTheLimitLoseOnlyTheirOpenings() {
        let source = "let x = " + String(repeating: "[", count: 30) + "\nfunc g() {}\n"
        let defused = DeepNestingGuard.defused(source)
        #expect(defused?.text == "let x = " + String(repeating: "[", count: 16) + String(repeating: " ", count: 14)
            + "\nfunc g() {}\n")
        #expect(defused?.regions == [DeepNestingGuard.BlankedRegion(line: 1, column: 25)])
    }

    @Test func aFileThatDisappearedSinceTheListingIsLeftOutWithAWarning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = folder.appendingPathComponent("Kept.swift")
        try Data("public func kept() {}\n".utf8).write(to: kept)
        let files = [SourceFile(relativePath: "Gone.swift", url: folder.appendingPathComponent("Gone.swift"), module: "App"),
                     SourceFile(relativePath: "Kept.swift", url: kept, module: "App")]
        let result = try SwiftExtractor().extract(files: files, cache: nil)
        #expect(result.functions.map(\.name) == ["kept()"])
        #expect(result.diagnostics.map(\.description)
            == ["Gone.swift:1:1: warning: the file disappeared during the scan; it is left out"])
    }

    @Test func mergeConflictMarkersAreReported() {
        let source = "func a() {}\n<<<<<<< HEAD\nfunc ours() {}\n=======\nfunc theirs() {}\n>>>>>>> branch\nfunc b() {}\n"
        let extraction = extract(source)
        #expect(extraction.functions.map(\.name) == ["a()", "b()"])
        #expect(extraction.diagnostics.map(\.line) == [2])
        #expect(extraction.diagnostics.first?.message.hasPrefix("unresolved merge conflict") == true)
    }

    @Test func diagnosticDescriptionIsEditorFormat() {
        let diagnostic = extract("func a( {}").diagnostics.first
        #expect(diagnostic?.description.hasPrefix("Sources/App/File.swift:1:") == true)
        #expect(diagnostic?.description.contains(": warning: syntax error:") == true)
    }

    @Test func validFileHasNoDiagnostics() {
        #expect(extract("func a() {}").diagnostics.isEmpty)
    }
}
