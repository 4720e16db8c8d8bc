import Foundation

/// Questions about paths on disk that several modules ask.
public enum FilePaths {
    /// Whether something exists at `url` (symbolic links followed).
    ///
    /// - Parameter url: A file URL.
    /// - Returns: True for an existing file or folder.
    public static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    /// Whether `url` is an existing folder (symbolic links followed).
    ///
    /// - Parameter url: A file URL.
    /// - Returns: True when a folder exists at `url`; false for a file or nothing.
    public static func isFolder(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The size of the file at `url` in bytes (symbolic links followed), or 0 when it cannot be read.
    ///
    /// - Parameter url: A file URL.
    /// - Returns: The size in bytes; 0 for nothing at `url` or an error.
    public static func size(of url: URL) -> Int {
        var information = stat()
        return stat(url.path, &information) == 0 ? Int(information.st_size) : 0
    }

    /// The path with every symbolic link resolved, as `URL.resolvingSymlinksInPath()` gives it, in one `realpath(3)`
    /// call when the path exists (Foundation's version examines it one component at a time, which was a visible
    /// share of discovering a large project's files).
    ///
    /// - Parameter url: A file URL, usually of an existing file.
    /// - Returns: The resolved path; for a path that does not exist, what Foundation's resolution gives.
    public static func resolvingLinks(_ url: URL) -> String {
        guard let resolved = realpath(url.path, nil) else { return url.resolvingSymlinksInPath().path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
