import Dispatch
import Foundation

/// Which threads run the work of ``parallelMap(_:jobs:order:threads:onDone:_:)``.
public enum WorkerThreads: Sendable {
    /// Dispatch's shared pool (`DispatchQueue.concurrentPerform`): nothing to create, ordinary stacks.
    case shared
    /// Threads of their own with ``LargeStackThread/stackSizes`` reserved, for work that recurses on its input's
    /// depth (parsing and walking syntax trees).
    case largeStack
}

/// `transform` applied to every element of `items` on several threads, the results in the order of `items`.
///
/// Each worker claims the next item under a lock, computes its result on its own, and hands the result back as a
/// value into the shared, lock-protected result array (``Locked``): there is no shared mutable buffer, and the
/// compiler checks that everything the work touches is `Sendable`. Items are claimed one at a time, so give it
/// items worth a lock round trip each (a file, a sheet, a chunk of a few hundred rows: ``chunkRanges(count:size:)``).
///
/// - Parameters:
///   - items: The work items.
///   - jobs: The most threads to use; `nil` uses one per core.
///   - order: The order in which the items are started (a permutation of their indexes, e.g. largest first, so that
///     no thread is left with a large item at the end); `nil` starts them in their order.
///   - threads: Dispatch's pool (the default) or large-stack threads of their own.
///   - onDone: Called after each result is stored, from the thread that made it, with the number of items done so far
///     (counted under the lock that already guards the results, so it costs nothing more).
///   - transform: The work, called once per item, from any of the threads.
/// - Returns: The results, in the order of `items`.
public func parallelMap<Item: Sendable, Output: Sendable>(
    _ items: [Item], jobs: Int? = nil, order: [Int]? = nil, threads: WorkerThreads = .shared,
    onDone: (@Sendable (Int) -> Void)? = nil, _ transform: @Sendable (Item) -> Output
) -> [Output] {
    guard !items.isEmpty else { return [] }
    let workers = max(1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, items.count))
    if workers == 1, threads == .shared, onDone == nil {
        return items.map(transform)   // one worker on the caller's thread: no lock needed
    }
    let board = Locked(ResultBoard<Output>(count: items.count))
    withoutActuallyEscaping(transform) { transform in
        let work: @Sendable () -> Void = {
            while let claimed = board.withLock({ $0.claim() }) {
                let index = order?[claimed] ?? claimed
                let output = transform(items[index])
                let done = board.withLock { $0.store(output, at: index) }
                onDone?(done)
            }
        }
        switch threads {
        case .shared:
            if workers == 1 { work() } else { DispatchQueue.concurrentPerform(iterations: workers) { _ in work() } }
        case .largeStack:
            LargeStackThread.run(count: workers, work)
        }
    }
    return board.withLock { $0.takeResults() }
}

/// `0..<count` cut into consecutive ranges of `size` elements (the last one shorter), the items of a
/// ``parallelMap(_:jobs:order:threads:onDone:_:)`` over elements too small to be claimed one by one.
///
/// - Parameters:
///   - count: How many elements there are.
///   - size: The elements per range (at least 1).
/// - Returns: The ranges in order; empty when `count` is 0.
public func chunkRanges(count: Int, size: Int) -> [Range<Int>] {
    let size = max(1, size)
    return stride(from: 0, to: count, by: size).map { $0..<min(count, $0 + size) }
}

/// The results of a ``parallelMap(_:jobs:order:threads:onDone:_:)`` in progress; lives in a ``Locked``.
struct ResultBoard<Output: Sendable>: Sendable {
    private var slots: [Output?]
    private var nextIndex = 0
    private var doneCount = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next unclaimed position, or `nil` when all are taken.
    mutating func claim() -> Int? {
        guard nextIndex < slots.count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    /// Stores one result and returns how many results are stored now.
    mutating func store(_ output: Output, at index: Int) -> Int {
        slots[index] = output
        doneCount += 1
        return doneCount
    }

    /// Every result in input order (every index has been stored once the workers are done); the board keeps none.
    mutating func takeResults() -> [Output] {
        var taken: [Output?] = []
        swap(&taken, &slots)
        return taken.map { $0! }
    }
}
