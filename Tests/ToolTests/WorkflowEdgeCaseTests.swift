import Foundation
import Inventory
import SwiftExtraction
import Testing
import WorkflowTestSupport
@testable import Workflow

/// Configuration messages, `Never`, single-file roots, NUL-safe git reads, foreign hooks and excluded roots.
@Suite struct WorkflowEdgeCaseTests {
    let file = URL(fileURLWithPath: "/project/.docsheet.yml")

    @Test func aDuplicateKeyIsReportedAtItsSecondLine() throws {
        let error = #expect(throws: WorkflowError.self) { try Configuration.parse("locale: en\njobs: 2\nlocale: ja\n", file: file) }
        guard case .invalidConfiguration(_, let line, let message)? = error else { Issue.record("wrong error \(String(describing: error))"); return }
        #expect(line == 3)
        #expect(message.contains("duplicate key 'locale'"))
        #expect(message.contains("first given at line 1"))
    }

    @Test func aNullRequireMeansNoRules() throws {
        let configuration = try Configuration.parse("check:\n  require: null\n", file: file)
        #expect(configuration.check.require == nil)
        #expect(try Configuration.parse("check:\n  require:\n", file: file).check.require == nil)
    }

    @Test func neverReturningFunctionsNeedNoReturnsDoc() throws {
        let folder = try TestRepository(git: false)
        try folder.write("A.swift", "/// Stops.\npublic func stop() -> Never { fatalError() }\n/// Counts.\npublic func count() -> Int { 0 }\n")
        var options = CheckOptions()
        options.require = [.doc(.returns)]
        #expect(try Check.run(options, environment: folder.environment).violations.map(\.name) == ["count()"])
    }

    @Test func oneEmptyRootAmongSeveralIsFineButNothingAnywhereFails() throws {
        let repository = try TestRepository(git: false)
        try repository.write("Sources/A.swift", "public func a() {}\n")
        try repository.write("Empty/README.md", "nothing here\n")
        try repository.write("Other/README.md", "nothing here\n")
        var options = CheckOptions()
        options.roots = ["Sources", "Empty"]
        #expect(try Check.run(options, environment: repository.environment).violations.map(\.name) == ["a()"])
        options.roots = ["Empty", "Other"]
        #expect(throws: WorkflowError.self) { try Check.run(options, environment: repository.environment) }
        options.roots = ["Empty"]
        #expect(throws: WorkflowError.self) { try Check.run(options, environment: repository.environment) }
    }

    /// Collects progress reports from the worker threads.
    final class ProgressReports: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [(done: Int, total: Int)] = []
        func add(_ report: ExtractionProgress) { lock.withLock { list.append((report.done, report.total)) } }
        var all: [(done: Int, total: Int)] { lock.withLock { list } }
    }

    @Test func severalRootsShowOneProgressCountOverAllTheirFiles() throws {
        let repository = try TestRepository(git: false)
        for index in 0..<3 { try repository.write("One/A\(index).swift", "public func a\(index)() {}\n") }
        for index in 0..<5 { try repository.write("Two/B\(index).swift", "public func b\(index)() {}\n") }
        let reports = ProgressReports()
        var options = CheckOptions()
        options.roots = ["One", "Two"]
        options.scan.jobs = 1
        options.scan.progress = reports.add
        #expect(try Check.run(options, environment: repository.environment).violations.count == 8)
        #expect(reports.all.map(\.done) == Array(1...8), "one count from the first root's files through the second's")
        #expect(reports.all.allSatisfy { $0.total == 8 })
    }

    @Test func aDiffShowsOneProgressCountOverBothRevisions() throws {
        let repository = try TestRepository()
        for index in 0..<3 { try repository.write("A\(index).swift", "public func a\(index)() {}\n") }
        try repository.commitAll("three files")
        for index in 3..<5 { try repository.write("A\(index).swift", "public func a\(index)() {}\n") }
        let reports = ProgressReports()
        var options = DiffOptions(base: "HEAD")
        options.scan.jobs = 1
        options.scan.useCache = false
        options.scan.progress = reports.add
        options.format = .json
        let outcome = try DiffCommandRunner.run(options, environment: repository.environment)
        #expect(outcome.diff.added.map(\.name) == ["a3()", "a4()"])
        #expect(reports.all.map(\.done) == Array(1...8), "the base's three files, then the work tree's five")
        #expect(reports.all.allSatisfy { $0.total == 8 })
    }

    @Test func aSingleFileRootPrintsItsPathAndWorksWithStaged() throws {
        let repository = try TestRepository()
        try repository.write("Sources/App/U.swift", "public func u() {}\n")
        try repository.write("Sources/App/V.swift", "public func v() {}\n")
        var options = CheckOptions()
        options.roots = ["Sources/App/U.swift"]
        #expect(try Check.run(options, environment: repository.environment).violations.map(\.path) == ["Sources/App/U.swift"])
        try repository.git("add", "-A")
        options.scope = .staged
        let staged = try Check.run(options, environment: repository.environment)
        #expect(staged.violations.map(\.path) == ["Sources/App/U.swift"])
        #expect(staged.violations.map(\.file) == ["Sources/App/U.swift"])
    }

    @Test func aStagedFileNameWithALineBreakDoesNotHideOtherFiles() throws {
        let repository = try TestRepository()
        try repository.write("README", "x\n")
        try repository.commitAll("start")
        try repository.write("odd\nname.swift", "public func odd() {}\n")
        try repository.write("plain.swift", "public func plain() {}\n")
        try repository.write("zed.swift", "public func zed() {}\n")
        try repository.git("add", "-A")
        var options = CheckOptions()
        options.scope = .staged
        let names = try Check.run(options, environment: repository.environment).violations.map(\.name).sorted()
        #expect(names == ["odd()", "plain()", "zed()"])
    }

    @Test func uninstallingAForeignHookIsAUsageErrorAndADanglingLinkIsForeign() throws {
        let repository = try TestRepository()
        try repository.write(".git/hooks/pre-commit", "#!/bin/sh\nexit 0\n")
        let installer = try HookInstaller(repositoryPath: repository.url)
        let error = #expect(throws: WorkflowError.self) { try installer.uninstall(.preCommit) }
        #expect(error?.category == .usage)
        try FileManager.default.removeItem(at: installer.hookURL(.preCommit))
        try FileManager.default.createSymbolicLink(atPath: installer.hookURL(.preCommit).path, withDestinationPath: "/nonexistent/hook")
        #expect(installer.state(.preCommit) == .foreign)
        #expect(throws: WorkflowError.foreignHook(path: installer.hookURL(.preCommit).path)) { try installer.install(.preCommit) }
        _ = try installer.install(.preCommit, force: true)
        #expect(installer.state(.preCommit) == .installed(chained: false))
    }

    @Test func aRootInsideAnExcludedFolderIsStillScanned() throws {
        let folder = try TestRepository(git: false)
        try folder.write(".docsheet.yml", "exclude: [samples, \"**/Generated\"]\n")
        try folder.write("samples/App/A.swift", "public func a() {}\n")
        try folder.write("samples/App/Generated/G.swift", "public func g() {}\n")
        var options = CheckOptions()
        options.roots = ["samples/App"]
        #expect(try Check.run(options, environment: folder.environment).violations.map(\.name) == ["a()"])
        // The whole tree leaves the excluded folder out, and then finds nothing.
        #expect((#expect(throws: WorkflowError.self) { try Check.run(CheckOptions(), environment: folder.environment) })?.category == .input)
    }
}
