import Foundation
import Testing
import Workflow
import WorkflowTestSupport

/// Several roots give record paths relative to the folder that holds them all, never absolute local paths.
@Suite struct RootPrefixTests {
    @Test func prefixesAreRelativeToTheRootsCommonFolder() {
        let urls = ["/work/shop/app", "/work/shop/kit/", "/work/other/lib"].map { URL(fileURLWithPath: $0) }
        #expect(SourceScan.rootPrefixes(urls) == ["shop/app/", "shop/kit/", "other/lib/"])
        #expect(SourceScan.rootPrefixes([URL(fileURLWithPath: "/work/app"), URL(fileURLWithPath: "/work/app/Sources")]) == ["", "Sources/"])
    }

    @Test func repeatedAndNestedRootsAreScannedOnce() throws {
        let repository = try TestRepository(git: false)
        let url = repository.url.appendingPathComponent("app/Sources/Store.swift")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "public func save() {}\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(SourceScan.distinctRoots(["app", "app/", "app/Sources", "./app"], environment: repository.environment) == ["app"])
        #expect(SourceScan.distinctRoots(["app/Sources", "app"], environment: repository.environment) == ["app"])
        var options = GenerateOptions()
        options.roots = ["app", "app/Sources"]
        options.output = repository.url.appendingPathComponent("all.json").path
        let outcome = try Generate.run(options, environment: repository.environment)
        #expect(outcome.inventory?.functions.map(\.file) == ["Sources/Store.swift"])
    }

    @Test func absoluteRootsGiveRelativeFilePaths() throws {
        let repository = try TestRepository(git: false)
        for (path, text) in [("app/Sources/App/Store.swift", "public func save() {}\n"), ("kit/Sources/Kit/Tool.swift", "public func tool() {}\n")] {
            let url = repository.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        var options = GenerateOptions()
        options.roots = [repository.url.appendingPathComponent("app").path, repository.url.appendingPathComponent("kit").path]
        options.output = repository.url.appendingPathComponent("all.json").path
        let outcome = try Generate.run(options, environment: repository.environment)
        #expect(Set(outcome.inventory?.functions.map(\.file) ?? []) == ["app/Sources/App/Store.swift", "kit/Sources/Kit/Tool.swift"])
    }
}

@Suite struct SourceDateEpochTests {
    @Test func aMalformedSourceDateEpochIsAnErrorNamingTheVariable() throws {
        let repository = try TestRepository(git: false)
        let url = repository.url.appendingPathComponent("A.swift")
        try "public func a() {}\n".write(to: url, atomically: true, encoding: .utf8)
        var environment = repository.environment
        environment.variables["SOURCE_DATE_EPOCH"] = "yesterday"
        var options = GenerateOptions()
        options.output = repository.url.appendingPathComponent("out.xlsx").path
        #expect(throws: WorkflowError.invalidOption("SOURCE_DATE_EPOCH 'yesterday' is not a number of seconds since 1970 (e.g. 1767225600); fix or unset it")) {
            try Generate.run(options, environment: environment)
        }
        environment.variables["SOURCE_DATE_EPOCH"] = "1767225600"
        #expect(try Generate.run(options, environment: environment).outputFile != nil)
    }
}
