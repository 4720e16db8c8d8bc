import FileSupport
import Foundation
import Testing
import TestSupport
import Workflow

/// Runs the built `docsheet` binary (it sits next to the test bundle) in temporary folders and git repositories.
struct DocSheetRunner {
    /// The built binary.
    static let binary: URL = {
        var candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("docsheet") }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/docsheet"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    /// What one run printed and returned.
    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    /// A temporary folder (optionally a git repository) removed when the test ends.
    final class Sandbox: TemporaryFolder {
        init(git: Bool = false) throws {
            try super.init(prefix: "docsheet-cli")
            if git {
                for command in TemporaryFolder.gitSetupCommands { _ = try run("/usr/bin/env", ["git"] + command) }
            }
        }

        /// The environment every run gets: PATH with the built binary first, a private cache and HOME.
        var environment: [String: String] {
            let path = DocSheetRunner.binary.deletingLastPathComponent().path + ":/usr/local/bin:/usr/bin:/bin"
            return ["PATH": path, "HOME": url.path, "DOCSHEET_CACHE_DIR": url.appendingPathComponent(".cache").path,
                    "SOURCE_DATE_EPOCH": "1700000000", "GIT_CONFIG_NOSYSTEM": "1"]
        }

        @discardableResult
        func git(_ arguments: String...) throws -> Run {
            try run("/usr/bin/env", ["git"] + arguments)
        }

        /// Runs `docsheet arguments` in the sandbox (or `folder` inside it).
        func docsheet(_ arguments: String..., in folder: String = "") throws -> Run {
            try run(DocSheetRunner.binary.path, arguments, in: folder)
        }

        func run(_ executable: String, _ arguments: [String], in folder: String = "") throws -> Run {
            let result = try ProcessRunner.run(executable: executable, arguments: arguments,
                                               directory: folder.isEmpty ? url : url.appendingPathComponent(folder),
                                               environment: environment)
            return Run(status: result.status, output: String(decoding: result.standardOutput, as: UTF8.self),
                       error: String(decoding: result.standardError, as: UTF8.self))
        }

        func commitAll(_ message: String) throws {
            #expect(try git("add", "-A").status == 0)
            #expect(try git("commit", "-q", "-m", message).status == 0)
        }
    }
}

/// A small Swift package with documented and undocumented functions at several access levels.
enum SampleSources {
    static let store = """
        /// Keeps the items.
        public struct Store {
            /// Loads everything.
            public func load() {}

            public func save(_ item: Int) {}

            func helper() {}
        }

        """
}
