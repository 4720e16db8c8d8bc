//
//  TaskFilter.swift
//  TaskBoard
//

import Foundation

/// A saved search over the tasks of a board.
///
/// Filters combine with `+`: the result keeps a task only if both filters keep it.
struct TaskFilter: Equatable {
    var text: String?
    var minimumPriority: TaskItem.Priority?
    var statuses: Set<TaskItem.Status>
    var assignee: String?
    var onlyOverdue: Bool

    /// A filter that keeps every task.
    static let all = TaskFilter()

    /// <#Description#>
    init(
        text: String? = nil,
        minimumPriority: TaskItem.Priority? = nil,
        statuses: Set<TaskItem.Status> = Set(TaskItem.Status.allCases),
        assignee: String? = nil,
        onlyOverdue: Bool = false
    ) {
        self.text = text
        self.minimumPriority = minimumPriority
        self.statuses = statuses
        self.assignee = assignee
        self.onlyOverdue = onlyOverdue
    }

    /**
     Parses a quick-filter query typed in the search bar.

     The query is a list of space-separated terms. Terms with a prefix narrow the filter:
     `@name` (assignee), `!high` (minimum priority), `is:overdue`; every other term is
     matched against the title.

     - Parameter query: The text from the search bar, e.g. `"@mai !high login"`.
     - Returns: `nil` when the query is empty or names an unknown priority.
     */
    init?(query: String) {
        let terms = query.split(separator: " ").map(String.init)
        guard !terms.isEmpty else { return nil }
        self.init()
        var words: [String] = []
        for term in terms {
            if term.hasPrefix("@") {
                assignee = String(term.dropFirst())
            } else if term.hasPrefix("!") {
                let name = term.dropFirst().lowercased()
                guard let priority = TaskItem.Priority.allCases.first(where: { $0.title.lowercased() == name }) else {
                    return nil
                }
                minimumPriority = priority
            } else if term == "is:overdue" {
                onlyOverdue = true
            } else {
                words.append(term)
            }
        }
        text = words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Whether a task passes this filter.
    ///
    /// - Parameters:
    ///   - task: The task to test.
    ///   - now: The moment used for the overdue check.
    /// - Returns: `true` if the task should be shown.
    func matches(_ task: TaskItem, now: Date = Date()) -> Bool {
        guard statuses.contains(task.status) else { return false }
        if let minimumPriority, task.priority < minimumPriority { return false }
        if let assignee, task.assignee.map({ !($0 =~ assignee) }) ?? true { return false }
        if onlyOverdue && !task.isOverdue(relativeTo: now) { return false }
        if let text, !task.title.localizedCaseInsensitiveContains(text) { return false }
        return true
    }

    /// Combines two filters; a task must pass both.
    ///
    /// - Parameters:
    ///   - lhs: The first filter.
    ///   - rhs: The second filter. Its text and assignee win when both filters set them.
    /// - Returns: A filter that is at least as strict as each of the two.
    static func + (lhs: TaskFilter, rhs: TaskFilter) -> TaskFilter {
        TaskFilter(
            text: rhs.text ?? lhs.text,
            minimumPriority: [lhs.minimumPriority, rhs.minimumPriority].compactMap { $0 }.max(),
            statuses: lhs.statuses.intersection(rhs.statuses),
            assignee: rhs.assignee ?? lhs.assignee,
            onlyOverdue: lhs.onlyOverdue || rhs.onlyOverdue
        )
    }
}

extension Sequence where Element == TaskItem {
    /// The tasks that pass a filter, in their original order.
    ///
    /// - Parameter filter: <#filter description#>
    /// - Returns: <#description#>
    func filtered(by filter: TaskFilter) -> [TaskItem] {
        let now = Date()
        return self.filter { filter.matches($0, now: now) }
    }
}
