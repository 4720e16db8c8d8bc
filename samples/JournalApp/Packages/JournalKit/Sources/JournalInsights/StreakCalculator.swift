import Foundation

/// Counts consecutive days with entries.
public struct StreakCalculator: Sendable {
    let calendar: Calendar

    /// Creates a calculator for the given calendar (days start at its midnight).
    public init(calendar: Calendar) {
        self.calendar = calendar
    }

    /// Number of consecutive days, ending on `day` (or the day before, when `day` has no entry yet), that have
    /// at least one date.
    public func streak(of dates: [Date], endingOn day: Date) -> Int {
        let days = Set(dates.map { calendar.startOfDay(for: $0) })
        var current = calendar.startOfDay(for: day)
        if !days.contains(current), let yesterday = calendar.date(byAdding: .day, value: -1, to: current) {
            current = yesterday
        }
        var count = 0
        while days.contains(current) {
            count += 1
            guard let previous = calendar.date(byAdding: .day, value: -1, to: current) else { break }
            current = previous
        }
        return count
    }

    func isSameDay(_ a: Date, _ b: Date) -> Bool {
        calendar.isDate(a, inSameDayAs: b)
    }
}
