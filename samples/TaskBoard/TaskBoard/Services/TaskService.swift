//
//  TaskService.swift
//  TaskBoard
//

import Foundation

/// Loads and saves tasks, hiding whether they come from the server or the local cache.
protocol TaskServiceProtocol: Sendable {
    /// Fetches every task of a board.
    ///
    /// - Parameter boardID: The board to load.
    /// - Returns: The board's tasks, in server order.
    /// - Throws: `APIError` when the server cannot be reached and nothing is cached.
    func fetchTasks(boardID: UUID) async throws -> [TaskItem]

    /// Creates or updates a task on the server.
    ///
    /// - Parameter task: The task to save.
    /// - Returns: The task as the server stored it.
    @discardableResult
    func save(_ task: TaskItem, boardID: UUID) async throws -> TaskItem

    /// Deletes a task on the server and from the cache.
    func delete(taskID: UUID, boardID: UUID) async throws
}

// MARK: - Default implementations

extension TaskServiceProtocol {
    /// Saves several tasks one after the other.
    ///
    /// - Parameters:
    ///   - tasks: The tasks to save.
    ///   - boardID: The board they belong to.
    /// - Returns: The number of tasks saved before the first failure, or all of them.
    /// - Note: Stops at the first error; tasks saved before it stay saved.
    @discardableResult
    func saveAll(_ tasks: [TaskItem], boardID: UUID) async -> Int {
        var saved = 0
        for task in tasks {
            do {
                try await save(task, boardID: boardID)
                saved += 1
            } catch {
                break
            }
        }
        return saved
    }

    /// Callback flavour of `fetchTasks(boardID:)` for Objective-C era callers.
    ///
    /// - Parameters:
    ///   - boardID: The board to load.
    ///   - queue: The queue the completion handler runs on.
    ///   - completion: Receives the tasks or the error.
    func fetchTasks(
        boardID: UUID,
        queue: DispatchQueue = .main,
        completion: @escaping @Sendable (Result<[TaskItem], Error>) -> Void = { _ in }
    ) {
        Task {
            let result: Result<[TaskItem], Error>
            do {
                result = .success(try await fetchTasks(boardID: boardID))
            } catch {
                result = .failure(error)
            }
            queue.async { completion(result) }
        }
    }
}

/// Talks to the REST backend and keeps the local store in sync.
final class RemoteTaskService: TaskServiceProtocol {

    private struct TaskPayload: Codable {
        var task: TaskItem
    }

    private let client: APIClientProtocol
    private let store: TaskStore

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - client: The backend client.
    ///   - store: The offline cache, updated after every successful call.
    init(client: APIClientProtocol, store: TaskStore) {
        self.client = client
        self.store = store
    }

    /// Fetches tasks from the server and falls back to the cache when offline.
    ///
    /// - Parameter boardID: The board to load.
    /// - Returns: Fresh tasks from the server, or the cached ones when the server is unreachable.
    /// - Throws: The network error when the server is unreachable and the cache is empty.
    func fetchTasks(boardID: UUID) async throws -> [TaskItem] {
        let endpoint = Endpoint<[TaskItem]>(path: "boards/\(boardID.uuidString)/tasks")
        do {
            let tasks = try await client.send(endpoint, attempts: 3)
            try await store.replaceTasks(tasks, boardID: boardID)
            return tasks
        } catch let error as APIError where error.isRetryable {
            let cached = try await store.tasks(boardID: boardID)
            guard !cached.isEmpty else { throw error }
            return cached
        }
    }

    @discardableResult
    func save(_ task: TaskItem, boardID: UUID) async throws -> TaskItem {
        let body = try JSONEncoder().encode(TaskPayload(task: task))
        let endpoint = Endpoint<TaskPayload>(
            path: "boards/\(boardID.uuidString)/tasks/\(task.id.uuidString)",
            method: .patch,
            body: body
        )
        let saved = try await client.send(endpoint).task
        try await store.upsert(saved, boardID: boardID)
        return saved
    }

    /// <#Description#>
    /// - Parameters:
    ///   - taskID: <#taskID description#>
    ///   - boardID: <#boardID description#>
    func delete(taskID: UUID, boardID: UUID) async throws {
        struct Empty: Decodable {}
        let endpoint = Endpoint<Empty>(path: "boards/\(boardID.uuidString)/tasks/\(taskID.uuidString)", method: .delete)
        _ = try await client.send(endpoint)
        try await store.remove(taskID: taskID, boardID: boardID)
    }
}
