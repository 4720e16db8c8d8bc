import XCTest
@testable import JournalApp

/// Tests of the list screen's view model.
@MainActor
final class EntryListViewModelTests: XCTestCase {
    /// The headline is cut at 60 characters.
    func testHeadlineIsShortened() {
        let entry = JournalEntry(text: String(repeating: "a", count: 80), mood: .good)
        XCTAssertEqual(entry.headline().count, 60)
    }

    func testWordCount() {
        XCTAssertEqual(JournalEntry(text: "one two\nthree", mood: .okay).wordCount(), 3)
    }
}
