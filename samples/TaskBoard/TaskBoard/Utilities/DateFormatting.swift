//
//  DateFormatting.swift
//  TaskBoard
//

import Foundation

/// Shared, cached formatters. `DateFormatter` is expensive to create, so the app keeps one per style.
enum DateFormatting {

    fileprivate static let dueDateFormatter = makeFormatter(dateStyle: .medium, relative: true)

    fileprivate static let relativeFormatter: RelativeDateTimeFormatter = {
        let formatter = RelativeDateTimeFormatter()
        formatter.unitsStyle = .short
        return formatter
    }()

    /// The ISO 8601 strategy the API uses for every date field.
    static let apiDecodingStrategy: JSONDecoder.DateDecodingStrategy = .iso8601

    /// Formats a due date for a task card ("Today", "Tomorrow", "12 Mar 2026").
    ///
    /// - Parameter date: <#date description#>
    /// - Returns: <#description#>
    static func dueDateText(for date: Date?) -> String {
        guard let date else { return NSLocalizedString("No due date", comment: "Task card") }
        return dueDateFormatter.string(from: date)
    }

    /// Formats a date relative to now ("in 2 hr", "3 days ago").
    static func relativeText(for date: Date, relativeTo now: Date = Date()) -> String {
        relativeFormatter.localizedString(for: date, relativeTo: now)
    }

    fileprivate static func makeFormatter(dateStyle: DateFormatter.Style, relative: Bool) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.dateStyle = dateStyle
        formatter.timeStyle = .none
        formatter.doesRelativeDateFormatting = relative
        return formatter
    }
}

extension Date {
    /// The start of the day containing this date, in the user's calendar.
    var startOfDay: Date {
        Calendar.current.startOfDay(for: self)
    }

    /// Adds whole days to the date, keeping the wall-clock time where the calendar allows.
    ///
    /// - Parameters:
    ///   - days: The number of days to add; negative values go back in time.
    ///   - calendar: The calendar to compute with.
    /// - Returns: The shifted date, or the date itself if the calendar cannot compute it.
    func adding(days: Int, calendar: Calendar = .current) -> Date {
        calendar.date(byAdding: .day, value: days, to: self) ?? self
    }
}
