import SwiftUI
import WidgetKit

/// The home-screen widget: today's mood and the streak.
@main
struct JournalWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "JournalWidget", provider: StreakProvider()) { entry in
            JournalWidgetView(entry: entry)
        }
        .configurationDisplayName("Journal")
        .description("Your writing streak.")
    }
}

struct JournalWidgetView: View {
    let entry: StreakTimelineEntry

    var body: some View {
        VStack {
            Text(entry.latest?.mood.symbol ?? "✍️")
            Text(caption())
        }
    }

    /// "5 days" under the symbol.
    func caption() -> String {
        entry.streak == 1 ? "1 day" : "\(entry.streak) days"
    }
}
