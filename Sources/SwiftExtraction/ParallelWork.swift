import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs independent work items on several threads with large stacks, keeping results in input order.
///
/// SwiftParser parses by recursive descent and the syntax visitors recurse on the tree's depth, so the stack a file
/// needs grows with its nesting. The default stacks (8 MiB for the main thread, 512 KiB–8 MiB for worker threads)
/// overflow on generated code long before `DeepNestingGuard`'s limits; every parse and walk therefore runs on a
/// thread of its own with `LargeStackThread.stackSizes` reserved (see Documentation/Extraction.md, "Robustness").
enum ParallelWork {
    /// `transform` applied to every element of `items`, on at most `jobs` large-stack threads (`nil`: one per
    /// core).
    ///
    /// - Parameters:
    ///   - items: The work items.
    ///   - jobs: The most threads to use; `nil` uses one per core.
    ///   - order: The order in which the items are started (a permutation of their indexes, e.g. largest file first,
    ///     so that no thread is left with a large file at the end); `nil` starts them in their order.
    ///   - onDone: Called after each item's result is stored, from the thread that made it, with the number of
    ///     items done so far (counted under the lock that already guards the results, so it costs nothing more).
    ///   - transform: The work, called once per item, from any of the threads.
    /// - Returns: The results, in the order of `items`.
    static func map<Item: Sendable, Output: Sendable>(
        _ items: [Item], jobs: Int?, order: [Int]? = nil, onDone: (@Sendable (Int) -> Void)? = nil,
        _ transform: @Sendable (Item) -> Output
    ) -> [Output] {
        guard !items.isEmpty else { return [] }
        let workers = max(1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, items.count))
        let results = ResultSlots<Output>(count: items.count)
        withoutActuallyEscaping(transform) { transform in
            LargeStackThread.run(count: workers) {
                while let claimed = results.claimNextIndex() {
                    let index = order?[claimed] ?? claimed
                    let done = results.store(transform(items[index]), at: index)
                    onDone?(done)
                }
            }
        }
        return results.values()
    }
}

/// Threads with a large reserved stack, joined before `run` returns.
///
/// The reservation is address space only: pages are committed as the stack grows into them, so an ordinary file
/// touches a few hundred KiB of it and the rest costs nothing.
enum LargeStackThread {
    /// The stack reserved for each thread: 512 MiB, some 40 times what the deepest input `DeepNestingGuard` lets
    /// through needs in a debug build (about 13 MiB, measured in Documentation/Extraction.md, "Robustness"), and
    /// the smaller reservation tried when the system refuses that much address space.
    static let stackSizes = [512 << 20, 64 << 20]

    /// Runs `body` on one large-stack thread and returns its result.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returned.
    static func run<Output>(_ body: () -> Output) -> Output {
        var output: Output?
        withoutActuallyEscaping(body) { body in
            let box = UnsafeSendableBox { output = body() }
            run(count: 1, box.call)
        }
        return output!
    }

    /// Runs `body` on `count` large-stack threads at once and waits for all of them. Falls back to the calling
    /// thread when the system refuses to create a thread (out of address space or thread slots).
    ///
    /// - Parameters:
    ///   - count: How many threads run `body`.
    ///   - body: The work each thread does.
    static func run(count: Int, _ body: () -> Void) {
        withoutActuallyEscaping(body) { body in
            let box = UnsafeSendableBox(body)
            var threads: [pthread_t] = []
            for _ in 0..<count {
                if let thread = start(box) { threads.append(thread) }
            }
            if threads.isEmpty { body() }  // no thread could be made: the caller's stack is all there is
            for thread in threads { pthread_join(thread, nil) }
        }
    }

    private static func start(_ box: UnsafeSendableBox) -> pthread_t? {
        for size in stackSizes {
            if let thread = start(box, stackSize: size) { return thread }
        }
        return nil
    }

    private static func start(_ box: UnsafeSendableBox, stackSize: Int) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return nil }
        let context = Unmanaged.passRetained(box).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, &attributes, { context in
            #if canImport(Darwin)
            let box = Unmanaged<UnsafeSendableBox>.fromOpaque(context).takeRetainedValue()
            #else
            let box = Unmanaged<UnsafeSendableBox>.fromOpaque(context!).takeRetainedValue()
            #endif
            box.call()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<UnsafeSendableBox>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}

/// A closure handed to a thread that is joined before the closure's captures go out of scope.
private final class UnsafeSendableBox: @unchecked Sendable {
    let call: () -> Void
    init(_ call: @escaping () -> Void) { self.call = call }
}

/// Result storage shared by the worker threads: each index is claimed by exactly one worker.
private final class ResultSlots<Output: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Output?]
    private var nextIndex = 0
    private var doneCount = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next unprocessed index, or `nil` when all are taken.
    func claimNextIndex() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < slots.count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    /// Stores one result and returns how many results are stored now.
    @discardableResult
    func store(_ value: Output, at index: Int) -> Int {
        lock.lock()
        slots[index] = value
        doneCount += 1
        let done = doneCount
        lock.unlock()
        return done
    }

    /// All results, in input order (every index has been stored once the threads are joined).
    func values() -> [Output] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
