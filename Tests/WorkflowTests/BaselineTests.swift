import Foundation
import Testing
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
