import Dispatch
import Foundation

/// Runs independent work items on several threads (`DispatchQueue.concurrentPerform`), keeping results in
/// input order.
enum ParallelWork {
    /// `transform` applied to every element of `items`, on at most `jobs` threads (`nil`: one per core).
    static func map<Item: Sendable, Output: Sendable>(
        _ items: [Item], jobs: Int?, _ transform: @Sendable (Item) -> Output
    ) -> [Output] {
        let workers = max(1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, items.count))
        if workers == 1 { return items.map(transform) }
        let results = ResultSlots<Output>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = results.claimNextIndex() {
                results.store(transform(items[index]), at: index)
            }
        }
        return results.values()
    }
}

/// Result storage shared by the worker threads: each index is claimed by exactly one worker.
private final class ResultSlots<Output: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Output?]
    private var nextIndex = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next unprocessed index, or `nil` when all are taken.
    func claimNextIndex() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < slots.count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func store(_ value: Output, at index: Int) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// All results, in input order (every index has been stored once `concurrentPerform` returns).
    func values() -> [Output] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
