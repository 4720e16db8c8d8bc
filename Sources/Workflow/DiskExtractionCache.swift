import Foundation
import Inventory
import Parallelism
import SwiftExtraction

/// An `ExtractionCache` kept on disk, one file per entry, so an unchanged file is never parsed twice.
///
/// An entry is the key (UTF-8, after its length as 8 little-endian bytes) and then the extraction in
/// `FileExtraction`'s binary cache form, which reads back many times faster than JSON (Benchmarks/README.md).
///
/// Safe against concurrent runs (each entry is written to a temporary file and renamed into place) and against
/// corruption (an entry that cannot be decoded, or that holds another key, is ignored and rewritten). Bounded:
/// `prune()` removes the least recently used entries beyond `maximumEntries`.
public final class DiskExtractionCache: ExtractionCache, Sendable {
    /// The folder that holds the entries.
    public let folder: URL
    /// How many entries `prune()` keeps.
    public let maximumEntries: Int
    /// What this instance did, changed under one lock.
    private struct Activity: Sendable {
        var folderCreated = false
        var storedCount = 0
        var hits = 0
        var misses = 0
    }

    private let activity = Locked(Activity())

    /// How many lookups found a usable entry, and how many did not, since this instance was created.
    public var lookups: (hits: Int, misses: Int) { activity.withLock { ($0.hits, $0.misses) } }

    /// Creates a cache in `folder` (created on the first store).
    ///
    /// - Parameters:
    ///   - folder: The folder that holds the entries.
    ///   - maximumEntries: How many entries `prune()` keeps (the least recently used go first).
    public init(folder: URL, maximumEntries: Int = 20_000) {
        self.folder = folder
        self.maximumEntries = maximumEntries
    }

    /// The cache folder for a scan of `root`: `DOCSHEET_CACHE_DIR` when set; else `.build/docsheet-cache` in the
    /// nearest folder at or above `root` that holds a `Package.swift`; else `$XDG_CACHE_HOME/docsheet`
    /// (`~/.cache/docsheet` when unset).
    ///
    /// - Parameters:
    ///   - root: The scanned root.
    ///   - environment: Supplies `DOCSHEET_CACHE_DIR`, `XDG_CACHE_HOME` and `HOME`.
    /// - Returns: The cache folder; it may not exist yet.
    public static func defaultFolder(for root: URL, environment: WorkflowEnvironment) -> URL {
        if let moved = environment.variables["DOCSHEET_CACHE_DIR"], !moved.isEmpty {
            return environment.url(for: moved)
        }
        var folder = root.standardizedFileURL
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent(".build/docsheet-cache", isDirectory: true)
            }
            folder.deleteLastPathComponent()
        }
        if let xdg = environment.variables["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("docsheet", isDirectory: true)
        }
        let home = environment.variables["HOME"] ?? NSTemporaryDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/docsheet", isDirectory: true)
    }

    /// The file that holds the entry for `key`.
    ///
    /// - Parameter key: The cache key, from `SwiftExtractor.cacheKey(for:)`.
    /// - Returns: The entry's file in ``folder``, whether or not it exists.
    public func entryURL(forKey key: String) -> URL {
        folder.appendingPathComponent(Self.fileName(forKey: key))
    }

    /// The stored extraction for `key`, or `nil` when there is none or it is unreadable.
    ///
    /// - Parameter key: The cache key, from `SwiftExtractor.cacheKey(for:)`.
    /// - Returns: The extraction stored under `key`, or `nil` when there is none, it is unreadable, or it was stored
    ///   under another key.
    public func cachedExtraction(forKey key: String) -> FileExtraction? {
        let extraction = lookUp(key)
        let found = extraction != nil
        activity.withLock { if found { $0.hits += 1 } else { $0.misses += 1 } }
        return extraction
    }

    /// The entry for `key`, decoded, or `nil`.
    private func lookUp(_ key: String) -> FileExtraction? {
        guard !key.isEmpty else { return nil }
        let url = entryURL(forKey: key)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let keyBytes = Array(key.utf8)
        let extraction = data.withUnsafeBytes { bytes -> FileExtraction? in
            // The stored key must be this key (a file-name collision reads as a miss).
            guard bytes.count >= 8 + keyBytes.count,
                  bytes.loadUnaligned(as: UInt64.self) == UInt64(keyBytes.count).littleEndian,
                  memcmp(bytes.baseAddress! + 8, keyBytes, keyBytes.count) == 0
            else { return nil }
            return FileExtraction(cacheBytes: UnsafeRawBufferPointer(rebasing: bytes[(8 + keyBytes.count)...]))
        }
        guard let extraction else { return nil }
        utime(url.path, nil) // mark as recently used for pruning
        return extraction
    }

    /// Stores `extraction` under `key`; failures are ignored (the cache only saves time).
    ///
    /// - Parameters:
    ///   - extraction: The records and diagnostics of one file.
    ///   - key: The cache key, from `SwiftExtractor.cacheKey(for:)`.
    public func store(_ extraction: FileExtraction, forKey key: String) {
        guard !key.isEmpty, createFolderIfNeeded() else { return }
        var bytes = withUnsafeBytes(of: UInt64(key.utf8.count).littleEndian, Array.init)
        bytes.append(contentsOf: key.utf8)
        bytes.append(contentsOf: extraction.cacheBytes())
        try? WorkflowError.writeAtomically(Data(bytes), to: entryURL(forKey: key))
        activity.withLock { $0.storedCount += 1 }
    }

    /// Removes the least recently used entries until at most `maximumEntries` remain, and stray temporary files.
    /// Does nothing when this instance stored nothing (a warm run leaves the folder as it was).
    public func prune() {
        let stored = activity.withLock { $0.storedCount }
        guard stored > 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        // Names alone first: reading every entry's date costs more than the run's own writes, and is only needed
        // when there are too many entries (Benchmarks/README.md).
        var entryNames: [String] = []
        for name in names {
            if name.hasPrefix(".") {
                let path = folder.appendingPathComponent(name).path
                if Self.modificationDate(path) < Date().addingTimeInterval(-3600) { unlink(path) } // a stray temporary file
            } else if name.hasSuffix(".json") {
                unlink(folder.appendingPathComponent(name).path) // an entry in the JSON form of earlier versions
            } else if name.hasSuffix("." + Self.entryExtension) {
                entryNames.append(name)
            }
        }
        Self.removeLeastRecentlyUsed(entryNames.map { folder.appendingPathComponent($0).path }, keeping: maximumEntries)
    }

    /// Removes the files of `paths` with the oldest modification dates until at most `maximum` remain. Dates are read
    /// only when there are too many.
    ///
    /// - Parameters:
    ///   - paths: The files, e.g. a cache folder's entries.
    ///   - maximum: How many to keep.
    static func removeLeastRecentlyUsed(_ paths: [String], keeping maximum: Int) {
        guard paths.count > maximum else { return }
        let dated = paths.map { (path: $0, date: modificationDate($0)) }
        for entry in dated.sorted(by: { $0.date < $1.date }).prefix(dated.count - maximum) {
            unlink(entry.path)
        }
    }

    /// The modification date of the file at `path`, or the distant past when it cannot be read.
    private static func modificationDate(_ path: String) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }

    /// Creates the cache folder once; false when it cannot be created (the cache then stores nothing).
    private func createFolderIfNeeded() -> Bool {
        let folder = folder
        return activity.withLock { activity in
            if !activity.folderCreated {
                activity.folderCreated = (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil
            }
            return activity.folderCreated
        }
    }

    /// The file extension of entries.
    static let entryExtension = "dsx"

    /// A short file name for a key of any length: two 64-bit FNV-1a hashes in hex. The entry repeats the key,
    /// so a collision reads as a miss, never as a wrong result.
    static func fileName(forKey key: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in key.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second &* 0x0000_0100_0000_01B3) ^ UInt64(byte)
        }
        return String(format: "%016llx%016llx.", first, second) + entryExtension
    }
}
