import Foundation
import JournalInsights
import JournalStorage

/// State and actions of the list screen.
@MainActor
final class EntryListViewModel: ObservableObject {
    @Published private(set) var entries: [JournalEntry] = []
    @Published private(set) var errorMessage: String?
    private let store: any EntryStore

    init(store: any EntryStore) {
        self.store = store
    }

    /// Loads every entry, newest first.
    func load() async {
        do {
            let records = try await store.loadAll()
            entries = records.map(Self.entry(from:)).sorted { $0.date > $1.date }
        } catch {
            errorMessage = "Could not load the journal: \(error.localizedDescription)"
        }
    }

    /// Adds an entry and saves it; returns false when saving failed.
    @discardableResult
    func add(text: String, mood: Mood) async -> Bool {
        let entry = JournalEntry(text: text, mood: mood)
        do {
            try await store.save(Self.record(from: entry))
            entries.insert(entry, at: 0)
            return true
        } catch {
            errorMessage = "Could not save the entry."
            return false
        }
    }

    /// Number of consecutive days with at least one entry, ending today.
    func currentStreak(today: Date = Date()) -> Int {
        StreakCalculator(calendar: .current).streak(of: entries.map(\.date), endingOn: today)
    }

    func averageMood() -> Double? {
        MoodStatistics.average(of: entries.map { $0.mood.score() })
    }

    private static func entry(from record: EntryRecord) -> JournalEntry {
        JournalEntry(text: record.text, mood: Mood(rawValue: record.mood) ?? .okay, date: record.date)
    }

    private static func record(from entry: JournalEntry) -> EntryRecord {
        EntryRecord(id: entry.id, date: entry.date, text: entry.text, mood: entry.mood.rawValue)
    }
}
