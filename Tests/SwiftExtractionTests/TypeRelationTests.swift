import Inventory
import Testing

@testable import SwiftExtraction

/// `superclass`, `conformances`, `composition` and `unknownInheritedTypes` of type records (Documentation/
/// Extraction.md, "Relations"): project types first, then the framework catalogue, then the language rule.
@Suite struct TypeRelationTests {
    @Test func aProjectClassIsASuperclassAndAProjectProtocolAConformance() throws {
        let source = """
            protocol Drawable {}
            class Shape {}
            final class Circle: Shape, Drawable {}
            """
        let circle = try #require(type("Circle", in: source))
        #expect(circle.superclass == "Shape" && circle.conformances == ["Drawable"] && circle.unknownInheritedTypes.isEmpty)
    }

    @Test func theCatalogueKnowsFrameworkClassesAndProtocols() throws {
        let source = """
            import UIKit
            final class ListController: UIViewController, UITableViewDataSource, @unchecked Sendable {}
            final class Delegate: NSObject, UIApplicationDelegate {}
            final class Model: ObservableObject, Codable {}
            """
        let list = try #require(type("ListController", in: source))
        #expect(list.superclass == "UIViewController" && list.conformances == ["UITableViewDataSource", "Sendable"])
        #expect(type("Delegate", in: source)?.superclass == "NSObject")
        let model = try #require(type("Model", in: source))
        #expect(model.superclass == nil && model.conformances == ["ObservableObject", "Codable"])
    }

    @Test func anUnknownFirstNameOfAClassIsListedNotGuessed() throws {
        let source = "final class Thing: SomeVendorBase, SomeVendorProtocol {}"
        let thing = try #require(type("Thing", in: source))
        #expect(thing.superclass == nil && thing.unknownInheritedTypes == ["SomeVendorBase"])
        // Only a class's first inherited name can be its superclass: the second is a protocol.
        #expect(thing.conformances == ["SomeVendorProtocol"])
    }

    @Test func structsEnumsAndActorsOnlyConform() throws {
        let source = """
            struct Point: Hashable, VendorProtocol {}
            enum Level: Int, CaseIterable { case low }
            enum Mode: VendorRaw, Equatable { case a }
            actor Store: VendorActorProtocol {}
            """
        #expect(type("Point", in: source)?.conformances == ["Hashable", "VendorProtocol"])
        let level = try #require(type("Level", in: source))
        #expect(level.conformances == ["CaseIterable"] && level.superclass == nil && level.unknownInheritedTypes.isEmpty)
        let mode = try #require(type("Mode", in: source))
        #expect(mode.unknownInheritedTypes == ["VendorRaw"] && mode.conformances == ["Equatable"])
        #expect(type("Store", in: source)?.conformances == ["VendorActorProtocol"])
    }

    @Test func extensionsAddConformancesToTheDeclaration() throws {
        let source = """
            struct Card {}
            extension Card: Equatable {}
            extension Card: CustomStringConvertible, Swift.Hashable {
                var description: String { "" }
            }
            """
        let records = extract(source).types
        let card = try #require(records.first { $0.kind == .struct })
        #expect(card.conformances == ["Equatable", "CustomStringConvertible", "Hashable"])
        #expect(records.filter { $0.kind == .extension }.map(\.conformances) == [["Equatable"], ["CustomStringConvertible", "Hashable"]])
    }

    @Test func nestedNamesAreLookedUpFromTheEnclosingType() throws {
        let source = """
            enum Outer {
                class Base {}
                protocol Listener {}
                final class Derived: Base, Listener {}
            }
            """
        let derived = try #require(type("Outer.Derived", in: source))
        #expect(derived.superclass == "Outer.Base" && derived.conformances == ["Outer.Listener"])
    }

    @Test func protocolsRefineProtocols() throws {
        let source = """
            protocol Identified {}
            protocol Entity: Identified, AnyObject, Sendable {}
            """
        let entity = try #require(type("Entity", in: source))
        #expect(entity.conformances == ["Identified", "Sendable"] && entity.superclass == nil)
    }

    @Test func compositionListsStoredPropertiesOfProjectTypes() throws {
        let source = """
            struct Task {}
            class Owner {}
            struct Board {
                var tasks: [Task] = []
                weak var owner: Owner?
                var byID: [String: Task] = [:]
                var title = ""
                var count: Int { tasks.count }
                var first: Task? { tasks.first }
                static var shared = Board()
            }
            """
        let board = try #require(type("Board", in: source))
        #expect(board.composition == [
            TypeRecord.Composition(property: "tasks", type: "Task", isCollection: true),
            TypeRecord.Composition(property: "owner", type: "Owner", isCollection: false),
            TypeRecord.Composition(property: "byID", type: "Task", isCollection: true),
        ])
    }

    @Test func aFailableInitializerKeepsTheTypeUnknown() throws {
        let source = """
            struct Parsed { init?(text: String) { nil } }
            struct Plain {}
            let parsed = Parsed(text: "x")
            let plain = Plain()
            """
        let properties = extract(source).properties
        #expect(properties.first { $0.name == "parsed" }?.type == nil)
        #expect(properties.first { $0.name == "plain" }?.type == "Plain")
    }

    @Test func anInferredTypeIsNamedByItsFullPath() throws {
        let source = """
            struct Handler {
                struct Store {}
                let store = Store()
            }
            """
        #expect(extract(source).properties.first?.type == "Handler.Store")
    }

    @Test func aModuleQualifiedNameIsTheFrameworksNotANestedTypeOfTheSameName() throws {
        let source = """
            enum Decoder {
                struct Error: Swift.Error {}
                struct Inner: Decoder.Marker {}
                protocol Marker {}
            }
            """
        #expect(type("Decoder.Error", in: source)?.conformances == ["Error"])
        #expect(type("Decoder.Inner", in: source)?.conformances == ["Decoder.Marker"])
    }

    @Test func anExtensionsClauseSeesTheExtendedTypesMembersNotTheTypesAroundIt() throws {
        let source = """
            enum Minimal {
                final class Decoder {}
                protocol Local {}
            }
            extension Minimal.Decoder: Decoder {}
            """
        let records = extract(source).types
        #expect(records.first { $0.kind == .extension }?.conformances == ["Decoder"])
        #expect(records.first { $0.name == "Minimal.Decoder" && $0.kind == .class }?.conformances == ["Decoder"])
    }

    @Test func anExtensionAddsToTheDeclarationOfItsOwnModuleAndFile() {
        let extractor = SwiftExtractor()
        let sources = [
            SourceText(relativePath: "A/One.swift", module: "A", text: "private struct Name {}\nextension Name: Hashable {}"),
            SourceText(relativePath: "A/Two.swift", module: "A", text: "private struct Name {}"),
            SourceText(relativePath: "B/Three.swift", module: "B", text: "struct Name {}\nextension Name: Comparable {}"),
        ]
        let types = extractor.extract(sources: sources, cache: nil).types.filter { $0.kind == .struct }
        #expect(types.map(\.conformances) == [["Hashable"], [], ["Comparable"]])
    }

    @Test func aGenericTypeCalledWithoutArgumentsIsNotInferred() throws {
        let source = """
            struct Box<Value> { init(_ value: Value) {} }
            let inferred = Box(1)
            let written = Box<Int>(1)
            """
        let properties = extract(source).properties
        #expect(properties.map(\.type) == [nil, "Box<Int>"])
        #expect(type("Box", in: source)?.genericParameters == ["Value"])
    }

    /// `@objc(Name)` renames a class or protocol for Objective-C (Documentation/ObjectiveC.md, "One class in two
    /// languages"); a plain `@objc`, or none, gives no name.
    @Test func theObjectiveCNameOfAClassIsTheNameInObjc() {
        let source = """
            import Foundation
            @objc(MXProfileStore) @MainActor public final class ProfileStore: NSObject {}
            @objc public class Plain: NSObject {}
            @objc(MXLoading) protocol Loading {}
            struct Value {}
            """
        #expect(type("ProfileStore", in: source)?.objcName == "MXProfileStore")
        #expect(type("Loading", in: source)?.objcName == "MXLoading")
        #expect(type("Plain", in: source)?.objcName == nil)
        #expect(type("Value", in: source)?.objcName == nil)
    }

    @Test func inheritedNamesAreNormalised() {
        #expect(TypeRelations.names(in: "@unchecked Sendable") == ["Sendable"])
        #expect(TypeRelations.names(in: "P & Q") == ["P", "Q"])
        #expect(TypeRelations.names(in: "~Copyable").isEmpty)
        #expect(TypeRelations.names(in: "Base<Int>") == ["Base"])
        #expect(TypeRelations.names(in: "@preconcurrency @MainActor Delegate") == ["Delegate"])
    }
}
