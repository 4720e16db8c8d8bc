import Foundation
import Testing
@testable import Inventory

@Suite struct InventoryCodingTests {
    func sampleRecord(file: String = "Sources/App/A.swift", line: Int = 3) -> FunctionRecord {
        FunctionRecord(
            file: file, line: line, column: 10, module: "App", kind: .method, name: "load(id:)", baseName: "load",
            signature: "public func load(id: Int) -> String", enclosingType: "Loader", enclosingKind: .class,
            accessLevel: .public, effectiveAccess: .internal,
            parameters: [.init(label: "id", name: "id", type: "Int")], returnType: "String",
            doc: DocComment(raw: "Loads.", summary: "Loads."))
    }

    @Test func modulesThatShareNameProjectAndKindKeepOneOrderWhateverTheirInputOrder() {
        // sing-box-for-apple's Xcode project has three app targets whose product is `sing_box`: they differ only in
        // their dependencies, and their rows once came out in the order of a set, different from run to run.
        let apps = [["Library", "MacLibrary"], ["Library", "ApplicationLibrary", "TVExtension"], ["Library", "Extension"]]
            .map { ModuleRecord(name: "sing_box", kind: .app, project: "sing-box.xcodeproj", dependencies: $0) }
        let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]].map { order in
            Inventory(project: ProjectInfo(name: "p", root: "."), types: [], functions: [],
                      modules: order.map { apps[$0] } + [ModuleRecord(name: "Library", kind: .framework)]).modules
        }
        #expect(orders.allSatisfy { $0 == orders[0] })
        #expect(orders[0].map(\.dependencies) == [[], ["Library", "ApplicationLibrary", "TVExtension"], ["Library", "Extension"],
                                                   ["Library", "MacLibrary"]])
    }

    @Test func absentOptionalFieldsAreWrittenAsNull() throws {
        let inventory = Inventory(project: ProjectInfo(name: "P", root: "."), types: [], functions: [sampleRecord()])
        let json = String(decoding: InventoryCoding.encode(inventory), as: UTF8.self)
        #expect(json.contains("\"genericWhere\" : null"))
        #expect(json.contains("\"commit\" : null"))
        #expect(json.contains("\"defaultValue\" : null"))
        #expect(json.contains("\"discussion\" : null"))
        #expect(json.hasSuffix("}\n"))
    }

    @Test func recordsAreSortedStablyWhetherOrNotTheyArriveInOrder() {
        var twin = sampleRecord(file: "a.swift", line: 2)
        twin.signature = "the second of two records at the same place"
        let shuffled = [sampleRecord(file: "b.swift"), sampleRecord(file: "a.swift", line: 2), twin]
        let inventory = Inventory(project: ProjectInfo(name: "P", root: "."), types: [], functions: shuffled)
        #expect(inventory.functions == [shuffled[1], twin, shuffled[0]], "sorted, equal keys kept in arrival order")
        let again = Inventory(project: ProjectInfo(name: "P", root: "."), types: [], functions: inventory.functions)
        #expect(again.functions == inventory.functions, "records already in order stay as they are")
        let reversedTwins = Inventory(project: ProjectInfo(name: "P", root: "."), types: [], functions: [twin, shuffled[1]])
        #expect(reversedTwins.functions == [twin, shuffled[1]])
    }

    @Test func encodingRoundTripsAndIsDeterministic() throws {
        let inventory = Inventory(
            project: ProjectInfo(name: "P", root: ".", commit: "abc"), types: [],
            functions: [sampleRecord(file: "b.swift"), sampleRecord(file: "a.swift", line: 9), sampleRecord(file: "a.swift", line: 2)])
        let first = InventoryCoding.encode(inventory)
        let second = InventoryCoding.encode(inventory)
        #expect(first == second)
        let decoded = try InventoryCoding.decodeInventory(first, source: "test.json")
        #expect(decoded == inventory)
        #expect(decoded.functions.map { "\($0.file):\($0.line)" } == ["a.swift:2", "a.swift:9", "b.swift:3"])
    }

    @Test func versionThreeWritesPropertiesAndVersionTwoIsStillRead() throws {
        let property = PropertyRecord(
            file: "a.swift", line: 2, column: 9, module: "App", kind: .property, name: "count", type: "Int",
            declaration: "var count: Int", enclosingType: "Cart", enclosingKind: .struct, defaultValue: "0")
        let type = TypeRecord(name: "Cart", kind: .struct, module: "App", file: "a.swift", line: 1, column: 8,
                              conformances: ["Equatable"])
        let current = Inventory(project: ProjectInfo(name: "P", root: "."), types: [type], functions: [sampleRecord()],
                                properties: [property])
        let data = InventoryCoding.encode(current)
        let decoded = try InventoryCoding.decodeInventory(data, source: "v3.json")
        #expect(decoded == current && decoded.schemaVersion == Inventory.currentSchemaVersion && decoded.properties == [property])

        // A version-2 document: no `properties`, and type records without the relation keys.
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["schemaVersion"] = 2
        object["properties"] = nil
        var types = try #require(object["types"] as? [[String: Any]])
        for key in ["superclass", "conformances", "composition", "unknownInheritedTypes"] { types[0][key] = nil }
        object["types"] = types
        let old = try InventoryCoding.decodeInventory(JSONSerialization.data(withJSONObject: object), source: "v2.json")
        #expect(old.schemaVersion == 2 && old.properties.isEmpty && old.functions == current.functions)
        #expect(old.types.first?.conformances == [] && old.types.first?.superclass == nil)
        #expect(old.types.first?.composition == [] && old.types.first?.unknownInheritedTypes == [])
    }

    @Test func decodingRejectsNewerSchemaAndGarbageWithSourceName() throws {
        #expect(throws: InventoryError.unsupportedSchemaVersion(source: "x.json", found: 99)) {
            let inventory = Inventory(project: ProjectInfo(name: "P", root: "."), types: [], functions: [], schemaVersion: 99)
            _ = try InventoryCoding.decodeInventory(InventoryCoding.encode(inventory), source: "x.json")
        }
        do {
            _ = try InventoryCoding.decodeInventory(Data("{\"schemaVersion\": 1}".utf8), source: "bad.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("bad.json: not a DocSheet JSON inventory"))
            #expect(error.description.contains("missing key 'tool'"))
        }
    }

    @Test func accessLevelsAreOrderedAndFilteringUsesEffectiveAccess() {
        #expect(AccessLevel.private < .fileprivate && AccessLevel.package < .public && AccessLevel.public < .open)
        var open = sampleRecord()
        open.effectiveAccess = .public
        let inventory = Inventory(project: ProjectInfo(name: "P", root: "."), types: [], functions: [sampleRecord(), open])
        #expect(inventory.filtered(minimumAccess: .public).functions == [open])
        #expect(inventory.filtered(minimumAccess: .private).functions.count == 2)
    }

    @Test func placeholderDocsDoNotCountAsDocumented() {
        var record = sampleRecord()
        #expect(record.isDocumented)
        record.doc = DocComment(raw: "<#Description#>", summary: "<#Description#>", isPlaceholder: true)
        #expect(!record.isDocumented)
        record.doc = nil
        #expect(!record.isDocumented)
    }
}
