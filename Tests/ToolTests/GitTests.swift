import FileSupport
import Foundation
import Testing
import WorkflowTestSupport
@testable import Workflow

@Suite struct GitTests {
    @Test func readsStagedChangesRenamesAndObjectsInOneBatch() throws {
        let repository = try TestRepository()
        try repository.write("a.swift", "let a = 1\n")
        try repository.write("b.swift", "let b = 1\nlet keep = 2\nlet more = 3\n")
        try repository.commitAll("first")
        try repository.write("a.swift", "let a = 2\n")
        try repository.git("mv", "b.swift", "c.swift")
        try repository.write("d.swift", "let d = 1\n")
        try repository.git("add", "a.swift", "d.swift")
        try repository.write("a.swift", "let a = 3 // unstaged\n")
        let git = Git(directory: repository.url)
        let changes = try git.stagedChanges().sorted { $0.path < $1.path }
        #expect(changes == [Git.Change(path: "a.swift", oldPath: "a.swift"), Git.Change(path: "c.swift", oldPath: "b.swift"),
                            Git.Change(path: "d.swift", oldPath: nil)])
        let objects = try git.readObjects([":a.swift", "HEAD:a.swift", "HEAD:missing.swift", ":d.swift"])
        #expect(objects[":a.swift"].map { String(decoding: $0, as: UTF8.self) } == "let a = 2\n")
        #expect(objects["HEAD:a.swift"].map { String(decoding: $0, as: UTF8.self) } == "let a = 1\n")
        #expect(objects["HEAD:missing.swift"] == nil)
        #expect(objects[":d.swift"].map { String(decoding: $0, as: UTF8.self) } == "let d = 1\n")
    }

    @Test func listsFilesAtARevisionAndChangesSinceIt() throws {
        let repository = try TestRepository()
        try repository.write("Sources/A/a.swift", "1\n")
        try repository.write("Other/o.swift", "1\n")
        try repository.commitAll("first")
        let git = Git(directory: repository.url)
        #expect(try git.files(at: "HEAD", under: "Sources/") == ["Sources/A/a.swift"])
        try repository.write("Sources/A/a.swift", "2\n")
        try repository.write("Sources/A/new.swift", "1\n")
        #expect(try git.changes(since: "HEAD").map(\.path).sorted() == ["Sources/A/a.swift", "Sources/A/new.swift"])
    }

    @Test func theWorkTreeIsLocatedInOneRunFromItsTopASubfolderAndAFile() throws {
        let repository = try TestRepository()
        try repository.write("Sources/App/A.swift", "let a = 1\n")
        let top = repository.url.resolvingSymlinksInPath().path
        let atTop = try #require(Git.workTree(holding: repository.url))
        #expect(atTop.topLevel.resolvingSymlinksInPath().path == top)
        #expect(atTop.prefix == "")
        let inFolder = try #require(Git.workTree(holding: repository.url.appendingPathComponent("Sources/App")))
        #expect(inFolder.prefix == "Sources/App/")
        #expect(inFolder.topLevel.resolvingSymlinksInPath().path == top)
        let ofFile = try #require(Git.workTree(holding: repository.url.appendingPathComponent("Sources/App/A.swift")))
        #expect(ofFile.prefix == "Sources/App/")
        #expect(ofFile.git.directory.lastPathComponent == "App")
        // Inside `.git` git answers `false` and fails; outside any repository it fails.
        #expect(Git.workTree(holding: repository.url.appendingPathComponent(".git")) == nil)
        let outside = try TestRepository(git: false)
        #expect(Git.workTree(holding: outside.url) == nil)
    }

    @Test func aLineBreakInAFolderNameStillGivesTheRightPrefix() throws {
        let repository = try TestRepository()
        try repository.write("Odd\nName/Inner/A.swift", "let a = 1\n")
        let workTree = try #require(Git.workTree(holding: repository.url.appendingPathComponent("Odd\nName/Inner")))
        #expect(workTree.prefix == "Odd\nName/Inner/")
        #expect(workTree.topLevel.resolvingSymlinksInPath().path == repository.url.resolvingSymlinksInPath().path)
    }

    @Test func commitParentsFollowMergesCherryPicksAndReverts() throws {
        let repository = try TestRepository()
        let git = Git(directory: repository.url)
        #expect(git.commitParents().isEmpty)
        try repository.write("x.txt", "1\n")
        try repository.commitAll("start")
        let start = try repository.git("rev-parse", "HEAD")
        #expect(git.commitParents() == [start])

        // An octopus merge in progress: HEAD, then both merged heads in MERGE_HEAD's order.
        for branch in ["one", "two"] {
            try repository.git("checkout", "-q", "-b", branch, start)
            try repository.write("\(branch).txt", "\(branch)\n")
            try repository.commitAll(branch)
        }
        let one = try repository.git("rev-parse", "one"), two = try repository.git("rev-parse", "two")
        try repository.git("checkout", "-q", "main")
        try repository.git("merge", "-q", "--no-commit", "--no-ff", "one", "two")
        #expect(git.commitParents() == [start, one, two])
        try repository.git("merge", "--abort")

        // A cherry-pick stopped by a conflict: HEAD and the picked commit.
        try repository.git("checkout", "-q", "-b", "picked", start)
        try repository.write("x.txt", "2\n")
        try repository.commitAll("two")
        let picked = try repository.git("rev-parse", "HEAD")
        try repository.git("checkout", "-q", "main")
        try repository.write("x.txt", "3\n")
        try repository.commitAll("three")
        let three = try repository.git("rev-parse", "HEAD")
        #expect(throws: WorkflowError.self) { try repository.git("cherry-pick", picked) }
        #expect(git.commitParents() == [three, picked])
        try repository.git("cherry-pick", "--abort")

        // A revert stopped by a conflict: HEAD and the reverted commit's parent.
        try repository.write("x.txt", "4\n")
        try repository.commitAll("four")
        let four = try repository.git("rev-parse", "HEAD")
        #expect(throws: WorkflowError.self) { try repository.git("revert", "--no-edit", three) }
        #expect(git.commitParents() == [four, start])
    }

    @Test func aBadRevisionIsAnInputError() throws {
        let repository = try TestRepository()
        try repository.write("a.swift", "1\n")
        try repository.commitAll("first")
        let error = #expect(throws: WorkflowError.self) { try Git(directory: repository.url).resolveCommit("nope") }
        #expect(error?.description == "nope: not a commit in this repository; pass a branch, tag or commit hash")
        #expect(error?.category == .input)
    }

    @Test func theCommitDateAndHeadAreRead() throws {
        let repository = try TestRepository()
        #expect(Git(directory: repository.url).headCommit() == nil)
        try repository.write("x", "1")
        try repository.git("add", "x")
        let result = try ProcessRunner.run(executable: "/usr/bin/env", arguments: ["git", "commit", "-q", "-m", "x"], directory: repository.url,
                                           environment: ["GIT_COMMITTER_DATE": "@1700000000 +0000", "PATH": "/usr/bin:/bin", "HOME": repository.url.path])
        #expect(result.status == 0)
        #expect(Git(directory: repository.url).commitDate() == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(repository.environment.documentDate(git: Git(directory: repository.url)) == Date(timeIntervalSince1970: 1_700_000_000))
        let pinned = WorkflowEnvironment(currentDirectory: repository.url, variables: ["SOURCE_DATE_EPOCH": "86400"])
        #expect(pinned.documentDate(git: Git(directory: repository.url)) == Date(timeIntervalSince1970: 86400))
    }
}

@Suite struct SourceLinksTests {
    @Test func onlyAnUnknownWebHostIsWarnedAbout() {
        #expect(SourceLinks.unrecognisedRemoteWarning("https://git.example.com/acme/shop.git")?.contains("'git.example.com'") == true)
        #expect(SourceLinks.unrecognisedRemoteWarning("git@github.com:acme/shop.git") == nil)
        #expect(SourceLinks.unrecognisedRemoteWarning("/srv/git/shop.git") == nil)
        #expect(SourceLinks.unrecognisedRemoteWarning("file:///srv/git/shop.git") == nil)
    }

    @Test func derivesPatternsForKnownHosts() {
        #expect(SourceLinks.pattern(forRemote: "git@github.com:acme/shop.git") == "https://github.com/acme/shop/blob/{commit}/{file}#L{line}")
        #expect(SourceLinks.pattern(forRemote: "https://gitlab.com/acme/group/shop.git", prefix: "ios/")
            == "https://gitlab.com/acme/group/shop/-/blob/{commit}/ios/{file}#L{line}")
        #expect(SourceLinks.pattern(forRemote: "ssh://git@bitbucket.org:22/acme/shop")
            == "https://bitbucket.org/acme/shop/src/{commit}/{file}#lines-{line}")
        #expect(SourceLinks.pattern(forRemote: "/srv/git/shop.git") == nil)
        #expect(SourceLinks.pattern(forRemote: "https://example.com/acme/shop") == nil)
    }

    @Test func fillsAPattern() {
        #expect(SourceLinks.link(pattern: "https://h/{commit}/{file}#L{line}", file: "A.swift", line: 3, commit: "abc") == "https://h/abc/A.swift#L3")
    }
}

@Suite struct GenerateOutputTests {
    let environment = WorkflowEnvironment(currentDirectory: URL(fileURLWithPath: "/work"), variables: [:])

    func resolve(_ output: String?, _ format: OutputFormatName?, configuration: Configuration = Configuration()) throws -> (String, String?) {
        var options = GenerateOptions()
        options.output = output
        options.format = format.flatMap { .init(rawValue: $0.rawValue) }
        let (resolved, url) = try Generate.resolveOutput(options, configuration: configuration, environment: environment)
        return (resolved.rawValue, url?.path)
    }

    enum OutputFormatName: String { case xlsx, json, csv }

    @Test func theFormatFollowsTheOutputsExtension() throws {
        #expect(try resolve("out/doc.json", nil) == ("json", "/work/out/doc.json"))
        #expect(try resolve("doc.csv", nil) == ("csv", "/work/doc.csv"))
        #expect(try resolve("doc.data", nil) == ("xlsx", "/work/doc.data"))
        #expect(try resolve(nil, nil) == ("xlsx", "/work/docsheet.xlsx"))
        #expect(try resolve(nil, .json) == ("json", "/work/docsheet.json"))
        #expect(try resolve("-", nil) == ("json", nil))
        #expect(try resolve("-", .csv) == ("csv", nil))
    }

    @Test func theCommandLineOverridesTheConfiguration() throws {
        var configuration = Configuration()
        configuration.output = URL(fileURLWithPath: "/project/docs/design.xlsx")
        #expect(try resolve(nil, nil, configuration: configuration) == ("xlsx", "/project/docs/design.xlsx"))
        #expect(try resolve("mine.json", nil, configuration: configuration) == ("json", "/work/mine.json"))
        #expect(try resolve(nil, .csv, configuration: configuration) == ("csv", "/work/docsheet.csv"))
    }

    @Test func aWorkbookCannotGoToStandardOutput() {
        #expect((#expect(throws: WorkflowError.self) { try resolve("-", .xlsx) })?.category == .usage)
    }
}
