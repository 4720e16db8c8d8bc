import Foundation
import TestSupport
import Workflow

/// A temporary folder, optionally a git repository, removed when the test ends.
public final class TestRepository: TemporaryFolder {
    /// Creates the folder.
    ///
    /// - Parameter git: Whether the folder is made a git repository (with a test identity).
    /// - Throws: The error of creating the folder or of running git.
    public init(git: Bool = true) throws {
        try super.init(prefix: "docsheet-workflow")
        if git {
            for command in TemporaryFolder.gitSetupCommands { _ = try Git(directory: url).string(command) }
        }
    }

    /// Runs git in the folder.
    ///
    /// - Parameter arguments: git's arguments.
    /// - Returns: What git printed.
    /// - Throws: `WorkflowError` when git fails.
    @discardableResult
    public func git(_ arguments: String...) throws -> String {
        try Git(directory: url).string(arguments)
    }

    /// Stages every change and commits it.
    ///
    /// - Parameter message: The commit message.
    /// - Throws: `WorkflowError` when git fails.
    public func commitAll(_ message: String) throws {
        try git("add", "-A")
        try git("commit", "-q", "-m", message)
    }

    /// An environment whose home and cache folder are inside the folder.
    public var environment: WorkflowEnvironment {
        WorkflowEnvironment(currentDirectory: url, variables: ["HOME": url.path, "DOCSHEET_CACHE_DIR": url.appendingPathComponent(".cache").path])
    }
}
