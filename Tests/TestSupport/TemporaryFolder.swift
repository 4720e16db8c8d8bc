import Foundation

/// A temporary folder for a test, removed when the object goes away; optionally set up as a git repository.
open class TemporaryFolder {
    /// The git commands that turn a folder into a repository tests can commit in: branch `main`, a test identity,
    /// no signing.
    public static let gitSetupCommands: [[String]] = [
        ["init", "-q", "-b", "main"],
        ["config", "user.email", "test@example.com"],
        ["config", "user.name", "Test"],
        ["config", "commit.gpgsign", "false"],
    ]

    /// The folder (symbolic links resolved, so paths printed by tools compare equal).
    public let url: URL

    /// Creates an empty folder named `prefix-UUID` in the system's temporary folder.
    /// - Parameter prefix: the start of the folder's name, to tell test folders apart.
    /// - Throws: the file system's error when the folder cannot be created.
    public init(prefix: String) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
            .resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` as UTF-8 to `path` inside the folder, creating intermediate folders.
    /// - Parameters:
    ///   - path: a path relative to the folder.
    ///   - text: the file's contents.
    /// - Throws: the file system's error when the file cannot be written.
    public func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    /// The contents of the file at `path` (relative to the folder) as text, or `nil` when it does not exist.
    /// - Parameter path: a path relative to the folder.
    /// - Returns: the file's text, decoded as UTF-8.
    public func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: url.appendingPathComponent(path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a file or folder exists at `path` (relative to the folder).
    /// - Parameter path: a path relative to the folder.
    /// - Returns: `true` when something exists there.
    public func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path)
    }
}
