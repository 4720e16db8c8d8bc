import Foundation
import Inventory
import Testing
import TestSupport

@Suite struct HookWorkflowTests {
    @Test func thePreCommitHookRefusesUndocumentedPublicFunctionsAndAcceptsDocumentedOnes() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("README.md", "shop\n")
        try sandbox.commitAll("start")
        let install = try sandbox.docsheet("hook", "install")
        #expect(install.status == 0, "\(install.error)")
        #expect(sandbox.read(".git/hooks/pre-commit")?.contains("# docsheet-hook") == true)

        try sandbox.write("Sources/App/Cart.swift", "public struct Cart {\n    public func add(_ id: Int) {}\n}\n")
        #expect(try sandbox.git("add", "-A").status == 0)
        let refused = try sandbox.git("commit", "-q", "-m", "cart")
        #expect(refused.status != 0)
        // git shows a hook's output on standard error.
        #expect(refused.error.contains("Sources/App/Cart.swift:2:17: error: public method 'Cart.add(_:)' is not documented"))
        #expect(try sandbox.git("rev-list", "--count", "HEAD").output == "1\n")

        try sandbox.write("Sources/App/Cart.swift", "public struct Cart {\n    /// Adds an item.\n    public func add(_ id: Int) {}\n}\n")
        #expect(try sandbox.git("add", "-A").status == 0)
        let accepted = try sandbox.git("commit", "-q", "-m", "cart")
        #expect(accepted.status == 0, "\(accepted.output)\(accepted.error)")
        #expect(try sandbox.git("rev-list", "--count", "HEAD").output == "2\n")
    }

    @Test func unstagedEditsNeitherBlockNorHide() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("Sources/App/A.swift", "/// Documented.\npublic func a() {}\n")
        try sandbox.commitAll("start")
        #expect(try sandbox.docsheet("hook", "install").status == 0)

        // Staged: a documented function. Unstaged: an undocumented one in the same file.
        try sandbox.write("Sources/App/A.swift", "/// Documented.\npublic func a() {}\n/// Also documented.\npublic func b() {}\n")
        #expect(try sandbox.git("add", "-A").status == 0)
        try sandbox.write("Sources/App/A.swift", "/// Documented.\npublic func a() {}\n/// Also documented.\npublic func b() {}\npublic func c() {}\n")
        let staged = try sandbox.docsheet("check", "--staged")
        #expect(staged.status == 0, "\(staged.output)")
        #expect(try sandbox.git("commit", "-q", "-m", "b").status == 0)

        // Staged: an undocumented function. Unstaged: its documentation — the commit is still refused.
        try sandbox.write("Sources/App/B.swift", "public func d() {}\n")
        #expect(try sandbox.git("add", "Sources/App/B.swift").status == 0)
        try sandbox.write("Sources/App/B.swift", "/// Documented only in the work tree.\npublic func d() {}\n")
        let hidden = try sandbox.docsheet("check", "--staged")
        #expect(hidden.status == 1)
        #expect(hidden.output.contains("Sources/App/B.swift:1:13: error: public function 'd()' is not documented"))
        #expect(!hidden.output.contains("'c()'"))
    }

    @Test func commitAllIsCheckedThroughGitsTemporaryIndex() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("Sources/App/A.swift", "/// Documented.\npublic func a() {}\n")
        try sandbox.commitAll("start")
        #expect(try sandbox.docsheet("hook", "install").status == 0)
        try sandbox.write("Sources/App/A.swift", "/// Documented.\npublic func a() {}\npublic func b() {}\n")
        let refused = try sandbox.git("commit", "-a", "-q", "-m", "b")
        #expect(refused.status != 0)
        #expect(refused.error.contains("Sources/App/A.swift:3:13: error: public function 'b()' is not documented"))
    }

    @Test func theHookStatusAndUninstallRoundTrip() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write(".git/hooks/pre-commit", "#!/bin/sh\nexit 0\n")
        let refused = try sandbox.docsheet("hook", "install")
        #expect(refused.status == 2)
        #expect(refused.error.contains("a hook that DocSheet did not write is installed; pass --chain"))
        #expect(try sandbox.docsheet("hook", "install", "--chain").status == 0)
        let status = try sandbox.docsheet("hook", "status")
        #expect(status.output.contains("pre-commit: installed, runs 'docsheet check --staged' after the chained earlier hook"))
        #expect(status.output.contains("pre-push: not installed"))
        #expect(try sandbox.docsheet("hook", "uninstall").status == 0)
        #expect(sandbox.read(".git/hooks/pre-commit") == "#!/bin/sh\nexit 0\n")
    }
}

@Suite struct CheckCommandTests {
    func sandboxWithDebt() throws -> DocSheetRunner.Sandbox {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        return sandbox
    }

    @Test func reportsUndocumentedPublicFunctionsWithASummary() throws {
        let sandbox = try sandboxWithDebt()
        let run = try sandbox.docsheet("check")
        #expect(run.status == 1)
        #expect(run.output == """
            Sources/App/Store.swift:6:17: error: public method 'Store.save(_:)' is not documented; add a /// summary
            docsheet check: 1 violation; coverage 50.0% (1 of 2 public+ functions documented); failed

            """)
    }

    @Test func warnOnlyReportsWithoutFailing() throws {
        let sandbox = try sandboxWithDebt()
        let run = try sandbox.docsheet("check", "--warn-only")
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("Sources/App/Store.swift:6:17: warning: public method 'Store.save(_:)' is not documented"))
    }

    @Test func theMinimumCoverageGate() throws {
        let sandbox = try sandboxWithDebt()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store.replacingOccurrences(of: "    public func save", with: "    /// Saves.\n    public func save"))
        #expect(try sandbox.docsheet("check", "--min-coverage", "100").status == 0)
        let internalLevel = try sandbox.docsheet("check", "--min-access", "internal", "--min-coverage", "90")
        #expect(internalLevel.status == 1)
        #expect(internalLevel.output.contains("coverage 66.7% (2 of 3 internal+ functions documented), minimum 90.0%"))
    }

    @Test func theBaselineAcceptsTodaysDebtAndCatchesNewViolations() throws {
        let sandbox = try sandboxWithDebt()
        let write = try sandbox.docsheet("check", "--write-baseline", "baseline.json")
        #expect(write.status == 0)
        #expect(try sandbox.docsheet("check", "--baseline", "baseline.json").status == 0)
        // Lines shift, the accepted function stays accepted; a new undocumented function fails.
        try sandbox.write("Sources/App/Store.swift", "\n\n" + SampleSources.store + "public func fresh() {}\n")
        let run = try sandbox.docsheet("check", "--baseline", "baseline.json")
        #expect(run.status == 1)
        #expect(run.output.contains("'fresh()' is not documented"))
        #expect(!run.output.contains("save(_:)"))
        #expect(run.output.contains("1 violation (1 more accepted by the baseline)"))
    }

    @Test func theConfigurationSetsTheRulesAndTheCommandLineOverridesThem() throws {
        let sandbox = try sandboxWithDebt()
        try sandbox.write(".docsheet.yml", "check:\n  min_access: internal\n")
        let configured = try sandbox.docsheet("check")
        #expect(configured.status == 1)
        #expect(configured.output.contains("internal method 'Store.helper()' is not documented"))
        let overridden = try sandbox.docsheet("check", "--min-access", "open")
        #expect(overridden.status == 0)
    }

    @Test func theJSONAndGithubReporters() throws {
        let sandbox = try sandboxWithDebt()
        let json = try sandbox.docsheet("check", "--reporter", "json")
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect((object?["violations"] as? [[String: Any]])?.first?["name"] as? String == "save(_:)")
        let github = try sandbox.docsheet("check", "--reporter", "github")
        #expect(github.output.hasPrefix("::error file=Sources/App/Store.swift,line=6,col=17,"))
    }

    @Test func checkSinceARevisionLooksOnlyAtChangedFunctions() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("Sources/App/Old.swift", "public func legacy() {}\n")
        try sandbox.commitAll("start")
        try sandbox.write("Sources/App/New.swift", "public func fresh() {}\n")
        let run = try sandbox.docsheet("check", "--since", "HEAD")
        #expect(run.status == 1)
        #expect(run.output.contains("'fresh()'"))
        #expect(!run.output.contains("'legacy()'"))
        let bad = try sandbox.docsheet("check", "--since", "no-such-rev")
        #expect(bad.status == 3)
        #expect(bad.error == "error: no-such-rev: not a commit in this repository; pass a branch, tag or commit hash\n")
    }
}

@Suite struct DiffCommandTests {
    @Test func listsExactlyTheAddedRemovedAndChangedFunctionsBetweenTwoCommits() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("Sources/App/Store.swift", """
            public struct Store {
                /// Loads.
                public func load() {}
                public func save() {}
                func helper() {}
            }

            """)
        try sandbox.write("Sources/App/Moving.swift", "public func wander() {}\n")
        try sandbox.commitAll("base")
        try sandbox.git("tag", "v1")
        try sandbox.write("Sources/App/Store.swift", """
            public struct Store {
                /// Loads everything.
                public func load() {}
                public func save() async {}
                public func helper() {}
                public func purge() {}
            }

            """)
        #expect(try sandbox.git("mv", "Sources/App/Moving.swift", "Sources/App/Moved.swift").status == 0)
        try sandbox.commitAll("head")
        try sandbox.write("Sources/App/Store.swift", "public struct Store {}\n") // work tree only: must not matter

        let run = try sandbox.docsheet("diff", "v1", "HEAD", "--format", "json")
        #expect(run.status == 0, "\(run.error)")
        let diff = try InventoryCoding.decode(InventoryDiff.self, from: Data(run.output.utf8), source: "diff")
        #expect(diff.added.map(\.qualifiedName) == ["Store.purge()"])
        #expect(diff.removed.isEmpty)
        #expect(diff.changed.map(\.new.qualifiedName) == ["wander()", "Store.load()", "Store.save()", "Store.helper()"])
        #expect(diff.changed.map(\.changes) == [[.file], [.doc], [.signature], [.signature, .accessLevel]])

        let workTree = try sandbox.docsheet("diff", "HEAD", "--format", "json")
        let removed = try InventoryCoding.decode(InventoryDiff.self, from: Data(workTree.output.utf8), source: "diff")
        #expect(removed.removed.map(\.name) == ["load()", "save()", "helper()", "purge()"])
        #expect(removed.head == "working tree")

        let review = try sandbox.docsheet("diff", "v1", "HEAD", "--output", "review.xlsx")
        #expect(review.status == 0, "\(review.error)")
        let book = try XLSXReader(url: sandbox.url.appendingPathComponent("review.xlsx"))
        #expect(book.sheetNames.starts(with: ["Added", "Removed", "Changed"]) || Set(["Added", "Removed", "Changed"]).isSubset(of: book.sheetNames))
        #expect(try book.sheet("Added").cells.values.contains { $0.contains("purge()") })
        #expect(try book.sheet("Changed").cells.values.contains { $0.contains("save() async") })

        let markdown = try sandbox.docsheet("diff", "v1", "HEAD")
        #expect(markdown.status == 0)
        #expect(markdown.output.contains("purge()"))
    }

    @Test func anUnknownRevisionIsAnInputError() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("A.swift", "public func a() {}\n")
        try sandbox.commitAll("first")
        let run = try sandbox.docsheet("diff", "nope", "--format", "json")
        #expect(run.status == 3)
        #expect(run.error.hasPrefix("error: nope: not a commit"))
    }
}
