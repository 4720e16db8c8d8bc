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
    public static func temporaryURL(besides destination: URL) -> URL {
        let folder = destination.deletingLastPathComponent()
        let name = ".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.prefix(8)).tmp"
        return folder.appendingPathComponent(name)
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
    }

    /// The system's reason for a failed write (e.g. "Permission denied").
    private static func reason(_ error: Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return (error as NSError).localizedDescription
    }
}
