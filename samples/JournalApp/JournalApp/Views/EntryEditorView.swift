import SwiftUI

/// A sheet to write a new entry.
struct EntryEditorView: View {
    var onSave: (String, Mood) -> Void
    @State private var text = ""
    @State private var mood: Mood = .okay
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                TextEditor(text: $text)
                MoodPicker(selection: $mood)
            }
            .toolbar {
                Button("Save") { save() }.disabled(!canSave())
            }
        }
    }

    /// Whether the entry has any text worth saving.
    func canSave() -> Bool {
        !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    private func save() {
        onSave(text, mood)
        dismiss()
    }
}
