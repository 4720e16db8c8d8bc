#if canImport(Darwin)
import os
#else
import Synchronization
#endif

/// A value that several threads share, read and changed only under its lock.
///
/// The compiler checks its users: `Locked` is `Sendable` without `@unchecked` because the lock it wraps is
/// (`OSAllocatedUnfairLock` on Darwin, which the package's macOS 13 allows; `Synchronization.Mutex` elsewhere, which
/// on Darwin would need macOS 15), and the state itself must be `Sendable`, so nothing that leaves the lock can be
/// shared by accident.
public final class Locked<State: Sendable>: Sendable {
    #if canImport(Darwin)
    private let lock: OSAllocatedUnfairLock<State>
    #else
    private let mutex: Mutex<State>
    #endif

    /// Creates the shared value.
    ///
    /// - Parameter initialState: The value before any thread changes it.
    public init(_ initialState: State) {
        #if canImport(Darwin)
        lock = OSAllocatedUnfairLock(initialState: initialState)
        #else
        mutex = Mutex(initialState)
        #endif
    }

    /// Runs `body` with the state while holding the lock; keep it short (no waiting, no I/O that can block long).
    ///
    /// - Parameter body: Reads or changes the state and returns what the caller needs.
    /// - Returns: What `body` returned.
    public func withLock<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
        #if canImport(Darwin)
        // The "unchecked" variant only drops the requirement that `body` be `@Sendable`: it runs on the calling
        // thread, and `State` and `Result` are `Sendable`.
        lock.withLockUnchecked(body)
        #else
        mutex.withLock { state in body(&state) }
        #endif
    }

    /// The state as it is now (a copy).
    public var value: State { withLock { $0 } }
}
