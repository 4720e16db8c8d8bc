import CFileSupport
import Foundation

/// The temporary files this process is writing, so that an interrupted run can remove them.
///
/// ``AtomicFile`` registers every temporary path it hands out and forgets it once the file is renamed into place or
/// removed. There is no limit on how many files are in progress at once (``AtomicFile`` writers running on many
/// threads each register their own).
///
/// The registry lives in C (the `CFileSupport` target): writers take a lock, and ``removeAllFromSignalHandler(under:)``
/// reads it without one. It is async-signal-safe because the paths are published through lock-free C11 atomic
/// pointers (a handler sees a complete path or none), the table grows by publishing a new copy with one atomic store,
/// and memory a handler might still read is freed only when no handler is reading it; the handler itself only loads
/// pointers and calls `unlink(2)`. This module installs no signal handler: the application does (the `docsheet`
/// command line installs one for SIGINT and SIGTERM that calls ``removeAllFromSignalHandler(under:)``).
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

    /// Removes the registered files inside `folder` (at any depth) and forgets them.
    ///
    /// - Parameter folder: The folder whose temporary files are removed.
    /// - Returns: How many files were removed.
    @discardableResult
    public static func removeAll(in folder: URL) -> Int {
        var prefix = folder.standardizedFileURL.path
        if !prefix.hasSuffix("/") { prefix += "/" }
        return Int(prefix.withCString { docsheet_temporary_remove_all($0) })
    }

    /// How many temporary files are registered.
    public static var count: Int { docsheet_temporary_count() }

    /// Removes every registered file; for a SIGINT or SIGTERM handler, which must end the process afterwards.
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
