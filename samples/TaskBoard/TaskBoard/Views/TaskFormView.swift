//
//  TaskFormView.swift
//  TaskBoard
//

import SwiftUI

/// The SwiftUI form for editing a task's fields, bound to a `TaskEditorViewModel`.
struct TaskFormView: View {
    @ObservedObject var viewModel: TaskEditorViewModel
    @State private var hasDueDate: Bool

    /// Creates the form.
    ///
    /// - Parameter viewModel: The draft being edited.
    init(viewModel: TaskEditorViewModel) {
        self.viewModel = viewModel
        _hasDueDate = State(initialValue: viewModel.dueDate != nil)
    }

    var body: some View {
        Form {
            Section("Task") {
                TextField("Title", text: $viewModel.title)
                TextField("Notes", text: $viewModel.notes, axis: .vertical)
                    .lineLimit(3...8)
            }
            Section("Planning") {
                Picker("Priority", selection: $viewModel.priority) {
                    ForEach(TaskItem.Priority.allCases, id: \.self) { priority in
                        Text(priority.title).tag(priority)
                    }
                }
                Toggle("Due date", isOn: $hasDueDate.animation())
                if hasDueDate {
                    DatePicker("Due", selection: dueDateBinding, displayedComponents: .date)
                }
            }
            if !viewModel.issues.isEmpty {
                Section {
                    ForEach(viewModel.issues, id: \.description) { issue in
                        Label(issue.description, systemImage: "exclamationmark.triangle")
                            .foregroundStyle(.red)
                    }
                }
            }
        }
        .onChange(of: hasDueDate) { _, isOn in
            viewModel.dueDate = isOn ? (viewModel.dueDate ?? Date().adding(days: 1)) : nil
        }
    }

    private var dueDateBinding: Binding<Date> {
        Binding(
            get: { viewModel.dueDate ?? Date() },
            set: { viewModel.dueDate = $0 }
        )
    }
}

#if DEBUG
struct TaskFormView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            TaskFormView(viewModel: TaskEditorViewModel(onSave: { _ in }))
                .navigationTitle("New Task")
        }
    }
}
#endif
