import Inventory
import Testing

@testable import SwiftExtraction

/// Local functions are left out unless asked for.
@Suite struct LocalFunctionTests {
    static let source = """
        struct S {
            func outer() {
                func inBody() {}
                let closure = { func inClosure() {} }
            }
            var value: Int = {
                func inInitializer() -> Int { 1 }
                return inInitializer()
            }()
            var computed: Int {
                func inGetter() -> Int { 2 }
                return inGetter()
            }
        }
        """

    @Test func leftOutByDefault() {
        #expect(extract(Self.source).functions.map(\.name) == ["outer()"])
    }

    @Test func includedOnRequest() {
        let names = extract(Self.source, includeLocal: true).functions.map(\.name)
        #expect(names == ["outer()", "inBody()", "inClosure()", "inInitializer()", "inGetter()"])
    }

    @Test func localFunctionIsAFunctionInsideItsType() {
        let record = function("inBody()", in: Self.source, includeLocal: true)
        #expect(record?.kind == .function)
        #expect(record?.enclosingType == "S")
    }

    @Test func localTypesAreLeftOutByDefault() {
        let source = "func f() { struct Local { func m() {} } }"
        #expect(extract(source).types.isEmpty)
        #expect(extract(source).functions.map(\.name) == ["f()"])
        #expect(extract(source, includeLocal: true).functions.map(\.name) == ["f()", "m()"])
    }

    @Test func functionsInTopLevelCodeAreLocal() {
        let source = "if true {\n    func inStatement() {}\n}\nfunc global() {}"
        #expect(extract(source).functions.map(\.name) == ["global()"])
    }
}

/// Type records (Documentation/Extraction.md, "What is extracted").
@Suite struct TypeRecordTests {
    @Test func everyTypeKind() {
        let source = "class A {}\nstruct B {}\nenum C {}\nprotocol D {}\nactor E {}\nextension A {}"
        let types = extract(source).types
        #expect(types.map(\.kind) == [.class, .struct, .enum, .protocol, .actor, .extension])
        #expect(types.map(\.name) == ["A", "B", "C", "D", "E", "A"])
    }

    @Test func nestedTypeNameIsItsPath() {
        #expect(type("Outer.Inner", in: "struct Outer { enum Inner {} }")?.kind == .enum)
    }

    @Test func positionIsTheNameToken() {
        let record = type("S", in: "\npublic struct S {}")
        #expect((record?.line, record?.column) == (2, 15))
    }

    @Test func extensionPositionIsTheExtendedType() {
        let record = extract("public extension Foundation.Date {}").types.first
        #expect(record?.name == "Date")
        #expect((record?.line, record?.column) == (1, 18))
    }

    @Test func inheritedTypesAsWritten() {
        let record = type("S", in: "struct S: Equatable, Sendable, Collection where Index == Int {}")
        #expect(record?.inheritedTypes == ["Equatable", "Sendable", "Collection"])
        #expect(record?.genericWhere == "where Index == Int")
    }

    @Test func typeAccessAndEffectiveAccess() {
        let records = extract("private struct A { public struct B {} }").types
        #expect(records.map(\.accessLevel) == [.private, .public])
        #expect(records.map(\.effectiveAccess) == [.fileprivate, .fileprivate])
    }

    @Test func extensionAccessIsItsModifier() {
        let records = extract("struct S {}\npublic extension S {}\nextension S {}\nprivate extension S {}").types
        #expect(records.map(\.accessLevel) == [.internal, .public, .internal, .private])
        #expect(records.map(\.effectiveAccess) == [.internal, .internal, .internal, .fileprivate])
    }

    @Test func typeInPublicExtensionTakesTheExtensionLevel() {
        #expect(type("S.Inner", in: "public extension S { struct Inner {} }")?.accessLevel == .public)
    }
}
