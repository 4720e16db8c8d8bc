import Inventory
import Testing

@testable import SwiftExtraction

/// `accessLevel` as the compiler reports it and `effectiveAccess` (Documentation/Extraction.md, "Access level").
@Suite struct AccessTests {
    @Test func noModifierIsInternal() {
        let record = function("f()", in: "public struct S { func f() {} }")
        #expect(record?.accessLevel == .internal)
        #expect(record?.effectiveAccess == .internal)
    }

    @Test(arguments: [AccessLevel.open, .public, .package, .internal, .fileprivate, .private])
    func explicitModifierWins(level: AccessLevel) {
        let record = function("f()", in: "open class C { \(level.rawValue) func f() {} }")
        #expect(record?.accessLevel == level)
    }

    @Test func setterModifierIsNotTheAccessLevel() {
        let source = "public struct S { public private(set) subscript(i: Int) -> Int { get { i } set {} } }"
        let record = function("subscript(_:)", in: source)
        #expect(record?.accessLevel == .public)
        #expect(record?.modifiers == [])
    }

    @Test func publicExtensionGivesPublic() {
        let record = function("f()", in: "public struct S {}\npublic extension S { func f() {} }")
        #expect(record?.accessLevel == .public)
    }

    @Test func explicitModifierWinsOverExtension() {
        let record = function("f()", in: "public struct S {}\npublic extension S { private func f() {} }")
        #expect(record?.accessLevel == .private)
    }

    @Test func privateExtensionGivesFileprivate() {
        let record = function("f()", in: "struct S {}\nprivate extension S { func f() {} }")
        #expect(record?.accessLevel == .fileprivate)
    }

    @Test func fileprivateExtensionGivesFileprivate() {
        let record = function("f()", in: "struct S {}\nfileprivate extension S { func f() {} }")
        #expect(record?.accessLevel == .fileprivate)
    }

    @Test func packageExtensionGivesPackage() {
        let record = function("f()", in: "package struct S {}\npackage extension S { func f() {} }")
        #expect(record?.accessLevel == .package)
    }

    @Test func plainExtensionGivesInternal() {
        let record = function("f()", in: "public struct S {}\nextension S { func f() {} }")
        #expect(record?.accessLevel == .internal)
    }

    @Test func requirementTakesTheProtocolLevel() {
        let record = function("f()", in: "public protocol P { func f() }")
        #expect(record?.accessLevel == .public)
        #expect(record?.effectiveAccess == .public)
    }

    @Test func requirementOfPrivateProtocolIsFileprivate() {
        let record = function("f()", in: "private protocol P { func f() }")
        #expect(record?.accessLevel == .fileprivate)
    }

    @Test func memberOfPrivateTypeStaysInternal() {
        let record = function("f()", in: "private struct S { func f() {} }")
        #expect(record?.accessLevel == .internal)
        #expect(record?.effectiveAccess == .fileprivate)
    }

    @Test func topLevelPrivateStaysPrivate() {
        let record = function("f()", in: "private func f() {}")
        #expect(record?.accessLevel == .private)
        #expect(record?.effectiveAccess == .fileprivate)
    }

    @Test func effectiveAccessIsCappedByEveryEnclosingType() {
        let source = "public struct A { struct B { public struct C { public func f() {} } } }"
        let record = function("f()", in: source)
        #expect(record?.accessLevel == .public)
        #expect(record?.effectiveAccess == .internal)
    }

    @Test func privateNestedTypeCapsAtPrivate() {
        let record = function("f()", in: "public struct A { private struct B { public func f() {} } }")
        #expect(record?.effectiveAccess == .private)
    }

    @Test func extensionOfPrivateTypeInTheFileCapsEffectiveAccess() {
        let record = function("f()", in: "private struct S {}\nextension S { func f() {} }")
        #expect(record?.accessLevel == .internal)
        #expect(record?.effectiveAccess == .fileprivate)
    }

    @Test func constrainedExtensionOfPrivateTypeCapsTheDefault() {
        let source = "private struct Box<T> {}\nextension Box where T: Equatable { func f() {} }"
        #expect(function("f()", in: source)?.accessLevel == .fileprivate)
    }

    @Test func constrainedExtensionOfTypeNestedInExtensionCapsTheDefault() {
        let source = """
            struct Box<T> {}
            extension Box { fileprivate struct Inner {} }
            extension Box.Inner where T: Hashable { func f() {} }
            """
        #expect(function("f()", in: source)?.accessLevel == .fileprivate)
    }

    @Test func constrainedExtensionOfUnknownTypeKeepsTheDefault() {
        #expect(function("f()", in: "extension Array where Element: Equatable { func f() {} }")?.accessLevel == .internal)
    }

    @Test func deinitTakesTheClassLevel() {
        #expect(function("deinit", in: "public class C { deinit {} }")?.accessLevel == .public)
    }

    @Test func localFunctionIsPrivate() {
        let record = function("inner()", in: "func outer() { func inner() {} }", includeLocal: true)
        #expect(record?.accessLevel == .private)
        #expect(record?.effectiveAccess == .private)
    }

    @Test func extensionInAnotherFileIsCappedByTheTypesVisibility() {
        let sources = [
            SourceText(relativePath: "Sources/App/Cart.swift", module: "App", text: "struct Cart {}\n"),
            SourceText(relativePath: "Sources/App/Cart+API.swift", module: "App", text: """
                extension Cart {
                    public func total() -> Int { 0 }
                    public struct Line { public func price() -> Int { 0 } }
                }
                extension Array { public func second() -> Element? { nil } }
                """),
            SourceText(relativePath: "Sources/Other/Cart.swift", module: "Other", text: "extension Cart { public func f() {} }\n"),
        ]
        let result = SwiftExtractor().extract(sources: sources, cache: nil)
        let access = Dictionary(uniqueKeysWithValues: result.functions.map { ("\($0.module).\($0.qualifiedName)", $0.effectiveAccess) })
        #expect(access["App.Cart.total()"] == .internal)
        #expect(access["App.Cart.Line.price()"] == .internal)
        #expect(access["App.Array.second()"] == .public)
        #expect(access["Other.Cart.f()"] == .public)
        #expect(result.types.first { $0.name == "Cart.Line" }?.effectiveAccess == .internal)
        #expect(result.functions.allSatisfy { $0.accessLevel == .public })
    }
}
