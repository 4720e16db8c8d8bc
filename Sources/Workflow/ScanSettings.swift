import FileSupport
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
    /// Whether files no target compiles are kept; `nil` leaves it to the configuration (else false).
    public var includeUnowned: Bool?
    /// Whether generated files are kept; `nil` leaves it to the configuration (else false).
    public var includeGenerated: Bool?
    /// Whether test targets are left out; `nil` leaves it to the configuration (else false).
    public var excludeTests: Bool?
    /// The only targets to document; empty leaves it to the configuration (else all).
    public var targets: [String] = []
    /// The platform manifests are read for; `nil` leaves it to the configuration (else iOS).
    public var platform: ApplePlatform?
    /// Whether manifests are evaluated with `swift package dump-package`, which runs their code; `nil` leaves it to
    /// the configuration (else they are read syntactically).
    public var evaluateManifests: Bool?

    /// Called from the worker threads after each file of a tree scan (cache hits included); `nil` reports nothing.
    public var progress: ExtractionProgressHandler?
    /// Where the phases' times, the file count and the cache's hits and misses are recorded; `nil` measures nothing.
    public var metrics: RunMetrics?

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

    /// Which files to scan under `root`: the configuration's globs plus the command line's. The configuration's
    /// globs are relative to the configuration file's folder and the command line's to `root`, so both are matched
    /// against the file's path below the configuration's folder when `root` lies inside it (`globBase`). A
    /// configuration exclude that matches `root` itself (or a folder above it) is not applied: naming a folder on
    /// the command line scans it, as `docsheet generate samples/App` does under `exclude: [samples]`.
    /// - Parameters:
    ///   - configuration: the configuration in effect.
    ///   - root: the scanned root on disk (absolute).
    /// - Returns: the discovery options for `root`.
    func discovery(_ configuration: Configuration, root: URL) -> DiscoveryOptions {
        let base = Self.globBase(root: root, configuration: configuration)
        let rootPath = String(base.dropLast())
        let configurationExcludes = (configuration.exclude ?? []).filter { rootPath.isEmpty || !GlobPattern($0).matches(rootPath) }
        var options = DiscoveryOptions(includes: (configuration.include ?? []) + include.map { base + $0 },
                                       excludes: configurationExcludes + exclude.map { base + $0 })
        options.globBase = base
        options.includeUnowned = includeUnowned ?? configuration.includeUnowned ?? false
        options.excludeTests = excludeTests ?? configuration.excludeTests ?? false
        options.onlyTargets = Set(targets.isEmpty ? configuration.targets ?? [] : targets)
        options.manifests.platform = platform ?? configuration.platform ?? .ios
        options.manifests.evaluate = evaluateManifests ?? (configuration.manifests == .evaluate)
        return options
    }

    /// `discovery(_:root:)` for every root, for scans of several roots.
    /// - Parameter configuration: the configuration in effect.
    /// - Returns: a function giving each root's discovery options.
    func rootDiscovery(_ configuration: Configuration) -> @Sendable (URL) -> DiscoveryOptions {
        let settings = self
        return { root in settings.discovery(configuration, root: root) }
    }

    /// The path of `root` below the configuration file's folder, ending in `/`; empty when `root` is that folder,
    /// lies outside it, or there is no configuration file.
    /// - Parameters:
    ///   - root: the scanned root on disk (absolute).
    ///   - configuration: the configuration in effect.
    /// - Returns: e.g. `Sources/App/` for root `Sources/App` under the folder of `.docsheet.yml`.
    static func globBase(root: URL, configuration: Configuration) -> String {
        guard let folder = configuration.file?.deletingLastPathComponent().standardizedFileURL.path else { return "" }
        let rootPath = root.standardizedFileURL.path
        guard let relative = FolderPaths.relative(rootPath, to: folder), !relative.isEmpty else { return "" }
        guard FilePaths.isFolder(URL(fileURLWithPath: rootPath)) else { return "" }
        return relative + "/"
    }

    /// How to extract: the command line wins over the configuration.
    /// - Parameter configuration: the configuration in effect.
    /// - Returns: the extraction options.
    func extraction(_ configuration: Configuration) -> ExtractionOptions {
        var options = ExtractionOptions(
            includeLocal: includeLocal ?? configuration.includeLocal ?? false, jobs: jobs ?? configuration.jobs)
        options.includeGenerated = includeGenerated ?? configuration.includeGenerated ?? false
        return options
    }
}
