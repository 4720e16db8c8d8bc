import Foundation

/// What a command sees of the outside world: its working folder and environment variables. Tests pass their own.
public struct WorkflowEnvironment: Sendable {
    /// The folder relative paths are resolved against.
    public var currentDirectory: URL
    /// The environment variables (`SOURCE_DATE_EPOCH`, `DOCSHEET_CACHE_DIR`, `XDG_CACHE_HOME`, `HOME`).
    public var variables: [String: String]

    /// Creates an environment.
    ///
    /// - Parameters:
    ///   - currentDirectory: The folder relative paths are resolved against.
    ///   - variables: The environment variables (`SOURCE_DATE_EPOCH`, `DOCSHEET_CACHE_DIR`, `XDG_CACHE_HOME`, `HOME`).
    public init(currentDirectory: URL, variables: [String: String]) {
        self.currentDirectory = currentDirectory
        self.variables = variables
    }

    /// The environment of this process.
    public static var process: WorkflowEnvironment {
        WorkflowEnvironment(
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            variables: ProcessInfo.processInfo.environment
        )
    }

    /// `path` as an absolute URL (relative paths are taken from `currentDirectory`).
    ///
    /// - Parameter path: An absolute or relative path; a leading `~/` is replaced by `$HOME`.
    /// - Returns: The standardized absolute file URL.
    public func url(for path: String) -> URL {
        let expanded = path.hasPrefix("~/") ? (variables["HOME"] ?? "~") + path.dropFirst(1) : path
        return (expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded)
            : currentDirectory.appendingPathComponent(expanded)).standardizedFileURL
    }

    /// The date stamped into documents: `SOURCE_DATE_EPOCH`, else the commit date of HEAD in `git`, else now.
    ///
    /// - Parameter git: The repository of the scanned root, or `nil` outside git.
    /// - Returns: The date for covers and workbook properties.
    public func documentDate(git: Git?) -> Date {
        if let text = variables["SOURCE_DATE_EPOCH"], let seconds = TimeInterval(text) {
            return Date(timeIntervalSince1970: seconds)
        }
        return git?.commitDate() ?? Date()
    }
}
