import SwiftUI
import WidgetKit

/// The widget extension's only code file: it lives in the app's folder, the app's exception set removes the
/// Widget folder from the app and the widget's exception set adds this file to the widget extension.
@main
struct JournalWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Journal", provider: Provider()) { _ in Text("Journal") }
    }
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry { SimpleEntry(date: .now) }

    /// A snapshot for the widget gallery.
    func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> Void) {
        completion(SimpleEntry(date: .now))
    }

    /// One entry, refreshed hourly.
    func getTimeline(in context: Context, completion: @escaping (Timeline<SimpleEntry>) -> Void) {
        completion(Timeline(entries: [SimpleEntry(date: .now)], policy: .atEnd))
    }
}

struct SimpleEntry: TimelineEntry {
    let date: Date
}
