import Inventory
import Testing

@testable import SwiftExtraction

/// `enclosingType` and `enclosingKind`.
@Suite struct EnclosingTypeTests {
    @Test func topLevelHasNoEnclosingType() {
        let record = function("f()", in: "func f() {}")
        #expect(record?.enclosingType == nil)
        #expect(record?.enclosingKind == nil)
    }

    @Test func nestedTypesJoinWithDots() {
        let record = function("f()", in: "struct Outer { class Inner { enum Deep { func f() {} } } }")
        #expect(record?.enclosingType == "Outer.Inner.Deep")
        #expect(record?.enclosingKind == .enum)
    }

    @Test func classKind() {
        #expect(function("f()", in: "class C { func f() {} }")?.enclosingKind == .class)
    }

    @Test func actorKind() {
        let record = function("f()", in: "actor Store { func f() {} }")
        #expect(record?.enclosingType == "Store")
        #expect(record?.enclosingKind == .actor)
    }

    @Test func protocolKind() {
        #expect(function("f()", in: "protocol P { func f() }")?.enclosingKind == .protocol)
    }

    @Test func extensionUsesTheExtendedType() {
        let record = function("f()", in: "extension Outer.Inner { func f() {} }")
        #expect(record?.enclosingType == "Outer.Inner")
        #expect(record?.enclosingKind == .extension)
    }

    @Test func extensionDropsAnImportedModuleQualifier() {
        let record = function("f()", in: "import Dependency\nextension Dependency.Widget { func f() {} }")
        #expect(record?.enclosingType == "Widget")
    }

    @Test func extensionDropsItsOwnModuleQualifier() {
        #expect(function("f()", in: "extension App.Widget { func f() {} }")?.enclosingType == "Widget")
    }

    @Test func typeNamedLikeItsModuleWinsOverTheModule() {
        let sources = [
            SourceText(relativePath: "Sources/Router/Router.swift", module: "Router", text: "public final class Router { public enum Route {} }\n"),
            SourceText(relativePath: "Sources/Router/Route+Path.swift", module: "Router", text: "extension Router.Route { func path() {} }\n"),
            SourceText(relativePath: "Sources/App/Widget.swift", module: "App", text: "struct Widget {}\nextension App.Widget { func f() {} }\n"),
        ]
        let result = SwiftExtractor().extract(sources: sources, cache: nil)
        #expect(result.functions.first { $0.name == "path()" }?.enclosingType == "Router.Route")
        #expect(result.functions.first { $0.name == "f()" }?.enclosingType == "Widget")
        #expect(result.types.filter { $0.kind == .extension }.map(\.name).sorted() == ["Router.Route", "Widget"])
    }

    @Test func typeNamedLikeAnImportedModuleWinsOverTheModule() {
        let sources = [
            SourceText(relativePath: "Sources/Router/Router.swift", module: "Router", text: "public final class Router { public struct Route {} }\n"),
            SourceText(relativePath: "Sources/Other/Ext.swift", module: "Other", text: """
                import Router
                import Foundation
                extension Router.Route { public func go() {} }
                extension Foundation.Date { func day() {} }
                """),
        ]
        let result = SwiftExtractor().extract(sources: sources, cache: nil)
        #expect(result.functions.first { $0.name == "go()" }?.enclosingType == "Router.Route")
        #expect(result.functions.first { $0.name == "day()" }?.enclosingType == "Date")
    }

    @Test func extensionDropsASystemModuleQualifierImportedIndirectly() {
        #expect(function("f()", in: "import XCTest\nextension Foundation.URL { func f() {} }")?.enclosingType == "URL")
    }

    @Test func extensionDropsGenericArguments() {
        #expect(function("f()", in: "extension Array<Int> { func f() {} }")?.enclosingType == "Array")
    }

    @Test func extensionSpellsOutArraySugar() {
        #expect(function("f()", in: "extension [String] { func f() {} }")?.enclosingType == "Array")
    }

    @Test func extensionSpellsOutOptionalSugar() {
        #expect(function("f()", in: "extension Int? { func f() {} }")?.enclosingType == "Optional")
    }

    @Test func typeNestedInExtension() {
        let record = function("f()", in: "extension Outer { struct Inner { func f() {} } }")
        #expect(record?.enclosingType == "Outer.Inner")
        #expect(record?.enclosingKind == .struct)
    }
}
