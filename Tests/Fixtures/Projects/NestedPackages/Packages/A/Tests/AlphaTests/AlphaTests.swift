import XCTest

/// Tests of Alpha.
final class AlphaTests: XCTestCase {
    /// The word is "alpha".
    func testWord() {
        XCTAssertEqual("alpha".count, 5)
    }
}
