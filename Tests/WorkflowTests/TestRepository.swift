import Foundation
import Testing
import Workflow

/// A temporary folder, optionally a git repository, removed when the test ends.
final class TestRepository {
    let url: URL

    init(git: Bool = true) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("docsheet-workflow-\(UUID().uuidString)", isDirectory: true)
            .resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        if git {
            try self.git("init", "-q", "-b", "main")
            try self.git("config", "user.email", "test@example.com")
            try self.git("config", "user.name", "Test")
            try self.git("config", "commit.gpgsign", "false")
        }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `path` (relative), creating folders.
    func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: url.appendingPathComponent(path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    @discardableResult
    func git(_ arguments: String...) throws -> String {
        try Git(directory: url).string(arguments)
    }

    func commitAll(_ message: String) throws {
        try git("add", "-A")
        try git("commit", "-q", "-m", message)
    }

    var environment: WorkflowEnvironment {
        WorkflowEnvironment(currentDirectory: url, variables: ["HOME": url.path, "DOCSHEET_CACHE_DIR": url.appendingPathComponent(".cache").path])
    }
}
