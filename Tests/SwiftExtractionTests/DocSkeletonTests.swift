import Foundation
import Inventory
import SwiftParser
import Testing

@testable import SwiftExtraction

/// `docsheet document`'s skeletons: whole `///` lines above each undocumented declaration, indented as it, with the
/// file's line endings, and nothing else changed.
@Suite struct DocSkeletonTests {
    /// `source` with skeletons above every public function the extractor finds.
    static func fill(_ source: String, completingDocs: Bool = false) -> DocSkeleton.Outcome {
        let records = SwiftExtractor().extract(source: source, relativePath: "A.swift", module: "M").functions
            .filter { $0.effectiveAccess >= .public }
        return DocSkeleton.fill(source: source, path: "A.swift", records: records, completingDocs: completingDocs)
    }

    @Test func aFunctionGetsItsParametersReturnsAndThrows() {
        let source = "public struct S {\n    @discardableResult\n    public func load(id: Int, into buffer: inout [Int]) throws -> Bool { true }\n}\n"
        #expect(Self.fill(source).text == """
            public struct S {
                /// <#Summary#>
                ///
                /// - Parameters:
                ///   - id: <#id description#>
                ///   - buffer: <#buffer description#>
                /// - Returns: <#return value description#>
                /// - Throws: <#errors description#>
                @discardableResult
                public func load(id: Int, into buffer: inout [Int]) throws -> Bool { true }
            }

            """)
    }

    @Test func initializersSubscriptsAndOperators() {
        let source = "public struct S {\n\tpublic init?(name: String) {}\n\tpublic subscript(_ i: Int) -> Int { i }\n\tpublic static func + (a: S, _: S) -> S { a }\n\tpublic func run() {}\n}\n"
        #expect(Self.fill(source).text == """
            public struct S {
            \t/// <#Summary#>
            \t///
            \t/// - Parameter name: <#name description#>
            \tpublic init?(name: String) {}
            \t/// <#Summary#>
            \t///
            \t/// - Parameter i: <#i description#>
            \t/// - Returns: <#return value description#>
            \tpublic subscript(_ i: Int) -> Int { i }
            \t/// <#Summary#>
            \t///
            \t/// - Parameter a: <#a description#>
            \t/// - Returns: <#return value description#>
            \tpublic static func + (a: S, _: S) -> S { a }
            \t/// <#Summary#>
            \tpublic func run() {}
            }

            """)
    }

    @Test func windowsLineEndingsAreKept() {
        let outcome = Self.fill("public func f() {}\r\n\r\npublic func g() {}\r\n")
        #expect(outcome.text == "/// <#Summary#>\r\npublic func f() {}\r\n\r\n/// <#Summary#>\r\npublic func g() {}\r\n")
        #expect(outcome.insertions.map(\.beforeLine) == [1, 3])
    }

    @Test func aDeclarationThatDoesNotStartItsLineIsLeftAlone() {
        let outcome = Self.fill("public enum E { public static func f() {} }\n")
        #expect(outcome.text == "public enum E { public static func f() {} }\n")
        #expect(outcome.notes == ["A.swift:1: E.f() does not start its line; left alone"])
    }

    @Test func documentedAndPlaceholderDocsAreLeftAloneAndASecondRunChangesNothing() {
        let source = "/// Saves.\npublic func save(_ value: Int) -> Int { value }\n/// <#Summary#>\npublic func load() {}\npublic func run(x: Int) {}\n"
        let first = Self.fill(source)
        #expect(first.insertions.map(\.declaration) == ["run(x:)"])
        #expect(Self.fill(first.text).text == first.text)
    }

    @Test func completingAddsTheMissingPartsBelowTheDoc() {
        let source = "/// Saves.\n///\n/// - Parameters:\n///   - value: The value.\npublic func save(_ value: Int, count: Int) throws -> Int { value }\n"
        let outcome = Self.fill(source, completingDocs: true)
        #expect(outcome.text == """
            /// Saves.
            ///
            /// - Parameters:
            ///   - value: The value.
            /// - Parameter count: <#count description#>
            /// - Returns: <#return value description#>
            /// - Throws: <#errors description#>
            public func save(_ value: Int, count: Int) throws -> Int { value }

            """)
        let records = SwiftExtractor().extract(source: outcome.text, relativePath: "A.swift", module: "M").functions
        #expect(records.first?.doc?.parameters.map(\.name) == ["value", "count"])
        #expect(Self.fill(outcome.text, completingDocs: true).insertions.isEmpty)
        #expect(Self.fill(source).insertions.isEmpty)
    }

    @Test func aFileNestedTooDeeplyIsLeftAloneWithoutACrash() {
        let source = "public func f() { let x = " + String(repeating: "(", count: 20_000) + "1" + String(repeating: ")", count: 20_000) + " }\n"
        let outcome = Self.fill(source)
        #expect(outcome.text == source && outcome.insertions.isEmpty)
        #expect(outcome.notes == ["A.swift: nested too deeply to edit safely; it is left alone"])
    }

    @Test func theResultHasTheSameTokens() {
        let source = "#if os(iOS)\npublic func f(a: Int) -> Int { a }\n#endif\nlet r = /x y/\npublic func g() {}\n"
        let outcome = Self.fill(source)
        #expect(outcome.insertions.count == 2)
        #expect(DocSkeleton.sameTokens(Parser.parse(source: outcome.text), Parser.parse(source: source)))
        #expect(!DocSkeleton.sameTokens(Parser.parse(source: source + "func h() {}\n"), Parser.parse(source: source)))
    }
}
