import CFileSupport
import Foundation

/// The temporary files and folders this process is writing, so that an interrupted run can remove them.
///
/// Every temporary path DocSheet makes goes through here: ``AtomicFile`` registers the temporary file beside each
/// output and forgets it once the file is renamed into place or removed; ``makeFile(prefix:extension:in:)`` and
/// ``makeFolder(prefix:in:)`` make registered paths in the system's temporary folder (`TMPDIR`), for bytes staged on
/// their way to standard output or to a library that reads files only, and for a child process's scratch folder.
/// There is no limit on how many paths are in progress at once (writers on many threads each register their own).
///
/// The registry lives in C (the `CFileSupport` target): writers take a lock, and ``removeAllFromSignalHandler(under:)``
/// reads it without one. It is async-signal-safe because the paths are published through lock-free C11 atomic
/// pointers (a handler sees a complete path or none), the table grows by publishing a new copy with one atomic store,
/// and memory a handler might still read is freed only when no handler is reading it; the handler itself only loads
/// pointers and calls `unlink(2)`. Folders are removed by the interrupt's cleanup thread, since listing a folder is
/// not async-signal-safe. This module installs no signal handler: the application does (the `docsheet` command line
/// installs `CFileSupport`'s handler for SIGINT and SIGTERM).
public enum TemporaryFiles {
    /// Keeps `url` until it is forgotten, so that an interrupt removes the file.
    ///
    /// - Parameter url: A temporary file about to be written (it need not exist yet).
    public static func register(_ url: URL) {
        _ = url.path.withCString { docsheet_temporary_register($0) }
    }

    /// Forgets `url` once its file was renamed into place or removed.
    ///
    /// - Parameter url: A URL given to ``register(_:)`` before.
    public static func forget(_ url: URL) {
        _ = url.path.withCString { docsheet_temporary_unregister($0) }
    }

    /// Removes the registered files and folders inside `folder` (at any depth) and forgets them.
    ///
    /// - Parameter folder: The folder whose temporary files and folders are removed.
    /// - Returns: How many files and folders were removed.
    @discardableResult
    public static func removeAll(in folder: URL) -> Int {
        var prefix = folder.standardizedFileURL.path
        if !prefix.hasSuffix("/") { prefix += "/" }
        return Int(prefix.withCString { docsheet_temporary_remove_all($0) })
    }

    /// How many temporary files and folders are registered.
    public static var count: Int { docsheet_temporary_count() }

    /// A registered path for a new file in the system's temporary folder, named `<prefix>-<random>.<extension>`; the
    /// file is not created. Give it back to ``remove(_:)``.
    ///
    /// - Parameters:
    ///   - prefix: The start of the file's name, e.g. `docsheet-diff`.
    ///   - extension: The file's extension without the dot, e.g. `xlsx`.
    ///   - parent: The folder of the file: the system's temporary folder unless given (it follows `TMPDIR`).
    /// - Returns: The file's URL.
    public static func makeFile(prefix: String, extension: String,
                                in parent: URL = FileManager.default.temporaryDirectory) -> URL {
        let url = parent.appendingPathComponent("\(prefix)-\(UUID().uuidString).\(`extension`)")
        register(url)
        return url
    }

    /// Removes a file made by ``makeFile(prefix:extension:in:)`` (if it exists) and forgets it.
    ///
    /// - Parameter url: The file's URL.
    public static func remove(_ url: URL) {
        unlink(url.path)
        forget(url)
    }

    /// Creates a new, empty, private folder (mode 0700) in the system's temporary folder, named
    /// `<prefix>-<random>`, and registers it: an interrupt removes it with everything inside it. Give it back to
    /// ``removeFolder(_:)``.
    ///
    /// - Parameters:
    ///   - prefix: The start of the folder's name, e.g. `docsheet-manifest`.
    ///   - parent: The folder to make it in: the system's temporary folder unless given (it follows `TMPDIR`).
    /// - Returns: The folder's URL.
    /// - Throws: `FileSupportError.writeFailed` naming `parent` when the folder cannot be created there.
    public static func makeFolder(prefix: String,
                                  in parent: URL = FileManager.default.temporaryDirectory) throws(FileSupportError) -> URL {
        var template = Array(parent.appendingPathComponent("\(prefix)-XXXXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard made else {
            throw .writeFailed(path: parent.path, reason: String(cString: strerror(errno)))
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let url = URL(fileURLWithPath: path, isDirectory: true)
        _ = url.path.withCString { docsheet_temporary_register_folder($0) }
        return url
    }

    /// Removes a folder made by ``makeFolder(prefix:in:)`` with everything inside it, and forgets it.
    ///
    /// - Parameter url: The folder's URL.
    public static func removeFolder(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
        _ = url.path.withCString { docsheet_temporary_unregister_folder($0) }
    }

    /// Removes every registered file (not folder); for a SIGINT or SIGTERM handler, which must end the process
    /// afterwards (the command line's handler is `CFileSupport`'s, in C; this is its file part, for tests).
    ///
    /// Async-signal-safe: no lock, no allocation, nothing freed; the registry is left as it is.
    ///
    /// - Parameter prefix: Only remove the paths starting with this zero-terminated text, made before the signal
    ///   (e.g. with `strdup`: nothing may be allocated in a handler), or `nil` for every registered file.
    /// - Returns: How many files were removed.
    @discardableResult
    public static func removeAllFromSignalHandler(under prefix: UnsafePointer<CChar>? = nil) -> Int {
        Int(docsheet_temporary_unlink_all_from_signal_handler(prefix))
    }
}
