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

    /// What identifies the present version of the file at `path` without reading it (symbolic links followed): its
    /// device, inode, size, and modification and status-change times in nanoseconds, as build systems and git's
    /// index compare them. Any write, rename over or `touch` of the file changes it (the status-change time cannot
    /// be set back by hand).
    ///
    /// - Parameter path: An absolute path.
    /// - Returns: The identity as text, e.g. `2049:131075:1024:1764000000123456789:1764000000123456789`; `nil` when
    ///   nothing can be examined at `path`.
    public static func stamp(ofFileAt path: String) -> String? {
        var information = stat()
        guard stat(path, &information) == 0 else { return nil }
        #if canImport(Darwin)
        let (modified, changed) = (information.st_mtimespec, information.st_ctimespec)
        #else
        let (modified, changed) = (information.st_mtim, information.st_ctim)
        #endif
        func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec) }
        return "\(information.st_dev):\(information.st_ino):\(information.st_size):\(nanoseconds(modified)):\(nanoseconds(changed))"
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
