import Inventory
import Testing

@testable import SwiftExtraction

/// One test per `kind` (Documentation/Extraction.md, "What is extracted").
@Suite struct KindTests {
    @Test func freeFunctionIsFunction() {
        #expect(function("run()", in: "func run() {}")?.kind == .function)
    }

    @Test func instanceMemberIsMethod() {
        #expect(function("run()", in: "struct S { func run() {} }")?.kind == .method)
    }

    @Test func mutatingMemberIsMethod() {
        let record = function("bump()", in: "struct S { mutating func bump() {} }")
        #expect(record?.kind == .method)
        #expect(record?.modifiers == ["mutating"])
    }

    @Test func staticMemberIsTypeMethod() {
        #expect(function("make()", in: "struct S { static func make() -> S { S() } }")?.kind == .typeMethod)
    }

    @Test func classMemberIsTypeMethod() {
        #expect(function("make()", in: "class C { class func make() {} }")?.kind == .typeMethod)
    }

    @Test func initializerKinds() {
        let source = """
            class C {
                init() {}
                init?(text: String) { return nil }
                init!(value: Int) {}
                convenience init(name: String) { self.init() }
                required init(id: Int) {}
            }
            """
        let records = extract(source).functions
        #expect(records.map(\.kind) == Array(repeating: .initializer, count: 5))
        #expect(records.map(\.name) == ["init()", "init(text:)", "init(value:)", "init(name:)", "init(id:)"])
        #expect(records[3].modifiers == ["convenience"])
        #expect(records[4].modifiers == ["required"])
    }

    @Test func deinitializerIsExtracted() {
        let record = function("deinit", in: "class C {\n    deinit {}\n}")
        #expect(record?.kind == .deinitializer)
        #expect(record?.baseName == "deinit")
        #expect(record?.line == 2)
        #expect(record?.column == 5)
    }

    @Test func instanceSubscriptIsSubscript() {
        #expect(function("subscript(_:)", in: "struct S { subscript(i: Int) -> Int { i } }")?.kind == .subscript)
    }

    @Test func staticSubscriptIsTypeSubscript() {
        let record = function("subscript(_:)", in: "enum E { static subscript(name: String) -> Int { 0 } }")
        #expect(record?.kind == .typeSubscript)
    }

    @Test func staticOperatorIsOperator() {
        let record = function("==(_:_:)", in: "struct S { static func == (a: S, b: S) -> Bool { true } }")
        #expect(record?.kind == .operator)
        #expect(record?.baseName == "==")
    }

    @Test func topLevelOperatorIsOperator() {
        let record = function("<~>(_:_:)", in: "infix operator <~>\nfunc <~> (a: Int, b: Int) -> Int { a }")
        #expect(record?.kind == .operator)
        #expect(record?.enclosingType == nil)
    }

    @Test func prefixOperatorHasOneParameter() {
        let record = function("-(_:)", in: "struct V { static prefix func - (v: V) -> V { v } }")
        #expect(record?.kind == .operator)
    }

    @Test func protocolRequirementsAreExtracted() {
        let source = """
            protocol P {
                func run()
                static func make() -> Self
                init(value: Int)
                subscript(i: Int) -> Int { get }
            }
            """
        let records = extract(source).functions
        #expect(records.map(\.kind) == [.method, .typeMethod, .initializer, .subscript])
        #expect(records.allSatisfy { $0.isRequirement })
    }

    @Test func defaultImplementationIsNotARequirement() {
        let record = function("run()", in: "protocol P { }\nextension P { func run() {} }")
        #expect(record?.isRequirement == false)
        #expect(record?.enclosingKind == .extension)
    }

    @Test func enumCasesAreNotFunctions() {
        let records = extract("enum E { case a, b(Int)\n func f() {} }").functions
        #expect(records.map(\.name) == ["f()"])
    }

    @Test func propertiesAreNotFunctions() {
        let records = extract("struct S { var x: Int { 1 }\n let y = 2 }").functions
        #expect(records.isEmpty)
    }
}
