import Foundation
import Inventory
import Testing

@testable import DesignDocument

/// One class in two languages (Documentation/ObjectiveC.md): the members of a Swift extension of an Objective-C class
/// and of an Objective-C category of a Swift class that `@objc(Name)` renames are drawn in the class's one box.
@Suite struct MixedLanguageClassTests {
    static func method(_ name: String, of type: String, module: String, language: SourceLanguage) -> FunctionRecord {
        FunctionRecord(file: "\(module)/\(type).\(language == .objc ? "m" : "swift")", line: 1, column: 1, module: module,
                       kind: .method, name: name, baseName: name, signature: name, enclosingType: type,
                       accessLevel: .public, effectiveAccess: .public, language: language)
    }

    /// `Account` is an Objective-C class of the framework `LegacyKit`, extended in Swift by the app; `ProfileStore` is
    /// a Swift class of the app that Objective-C knows as `MXProfileStore` and extends with a category.
    static let inventory = Inventory(
        project: ProjectInfo(name: "Mixed", root: "."),
        types: [
            TypeRecord(name: "Account", kind: .class, module: "LegacyKit", file: "LegacyKit/Account.h", line: 3, column: 12,
                       superclass: "NSObject", language: .objc),
            TypeRecord(name: "Account", kind: .extension, module: "App", file: "App/Account+Session.swift", line: 2, column: 11),
            TypeRecord(name: "ProfileStore", kind: .class, module: "App", file: "App/ProfileStore.swift", line: 4, column: 14,
                       superclass: "NSObject", objcName: "MXProfileStore"),
            TypeRecord(name: "MXCachedProfileStore", kind: .class, module: "App", file: "App/MXCachedProfileStore.h", line: 2,
                       column: 12, superclass: "MXProfileStore", language: .objc),
        ],
        functions: [
            method("validateName:", of: "Account", module: "LegacyKit", language: .objc),
            method("signIn(token:)", of: "Account", module: "App", language: .swift),
            method("load()", of: "ProfileStore", module: "App", language: .swift),
            method("purgeProfilesBefore:", of: "MXProfileStore", module: "App", language: .objc),
        ])

    /// The declaration `links` finds for `name` from `module`, as `Module.Name`.
    func found(_ links: TypeLinks, _ name: String, _ module: String) -> String? {
        links.declaration(named: name, from: module).map { "\($0.module).\($0.name)" }
    }

    @Test func aNameFindsItsDeclarationInTheModuleThenThroughObjCNamesThenInTheProject() {
        let links = TypeLinks(Self.inventory.types)
        #expect(found(links, "Account", "App") == "LegacyKit.Account")
        #expect(found(links, "MXProfileStore", "App") == "App.ProfileStore")
        #expect(found(links, "MXProfileStore", "Widget") == "App.ProfileStore")
        #expect(found(links, "ProfileStore", "App") == "App.ProfileStore")
        #expect(links.declaration(named: "UIView", from: "App") == nil)
        // A name two other modules declare stays unresolved.
        let twice = TypeLinks(Self.inventory.types + [TypeRecord(name: "Account", kind: .class, module: "Other", file: "Other/A.swift",
                                                                 line: 1, column: 1)])
        #expect(twice.declaration(named: "Account", from: "App") == nil)
        #expect(found(twice, "Account", "Other") == "Other.Account")
    }

    @Test func bothLanguagesMembersAreInOneBoxAndAnObjCSuperclassNameIsTheSwiftClass() {
        let diagram = ClassDiagram(Self.inventory)
        #expect(diagram.nodes.map(\.id) == ["App.MXCachedProfileStore", "App.ProfileStore", "LegacyKit.Account", "NSObject"])
        #expect(diagram.nodes.first { $0.id == "LegacyKit.Account" }?.members == ["+signIn(token:)", "+validateName:"])
        #expect(diagram.nodes.first { $0.id == "App.ProfileStore" }?.members == ["+purgeProfilesBefore:", "+load()"])
        #expect(diagram.edges.contains(ClassDiagram.Edge(from: "App.MXCachedProfileStore", to: "App.ProfileStore", relation: .inheritance)))
        #expect(!diagram.dot(title: "Mixed").contains("MXProfileStore\""))
    }
}
