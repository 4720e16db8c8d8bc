import Foundation

/// How the writer felt when writing an entry.
enum Mood: String, Codable, CaseIterable, Sendable {
    case great, good, okay, low, awful

    /// An emoji for lists and the widget.
    var symbol: String {
        switch self {
        case .great: return "😄"
        case .good: return "🙂"
        case .okay: return "😐"
        case .low: return "🙁"
        case .awful: return "😞"
        }
    }

    /// A score from 1 (awful) to 5 (great), for statistics.
    func score() -> Int {
        switch self {
        case .great: return 5
        case .good: return 4
        case .okay: return 3
        case .low: return 2
        case .awful: return 1
        }
    }
}

/// One journal entry. Compiled by the app and by the widget extension (two build files, one file reference).
struct JournalEntry: Identifiable, Codable, Hashable, Sendable {
    let id: UUID
    var date: Date
    var text: String
    var mood: Mood

    /// Creates an entry written now.
    init(text: String, mood: Mood, date: Date = Date()) {
        self.id = UUID()
        self.date = date
        self.text = text
        self.mood = mood
    }

    /// The first line of the text, at most 60 characters.
    func headline() -> String {
        let firstLine = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        return firstLine.count > 60 ? String(firstLine.prefix(59)) + "…" : firstLine
    }

    func wordCount() -> Int {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).count
    }
}
