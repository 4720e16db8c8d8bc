//
//  TaskItem.swift
//  TaskBoard
//

import Foundation

/// A single unit of work on a board: a card with a title, an owner and a due date.
///
/// `TaskItem` is a value type; edits go through its `mutating` methods so that
/// `updatedAt` is always bumped together with the change.
struct TaskItem: Identifiable, Codable, Hashable {

    /// How urgent a task is. Ordered from lowest to highest.
    enum Priority: Int, Codable, CaseIterable, Comparable {
        case low = 0
        case normal
        case high
        case critical

        /// A short label for badges and menus.
        var title: String {
            switch self {
            case .low: return "Low"
            case .normal: return "Normal"
            case .high: return "High"
            case .critical: return "Critical"
            }
        }

        static func < (lhs: Priority, rhs: Priority) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }

    /// Where a task currently is in its workflow.
    enum Status: String, Codable, CaseIterable {
        case todo
        case inProgress = "in_progress"
        case review
        case done
    }

    let id: UUID
    var title: String
    var notes: String
    var priority: Priority
    var status: Status
    var assignee: String?
    var dueDate: Date?
    var tags: Set<String>
    private(set) var createdAt: Date
    private(set) var updatedAt: Date

    /// Creates a new task in the `todo` column.
    ///
    /// - Parameters:
    ///   - title: The text shown on the card. Leading and trailing whitespace is removed.
    ///   - notes: Free-form details; empty by default.
    ///   - priority: How urgent the task is.
    ///   - dueDate: When the task should be finished, or `nil` if it has no deadline.
    ///   - now: The creation time; injectable so tests are deterministic.
    init(
        title: String,
        notes: String = "",
        priority: Priority = .normal,
        dueDate: Date? = nil,
        now: Date = Date()
    ) {
        self.id = UUID()
        self.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        self.notes = notes
        self.priority = priority
        self.status = .todo
        self.assignee = nil
        self.dueDate = dueDate
        self.tags = []
        self.createdAt = now
        self.updatedAt = now
    }

    /// Moves the task to another status.
    ///
    /// - Parameter newStatus: The status to move to.
    /// - Returns: `true` if the status changed, `false` if the task was already there.
    @discardableResult
    mutating func move(to newStatus: Status, at date: Date = Date()) -> Bool {
        guard newStatus != status else { return false }
        status = newStatus
        updatedAt = date
        return true
    }

    /// Assigns the task to a team member, or clears the assignee.
    ///
    /// - Parameter person: <#person description#>
    mutating func assign(to person: String?) {
        assignee = person
        updatedAt = Date()
    }

    /// Adds the tag if the task lacks it, removes it otherwise.
    mutating func toggleTag(_ tag: String) {
        if tags.contains(tag) {
            tags.remove(tag)
        } else {
            tags.insert(tag)
        }
        updatedAt = Date()
    }

    /// Whether the task is past its due date and not finished yet.
    ///
    /// - Parameter referenceDate: The moment to compare the due date with.
    /// - Returns: `true` when `dueDate` is earlier than `referenceDate` and the task is not done.
    func isOverdue(relativeTo referenceDate: Date = Date()) -> Bool {
        guard let dueDate, status != .done else { return false }
        return dueDate < referenceDate
    }
}

// MARK: - Equatable

extension TaskItem {
    /// Two tasks are equal when they have the same identity and the same last edit.
    ///
    /// - Note: Comparing `updatedAt` lets diffable data sources notice edits cheaply.
    static func == (lhs: TaskItem, rhs: TaskItem) -> Bool {
        lhs.id == rhs.id && lhs.updatedAt == rhs.updatedAt
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(updatedAt)
    }
}

// MARK: - Sample data

#if DEBUG
extension TaskItem {
    /// A handful of tasks for previews and UI tests.
    static func samples(now: Date = Date()) -> [TaskItem] {
        var design = TaskItem(title: "Sketch onboarding flow", priority: .high, now: now)
        design.move(to: .inProgress, at: now)
        design.assign(to: "Mai")
        var review = TaskItem(title: "Review API error mapping", notes: "See APIError", now: now)
        review.move(to: .review, at: now)
        let chore = TaskItem(
            title: "Update dependencies",
            priority: .low,
            dueDate: now.addingTimeInterval(-86_400),
            now: now
        )
        return [design, review, chore]
    }
}
#endif
