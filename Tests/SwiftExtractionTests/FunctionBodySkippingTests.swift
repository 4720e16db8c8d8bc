import Foundation
import Inventory
import SwiftParser
import SwiftSyntax
import Testing

@testable import SwiftExtraction

/// Function bodies and property accessor blocks are emptied before parsing when no local function is asked for
/// (`FunctionBodySkipping`), and the records stay what a parse of the whole file gives.
@Suite struct FunctionBodySkippingTests {
    /// The source without the marks, and the source with each `«…»` part emptied: its line breaks, then as many
    /// spaces as its last line has bytes.
    private static func marked(_ marked: String) -> (source: String, emptied: String) {
        var source = "", emptied = ""
        var inside: String?
        for character in marked {
            switch character {
            case "«":
                inside = ""
            case "»":
                let lines = inside?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
                emptied += String(repeating: "\n", count: lines.count - 1)
                emptied += String(repeating: " ", count: lines.last?.utf8.count ?? 0)
                inside = nil
            default:
                source.append(character)
                if inside != nil { inside?.append(character) } else { emptied.append(character) }
            }
        }
        return (source, emptied)
    }

    @Test(arguments: [
        // Every kind of body, at file level and in a type.
        "func f() {« return 1 »}\nstruct S {\n    init(a: Int) {« self.a = a »}\n    deinit {« print(1) »}\n}\n",
        "final class C {\n    convenience init?(x: Int) {« nil »}\n    static func == (a: C, b: C) -> Bool {« a === b »}\n}\n",
        // Braces in comments, strings, raw strings, multi-line strings and interpolations are no brackets.
        "func f() {« let s = \"}\" // }\n    /* } /* } */ } */ »}\nfunc g() {}\n",
        "func f() {« let s = \"a \\(g { $0 }) \\(\"}\")\" »}\n",
        "func f() {« let r = #\"}\"# + ##\"\\#(x) }\"## »}\n",
        "func f() {«\n    let m = \"\"\"\n    }\n    \"\"\"\n»}\n",
        // A raw `#\"\"\"#` is a one-line literal holding a quote, as SwiftParser reads it.
        "func f() {« test(#\"\"\"#) »}\nfunc g() {« test(#\"\\\"#) »}\n",
        // Default values, effects, results and where clauses come before the body.
        "func f(g: () -> Void = { }) async throws(E) -> [Int: String] where T == U {« g() »}\n",
        // A local function's body goes with its enclosing body; functions in closures are emptied too.
        "func f() {« func g() { } »}\nlet c = { func h() {« 1 »} }\n",
        // Division with white space after the slash is no regex literal.
        "func f() {« a / b »}\n",
        // A property's accessor block: a computed value, observers, a requirement's `get set`.
        "struct V {\n    var body: some View {« Text(\"}\") »}\n    var y: Int {« didSet { print(y) } »}\n}\n",
        "protocol P {\n    func f()\n    var x: Int {« get set »}\n}\n",
        // Conditional compilation that pairs up inside the body.
        "func f() {«\n#if DEBUG\n    a { }\n#elseif os(iOS)\n    b()\n#else\n    c()\n#endif\n»}\n",
    ])
    func emptiesTheInsideOfEveryFunctionBody(_ text: String) throws {
        let (source, expected) = Self.marked(text)
        let emptied = try #require(FunctionBodySkipping.emptied(source))
        #expect(emptied.text == expected)
        #expect(FunctionBodySkipping.parse(source) != nil, "the tree refused the emptied text")
    }

    @Test(arguments: [
        // Nothing but braces of other kinds: closures, observers after a value, subscripts.
        "let c = { print(1) }\nvar z = 1 { didSet { print(z) } }\n",
        "protocol P {\n    func f()\n    subscript(i: Int) -> Int { get }\n}\n",
        // A subscript's accessors hold its effects (`get async throws`): they are parsed.
        "struct S { subscript(i: Int) -> Int { get async throws { 1 } } }\n",
        // `init` and `func` as labels or members start no declaration.
        "let a = f(init: { 1 }, func: { 2 })\nlet b = x.init { 3 }\n",
        // Bodies holding only white space need no emptying.
        "func f() {}\ninit() {\n}\n",
    ])
    func leavesEverythingElseAsWritten(_ source: String) {
        #expect(FunctionBodySkipping.emptied(source) == nil)
    }

    @Test(arguments: [
        "func f() { let r = /a}b/ }\nfunc g() {}\n",          // a bare regex literal could hold anything
        "func f() { let r = #/a}b/# }\n",                     // an extended one
        "func f() { a/b }\n",                                  // no white space after the slash
        "func f() { let c = 'x' }\n",                          // SwiftParser reads '…' as a string literal
        "func f() { let s = \"abc }\n}\n",                     // an unterminated literal
        "func f() { /* abc }\n",                               // an unterminated comment
        "func f() { if x { }\n",                               // a body that never closes
        "func f() { g(] }\n",                                  // brackets that do not pair
        "func f() { <#code#> }\n",                             // an editor placeholder
        "func f() {\n#if A\n  a()\n}\n#endif\n",                // a `#if` that does not close inside the body
        "func f() {\n  a()\n#endif\n}\n",                       // an `#endif` without its `#if`
        "func f() {\n#else\n}\n",                                // an `#else` without its `#if`
        "#!/usr/bin/env swift\nfunc f() { 1 }\n",              // a shebang line
        "func f() {\n<<<<<<< HEAD\n  a()\n=======\n  b()\n>>>>>>> x\n}\n",  // a merge conflict
        "func f() {\n  // docsheet:ignore-file\n  a()\n}\n",  // the marker must stay where SourceMarkers looks
    ])
    func givesUpOnWhatItCannotFollow(_ source: String) {
        #expect(FunctionBodySkipping.emptied(source) == nil)
    }

    @Test func anEmptiedTextThatIsNoBodyIsParsedAsWritten() throws {
        // In top-level code, `for var x in …` looks like a property to the scan, but its block is the loop's: the
        // check against the tree refuses it.
        let source = "for var x in [1, 2] { x += 1; print(x) }\nfunc f() { print(1) }\n"
        #expect(FunctionBodySkipping.emptied(source)?.bodies.count == 2)
        #expect(FunctionBodySkipping.parse(source) == nil)
        #expect(extract(source).functions.map(\.name) == ["f()"])
    }

    @Test func anEmptiedTextWithASyntaxErrorIsParsedAsWritten() throws {
        let source = "func f() { 1 }\nfunc g() -> {}\n"
        #expect(FunctionBodySkipping.emptied(source) != nil)
        #expect(FunctionBodySkipping.parse(source) == nil)
        #expect(extract(source).diagnostics.map(\.line) == [2])
    }

    @Test func positionsAndDocCommentsAfterAnEmptiedBodyStayTheSame() throws {
        let source = "struct S {\n    func a() { let emoji = \"😀\"; if true { print(emoji) } }\n    /// Kept.\n    func b() -> Int { 1 }\n}\n"
        #expect(FunctionBodySkipping.parse(source) != nil)
        let b = try #require(function("b()", in: source))
        #expect((b.line, b.column) == (4, 10))
        #expect(b.doc?.summary == "Kept.")
        #expect(b.signature == "func b() -> Int")
    }

    @Test(arguments: ["\n", "\r\n"])
    func aDeclarationOnTheLineOfAClosingBraceKeepsItsColumn(_ lineBreak: String) throws {
        // The body's last line keeps its bytes (as spaces, the emoji's four included), so `b` keeps its column; the
        // lines before it keep their breaks, so what follows keeps its line.
        let source = ["struct S {", "    func a() {", "        print(1)", "        let x = \"😀\" }; func b() {}",
                      "    /// Kept.", "    func c() {}", "}", ""].joined(separator: lineBreak)
        let emptied = try #require(FunctionBodySkipping.emptied(source))
        #expect(emptied.text.utf8.count < source.utf8.count)
        #expect(FunctionBodySkipping.parse(source) != nil)
        let b = try #require(function("b()", in: source))
        #expect((b.line, b.column) == (4, 32))
        let c = try #require(function("c()", in: source))
        #expect((c.line, c.column) == (6, 10))
        #expect(c.doc?.summary == "Kept.")
    }

    /// The nesting guard looks at the emptied text: what is too deep inside an emptied body is not parsed, so it
    /// is not reported; what is too deep outside the bodies still is, and the file is then parsed with its bodies.
    @Test func onlyWhatIsParsedIsHeldToTheNestingLimits() {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let inBody = "struct S {\n    func a() { let x = \(deep) }\n    /// Kept.\n    func b() {}\n}\n"
        #expect(DeepNestingGuard.defused(inBody) != nil)
        #expect(FunctionBodySkipping.parse(inBody) != nil)
        #expect(extract(inBody).functions.map(\.name) == ["a()", "b()"])
        #expect(extract(inBody).diagnostics.isEmpty)
        #expect(extract(inBody, parsingBodies: true).diagnostics.map(\.line) == [2])

        let inSignature = "func a(x: Any = \(deep)) { print(1) }\n/// Kept.\nfunc b() {}\n"
        #expect(FunctionBodySkipping.parse(inSignature) == nil)
        let extraction = extract(inSignature)
        #expect(extraction.functions.map(\.name) == ["a(x:)", "b()"])
        #expect(extraction.diagnostics.map(\.line) == [1])
        #expect(extraction.diagnostics.first?.message.hasPrefix("nested or chained too deep") == true)
    }

    @Test func localFunctionsAreStillFoundWhenAskedFor() {
        let source = "func f() {\n    func inner() {}\n}\n"
        #expect(extract(source, includeLocal: true).functions.map(\.name) == ["f()", "inner()"])
        #expect(extract(source).functions.map(\.name) == ["f()"])
    }

    /// A syntax error inside a body that the scan can follow is not parsed, so it is not reported (a deliberate
    /// difference, Documentation/Extraction.md): it cannot cost a declaration.
    @Test func aSyntaxErrorInsideAFollowedBodyIsNotReported() {
        let source = "struct S {\n    func a() { let x = }\n    func b() {}\n}\n"
        #expect(extract(source).functions.map(\.name) == ["a()", "b()"])
        #expect(extract(source).diagnostics.isEmpty)
        let parsed = extract(source, parsingBodies: true)
        #expect(parsed.functions == extract(source).functions)
        #expect(parsed.diagnostics.map(\.line) == [2])
    }

    @Test func theRecordsAreThoseOfTheWholeParseOnRealCode() throws {
        // The samples, the fixture projects and the extraction module's own sources (a fixed set that does not grow
        // with the rest of DocSheet): every file extracted with its bodies emptied and parsed whole.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var options = ExtractionOptions()
        options.parsesFunctionBodies = true
        let whole = SwiftExtractor(options: options)
        var files = 0, skipped = 0
        for folder in ["samples", "Tests/Fixtures", "Sources/SwiftExtraction"] {
            let enumerator = try #require(FileManager.default.enumerator(at: repository.appendingPathComponent(folder), includingPropertiesForKeys: nil))
            for case let url as URL in enumerator where url.pathExtension == "swift" {
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                files += 1
                if DeepNestingGuard.defused(text) == nil, FunctionBodySkipping.parse(text) != nil { skipped += 1 }
                let path = url.path.replacingOccurrences(of: repository.path + "/", with: "")
                let emptied = SwiftExtractor().extract(source: text, relativePath: path, module: "M")
                let parsed = whole.extract(source: text, relativePath: path, module: "M")
                #expect(emptied.functions == parsed.functions, "\(path)")
                #expect(emptied.types == parsed.types, "\(path)")
                #expect(emptied.ignoredTypes == parsed.ignoredTypes, "\(path)")
                #expect(emptied.isGenerated == parsed.isGenerated, "\(path)")
                // Only a syntax error inside a body that was not parsed goes unreported.
                let unreported = parsed.diagnostics.filter { !emptied.diagnostics.contains($0) }
                #expect(unreported.allSatisfy { $0.message.hasPrefix("syntax error:") }, "\(path)")
                #expect(emptied.diagnostics.allSatisfy { parsed.diagnostics.contains($0) }, "\(path)")
            }
        }
        // Most files have bodies to empty.
        #expect(files > 150)
        #expect(skipped * 2 > files)
    }
}
