import Foundation
import Inventory
import SwiftExtraction
import Testing
import WorkflowTestSupport
@testable import Workflow

@Suite struct DiskExtractionCacheTests {
    let extraction = FileExtraction(functions: [record("f()")], types: [], diagnostics: [])

    @Test func storesAndReturnsAnExtraction() throws {
        let folder = try TestRepository(git: false)
        let cache = DiskExtractionCache(folder: folder.url.appendingPathComponent("cache"))
        #expect(cache.cachedExtraction(forKey: "k1") == nil)
        cache.store(extraction, forKey: "k1")
        #expect(cache.cachedExtraction(forKey: "k1") == extraction)
        #expect(DiskExtractionCache(folder: cache.folder).cachedExtraction(forKey: "k1") == extraction)
    }

    @Test func aCorruptEntryIsIgnoredAndRewritten() throws {
        let folder = try TestRepository(git: false)
        let cache = DiskExtractionCache(folder: folder.url)
        cache.store(extraction, forKey: "k1")
        try Data("{\"key\": \"k1\", \"extr".utf8).write(to: cache.entryURL(forKey: "k1"))
        #expect(cache.cachedExtraction(forKey: "k1") == nil)
        cache.store(extraction, forKey: "k1")
        #expect(cache.cachedExtraction(forKey: "k1") == extraction)
    }

    @Test func anEntryHoldingAnotherKeyIsAMiss() throws {
        let folder = try TestRepository(git: false)
        let cache = DiskExtractionCache(folder: folder.url)
        cache.store(extraction, forKey: "k1")
        try FileManager.default.copyItem(at: cache.entryURL(forKey: "k1"), to: cache.entryURL(forKey: "k2"))
        #expect(cache.cachedExtraction(forKey: "k2") == nil)
    }

    @Test func concurrentWritersNeverLeaveAPartialEntry() throws {
        let folder = try TestRepository(git: false)
        let caches = (0..<4).map { _ in DiskExtractionCache(folder: folder.url.appendingPathComponent("shared")) }
        let big = FileExtraction(functions: (1...200).map { record("f\($0)()", line: $0) })
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let cache = caches[index % caches.count]
            cache.store(big, forKey: "key\(index % 8)")
            if let read = cache.cachedExtraction(forKey: "key\((index + 1) % 8)") { #expect(read == big) }
        }
        for index in 0..<8 { #expect(caches[0].cachedExtraction(forKey: "key\(index)") == big) }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: caches[0].folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func pruneKeepsTheMostRecentlyUsedEntries() throws {
        let folder = try TestRepository(git: false)
        let cache = DiskExtractionCache(folder: folder.url.appendingPathComponent("c"), maximumEntries: 2)
        for (index, key) in ["old", "middle", "new"].enumerated() {
            cache.store(extraction, forKey: key)
            let date = Date(timeIntervalSince1970: 1_000_000 + Double(index) * 1000)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: cache.entryURL(forKey: key).path)
        }
        #expect(cache.cachedExtraction(forKey: "old") != nil) // a hit marks "old" as recently used
        cache.prune()
        #expect(cache.cachedExtraction(forKey: "old") != nil)
        #expect(cache.cachedExtraction(forKey: "middle") == nil)
        #expect(cache.cachedExtraction(forKey: "new") != nil)
    }

    @Test func theFolderFollowsTheEnvironmentThePackageOrTheUserCache() throws {
        let folder = try TestRepository(git: false)
        try folder.write("pkg/Package.swift", "// swift-tools-version:6.0\n")
        try folder.write("pkg/Sources/A/a.swift", "")
        try folder.write("loose/a.swift", "")
        let moved = WorkflowEnvironment(currentDirectory: folder.url, variables: ["DOCSHEET_CACHE_DIR": "elsewhere"])
        #expect(DiskExtractionCache.defaultFolder(for: folder.url.appendingPathComponent("pkg"), environment: moved).path
            == folder.url.appendingPathComponent("elsewhere").path)
        let plain = WorkflowEnvironment(currentDirectory: folder.url, variables: ["XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"])
        #expect(DiskExtractionCache.defaultFolder(for: folder.url.appendingPathComponent("pkg/Sources/A"), environment: plain).path
            == folder.url.appendingPathComponent("pkg/.build/docsheet-cache").path)
        #expect(DiskExtractionCache.defaultFolder(for: folder.url.appendingPathComponent("loose"), environment: plain).path == "/xdg/docsheet")
        let home = WorkflowEnvironment(currentDirectory: folder.url, variables: ["HOME": "/home/u"])
        #expect(DiskExtractionCache.defaultFolder(for: folder.url.appendingPathComponent("loose"), environment: home).path == "/home/u/.cache/docsheet")
    }
}
