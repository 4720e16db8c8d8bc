import Foundation
import Inventory
import Testing
import WorkflowTestSupport
@testable import SwiftExtraction
@testable import Workflow

@Suite struct CheckRulesTests {
    @Test func anUndocumentedFunctionIsOneViolationNamingIt() {
        let violations = Check.violationsOf(record("load()", type: "Store", doc: nil, kind: .method), path: "Sources/App/A.swift", rules: [])
        #expect(violations.map(\.rule) == ["undocumented"])
        #expect(violations.first?.message == "public method 'Store.load()' is not documented; add a /// summary")
    }

    @Test func aPlaceholderDocCountsAsMissing() {
        var function = record("load()")
        function.doc = DocComment(raw: "<#Description#>", summary: "<#Description#>", isPlaceholder: true)
        let violations = Check.violationsOf(function, path: "A.swift", rules: [])
        #expect(violations.first?.message == "public function 'load()' has a doc comment that still holds an Xcode placeholder (<#...#>); replace it with real documentation")
    }

    @Test func requiredParametersReturnsAndThrowsAreChecked() {
        var function = record("fetch(id:into:)", parameters: [FunctionRecord.Parameter(label: "id", name: "id", type: "Int"),
                                                              FunctionRecord.Parameter(label: "into", name: "buffer", type: "Data")],
                              returnType: "Bool", throws: "throws")
        function.doc?.parameters = [DocComment.Parameter(name: "id", description: "The id.")]
        let violations = Check.violationsOf(function, path: "A.swift", rules: [.parameters, .returns, .throws])
        #expect(violations.map(\.rule) == ["parameters", "returns", "throws"])
        #expect(violations.first?.message.contains("does not document parameter buffer") == true)
        #expect(Check.violationsOf(function, path: "A.swift", rules: []).isEmpty)
    }

    @Test func overridesAndDeinitializersAreNotGated() {
        var override = record("viewDidLoad()", doc: nil, kind: .method)
        override.modifiers = ["override"]
        #expect(!Check.isGated(override))
        #expect(!Check.isGated(record("deinit", doc: nil, kind: .deinitializer)))
        #expect(Check.isGated(record("load()", doc: nil, kind: .method)))
    }

    @Test func aVoidReturnNeedsNoReturnsDoc() {
        let function = record("run()", returnType: "Void")
        #expect(Check.violationsOf(function, path: "A.swift", rules: [.returns]).isEmpty)
    }

    @Test func theXcodeReporterPrintsEditorLinesAndTheSummary() {
        let violation = Check.violationsOf(record("f()", doc: nil), path: "Sources/App/A.swift", rules: [])[0]
        let report = CheckReport(violations: [violation], baselinedCount: 0, checkedCount: 2, documentedCount: 1,
                                 coverage: 50, minCoverage: nil, minAccess: .public, passed: false, diagnostics: [])
        #expect(CheckReporter.xcode.render(report) == """
            Sources/App/A.swift:1:13: error: public function 'f()' is not documented; add a /// summary
            docsheet check: 1 violation; coverage 50.0% (1 of 2 public+ functions documented); failed

            """)
        #expect(CheckReporter.github.render(report).hasPrefix(
            "::error file=Sources/App/A.swift,line=1,col=13,title=docsheet undocumented::public function 'f()' is not documented"))
        let json = try? JSONSerialization.jsonObject(with: Data(CheckReporter.json.render(report).utf8)) as? [String: Any]
        #expect((json?["violations"] as? [[String: Any]])?.first?["line"] as? Int == 1)
        #expect(json?["passed"] as? Bool == false)
        #expect(json?["summary"] as? String == report.summary)
        #expect(json?["minCoverage"] is NSNull)
    }

    @Test func warnOnlyLabelsViolationsAsWarnings() {
        let violation = Check.violationsOf(record("f()", doc: nil), path: "A.swift", rules: [])[0]
        let report = CheckReport(violations: [violation], baselinedCount: 0, checkedCount: 1, documentedCount: 0,
                                 coverage: 0, minCoverage: nil, minAccess: .public, passed: false, diagnostics: [])
        #expect(CheckReporter.xcode.render(report, severity: .warning).hasPrefix("A.swift:1:13: warning: public function 'f()'"))
        #expect(CheckReporter.github.render(report, severity: .warning).hasPrefix("::warning file=A.swift,"))
        #expect(CheckReporter.github.render(report, severity: .warning).contains("\n::notice::docsheet check: 1 violation"))
    }

    @Test func theGithubReporterEscapesProperties() {
        #expect(CheckReporter.property("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
    }
}

/// The documentation quality rules on a real file (Tests/Fixtures/DocQuality/Quality.swift): each function named after
/// the rule it breaks, and well-documented ones that break none.
@Suite struct DocQualityRulesTests {
    /// The fixture's functions, extracted as `docsheet check` sees them.
    static func fixtureFunctions() throws -> [FunctionRecord] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/DocQuality/Quality.swift")
        let text = try String(contentsOf: url, encoding: .utf8)
        return SwiftExtractor().extract(source: text, relativePath: "Quality.swift", module: "Quality").functions
    }

    /// Every function's rule ids under every rule, as `name: rule, rule`.
    static func findings(_ functions: [FunctionRecord], rules: Set<DocRule>) -> [String] {
        functions.compactMap { function in
            let rules = Check.violationsOf(function, path: function.file, rules: rules).map(\.rule)
            return rules.isEmpty ? nil : "\(function.name): \(rules.joined(separator: ", "))"
        }
    }

    @Test func eachRuleFindsItsCaseAndNothingOnWellDocumentedCode() throws {
        let functions = try Self.fixtureFunctions()
        #expect(functions.count == 12)
        #expect(Self.findings(functions, rules: Set(DocRule.allCases)) == [
            "unknownParameters(id:): parameters, unknown-parameters",
            "voidReturns(): void-returns",
            "fetchUser(): returns, summary-repeats-name",
            "placeholderSummary(): placeholder-summary",
            "parameters(_:age:): parameters",
            "returns(): returns",
            "throwsErrors(): throws",
        ])
        // Without the rules, every documented function passes.
        #expect(Self.findings(functions, rules: []).isEmpty)
    }

    @Test func eachRuleIsItsOwnSwitch() throws {
        let functions = try Self.fixtureFunctions()
        #expect(Self.findings(functions, rules: [.unknownParameters]) == ["unknownParameters(id:): unknown-parameters"])
        #expect(Self.findings(functions, rules: [.voidReturns]) == ["voidReturns(): void-returns"])
        #expect(Self.findings(functions, rules: [.summaryRepeatsName]) == ["fetchUser(): summary-repeats-name"])
        #expect(Self.findings(functions, rules: [.placeholderSummary]) == ["placeholderSummary(): placeholder-summary"])
    }

    @Test func theMessagesNameTheFunctionAndSayWhatToDo() throws {
        let functions = try Self.fixtureFunctions()
        let messages = functions.flatMap { Check.violationsOf($0, path: $0.file, rules: [.unknownParameters, .voidReturns, .summaryRepeatsName, .placeholderSummary]) }
            .map(\.message)
        #expect(messages == [
            "public method 'UserStore.unknownParameters(id:)' documents parameter userID that the signature does not have (renamed or removed?); correct or remove '- Parameter userID:'",
            "public method 'UserStore.voidReturns()' documents a return value but returns nothing; remove '- Returns:'",
            "public method 'UserStore.fetchUser()' has a summary that only repeats its name (\"Fetch user.\"); say what it does and when to use it",
            "public method 'UserStore.placeholderSummary()' has a summary that is only a TODO marker (\"TODO: describe what this does.\"); write the summary",
        ])
    }

    @Test(arguments: [
        ("Fetch user.", "fetchUser", true), ("Fetches the user.", "fetchUser", true), ("fetch  USER", "fetchUser", true),
        ("Fetches the current user.", "fetchUser", false), ("Fetch.", "fetchUser", false), ("Init.", "init", true),
        ("Loads the URL session.", "loadURLSession", true), ("Loads the URL.", "loadURLSession", false),
        ("Decodes UTF8 text.", "decodeUTF8Text", true), ("Adds.", "+", false), ("The.", "the", false),
        ("Resets", "reset_all", false), ("Resets all", "reset_all", true),
    ])
    func aSummaryRepeatsANameWhenItsWordsAreTheNamesWords(summary: String, name: String, repeats: Bool) {
        #expect(DocQuality.summary(summary, onlyRepeats: name) == repeats)
    }

    @Test(arguments: [
        ("TODO", "TODO"), ("TODO: write it", "TODO"), ("FIXME.", "FIXME"), ("  TBD", "TBD"), ("XXX", "XXX"),
        ("Todo lists of the user.", nil), ("TODOS of the user.", nil), ("Fetches the user. TODO: more", nil),
    ] as [(String, String?)])
    func aPlaceholderSummaryIsOnlyAMarker(summary: String, marker: String?) {
        #expect(DocQuality.placeholderMarker(summary) == marker)
    }

    @Test func theSARIFReportListsAQualityRuleOnlyWhenAViolationHasIt() throws {
        let functions = try Self.fixtureFunctions()
        let violations = functions.flatMap { Check.violationsOf($0, path: $0.file, rules: [.voidReturns]) }
        func ruleIDs(_ violations: [Violation]) -> [String] {
            let report = CheckReport(violations: violations, baselinedCount: 0, checkedCount: 12, documentedCount: 12,
                                     coverage: 100, minCoverage: nil, minAccess: .public, passed: violations.isEmpty, diagnostics: [])
            return CIReports.rules(of: report).map(\.id)
        }
        #expect(ruleIDs(violations) == ["undocumented", "parameters", "returns", "throws", "void-returns"])
        #expect(ruleIDs([]) == ["undocumented", "parameters", "returns", "throws"])
    }
}

/// The unified diff of `docsheet document --dry-run`, as `git apply` reads it.
@Suite struct DocumentDiffTests {
    @Test func insertionsCloseTogetherShareAHunkAndLaterHunksCountTheAddedLines() {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let diff = DocumentSkeletons.unifiedDiff(path: "A.swift", old: old, insertions: [
            .init(beforeLine: 2, lines: ["/// a"], declaration: "a"),
            .init(beforeLine: 6, lines: ["/// b1", "/// b2"], declaration: "b"),
            .init(beforeLine: 18, lines: ["/// c"], declaration: "c"),
        ])
        #expect(diff == """
            --- a/A.swift
            +++ b/A.swift
            @@ -1,8 +1,11 @@
             line 1
            +/// a
             line 2
             line 3
             line 4
             line 5
            +/// b1
            +/// b2
             line 6
             line 7
             line 8
            @@ -15,6 +18,7 @@
             line 15
             line 16
             line 17
            +/// c
             line 18
             line 19
             line 20

            """)
    }
}
