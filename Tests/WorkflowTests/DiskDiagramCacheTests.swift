import Foundation
import Testing
import TestSupport
import WorkflowTestSupport
@testable import Workflow

/// Graphviz's work kept between runs: by the key's digest, bounded, and used by `generate` unless `--no-cache`.
@Suite struct DiskDiagramCacheTests {
    @Test func keepsAValuePerKeyAndTrimsTheOldestBeyondItsBound() throws {
        let folder = try TestRepository(git: false)
        var cache = DiskDiagramCache(folder: folder.url.appendingPathComponent("diagrams"))
        cache.maximumEntries = 3
        #expect(cache.value(for: "digraph{a}") == nil)
        for index in 0..<5 {
            cache.keep(Data("picture \(index)".utf8), for: "digraph{a\(index)}")
            // Modification times one second apart, so that "oldest" is well defined.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(index))],
                                                  ofItemAtPath: cache.folder.appendingPathComponent(SHA256.hex("digraph{a\(index)}")).path)
        }
        #expect(cache.value(for: "digraph{a4}") == Data("picture 4".utf8))
        cache.trim()
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.folder.path).count == 3)
        #expect(cache.value(for: "digraph{a0}") == nil && cache.value(for: "digraph{a1}") == nil)
        #expect(cache.value(for: "digraph{a2}") == Data("picture 2".utf8))
    }

    @Test func generateKeepsThePicturesAndNoCacheKeepsNone() throws {
        let project = try TestRepository(git: false)
        try project.write("Sources/App/Shapes.swift", """
            class Shape { var sides = 0 }
            final class Square: Shape { let side: Double = 1 }
            """)
        let cacheFolder = project.url.appendingPathComponent("cache")
        let environment = WorkflowEnvironment(currentDirectory: project.url,
                                              variables: ["DOCSHEET_CACHE_DIR": cacheFolder.path, "HOME": project.url.path])
        var options = GenerateOptions()
        options.roots = [project.url.path]
        options.output = project.url.appendingPathComponent("design.xlsx").path
        options.scan.useCache = false
        _ = try Generate.run(options, environment: environment)
        #expect(!FileManager.default.fileExists(atPath: cacheFolder.appendingPathComponent("diagrams").path))
        options.scan.useCache = true
        _ = try Generate.run(options, environment: environment)
        // The page's layout size and its picture.
        let kept = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.appendingPathComponent("diagrams").path)
        #expect(kept.count == 2)
    }
}
