import Foundation
import Testing
import WorkflowTestSupport
@testable import Workflow

@Suite struct BaselineTests {
    func violation(_ name: String, line: Int, type: String? = "Store", file: String = "A.swift") -> Violation {
        Violation(file: file, path: file, line: line, column: 5, rule: "undocumented", module: "App", enclosingType: type, name: name, message: "m")
    }

    @Test func acceptedViolationsSurviveLineShifts() {
        let baseline = Baseline(violations: [violation("load()", line: 10)])
        #expect(baseline.newViolations(in: [violation("load()", line: 42)]).isEmpty)
    }

    @Test func newViolationsAreReported() {
        let baseline = Baseline(violations: [violation("load()", line: 10)])
        let fresh = baseline.newViolations(in: [violation("load()", line: 10), violation("save()", line: 20),
                                                violation("load()", line: 10, type: "Cache")])
        #expect(fresh.map { "\($0.enclosingType ?? "").\($0.name)" } == ["Store.save()", "Cache.load()"])
    }

    @Test func overloadsAreCounted() {
        let baseline = Baseline(violations: [violation("f(_:)", line: 1)])
        #expect(baseline.newViolations(in: [violation("f(_:)", line: 1), violation("f(_:)", line: 9)]).count == 1)
    }

    @Test func writesAndReadsItsFile() throws {
        let folder = try TestRepository(git: false)
        let url = folder.url.appendingPathComponent("baseline.json")
        let baseline = Baseline(violations: [violation("b()", line: 2), violation("a()", line: 1, type: nil)])
        try baseline.write(to: url)
        #expect(try Baseline.load(from: url) == baseline)
        #expect(baseline.entries.map(\.name) == ["a()", "b()"])
        #expect(folder.read("baseline.json")?.contains("\"type\" : null") == true)
    }

    @Test func aMissingOrBadFileIsAnInputError() throws {
        let folder = try TestRepository(git: false)
        let missing = folder.url.appendingPathComponent("none.json")
        #expect(throws: WorkflowError.inputNotFound(path: missing.path, hint: "write one with 'docsheet check --write-baseline none.json'")) {
            try Baseline.load(from: missing)
        }
        try folder.write("bad.json", "[1, 2]")
        #expect((#expect(throws: WorkflowError.self) { try Baseline.load(from: folder.url.appendingPathComponent("bad.json")) })?.category == .input)
    }
}

/// Baseline keys that survive running from a subfolder and moving files.
@Suite struct BaselineKeyTests {
    func repository() throws -> TestRepository {
        let repository = try TestRepository()
        try repository.write(".docsheet.yml", "check:\n  baseline: .docsheet-baseline.json\n")
        try repository.write("Sources/App/Store.swift", "public struct Store {\n    public func save() {}\n}\n")
        try repository.write("Sources/Kit/Kit.swift", "public func kit() {}\n")
        try repository.commitAll("debt")
        var options = CheckOptions()
        options.writeBaseline = ".docsheet-baseline.json"
        _ = try Check.run(options, environment: repository.environment)
        return repository
    }

    func check(in repository: TestRepository, folder: String = "") throws -> CheckReport {
        var environment = repository.environment
        environment.currentDirectory = repository.url.appendingPathComponent(folder)
        return try Check.run(CheckOptions(), environment: environment)
    }

    @Test func entriesAreRelativeToTheProjectFolder() throws {
        let repository = try repository()
        #expect(repository.read(".docsheet-baseline.json")?.contains("\"file\" : \"Sources/App/Store.swift\"") == true)
        #expect(repository.read(".docsheet-baseline.json")?.contains("\"version\" : 2") == true)
        #expect(try check(in: repository).passed)
        let fromSubfolder = try check(in: repository, folder: "Sources/App")
        #expect(fromSubfolder.violations.isEmpty)
        #expect(fromSubfolder.baselinedCount == 1)
    }

    @Test func aMovedFileKeepsItsAcceptedViolations() throws {
        let repository = try repository()
        try FileManager.default.createDirectory(at: repository.url.appendingPathComponent("Sources/App/Model"), withIntermediateDirectories: true)
        try repository.git("mv", "Sources/App/Store.swift", "Sources/App/Model/Storage.swift")
        let report = try check(in: repository)
        #expect(report.violations.isEmpty)
        #expect(report.baselinedCount == 2)
        // Another function with the same name in another file is still new once the entry is used up.
        try repository.write("Sources/App/Other.swift", "public struct Store2 {}\npublic func kit() {}\n")
        #expect(try check(in: repository).violations.map(\.file) == ["Sources/App/Other.swift"])
    }

    @Test func versionOneFilesAreReadAndUnknownVersionsRejected() throws {
        let repository = try repository()
        try repository.write(".docsheet-baseline.json", """
            {"version": 1, "entries": [{"file": "Store.swift", "type": "Store", "name": "save()", "rule": "undocumented"},
                                       {"file": "Kit/Kit.swift", "type": null, "name": "kit()", "rule": "undocumented"}]}
            """)
        #expect(try check(in: repository).passed)
        try repository.write(".docsheet-baseline.json", "{\"version\": 9, \"entries\": []}")
        let error = #expect(throws: WorkflowError.self) { try check(in: repository) }
        #expect(error?.category == .input)
        #expect(error?.description.contains("baseline version 9 is not supported") == true)
    }
}
