import DesignDocument
import FileSupport
import Foundation

/// Graphviz's layouts and pictures kept on disk between runs (``DiagramPictureCache``): one file per key, named by
/// the key's SHA-256, in the `diagrams` folder of the extraction cache's folder. At most ``maximumEntries`` are kept:
/// `generate` calls ``trim()`` after writing, which removes the least recently written beyond them.
struct DiskDiagramCache: DiagramPictureCache {
    /// The folder of the files (created when the first value is kept).
    let folder: URL
    /// How many files the folder keeps.
    var maximumEntries = 4_000

    /// The file of `key`.
    private func file(for key: String) -> URL {
        folder.appendingPathComponent(SHA256.hex(key))
    }

    /// The bytes kept for `key`, or `nil`.
    func value(for key: String) -> Data? {
        FileManager.default.contents(atPath: file(for: key).path)
    }

    /// Keeps `value` for `key`, atomically: a run that reads it meanwhile sees the whole file or none.
    func keep(_ value: Data, for key: String) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? AtomicFile.write(value, to: file(for: key))
    }

    /// Removes the oldest files beyond ``maximumEntries``.
    func trim() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path), names.count > maximumEntries else { return }
        let dated = names.map { name -> (String, Date) in
            let date = (try? manager.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.modificationDate]) as? Date
            return (name, date ?? .distantPast)
        }
        for (name, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(names.count - maximumEntries) {
            try? manager.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
