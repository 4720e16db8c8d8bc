#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Parallelism
import Testing

/// The one parallel map keeps input order whatever order the items start in, counts what is done, runs deep recursion
/// on its large-stack threads, and `Locked` loses no update.
@Suite struct ParallelMapTests {
    @Test(arguments: [WorkerThreads.shared, .largeStack])
    func resultsComeBackInInputOrder(threads: WorkerThreads) {
        let items = Array(0..<2_000)
        let started = Locked<[Int]>([])
        let results = parallelMap(items, jobs: 4, order: Array(items.reversed()), threads: threads) { item -> String in
            started.withLock { $0.append(item) }
            return "item \(item)"
        }
        #expect(results == items.map { "item \($0)" })
        #expect(started.value.sorted() == items)
        // Started largest index first: the first item started is the last one.
        #expect(started.value.first == 1_999)
    }

    @Test func onDoneCountsEveryItemOnce() {
        let counts = Locked<[Int]>([])
        let results = parallelMap(Array(0..<500), jobs: 3, onDone: { done in counts.withLock { $0.append(done) } }) { $0 * 2 }
        #expect(results == (0..<500).map { $0 * 2 })
        #expect(counts.value.sorted() == Array(1...500))
    }

    @Test func anEmptyInputGivesAnEmptyOutput() {
        #expect(parallelMap([Int](), threads: .largeStack) { $0 }.isEmpty)
    }

    /// A recursion about 1,000,000 frames deep needs far more than a dispatch or main thread's stack (8 MiB at most).
    @Test func largeStackThreadsRunDeepRecursion() {
        let results = parallelMap([1_000_000, 500_000], threads: .largeStack) { Self.depth($0) }
        #expect(results == [1_000_000, 500_000])
        let alone = LargeStackThread.run { Self.depth(200_000) }
        #expect(alone == 200_000)
    }

    /// A single run asked for on a large-stack thread runs on that thread, and recurses as deep there; two at once
    /// still get threads of their own. No other thread counts as one, and only the main thread can be adopted.
    @Test func aRunAskedForOnALargeStackThreadRunsOnIt() {
        #expect(!LargeStackThread.isCurrent)
        let seen = LargeStackThread.run { () -> (outer: UInt, inner: UInt, innerDepth: Int, pair: [UInt], adopted: Bool) in
            let outer = Self.currentThread()
            let (inner, innerDepth) = LargeStackThread.run { (Self.currentThread(), Self.depth(200_000)) }
            let pair = parallelMap([0, 1], jobs: 2, threads: .largeStack) { _ -> UInt in
                usleep(50_000)  // both items are claimed before either finishes
                return Self.currentThread()
            }
            return (outer, inner, innerDepth, pair, LargeStackThread.adoptMainThread())
        }
        #expect(seen.inner == seen.outer)
        #expect(seen.innerDepth == 200_000)
        #expect(Set(seen.pair).count == 2 && !seen.pair.contains(seen.outer))
        #expect(!seen.adopted)
    }

    /// The calling thread, as a number.
    static func currentThread() -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// Counts down by recursion, one stack frame per step.
    static func depth(_ remaining: Int) -> Int { remaining == 0 ? 0 : 1 + depth(remaining - 1) }

    @Test func lockedLosesNoUpdateFromManyThreads() {
        let total = Locked(0)
        _ = parallelMap(Array(0..<64), jobs: 8) { _ in
            for _ in 0..<1_000 { total.withLock { $0 += 1 } }
        }
        #expect(total.value == 64_000)
    }

    @Test func chunkRangesCoverEveryIndexOnce() {
        #expect(chunkRanges(count: 10, size: 4) == [0..<4, 4..<8, 8..<10])
        #expect(chunkRanges(count: 8, size: 4) == [0..<4, 4..<8])
        #expect(chunkRanges(count: 0, size: 4).isEmpty)
        #expect(chunkRanges(count: 3, size: 0) == [0..<1, 1..<2, 2..<3])
    }
}
