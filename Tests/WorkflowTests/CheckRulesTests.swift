import Foundation
import Inventory
import Testing
import WorkflowTestSupport
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
