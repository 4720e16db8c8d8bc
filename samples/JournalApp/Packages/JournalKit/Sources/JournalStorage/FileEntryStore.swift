import Foundation

/// Keeps entries as one JSON file in a folder.
public actor FileEntryStore: EntryStore {
    private let file: URL
    private var cache: [UUID: EntryRecord]?

    /// Creates a store writing `entries.json` in folder.
    public init(folder: URL) {
        self.file = folder.appendingPathComponent("entries.json")
    }

    public func loadAll() async throws -> [EntryRecord] {
        Array(try records().values)
    }

    public func save(_ record: EntryRecord) async throws {
        var all = try records()
        all[record.id] = record
        try write(all)
    }

    /// Deletes the entry with the given id; no error when there is none.
    public func delete(id: UUID) async throws {
        var all = try records()
        all[id] = nil
        try write(all)
    }

    private func records() throws -> [UUID: EntryRecord] {
        if let cache { return cache }
        guard FileManager.default.fileExists(atPath: file.path) else { return [:] }
        let list = try JSONDecoder().decode([EntryRecord].self, from: Data(contentsOf: file))
        let loaded = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0) })
        cache = loaded
        return loaded
    }

    private func write(_ all: [UUID: EntryRecord]) throws {
        try JSONEncoder().encode(Array(all.values)).write(to: file, options: .atomic)
        cache = all
    }
}
