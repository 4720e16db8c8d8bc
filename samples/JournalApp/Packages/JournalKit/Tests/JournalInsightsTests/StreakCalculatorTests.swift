import Foundation
import XCTest
@testable import JournalInsights

/// Tests of StreakCalculator and MoodStatistics.
final class StreakCalculatorTests: XCTestCase {
    private let calendar = Calendar(identifier: .gregorian)

    /// Three days in a row ending today make a streak of three.
    func testThreeDays() {
        let today = Date()
        let dates = (0..<3).compactMap { calendar.date(byAdding: .day, value: -$0, to: today) }
        XCTAssertEqual(StreakCalculator(calendar: calendar).streak(of: dates, endingOn: today), 3)
    }

    func testAverageOfNothingIsNil() {
        XCTAssertNil(MoodStatistics.average(of: []))
    }
}
