import Foundation

/// Writes files so that readers only ever see the old file or the complete new one.
///
/// The content goes to a hidden temporary file in the destination's folder (same file system, so the
/// final rename is atomic); the temporary file is renamed over the destination only when complete,
/// and removed when anything fails. Temporary paths are registered with ``TemporaryFiles`` while in progress.
public enum AtomicFile {
    /// A hidden temporary path beside `destination`, unique for this process and call, registered with
    /// ``TemporaryFiles`` until ``moveIntoPlace(_:_:)`` or ``discard(_:)``.
    ///
    /// - Parameter destination: The file that will be replaced.
    /// - Returns: A URL in the same folder as `destination` named `.<name>.<pid>.<random>.tmp`, so the final rename
    ///   stays on one file system.
    public static func temporaryURL(besides destination: URL) -> URL {
        let folder = destination.deletingLastPathComponent()
        let name = ".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.prefix(8)).tmp"
        let url = folder.appendingPathComponent(name)
        TemporaryFiles.register(url)
        return url
    }

    /// Writes `data` to `destination` atomically.
    ///
    /// - Parameters:
    ///   - data: The complete file contents.
    ///   - destination: The file to create or replace.
    /// - Throws: `FileSupportError.writeFailed` naming `destination` when its folder does not exist, it is a folder,
    ///   or the data cannot be written or renamed into place (the old file is then untouched).
    public static func write(_ data: Data, to destination: URL) throws(FileSupportError) {
        try checkDestination(destination)
        let temporary = temporaryURL(besides: destination)
        // Written with POSIX calls, so the reason of a failure is the system's own ("No space left on device",
        // "File too large"), not Foundation's generic "could not be completed".
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let failure = errno
            discard(temporary)
            throw .writeFailed(path: destination.path, reason: String(cString: strerror(failure)))
        }
        var failure = DescriptorWriter.writeAll(data, to: descriptor)
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

    /// Renames the complete `temporary` file over `destination` in one step, and forgets it.
    ///
    /// - Parameters:
    ///   - temporary: The finished file, in the destination's folder (from ``temporaryURL(besides:)``).
    ///   - destination: The file to replace.
    /// - Throws: `FileSupportError.writeFailed` with the system's reason; the temporary file is then left for the
    ///   caller to ``discard(_:)``.
    public static func moveIntoPlace(_ temporary: URL, _ destination: URL) throws(FileSupportError) {
        if rename(temporary.path, destination.path) != 0 {
            throw .writeFailed(path: destination.path, reason: String(cString: strerror(errno)))
        }
        TemporaryFiles.forget(temporary)
    }

    /// Removes an unfinished temporary file (if it was written) and forgets it.
    ///
    /// - Parameter temporary: A URL from ``temporaryURL(besides:)``.
    public static func discard(_ temporary: URL) {
        try? FileManager.default.removeItem(at: temporary)
        TemporaryFiles.forget(temporary)
    }
}
