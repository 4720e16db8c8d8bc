import Foundation
import Inventory
import Testing
import TestSupport

@testable import SwiftExtraction

/// Extracting many files: order, parallelism, the cache, and errors.
@Suite struct SwiftExtractorTests {
    private static let sources = (0..<12).map { index in
        SourceText(relativePath: "F\(String(format: "%02d", 11 - index)).swift", module: "M", text: "func f\(index)() {}\nstruct T\(index) {}")
    }

    @Test func resultsAreSortedByFileWhateverTheJobCount() {
        let serial = SwiftExtractor(options: ExtractionOptions(jobs: 1)).extract(sources: Self.sources, cache: nil)
        let parallel = SwiftExtractor(options: ExtractionOptions(jobs: 4)).extract(sources: Self.sources, cache: nil)
        #expect(serial == parallel)
        #expect(serial.functions.map(\.file) == serial.functions.map(\.file).sorted())
        #expect(serial.functions.count == 12)
        #expect(serial.types.count == 12)
    }

    @Test func recordsOutOfOrderAreSortedAndEqualOnesKeepTheirOrder() {
        let records = [(3, "a"), (1, "b"), (3, "c"), (2, "d"), (1, "e")]
        #expect(SwiftExtractor.sortedStably(records) { $0.0 < $1.0 }.map(\.1) == ["b", "e", "d", "a", "c"])
        let inOrder = [(1, "x"), (1, "y"), (2, "z")]
        #expect(SwiftExtractor.sortedStably(inOrder) { $0.0 < $1.0 }.map(\.1) == ["x", "y", "z"])
        #expect(SwiftExtractor.sortedStably([(Int, String)]()) { $0.0 < $1.0 }.isEmpty)
    }

    @Test func byteOrderMarkCountsInFirstLineColumns() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("B.swift")
        try Data([0xEF, 0xBB, 0xBF] + Array("public func bom() {}\n".utf8)).write(to: url)
        let result = try SwiftExtractor().extract(files: [SourceFile(relativePath: "B.swift", url: url, module: "M")], cache: nil)
        // The compiler's symbol graph counts the mark's three bytes: `bom` starts at byte 16 of the line.
        #expect(result.functions.map(\.column) == [16])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func cacheIsUsedForUnchangedSources() {
        let cache = MemoryCache()
        let extractor = SwiftExtractor()
        _ = extractor.extract(sources: Self.sources, cache: cache)
        #expect(cache.storeCount == 12)
        #expect(cache.hitCount == 0)
        let again = extractor.extract(sources: Self.sources, cache: cache)
        #expect(cache.hitCount == 12)
        #expect(cache.storeCount == 12)
        #expect(again.functions.count == 12)
    }

    @Test func cachedExtractionIsReturnedAsStored() {
        let cache = MemoryCache()
        let source = SourceText(relativePath: "A.swift", module: "M", text: "func a() {}")
        let extractor = SwiftExtractor()
        cache.store(FileExtraction(), forKey: extractor.cacheKey(for: source))
        #expect(extractor.extract(sources: [source], cache: cache).functions.isEmpty)
    }

    @Test func cacheKeyCoversContentPathModuleAndOptions() {
        let source = SourceText(relativePath: "A.swift", module: "M", text: "func a() {}")
        let extractor = SwiftExtractor()
        let key = extractor.cacheKey(for: source)
        #expect(key == extractor.cacheKey(for: source))
        var changed = source
        changed.text = "func b() {}"
        #expect(extractor.cacheKey(for: changed) != key)
        changed = source
        changed.relativePath = "B.swift"
        #expect(extractor.cacheKey(for: changed) != key)
        changed = source
        changed.module = "N"
        #expect(extractor.cacheKey(for: changed) != key)
        #expect(SwiftExtractor(options: ExtractionOptions(includeLocal: true)).cacheKey(for: source) != key)
        #expect(SwiftExtractor(options: ExtractionOptions(jobs: 3)).cacheKey(for: source) == key)
    }

    @Test func cacheKeyIsStableAcrossRuns() {
        // A fixed value: the key must not depend on the process (unlike Swift's seeded Hasher).
        let key = SwiftExtractor().cacheKey(for: SourceText(relativePath: "A.swift", module: "M", text: "func a() {}"))
        #expect(key.count >= 34)
        #expect(key.allSatisfy { $0.isHexDigit || $0 == "-" })
        #expect(key == SwiftExtractor().cacheKey(for: SourceText(relativePath: "A.swift", module: "M", text: "func a() {}")))
    }

    @Test func filesAreReadFromDisk() throws {
        let folder = try TemporaryFolder()
        try folder.write("Sources/App/A.swift", "/// Doc.\npublic func a() {}\n")
        let files = try SourceDiscovery.discover(root: folder.url, options: DiscoveryOptions())
        let result = try SwiftExtractor().extract(files: files, cache: nil)
        #expect(result.functions.map(\.name) == ["a()"])
        #expect(result.functions.first?.file == "Sources/App/A.swift")
        #expect(result.functions.first?.module == "Sources")
        #expect(result.functions.first?.doc?.summary == "Doc.")
    }

    @Test func unreadableFileThrowsWithItsPath() throws {
        let folder = try TemporaryFolder()
        // A folder named like a Swift file exists but cannot be read as one.
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("Gone.swift"), withIntermediateDirectories: true)
        let missing = SourceFile(relativePath: "Gone.swift", url: folder.url.appendingPathComponent("Gone.swift"), module: "M")
        do {
            _ = try SwiftExtractor().extract(files: [missing], cache: nil)
            Issue.record("expected an error")
        } catch {
            guard case .unreadableFile(let path, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == "Gone.swift")
            #expect(error.description.hasPrefix("Gone.swift: cannot read the file"))
        }
    }

    @Test func invalidUTF8IsRepairedWithAWarning() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("Latin1.swift")
        var bytes = Array("// caf".utf8)
        bytes.append(0xE9)
        bytes.append(contentsOf: Array("\nfunc a() {}\n".utf8))
        try Data(bytes).write(to: url)
        let result = try SwiftExtractor().extract(files: [SourceFile(relativePath: "Latin1.swift", url: url, module: "M")], cache: nil)
        #expect(result.functions.map(\.name) == ["a()"])
        #expect(result.diagnostics.map(\.message) == ["the file is not valid UTF-8; invalid bytes were replaced, save it as UTF-8"])
    }

    @Test func diagnosticsAreSortedByFile() {
        let sources = [
            SourceText(relativePath: "B.swift", module: "M", text: "func b( {}"),
            SourceText(relativePath: "A.swift", module: "M", text: "func a( {}"),
        ]
        let result = SwiftExtractor(options: ExtractionOptions(jobs: 2)).extract(sources: sources, cache: nil)
        #expect(result.diagnostics.map(\.file) == ["A.swift", "B.swift"])
    }
}

/// A thread-safe in-memory cache counting hits and stores.
final class MemoryCache: ExtractionCache, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: FileExtraction] = [:]
    private(set) var hitCount = 0
    private(set) var storeCount = 0

    func cachedExtraction(forKey key: String) -> FileExtraction? {
        lock.lock()
        defer { lock.unlock() }
        let entry = entries[key]
        if entry != nil { hitCount += 1 }
        return entry
    }

    func store(_ extraction: FileExtraction, forKey key: String) {
        lock.lock()
        defer { lock.unlock() }
        entries[key] = extraction
        storeCount += 1
    }
}
