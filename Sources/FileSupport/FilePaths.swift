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
}
