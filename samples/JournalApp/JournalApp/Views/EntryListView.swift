import SwiftUI

/// The list of entries with the current streak on top.
struct EntryListView: View {
    @ObservedObject var viewModel: EntryListViewModel
    @State private var isEditing = false

    var body: some View {
        NavigationStack {
            List {
                Section { Text(streakText(viewModel.currentStreak())) }
                ForEach(viewModel.entries) { entry in
                    row(for: entry)
                }
            }
            .navigationTitle("Journal")
            .toolbar {
                Button("New") { isEditing = true }
            }
            .sheet(isPresented: $isEditing) {
                EntryEditorView { text, mood in
                    Task { await viewModel.add(text: text, mood: mood) }
                }
            }
            .task { await viewModel.load() }
        }
    }

    /// "3-day streak", or an encouragement when there is none.
    func streakText(_ days: Int) -> String {
        days == 0 ? "Write today to start a streak" : "\(days)-day streak"
    }

    private func row(for entry: JournalEntry) -> some View {
        HStack {
            Text(entry.mood.symbol)
            Text(entry.headline())
        }
    }
}
