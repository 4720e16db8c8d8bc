import DesignDocument
import FileSupport
import Foundation
import Testing
import TestSupport
import WorkflowTestSupport
@testable import Workflow

/// `generate` leaves an output file alone when nothing it depends on changed since the run that wrote it (RunRecord),
/// and writes it again when anything did.
@Suite struct UpToDateRunTests {
    /// A project of two files, one with a syntax error (a diagnostic to print again), and options writing JSON.
    private func project() throws -> (TestRepository, GenerateOptions) {
        let repository = try TestRepository(git: false)
        try repository.write("Sources/App/Store.swift", "/// Saves.\npublic func save() {}\n")
        try repository.write("Sources/App/Broken.swift", "public func broken( {}\n")
        var options = GenerateOptions()
        options.output = repository.url.appendingPathComponent("out/inventory.json").path
        return (repository, options)
    }

    private func names(in repository: TestRepository) throws -> [String] {
        let data = try Data(contentsOf: repository.url.appendingPathComponent("out/inventory.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let functions = try #require(object["functions"] as? [[String: Any]])
        return functions.compactMap { $0["name"] as? String }.sorted()
    }

    private func stamp(_ repository: TestRepository) -> String? {
        FilePaths.stamp(ofFileAt: repository.url.appendingPathComponent("out/inventory.json").path)
    }

    @Test func aSecondRunWithNothingChangedLeavesTheOutputAndRepeatsWhatTheFirstSaid() throws {
        let (repository, options) = try project()
        let first = try Generate.run(options, environment: repository.environment)
        #expect(!first.upToDate)
        let written = stamp(repository)
        let second = try Generate.run(options, environment: repository.environment)
        #expect(second.upToDate)
        #expect(second.inventory == nil)
        #expect(stamp(repository) == written)
        #expect(second.diagnostics == first.diagnostics)
        #expect(second.diagnostics.contains { $0.hasPrefix("Sources/App/Broken.swift:1:") })
        #expect(second.counts == first.counts)
        #expect(second.counts == (files: 2, functions: first.inventory?.functions.count ?? -1, documented: 1))
    }

    @Test func anEditedSourceFileIsExtractedAgain() throws {
        let (repository, options) = try project()
        _ = try Generate.run(options, environment: repository.environment)
        try repository.write("Sources/App/Store.swift", "/// Saves.\npublic func save() {}\npublic func load() {}\n")
        let outcome = try Generate.run(options, environment: repository.environment)
        #expect(!outcome.upToDate)
        #expect(try names(in: repository).contains("load()"))
    }

    @Test func aNewOrRemovedFileIsNoticed() throws {
        let (repository, options) = try project()
        _ = try Generate.run(options, environment: repository.environment)
        try repository.write("Sources/App/Extra.swift", "public func extra() {}\n")
        #expect(!(try Generate.run(options, environment: repository.environment).upToDate))
        #expect(try names(in: repository).contains("extra()"))
        try FileManager.default.removeItem(at: repository.url.appendingPathComponent("Sources/App/Extra.swift"))
        #expect(!(try Generate.run(options, environment: repository.environment).upToDate))
        #expect(!(try names(in: repository).contains("extra()")))
    }

    @Test func aMovedFileIsNoticedThroughItsModule() throws {
        let (repository, options) = try project()
        _ = try Generate.run(options, environment: repository.environment)
        let from = repository.url.appendingPathComponent("Sources/App/Store.swift")
        let to = repository.url.appendingPathComponent("Sources/Kit/Store.swift")
        try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: from, to: to)
        #expect(!(try Generate.run(options, environment: repository.environment).upToDate))
    }

    @Test func anOutputChangedOrRemovedSinceIsWrittenAgain() throws {
        let (repository, options) = try project()
        _ = try Generate.run(options, environment: repository.environment)
        let output = repository.url.appendingPathComponent("out/inventory.json")
        try Data("{}".utf8).write(to: output)
        #expect(!(try Generate.run(options, environment: repository.environment).upToDate))
        #expect(try names(in: repository).contains("save()"))
        try FileManager.default.removeItem(at: output)
        #expect(!(try Generate.run(options, environment: repository.environment).upToDate))
        #expect(FileManager.default.fileExists(atPath: output.path))
    }

    @Test func otherDocumentOptionsMakeTheDocumentAgain() throws {
        let (repository, options) = try project()
        _ = try Generate.run(options, environment: repository.environment)
        var filtered = options
        filtered.minAccess = .public
        #expect(!(try Generate.run(filtered, environment: repository.environment).upToDate))
        var named = options
        named.projectName = "Renamed"
        #expect(!(try Generate.run(named, environment: repository.environment).upToDate))
        var local = options
        local.scan.includeLocal = true
        #expect(!(try Generate.run(local, environment: repository.environment).upToDate))
        #expect(try Generate.run(local, environment: repository.environment).upToDate)
    }

    @Test func aChangedTemplateFileMakesTheWorkbookAgain() throws {
        let (repository, projectOptions) = try project()
        var options = projectOptions
        options.output = repository.url.appendingPathComponent("out/design.xlsx").path
        options.template = repository.url.appendingPathComponent("inventory.yml").path
        options.author = "A"
        let builtin = try #require(Template.builtinSource(named: "inventory"))
        try repository.write("inventory.yml", builtin)
        let environment = WorkflowEnvironment(currentDirectory: repository.url, variables: repository.environment.variables
                                                  .merging(["SOURCE_DATE_EPOCH": "1767225600"]) { $1 })
        _ = try Generate.run(options, environment: environment)
        #expect(try Generate.run(options, environment: environment).upToDate)
        try repository.write("inventory.yml", builtin + "\n# edited\n")
        #expect(!(try Generate.run(options, environment: environment).upToDate))
        let later = WorkflowEnvironment(currentDirectory: repository.url, variables: repository.environment.variables
                                            .merging(["SOURCE_DATE_EPOCH": "1767312000"]) { $1 })
        #expect(!(try Generate.run(options, environment: later).upToDate))
    }

    @Test func withoutTheCacheOrToStandardOutputEveryRunWrites() throws {
        let (repository, options) = try project()
        var uncached = options
        uncached.scan.useCache = false
        _ = try Generate.run(uncached, environment: repository.environment)
        #expect(!(try Generate.run(uncached, environment: repository.environment).upToDate))
        #expect(!FileManager.default.fileExists(atPath: repository.url.appendingPathComponent(".cache/runs").path))
        var piped = options
        piped.output = "-"
        _ = try Generate.run(piped, environment: repository.environment)
        let again = try Generate.run(piped, environment: repository.environment)
        #expect(!again.upToDate)
        #expect(again.standardOutput?.isEmpty == false)
    }

    @Test func theRunsFolderKeepsAtMostItsLimitOfRecords() throws {
        let repository = try TestRepository(git: false)
        let folder = repository.url.appendingPathComponent(".cache")
        for index in 0...RunRecord.maximumRecords {
            RunRecord(fingerprint: "f", output: repository.url.appendingPathComponent("out\(index).json").path, outputStamp: "s",
                      diagnostics: [], files: 0, functions: 0, documented: 0).save(in: folder)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("runs").path)
        #expect(names.filter { $0.hasSuffix(".json") }.count == RunRecord.maximumRecords)
        // The newest record is kept.
        let newest = RunRecord.file(for: repository.url.appendingPathComponent("out\(RunRecord.maximumRecords).json"), in: folder)
        #expect(FileManager.default.fileExists(atPath: newest.path))
    }
}
