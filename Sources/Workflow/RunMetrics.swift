import Foundation
import Parallelism

/// What a run measured about itself, for `--verbose`: the time of each phase (discovery, parse, merge, write), the
/// number of files and the cache's hits and misses. Thread-safe (its state is ``Locked``); the Workflow records into
/// it when the caller passes one in `ScanSettings.metrics`, and nothing is measured otherwise.
public final class RunMetrics: Sendable {
    /// The measures, changed under one lock.
    private struct Measures: Sendable {
        var phases: [(name: String, seconds: Double)] = []
        var diagrams: [(name: String, pages: Int, seconds: Double)] = []
        var files = 0
        var hits = 0
        var misses = 0
        var cacheUsed = false
        var clang = (reads: 0, processes: 0)
    }

    private let measures = Locked(Measures())

    /// Creates empty metrics.
    public init() {}

    /// The phases in the order they were first recorded, with their summed durations in seconds.
    public var phases: [(name: String, seconds: Double)] { measures.withLock { $0.phases } }

    /// The workbook's diagrams (`module structure`, then each module's class diagram) with their pages and the time
    /// Graphviz took for them, in the order they were first recorded.
    public var diagrams: [(name: String, pages: Int, seconds: Double)] { measures.withLock { $0.diagrams } }

    /// Records the time Graphviz took for one page of a diagram.
    ///
    /// - Parameters:
    ///   - name: What the page shows: `Module classes` for a page of the class diagram, `module structure`,
    ///     `screen transitions` or `data model`.
    ///   - seconds: How long laying it out and drawing it took.
    public func recordDiagramPage(name: String, seconds: Double) {
        measures.withLock { measures in
            if let index = measures.diagrams.firstIndex(where: { $0.name == name }) {
                measures.diagrams[index].pages += 1
                measures.diagrams[index].seconds += seconds
            } else {
                measures.diagrams.append((name, 1, seconds))
            }
        }
    }

    /// The Swift and Objective-C files scanned (parsed, read through clang, or taken from the cache).
    public var files: Int { measures.withLock { $0.files } }

    /// How many times clang read an Objective-C file (once per file, or per platform), and how many clang processes
    /// did it (a batch reads many files in one); `nil` when clang read nothing.
    public var clang: (reads: Int, processes: Int)? {
        measures.withLock { $0.clang.processes > 0 ? $0.clang : nil }
    }

    /// Counts clang's reads and processes of one root's Objective-C files.
    ///
    /// - Parameters:
    ///   - reads: The files clang read (a file once per platform it was read for).
    ///   - processes: The clang processes started.
    func addClang(reads: Int, processes: Int) {
        measures.withLock { $0.clang = ($0.clang.reads + reads, $0.clang.processes + processes) }
    }

    /// The cache's hits and misses, or `nil` when no cache was used (`--no-cache`, or nothing scanned).
    public var cache: (hits: Int, misses: Int)? {
        measures.withLock { $0.cacheUsed ? ($0.hits, $0.misses) : nil }
    }

    /// Adds `seconds` to the phase `name` (a phase recorded twice, e.g. once per root, is summed).
    ///
    /// - Parameters:
    ///   - name: The phase: `discovery`, `parse`, `merge`, `app records` (resources and the Swift re-reading of
    ///     Documentation/Resources.md) or `write`.
    ///   - seconds: How long it took.
    public func record(_ name: String, seconds: Double) {
        measures.withLock { measures in
            if let index = measures.phases.firstIndex(where: { $0.name == name }) {
                measures.phases[index].seconds += seconds
            } else {
                measures.phases.append((name, seconds))
            }
        }
    }

    /// Adds the time since `start` to the phase `name`.
    ///
    /// - Parameters:
    ///   - name: The phase.
    ///   - start: When the phase began.
    public func record(_ name: String, since start: ContinuousClock.Instant) {
        record(name, seconds: RunMetrics.seconds(ContinuousClock.now - start))
    }

    /// Counts scanned files.
    ///
    /// - Parameter count: The files of one scan.
    func addFiles(_ count: Int) {
        measures.withLock { $0.files += count }
    }

    /// Counts one cache's lookups.
    ///
    /// - Parameter lookups: The hits and misses of a cache.
    func addCacheLookups(_ lookups: (hits: Int, misses: Int)) {
        measures.withLock { measures in
            measures.cacheUsed = true
            measures.hits += lookups.hits
            measures.misses += lookups.misses
        }
    }

    /// A duration in seconds.
    ///
    /// - Parameter duration: A duration of `ContinuousClock`.
    /// - Returns: The duration as seconds with a fraction.
    public static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
