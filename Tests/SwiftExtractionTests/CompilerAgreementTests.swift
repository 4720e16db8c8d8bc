import Foundation
import Inventory
import Testing

@testable import SwiftExtraction

/// Extracts `Tests/Fixtures/RulesPackage` (one case per rule) and checks the records against what the compiler
/// reported for it: `compiler-symbols.json`, written from the package's symbol graph by
/// `COMPARE_WRITE_EXPECTED=… scripts/compare-with-compiler Tests/Fixtures/RulesPackage`.
@Suite struct CompilerAgreementTests {
    struct ExpectedFunction: Decodable {
        var file: String
        var line: Int
        var column: Int
        var name: String
        var kind: String
        var accessLevel: AccessLevel
        var enclosingType: String?
        var doc: String?
    }

    struct ExpectedType: Decodable {
        var file: String
        var line: Int
        var column: Int
        var name: String
        var accessLevel: AccessLevel
        var doc: String?
    }

    struct Expected: Decodable {
        var functions: [ExpectedFunction]
        var types: [ExpectedType]
    }

    struct Position: Hashable {
        var file: String
        var line: Int
        var column: Int
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/RulesPackage")

    static let expected: Expected? = {
        guard let data = try? Data(contentsOf: fixture.appendingPathComponent("compiler-symbols.json")) else { return nil }
        return try? JSONDecoder().decode(Expected.self, from: data)
    }()

    static let extracted: ExtractionResult? = {
        guard let files = try? SourceDiscovery.discover(root: fixture, options: DiscoveryOptions(respectGitIgnore: false))
        else { return nil }
        return try? SwiftExtractor().extract(files: files.filter { $0.relativePath.hasPrefix("Sources/") }, cache: nil)
    }()

    /// The compiler's symbols paired with DocSheet's records at the same position.
    private func pairs() throws -> [(ExpectedFunction, FunctionRecord?)] {
        let expected = try #require(Self.expected)
        let records = try #require(Self.extracted).functions
        let byPosition = Dictionary(records.map { (Position(file: $0.file, line: $0.line, column: $0.column), $0) }) { a, _ in a }
        return expected.functions.map { ($0, byPosition[Position(file: $0.file, line: $0.line, column: $0.column)]) }
    }

    /// Doc text compared the way the script compares it: line by line, ignoring indentation and blank edges.
    static func normalized(_ doc: DocComment?) -> String? {
        guard let raw = doc?.raw else { return nil }
        var lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.trimmingWhitespace()) }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    @Test func fixtureHasNoSyntaxErrors() throws {
        #expect(try #require(Self.extracted).diagnostics.isEmpty)
    }

    @Test func everyCompilerSymbolIsFound() throws {
        let pairs = try pairs()
        #expect(pairs.count > 100)
        for (symbol, record) in pairs where record == nil {
            Issue.record("not found: \(symbol.file):\(symbol.line):\(symbol.column) \(symbol.name)")
        }
    }

    @Test func namesAgree() throws {
        for (symbol, record) in try pairs() {
            if let record { #expect(record.name == symbol.name, "\(symbol.file):\(symbol.line)") }
        }
    }

    @Test func kindsAgree() throws {
        let allowed: [String: Set<FunctionKind>] = [
            "swift.func": [.function, .operator], "swift.method": [.method, .operator],
            "swift.type.method": [.typeMethod, .operator], "swift.init": [.initializer], "swift.subscript": [.subscript],
            "swift.type.subscript": [.typeSubscript], "swift.func.op": [.operator],
        ]
        for (symbol, record) in try pairs() {
            if let record { #expect(allowed[symbol.kind]?.contains(record.kind) == true, "\(symbol.file):\(symbol.line) \(symbol.kind)") }
        }
    }

    @Test func accessLevelsAgree() throws {
        for (symbol, record) in try pairs() {
            if let record { #expect(record.accessLevel == symbol.accessLevel, "\(symbol.file):\(symbol.line) \(symbol.name)") }
        }
    }

    @Test func enclosingTypesAgree() throws {
        for (symbol, record) in try pairs() {
            if let record { #expect(record.enclosingType == symbol.enclosingType, "\(symbol.file):\(symbol.line) \(symbol.name)") }
        }
    }

    @Test func docTextsAgree() throws {
        for (symbol, record) in try pairs() {
            if let record { #expect(Self.normalized(record.doc) == symbol.doc, "\(symbol.file):\(symbol.line) \(symbol.name)") }
        }
    }

    @Test func everyOtherRecordIsADeliberateDifference() throws {
        let expected = try #require(Self.expected)
        let known = Set(expected.functions.map { Position(file: $0.file, line: $0.line, column: $0.column) })
        let others = try #require(Self.extracted).functions.filter { !known.contains(Position(file: $0.file, line: $0.line, column: $0.column)) }
        #expect(!others.isEmpty)
        for record in others {
            let deliberate = record.kind == .deinitializer || record.condition != nil
                || record.attributes.contains { $0.hasPrefix("@available(*, unavailable") }
            #expect(deliberate, "\(record.file):\(record.line) \(record.name) is not in the symbol graph")
        }
    }

    @Test func typesAgree() throws {
        let expected = try #require(Self.expected)
        let records = try #require(Self.extracted).types
        let byPosition = Dictionary(records.map { (Position(file: $0.file, line: $0.line, column: $0.column), $0) }) { a, _ in a }
        #expect(expected.types.count > 20)
        for symbol in expected.types {
            guard let record = byPosition[Position(file: symbol.file, line: symbol.line, column: symbol.column)] else {
                Issue.record("type not found: \(symbol.file):\(symbol.line) \(symbol.name)")
                continue
            }
            #expect(record.name == symbol.name)
            #expect(record.accessLevel == symbol.accessLevel, "\(symbol.name)")
            #expect(Self.normalized(record.doc) == symbol.doc, "\(symbol.name)")
        }
    }
}
