import XCTest

/// Tests of the outer library.
final class OuterTests: XCTestCase {
    /// The greeting is not empty.
    func testGreeting() {
        XCTAssertFalse("Hello".isEmpty)
    }
}
