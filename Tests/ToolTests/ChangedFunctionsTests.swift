import Foundation
import Inventory
import Testing
import WorkflowTestSupport
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
        #expect(report.violations.map(\.file) == ["ios/Sources/App/B.swift"])
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

/// Which functions `--staged` and `--since` count as touched: merges, merge bases, moved and deleted files.
@Suite struct TouchedFunctionsTests {
    func check(_ scope: CheckOptions.Scope, in repository: TestRepository) throws -> CheckReport {
        var options = CheckOptions()
        options.scope = scope
        options.scan.useCache = false
        return try Check.run(options, environment: repository.environment)
    }

    @Test func aMergeCommitDoesNotBlameTheMergedBranchsFunctions() throws {
        let repository = try TestRepository()
        try repository.write("A.swift", "/// Documented.\npublic func a() {}\n")
        try repository.commitAll("start")
        try repository.git("checkout", "-q", "-b", "feature")
        try repository.write("B.swift", "public func fromFeature() {}\n")
        try repository.write("A.swift", "/// Documented.\npublic func a() {}\npublic func alsoFromFeature() {}\n")
        try repository.commitAll("feature work")
        try repository.git("checkout", "-q", "main")
        try repository.write("C.swift", "/// Documented.\npublic func onMain() {}\n")
        try repository.commitAll("main work")
        try repository.git("merge", "-q", "--no-commit", "--no-ff", "feature")
        #expect(try check(.staged, in: repository).violations.isEmpty)
        // A function written during the merge (in no parent) is still checked.
        try repository.write("A.swift", "/// Documented.\npublic func a() {}\npublic func alsoFromFeature() {}\npublic func duringMerge() {}\n")
        try repository.git("add", "A.swift")
        #expect(try check(.staged, in: repository).violations.map(\.name) == ["duringMerge()"])
    }

    @Test func sinceComparesWithTheMergeBaseNotTheRevision() throws {
        let repository = try TestRepository()
        try repository.write("A.swift", "/// Documented.\npublic func a() {}\n")
        try repository.write("Legacy.swift", "public func legacy() {}\n")
        try repository.commitAll("start")
        try repository.git("checkout", "-q", "-b", "feature")
        try repository.write("F.swift", "public func onFeature() {}\n")
        try repository.commitAll("feature")
        try repository.git("checkout", "-q", "main")
        try repository.write("M.swift", "public func onMain() {}\n")
        try repository.write("A.swift", "/// Documented.\npublic func a() {}\npublic func alsoOnMain() {}\n")
        // main documents legacy(): compared with main itself, the branch would seem to remove that doc.
        try repository.write("Legacy.swift", "/// Documented on main.\npublic func legacy() {}\n")
        try repository.commitAll("main moves on")
        try repository.git("checkout", "-q", "feature")
        #expect(try check(.since("main"), in: repository).violations.map(\.name) == ["onFeature()"])
    }

    @Test func aDeletedFilesFunctionsMovedElsewhereAreNotNew() throws {
        let repository = try TestRepository()
        try repository.write("Sources/App/Old.swift", "public func legacy() {}\npublic struct S {\n    public func m() {}\n}\n")
        try repository.commitAll("debt")
        // A rename git cannot detect: the content changes too much.
        try repository.git("rm", "-q", "Sources/App/Old.swift")
        try repository.write("Sources/App/Brand/New.swift", "import Foundation\n\n// A long header that makes the files differ.\n// More text.\n// More text.\n\npublic struct S {\n    public func m() {}\n}\n\npublic func legacy() {}\npublic func fresh() {}\n")
        try repository.git("add", "-A")
        #expect(try check(.staged, in: repository).violations.map(\.name) == ["fresh()"])
    }

    @Test func aFileMovedToAnotherModuleKeepsItsFunctions() throws {
        let repository = try TestRepository()
        try repository.write("Package.swift", "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\"), .target(name: \"B\")])\n")
        try repository.write("Sources/A/Move.swift", "public func moving() {}\n")
        try repository.write("Sources/B/Keep.swift", "/// Kept.\npublic func kept() {}\n")
        try repository.commitAll("debt")
        try repository.git("mv", "Sources/A/Move.swift", "Sources/B/Move.swift")
        #expect(try check(.staged, in: repository).violations.isEmpty)
    }

    @Test func splittingAFileDoesNotFlagTheMovedFunctions() throws {
        let repository = try TestRepository()
        try repository.write("Big.swift", "public func one() {}\npublic func two() {}\npublic func three() {}\n")
        try repository.commitAll("debt")
        try repository.write("Big.swift", "public func one() {}\n")
        try repository.write("Two.swift", "public func two() {}\n")
        try repository.write("Three.swift", "public func three() {}\n")
        try repository.git("add", "-A")
        let report = try check(.staged, in: repository)
        #expect(report.violations.isEmpty)
        #expect(report.passed)
    }
}
