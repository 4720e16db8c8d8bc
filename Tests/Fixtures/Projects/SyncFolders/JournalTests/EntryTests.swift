import XCTest

/// Tests of Entry.
final class EntryTests: XCTestCase {
    /// The headline is the first line.
    func testHeadline() {
        XCTAssertEqual("a\nb".split(separator: "\n").first, "a")
    }
}
