import Foundation

/// What a run measured about itself, for `--verbose`: the time of each phase (discovery, parse, merge, write), the
/// number of files and the cache's hits and misses. Thread-safe; the Workflow records into it when the caller passes
/// one in `ScanSettings.metrics`, and nothing is measured otherwise.
public final class RunMetrics: @unchecked Sendable {
    private let lock = NSLock()
    private var phaseList: [(name: String, seconds: Double)] = []
    private var fileTotal = 0
    private var hitTotal = 0
    private var missTotal = 0
    private var cacheUsed = false

    /// Creates empty metrics.
    public init() {}

    /// The phases in the order they were first recorded, with their summed durations in seconds.
    public var phases: [(name: String, seconds: Double)] {
        lock.lock()
        defer { lock.unlock() }
        return phaseList
    }

    /// The Swift files scanned (parsed or taken from the cache).
    public var files: Int {
        lock.lock()
        defer { lock.unlock() }
        return fileTotal
    }

    /// The cache's hits and misses, or `nil` when no cache was used (`--no-cache`, or nothing scanned).
    public var cache: (hits: Int, misses: Int)? {
        lock.lock()
        defer { lock.unlock() }
        return cacheUsed ? (hitTotal, missTotal) : nil
    }

    /// Adds `seconds` to the phase `name` (a phase recorded twice, e.g. once per root, is summed).
    ///
    /// - Parameters:
    ///   - name: The phase: `discovery`, `parse`, `merge` or `write`.
    ///   - seconds: How long it took.
    public func record(_ name: String, seconds: Double) {
        lock.lock()
        defer { lock.unlock() }
        if let index = phaseList.firstIndex(where: { $0.name == name }) {
            phaseList[index].seconds += seconds
        } else {
            phaseList.append((name, seconds))
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
        lock.lock()
        fileTotal += count
        lock.unlock()
    }

    /// Counts one cache's lookups.
    ///
    /// - Parameter lookups: The hits and misses of a cache.
    func addCacheLookups(_ lookups: (hits: Int, misses: Int)) {
        lock.lock()
        cacheUsed = true
        hitTotal += lookups.hits
        missTotal += lookups.misses
        lock.unlock()
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
