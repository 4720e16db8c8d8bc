import Foundation
import Inventory
import Testing

@testable import SwiftExtraction

/// Inputs the fuzzer found (`scripts/fuzz`, Documentation/Testing.md), committed minimised under
/// `Tests/Fixtures/FuzzRegressions/FuzzExtraction/`, and the extraction each one must give.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/FuzzRegressions/FuzzExtraction")

    /// The committed inputs, every one of them (parsing runs on large-stack threads, so no input is set aside).
    static let inputs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }()

    /// The input's text, decoded as the extractor decodes a file (invalid bytes replaced).
    static func input(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
    }

    /// What the fuzz target checks of every extraction: each record is named and lies inside the file.
    @Test(arguments: inputs) func everyRecordIsNamedAndInsideTheFile(name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        for includeLocal in [false, true] {
            let extraction = extract(String(decoding: data, as: UTF8.self), includeLocal: includeLocal)
            for record in extraction.functions {
                #expect(!record.name.isEmpty && !record.baseName.isEmpty, "\(record)")
                #expect((1...data.count + 1).contains(record.line) && record.column >= 1, "\(record)")
                #expect(record.enclosingType.map { !$0.isEmpty && !$0.hasPrefix(".") } ?? true, "\(record)")
            }
            for record in extraction.types {
                #expect(!record.name.isEmpty && !record.name.hasPrefix("."), "\(record)")
                #expect((1...data.count + 1).contains(record.line) && record.column >= 1, "\(record)")
            }
        }
    }

    /// `struct` with no name (found as a type record named ""): the parser invents the name, so there is no type to
    /// report, only the syntax-error warning.
    @Test func aFunctionNamedByAnEmptyRawIdentifierIsNoRecord() throws {
        let extraction = extract(try Self.input("empty-raw-identifier"))
        #expect(extraction.functions.isEmpty)
        #expect(extract("struct S {\n    func ``() {}\n    func `x`() {}\n}\n").functions.map(\.name) == ["x()"])
        let type = extract("struct `` { func f() {} }\n")
        #expect(type.types.isEmpty)
        #expect(type.functions.map(\.name) == ["f()"] && type.functions.allSatisfy { $0.enclosingType == nil })
    }

    /// An attribute with a `[` that never closes (`@inli[nable`) was taken for the outermost bracket of the deep run
    /// after it, and while it stayed open no other run was looked at: SwiftParser's lookahead then took minutes over
    /// 56 brackets. Its opening is now blanked by itself and the file scanned again.
    @Test func anUnclosedBracketBeforeADeepRunDoesNotSwitchTheGuardOff() throws {
        let extraction = extract(try Self.input("unclosed-bracket-before-a-deep-run"))
        #expect(extraction.diagnostics.contains { $0.message.contains("nested or chained too deep") })
        let balanced = extract("@inli[nable\nlet x = " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
            + "\n/// Kept.\nfunc g() {}\n")
        #expect(balanced.functions.map(\.name) == ["g()"])
        #expect(balanced.functions.first?.doc?.summary == "Kept.")
        #expect(balanced.diagnostics.contains { $0.message.contains("nested or chained too deep") })
    }

    /// Square brackets left open inside a brace that closes over them (`[[[[[[[[{[[[…[}`) were a run the guard
    /// blanked one outer bracket per scan; after eight scans the rest stayed whole and SwiftParser took minutes (the
    /// 474-byte input: over five). Their openings beyond the limit are now blanked at once.
    @Test(arguments: ["square-run-cut-short-by-a-brace", "square-runs-cut-short-by-braces-474-bytes"])
    func squareRunsCutShortByABraceAreDefused(name: String) throws {
        let text = try Self.input(name)
        let defused = try #require(DeepNestingGuard.defused(text))
        #expect(DeepNestingGuard.defused(defused.text) == nil, "something is still too deep after the guard")
        let extraction = extract(text)
        #expect(extraction.diagnostics.contains { $0.message.contains("nested or chained too deep") })
    }

    @Test func namelessStructIsNoTypeRecord() throws {
        let extraction = extract(try Self.input("nameless-struct"))
        #expect(extraction.types.isEmpty)
        #expect(extraction.functions.isEmpty)
        #expect(extraction.diagnostics.map(\.severity) == [.warning])
    }

    /// A nameless type swallows the declarations after it; they keep their own names instead of `.Core`.
    @Test func declarationsAfterANamelessTypeKeepTheirNames() {
        let extraction = extract("struct\npublic enum Core {\n    public static func add(_ a: Int) -> Int { a }\n}\n")
        #expect(extraction.types.map(\.name) == ["Core"])
        #expect(extraction.functions.map(\.qualifiedName) == ["Core.add(_:)"])
    }

    /// Members of a nameless type or extension are reported as if it were not there, never under an empty name.
    @Test func membersOfANamelessTypeOrExtensionHaveNoEmptyEnclosingType() {
        let extraction = extract("struct {\n    func f() {}\n}\nextension {\n    func g() {}\n}\nclass Outer {\n    enum {\n        func h() {}\n    }\n}\n")
        #expect(extraction.types.map(\.name) == ["Outer"])
        #expect(extraction.functions.map(\.qualifiedName) == ["f()", "g()", "Outer.h()"])
    }
}
