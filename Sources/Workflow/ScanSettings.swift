import Foundation
import SwiftExtraction

/// The scanning options `generate`, `check` and `diff` share: which files, how to extract them, the cache and the
/// configuration file. Command-line values are combined with the configuration here, in one place.
public struct ScanSettings: Sendable {
    /// Extra include globs (added to the configuration's).
    public var include: [String] = []
    /// Extra exclude globs (added to the configuration's).
    public var exclude: [String] = []
    /// Whether local functions are listed too; `nil` leaves it to the configuration.
    public var includeLocal: Bool?
    /// The number of files parsed at once; `nil` leaves it to the configuration (else one per core).
    public var jobs: Int?
    /// Whether the on-disk extraction cache is used.
    public var useCache = true
    /// An explicit configuration file instead of the nearest `.docsheet.yml`.
    public var configurationFile: String?

    /// Creates settings with nothing given.
    public init() {}

    /// The configuration in effect: `configurationFile` when given, else the nearest `.docsheet.yml` above `folder`.
    /// - Parameters:
    ///   - folder: where the search for `.docsheet.yml` starts (the first scanned root).
    ///   - environment: the process environment (current folder, variables).
    /// - Returns: the parsed configuration, empty when there is no file.
    /// - Throws: `WorkflowError` when the file cannot be read or holds an error.
    func configuration(from folder: URL, environment: WorkflowEnvironment) throws(WorkflowError) -> Configuration {
        try Configuration.resolve(file: configurationFile, from: folder, environment: environment)
    }

    /// Which files to scan: the configuration's globs plus the command line's.
    /// - Parameter configuration: the configuration in effect.
    /// - Returns: the discovery options.
    func discovery(_ configuration: Configuration) -> DiscoveryOptions {
        DiscoveryOptions(includes: (configuration.include ?? []) + include, excludes: (configuration.exclude ?? []) + exclude)
    }

    /// How to extract: the command line wins over the configuration.
    /// - Parameter configuration: the configuration in effect.
    /// - Returns: the extraction options.
    func extraction(_ configuration: Configuration) -> ExtractionOptions {
        ExtractionOptions(includeLocal: includeLocal ?? configuration.includeLocal ?? false, jobs: jobs ?? configuration.jobs)
    }
}
