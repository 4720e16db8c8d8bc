//
//  Board.swift
//  TaskBoard
//

import Foundation

/// A project board: an ordered list of columns, each holding tasks of one status.
///
/// `Board` is a reference type because several screens edit the same board at once;
/// observers are told about changes through `onChange`.
final class Board: Codable {

    /// One vertical lane of the board.
    struct Column: Codable, Equatable {

        /// How a column limits the work in it.
        enum Limit: Codable, Equatable {
            /// Any number of tasks.
            case unlimited
            /// At most this many tasks (a "work in progress" limit).
            case maximum(Int)

            /// Whether one more task still fits under the limit.
            ///
            /// - Parameter currentCount: The number of tasks already in the column.
            /// - Returns: `true` if another task may be added.
            func allowsAnother(after currentCount: Int) -> Bool {
                switch self {
                case .unlimited: return true
                case .maximum(let maximum): return currentCount < maximum
                }
            }
        }

        var status: TaskItem.Status
        var title: String
        var limit: Limit
        var tasks: [TaskItem]

        /// Creates a column.
        ///
        /// - Parameters:
        ///   - status: The status of the tasks this column holds.
        ///   - title: The column header.
        ///   - limit: The work-in-progress limit; none by default.
        ///   - tasks: The tasks already in the column.
        init(status: TaskItem.Status, title: String, limit: Limit = .unlimited, tasks: [TaskItem] = []) {
            self.status = status
            self.title = title
            self.limit = limit
            self.tasks = tasks
        }

        /// Whether another task can be dropped into this column.
        var acceptsMoreTasks: Bool {
            limit.allowsAnother(after: tasks.count)
        }
    }

    /// Errors raised when an edit would break the board's rules.
    enum EditError: Error, Equatable {
        case columnFull(TaskItem.Status)
        case taskNotFound(UUID)
    }

    let id: UUID
    var name: String
    private(set) var columns: [Column]

    /// Called after every successful edit. Not persisted.
    var onChange: ((Board) -> Void)?

    private enum CodingKeys: String, CodingKey {
        case id, name, columns
    }

    /// Creates a board with the default four columns.
    ///
    /// - Parameter name: The board's display name.
    init(name: String) {
        self.id = UUID()
        self.name = name
        self.columns = TaskItem.Status.allCases.map { status in
            Column(status: status, title: Board.defaultTitle(for: status))
        }
    }

    /// Creates a board from an existing set of tasks, sorting each into its column.
    ///
    /// - Parameters:
    ///   - name: The board's display name.
    ///   - tasks: The tasks to place; each goes to the column matching its status.
    convenience init(name: String, tasks: [TaskItem]) {
        self.init(name: name)
        for task in tasks {
            columns[columnIndex(for: task.status)].tasks.append(task)
        }
    }

    /// The column that holds tasks with the given status.
    subscript(status: TaskItem.Status) -> Column {
        columns[columnIndex(for: status)]
    }

    /// Finds a task anywhere on the board.
    ///
    /// - Parameter id: The task's identifier.
    /// - Returns: The task, or `nil` if no column holds it.
    /// - Complexity: O(*n*), where *n* is the number of tasks on the board.
    subscript(taskID id: UUID) -> TaskItem? {
        for column in columns {
            if let task = column.tasks.first(where: { $0.id == id }) {
                return task
            }
        }
        return nil
    }

    /// Adds a task to the column that matches its status.
    ///
    /// - Parameter task: The task to add.
    /// - Throws: `EditError.columnFull` when the column's work-in-progress limit is reached.
    func add(_ task: TaskItem) throws {
        let index = columnIndex(for: task.status)
        guard columns[index].acceptsMoreTasks else {
            throw EditError.columnFull(task.status)
        }
        columns[index].tasks.append(task)
        onChange?(self)
    }

    /// Moves a task to another column and updates its status.
    ///
    /// - Parameters:
    ///   - id: The task to move.
    ///   - status: The destination column.
    /// - Throws: `EditError.taskNotFound` if the task is not on the board, or
    ///   `EditError.columnFull` if the destination column is full.
    /// - Important: The task keeps its position order inside the destination column: it is appended last.
    func moveTask(_ id: UUID, to status: TaskItem.Status) throws {
        guard let (columnIndex, taskIndex) = location(of: id) else {
            throw EditError.taskNotFound(id)
        }
        let destination = self.columnIndex(for: status)
        guard columns[destination].acceptsMoreTasks else {
            throw EditError.columnFull(status)
        }
        var task = columns[columnIndex].tasks.remove(at: taskIndex)
        task.move(to: status)
        columns[destination].tasks.append(task)
        onChange?(self)
    }

    /// Removes a task from the board.
    ///
    /// - Parameter id: The task to remove.
    /// - Returns: The removed task, or `nil` if the board did not hold it.
    @discardableResult
    func removeTask(_ id: UUID) -> TaskItem? {
        guard let (columnIndex, taskIndex) = location(of: id) else { return nil }
        let removed = columns[columnIndex].tasks.remove(at: taskIndex)
        onChange?(self)
        return removed
    }

    /// Sets the work-in-progress limit of one column.
    ///
    /// - Note: Lowering a limit below the current count keeps the tasks; it only blocks new ones.
    func setLimit(_ limit: Column.Limit, for status: TaskItem.Status) {
        columns[columnIndex(for: status)].limit = limit
    }

    /// The tasks of several columns, in the order the statuses are given.
    ///
    /// - Parameter statuses: The columns to collect, e.g. `[.inProgress, .review]` for "active work".
    /// - Returns: The tasks of those columns, concatenated.
    func tasks<Statuses: Sequence>(in statuses: Statuses) -> [TaskItem] where Statuses.Element == TaskItem.Status {
        statuses.flatMap { self[$0].tasks }
    }

    /// All tasks on the board, in column order.
    var allTasks: [TaskItem] {
        columns.flatMap(\.tasks)
    }

    // MARK: - Private helpers

    private func columnIndex(for status: TaskItem.Status) -> Int {
        // Every status has a column: the designated initializer creates one per case.
        columns.firstIndex { $0.status == status } ?? 0
    }

    private func location(of id: UUID) -> (column: Int, task: Int)? {
        for (columnIndex, column) in columns.enumerated() {
            if let taskIndex = column.tasks.firstIndex(where: { $0.id == id }) {
                return (columnIndex, taskIndex)
            }
        }
        return nil
    }

    private static func defaultTitle(for status: TaskItem.Status) -> String {
        switch status {
        case .todo: return "To Do"
        case .inProgress: return "In Progress"
        case .review: return "Review"
        case .done: return "Done"
        }
    }
}
