import Foundation
import Testing
import Yams
@testable import DesignDocument
@testable import YAMLReading

/// The YAML node reader the template and configuration loaders share.
@Suite struct YAMLNodeReaderTests {
    let reader = YAMLNodeReader(path: "f.yml")

    /// The error reading `text` with `body`, or `nil`.
    func problem(_ text: String, _ body: (Node) throws(YAMLNodeError) -> Void = { _ in }) -> YAMLNodeError? {
        do {
            guard let root = try reader.compose(text) else { return nil }
            try body(root)
            return nil
        } catch {
            return error
        }
    }

    @Test func aDuplicateKeyIsReportedAtItsSecondOccurrence() {
        let top = problem("a: 1\nb: 2\na: 3\n")
        #expect(top == YAMLNodeError(path: "f.yml", line: 3, message: "duplicate key 'a' (first given at line 1); give each key once"))
        // Nested in a list item: the key's column, not the dash's, finds the second occurrence.
        let nested = problem("sheets:\n  - kind: x\n    name: y\n    kind: z\n")
        #expect(nested?.line == 4)
        #expect(nested?.message.contains("first given at line 2") == true)
    }

    @Test func anUnknownKeySuggestsTheClosestAllowedKey() {
        let error = problem("ouput: x\n") { root throws(YAMLNodeError) in _ = try reader.mapping(root, nil, allowed: ["output", "format"]) }
        #expect(error?.description == "f.yml:1: unknown key 'ouput' (did you mean 'output'?); valid keys: output, format")
        let far = problem("k: 1\nzzzzzz: x\n") { root throws(YAMLNodeError) in _ = try reader.mapping(root, "a sheet", allowed: ["k", "output"]) }
        #expect(far?.description == "f.yml:2: unknown key 'zzzzzz' in a sheet; valid keys: k, output")
    }

    @Test func aWrongTypeNamesTheKeyAndTheExpectedType() throws {
        func value(_ text: String, _ read: (YAMLNodeReader, Node) throws(YAMLNodeError) -> Void) -> String? {
            problem(text) { root throws(YAMLNodeError) in
                guard let node = try reader.mapping(root, nil)["v"] else { return }
                try read(reader, node)
            }?.description
        }
        #expect(value("\nv: maybe\n") { r, n throws(YAMLNodeError) in _ = try r.bool(n, "v") } == "f.yml:2: 'v' must be true or false")
        #expect(value("v: [1]\n") { r, n throws(YAMLNodeError) in _ = try r.string(n, "v") } == "f.yml:1: 'v' must be text")
        #expect(value("v: wide\n") { r, n throws(YAMLNodeError) in _ = try r.number(n, "v", range: 0...9) } == "f.yml:1: 'v' must be a number")
        #expect(value("v: 12\n") { r, n throws(YAMLNodeError) in _ = try r.int(n, "v", range: 0...9) } == "f.yml:1: 'v' is 12; it must be between 0 and 9")
        #expect(value("v: {a: b}\n") { r, n throws(YAMLNodeError) in _ = try r.strings(n, "v") } == "f.yml:1: 'v' must be a list of text values")
        #expect(value("v: docs\n") { r, n throws(YAMLNodeError) in let _: DocumentationFilter = try r.choice(n, "v") }
            == "f.yml:1: 'v' must be one of all, documented, undocumented, not 'docs'")
        #expect(value("v: documnted\n") { r, n throws(YAMLNodeError) in let _: DocumentationFilter = try r.choice(n, "v") }
            == "f.yml:1: 'v' must be one of all, documented, undocumented, not 'documnted' (did you mean 'documented'?)")
    }

    @Test func typedValuesAreRead() throws {
        let root = try #require(try reader.compose("b: yes\ni: 3\nd: 2.5\ns: [x, y]\none: z\nc: undocumented\n"))
        let map = try reader.mapping(root, nil)
        #expect(try reader.bool(try #require(map["b"]), "b"))
        #expect(try reader.int(try #require(map["i"]), "i") == 3)
        #expect(try reader.number(try #require(map["d"]), "d") == 2.5)
        #expect(try reader.strings(try #require(map["s"]), "s") == ["x", "y"])
        #expect(try reader.strings(try #require(map["one"]), "one") == ["z"])
        let choice: DocumentationFilter = try reader.choice(try #require(map["c"]), "c")
        #expect(choice == .undocumented)
    }

    @Test func theTemplateLoaderReportsADuplicateKeyAtItsSecondLine() {
        #expect(templateLoadError("name: a\nsheets:\n  - kind: static\n    name: S\nname: b\n")
            == "custom.yml:5: duplicate key 'name' (first given at line 1); give each key once")
    }
}
