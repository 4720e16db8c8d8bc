import Inventory
import Testing

@testable import SwiftExtraction

/// `signature`, `attributes`, `modifiers`, effects, `parameters`, `returnType` and `genericWhere`.
@Suite struct SignatureTests {
    @Test func signatureHasNoBodyAndCollapsedWhitespace() {
        let source = """
            @discardableResult
            public   func add(
                _ a: Int, // first
                to b: Int /* second */
            ) -> Int {
                a + b
            }
            """
        #expect(function("add(_:to:)", in: source)?.signature == "@discardableResult public func add(_ a: Int, to b: Int) -> Int")
    }

    @Test func typedThrowsIsWrittenWithoutASpace() {
        #expect(function("j()", in: "enum E: Error {}\nfunc j() throws (E) {}")?.throws == "throws(E)")
    }

    @Test func operatorParametersHaveNoLabels() {
        let record = function("+(_:_:)", in: "struct V { static func + (lhs: V, rhs: V) -> V { lhs } }")
        #expect(record?.parameters.map(\.label) == [nil, nil])
        #expect(record?.parameters.map(\.name) == ["lhs", "rhs"])
    }

    @Test func parameterAttributesArePartOfTheType() {
        let record = function("make(content:)", in: "func make(@ViewBuilder content: () -> Int) {}")
        #expect(record?.parameters.first?.type == "@ViewBuilder () -> Int")
    }

    @Test func signatureWithAMultiLineStringDefaultStaysOnOneLine() {
        let source = "func t(text: String = \"\"\"\n    line1\n      line2\n    \"\"\") {}"
        let record = function("t(text:)", in: source)
        #expect(record?.signature.contains("\n") == false)
        #expect(record?.parameters.first?.defaultValue?.contains("\n") == false)
    }

    @Test func commentBetweenPunctuationLeavesNoSpace() {
        #expect(function("g()", in: "func g</*c*/T>() {}")?.signature == "func g<T>()")
        #expect(function("h(_:)", in: "func/*c*/h(_ a: Int) {}")?.signature == "func h(_ a: Int)")
    }

    @Test func spacesWrittenInsideBracketsOnOneLineAreKept() {
        #expect(function("f(_:)", in: "func f( _ a: [ Int ] ) {}")?.signature == "func f( _ a: [ Int ] )")
    }

    @Test func lineBreaksInsideBracketsVanishWhateverTheWhiteSpace() {
        let source = "func f(\r\n\ta: [\r\n\t\tInt\r\n\t],\rb:\u{0C}Int\n) ->\u{0B}Int {}"
        #expect(function("f(a:b:)", in: source)?.signature == "func f(a: [Int], b: Int) -> Int")
    }

    @Test func signatureKeepsTheWhereClause() {
        let source = "func first<T>(of values: [T]) -> T? where T: Equatable { nil }"
        let record = function("first(of:)", in: source)
        #expect(record?.signature == "func first<T>(of values: [T]) -> T? where T: Equatable")
        #expect(record?.genericWhere == "where T: Equatable")
    }

    @Test func subscriptSignatureHasNoAccessors() {
        let record = function("subscript(_:)", in: "struct S { subscript(i: Int) -> Int { get { i } set {} } }")
        #expect(record?.signature == "subscript(i: Int) -> Int")
        #expect(record?.returnType == "Int")
    }

    @Test func requirementSignatureIsTheWholeDeclaration() {
        #expect(function("f()", in: "protocol P { func f() async throws -> Int }")?.signature == "func f() async throws -> Int")
    }

    @Test func attributesAsWritten() {
        let source = "@MainActor @objc(runWith:) @available(iOS 13, *) func run(with x: Int) {}"
        #expect(function("run(with:)", in: source)?.attributes == ["@MainActor", "@objc(runWith:)", "@available(iOS 13, *)"])
    }

    @Test func modifiersLeaveOutAccess() {
        let source = "class C { public final override class func make() {} }"
        #expect(function("make()", in: source)?.modifiers == ["final", "override", "class"])
    }

    @Test func nonisolatedModifier() {
        #expect(function("id()", in: "actor A { nonisolated func id() {} }")?.modifiers == ["nonisolated"])
    }

    @Test func asyncThrows() {
        let record = function("load()", in: "func load() async throws -> String { \"\" }")
        #expect(record?.isAsync == true)
        #expect(record?.throws == "throws")
    }

    @Test func rethrowingFunction() {
        let record = function("apply(_:)", in: "func apply(_ body: () throws -> Void) rethrows { try body() }")
        #expect(record?.throws == "rethrows")
        #expect(record?.isAsync == false)
    }

    @Test func typedThrows() {
        #expect(function("parse()", in: "func parse() throws(ParseError) {}")?.throws == "throws(ParseError)")
    }

    @Test func noThrowsIsNull() {
        #expect(function("f()", in: "func f() {}")?.throws == nil)
    }

    @Test func asyncThrowingInitializer() {
        let record = function("init()", in: "struct S { init() async throws {} }")
        #expect(record?.isAsync == true)
        #expect(record?.throws == "throws")
        #expect(record?.returnType == nil)
    }

    @Test func subscriptEffectsComeFromTheGetter() {
        let record = function("subscript(_:)", in: "struct S { subscript(i: Int) -> Int { get async throws { i } } }")
        #expect(record?.isAsync == true)
        #expect(record?.throws == "throws")
    }

    @Test func parameterTypesAndDefaults() {
        let source = "func f(_ values: Int..., label name: inout String, handler: @escaping () -> Void = {}, count: Int = 0) {}"
        let record = function("f(_:label:handler:count:)", in: source)
        #expect(record?.parameters == [
            FunctionRecord.Parameter(label: nil, name: "values", type: "Int..."),
            FunctionRecord.Parameter(label: "label", name: "name", type: "inout String"),
            FunctionRecord.Parameter(label: "handler", name: "handler", type: "@escaping () -> Void", defaultValue: "{}"),
            FunctionRecord.Parameter(label: "count", name: "count", type: "Int", defaultValue: "0"),
        ])
    }

    @Test func returnTypeAsWritten() {
        #expect(function("f()", in: "func f() -> [String: Int]? { nil }")?.returnType == "[String: Int]?")
    }

    @Test func noReturnTypeIsNull() {
        #expect(function("f()", in: "func f() {}")?.returnType == nil)
    }

    @Test func fileAndModuleAreRecorded() {
        let record = function("f()", in: "func f() {}")
        #expect(record?.file == "Sources/App/File.swift")
        #expect(record?.module == "App")
    }
}
