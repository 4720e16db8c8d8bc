import Foundation
import Testing
import TestSupport
import Workflow

/// A temporary folder, optionally a git repository, removed when the test ends.
final class TestRepository: TemporaryFolder {
    init(git: Bool = true) throws {
        try super.init(prefix: "docsheet-workflow")
        if git {
            for command in TemporaryFolder.gitSetupCommands { _ = try Git(directory: url).string(command) }
        }
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
