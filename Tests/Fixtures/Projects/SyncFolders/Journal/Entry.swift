import Foundation

/// One journal entry; compiled by the app (synchronized folder) and by the widget (membership exception).
struct Entry: Identifiable {
    let id = UUID()
    /// The entry's text.
    var text: String
    /// When it was written.
    var date: Date

    /// The first line of the text, for lists and the widget.
    func headline() -> String {
        text.split(separator: "\n").first.map(String.init) ?? ""
    }

    /// Number of words in the text.
    func wordCount() -> Int {
        text.split(whereSeparator: \.isWhitespace).count
    }
}
