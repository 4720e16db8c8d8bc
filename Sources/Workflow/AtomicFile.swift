import Foundation

/// Writes files the way every DocSheet output is written: to a temporary file in the target's folder, renamed
/// over the target only once complete, so a reader never sees a partial file and a failure leaves none behind.
public enum AtomicFile {
    /// Writes `data` to `url` atomically.
    /// - Throws: `WorkflowError.outputFailed` naming the path when the folder is missing or not writable.
    public static func write(_ data: Data, to url: URL) throws(WorkflowError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
            var isFolder: ObjCBool = false
            let reason = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue
                ? "the folder is not writable" : "the folder \(folder.path) does not exist"
            throw .outputFailed(path: url.path, reason: reason)
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .outputFailed(path: url.path, reason: reason)
        }
    }
}
