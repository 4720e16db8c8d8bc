import Foundation

/// A stored entry, independent of the app's model types.
public struct EntryRecord: Codable, Sendable, Equatable {
    public var id: UUID
    public var date: Date
    public var text: String
    public var mood: String

    /// Creates a record.
    public init(id: UUID, date: Date, text: String, mood: String) {
        self.id = id
        self.date = date
        self.text = text
        self.mood = mood
    }
}

/// Where entries are kept.
public protocol EntryStore: Sendable {
    /// Every stored entry, in no particular order.
    func loadAll() async throws -> [EntryRecord]
    /// Saves an entry, replacing one with the same id.
    func save(_ record: EntryRecord) async throws
    func delete(id: UUID) async throws
}
