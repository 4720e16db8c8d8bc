import Inventory
import Testing

@testable import SwiftExtraction

/// The compiler's full names and the name token's position.
@Suite struct NamingTests {
    @Test func labelsAsInACall() {
        let record = function("fetch(id:completion:)", in: "func fetch(id: Int, completion: () -> Void) {}")
        #expect(record?.baseName == "fetch")
    }

    @Test func externalNameIsTheLabel() {
        let record = function("move(from:to:)", in: "func move(from a: Int, to b: Int) {}")
        #expect(record?.parameters.map(\.label) == ["from", "to"])
        #expect(record?.parameters.map(\.name) == ["a", "b"])
    }

    @Test func underscoreIsAnUnlabeledArgument() {
        let record = function("store(_:)", in: "func store(_ value: Int) {}")
        #expect(record?.parameters.first?.label == nil)
        #expect(record?.parameters.first?.name == "value")
    }

    @Test func noParameters() {
        #expect(function("reset()", in: "func reset() {}") != nil)
    }

    @Test func backticksAreRemoved() {
        let record = function("default(in:)", in: "func `default`(`in` value: Int) {}")
        #expect(record?.baseName == "default")
        #expect(record?.parameters.first?.label == "in")
    }

    @Test func unlabeledInitializer() {
        #expect(function("init(_:)", in: "struct S { init(_ x: Int) {} }")?.baseName == "init")
    }

    @Test func subscriptParametersHaveNoLabelByDefault() {
        let record = function("subscript(_:)", in: "struct S { subscript(index: Int) -> Int { index } }")
        #expect(record?.parameters.first?.label == nil)
        #expect(record?.parameters.first?.name == "index")
    }

    @Test func subscriptWithExplicitLabels() {
        let source = "struct S { subscript(row r: Int, column c: Int) -> Int { r } }"
        let record = function("subscript(row:column:)", in: source)
        #expect(record?.parameters.map(\.label) == ["row", "column"])
        #expect(record?.parameters.map(\.name) == ["r", "c"])
    }

    @Test func operatorNamesOneUnderscorePerParameter() {
        #expect(function("+(_:_:)", in: "struct V { static func + (lhs: V, rhs: V) -> V { lhs } }") != nil)
    }

    @Test func positionIsTheNameToken() {
        let record = function("run()", in: "struct S {\n    @MainActor public func run() {}\n}")
        #expect(record?.line == 2)
        #expect(record?.column == 28)
    }

    @Test func positionOfInitializerIsTheKeyword() {
        let record = function("init()", in: "struct S {\n  public init() {}\n}")
        #expect((record?.line, record?.column) == (2, 10))
    }

    @Test func positionOfSubscriptIsTheKeyword() {
        let record = function("subscript(_:)", in: "struct S {\n  subscript(i: Int) -> Int { i }\n}")
        #expect((record?.line, record?.column) == (2, 3))
    }

    @Test func positionOfOperatorIsTheOperator() {
        let record = function("==(_:_:)", in: "struct S {\n  static func == (a: S, b: S) -> Bool { true }\n}")
        #expect((record?.line, record?.column) == (2, 15))
    }

    @Test func positionOfBacktickedNameIsTheBacktick() {
        let record = function("default()", in: "func `default`() {}")
        #expect((record?.line, record?.column) == (1, 6))
    }

    @Test func columnCountsUTF8Bytes() {
        let record = function("f()", in: "/* é */ func f() {}")
        #expect(record?.column == 15)
    }
}
