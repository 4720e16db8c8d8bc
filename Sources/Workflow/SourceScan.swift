import Foundation
import Inventory
import SwiftExtraction

/// Discovers and extracts the Swift files of one or more roots on disk into one set of records.
///
/// With one root, record paths are relative to it; with several, each path starts with its root's path relative to
/// the roots' common folder (`app/Sources/A.swift` and `kit/Sources/A.swift` for roots `/work/app` and `/work/kit`),
/// never an absolute local path.
public struct SourceScan: Sendable {
    /// The roots as given on the command line.
    public var roots: [String]
    /// Which files to take.
    public var discovery: DiscoveryOptions
    /// How to extract.
    public var extraction: ExtractionOptions
    /// Whether the on-disk cache is used.
    public var useCache: Bool

    /// Creates a scan.
    ///
    /// - Parameters:
    ///   - roots: The folders or files to scan, as given on the command line (relative to the current folder).
    ///   - discovery: The include and exclude globs and whether git-ignored files are skipped.
    ///   - extraction: Whether local functions are reported and how many files are parsed at once.
    ///   - useCache: Whether the on-disk extraction cache is used (false for `--no-cache`).
    public init(roots: [String], discovery: DiscoveryOptions, extraction: ExtractionOptions, useCache: Bool) {
        self.roots = roots
        self.discovery = discovery
        self.extraction = extraction
        self.useCache = useCache
    }

    /// Runs discovery and extraction.
    /// - Parameter environment: The current folder (roots are relative to it) and the variables that place the cache.
    /// - Returns: The records and diagnostics of every root, merged.
    /// - Throws: `WorkflowError.inputNotFound` for a missing root, `.invalidInput` for an unreadable file.
    public func run(environment: WorkflowEnvironment) throws(WorkflowError) -> ExtractionResult {
        var combined = ExtractionResult()
        let extractor = SwiftExtractor(options: extraction)
        let prefixes = SourceScan.rootPrefixes(roots.map(environment.url(for:)))
        for (rootIndex, root) in roots.enumerated() {
            let url = environment.url(for: root)
            let cache = useCache ? DiskExtractionCache(folder: DiskExtractionCache.defaultFolder(for: url, environment: environment)) : nil
            var result: ExtractionResult
            do {
                let files = try SourceDiscovery.discover(root: url, options: discovery)
                result = try extractor.extract(files: files, cache: cache)
            } catch {
                throw WorkflowError(error, root: root)
            }
            cache?.prune()
            if roots.count > 1 {
                let prefix = prefixes[rootIndex]
                result.functions = result.functions.map { var record = $0; record.file = prefix + record.file; return record }
                result.types = result.types.map { var record = $0; record.file = prefix + record.file; return record }
                result.diagnostics = result.diagnostics.map { var diagnostic = $0; diagnostic.file = prefix + diagnostic.file; return diagnostic }
            }
            combined.functions += result.functions
            combined.types += result.types
            combined.diagnostics += result.diagnostics
        }
        return combined
    }

    /// The prefix of each root's record paths when several roots are scanned: the root's folder relative to the
    /// folder that holds them all, ending in `/` (empty for that folder itself). A file root counts as its folder.
    ///
    /// - Parameter roots: The roots' absolute URLs.
    /// - Returns: One prefix per root, e.g. `["app/", "kit/"]` for `/work/app` and `/work/kit`.
    public static func rootPrefixes(_ roots: [URL]) -> [String] {
        let folders = roots.map { url -> [String] in
            var isFolder: ObjCBool = true
            var folder = url.standardizedFileURL.resolvingSymlinksInPath()
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
                folder.deleteLastPathComponent()
            }
            return folder.pathComponents.filter { $0 != "/" }
        }
        guard var common = folders.first else { return [] }
        for components in folders.dropFirst() {
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        return folders.map { components in
            let rest = components.dropFirst(common.count)
            return rest.isEmpty ? "" : rest.joined(separator: "/") + "/"
        }
    }

    /// `file` (relative to `root`) as a path relative to the current folder: `root/file`, or `file` for `.`.
    ///
    /// - Parameters:
    ///   - root: The scanned root as given on the command line.
    ///   - file: A path relative to `root`.
    /// - Returns: The path to print, e.g. `Sources/App/Model.swift` for root `Sources` and file `App/Model.swift`.
    public static func displayPath(root: String, file: String) -> String {
        var prefix = root
        while prefix.hasPrefix("./") { prefix.removeFirst(2) }
        while prefix.hasSuffix("/") && prefix.count > 1 { prefix.removeLast() }
        if prefix == "." || prefix.isEmpty { return file }
        return prefix + "/" + file
    }
}

extension WorkflowError {
    /// Translates an extraction error; `root` names the scanned root in messages.
    init(_ error: ExtractionError, root: String) {
        if case .rootNotFound = error {
            self = .inputNotFound(path: root, hint: "pass an existing project folder")
        } else {
            self = .extractionFailed(error.description)
        }
    }
}
