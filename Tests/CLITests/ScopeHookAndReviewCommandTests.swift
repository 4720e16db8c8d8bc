import Foundation
import Testing
import TestSupport

/// Fail-closed scans, configuration-relative globs and paths, output folders and closed pipes, end to end.
@Suite struct ScanScopeCommandTests {
    @Test func aWholeTreeScanThatFindsNoSwiftFileIsAnInputError() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/A.swift", "public func a() {}\n")
        try sandbox.write(".docsheet.yml", "include: [\"Source/**\"]\n")
        let check = try sandbox.docsheet("check")
        #expect(check.status == 3)
        #expect(check.error.contains("no Swift or Objective-C files found"))
        #expect(check.error.contains("\"Source/**\""))
        #expect(check.error.contains("root ."))
        let generate = try sandbox.docsheet("generate", "-o", "out.json")
        #expect(generate.status == 3)
        #expect(generate.error.contains("no Swift or Objective-C files found"))
        #expect(!sandbox.exists("out.json"))
    }

    @Test func aScanWhoseFilesNoTargetCompilesSaysSo() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App", targets: [.target(name: "App")])
        """)
        try sandbox.write("Sources/App/A.swift", "public func a() {}\n")
        try sandbox.write("Scripts/tool.swift", "func tool() {}\n")
        let generate = try sandbox.docsheet("generate", "--include", "Scripts/**", "-o", "out.json")
        #expect(generate.status == 3)
        #expect(generate.error.contains("no Swift or Objective-C files found"))
        #expect(generate.error.contains("1 file was found that no target of the project compiles (--include-unowned keeps them)"))
        let kept = try sandbox.docsheet("generate", "--include", "Scripts/**", "--include-unowned", "-o", "out.json")
        #expect(kept.status == 0)
    }

    @Test func stagedAndSinceChecksWithoutChangedSwiftFilesStillPass() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("README.md", "hello\n")
        try sandbox.commitAll("start")
        try sandbox.write("README.md", "hello again\n")
        try sandbox.git("add", "-A")
        #expect(try sandbox.docsheet("check", "--staged").status == 0)
        #expect(try sandbox.docsheet("check", "--since", "HEAD").status == 0)
    }

    @Test func configurationGlobsAreRelativeToTheConfigurationsFolder() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write(".docsheet.yml", "include: [\"Sources/**\"]\nexclude: [\"Sources/App/Generated/**\"]\n")
        try sandbox.write("Sources/App/A.swift", "public func a() {}\n")
        try sandbox.write("Sources/App/Generated/G.swift", "public func generated() {}\n")
        let run = try sandbox.docsheet("check", in: "Sources/App")
        #expect(run.status == 1)
        #expect(run.output.contains("A.swift:1:13: error"))
        #expect(!run.output.contains("generated"))
        // Command-line globs stay relative to the scanned folder.
        let narrowed = try sandbox.docsheet("check", "--exclude", "A.swift", in: "Sources/App")
        #expect(narrowed.status == 3)
    }
}

/// Writing to a reader that went away ends quietly.
@Suite struct ClosedPipeTests {
    @Test func aClosedStandardOutputEndsWithoutABacktrace() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        let doc = "/// " + String(repeating: "A long summary that makes the CSV much larger than a pipe's buffer. ", count: 4) + "\n"
        for file in 0..<10 {
            let text = (0..<200).map { doc + "public func f\(file)_\($0)(value: Int) -> Int { value }\n" }.joined()
            try sandbox.write("Sources/F\(file).swift", text)
        }
        let binary = DocSheetRunner.binary.path
        for command in ["'\(binary)' generate . --format csv --output - | head -1", "'\(binary)' hook status | head -1"] {
            let run = try sandbox.run("/bin/sh", ["-c", "set -o pipefail 2>/dev/null; " + command + " >/dev/null"])
            #expect(!run.error.contains("Fatal error"), "\(command): \(run.error)")
            #expect(!run.error.contains("Backtrace"), "\(command): \(run.error)")
            #expect(!run.error.contains("Broken pipe"), "\(command): \(run.error)")
        }
    }
}

/// A project in a subfolder of the repository gets a hook that checks it.
@Suite struct SubfolderHookTests {
    @Test func aHookInstalledInASubfolderProjectChecksThatProject() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("ios/.docsheet.yml", "include: [\"Sources/**\"]\ncheck:\n  require: [parameters]\n")
        try sandbox.write("ios/Sources/App/A.swift", "/// Documented.\npublic func a() {}\n")
        try sandbox.write("server/S.swift", "public func server() {}\n")
        try sandbox.commitAll("start")
        let install = try sandbox.docsheet("hook", "install", in: "ios/Sources")
        #expect(install.status == 0, "\(install.error)")
        #expect(install.output.contains("in ios)"))
        #expect(try sandbox.docsheet("hook", "status").output.contains("pre-commit: installed, runs 'docsheet check --staged' in ios\n"))

        // The project's rule (parameters) applies, and paths print relative to the project folder.
        try sandbox.write("ios/Sources/App/A.swift", "/// Documented.\npublic func a() {}\n/// Documented.\npublic func b(x: Int) {}\n")
        let refused = try sandbox.git("commit", "-a", "-q", "-m", "b")
        #expect(refused.status != 0)
        #expect(refused.error.contains("Sources/App/A.swift:4:13: error: public function 'b(x:)' does not document parameter x"))
        try sandbox.write("ios/Sources/App/A.swift", "/// Documented.\npublic func a() {}\n/// Documented.\n/// - Parameter x: A value.\npublic func b(x: Int) {}\n")
        #expect(try sandbox.git("add", "-A").status == 0)
        let accepted = try sandbox.git("commit", "-q", "-m", "b")
        #expect(accepted.status == 0, "\(accepted.error)")
        #expect(try sandbox.docsheet("hook", "uninstall").status == 0)
        #expect(!sandbox.exists(".git/hooks/pre-commit"))
    }
}

/// The review shows what actually changed, in the locale, with source links.
@Suite struct ReviewDetailTests {
    func sandbox() throws -> DocSheetRunner.Sandbox {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("Sources/App/Store.swift", """
            public struct Store {
                /// Saves.
                /// - Parameter item: The item.
                public func save(item: Int) {}
                /// Loads.
                public func load() -> Int { 0 }
            }

            """)
        try sandbox.write("Sources/App/Old.swift", "/// Wanders.\npublic func wander() {}\n")
        try sandbox.commitAll("base")
        try sandbox.git("tag", "v1")
        try sandbox.write("Sources/App/Store.swift", """
            struct Store {
                /// Saves.
                /// - Parameter item: The item to keep.
                public func save(item: Int) {}
                /// Loads.
                public func load() -> Int { 1 }
                public func fresh() {}
            }

            """)
        try sandbox.git("mv", "Sources/App/Old.swift", "Sources/App/New.swift")
        try sandbox.commitAll("head")
        try sandbox.git("remote", "add", "origin", "git@github.com:acme/shop.git")
        return sandbox
    }

    @Test func markdownShowsTheDocPartTheEffectiveAccessAndTheOldPath() throws {
        let sandbox = try sandbox()
        let run = try sandbox.docsheet("diff", "v1", "HEAD")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("  - doc parameter item: The item. → The item to keep."))
        #expect(!run.output.contains("doc: Saves. → Saves."))
        #expect(run.output.contains("  - effective access: public → internal"))
        #expect(run.output.contains("): effectiveAccess\n"))
        #expect(!run.output.contains("access: public → public"))
        #expect(run.output.contains("  - file: `Sources/App/Old.swift` → `Sources/App/New.swift`"))
    }

    @Test func theWorkbookIsLocalisedAndLinksToTheSource() throws {
        let sandbox = try sandbox()
        let run = try sandbox.docsheet("diff", "v1", "HEAD", "--locale", "ja", "-o", "review/review.xlsx")
        #expect(run.status == 0, "\(run.error)")
        let book = try XLSXReader(url: sandbox.url.appendingPathComponent("review/review.xlsx"))
        #expect(book.sheetNames.contains("変更"))
        let changed = try book.sheet("変更")
        let whatChanged = (2...changed.lastRow).compactMap { changed["G\($0)"] }
        #expect(whatChanged.contains("ファイル: Sources/App/Old.swift → Sources/App/New.swift"))
        #expect(whatChanged.contains { $0.contains("アクセスレベル (実効): public → internal") })
        #expect(!whatChanged.contains { $0.contains("signature") || $0.contains("accessLevel") })
        #expect(changed.hyperlinks.values.contains { $0.hasPrefix("https://github.com/acme/shop/blob/") && $0.contains("Sources/App/New.swift#L") })
        let added = try book.sheet("追加")
        #expect(added.hyperlinks.values.contains { $0.contains("Sources/App/Store.swift#L7") })

        let custom = try sandbox.docsheet("diff", "v1", "HEAD", "--source-url", "https://example.com/{file}#{line}", "--template", "review",
                                          "-o", "custom.xlsx")
        #expect(custom.status == 0, "\(custom.error)")
        let links = try XLSXReader(url: sandbox.url.appendingPathComponent("custom.xlsx")).sheet("Added").hyperlinks.values
        #expect(links.contains("https://example.com/Sources/App/Store.swift#7"))
    }
}

/// `diff --merge-base` leaves out what BASE gained after the branch started.
@Suite struct DiffMergeBaseTests {
    @Test func mergeBaseLeavesOutTheBasesOwnLaterChanges() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("A.swift", "/// A.\npublic func a() {}\n")
        try sandbox.commitAll("start")
        try sandbox.git("checkout", "-q", "-b", "feature")
        try sandbox.write("F.swift", "/// F.\npublic func onFeature() {}\n")
        try sandbox.commitAll("feature")
        try sandbox.git("checkout", "-q", "main")
        try sandbox.write("M.swift", "/// M.\npublic func onMain() {}\n")
        try sandbox.commitAll("main")
        try sandbox.git("checkout", "-q", "feature")
        let plain = try sandbox.docsheet("diff", "main")
        #expect(plain.output.contains("onMain()"))
        let run = try sandbox.docsheet("diff", "main", "--merge-base")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("onFeature()"))
        #expect(!run.output.contains("onMain()"))
        #expect(run.output.hasPrefix("## DocSheet review: `merge base of main ("))
    }
}
