import SwiftUI

/// A row of mood buttons.
struct MoodPicker: View {
    @Binding var selection: Mood

    var body: some View {
        HStack {
            ForEach(Mood.allCases, id: \.self) { mood in
                Button(mood.symbol) { selection = mood }
                    .opacity(opacity(for: mood))
            }
        }
    }

    func opacity(for mood: Mood) -> Double {
        mood == selection ? 1 : 0.4
    }
}
