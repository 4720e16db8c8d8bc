import Foundation

/// Search, written in Swift for the Objective-C store (declared in NLNoteStore.h, which the bridging header imports).
extension NLNoteStore {
    /// The notes whose text contains every word of a query, most recent first.
    /// - Parameter query: Words separated by spaces; case is ignored.
    /// - Returns: The matching notes.
    public func notes(matching query: String) -> [NLNote] {
        let words = query.lowercased().split(separator: " ")
        return notes.filter { note in words.allSatisfy { note.text.lowercased().contains($0) } }
            .sorted { $0.modifiedAt > $1.modifiedAt }
    }

    func pinnedNotes() -> [NLNote] {
        notes.filter(\.isPinned)
    }
}
