import XCTest

/// Only a target when the manifest's `buildTests` is true (it is false): unowned.
final class SlowTests: XCTestCase {
    /// Slow.
    func testSlowly() {}
}
