import Foundation
import Inventory
import SwiftExtraction
import Testing
import WorkflowTestSupport
@testable import Workflow

/// `docsheet diff` pairs a removed function with an added one when it is the same function renamed or moved
/// (`InventoryDiff.pairRenamesAndMoves`), on a two-commit repository with one of each kind of change.
@Suite struct RenameAndMoveDiffTests {
    static let cart = """
        public struct Cart {
            /// Adds an item, merging it with an equal one already in the cart.
            public func add(_ item: String, count: Int) -> Int {
                let merged = count + item.count
                guard merged > 0 else { return 0 }
                return merged * 2
            }

            /// The total with tax.
            public func total(tax: Double = 0.1) -> Double { 1 + tax }

            /// Prints the cart.
            public func dump() { print("cart") }

            /// Clears the cart.
            public func clear() {
                let items = [1, 2, 3]
                for item in items where item > 1 { print(item) }
            }
        }

        """

    /// `add` renamed to `insert` (body re-indented, a comment added), `dump` moved into an extension in another file,
    /// `total`'s default changed (one line), `clear` deleted and an unrelated `reset` added.
    static func repository() throws -> TestRepository {
        let repository = try TestRepository()
        try repository.write("Sources/Shop/Cart.swift", cart)
        try repository.commitAll("first")
        try repository.write("Sources/Shop/Cart.swift", """
            public struct Cart {
                /// Adds an item, merging it with an equal one already in the cart.
                public func insert(_ item: String, count: Int) -> Int {
                    let merged = count + item.count   // the merged count
                    guard merged > 0 else {
                        return 0
                    }
                    return merged * 2
                }

                /// The total with tax.
                public func total(tax: Double = 0.2) -> Double { 1 + tax }

                /// Resets the cart to its first state.
                public func reset() {
                    var state = 0
                    state += 1
                    print("reset", state)
                }
            }

            """)
        try repository.write("Sources/Shop/Cart+Debug.swift", """
            extension Cart {
                /// Prints the cart.
                public func dump() { print("cart") }
            }

            """)
        try repository.commitAll("second")
        return repository
    }

    @Test func oneRenamedOneMovedOneModifiedOneRemovedOneAdded() throws {
        let repository = try Self.repository()
        var options = DiffOptions(base: "HEAD~1")
        options.head = "HEAD"
        options.format = .json
        let diff = try DiffCommandRunner.run(options, environment: repository.environment).diff
        #expect(diff.added.map(\.name) == ["reset()"])
        #expect(diff.removed.map(\.name) == ["clear()"])
        let changes = diff.changed.map { "\($0.old.name) → \($0.new.name): \($0.changes.map(\.rawValue).joined(separator: ", "))" }
        #expect(changes.sorted() == [
            "add(_:count:) → insert(_:count:): signature, renamed",
            "dump() → dump(): file",
            "total(tax:) → total(tax:): signature",
        ])
        // The work tree as the head reads the files from disk.
        options.head = nil
        #expect(try DiffCommandRunner.run(options, environment: repository.environment).diff.changed.count == 3)
    }

    @Test func theRulesPairOnlyWhenThereIsOneCandidate() {
        func record(_ name: String, type: String = "T", signature: String? = nil, parameters: [String] = []) -> FunctionRecord {
            FunctionRecord(file: "A.swift", line: 1, column: 1, module: "M", kind: .method, name: name,
                           baseName: String(name.prefix { $0 != "(" }), signature: signature ?? "func \(name)",
                           enclosingType: type, parameters: parameters.map { .init(label: $0, name: $0, type: "Int") }, returnType: "Int")
        }
        let body: [Substring] = ["let", "a", "=", "b", "+", "c", "return", "a", "*", "2"]
        // Two removed functions with the same body: no pair.
        var removed = [record("a()"), record("b()")]
        var added = [record("c()")]
        #expect(InventoryDiff.pairRenamesAndMoves(removed: &removed, added: &added) { _, _ in body }.isEmpty)
        #expect(removed.count == 2 && added.count == 1)
        // Similar bodies (9 of 10 tokens), same type, parameter and return types: renamed.
        removed = [record("count(x:)", parameters: ["x"])]
        added = [record("size(x:)", parameters: ["x"])]
        var edited = body
        edited[9] = "3"
        let renamed = InventoryDiff.pairRenamesAndMoves(removed: &removed, added: &added) { _, isBase in isBase ? body : edited }
        #expect(renamed.map(\.changes) == [[.signature, .renamed]])
        // The same signature in another type: moved.
        removed = [record("load()", type: "A")]
        added = [record("load()", type: "B")]
        let moved = InventoryDiff.pairRenamesAndMoves(removed: &removed, added: &added) { _, _ in nil }
        #expect(moved.map(\.changes) == [[.moved]])
        #expect(InventoryDiff.similarity(body, edited) == 0.9)
        #expect(InventoryDiff.similarity(["a"], ["b"]) == 0)
    }

    @Test func bodyTokensLeaveOutWhiteSpaceAndCommentsAndKeepStrings() {
        let text = "struct S { func f(x: [Int] = []) -> Int {\n  let s = \"}{\" // a brace\n  /* { */ return x.count\n} }\n"
        let f = FunctionBodyTokens.Position(line: 1, column: 17)
        #expect(FunctionBodyTokens.tokens(in: text, at: [f]) == [f: ["let", "s", "=", "\"", "}{", "\"", "return", "x", ".", "count"]])
        // A requirement has no body; a position that names nothing finds nothing.
        #expect(FunctionBodyTokens.tokens(in: "protocol P { func f() }\n", at: [.init(line: 1, column: 19)]).isEmpty)
        #expect(FunctionBodyTokens.tokens(in: text, at: [.init(line: 1, column: 16)]).isEmpty)
        // Initializers, deinitializers and subscripts (a getter's body or its accessors).
        let members = "class C {\n  init() { a() }\n  deinit { b() }\n  subscript(i: Int) -> Int { i }\n  subscript(s: String) -> Int { get { 1 } set {} }\n}\n"
        #expect(FunctionBodyTokens.tokens(in: members, at: [.init(line: 2, column: 3), .init(line: 3, column: 3),
                                                           .init(line: 4, column: 3), .init(line: 5, column: 3)])
            == [.init(line: 2, column: 3): ["a", "(", ")"], .init(line: 3, column: 3): ["b", "(", ")"],
                .init(line: 4, column: 3): ["i"], .init(line: 5, column: 3): ["get", "{", "1", "}", "set", "{", "}"]])
    }
}
