import Foundation
import Parallelism
import SwiftExtraction

/// Keeps what `AppCodeReader` found in each Swift file (its errors' texts, `@Model` classes, localized-string uses,
/// SwiftUI navigation) in the cache folder's `app-code/`, one file per entry: the key, a newline, the JSON. A warm
/// run parses only the files whose text changed (Documentation/Resources.md).
final class DiskAppCodeCache: AppCodeCache, Sendable {
    /// The folder of the entries.
    let folder: URL
    /// The most entries kept; the least recently used beyond it are removed by ``prune()``.
    let maximumEntries: Int
    private let stored = Locked(0)

    /// A cache in `folder`.
    ///
    /// - Parameters:
    ///   - folder: The folder (created when the first entry is stored).
    ///   - maximumEntries: The most entries kept.
    init(folder: URL, maximumEntries: Int = 20_000) {
        self.folder = folder
        self.maximumEntries = maximumEntries
    }

    /// The bytes stored under `key`, when the entry's own key is `key`.
    ///
    /// - Parameter key: The key.
    /// - Returns: The stored bytes, or `nil`.
    func cachedFindings(forKey key: String) -> Data? {
        let url = folder.appendingPathComponent(DiskExtractionCache.fileName(forKey: key))
        guard let data = FileManager.default.contents(atPath: url.path), let newline = data.firstIndex(of: 0x0A),
              data[data.startIndex..<newline].elementsEqual(key.utf8) else { return nil }
        utime(url.path, nil)  // recently used, for pruning
        return data[(newline + 1)...]
    }

    /// Stores `data` under `key`.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - key: The key (without a newline).
    func storeFindings(_ data: Data, forKey key: String) {
        guard !key.contains("\n"), (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return }
        try? WorkflowError.writeAtomically(Data(key.utf8) + [0x0A] + data,
                                           to: folder.appendingPathComponent(DiskExtractionCache.fileName(forKey: key)))
        stored.withLock { $0 += 1 }
    }

    /// Removes the least recently used entries beyond ``maximumEntries`` (after a run that stored some).
    func prune() {
        guard stored.withLock({ $0 }) > 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        DiskExtractionCache.removeLeastRecentlyUsed(
            names.filter { !$0.hasPrefix(".") }.map { folder.appendingPathComponent($0).path }, keeping: maximumEntries)
    }
}
