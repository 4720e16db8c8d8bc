//
//  BoardViewModel.swift
//  TaskBoard
//

import Combine
import Foundation

/// The state behind the board screen: columns, the active filter and loading/error state.
///
/// All state lives on the main actor, so view controllers can bind to it directly.
@MainActor
final class BoardViewModel: ObservableObject {

    /// What the screen should show right now.
    enum State: Equatable {
        case idle
        case loading
        case loaded
        case failed(message: String)
    }

    /// One section of the board table: a column title and the visible tasks.
    struct Section: Equatable {
        let status: TaskItem.Status
        let title: String
        let tasks: [TaskItem]
        let isFull: Bool
    }

    @Published private(set) var state: State = .idle
    @Published private(set) var sections: [Section] = []
    @Published var searchText: String = ""

    let board: Board
    private let service: TaskServiceProtocol
    private let reminders: ReminderScheduling
    private var filter: TaskFilter = .all
    private var cancellables: Set<AnyCancellable> = []

    /// Creates the view model for one board.
    ///
    /// - Parameters:
    ///   - board: The board to show; the view model edits it in place.
    ///   - service: Loads and saves tasks.
    ///   - reminders: Schedules due-date reminders after edits.
    init(board: Board, service: TaskServiceProtocol, reminders: ReminderScheduling = ReminderScheduler()) {
        self.board = board
        self.service = service
        self.reminders = reminders
        bindSearch()
    }

    /// Loads the board's tasks from the service and rebuilds the sections.
    ///
    /// Calling it while a load is running does nothing.
    func load() async {
        guard state != .loading else { return }
        state = .loading
        do {
            let tasks = try await service.fetchTasks(boardID: board.id)
            replaceBoardContents(with: tasks)
            state = .loaded
        } catch {
            state = .failed(message: Self.message(for: error))
        }
    }

    /// Adds a new task to the "To Do" column and saves it.
    ///
    /// - Parameters:
    ///   - title: The task title.
    ///   - priority: The task priority.
    /// - Throws: `Board.EditError.columnFull` when "To Do" is at its limit, or the service's error when saving fails.
    func addTask(title: String, priority: TaskItem.Priority = .normal) async throws {
        let task = TaskItem(title: title, priority: priority)
        try board.add(task)
        rebuildSections()
        try await service.save(task, boardID: board.id)
    }

    /// Moves a task to the next column (To Do → In Progress → Review → Done).
    ///
    /// - Parameter id: The task to advance.
    /// - Returns: The new status, or `nil` if the task was already done or could not be moved.
    @discardableResult
    func advanceTask(_ id: UUID) async -> TaskItem.Status? {
        guard let task = board[taskID: id] else { return nil }
        let all = TaskItem.Status.allCases
        guard let index = all.firstIndex(of: task.status), index + 1 < all.count else { return nil }
        let next = all[index + 1]
        do {
            try board.moveTask(id, to: next)
            rebuildSections()
            if let moved = board[taskID: id] {
                try await service.save(moved, boardID: board.id)
                if next == .done {
                    reminders.cancelReminder(for: id)
                }
            }
            return next
        } catch {
            state = .failed(message: Self.message(for: error))
            return nil
        }
    }

    /// Deletes a task from the board, then from the server.
    ///
    /// - Parameter id: The task to delete.
    /// - Note: The row disappears at once; a failure on the server is ignored and fixed by the next `load()`.
    func deleteTask(_ id: UUID) async {
        guard board.removeTask(id) != nil else { return }
        rebuildSections()
        reminders.cancelReminder(for: id)
        try? await service.delete(taskID: id, boardID: board.id)
    }

    /// The task shown at an index path of the board table.
    ///
    /// - Parameters:
    ///   - section: The section index.
    ///   - row: The row index inside the section.
    /// - Returns: The task, or `nil` for a stale index.
    func task(section: Int, row: Int) -> TaskItem? {
        sections[safe: section]?.tasks[safe: row]
    }

    // MARK: - Private

    private func bindSearch() {
        $searchText
            .debounce(for: .milliseconds(250), scheduler: RunLoop.main)
            .removeDuplicates()
            .sink { [weak self] text in
                self?.filter = TaskFilter(query: text) ?? .all
                self?.rebuildSections()
            }
            .store(in: &cancellables)
    }

    /// Empties the board and fills it with the given tasks, skipping any that break a column limit.
    private func replaceBoardContents(with tasks: [TaskItem]) {
        for task in board.allTasks {
            board.removeTask(task.id)
        }
        for task in tasks {
            try? board.add(task)
        }
        rebuildSections()
    }

    /// Rebuilds the visible sections from the board and the active filter.
    private func rebuildSections() {
        // A local function keeps the sort rule next to the only place that uses it.
        func sortedForDisplay(_ tasks: [TaskItem]) -> [TaskItem] {
            tasks.sorted { lhs, rhs in
                if lhs.priority != rhs.priority {
                    return lhs.priority > rhs.priority
                }
                return (lhs.dueDate ?? .distantFuture) < (rhs.dueDate ?? .distantFuture)
            }
        }

        sections = TaskItem.Status.allCases.map { status in
            let column = board[status]
            return Section(
                status: status,
                title: column.title,
                tasks: sortedForDisplay(column.tasks.filtered(by: filter)),
                isFull: !column.acceptsMoreTasks
            )
        }
    }

    private static func message(for error: Error) -> String {
        switch error {
        case APIError.unauthorized:
            return String(localized: "Your session has expired. Please sign in again.")
        case let apiError as APIError where apiError.isRetryable:
            return String(localized: "You appear to be offline. Showing saved tasks.")
        case Board.EditError.columnFull(let status):
            return String(localized: "The \(status.rawValue) column is full.")
        default:
            return error.localizedDescription
        }
    }
}
