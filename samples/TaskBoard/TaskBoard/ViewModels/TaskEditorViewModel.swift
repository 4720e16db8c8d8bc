//
//  TaskEditorViewModel.swift
//  TaskBoard
//

import Combine
import Foundation

/// Backs the create/edit task form: holds the draft and validates it field by field.
@MainActor
final class TaskEditorViewModel: ObservableObject {

    /// A problem with one field of the form.
    enum ValidationIssue: Equatable, CustomStringConvertible {
        case titleMissing
        case titleTooLong(limit: Int)
        case dueDateInPast

        var description: String {
            switch self {
            case .titleMissing: return "Give the task a title."
            case .titleTooLong(let limit): return "Keep the title under \(limit) characters."
            case .dueDateInPast: return "Pick a due date in the future."
            }
        }
    }

    static let titleLimit = 120

    @Published var title: String
    @Published var notes: String
    @Published var priority: TaskItem.Priority
    @Published var dueDate: Date?
    @Published private(set) var issues: [ValidationIssue] = []

    private let original: TaskItem?
    private let onSave: (TaskItem) -> Void

    /// Creates an editor for a new task.
    ///
    /// - Parameter onSave: Called with the finished task when the user taps Save.
    init(onSave: @escaping (TaskItem) -> Void) {
        self.original = nil
        self.title = ""
        self.notes = ""
        self.priority = .normal
        self.dueDate = nil
        self.onSave = onSave
    }

    /// Creates an editor for an existing task.
    ///
    /// - Parameters:
    ///   - task: The task to edit.
    ///   - onSave: Called with the edited task when the user taps Save.
    /// - Returns: `nil` when the task is done: finished tasks are read-only.
    init?(editing task: TaskItem, onSave: @escaping (TaskItem) -> Void) {
        guard task.status != .done else { return nil }
        self.original = task
        self.title = task.title
        self.notes = task.notes
        self.priority = task.priority
        self.dueDate = task.dueDate
        self.onSave = onSave
    }

    /// Whether the form is editing an existing task rather than creating one.
    var isEditing: Bool { original != nil }

    /// Checks every field and publishes the issues found.
    ///
    /// - Parameter now: The moment a due date must be after.
    /// - Returns: `true` when the draft can be saved.
    @discardableResult
    func validate(now: Date = Date()) -> Bool {
        var found: [ValidationIssue] = []
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            found.append(.titleMissing)
        } else if trimmed.count > Self.titleLimit {
            found.append(.titleTooLong(limit: Self.titleLimit))
        }
        if let dueDate, dueDate < now.startOfDay {
            found.append(.dueDateInPast)
        }
        issues = found
        return found.isEmpty
    }

    /// Validates the draft and, if it is valid, hands the resulting task to `onSave`.
    ///
    /// - Returns: The saved task, or `nil` when validation failed.
    @discardableResult
    func save() -> TaskItem? {
        guard validate() else { return nil }
        var task = original ?? TaskItem(title: title)
        task.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        task.notes = notes
        task.priority = priority
        task.dueDate = dueDate
        onSave(task)
        return task
    }

    /// Puts every field back to its value when the editor opened.
    func discardChanges() {
        title = original?.title ?? ""
        notes = original?.notes ?? ""
        priority = original?.priority ?? .normal
        dueDate = original?.dueDate
        issues = []
    }
}
