import Foundation
import Testing
import TestSupport

/// `docsheet check --reporter sarif|junit|gitlab` end to end: the built binary, its exit code with and without
/// `--warn-only`, and the document on standard output read back by Python (`json`, `xml.etree.ElementTree`).
@Suite struct CIReporterCommandTests {
    /// Prints, for a report of any of the three formats, the format's violations as `rule|path|line|level` lines.
    static let reader = #"""
        import json, sys
        import xml.etree.ElementTree as ET
        kind, path = sys.argv[1], sys.argv[2]
        text = open(path, encoding="utf-8").read()
        if kind == "sarif":
            doc = json.loads(text)
            for r in doc["runs"][0]["results"]:
                p = r["locations"][0]["physicalLocation"]
                print("|".join([r["ruleId"], p["artifactLocation"]["uri"], str(p["region"]["startLine"]), r["level"]]))
        elif kind == "junit":
            for case in ET.fromstring(text).iter("testcase"):
                failure = case.find("failure")
                if failure is not None:
                    print("|".join([case.get("name"), str(case.get("file")), str(case.get("line")), failure.get("type")]))
        else:
            for issue in json.loads(text):
                print("|".join([issue["check_name"], issue["location"]["path"], str(issue["location"]["lines"]["begin"]), issue["severity"]]))
        """#

    func read(_ kind: String, _ output: String, in sandbox: DocSheetRunner.Sandbox) throws -> [String] {
        try sandbox.write("report.\(kind)", output)
        let printed = try ReferencePython.runScript(Self.reader, arguments: [kind, sandbox.url.appendingPathComponent("report.\(kind)").path])
        return printed.split(separator: "\n").map(String.init)
    }

    @Test(arguments: [
        ("sarif", "undocumented|Sources/App/Store.swift|6|error", "undocumented|Sources/App/Store.swift|6|warning"),
        ("junit", "save(_:) [undocumented]|Sources/App/Store.swift|6|error", "save(_:) [undocumented]|Sources/App/Store.swift|6|warning"),
        ("gitlab", "docsheet/undocumented|Sources/App/Store.swift|6|major", "docsheet/undocumented|Sources/App/Store.swift|6|minor"),
    ])
    func eachReporterFailsTheGateAndWarnOnlyPasses(reporter: String, gate: String, warning: String) throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        let failing = try sandbox.docsheet("check", "--reporter", reporter)
        #expect(failing.status == 1, "\(failing.error)")
        #expect(try read(reporter, failing.output, in: sandbox) == [gate])
        #expect(try sandbox.docsheet("check", "--reporter", reporter).output == failing.output)

        let warned = try sandbox.docsheet("check", "--reporter", reporter, "--warn-only")
        #expect(warned.status == 0, "\(warned.error)")
        #expect(try read(reporter, warned.output, in: sandbox) == [warning])

        try sandbox.write("Sources/App/Store.swift", SampleSources.store.replacingOccurrences(of: "    public func save", with: "    /// Saves.\n    public func save"))
        let passing = try sandbox.docsheet("check", "--reporter", reporter)
        #expect(passing.status == 0, "\(passing.error)")
        #expect(try read(reporter, passing.output, in: sandbox).isEmpty)
    }

    @Test func anUnknownReporterIsAUsageErrorListingTheChoices() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        let run = try sandbox.docsheet("check", "--reporter", "checkstyle")
        #expect(run.status == 2)
        #expect(run.error.contains("sarif") && run.error.contains("junit") && run.error.contains("gitlab"))
    }
}

/// `docsheet check --kinds` end to end: the built binary's exit code and its report with properties in the gate.
@Suite struct CheckKindsCommandTests {
    static let source = """
        /// Keeps the items.
        public struct Store {
            /// Loads everything.
            public func load() {}

            public var count = 0

            /// The states.
            public enum State {
                case idle
            }
        }

        """

    @Test func propertiesJoinTheGateOnlyWhenAsked() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", Self.source)
        let functionsOnly = try sandbox.docsheet("check")
        #expect(functionsOnly.status == 0, "\(functionsOnly.error)")
        #expect(functionsOnly.output == "docsheet check: 0 violations; coverage 100.0% (1 of 1 public+ functions documented); passed\n")

        let both = try sandbox.docsheet("check", "--kinds", "functions,properties")
        #expect(both.status == 1, "\(both.error)")
        #expect(both.output == """
            Sources/App/Store.swift:6:16: error: public property 'Store.count' is not documented; add a /// summary
            Sources/App/Store.swift:10:14: error: public enum case 'Store.State.idle' is not documented; add a /// summary
            docsheet check: 2 violations; coverage 33.3% (1 of 3 public+ functions and properties documented); failed

            """)
        let json = try sandbox.docsheet("check", "--kinds", "properties", "--reporter", "json")
        #expect(json.status == 1)
        #expect(json.output.contains("\"rule\" : \"undocumented-property\""))

        // The configuration file names the kinds too; the command line wins.
        try sandbox.write(".docsheet.yml", "check:\n  kinds: [functions, properties]\n")
        #expect(try sandbox.docsheet("check").status == 1)
        #expect(try sandbox.docsheet("check", "--kinds", "functions").status == 0)
    }

    @Test func anUnknownKindIsAUsageError() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", Self.source)
        let run = try sandbox.docsheet("check", "--kinds", "functions,variables")
        #expect(run.status == 2)
        #expect(run.error.contains("--kinds: unknown kind 'variables'; valid kinds: functions, properties"), "\(run.error)")
        try sandbox.write(".docsheet.yml", "check:\n  kinds: vars\n")
        let configured = try sandbox.docsheet("check")
        #expect(configured.status == 2)
        #expect(configured.error.contains(".docsheet.yml:2: 'check.kinds' has unknown kind 'vars'"), "\(configured.error)")
    }
}

/// `docsheet templates fields` lists the modules sheet's fields and the module marker's dependencies.
@Suite struct TemplateFieldsCommandTests {
    @Test func theCatalogueNamesModuleDependencies() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        let run = try sandbox.docsheet("templates", "fields")
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("{{module.FIELD}}: ") && $0.hasSuffix(", dependencies") })
        #expect(lines.contains("kind: modules (YAML columns): number, name, kind, project, dependencies, dependents, files, types, functions, documented, undocumented, coverage, properties, documentedProperties, propertyCoverage, blank"))
        // A classes sheet's two tables: property fields, then function fields.
        #expect(lines.contains { $0.hasPrefix("kind: classes.properties (YAML columns): number, module, targets, moduleKind, file, line, column, enclosingType") })
        #expect(lines.contains { $0.hasPrefix("kind: classes.methods (YAML columns): number, module, targets") })
        #expect(lines.first?.contains("{{propertyCoverage}}") == true)
        // A client form's parameter rows inside function blocks, and its property rows.
        #expect(lines.contains("{{parameter.FIELD}}: number, name, label, type, defaultValue, description"))
        #expect(lines.contains { $0.hasPrefix("{{property.FIELD}}: number, module, targets") })
    }
}

/// The documentation quality rules end to end (Tests/Fixtures/DocQuality/Quality.swift): `check --require` and
/// `check.require` in `.docsheet.yml` report each with its own rule id, and the design document's status column names
/// them.
@Suite struct DocQualityCommandTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/DocQuality/Quality.swift")

    @Test func theQualityRulesReportTheirOwnIDsAndReachTheStatusColumn() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/Quality/Quality.swift", String(contentsOf: Self.fixture, encoding: .utf8))
        #expect(try sandbox.docsheet("check").status == 0)

        let run = try sandbox.docsheet("check", "--require", "unknown-parameters,void-returns,summary-repeats-name,placeholder-summary",
                                       "--reporter", "json")
        #expect(run.status == 1, "\(run.error)")
        let report = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        let violations = (report?["violations"] as? [[String: Any]] ?? []).map { "\($0["line"] ?? "") \($0["rule"] ?? "")" }
        #expect(violations == ["12 unknown-parameters", "17 void-returns", "20 summary-repeats-name", "23 placeholder-summary"])
        let sarif = try sandbox.docsheet("check", "--require", "void-returns", "--reporter", "sarif")
        #expect(sarif.output.contains("\"ruleId\" : \"void-returns\"") && sarif.output.contains("\"name\" : \"ReturnsOnVoidFunction\""))
        #expect(try sandbox.docsheet("check", "--require", "stale-docs").error
            .contains("unknown rule 'stale-docs'; valid rules: parameters, returns, throws, unknown-parameters, void-returns, summary-repeats-name, placeholder-summary, detached-doc, messages"))

        try sandbox.write("Sources/Quality/Detached.swift", "/// Left over.\n\n/// Runs the job.\n\npublic func run() {}\n")
        let detached = try sandbox.docsheet("check", "--require", "detached-doc")
        #expect(detached.output.split(separator: "\n").filter { $0.contains("Detached.swift") } == [
            "Sources/Quality/Detached.swift:1:1: error: doc comment documents nothing (no declaration follows it); make it a // comment or move it above a declaration",
            "Sources/Quality/Detached.swift:3:1: error: doc comment is separated from its declaration by a blank line; remove the blank line, or make it a // comment",
        ])
        try FileManager.default.removeItem(at: sandbox.url.appendingPathComponent("Sources/Quality/Detached.swift"))

        try sandbox.write(".docsheet.yml", "check:\n  require: [void-returns, placeholder-summary]\n")
        #expect(try sandbox.docsheet("check").status == 1)
        #expect(try sandbox.docsheet("generate", "--output", "design.xlsx", "--no-cache").status == 0)
        let functions = try XLSXReader(url: sandbox.url.appendingPathComponent("design.xlsx")).sheet("Functions")
        let statuses = (1...functions.lastRow).compactMap { row in functions.row(row).first { $0.hasPrefix("Documented") } }
        #expect(statuses.filter { $0 != "Documented" }.sorted()
            == ["Documented; to check: placeholder-summary", "Documented; to check: void-returns"])
    }
}

/// `docsheet document` end to end: a dry run prints a diff that git applies and writes nothing, `--write` writes the
/// same change, a second run changes nothing, and the gate's coverage does not move.
@Suite struct DocumentCommandTests {
    static let source = """
        public struct Store {
            /// Loads everything.
            public func load() {}

            public func save(_ value: Int) throws -> Bool { true }
        }

        """

    @Test func aDryRunShowsTheDiffAndWriteWritesIt() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("Sources/App/Store.swift", Self.source)
        try sandbox.commitAll("first")
        let before = try sandbox.docsheet("check")
        let dryRun = try sandbox.docsheet("document")
        #expect(dryRun.status == 0, "\(dryRun.error)")
        #expect(dryRun.output == """
            --- a/Sources/App/Store.swift
            +++ b/Sources/App/Store.swift
            @@ -2,5 +2,10 @@
                 /// Loads everything.
                 public func load() {}
             
            +    /// <#Summary#>
            +    ///
            +    /// - Parameter value: <#value description#>
            +    /// - Returns: <#return value description#>
            +    /// - Throws: <#errors description#>
                 public func save(_ value: Int) throws -> Bool { true }
             }

            """)
        #expect(dryRun.error.contains("docsheet document: 1 doc-comment skeleton in 1 file would be written"))
        #expect(sandbox.read("Sources/App/Store.swift") == Self.source)
        try sandbox.write("change.diff", dryRun.output)
        #expect(try sandbox.git("apply", "--check", "change.diff").status == 0)

        let write = try sandbox.docsheet("document", "--write")
        #expect(write.status == 0 && write.output.isEmpty, "\(write.error)")
        #expect(try sandbox.git("apply", "--reverse", "--check", "change.diff").status == 0)
        #expect(try sandbox.docsheet("document").output.isEmpty)
        // The placeholder counts as undocumented: the gate's figures are the same, and the violation says what to do.
        let after = try sandbox.docsheet("check")
        #expect(after.output.split(separator: "\n").last == before.output.split(separator: "\n").last)
        #expect(before.output.hasSuffix("docsheet check: 1 violation; coverage 50.0% (1 of 2 public+ functions documented); failed\n"))
        #expect(after.output.contains("Sources/App/Store.swift:10:17: error: public method 'Store.save(_:)' has a doc comment that still holds an Xcode placeholder"))
        #expect(try sandbox.docsheet("document", "--write", "--dry-run").status == 2)
    }
}

/// `docsheet history` end to end: the trend on standard output or in a file, the badge, and the `--min-file` gate.
@Suite struct HistoryCommandTests {
    @Test func theTrendTheBadgeAndTheFileGate() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("Sources/App/Store.swift", "public func load() {}\npublic func save() {}\n")
        try sandbox.commitAll("first")
        try sandbox.write("Sources/App/Store.swift", "/// Loads the items from disk.\npublic func load() {}\npublic func save() {}\n")
        try sandbox.commitAll("second")
        let markdown = try sandbox.docsheet("history")
        #expect(markdown.status == 0, "\(markdown.error)")
        #expect(markdown.output.contains("| 2 | 0 | 0.0% | first |") && markdown.output.contains("| 2 | 1 | 50.0% | second |"))

        let gated = try sandbox.docsheet("history", "--format", "csv", "-o", "coverage.csv", "--badge", "badge.svg", "--min-file", "60")
        #expect(gated.status == 1)
        #expect(gated.error.contains("Sources/App/Store.swift: 50.0% documented, below --min-file 60%"))
        #expect(sandbox.read("coverage.csv")?.split(separator: "\n").count == 3)
        #expect(sandbox.read("badge.svg")?.contains(">50.0%</text>") == true)
        #expect(try sandbox.docsheet("history", "--every", "0").status == 2)
        #expect(try sandbox.docsheet("history", "--format", "xlsx").status == 2)
        let workbook = try sandbox.docsheet("history", "--format", "xlsx", "-o", "history.xlsx", "--locale", "vi")
        #expect(workbook.status == 0, "\(workbook.error)")
        let trend = try XLSXReader(url: sandbox.url.appendingPathComponent("history.xlsx")).sheet("Xu hướng")
        #expect(Array(trend.row(3).dropFirst(2)) == ["2", "1", "0.5", "second"])
    }
}
