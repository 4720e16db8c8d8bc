import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads with a large reserved stack, joined before `run` returns.
///
/// SwiftParser parses by recursive descent and syntax visitors recurse on a tree's depth, so the stack a file needs
/// grows with its nesting; the default stacks (8 MiB for the main thread, 512 KiB–8 MiB for worker threads) overflow
/// on generated code. The reservation is address space only: pages are committed as the stack grows into them, so
/// an ordinary file touches a few hundred KiB of it and the rest costs nothing.
public enum LargeStackThread {
    /// The stack reserved for each thread: 512 MiB, and the smaller reservation tried when the system refuses that
    /// much address space.
    public static let stackSizes = [512 << 20, 64 << 20]

    /// Runs `body` on one large-stack thread and returns its result.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returned.
    public static func run<Output: Sendable>(_ body: @Sendable () -> Output) -> Output {
        parallelMap([()], jobs: 1, threads: .largeStack) { body() }[0]
    }

    /// Whether the calling thread is one this type started, with a large stack of its own, or the main thread
    /// that ``adoptMainThread()`` counted as one.
    public static var isCurrent: Bool { pthread_getspecific(largeStackMark) != nil }

    /// Counts the main thread as a large-stack thread when the limit its stack grows up to (`RLIMIT_STACK`, as
    /// `ulimit -s` sets it before the process starts) is at least ``stackSizes``' first size, so that single runs
    /// asked for on it run on it. A libFuzzer target calls this: `scripts/fuzz` raises the limit, and each input's
    /// extraction then runs on the thread that fuzzes instead of starting one of its own.
    ///
    /// - Returns: Whether the calling thread is the main thread and now counts as a large-stack thread.
    @discardableResult
    public static func adoptMainThread() -> Bool {
        guard Thread.isMainThread else { return false }
        var limit = rlimit()
        #if canImport(Glibc)
        guard getrlimit(__rlimit_resource_t(RLIMIT_STACK.rawValue), &limit) == 0 else { return false }
        #else
        guard getrlimit(RLIMIT_STACK, &limit) == 0 else { return false }
        #endif
        // Unlimited is the largest value (`RLIM_INFINITY`).
        guard limit.rlim_cur >= rlim_t(stackSizes[0]) else { return false }
        pthread_setspecific(largeStackMark, UnsafeRawPointer(bitPattern: 1))
        return true
    }

    /// Runs `body` on `count` large-stack threads at once and waits for all of them. One run asked for on a
    /// large-stack thread runs on that thread: its stack is as large as a new one's, and starting a thread costs more
    /// than the work of a small file. Falls back to the calling thread when the system refuses to create a thread
    /// (out of address space or thread slots).
    ///
    /// - Parameters:
    ///   - count: How many threads run `body`.
    ///   - body: The work each thread does.
    public static func run(count: Int, _ body: @Sendable () -> Void) {
        if count == 1, isCurrent { return body() }
        withoutActuallyEscaping(body) { body in
            let work = ThreadWork(body)
            var threads: [pthread_t] = []
            for _ in 0..<count {
                if let thread = start(work) { threads.append(thread) }
            }
            if threads.isEmpty { body() }  // no thread could be made: the caller's stack is all there is
            for thread in threads { pthread_join(thread, nil) }
        }
    }

    private static func start(_ work: ThreadWork) -> pthread_t? {
        for size in stackSizes {
            if let thread = start(work, stackSize: size) { return thread }
        }
        return nil
    }

    private static func start(_ work: ThreadWork, stackSize: Int) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return nil }
        let context = Unmanaged.passRetained(work).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, &attributes, { context in
            #if canImport(Darwin)
            let work = Unmanaged<ThreadWork>.fromOpaque(context).takeRetainedValue()
            #else
            let work = Unmanaged<ThreadWork>.fromOpaque(context!).takeRetainedValue()
            #endif
            pthread_setspecific(largeStackMark, UnsafeRawPointer(bitPattern: 1))
            work.call()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<ThreadWork>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}

/// The thread-specific key whose value is set on the threads ``LargeStackThread`` starts, and on no other.
private let largeStackMark: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

/// The work handed to a thread: a `@Sendable` closure, so the class is `Sendable` as the compiler sees it. The
/// closure does not really escape: every thread is joined before `run(count:_:)` returns.
private final class ThreadWork: Sendable {
    let call: @Sendable () -> Void
    init(_ call: @escaping @Sendable () -> Void) { self.call = call }
}
