import Foundation
import Inventory
import Parallelism

/// The records of Objective-C files kept on disk between runs, so that an unchanged file is not read through clang
/// again: one entry per file, in the folder `objc/` of the extraction cache folder (the Swift cache's entries stay
/// where they are).
///
/// An entry's key (``ObjCExtractor``'s `cacheKey`) covers the file's text, the text of every project header it
/// includes (directly or through other headers), where each include was found, the file's module and targets, the
/// clang program and DocSheet's version: editing a header makes every file that includes it be read again.
///
/// An entry is the key (its length as 8 little-endian bytes, then UTF-8) and the file's records in the schema's
/// binary form, then the warnings that go with them: a file clang crashes on or cannot parse is kept as its warning
/// (and what it had before the crash), so a warm run starts no clang for it either. Written to a temporary file and renamed into place (safe against concurrent runs); an entry that
/// cannot be decoded, or that holds another key, reads as a miss. ``prune()`` keeps at most ``maximumEntries``.
public final class ObjCRecordCache: Sendable {
    /// The folder that holds the entries.
    public let folder: URL
    /// How many entries ``prune()`` keeps (the least recently used go first).
    public let maximumEntries: Int
    /// Hits, misses and stores since this instance was made.
    private let activity = Locked((hits: 0, misses: 0, stored: 0))

    /// Creates a cache in `folder` (made on the first store).
    ///
    /// - Parameters:
    ///   - folder: The folder that holds the entries.
    ///   - maximumEntries: How many entries ``prune()`` keeps.
    public init(folder: URL, maximumEntries: Int = 20_000) {
        self.folder = folder
        self.maximumEntries = maximumEntries
    }

    /// The Objective-C cache inside an extraction cache folder: its sub-folder `objc/`.
    ///
    /// - Parameter extractionCacheFolder: The folder of the Swift extraction cache (`DiskExtractionCache.folder`).
    /// - Returns: A cache in `extractionCacheFolder/objc`.
    public static func inside(_ extractionCacheFolder: URL) -> ObjCRecordCache {
        ObjCRecordCache(folder: extractionCacheFolder.appendingPathComponent("objc", isDirectory: true))
    }

    /// How many lookups found a usable entry, and how many did not.
    public var lookups: (hits: Int, misses: Int) { activity.withLock { ($0.hits, $0.misses) } }

    /// The records stored under `key`, or `nil` (none, unreadable, or another key's).
    func declarations(forKey key: String) -> ObjCExtractor.FileDeclarations? {
        let url = entryURL(forKey: key)
        var found: ObjCExtractor.FileDeclarations?
        if let data = FileManager.default.contents(atPath: url.path) {
            let keyBytes = Array(key.utf8)
            found = data.withUnsafeBytes { bytes -> ObjCExtractor.FileDeclarations? in
                guard bytes.count >= 8 + keyBytes.count,
                      bytes.loadUnaligned(as: UInt64.self) == UInt64(keyBytes.count).littleEndian,
                      memcmp(bytes.baseAddress! + 8, keyBytes, keyBytes.count) == 0 else { return nil }
                var reader = RecordByteReader(bytes: UnsafeRawBufferPointer(rebasing: bytes[(8 + keyBytes.count)...]))
                return Self.readDeclarations(from: &reader)
            }
            if found != nil { utime(url.path, nil) }  // recently used, for pruning
        }
        let hit = found != nil
        activity.withLock { if hit { $0.hits += 1 } else { $0.misses += 1 } }
        return found
    }

    /// Stores `declarations` under `key`; a failure is ignored (the cache only saves time).
    func store(_ declarations: ObjCExtractor.FileDeclarations, forKey key: String) {
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return }
        var writer = RecordByteWriter()
        Self.write(declarations, into: &writer)
        var bytes = withUnsafeBytes(of: UInt64(key.utf8.count).littleEndian, Array.init)
        bytes.append(contentsOf: key.utf8)
        bytes.append(contentsOf: writer.bytes)
        let url = entryURL(forKey: key)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        do {
            try Data(bytes).write(to: temporary)
            if rename(temporary.path, url.path) != 0 { unlink(temporary.path) }
        } catch {
            unlink(temporary.path)
            return
        }
        activity.withLock { $0.stored += 1 }
    }

    /// Removes the least recently used entries beyond ``maximumEntries`` (only after this instance stored some).
    public func prune() {
        guard activity.withLock({ $0.stored }) > 0,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let entries = names.filter { $0.hasSuffix(".objc") }.map { folder.appendingPathComponent($0).path }
        guard entries.count > maximumEntries else { return }
        let dated = entries.map { path in
            (path: path, date: ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast)
        }
        for entry in dated.sorted(by: { $0.date < $1.date }).prefix(dated.count - maximumEntries) { unlink(entry.path) }
    }

    /// The entry file of `key`: a hash of the key (the entry repeats the key, so a collision is a miss).
    func entryURL(forKey key: String) -> URL {
        var hasher = ObjCContentHasher()
        hasher.add(Array(key.utf8))
        return folder.appendingPathComponent(hasher.hexDigest + ".objc")
    }

    /// Appends one file's records in the schema's binary form.
    static func write(_ declarations: ObjCExtractor.FileDeclarations, into writer: inout RecordByteWriter) {
        func entries<Record: SchemaRecord>(_ list: [ObjCExtractor.Entry<Record>]) {
            writer.writeArray(list) { writer, entry in
                writer.write(entry.key)
                writer.write(entry.fromHeader)
                entry.record.writeBytes(into: &writer)
            }
        }
        entries(declarations.functions)
        entries(declarations.properties)
        entries(declarations.types)
        writer.writeArray(declarations.adoptions) { writer, adoption in
            writer.write(adoption.name)
            writer.writeArray(adoption.protocols) { $0.write($1) }
        }
        writer.writeArray(declarations.warnings.filter(\.isCachedWithTheFile)) { writer, warning in
            switch warning {
            case .unparsable(let file, let firstError):
                writer.write(0)
                writer.write(file)
                writer.write(firstError)
            case .unreadableAST(let file, let reason):
                writer.write(1)
                writer.write(file)
                writer.write(reason)
            case .clangCrashed(let file, let signal, let firstError):
                writer.write(2)
                writer.write(file)
                writer.write(Int(signal))
                writer.writeOptional(firstError) { $0.write($1) }
            case .clangNotFound, .cannotRunClang, .unreadableFile, .includeFolderFailed:
                break  // not cached (filtered out above)
            }
        }
    }

    /// Reads one warning written by ``write(_:into:)``, or `nil` when the bytes are not one.
    static func readWarning(from reader: inout RecordByteReader) -> ObjCExtractionError? {
        switch reader.readInt() {
        case 0:
            guard let file = reader.readString(), let firstError = reader.readString() else { return nil }
            return .unparsable(file: file, firstError: firstError)
        case 1:
            guard let file = reader.readString(), let reason = reader.readString() else { return nil }
            return .unreadableAST(file: file, reason: reason)
        case 2:
            guard let file = reader.readString(), let signal = reader.readInt(), let signalValue = Int32(exactly: signal),
                  let firstError = reader.readOptionalString() else { return nil }
            return .clangCrashed(file: file, signal: signalValue, firstError: firstError)
        default:
            return nil
        }
    }

    /// Reads what ``write(_:into:)`` wrote, or `nil` when the bytes are not that.
    static func readDeclarations(from reader: inout RecordByteReader) -> ObjCExtractor.FileDeclarations? {
        func entries<Record: SchemaRecord>(_ type: Record.Type) -> [ObjCExtractor.Entry<Record>]? {
            reader.readArray { reader -> ObjCExtractor.Entry<Record>? in
                guard let key = reader.readString(), let fromHeader = reader.readBool(),
                      let record = Record.readBytes(from: &reader) else { return nil }
                return ObjCExtractor.Entry(key: key, record: record, fromHeader: fromHeader)
            }
        }
        guard let functions = entries(FunctionRecord.self), let properties = entries(PropertyRecord.self),
              let types = entries(TypeRecord.self),
              let adoptions = reader.readArray({ reader -> ObjCExtractor.Adoption? in
                  guard let name = reader.readString(), let protocols = reader.readStrings() else { return nil }
                  return ObjCExtractor.Adoption(name: name, protocols: protocols)
              }),
              let warnings = reader.readArray({ readWarning(from: &$0) }), reader.isAtEnd else { return nil }
        return ObjCExtractor.FileDeclarations(functions: functions, properties: properties, types: types, adoptions: adoptions,
                                              warnings: warnings)
    }
}

/// Two independent 64-bit hashes of bytes (FNV-1a and a multiply–rotate hash over 8-byte words) and the length,
/// stable across runs and platforms, for cache keys.
struct ObjCContentHasher {
    private var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
    private var mixed: UInt64 = 0x9e37_79b9_7f4a_7c15
    private var length: UInt64 = 0

    /// Adds `bytes`, then a separator (so that `["ab", "c"]` and `["a", "bc"]` differ).
    mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var index = 0
            let count = buffer.count
            while index + 8 <= count {
                let word = buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                fnv = (fnv ^ word) &* 0x0000_0100_0000_01b3
                mixed = (mixed ^ word) &* 0xff51_afd7_ed55_8ccd
                mixed = (mixed << 29) | (mixed >> 35)
                index += 8
            }
            while index < count {
                let byte = UInt64(buffer[index])
                fnv = (fnv ^ byte) &* 0x0000_0100_0000_01b3
                mixed = ((mixed ^ byte) &* 0xff51_afd7_ed55_8ccd)
                mixed = (mixed << 29) | (mixed >> 35)
                index += 1
            }
            length &+= UInt64(count) &+ 1
            fnv = (fnv ^ 0xff) &* 0x0000_0100_0000_01b3
        }
    }

    /// Adds the UTF-8 of `text` and a separator.
    mutating func add(_ text: String) { add(Array(text.utf8)) }

    /// The two hashes and the length in hexadecimal.
    var hexDigest: String {
        var final = mixed ^ length
        final ^= final >> 33
        final = final &* 0xc4ce_b9fe_1a85_ec53
        final ^= final >> 33
        return hex(fnv) + hex(final) + String(length, radix: 16)
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
