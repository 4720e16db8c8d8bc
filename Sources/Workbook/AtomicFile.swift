import Foundation

/// Writes files so that readers only ever see the old file or the complete new one.
///
/// The content goes to a hidden temporary file in the destination's folder (same file system, so the
/// final rename is atomic); the temporary file is renamed over the destination only when complete,
/// and removed when anything fails.
public enum AtomicFile {
    /// A hidden temporary path beside `destination`, unique for this process and call.
    ///
    /// - Parameter destination: The file that will be replaced.
    /// - Returns: A URL in the same folder as `destination` named `.<name>.<pid>.<random>.tmp`, so the final rename
    ///   stays on one file system.
    ///   The path is registered so that an interrupt (SIGINT, SIGTERM) removes the file before the process exits.
    public static func temporaryURL(besides destination: URL) -> URL {
        let folder = destination.deletingLastPathComponent()
        let name = ".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.prefix(8)).tmp"
        let url = folder.appendingPathComponent(name)
        TemporaryFileRegistry.register(url.path)
        return url
    }

    /// Forgets a temporary path once it was renamed into place or removed (interrupts no longer need to remove it).
    ///
    /// - Parameter temporary: A URL from ``temporaryURL(besides:)``.
    public static func forget(_ temporary: URL) {
        TemporaryFileRegistry.unregister(temporary.path)
    }

    /// Removes every temporary file still in progress: what the SIGINT/SIGTERM handler does before it exits with
    /// 128 + the signal number (130, 143). Async-signal-safe: it only reads a fixed buffer and calls `unlink`.
    ///
    /// - Parameter folder: Only remove the files in this folder (`nil`, as the signal handler does: every file).
    /// - Returns: How many files were removed.
    @discardableResult
    public static func removeTemporaryFilesInProgress(in folder: URL? = nil) -> Int {
        guard let folder else { return TemporaryFileRegistry.removeAll() }
        return folder.standardizedFileURL.path.withCString { TemporaryFileRegistry.removeAll(under: $0) }
    }

    /// Writes `data` to `destination` atomically.
    ///
    /// - Parameters:
    ///   - data: The complete file contents.
    ///   - destination: The file to create or replace.
    /// - Throws: `WorkbookError.writeFailed` when the folder does not exist, `destination` is a folder, or the data
    ///   cannot be written or renamed into place.
    public static func write(_ data: Data, to destination: URL) throws(WorkbookError) {
        try write(to: destination) { (temporary: URL) throws(WorkbookError) in
            do {
                try data.write(to: temporary)
            } catch {
                throw .writeFailed(path: destination.path, reason: reason(error))
            }
        }
    }

    /// Lets `produce` write a file at a temporary URL, then renames it over `destination`.
    /// On any error the temporary file is removed and `destination` is left as it was.
    ///
    /// - Parameters:
    ///   - destination: The file to create or replace.
    ///   - produce: Writes the complete file at the temporary URL it is given.
    /// - Throws: What `produce` throws; `WorkbookError.writeFailed` when the folder does not exist, `destination` is a
    ///   folder, `produce` wrote no file, or the rename fails.
    public static func write(
        to destination: URL, _ produce: (URL) throws(WorkbookError) -> Void
    ) throws(WorkbookError) {
        try checkDestination(destination)
        let temporary = temporaryURL(besides: destination)
        do throws(WorkbookError) {
            try produce(temporary)
            guard FileManager.default.fileExists(atPath: temporary.path) else {
                throw WorkbookError.writeFailed(path: destination.path, reason: "no output was produced")
            }
            try moveIntoPlace(temporary, destination)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            forget(temporary)
            throw error
        }
    }

    /// Fails unless `destination` can be written: its folder exists and it is not itself a folder.
    /// - Parameter destination: the file about to be written.
    /// - Throws: `WorkbookError.writeFailed` naming the destination and the problem.
    static func checkDestination(_ destination: URL) throws(WorkbookError) {
        let folder = destination.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .writeFailed(path: destination.path, reason: "the folder \(folder.path) does not exist")
        }
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .writeFailed(path: destination.path, reason: "it is a folder")
        }
    }

    /// Renames the complete `temporary` file over `destination` in one step.
    /// - Parameters:
    ///   - temporary: the finished file, in the destination's folder.
    ///   - destination: the file to replace.
    /// - Throws: `WorkbookError.writeFailed` with the system's reason; the temporary file is then left for the
    ///   caller to remove.
    static func moveIntoPlace(_ temporary: URL, _ destination: URL) throws(WorkbookError) {
        if rename(temporary.path, destination.path) != 0 {
            throw .writeFailed(path: destination.path, reason: String(cString: strerror(errno)))
        }
        forget(temporary)
    }

    /// The system's reason for a failed write (e.g. "Permission denied").
    private static func reason(_ error: Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return (error as NSError).localizedDescription
    }
}

/// The temporary files being written, in a fixed C buffer a signal handler can read: on SIGINT or SIGTERM the
/// handler unlinks them and exits with 128 + the signal number. The handlers are installed with the first
/// registration, and only where the signal still has its default action (an application's own handler is kept).
enum TemporaryFileRegistry {
    /// How many paths are kept; the oldest slot is reused beyond that (its file is long finished).
    static let slotCount = 32
    /// The longest path kept, terminating zero included.
    static let slotSize = Int(PATH_MAX)
    /// `slotCount` zero-terminated paths; an empty slot starts with 0.
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
        buffer.initialize(repeating: 0, count: slotCount * slotSize)
        return buffer
    }()
    /// Serialises registrations (never taken by the signal handler).
    static let lock = NSLock()
    /// The next slot to use.
    nonisolated(unsafe) static var next = 0
    /// Whether the handlers were installed.
    nonisolated(unsafe) static var installed = false

    /// Keeps `path` until it is unregistered.
    static func register(_ path: String) {
        let bytes = Array(path.utf8)
        guard bytes.count < slotSize, !bytes.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        if !installed {
            installed = true
            _ = slots
            var installedSignals = sigset_t()
            sigemptyset(&installedSignals)
            for signalNumber in [SIGINT, SIGTERM] {
                let previous = signal(signalNumber, temporaryFileSignalHandler)
                if previous != nil {
                    signal(signalNumber, previous)   // not SIG_DFL: leave the application's handler (or SIG_IGN)
                } else {
                    sigaddset(&installedSignals, signalNumber)
                }
            }
            // A process started from a thread that blocks signals (a dispatch worker) inherits that mask: let this
            // thread take the signals it now handles.
            pthread_sigmask(SIG_UNBLOCK, &installedSignals, nil)
        }
        let slot = slots + next * slotSize
        next = (next + 1) % slotCount
        slot[0] = 0
        for (index, byte) in bytes.enumerated().dropFirst() { slot[index] = CChar(bitPattern: byte) }
        slot[bytes.count] = 0
        slot[0] = CChar(bitPattern: bytes[0])   // last, so a handler never sees half a path
    }

    /// Forgets `path`.
    static func unregister(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        for index in 0..<slotCount where strcmp(slots + index * slotSize, path) == 0 {
            slots[index * slotSize] = 0
        }
    }

    /// Unlinks every registered path (or those starting with `prefix`) and empties their slots; async-signal-safe.
    @discardableResult
    static func removeAll(under prefix: UnsafePointer<CChar>? = nil) -> Int {
        var removed = 0
        for index in 0..<slotCount {
            let slot = slots + index * slotSize
            guard slot[0] != 0 else { continue }
            if let prefix, strncmp(slot, prefix, strlen(prefix)) != 0 { continue }
            if unlink(slot) == 0 { removed += 1 }
            slot[0] = 0
        }
        return removed
    }
}

/// On SIGINT or SIGTERM: remove the temporary files in progress, then exit with 128 + the signal (130, 143).
private func temporaryFileSignalHandler(_ signalNumber: Int32) {
    TemporaryFileRegistry.removeAll()
    _exit(128 + signalNumber)
}
