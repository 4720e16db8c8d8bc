import Inventory
import Testing

@testable import SwiftExtraction

/// `FunctionRecord.lines`: how many lines a declaration spans, from its first token to the end of its body
/// (Documentation/Schema.md).
@Suite struct LineCountTests {
    static let source = """
        /// Loads.
        @MainActor
        @discardableResult
        func load(
            id: Int
        ) -> Int {
            let doubled = id * 2

            // A comment inside the body.
            return doubled
        }

        func oneLiner() {}

        struct Store {
            init() {
                print("made")
            }
            subscript(index: Int) -> Int {
                get { index }
                set {}
            }
            deinit {}
        }

        protocol Loading {
            func load(
                id: Int) async throws
        }
        """

    @Test func countsFromTheFirstAttributeToTheClosingBraceWithOrWithoutParsedBodies() {
        for parsingBodies in [false, true] {
            let extraction = extract(Self.source, parsingBodies: parsingBodies)
            func lines(_ name: String, in type: String? = nil) -> Int? {
                extraction.functions.first { $0.name == name && $0.enclosingType == type }?.lines
            }
            // The doc comment is trivia: the count starts at `@MainActor` (line 2) and ends at `}` (line 11).
            #expect(lines("load(id:)") == 10)
            #expect(lines("oneLiner()") == 1)
            #expect(lines("init()", in: "Store") == 3)
            #expect(lines("subscript(_:)", in: "Store") == 4)
            #expect(lines("deinit", in: "Store") == 1)
            // A requirement has no body: its signature's lines.
            #expect(lines("load(id:)", in: "Loading") == 2)
        }
    }

    @Test func theCacheKeepsTheCount() {
        let extraction = extract(Self.source)
        let decoded = extraction.cacheBytes().withUnsafeBytes { FileExtraction(cacheBytes: $0) }
        #expect(decoded?.functions.map(\.lines) == extraction.functions.map(\.lines))
        #expect(extraction.functions.allSatisfy { $0.lines != nil })
    }
}
