import Foundation
import Synchronization

/// `transform` applied to every index in `0..<count` on all cores at once; the results in index order.
///
/// Each worker takes the next index not yet taken, so uneven pieces of work even out. With one index (or none) the
/// work runs on the calling thread.
///
/// - Parameters:
///   - count: How many indices: `transform` is called once for each of `0..<count`.
///   - transform: Makes the element of one index; called from several threads at once.
/// - Returns: The elements, element `i` made by `transform(i)`.
public func parallelMap<Element: Sendable>(count: Int, _ transform: @Sendable (Int) -> Element) -> [Element] {
    guard count > 1 else { return (0..<count).map { transform($0) } }
    let workers = min(count, ProcessInfo.processInfo.activeProcessorCount)
    let board = ResultBoard<Element>(count: count)
    withoutActuallyEscaping(transform) { transform in
        let group = DispatchGroup()
        for _ in 0..<workers {
            DispatchQueue.global().async(group: group) {
                while let index = board.claimNextIndex() {
                    board.store(transform(index), at: index)
                }
            }
        }
        group.wait()
    }
    return board.results()
}

/// The indices handed out and the results put back, behind one lock.
private final class ResultBoard<Element: Sendable>: Sendable {
    private struct State {
        var nextIndex = 0
        var results: [Element?]
    }

    private let state: Mutex<State>

    init(count: Int) { state = Mutex(State(results: Array(repeating: nil, count: count))) }

    /// The next index no worker has taken, or `nil` when all are taken.
    func claimNextIndex() -> Int? {
        state.withLock { state in
            guard state.nextIndex < state.results.count else { return nil }
            state.nextIndex += 1
            return state.nextIndex - 1
        }
    }

    /// Puts the result of `index` back.
    func store(_ element: sending Element, at index: Int) {
        state.withLock { $0.results[index] = element }
    }

    /// Every result, in index order (each index was stored once the workers are done).
    func results() -> [Element] {
        state.withLock { state in state.results.map { $0! } }
    }
}
