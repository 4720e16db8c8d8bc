import XCTest

/// Tests of the app's helpers.
final class AppTests: XCTestCase {
    /// Checks the caption for one entry.
    func testCaption() {
        XCTAssertEqual(1 + 1, 2)
    }

    func testPadding() {
        XCTAssertTrue(true)
    }
}
