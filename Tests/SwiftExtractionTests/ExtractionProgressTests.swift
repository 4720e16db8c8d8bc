import Foundation
import Inventory
import Testing
@testable import SwiftExtraction

/// The progress callback of `SwiftExtractor.extract(groups:progress:)`.
@Suite struct ExtractionProgressTests {
    /// A thread-safe in-memory cache.
    final class MemoryCache: ExtractionCache, @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String: FileExtraction] = [:]
        func cachedExtraction(forKey key: String) -> FileExtraction? { lock.withLock { entries[key] } }
        func store(_ extraction: FileExtraction, forKey key: String) { lock.withLock { entries[key] = extraction } }
    }

    /// Collects reports from the worker threads.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [ExtractionProgress] = []
        func add(_ report: ExtractionProgress) { lock.withLock { list.append(report) } }
        var all: [ExtractionProgress] { lock.withLock { list } }
    }

    @Test func everyFileIsReportedOnceParsedOrCached() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docsheet-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try (0..<12).map { index -> SourceFile in
            let url = folder.appendingPathComponent("F\(index).swift")
            try "func f\(index)() {}\n".write(to: url, atomically: true, encoding: .utf8)
            return SourceFile(relativePath: "F\(index).swift", url: url, module: "M")
        }
        let cache = MemoryCache()
        let extractor = SwiftExtractor(options: ExtractionOptions(jobs: 3))
        for run in 0..<2 {  // the second run takes every file from the cache
            let reports = Reports()
            let results = extractor.extract(groups: [FileGroup(files: Array(files[..<5]), cache: cache),
                                                     FileGroup(files: Array(files[5...]), cache: nil)],
                                            progress: reports.add)
            #expect(results.count == 2)
            #expect(reports.all.map(\.done).sorted() == Array(1...12), "run \(run)")
            #expect(reports.all.allSatisfy { $0.total == 12 })
        }
        let sources = Reports()
        _ = extractor.extract(sources: [SourceText(relativePath: "A.swift", module: "M", text: "func a() {}")], cache: nil,
                              progress: sources.add)
        #expect(sources.all == [ExtractionProgress(done: 1, total: 1)])
    }
}
