import WidgetKit

/// What the widget shows at one point in time.
struct StreakTimelineEntry: TimelineEntry {
    let date: Date
    let streak: Int
    /// The newest entry, shared model type with the app (JournalApp/Shared/JournalEntry.swift).
    let latest: JournalEntry?
}

/// Supplies the widget's timeline: one entry, refreshed at midnight.
struct StreakProvider: TimelineProvider {
    func placeholder(in context: Context) -> StreakTimelineEntry {
        StreakTimelineEntry(date: Date(), streak: 3, latest: JournalEntry(text: "A good day", mood: .good))
    }

    /// The gallery snapshot.
    func getSnapshot(in context: Context, completion: @escaping (StreakTimelineEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StreakTimelineEntry>) -> Void) {
        let entry = StreakTimelineEntry(date: Date(), streak: 0, latest: nil)
        completion(Timeline(entries: [entry], policy: .after(nextMidnight(after: Date()))))
    }

    /// The next midnight in the current calendar.
    func nextMidnight(after date: Date) -> Date {
        Calendar.current.nextDate(after: date, matching: DateComponents(hour: 0), matchingPolicy: .nextTime) ?? date
    }
}
