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
        #expect(check.error.contains("no Swift files found"))
        #expect(check.error.contains("\"Source/**\""))
        #expect(check.error.contains("root ."))
        let generate = try sandbox.docsheet("generate", "-o", "out.json")
        #expect(generate.status == 3)
        #expect(generate.error.contains("no Swift files found"))
        #expect(!sandbox.exists("out.json"))
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
