import Foundation

/// Writes files so that readers only ever see the old file or the complete new one.
///
/// The content goes to a hidden temporary file in the destination's folder (same file system, so the
/// final rename is atomic); the temporary file is renamed over the destination only when complete,
/// and removed when anything fails. Temporary paths are registered with ``TemporaryFiles`` while in progress.
///
/// Two kinds of destination are not replaced: a symbolic link is written through (the file it points at is replaced,
/// the link stays), and a destination that is not a regular file — `/dev/null`, `/dev/stdout`, a named pipe — is
/// written into, as a stream (renaming a file over `/dev/null` would have replaced the device for a user allowed to).
public enum AtomicFile {
    /// A hidden temporary path for a file that will replace `destination`, unique for this process and call,
    /// registered with ``TemporaryFiles`` until ``moveIntoPlace(_:_:)`` or ``discard(_:)``.
    ///
    /// - Parameter destination: The file that will be replaced.
    /// - Returns: A URL named `.<name>.<pid>.<random>.tmp` in the folder of the file `destination` stands for (through
    ///   a symbolic link), so the final rename stays on one file system; in the system's temporary folder when
    ///   `destination` is a stream (``isStream(_:)``).
    public static func temporaryURL(besides destination: URL) -> URL {
        let stream = isStream(destination)
        let target = URL(fileURLWithPath: stream ? destination.path : replacedPath(destination))
        let folder = stream ? FileManager.default.temporaryDirectory : target.deletingLastPathComponent()
        let name = ".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.prefix(8)).tmp"
        let url = folder.appendingPathComponent(name)
        TemporaryFiles.register(url)
        return url
    }

    /// Whether `destination` exists and is neither a regular file nor a folder (a device such as `/dev/null`, a named
    /// pipe, a socket), after symbolic links: it is written into, never replaced.
    ///
    /// - Parameter destination: An output path.
    /// - Returns: True for a stream.
    public static func isStream(_ destination: URL) -> Bool {
        var status = stat()
        guard stat(destination.path, &status) == 0 else { return false }
        let type = status.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// The path a rename must replace for `destination`: the file its symbolic links lead to, or `destination` itself
    /// when it is no link or a link to nothing.
    private static func replacedPath(_ destination: URL) -> String {
        var status = stat()
        guard lstat(destination.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
              let resolved = realpath(destination.path, nil) else { return destination.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes `data` to `destination` atomically.
    ///
    /// - Parameters:
    ///   - data: The complete file contents.
    ///   - destination: The file to create or replace.
    /// - Throws: `FileSupportError.writeFailed` naming `destination` when its folder does not exist, it is a folder,
    ///   or the data cannot be written or renamed into place (the old file is then untouched).
    public static func write(_ data: Data, to destination: URL) throws(FileSupportError) {
        try write(to: destination) { DescriptorWriter.writeAll(data, to: $0) }
    }

    /// Writes the pieces `produce` hands over, one after the other as it makes them, to `destination` atomically (a
    /// large text need not be joined first, and its write overlaps its making).
    ///
    /// - Parameters:
    ///   - destination: The file to create or replace.
    ///   - produce: Calls the function it is given with each piece of the file's contents in order; that function
    ///     returns false after a failed write, and `produce` should then stop.
    /// - Throws: `FileSupportError.writeFailed` as ``write(_:to:)`` does.
    public static func write(to destination: URL, producing produce: ((UnsafeRawBufferPointer) -> Bool) -> Void)
        throws(FileSupportError) {
        try write(to: destination) { descriptor in
            var failure: Int32 = 0
            produce { piece in
                guard failure == 0 else { return false }
                failure = DescriptorWriter.writeAll(piece, to: descriptor)
                return failure == 0
            }
            return failure
        }
    }

    /// Creates the temporary file, lets `contents` write it, and moves it into place.
    ///
    /// - Parameters:
    ///   - destination: The file to create or replace.
    ///   - contents: Writes the whole file to the descriptor it is given; returns 0, or the `errno` of a failed write.
    private static func write(to destination: URL, contents: (Int32) -> Int32) throws(FileSupportError) {
        try checkDestination(destination)
        if isStream(destination) { return try writeStream(destination, contents: contents) }
        let temporary = temporaryURL(besides: destination)
        // Written with POSIX calls, so the reason of a failure is the system's own ("No space left on device",
        // "File too large"), not Foundation's generic "could not be completed".
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let failure = errno
            discard(temporary)
            throw .writeFailed(path: destination.path, reason: String(cString: strerror(failure)))
        }
        var failure = contents(descriptor)
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else {
            discard(temporary)
            throw .writeFailed(path: destination.path, reason: String(cString: strerror(failure)))
        }
        do {
            try moveIntoPlace(temporary, destination)
        } catch {
            discard(temporary)
            throw error
        }
    }

    /// Fails unless `destination` can be written: its folder exists and it is not itself a folder.
    ///
    /// - Parameter destination: The file about to be written.
    /// - Throws: `FileSupportError.writeFailed` naming the destination and the problem.
    public static func checkDestination(_ destination: URL) throws(FileSupportError) {
        let folder = destination.deletingLastPathComponent()
        guard FilePaths.isFolder(folder) else {
            throw .writeFailed(path: destination.path, reason: "the folder \(folder.path) does not exist")
        }
        if FilePaths.isFolder(destination) {
            throw .writeFailed(path: destination.path, reason: "it is a folder")
        }
    }

    /// Renames the complete `temporary` file over `destination` in one step (over the file a linked destination
    /// points at), and forgets it; a stream destination (``isStream(_:)``) gets the file's bytes written into it, and
    /// the temporary file is removed.
    ///
    /// - Parameters:
    ///   - temporary: The finished file, from ``temporaryURL(besides:)``.
    ///   - destination: The file to replace.
    /// - Throws: `FileSupportError.writeFailed` with the system's reason; the temporary file is then left for the
    ///   caller to ``discard(_:)``.
    public static func moveIntoPlace(_ temporary: URL, _ destination: URL) throws(FileSupportError) {
        if isStream(destination) {
            let data: Data
            do {
                data = try Data(contentsOf: temporary)
            } catch {
                throw .writeFailed(path: destination.path, reason: "the finished file could not be read back (\(error.localizedDescription))")
            }
            try writeStream(destination) { DescriptorWriter.writeAll(data, to: $0) }
            discard(temporary)
            return
        }
        if rename(temporary.path, replacedPath(destination)) != 0 {
            throw .writeFailed(path: destination.path, reason: String(cString: strerror(errno)))
        }
        TemporaryFiles.forget(temporary)
    }

    /// Opens the stream `destination` for writing, lets `contents` write into it, and closes it.
    ///
    /// - Throws: `FileSupportError.writeFailed` with the system's reason when it cannot be opened or written.
    private static func writeStream(_ destination: URL, contents: (Int32) -> Int32) throws(FileSupportError) {
        let descriptor = open(destination.path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .writeFailed(path: destination.path, reason: String(cString: strerror(errno))) }
        var failure = contents(descriptor)
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure != 0 { throw .writeFailed(path: destination.path, reason: String(cString: strerror(failure))) }
    }

    /// Removes an unfinished temporary file (if it was written) and forgets it.
    ///
    /// - Parameter temporary: A URL from ``temporaryURL(besides:)``.
    public static func discard(_ temporary: URL) {
        try? FileManager.default.removeItem(at: temporary)
        TemporaryFiles.forget(temporary)
    }
}
