import Foundation
import Inventory
import Testing
import TestSupport
@testable import SwiftExtraction

/// The binary form the extraction cache stores (`FileExtraction.cacheBytes()`), on real extractions.
@Suite struct ExtractionCacheCodingTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What the extractor stores for every Swift file of `samples/` and of the rules fixture package (records before
    /// the cross-file rules, with facts).
    static func sampleExtractions() throws -> [FileExtraction] {
        var sources: [SourceText] = []
        for folder in ["samples", "Tests/Fixtures/RulesPackage"] {
            let root = repository.appendingPathComponent(folder)
            let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            for case let url as URL in walker where url.pathExtension == "swift" {
                let path = String(url.path.dropFirst(root.path.count + 1))
                sources.append(SourceText(relativePath: path, module: String(path.prefix { $0 != "/" }),
                                          text: try String(contentsOf: url, encoding: .utf8)))
            }
        }
        let cache = CapturingCache()
        _ = SwiftExtractor().extract(sources: sources, cache: cache)
        return cache.stored
    }

    @Test func everySampleFileReadsBackEqualFactsIncluded() throws {
        let extractions = try Self.sampleExtractions()
        #expect(extractions.count > 40)
        #expect(extractions.contains { !($0.facts?.aliases.isEmpty ?? true) }, "the rules fixture declares type aliases")
        #expect(extractions.contains { $0.functions.contains { $0.doc?.parameters.isEmpty == false } })
        for extraction in extractions {
            let bytes = extraction.cacheBytes()
            let decoded = bytes.withUnsafeBytes { FileExtraction(cacheBytes: $0) }
            #expect(decoded == extraction)
            #expect(decoded?.facts == extraction.facts)
        }
    }

    @Test func unusualValuesReadBackAsWritten() {
        var function = FunctionRecord(file: "Sources/設計/Ä.swift", line: 1 << 40, column: -3, module: "",
                                      kind: .operator, name: "<*>(_:_:)", baseName: "<*>", signature: "",
                                      parameters: [.init(label: nil, name: "", type: "Int", defaultValue: "")],
                                      doc: DocComment(raw: "/// 🙂\u{0}", summary: "", callouts: [.init(kind: "note", text: "")]),
                                      moduleKind: .executable)
        function.targets = [] // kept empty, as stored (the initializer would fill it)
        let type = TypeRecord(name: "T", kind: .extension, module: "M", file: "f", line: 0, column: Int.min,
                              inheritedTypes: ["A", ""], doc: nil, targets: ["M", "N"])
        var extraction = FileExtraction(functions: [function], types: [type], diagnostics: [
            ExtractionDiagnostic(file: "f", line: Int.max, column: 0, severity: .error, message: "m")])
        extraction.facts = CrossFileRules.FileFacts(file: "f", imports: ["Foundation"], aliases: [
            CrossFileRules.TypeAlias(module: "M", file: "f", line: 2, column: 3, name: "A", scopes: ["Outer"],
                                     visibility: .public, target: nil, targetModule: "M", written: "[Int]")])
        let decoded = extraction.cacheBytes().withUnsafeBytes { FileExtraction(cacheBytes: $0) }
        #expect(decoded == extraction)
        #expect(decoded?.functions.first?.targets == [])
        #expect(FileExtraction().cacheBytes().withUnsafeBytes { FileExtraction(cacheBytes: $0) } == FileExtraction())
    }

    @Test func theGeneratedFlagAndIgnoredTypesReadBack() {
        var extraction = FileExtraction(functions: [], types: [], diagnostics: [])
        extraction.isGenerated = true
        extraction.ignoredTypes = [TypeRecord(name: "Legacy", kind: .struct, module: "M", file: "f", line: 3, column: 8,
                                              inheritedTypes: [], doc: nil)]
        let decoded = extraction.cacheBytes().withUnsafeBytes { FileExtraction(cacheBytes: $0) }
        #expect(decoded == extraction)
        #expect(decoded?.isGenerated == true)
        #expect(decoded?.ignoredTypes.map(\.name) == ["Legacy"])
        // An entry of the previous format version is a miss, never a wrong record.
        var old = FileExtraction().cacheBytes()
        old.replaceSubrange(0..<4, with: Array("DSX1".utf8))
        #expect(old.withUnsafeBytes { FileExtraction(cacheBytes: $0) } == nil)
    }

    @Test func damagedBytesAreAMissNeverACrash() throws {
        let extraction = try #require(Self.sampleExtractions().max { $0.cacheBytes().count < $1.cacheBytes().count })
        let bytes = extraction.cacheBytes()
        // Every cut is a miss: no prefix is a complete extraction, and neither is the whole with a byte more.
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 500)) {
            #expect(Array(bytes.prefix(length)).withUnsafeBytes { FileExtraction(cacheBytes: $0) } == nil)
        }
        #expect((bytes + [0]).withUnsafeBytes { FileExtraction(cacheBytes: $0) } == nil)
        #expect(Array("DSX0".utf8 + bytes.dropFirst(4)).withUnsafeBytes { FileExtraction(cacheBytes: $0) } == nil,
                "another format version")
        // Any byte changed to any value reads as something or nothing: lengths and counts are checked, never trusted.
        var random = SeededGenerator(seed: 31)
        for _ in 0..<2_000 {
            var damaged = bytes
            damaged[Int.random(in: 4..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            _ = damaged.withUnsafeBytes { FileExtraction(cacheBytes: $0) }
        }
        let huge: [UInt8] = Array("DSX1".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]
        #expect(huge.withUnsafeBytes { FileExtraction(cacheBytes: $0) } == nil, "a count beyond the bytes left")
    }
}

/// Keeps every extraction the extractor stores.
private final class CapturingCache: ExtractionCache, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [FileExtraction] = []

    var stored: [FileExtraction] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    func cachedExtraction(forKey key: String) -> FileExtraction? { nil }

    func store(_ extraction: FileExtraction, forKey key: String) {
        lock.lock()
        defer { lock.unlock() }
        entries.append(extraction)
    }
}
