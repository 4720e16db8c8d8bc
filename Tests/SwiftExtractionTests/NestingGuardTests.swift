import Inventory
import Testing
import TestSupport

@testable import SwiftExtraction

/// Generated code nests and chains far deeper than SwiftParser's recursive descent can take on an ordinary stack:
/// every construct below, 10,000 deep, once crashed a run or hung it. Now each file yields what can be read and
/// exactly one warning naming where the skipped part starts (Documentation/Extraction.md, "Robustness"). Function
/// bodies are parsed here: an emptied body is not parsed at all (`FunctionBodySkippingTests`), so most of these
/// constructs, written inside one, would not reach the guard.
@Suite struct NestingGuardTests {
    /// `body` (one line, the deep construct) followed by a documented function that must survive.
    private func extractDeep(_ body: String) -> FileExtraction {
        extract(body + "\n/// Kept.\npublic func after() {}\n", parsingBodies: true)
    }

    /// The warning of a file with one too-deep part: exactly one, at line 1 (where every construct here starts).
    private func expectOneWarning(_ extraction: FileExtraction, column: Int? = nil) {
        let warnings = extraction.diagnostics.filter { $0.message.hasPrefix("nested or chained too deep") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 1)
        if let column { #expect(warnings.first?.column == column) }
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.file == "Sources/App/File.swift")
    }

    private func expectAfterKept(_ extraction: FileExtraction) {
        let after = extraction.functions.first { $0.name == "after()" }
        #expect(after?.doc?.summary == "Kept.")
        #expect(after?.line == 3)
    }

    @Test func genericsSixteenHundredDeep() {
        let depth = 1_600
        let extraction = extractDeep("func f() -> " + String(repeating: "Array<", count: depth) + "Int"
            + String(repeating: ">", count: depth) + " { fatalError() }")
        #expect(extraction.functions.map(\.name) == ["f()", "after()"])
        // The 128th `Array<` keeps its angle brackets; what is inside them is skipped.
        expectOneWarning(extraction, column: 13 + 127 * 6 + 5)
        expectAfterKept(extraction)
    }

    @Test func genericsTenThousandDeep() {
        let depth = 10_000
        let extraction = extractDeep("func f() -> " + String(repeating: "Array<", count: depth) + "Int"
            + String(repeating: ">", count: depth) + " { fatalError() }")
        #expect(extraction.functions.map(\.name) == ["f()", "after()"])
        expectOneWarning(extraction)
        expectAfterKept(extraction)
    }

    @Test func parentheses() {
        let extraction = extractDeep("let x = " + String(repeating: "(", count: 10_000) + "1"
            + String(repeating: ")", count: 10_000))
        expectOneWarning(extraction, column: 9 + 127)
        expectAfterKept(extraction)
    }

    @Test func braces() {
        let extraction = extractDeep("func g() " + String(repeating: "{", count: 10_000)
            + String(repeating: "}", count: 10_000))
        #expect(extraction.functions.map(\.name) == ["g()", "after()"])
        expectOneWarning(extraction, column: 10 + 127)
        expectAfterKept(extraction)
    }

    @Test func closures() {
        let extraction = extractDeep("let c = " + String(repeating: "{ ", count: 10_000)
            + String(repeating: "}", count: 10_000))
        expectOneWarning(extraction)
        expectAfterKept(extraction)
    }

    @Test func squareBracketsTenThousandDeep() {
        let extraction = extractDeep("let s = " + String(repeating: "[", count: 10_000)
            + String(repeating: "]", count: 10_000))
        expectOneWarning(extraction, column: 9)
        expectAfterKept(extraction)
    }

    @Test func stringInterpolation() {
        let extraction = extractDeep("let s = " + String(repeating: "\"\\(", count: 10_000) + "1"
            + String(repeating: ")\"", count: 10_000))
        expectOneWarning(extraction)
        expectAfterKept(extraction)
    }

    @Test func conditionalCompilationBlocks() {
        let source = String(repeating: "#if A\n", count: 10_000) + "func inner() {}\n"
            + String(repeating: "#endif\n", count: 10_000) + "/// Kept.\npublic func after() {}\n"
        let extraction = extract(source, parsingBodies: true)
        let warnings = extraction.diagnostics.filter { $0.message.hasPrefix("nested or chained too deep") }
        #expect(warnings.map(\.line) == [32])  // the 32nd `#if` keeps its condition-less shell
        #expect(extraction.functions.map(\.name) == ["after()"])
        #expect(extraction.functions.first?.line == 20_003)
    }

    @Test func nestedTypes() {
        let extraction = extractDeep(String(repeating: "struct A {", count: 10_000) + "func inner() {}"
            + String(repeating: "}", count: 10_000))
        expectOneWarning(extraction)
        expectAfterKept(extraction)
        #expect(extraction.types.count == 128)
    }

    @Test func memberAccessChain() {
        let extraction = extractDeep("let m = a" + String(repeating: ".b", count: 100_000))
        expectOneWarning(extraction, column: 10)
        expectAfterKept(extraction)
    }

    @Test func memberAccessChainOverManyLines() {
        let source = "let m = a\n" + String(repeating: "    .b()\n", count: 10_000) + "/// Kept.\npublic func after() {}\n"
        let extraction = extract(source, parsingBodies: true)
        #expect(extraction.diagnostics.filter { $0.message.hasPrefix("nested or chained") }.map(\.line) == [2])
        #expect(extraction.functions.map(\.line) == [10_003])
    }

    @Test func callChain() {
        let extraction = extractDeep("let m = f" + String(repeating: "()", count: 100_000))
        expectOneWarning(extraction)
        expectAfterKept(extraction)
    }

    @Test func prefixOperators() {
        let extraction = extractDeep("let p = " + String(repeating: "- ", count: 100_000) + "1")
        expectOneWarning(extraction, column: 9)
        expectAfterKept(extraction)
    }

    @Test func tryAndAwait() {
        let extraction = extractDeep("func t() async throws { " + String(repeating: "try await ", count: 50_000) + "f() }")
        #expect(extraction.functions.map(\.name) == ["t()", "after()"])
        expectOneWarning(extraction)
        expectAfterKept(extraction)
    }

    @Test func optionalTypes() {
        let extraction = extractDeep("var o: Int" + String(repeating: "?", count: 100_000))
        expectOneWarning(extraction)
        expectAfterKept(extraction)
    }

    @Test func functionTypeArrows() {
        let extraction = extractDeep("var fn: " + String(repeating: "() -> ", count: 100_000) + "Int")
        expectOneWarning(extraction)
        expectAfterKept(extraction)
    }

    @Test func elseIfChain() {
        let extraction = extractDeep("func e() { if a {}" + String(repeating: " else if a {}", count: 100_000) + " }")
        #expect(extraction.functions.map(\.name) == ["e()", "after()"])
        expectOneWarning(extraction)
        expectAfterKept(extraction)
    }

    @Test func mixedKindsCountTogether() {
        let level = "f(a: [g { Array<"
        let extraction = extractDeep("let x = " + String(repeating: level, count: 2_500) + "Int"
            + String(repeating: ">()}])", count: 2_500))
        expectOneWarning(extraction)
        expectAfterKept(extraction)
    }

    @Test func chainsCountTogetherAcrossTheLevelsTheyNest() {
        // 120 levels of a 4,000-link chain calling into the next: each chain is within the limit, the tree is
        // 480,000 levels deep.
        let chain = "a" + String(repeating: ".b", count: 4_000)
        let extraction = extractDeep("let x = " + String(repeating: chain + "(", count: 120) + "1"
            + String(repeating: ")", count: 120))
        // Reported where the chain that crosses the limit starts: the second level's.
        expectOneWarning(extraction, column: 9 + chain.utf8.count + 2)
        expectAfterKept(extraction)
    }

    @Test func aDeepRunThatABraceCutsShortIsDefused() throws {
        // Found by the FuzzRecords target: 8 square brackets, a brace, 23 more, and the brace closing over them —
        // 31 open at once, which took SwiftParser minutes. Those beyond the 16th lose their openings, in one scan.
        let line = String(repeating: "[", count: 8) + "{" + String(repeating: "[", count: 23) + "}"
        let defused = try #require(DeepNestingGuard.defused(line + "\n"))
        #expect(defused.text.filter { $0 == "[" }.count == 16)
        #expect(defused.regions == [DeepNestingGuard.BlankedRegion(line: 1, column: 18)])
        expectAfterKept(extractDeep(line))
    }

    @Test func manyDeepRunsCutShortByBracesAreAllDefused() throws {
        // Each run needs its own blanking; a scan per run (at most eight) used to leave the later ones whole.
        let run = String(repeating: "[", count: 8) + "{" + String(repeating: "[", count: 20) + "}"
        let source = String(repeating: run + "\n", count: 20)
        let defused = try #require(DeepNestingGuard.defused(source))
        #expect(DeepNestingGuard.defused(defused.text) == nil)
        expectAfterKept(extractDeep(String(repeating: run, count: 20)))
    }

    @Test func aDeepRunUnderUnclosedBracketsIsDefusedInOneScan() throws {
        // Found by the FuzzRecords target (reduced from a 2,046-byte input that took SwiftParser minutes): 30 square
        // brackets open, 13 of them closed. The 17 still open lose their openings, so the run left is 13 deep; one
        // of them per scan used to leave 22 open at once after the last scan.
        let line = String(repeating: "[", count: 30) + String(repeating: "]", count: 13)
        let defused = try #require(DeepNestingGuard.defused(line + "\n"))
        #expect(defused.text == String(repeating: " ", count: 17) + String(repeating: "[", count: 13)
            + String(repeating: "]", count: 13) + "\n")
        #expect(defused.regions == [DeepNestingGuard.BlankedRegion(line: 1, column: 1)])
        #expect(DeepNestingGuard.defused(defused.text) == nil)
        expectAfterKept(extractDeep(line))
    }

    @Test func anExtendedRegexLiteralThatNeverClosesHidesNoBrackets() throws {
        // Found by the FuzzRecords target (reduced from inputs of 289 and 961 bytes that took SwiftParser minutes):
        // `#/` and a line break, then 22 square brackets. SwiftParser reads no regex literal there, only the brackets.
        for opening in ["#/\n", "##/\n", "x = #/a\n"] {
            let source = opening + String(repeating: "[", count: 22) + "\n"
            let defused = try #require(DeepNestingGuard.defused(source))
            #expect(defused.text.filter { $0 == "[" }.count <= 16)
            let after = extractDeep(source).functions.first { $0.name == "after()" }
            #expect(after?.doc?.summary == "Kept.")
        }
        // Closed, single-line or multi-line, a literal still hides what it holds.
        #expect(DeepNestingGuard.defused("let r = #/" + String(repeating: "[", count: 22) + "/#\n") == nil)
        #expect(DeepNestingGuard.defused("let r = #/\n" + String(repeating: "[", count: 22) + "\n/#\n") == nil)
    }

    @Test func unclosedParenthesesLoseOnlyTheirOpenings() {
        let source = "let x = " + String(repeating: "(", count: 100_000) + "\nfunc lost() {}\n"
        let extraction = extract(source, parsingBodies: true)
        #expect(extraction.functions.map(\.name) == ["lost()"])
        #expect(extraction.diagnostics.filter { $0.message.hasPrefix("nested or chained") }.map(\.column) == [9 + 128])
    }

    @Test func deepButRealisticCodeIsParsedAsWritten() {
        // 127 levels, 4,096 links, 4,000 `else if`, 32 `#if` blocks, 16 square brackets: all inside the limits.
        let sources = [
            "func f() -> " + String(repeating: "Array<", count: 127) + "Int" + String(repeating: ">", count: 127) + " {}",
            "let m = a" + String(repeating: ".b", count: 4_096),
            "func e() { if a {}" + String(repeating: " else if a {}", count: 4_000) + " }",
            String(repeating: "#if A\n", count: 32) + String(repeating: "#endif\n", count: 32),
            "let s = " + String(repeating: "[", count: 16) + String(repeating: "]", count: 16),
        ]
        for source in sources {
            #expect(DeepNestingGuard.defused(source) == nil)
        }
    }

    @Test func comparisonsAndRegexLiteralsDoNotCountAsNesting() {
        // 300 comparisons written like generic arguments, and 300 regex literals with escaped brackets.
        let comparisons = String(repeating: "if a<b, c<d { x = y<z ? 1 : 2 }\n", count: 300)
        let regexes = String(repeating: "let r = /\\[\\(/\n", count: 300) + String(repeating: "let q = #/[(/#\n", count: 300)
        #expect(DeepNestingGuard.defused("func f() {\n" + comparisons + regexes + "}\n") == nil)
    }

    @Test func aRawTripleQuoteClosedOnItsLineIsAOneLineLiteral() {
        // `#"""#` is a one-line literal holding a quote (SwiftParser's rule, `SourceLexing`): the brackets after it
        // are code, and too deep.
        let source = "let q = #\"\"\"#\nlet x = " + String(repeating: "[", count: 30) + String(repeating: "]", count: 30) + "\n"
        #expect(DeepNestingGuard.defused(source)?.regions.map(\.line) == [2])
    }

    @Test func rawIdentifiersDoNotCountAsNesting() {
        let source = String(repeating: "func `open [(<{ bracket`() {}\n", count: 300)
        #expect(DeepNestingGuard.defused(source) == nil)
    }

    @Test func randomTokenSoupKeepsEveryPositionAndLineBreak() {
        // 1,000 random sequences (the same on every run) of the tokens the guard reacts to, some thousands deep: the
        // guard never traps, keeps the length and every line break, and only ever turns bytes into spaces.
        let alphabet = ["(", ")", "[", "]", "{", "}", "<", ">", "->", "\"", "\"\"\"", "\\(", "\\", "#", "#if", "#endif",
                        "/*", "*/", "//", "\n", "`", "#/", "/#", ".", "a", "else", "try", "?", "!", "-", "=", " ", "é"]
        var generator = SeededGenerator(seed: 27)
        for _ in 0..<1_000 {
            let length = Int.random(in: 1...6_000, using: &generator)
            let source = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            guard let defused = DeepNestingGuard.defused(source) else { continue }
            let before = Array(source.utf8)
            let after = Array(defused.text.utf8)
            #expect(after.count == before.count)
            #expect(zip(before, after).allSatisfy { $0 == $1 || $1 == UInt8(ascii: " ") })
            #expect(zip(before, after).allSatisfy { ($0 == UInt8(ascii: "\n")) == ($1 == UInt8(ascii: "\n")) })
            #expect(!defused.regions.isEmpty)
        }
    }

    @Test func theParserNestingLevelIsTheSameInDebugAndRelease() {
        // SwiftParser's own default is 20 in a debug build, 256 in release: DocSheet sets its own, so a SwiftUI
        // body 40 levels deep gives the same records whichever way DocSheet was built.
        let body = String(repeating: "VStack { ", count: 40) + "Text(\"x\")" + String(repeating: " }", count: 40)
        let extraction = extract("struct V {\n    var body: some View { \(body) }\n    /// Kept.\n    func after() {}\n}\n",
                                 parsingBodies: true)
        #expect(extraction.diagnostics.isEmpty)
        #expect(extraction.functions.map(\.name) == ["after()"])
    }

    @Test func parsingRunsOnALargeStackFromAnyThread() async {
        // A task's thread has a small stack: the deepest input the guard lets through must still parse there.
        let depth = 127
        let source = "func f() -> " + String(repeating: "Array<", count: depth) + "Int"
            + String(repeating: ">", count: depth) + " {}"
        let names = await Task.detached { extract(source, parsingBodies: true).functions.map(\.name) }.value
        #expect(names == ["f()"])
    }
}
