import Foundation

/// What a path is on disk.
public enum FileKind: Sendable, Equatable {
    case regularFile, directory, symbolicLink, other

    /// The kind of the item at `path`, or `nil` when there is none. With `followingLinks`, a link is
    /// described by what it points to.
    ///
    /// - Parameters:
    ///   - path: An absolute path.
    ///   - followingLinks: Describe what a symbolic link points to (`stat`) instead of the link (`lstat`).
    /// - Returns: The kind, or `nil` when nothing is there.
    public static func of(path: String, followingLinks: Bool) -> FileKind? {
        var info = stat()
        let status = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard status == 0 else { return nil }
        switch info.st_mode & 0o170000 {
        case 0o100000: return .regularFile
        case 0o040000: return .directory
        case 0o120000: return .symbolicLink
        default: return .other
        }
    }
}

/// The entries of a folder as `readdir` gives them: the walks of discovery and of the resource files list folders
/// this way, since asking `lstat` (or Foundation's resource values) about every entry was most of a large project's
/// walk (Benchmarks/README.md).
public enum FolderEntries {
    /// The names in the folder at `path` (without `.` and `..`, in no order) with their kinds, `nil` for a kind the
    /// folder does not record (then ``FileKind/of(path:followingLinks:)`` tells); `nil` when the folder cannot be
    /// listed.
    ///
    /// - Parameter path: An absolute folder path.
    /// - Returns: The entries, or `nil`.
    public static func list(_ path: String) -> [(name: String, kind: FileKind?)]? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var entries: [(name: String, kind: FileKind?)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            let kind: FileKind?
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .regularFile
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symbolicLink
            case Int32(DT_UNKNOWN): kind = nil
            default: kind = .other
            }
            entries.append((name, kind))
        }
        return entries
    }
}
