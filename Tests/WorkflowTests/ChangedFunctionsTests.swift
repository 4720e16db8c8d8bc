import Foundation
import Inventory
import Testing
@testable import Workflow

/// The gate and the diff on a root that is a subfolder of the repository (paths must map through the prefix).
@Suite struct SubfolderRootTests {
    func repository() throws -> TestRepository {
        let repository = try TestRepository()
        try repository.write("ios/Package.swift", "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [.target(name: \"App\")])\n")
        try repository.write("ios/Sources/App/A.swift", "/// Documented.\npublic func a() {}\n")
        try repository.write("server/Sources/S/S.swift", "public func server() {}\n")
        try repository.commitAll("start")
        return repository
    }

    @Test func stagedCheckOfASubfolderSeesOnlyItsStagedFunctions() throws {
        let repository = try repository()
        try repository.write("ios/Sources/App/B.swift", "public func b() {}\n")
        try repository.write("server/Sources/S/T.swift", "public func t() {}\n")
        try repository.git("add", "-A")
        var options = CheckOptions()
        options.roots = ["ios"]
        options.scope = .staged
        let report = try Check.run(options, environment: repository.environment)
        #expect(report.violations.map(\.path) == ["ios/Sources/App/B.swift"])
        #expect(report.violations.map(\.file) == ["Sources/App/B.swift"])
        #expect(report.checkedCount == 1)
        #expect(!report.passed)
    }

    @Test func excludedStagedFilesAreNotChecked() throws {
        let repository = try repository()
        try repository.write("ios/Sources/App/Generated/G.swift", "public func generated() {}\n")
        try repository.write("ios/.docsheet.yml", "exclude: [Generated]\n")
        try repository.git("add", "-A")
        var options = CheckOptions()
        options.roots = ["ios"]
        options.scope = .staged
        #expect(try Check.run(options, environment: repository.environment).passed)
        try repository.write("ios/.docsheet.yml", "exclude: []\n")
        #expect(try Check.run(options, environment: repository.environment).violations.map(\.name) == ["generated()"])
    }

    @Test func aRenamedFileWithUnchangedFunctionsIsNotChecked() throws {
        let repository = try repository()
        try repository.write("ios/Sources/App/Old.swift", "public func legacy() {}\n")
        try repository.commitAll("debt")
        try repository.git("mv", "ios/Sources/App/Old.swift", "ios/Sources/App/Renamed.swift")
        var options = CheckOptions()
        options.roots = ["ios"]
        options.scope = .staged
        let report = try Check.run(options, environment: repository.environment)
        #expect(report.violations.isEmpty)
        #expect(report.passed)
    }

    @Test func theInventoryOfARevisionUsesRootRelativePaths() throws {
        let repository = try repository()
        let inventory = try RevisionInventory.load(
            root: "ios", revision: "HEAD", discovery: .init(), extraction: .init(), useCache: false, environment: repository.environment)
        #expect(inventory.functions.map(\.file) == ["Sources/App/A.swift"])
        #expect(inventory.functions.map(\.module) == ["App"])
        #expect(inventory.project.commit == (try repository.git("rev-parse", "HEAD")))
    }

    @Test func aRootOutsideGitIsAnInputErrorForStagedChecks() throws {
        let folder = try TestRepository(git: false)
        try folder.write("A.swift", "public func a() {}\n")
        var options = CheckOptions()
        options.scope = .staged
        #expect(throws: WorkflowError.notAGitRepository(path: ".")) { try Check.run(options, environment: folder.environment) }
    }
}
