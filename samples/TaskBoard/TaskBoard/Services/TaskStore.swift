//
//  TaskStore.swift
//  TaskBoard
//

import Foundation

/**
 * On-disk cache of tasks, one JSON file per board.
 *
 * An actor, so the view models and the sync service can read and write it from
 * any task without races on the in-memory copy.
 */
actor TaskStore {

    /// Errors the store reports; callers usually log them and carry on with an empty list.
    enum StoreError: Error {
        case unreadable(URL, underlying: Error)
        case unwritable(URL, underlying: Error)
    }

    private let directory: URL
    private let fileManager: FileManager
    private var memoryCache: [UUID: [TaskItem]] = [:]

    /**
     * Creates a store rooted in a folder.
     *
     * @param directory The folder holding the board files; created on first write.
     * @param fileManager The file manager to use (a fake one in tests).
     */
    init(directory: URL, fileManager: FileManager = .default) {
        self.directory = directory
        self.fileManager = fileManager
    }

    /**
     * The store in the app's Application Support folder.
     *
     * @return A store at `Application Support/Tasks`, or `nil` if the folder cannot be located.
     */
    static func makeDefault() -> TaskStore? {
        guard let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first else {
            return nil
        }
        return TaskStore(directory: support.appendingPathComponent("Tasks", isDirectory: true))
    }

    /**
     * Reads the cached tasks of a board.
     *
     * @param boardID The board to read.
     * @return The cached tasks, or an empty list when the board was never saved.
     * @throws StoreError.unreadable when the file exists but cannot be decoded.
     */
    func tasks(boardID: UUID) throws -> [TaskItem] {
        if let cached = memoryCache[boardID] {
            return cached
        }
        let url = fileURL(for: boardID)
        guard fileManager.fileExists(atPath: url.path) else { return [] }
        do {
            let tasks = try JSONDecoder().decode([TaskItem].self, from: Data(contentsOf: url))
            memoryCache[boardID] = tasks
            return tasks
        } catch {
            throw StoreError.unreadable(url, underlying: error)
        }
    }

    /**
     * Replaces every cached task of a board.
     *
     * @param tasks The new list.
     * @param boardID The board it belongs to.
     */
    func replaceTasks(_ tasks: [TaskItem], boardID: UUID) throws {
        memoryCache[boardID] = tasks
        try write(tasks, boardID: boardID)
    }

    /// Inserts a task, or replaces the cached task with the same identifier.
    func upsert(_ task: TaskItem, boardID: UUID) throws {
        var tasks = try tasks(boardID: boardID)
        if let index = tasks.firstIndex(where: { $0.id == task.id }) {
            tasks[index] = task
        } else {
            tasks.append(task)
        }
        try replaceTasks(tasks, boardID: boardID)
    }

    /// Removes a task from the cache; does nothing if it is not there.
    func remove(taskID: UUID, boardID: UUID) throws {
        let remaining = try tasks(boardID: boardID).filter { $0.id != taskID }
        try replaceTasks(remaining, boardID: boardID)
    }

    /// Drops the in-memory copy; the next read goes to disk.
    func purgeMemoryCache() {
        memoryCache.removeAll()
    }

    // MARK: File access

    private func fileURL(for boardID: UUID) -> URL {
        directory.appendingPathComponent("\(boardID.uuidString).json")
    }

    private func write(_ tasks: [TaskItem], boardID: UUID) throws {
        let url = fileURL(for: boardID)
        do {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
            let data = try JSONEncoder().encode(tasks)
            try data.write(to: url, options: .atomic)
        } catch {
            throw StoreError.unwritable(url, underlying: error)
        }
    }
}
