import Foundation
import Inventory
import SwiftExtraction
import Testing
import WorkflowTestSupport
@testable import Workflow

/// `docsheet history` on a repository with known coverage per commit: 0 %, 50 %, then 75 % over two modules.
@Suite struct HistoryTests {
    /// A package of two modules, in three commits: two undocumented public functions; one of them documented; a second file with two documented
    /// functions and an internal one the gate does not count.
    static func repository() throws -> TestRepository {
        let repository = try TestRepository()
        try repository.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Shop", targets: [.target(name: "App"), .target(name: "Kit")])

            """)
        try repository.write("Sources/App/Store.swift", "public func load() {}\npublic func save() {}\n")
        try repository.commitAll("Start | the store")
        try repository.write("Sources/App/Store.swift", "/// Loads the items from disk.\npublic func load() {}\npublic func save() {}\n")
        try repository.commitAll("Document load")
        try repository.write("Sources/Kit/Cache.swift", "/// Empties the cache.\npublic func clear() {}\n/// Fills the cache.\npublic func fill() {}\nfunc helper() {}\n")
        try repository.commitAll("Add the cache")
        return repository
    }

    static func run(_ repository: TestRepository, since: String? = nil, every: Int = 1) throws -> HistoryReport {
        var options = HistoryOptions()
        options.since = since
        options.every = every
        return try History.run(options, environment: repository.environment)
    }

    @Test func eachCommitIsCountedAsTheGateCountsIt() throws {
        let repository = try Self.repository()
        let report = try Self.run(repository)
        #expect(report.points.map(\.subject) == ["Start | the store", "Document load", "Add the cache"])
        #expect(report.points.map(\.functions) == [2, 2, 4])
        #expect(report.points.map(\.documented) == [0, 1, 3])
        #expect(report.points.map(\.coverage) == [0, 50, 75])
        #expect(report.points.last?.commit == (try repository.git("rev-parse", "HEAD")).trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report.modules == [CoverageShare(name: "App", functions: 2, documented: 1), CoverageShare(name: "Kit", functions: 2, documented: 2)])
        #expect(report.files.map(\.name) == ["Sources/App/Store.swift", "Sources/Kit/Cache.swift"])
        #expect(History.filesBelow(report, minimum: 60).map(\.name) == ["Sources/App/Store.swift"])
        #expect(History.filesBelow(report, minimum: 50).isEmpty)
        // `save()` is the one undocumented function; its line was last touched by the test identity.
        let identity = try repository.git("config", "user.name").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(report.authors == [CoverageShare(name: identity, functions: 1, documented: 0)])
    }

    /// The reader keeps each file version's records and the last commit's functions: a commit that touches no Swift
    /// file, one that restores an earlier version of a file, and one whose change moves a function's effective access
    /// through another file (an `internal` type's extension), and one that adds a function to that extension (merged
    /// again alone, with the other files' types) each give what a fresh read of that commit gives.
    @Test func reusedFileVersionsGiveWhatAFreshReadGives() throws {
        let repository = try Self.repository()
        try repository.write("README.md", "The shop.\n")
        try repository.commitAll("Only a readme")
        try repository.write("Sources/App/Store.swift", "public func load() {}\npublic func save() {}\n")
        try repository.commitAll("Restore the first store")
        try repository.write("Sources/Kit/Model.swift", "public struct Model {}\n")
        try repository.write("Sources/Kit/Model+Name.swift", "extension Model {\n    public func name() {}\n}\n")
        try repository.commitAll("A public model")
        try repository.write("Sources/Kit/Model.swift", "struct Model {}\n")
        try repository.commitAll("The model goes internal")
        // The context (declared types) stays: only the changed file is merged again, capped by the other file's type.
        try repository.write("Sources/Kit/Model+Name.swift", "extension Model {\n    public func name() {}\n    public func title() {}\n}\n")
        try repository.commitAll("A title for the model")
        let commits = try repository.git("rev-list", "--reverse", "HEAD").split(separator: "\n").map(String.init)
        let reader = try History.RevisionReader(root: ".", discovery: DiscoveryOptions(), extraction: ExtractionOptions(),
                                                useCache: false, environment: repository.environment)
        var freshFunctions: [[FunctionRecord]] = []
        for commit in commits {
            let fresh = try RevisionInventory.load(root: ".", revision: commit, discovery: DiscoveryOptions(),
                                                   extraction: ExtractionOptions(), useCache: false,
                                                   environment: repository.environment).functions
            #expect(try reader.functions(at: commit) == fresh, "commit \(commit)")
            freshFunctions.append(fresh)
        }
        // All at once, in one run and in runs of commits merged side by side.
        for jobs in [1, 2, 3] {
            #expect(try reader.map(commits, jobs: jobs) { $1 } == freshFunctions, "\(jobs) jobs")
            #expect(try reader.map(commits, jobs: jobs) { index, _ in index } == Array(commits.indices), "\(jobs) jobs")
        }
        let report = try Self.run(repository)
        #expect(report.points.map(\.functions) == [2, 2, 4, 4, 4, 5, 4, 4])
        #expect(report.points.map(\.documented) == [0, 1, 3, 3, 2, 2, 2, 2])
    }

    @Test func blameOutputGivesEachLinesAuthor() {
        let porcelain = """
            1111111111111111111111111111111111111111 3 3 1
            author Ann
            author-mail <ann@example.com>
            filename A.swift
            	public func a() {}
            2222222222222222222222222222222222222222 9 7 1
            author Bo Li
            filename A.swift
            	public func b() {}
            1111111111111111111111111111111111111111 4 12 1
            filename A.swift
            	public func c() {}

            """
        #expect(History.blameAuthors(porcelain) == [3: "Ann", 7: "Bo Li", 12: "Ann"])
    }

    @Test func sinceAndEveryChooseTheCommits() throws {
        let repository = try Self.repository()
        let first = try repository.git("rev-list", "--max-parents=0", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try Self.run(repository, since: first).points.map(\.subject) == ["Document load", "Add the cache"])
        // Every second commit back from HEAD, HEAD included.
        #expect(try Self.run(repository, every: 2).points.map(\.subject) == ["Start | the store", "Add the cache"])
        #expect(throws: WorkflowError.self) { try Self.run(repository, since: "no-such-revision") }
    }

    @Test func theReportsAndTheBadge() throws {
        let report = try Self.run(try Self.repository())
        let csv = History.csv(report).split(separator: "\n")
        #expect(csv.first == "commit,date,functions,documented,coverage,subject")
        #expect(csv.dropFirst().map { $0.split(separator: ",").dropFirst(2).joined(separator: ",") }
            == ["2,0,0.0,Start | the store", "2,1,50.0,Document load", "4,3,75.0,Add the cache"])
        let markdown = History.markdown(report)
        #expect(markdown.contains("| 4 | 3 | 75.0% | Add the cache |"))
        #expect(markdown.contains("| 2 | 0 | 0.0% | Start \\| the store |"))
        #expect(markdown.contains("| Kit | 2 | 2 | 100.0% |"))
        let json = try JSONSerialization.jsonObject(with: Data(History.json(report).utf8)) as? [String: Any]
        #expect((json?["points"] as? [[String: Any]])?.map { $0["coverage"] as? Double } == [0, 50, 75])
        let badge = History.badge(coverage: 75)
        #expect(badge.contains("<text x=\"") && badge.contains(">75.0%</text>") && badge.contains("#dfb317"))
        #expect(History.badge(coverage: 92).contains("#4c1") && History.badge(coverage: 12).contains("#e05d44"))
    }
}
