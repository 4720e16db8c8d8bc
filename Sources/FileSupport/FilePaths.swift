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
}
