import FileSupport
import Foundation
import Testing
import TestSupport

/// Nothing from the scanned tree runs unless the user asks: a `Package.swift` that writes a file when it is evaluated
/// leaves no file after any scanning command, with a Swift toolchain on `PATH` (so evaluation was possible), and
/// `--evaluate-manifests` does run it.
@Suite struct ManifestExecutionTests {
    /// The `swift` executable of the test's own `PATH`, whose folder the runs get on theirs.
    static let swift = ProcessRunner.executable(named: "swift")

    /// A repository with a package whose manifest creates `marker` when it runs, committed, with a staged change.
    private func sandbox() throws -> (DocSheetRunner.Sandbox, marker: URL) {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        let marker = sandbox.url.appendingPathComponent("manifest-ran")
        try sandbox.write("Package.swift", """
            // swift-tools-version:5.9
            import Foundation
            import PackageDescription

            FileManager.default.createFile(atPath: "\(marker.path)", contents: Data("ran".utf8))

            let package = Package(name: "Evil", targets: [.target(name: "App")])

            """)
        try sandbox.write("Sources/App/A.swift", "/// Documented.\npublic func a() {}\n")
        try sandbox.commitAll("start")
        try sandbox.write("Sources/App/A.swift", "/// Documented.\npublic func a() {}\n/// Documented.\npublic func b() {}\n")
        #expect(try sandbox.git("add", "-A").status == 0)
        return (sandbox, marker)
    }

    /// Runs `executable arguments` in the sandbox with the toolchain's folder on `PATH`.
    private func run(_ sandbox: DocSheetRunner.Sandbox, _ executable: String, _ arguments: [String]) throws -> DocSheetRunner.Run {
        var environment = sandbox.environment
        if let swift = Self.swift {
            environment["PATH"] = (environment["PATH"] ?? "") + ":" + URL(fileURLWithPath: swift).deletingLastPathComponent().path
        }
        let result = try ProcessRunner.run(executable: executable, arguments: arguments, directory: sandbox.url, environment: environment)
        return DocSheetRunner.Run(status: result.status, output: String(decoding: result.standardOutput, as: UTF8.self),
                                  error: String(decoding: result.standardError, as: UTF8.self))
    }

    @Test(.enabled(if: swift != nil, "without a toolchain nothing could run the manifest anyway"))
    func noScanningCommandRunsTheManifest() throws {
        let (sandbox, marker) = try sandbox()
        let docsheet = DocSheetRunner.binary.path
        let commands: [(String, [String])] = [
            (docsheet, ["generate", "--format", "json", "--output", "out.json", "--no-cache"]),
            (docsheet, ["generate", "--format", "json", "--output", "cached.json"]),
            (docsheet, ["check", "--no-cache"]),
            (docsheet, ["check", "--staged"]),
            (docsheet, ["diff", "HEAD", "--format", "json", "--output", "diff.json"]),
        ]
        for (executable, arguments) in commands {
            let result = try run(sandbox, executable, arguments)
            #expect(result.status == 0 || arguments.first == "check", "\(arguments): \(result.error)")
            #expect(!result.error.contains("error:") || arguments.first == "check", "\(arguments): \(result.error)")
            #expect(!FileManager.default.fileExists(atPath: marker.path), "`docsheet \(arguments.joined(separator: " "))` ran the manifest")
        }
        // The pre-commit hook (`docsheet check --staged`), run by git.
        #expect(try run(sandbox, docsheet, ["hook", "install"]).status == 0)
        let commit = try run(sandbox, "/usr/bin/env", ["git", "commit", "-q", "-m", "b"])
        #expect(commit.error.contains("docsheet") || commit.status == 0, "the hook ran: \(commit.error)")
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the pre-commit hook ran the manifest")
        // The package's target was still read, from the manifest's text.
        let inventory = try #require(sandbox.read("out.json"))
        #expect(inventory.contains("\"App\""))
    }

    @Test(.enabled(if: swift != nil, "evaluating needs a toolchain"))
    func evaluateManifestsRunsTheManifest() throws {
        let (sandbox, marker) = try sandbox()
        let result = try run(sandbox, DocSheetRunner.binary.path,
                             ["generate", "--evaluate-manifests", "--format", "json", "--output", "out.json", "--no-cache"])
        #expect(result.status == 0, "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: marker.path), "--evaluate-manifests evaluates the manifest: \(result.error)")
    }

    @Test(.enabled(if: swift != nil, "evaluating needs a toolchain"))
    func manifestsEvaluateInTheConfigurationRunsTheManifest() throws {
        let (sandbox, marker) = try sandbox()
        try sandbox.write(".docsheet.yml", "manifests: evaluate\n")
        let result = try run(sandbox, DocSheetRunner.binary.path, ["generate", "--format", "json", "--output", "out.json", "--no-cache"])
        #expect(result.status == 0, "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: marker.path), "manifests: evaluate evaluates the manifest: \(result.error)")
    }
}

/// A run in a pipe over a project with many files no target compiles prints one line for them; `-v` lists them.
@Suite struct RepeatedNoteOutputTests {
    @Test func filesNoTargetCompilesAreCountedInOneLineAndListedWithVerbose() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Core\")])\n")
        try sandbox.write("Sources/Core/A.swift", "/// Documented.\npublic func a() {}\n")
        for index in 1...5 { try sandbox.write("Tools/t\(index).swift", "func t\(index)() {}\n") }
        try sandbox.write("Sources/Core/Broken.swift", "public struct S {\n")
        let quiet = try sandbox.docsheet("generate", "--format", "json", "--output", "out.json")
        #expect(quiet.status == 0, "\(quiet.error)")
        #expect(quiet.error.contains("note: 5 files that no target compiles were left out (first: Tools/t1.swift, Tools/t2.swift, Tools/t3.swift, …); --include-unowned keeps them, -v lists them\n"))
        #expect(!quiet.error.contains("Tools/t4.swift"))
        #expect(quiet.error.contains("Sources/Core/Broken.swift:"), "a syntax error keeps its own line: \(quiet.error)")
        let verbose = try sandbox.docsheet("generate", "--format", "json", "--output", "out.json", "--no-cache", "-v")
        for index in 1...5 {
            #expect(verbose.error.contains("Tools/t\(index).swift:1:1: note: no target of the project compiles this file; it is left out (--include-unowned keeps it)\n"))
        }
        #expect(!verbose.error.contains("files that no target compiles"))
    }
}
