import Foundation
import Testing
@testable import Inventory

/// `InventoryJSONWriter` must write exactly what `JSONEncoder` writes for the same inventory (Documentation/Schema.md:
/// the JSON did not change when the hand-written writer replaced it).
@Suite struct InventoryJSONWriterTests {
    /// What `InventoryCoding` wrote with `JSONEncoder` before the hand-written writer.
    func foundationJSON(_ inventory: Inventory) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(inventory)) + [0x0A]
    }

    /// Every ASCII character (the control characters, quotes, backslash, slash, DEL) and some beyond.
    static let awkwardText: String = {
        var text = String((0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) })
        text += "é漢字🇻🇳 e\u{301} \u{2028}\u{2029} \u{FEFF} </script> \\u0041 \"quoted\""
        return text
    }()

    func richInventory() -> Inventory {
        let doc = DocComment(
            raw: "/// Loads.\n/// - Parameter id: The id.", summary: "Loads \(Self.awkwardText)", discussion: "Line one\n\nline two",
            parameters: [.init(name: "id", description: "The id."), .init(name: "x", description: "")],
            returns: "A string.", throws: "`LoadError`", callouts: [.init(kind: "note", text: "Tab\there")],
            isPlaceholder: false)
        let functions = [
            FunctionRecord(
                file: "Sources/App/A.swift", line: 3, column: 10, module: "App", kind: .method, name: "load(id:)",
                baseName: "load", signature: "public func load(id: Int) -> String", enclosingType: "Loader",
                enclosingKind: .class, accessLevel: .public, effectiveAccess: .internal,
                parameters: [.init(label: "id", name: "id", type: "Int"),
                             .init(label: nil, name: "x", type: "[String: Any]", defaultValue: "[:]")],
                returnType: "String", doc: doc),
            FunctionRecord(
                file: "Sources/App/B \(Self.awkwardText).swift", line: 1, column: 1, module: "App", kind: .function,
                name: "f()", baseName: "f", signature: "func f()", enclosingType: nil, enclosingKind: nil,
                accessLevel: .internal, effectiveAccess: .internal, parameters: [], returnType: nil, doc: nil),
        ]
        var second = functions[1]
        second.attributes = ["@MainActor", "@available(iOS 15, *)"]
        second.modifiers = ["static", "nonisolated"]
        second.isAsync = true
        second.isRequirement = true
        second.throws = "throws(LoadError)"
        second.genericWhere = "T: Sendable"
        second.condition = "os(iOS) && !DEBUG"
        second.section = "MARK: - \(Self.awkwardText)"
        second.moduleKind = .app
        second.targets = ["App", "AppTests"]
        let types = [
            TypeRecord(name: "Loader", kind: .class, module: "App", file: "Sources/App/A.swift", line: 1, column: 1,
                       accessLevel: .open, effectiveAccess: .public, inheritedTypes: ["NSObject", "Sendable"],
                       genericWhere: "T: Equatable", condition: "canImport(UIKit)", doc: doc, targets: ["App"],
                       moduleKind: .framework),
            TypeRecord(name: "Empty", kind: .enum, module: "App", file: "Sources/App/E.swift", line: 2, column: 3,
                       superclass: nil, conformances: ["Equatable", "Sendable"],
                       composition: [.init(property: "loader", type: "Loader", isCollection: true)],
                       unknownInheritedTypes: ["Vendor\(Self.awkwardText)"]),
        ]
        let properties = [
            PropertyRecord(
                file: "Sources/App/A.swift", line: 4, column: 9, module: "App", kind: .property, name: "items",
                type: "[String]", declaration: "public private(set) var items: [String]", enclosingType: "Loader",
                enclosingKind: .class, accessLevel: .public, setterAccess: .private, effectiveAccess: .public,
                attributes: ["@Published"], modifiers: ["weak"], defaultValue: "[\"\(Self.awkwardText)\"]",
                condition: "DEBUG", section: "State", doc: doc, targets: ["App", "AppTests"], moduleKind: .app),
            PropertyRecord(
                file: "Sources/App/E.swift", line: 3, column: 10, module: "App", kind: .enumCase, name: "failure",
                declaration: "case failure(Error)", enclosingType: "Empty", enclosingKind: .enum, storage: nil,
                mutability: nil, associatedValues: [.init(label: nil, name: "", type: "Error")], rawValue: "\"x\""),
        ]
        return Inventory(project: ProjectInfo(name: "Project \(Self.awkwardText)", root: ".", commit: "abc123"),
                         types: types, functions: [functions[0], second],
                         modules: [ModuleRecord(name: "App", kind: .app, project: "App.xcodeproj"),
                                   ModuleRecord(name: "Loose", kind: .folder)],
                         properties: properties)
    }

    @Test func writesWhatJSONEncoderWritesForEveryField() throws {
        let inventory = richInventory()
        let written = InventoryJSONWriter.prettyJSON(of: inventory)
        let expected = try foundationJSON(inventory)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(written == expected)
    }

    @Test func writesWhatJSONEncoderWritesForAnEmptyInventory() throws {
        let inventory = Inventory(project: ProjectInfo(name: "P", root: "."), types: [], functions: [])
        #expect(InventoryJSONWriter.prettyJSON(of: inventory) == (try foundationJSON(inventory)))
    }

    @Test func compactOutputIsValidJSONThatDecodesToTheSameInventory() throws {
        let inventory = richInventory()
        var writer = InventoryJSONWriter(pretty: false)
        writer.write(inventory)
        #expect(!writer.bytes.contains(0x0A))
        let decoded = try JSONDecoder().decode(Inventory.self, from: Data(writer.bytes))
        #expect(decoded == inventory)
    }

    @Test func largeInventoriesWrittenInSlicesOnAllCoresGiveTheSameBytes() throws {
        // Over 2,048 records the arrays are written in slices on several threads and joined (writeRecords); the
        // joins must put commas, line breaks and indentation exactly where one writer would.
        let rich = richInventory()
        let functions = (0..<9_001).map { index -> FunctionRecord in
            var record = rich.functions[index % 2]
            record.line = index + 1
            record.name = "f\(index)()"
            return record
        }
        let types = (0..<4_097).map { index -> TypeRecord in
            var record = rich.types[index % 2]
            record.line = index + 1
            return record
        }
        let inventory = Inventory(project: rich.project, types: types, functions: functions, modules: rich.modules)
        let expected = try foundationJSON(inventory)
        #expect(InventoryJSONWriter.prettyJSON(of: inventory) == expected)
        // Handed over piece by piece as the slices are done, the pieces still add up to the same bytes, in order.
        var pieces: [[UInt8]] = []
        #expect(InventoryCoding.encode(inventory) { pieces.append(Array($0)); return true })
        #expect(pieces.count > 4)
        #expect(Array(pieces.joined()) == expected)
        // A refused piece is the last one handed over.
        var handed = 0
        #expect(!InventoryCoding.encode(inventory) { _ in handed += 1; return handed < 3 })
        #expect(handed == 3)
        var compact = InventoryJSONWriter(pretty: false)
        compact.write(inventory)
        #expect(try JSONDecoder().decode(Inventory.self, from: Data(compact.bytes)) == inventory)
    }

    @Test func inventoryCodingUsesTheWriter() throws {
        let inventory = richInventory()
        #expect(Array(InventoryCoding.encode(inventory)) == (try foundationJSON(inventory)))
    }
}
