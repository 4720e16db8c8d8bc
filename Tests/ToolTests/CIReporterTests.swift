import Foundation
import Inventory
import Testing
import TestSupport
import WorkflowTestSupport
@testable import Workflow

/// The `sarif`, `junit` and `gitlab` reporters on a real small project, each document read back by an independent
/// parser in Python (jsonschema against the official SARIF 2.1.0 schema, `xml.etree.ElementTree`, `json`).
@Suite struct CIReporterTests {
    /// The official schema, vendored (Tests/Fixtures/Schemas/README.md).
    static let sarifSchema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Schemas/sarif-schema-2.1.0.json")

    /// A project with one violation of every rule, an operator (`<` in its name) and a placeholder doc (`<#`).
    static let store = """
        /// Keeps the items.
        public struct Store {
            /// Loads everything.
            public func load() {}

            public func save(_ item: Int) {}

            /// <#Description#>
            public static func < (lhs: Store, rhs: Store) -> Bool { true }

            /// Fetches & counts.
            public func fetch(id: Int) throws -> Int { id }
        }

        public func helper() {}

        """

    /// Checks `Store.swift` (with `prefix` above it) with every `--require` rule.
    func report(prefix: String = "", in folder: TestRepository) throws -> CheckReport {
        try folder.write("Sources/App/Store.swift", prefix + Self.store)
        var options = CheckOptions()
        options.require = [.doc(.parameters), .doc(.returns), .doc(.throws)]
        return try Check.run(options, environment: folder.environment)
    }

    /// Writes `text` to a file in `folder` and returns its path.
    func save(_ text: String, as name: String, in folder: TestRepository) throws -> String {
        try folder.write(name, text)
        return folder.url.appendingPathComponent(name).path
    }

    /// The violations the project must produce, as (rule, line, column), in report order.
    static let expected: [(rule: String, name: String, line: Int, column: Int)] = [
        ("undocumented", "save(_:)", 6, 17), ("undocumented", "<(_:_:)", 9, 24),
        ("parameters", "fetch(id:)", 12, 17), ("returns", "fetch(id:)", 12, 17), ("throws", "fetch(id:)", 12, 17),
        ("undocumented", "helper()", 15, 13),
    ]

    @Test func theProjectHasOneViolationOfEveryRule() throws {
        let folder = try TestRepository(git: false)
        let report = try report(in: folder)
        #expect(report.violations.map(\.rule) == Self.expected.map(\.rule))
        #expect(report.violations.map(\.name) == Self.expected.map(\.name))
        #expect(report.violations.map(\.line) == Self.expected.map(\.line))
        #expect(report.violations.map(\.column) == Self.expected.map(\.column))
        #expect(!report.passed)
    }

    static let sarifCheck = #"""
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("MISSING-MODULE jsonschema"); sys.exit(1)
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        doc = json.load(open(sys.argv[2], encoding="utf-8"))
        validator = jsonschema.Draft4Validator(schema)
        errors = ["%s: %s" % (list(e.absolute_path), e.message) for e in validator.iter_errors(doc)]
        if errors:
            sys.exit("INVALID SARIF: " + "; ".join(errors))
        # The validator is real: a wrong level and a driver without its name are rejected.
        broken = json.loads(json.dumps(doc))
        broken["runs"][0]["tool"]["driver"]["rules"][0]["defaultConfiguration"]["level"] = "fatal"
        del broken["runs"][0]["tool"]["driver"]["name"]
        rejected = len(list(validator.iter_errors(broken)))
        run = doc["runs"][0]
        driver = run["tool"]["driver"]
        rules = driver["rules"]
        results = []
        for r in run["results"]:
            physical = r["locations"][0]["physicalLocation"]
            results.append({
                "ruleId": r["ruleId"], "indexed": rules[r["ruleIndex"]]["id"], "level": r["level"],
                "text": r["message"]["text"], "uri": physical["artifactLocation"]["uri"],
                "base": physical["artifactLocation"].get("uriBaseId"),
                "line": physical["region"]["startLine"], "column": physical["region"]["startColumn"],
                "fingerprint": r["partialFingerprints"]["docsheet/v1"],
                "function": r["locations"][0]["logicalLocations"][0]["fullyQualifiedName"],
            })
        print(json.dumps({
            "schema": doc["$schema"], "version": doc["version"], "runs": len(doc["runs"]),
            "driver": driver["name"], "driverVersion": driver["version"],
            "rules": [r["id"] for r in rules], "helps": [r["help"]["text"] for r in rules],
            "descriptions": [r["shortDescription"]["text"] for r in rules],
            "results": results, "rejected": rejected,
        }))
        """#

    /// What the Python checker read from a SARIF log.
    struct SARIFSummary: Decodable {
        struct Result: Decodable {
            var ruleId: String, indexed: String, level: String, text: String, uri: String, base: String?
            var line: Int, column: Int, fingerprint: String, function: String
        }
        var schema: String, version: String, runs: Int, driver: String, driverVersion: String
        var rules: [String], helps: [String], descriptions: [String], results: [Result], rejected: Int
    }

    func checkSARIF(_ text: String, in folder: TestRepository) throws -> SARIFSummary {
        let file = try save(text, as: "report.sarif", in: folder)
        let printed = try ReferencePython.runScript(Self.sarifCheck, arguments: [Self.sarifSchema.path, file])
        return try JSONDecoder().decode(SARIFSummary.self, from: Data(printed.utf8))
    }

    @Test func sarifIsValidAgainstTheOfficialSchemaAndNamesEveryViolation() throws {
        let folder = try TestRepository(git: false)
        let report = try report(in: folder)
        let sarif = try checkSARIF(CheckReporter.sarif.render(report), in: folder)
        #expect(sarif.rejected >= 2)
        #expect(sarif.schema == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
        #expect(sarif.version == "2.1.0" && sarif.runs == 1)
        #expect(sarif.driver == "DocSheet" && sarif.driverVersion == DocSheetVersion.current)
        #expect(sarif.rules == ["undocumented", "parameters", "returns", "throws"])
        #expect(sarif.helps.count == 4 && sarif.helps.allSatisfy { $0.contains("doc comment") })
        #expect(sarif.descriptions.allSatisfy { !$0.isEmpty })
        #expect(sarif.results.map(\.ruleId) == Self.expected.map(\.rule))
        #expect(sarif.results.map(\.indexed) == Self.expected.map(\.rule))
        #expect(sarif.results.map(\.line) == Self.expected.map(\.line))
        #expect(sarif.results.map(\.column) == Self.expected.map(\.column))
        #expect(sarif.results.allSatisfy { $0.uri == "Sources/App/Store.swift" && $0.base == "%SRCROOT%" && $0.level == "error" })
        #expect(sarif.results.map(\.text) == report.violations.map(\.message))
        let module = report.violations[0].module
        #expect(!module.isEmpty)
        #expect(sarif.results[0].function == "\(module).Store.save(_:)")
        #expect(sarif.results[5].function == "\(module).helper()")
        #expect(Set(sarif.results.map(\.fingerprint)).count == 6)

        let warnings = try checkSARIF(CheckReporter.sarif.render(report, severity: .warning), in: folder)
        #expect(warnings.results.map(\.level) == Array(repeating: "warning", count: 6))
    }

    @Test func sarifOfAPassingRunHasNoResultsAndIsStillValid() throws {
        let folder = try TestRepository(git: false)
        try folder.write("Sources/App/A.swift", "/// Documented.\npublic func a() {}\n")
        let report = try Check.run(CheckOptions(), environment: folder.environment)
        #expect(report.passed)
        let sarif = try checkSARIF(CheckReporter.sarif.render(report), in: folder)
        #expect(sarif.results.isEmpty)
        #expect(sarif.rules.count == 4)
    }

    @Test func sarifPercentEncodesPathsAndIsDeterministic() throws {
        let folder = try TestRepository(git: false)
        try folder.write("Sources/My App/Säve #1.swift", "public func f() {}\n")
        let report = try Check.run(CheckOptions(), environment: folder.environment)
        let text = CheckReporter.sarif.render(report)
        #expect(text == CheckReporter.sarif.render(report))
        let sarif = try checkSARIF(text, in: folder)
        #expect(sarif.results.map(\.uri) == ["Sources/My%20App/S%C3%A4ve%20%231.swift"])
    }

    static let junitCheck = #"""
        import json, sys
        import xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        suites = root.findall("testsuite")
        cases = []
        for case in root.iter("testcase"):
            failure = case.find("failure")
            cases.append({
                "classname": case.get("classname"), "name": case.get("name"), "file": case.get("file"),
                "line": case.get("line"),
                "failureType": None if failure is None else failure.get("type"),
                "message": None if failure is None else failure.get("message"),
                "text": None if failure is None else failure.text,
            })
        print(json.dumps({
            "root": root.tag, "suites": len(suites),
            "tests": int(root.get("tests")), "failures": int(root.get("failures")), "errors": int(root.get("errors")),
            "suiteTests": int(suites[0].get("tests")), "suiteFailures": int(suites[0].get("failures")),
            "cases": cases,
        }))
        """#

    /// What the Python checker read from a JUnit report.
    struct JUnitSummary: Decodable {
        struct Case: Decodable {
            var classname: String, name: String, file: String?, line: String?
            var failureType: String?, message: String?, text: String?
        }
        var root: String, suites: Int, tests: Int, failures: Int, errors: Int, suiteTests: Int, suiteFailures: Int
        var cases: [Case]
    }

    func checkJUnit(_ text: String, in folder: TestRepository) throws -> JUnitSummary {
        let file = try save(text, as: "junit.xml", in: folder)
        let printed = try ReferencePython.runScript(Self.junitCheck, arguments: [file])
        return try JSONDecoder().decode(JUnitSummary.self, from: Data(printed.utf8))
    }

    @Test func junitHasOneFailedCasePerViolationAndACoverageCase() throws {
        let folder = try TestRepository(git: false)
        let report = try report(in: folder)
        let junit = try checkJUnit(CheckReporter.junit.render(report), in: folder)
        #expect(junit.root == "testsuites" && junit.suites == 1)
        #expect(junit.tests == 7 && junit.suiteTests == 7)
        #expect(junit.failures == 6 && junit.suiteFailures == 6 && junit.errors == 0)
        #expect(junit.cases.map(\.name) == Self.expected.map { "\($0.name) [\($0.rule)]" } + ["coverage"])
        let module = report.violations[0].module
        #expect(junit.cases.map(\.classname) == Array(repeating: "\(module).Store", count: 5) + [module, "docsheet"])
        #expect(junit.cases[1].message == "public operator 'Store.<(_:_:)' has a doc comment that still holds an Xcode placeholder (<#...#>); replace it with real documentation")
        #expect(junit.cases[0].text == "Sources/App/Store.swift:6:17: error: " + report.violations[0].message)
        #expect(junit.cases[0].file == "Sources/App/Store.swift" && junit.cases[0].line == "6")
        #expect(junit.cases.prefix(6).allSatisfy { $0.failureType == "error" })
        #expect(junit.cases[6].failureType == nil)

        let warnings = try checkJUnit(CheckReporter.junit.render(report, severity: .warning), in: folder)
        #expect(warnings.cases.prefix(6).allSatisfy { $0.failureType == "warning" })
    }

    @Test func junitFailsTheCoverageCaseOnlyBelowTheMinimum() throws {
        let folder = try TestRepository(git: false)
        try folder.write("Sources/App/A.swift", "/// Documented.\npublic func a() {}\n")
        var options = CheckOptions()
        options.minCoverage = 100
        let passing = try checkJUnit(CheckReporter.junit.render(try Check.run(options, environment: folder.environment)), in: folder)
        #expect(passing.tests == 1 && passing.failures == 0)
        #expect(passing.cases.map(\.name) == ["coverage"] && passing.cases[0].failureType == nil)

        try folder.write("Sources/App/B.swift", "public func b() {}\n")
        var lenient = CheckOptions()
        lenient.minCoverage = 90
        lenient.baseline = "baseline.json"
        var writing = lenient
        writing.baseline = nil
        writing.minCoverage = nil
        writing.writeBaseline = "baseline.json"
        _ = try Check.run(writing, environment: folder.environment)
        let report = try Check.run(lenient, environment: folder.environment)
        #expect(report.violations.isEmpty && !report.passed)
        let failing = try checkJUnit(CheckReporter.junit.render(report), in: folder)
        #expect(failing.tests == 1 && failing.failures == 1)
        #expect(failing.cases[0].message == report.summary)
    }

    static let gitlabCheck = #"""
        import hashlib, json, sys
        issues = json.load(open(sys.argv[1], encoding="utf-8"))
        assert isinstance(issues, list), "not a JSON array"
        out = []
        for issue in issues:
            for key in ("description", "check_name", "fingerprint", "severity", "location"):
                assert key in issue, "missing " + key
            assert issue["severity"] in ("info", "minor", "major", "critical", "blocker"), issue["severity"]
            assert isinstance(issue["location"]["lines"]["begin"], int)
            out.append({"check": issue["check_name"], "fingerprint": issue["fingerprint"], "severity": issue["severity"],
                        "path": issue["location"]["path"], "begin": issue["location"]["lines"]["begin"],
                        "description": issue["description"], "type": issue.get("type")})
        # The fingerprint is SHA-256 of rule, file, module, type, name and the overload's occurrence, NUL-separated.
        expected = [hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest() for parts in json.loads(sys.argv[2])]
        print(json.dumps({"issues": out, "expected": expected}))
        """#

    /// What the Python checker read from a GitLab Code Quality report.
    struct GitLabSummary: Decodable {
        struct Issue: Decodable {
            var check: String, fingerprint: String, severity: String, path: String, begin: Int, description: String
            var type: String?
        }
        var issues: [Issue], expected: [String]
    }

    func checkGitLab(_ text: String, module: String, in folder: TestRepository) throws -> GitLabSummary {
        let file = try save(text, as: "gl-code-quality-report.json", in: folder)
        let keys = Self.expected.map { ["\($0.rule)", "Sources/App/Store.swift", module, $0.name == "helper()" ? "" : "Store", $0.name, "0"] }
        let printed = try ReferencePython.runScript(Self.gitlabCheck, arguments: [file, String(decoding: try JSONEncoder().encode(keys), as: UTF8.self)])
        return try JSONDecoder().decode(GitLabSummary.self, from: Data(printed.utf8))
    }

    @Test func gitlabIssuesHaveTheRequiredKeysAndFingerprintsThatSurviveMovedLines() throws {
        let folder = try TestRepository(git: false)
        let report = try report(in: folder)
        let module = report.violations[0].module
        let gitlab = try checkGitLab(CheckReporter.gitlab.render(report), module: module, in: folder)
        #expect(gitlab.issues.map(\.check) == Self.expected.map { "docsheet/\($0.rule)" })
        #expect(gitlab.issues.map(\.begin) == Self.expected.map(\.line))
        #expect(gitlab.issues.allSatisfy { $0.path == "Sources/App/Store.swift" && $0.severity == "major" && $0.type == "issue" })
        #expect(gitlab.issues.map(\.description) == report.violations.map(\.message))
        #expect(gitlab.issues.map(\.fingerprint) == gitlab.expected)
        #expect(Set(gitlab.issues.map(\.fingerprint)).count == 6)

        let again = try checkGitLab(CheckReporter.gitlab.render(try self.report(in: folder)), module: module, in: folder)
        #expect(again.issues.map(\.fingerprint) == gitlab.issues.map(\.fingerprint))

        let moved = try checkGitLab(CheckReporter.gitlab.render(try self.report(prefix: "\n\n\n", in: folder)), module: module, in: folder)
        #expect(moved.issues.map(\.begin) == Self.expected.map { $0.line + 3 })
        #expect(moved.issues.map(\.fingerprint) == gitlab.issues.map(\.fingerprint))

        let warnings = try checkGitLab(CheckReporter.gitlab.render(report, severity: .warning), module: module, in: folder)
        #expect(warnings.issues.allSatisfy { $0.severity == "minor" })
    }

    @Test func gitlabOfAPassingRunIsAnEmptyArray() throws {
        let folder = try TestRepository(git: false)
        try folder.write("Sources/App/A.swift", "/// Documented.\npublic func a() {}\n")
        let text = CheckReporter.gitlab.render(try Check.run(CheckOptions(), environment: folder.environment))
        #expect((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])?.isEmpty == true)
        #expect(text.hasSuffix("]\n"))
    }

    @Test func overloadsWithTheSameNameGetDifferentFingerprints() {
        let violation = Violation(file: "A.swift", path: "A.swift", line: 1, column: 1, rule: "undocumented", module: "App",
                                  enclosingType: nil, name: "f(_:)", message: "m")
        var second = violation
        second.line = 9
        let prints = CIReports.fingerprints([violation, second])
        #expect(prints[0] != prints[1])
        #expect(prints == CIReports.fingerprints([violation, second]))
    }

    @Test func sha256MatchesTheStandardTestVectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(String(repeating: "a", count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func xmlEscapingCoversMarkupQuotesAndForbiddenCharacters() {
        #expect(CIReports.xml("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;")
        #expect(CIReports.xml("x\u{1}y\nz") == "x\u{FFFD}y&#10;z")
    }
}
