import FileSupport
import Foundation
import Inventory
import ObjCExtraction
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
    /// Each root's discovery options when they depend on the root (configuration globs relative to the
    /// configuration's folder); `nil` uses `discovery` for every root.
    var rootDiscovery: (@Sendable (URL) -> DiscoveryOptions)?
    /// Whether finding no Swift file at all is an input error (a whole-tree `check` or `generate`: a typo in an
    /// include glob must not pass the gate or write an empty document).
    var requiresSwiftFiles = false
    /// Whether the run reads the app's resources and the records of its Swift code beyond declarations (messages,
    /// errors, entities, screens; `readAppRecords(_:extracted:)`): only for an output that shows them (the JSON) or a
    /// rule that checks them. Reading them parses many files a second time, with their bodies, and walks the tree for
    /// resource files: a run that does not show them does not pay for them.
    var readsAppRecords = false
    /// Called from the worker threads after each extracted file; `nil` reports nothing.
    public var progress: ExtractionProgressHandler?
    /// Where the discovery, parse and merge times, the file count and the cache lookups are recorded.
    public var metrics: RunMetrics?

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
        try extract(discover(environment: environment))
    }

    /// Discovers every root's files; nothing is read yet.
    /// - Parameter environment: The current folder (roots are relative to it) and the variables that place the cache.
    /// - Returns: The files to extract, per root, with their caches.
    /// - Throws: `WorkflowError.inputNotFound` for a missing root; `.invalidInput` when no Swift file was found and
    ///   `requiresSwiftFiles` is set.
    func discover(environment: WorkflowEnvironment) throws(WorkflowError) -> ScanPlan {
        var plan = ScanPlan(roots: SourceScan.distinctRoots(roots, environment: environment))
        plan.prefixes = SourceScan.rootPrefixes(plan.roots.map(environment.url(for:)))
        var globsInEffect: [String] = []
        let discoveryStart = ContinuousClock.now
        // Several roots are discovered side by side (each reads its own folders and build descriptions).
        let requests = plan.roots.map { root -> (root: URL, options: DiscoveryOptions) in
            let url = environment.url(for: root)
            var options = rootDiscovery?(url) ?? discovery
            options.manifests.cacheFolder = DiskExtractionCache.defaultFolder(for: url, environment: environment)
            return (url, options)
        }
        let found = SourceDiscovery.scan(roots: requests, jobs: extraction.jobs)
        for (index, root) in plan.roots.enumerated() {
            let discovered: Discovery
            do {
                discovered = try found[index].get()
            } catch {
                throw WorkflowError(error, root: root)
            }
            let options = requests[index].options
            plan.fileCount += discovered.files.count
            plan.objectiveCFileCount += discovered.objectiveCFiles.count
            plan.unownedCount += discovered.unowned.count
            globsInEffect.append(Self.describe(root: root, options: options))
            let cacheFolder = options.manifests.cacheFolder
            plan.resourcePaths.append(readsAppRecords ? Self.resourcePaths(under: discovered.root, options: options) : [])
            plan.discoveries.append((discovered, useCache ? cacheFolder.map { DiskExtractionCache(folder: $0) } : nil))
        }
        metrics?.record("discovery", since: discoveryStart)
        metrics?.addFiles(plan.fileCount + plan.objectiveCFileCount)
        // An Objective-C-only root has something to document too.
        if requiresSwiftFiles && plan.fileCount == 0 && plan.objectiveCFileCount == 0 {
            // Files were found, but no target of their project compiles them.
            let unowned = plan.unownedCount == 0 ? ""
                : "; \(plan.unownedCount) file\(plan.unownedCount == 1 ? " was" : "s were") found that no target of the project compiles (--include-unowned keeps them)"
            throw .invalidInput(path: roots.joined(separator: ", "),
                                reason: "no Swift or Objective-C files found (\(globsInEffect.joined(separator: "; "))\(unowned)); check the include and exclude globs and the root")
        }
        return plan
    }

    /// Extracts the files of `plan` (from the cache where it can) in one parallel pass over every root.
    /// - Parameter plan: What `discover(environment:)` found.
    /// - Returns: The records and diagnostics of every root, merged.
    /// - Throws: `WorkflowError.invalidInput` for an unreadable file.
    func extract(_ plan: ScanPlan) throws(WorkflowError) -> ExtractionResult {
        var combined = ExtractionResult()
        let extractor = SwiftExtractor(options: extraction)
        let parseStart = ContinuousClock.now
        var results = extractor.extract(groups: plan.discoveries.map { FileGroup(files: $0.discovered.files, cache: $0.cache) },
                                        progress: progress)
        metrics?.record("parse", since: parseStart)
        let mergeStart = ContinuousClock.now
        // Reading the Objective-C files (clang) is a phase of its own, not part of the merge.
        var objectiveCSeconds = 0.0
        defer { metrics?.record("merge", seconds: RunMetrics.seconds(ContinuousClock.now - mergeStart) - objectiveCSeconds) }
        // Each root's records are in inventory order and start with the root's prefix, so taken in the order of
        // their prefixes they are usually in inventory order as a whole, and `Inventory` need not sort them again.
        var recordBlocks: [(prefix: String, functions: [FunctionRecord], types: [TypeRecord], properties: [PropertyRecord])] = []
        for (rootIndex, root) in plan.roots.enumerated() {
            let (discovered, cache) = plan.discoveries[rootIndex]
            var result: ExtractionResult
            do {
                result = try results[rootIndex].get()
                results[rootIndex] = .success(ExtractionResult())  // `result` now holds the only reference: edited in place
            } catch {
                throw WorkflowError(error, root: root)
            }
            if let cache { metrics?.addCacheLookups(cache.lookups) }
            cache?.prune()
            if !discovered.objectiveCFiles.isEmpty {
                let objectiveCStart = ContinuousClock.now
                let objectiveCCache = cache.map { ObjCRecordCache.inside($0.folder) }
                let clang = Self.addObjectiveC(of: discovered, to: &result, jobs: extraction.jobs, cache: objectiveCCache)
                metrics?.addClang(reads: clang.reads, processes: clang.processes)
                if let objectiveCCache { metrics?.addCacheLookups(objectiveCCache.lookups) }
                let seconds = RunMetrics.seconds(ContinuousClock.now - objectiveCStart)
                objectiveCSeconds += seconds
                metrics?.record("objective-c", seconds: seconds)
            }
            let unownedNote = discovery.includeUnowned ? RepeatedNote.unownedFileKept : RepeatedNote.unownedFileLeftOut
            result.diagnostics = discovered.diagnostics + discovered.unowned.map { path in
                ExtractionDiagnostic(file: path, line: 1, column: 1, severity: .note, message: unownedNote.message)
            } + result.diagnostics
            let prefix = plan.roots.count > 1 ? plan.prefixes[rootIndex] : ""
            if !prefix.isEmpty {
                for index in result.functions.indices { result.functions[index].file = prefix + result.functions[index].file }
                for index in result.types.indices { result.types[index].file = prefix + result.types[index].file }
                for index in result.properties.indices { result.properties[index].file = prefix + result.properties[index].file }
                for index in result.diagnostics.indices { result.diagnostics[index].file = prefix + result.diagnostics[index].file }
            }
            recordBlocks.append((prefix, result.functions, result.types, result.properties))
            combined.diagnostics += result.diagnostics
            combined.generatedFilesLeftOut += result.generatedFilesLeftOut.map { prefix + $0 }
            combined.modules += discovered.modules.map { module in
                var module = module
                if let project = module.project { module.project = prefix + project }
                return module
            }
        }
        recordBlocks.sort { $0.prefix < $1.prefix }
        var functionBlocks = recordBlocks.map(\.functions)
        var typeBlocks = recordBlocks.map(\.types)
        var propertyBlocks = recordBlocks.map(\.properties)
        recordBlocks = []  // each block now held once, so its records can be moved out
        combined.functions = RecordMoves.joining(moving: &functionBlocks)
        combined.types = RecordMoves.joining(moving: &typeBlocks)
        combined.properties = RecordMoves.joining(moving: &propertyBlocks)
        return combined
    }

    /// Reads the Objective-C files of `discovered` through clang (ObjCExtraction) into `result`: their records, and a
    /// warning for each file clang cannot parse at all (naming it and clang's first error) or one when clang is
    /// missing; the Swift records stay as they are.
    @discardableResult
    static func addObjectiveC(of discovered: Discovery, to result: inout ExtractionResult, jobs: Int?,
                              cache: ObjCRecordCache? = nil) -> (reads: Int, processes: Int) {
        let files = discovered.objectiveCFiles.map { file in
            ObjCSourceFile(path: file.url.path, relativePath: file.relativePath, module: file.module, targets: file.targets,
                           moduleKind: file.moduleKind)
        }
        let objectiveC = ObjCExtractor.extract(files: files, jobs: jobs, cache: cache)
        result.functions += objectiveC.functions
        result.types += objectiveC.types
        result.properties += objectiveC.properties
        result.diagnostics += objectiveC.warnings.map { warning in
            ExtractionDiagnostic(file: warning.file ?? files[0].relativePath, line: 1, column: 1, severity: .warning,
                                 message: warning.description)
        }
        return (objectiveC.clangRuns, objectiveC.clangProcesses)
    }

    /// What decides this scan's records besides the files' contents, for `RunRecord`: the options that change
    /// discovery or extraction, then per root its path, prefix, modules and discovery warnings, and per file its
    /// place (relative path, module, targets) and `FilePaths.stamp(ofFileAt:)`. Equal texts mean that extracting
    /// again would give the same records, as long as DocSheet itself is the same build.
    /// - Parameter plan: What `discover(environment:)` found.
    /// - Returns: The text; `nil` when a file cannot be examined (it then has to be read to report why).
    func inputsDescription(of plan: ScanPlan) -> String? {
        var text = "includes=\(discovery.includes)\u{0}excludes=\(discovery.excludes)\u{0}gitignore=\(discovery.respectGitIgnore)"
            + "\u{0}unowned=\(discovery.includeUnowned)\u{0}evaluate=\(discovery.manifests.evaluate)\u{0}noTests=\(discovery.excludeTests)\u{0}targets=\(discovery.onlyTargets.sorted())"
            + "\u{0}local=\(extraction.includeLocal)\u{0}generated=\(extraction.includeGenerated)\u{0}"
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for (index, root) in plan.roots.enumerated() {
            let (discovered, _) = plan.discoveries[index]
            let modules = (try? encoder.encode(discovered.modules)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            text += "root \(root)\u{0}\(discovered.root.path)\u{0}\(plan.prefixes[index])\u{0}\(modules)\u{0}"
            text += discovered.diagnostics.map(\.description).joined(separator: "\n") + "\u{0}"
            text += discovered.unowned.joined(separator: "\n") + "\u{0}"
            // The Objective-C files too: an edited `.m` or `.h` makes the output out of date.
            for file in discovered.files + discovered.objectiveCFiles {
                guard let stamp = FilePaths.stamp(ofFileAt: file.url.path) else { return nil }
                text += "\(file.relativePath)\u{0}\(file.url.path)\u{0}\(file.targets.joined(separator: ","))\u{0}\(file.moduleKind)\u{0}\(stamp)\n"
            }
            // The Objective-C files clang reads (a changed `.m` or header makes the output out of date), and which
            // clang reads them (none: the output is Swift-only until one is there).
            if !discovered.objectiveCFiles.isEmpty {
                text += "objc clang=\(ClangSession.locateClang() ?? "none")\u{0}"
                for file in discovered.objectiveCFiles {
                    guard let stamp = FilePaths.stamp(ofFileAt: file.url.path) else { return nil }
                    text += "\(file.relativePath)\u{0}\(file.url.path)\u{0}\(file.targets.joined(separator: ","))\u{0}\(file.moduleKind)\u{0}\(stamp)\n"
                }
            }
            // The strings tables and data models read with the Swift files (`readResources(_:)`): a changed
            // translation or model version makes the output out of date too.
            guard let resources = Self.resourceStamps(root: discovered.root, paths: plan.resourcePaths[index]) else { return nil }
            text += resources
        }
        return text
    }

    /// The root and the globs in effect, for the message when nothing was found.
    static func describe(root: String, options: DiscoveryOptions) -> String {
        func list(_ globs: [String]) -> String { globs.isEmpty ? "none" : globs.map { "\"\($0)\"" }.joined(separator: ", ") }
        var text = "root \(root): include \(list(options.includes)); exclude \(list(options.excludes))"
        if !options.globBase.isEmpty { text += "; globs match paths below the configuration's folder, as \(options.globBase)..." }
        return text
    }

    /// The prefix of each root's record paths when several roots are scanned: the root's folder relative to the
    /// folder that holds them all, ending in `/` (empty for that folder itself). A file root counts as its folder.
    ///
    /// - Parameter roots: The roots' absolute URLs.
    /// - Returns: One prefix per root, e.g. `["app/", "kit/"]` for `/work/app` and `/work/kit`.
    public static func rootPrefixes(_ roots: [URL]) -> [String] {
        let folders = roots.map { url -> [String] in
            var folder = url.standardizedFileURL.resolvingSymlinksInPath()
            if let selected = SourceDiscovery.projectSelection(for: folder) { folder = selected.folder }
            if FilePaths.exists(folder), !FilePaths.isFolder(folder) { folder.deleteLastPathComponent() }
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

    /// The roots without repeats and without roots inside another root (`A A` or `A A/B` scan `A` once), in
    /// their order, so no file is counted twice.
    ///
    /// - Parameters:
    ///   - roots: The roots as given on the command line.
    ///   - environment: The current folder the roots are relative to.
    /// - Returns: The roots to scan.
    public static func distinctRoots(_ roots: [String], environment: WorkflowEnvironment) -> [String] {
        let paths = roots.map { environment.url(for: $0).standardizedFileURL.resolvingSymlinksInPath().path }
        func contains(_ outer: String, _ inner: String) -> Bool { FolderPaths.relative(inner, to: outer) != nil }
        var kept: [String] = []
        for (index, path) in paths.enumerated() {
            let coveredByEarlier = paths[..<index].contains { contains($0, path) }
            let coveredByLater = paths[(index + 1)...].contains { $0 != path && contains($0, path) }
            if !coveredByEarlier && !coveredByLater { kept.append(roots[index]) }
        }
        return kept
    }

    /// `file` (relative to `root`) as a path relative to the current folder: `root/file`, or `file` for `.`; the
    /// root itself when the root is that single `.swift` file.
    ///
    /// - Parameters:
    ///   - root: The scanned root as given on the command line.
    ///   - file: A path relative to `root`.
    /// - Returns: The path to print, e.g. `Sources/App/Model.swift` for root `Sources` and file `App/Model.swift`.
    public static func displayPath(root: String, file: String) -> String {
        var prefix = root
        if prefix.hasSuffix(".xcworkspace") || prefix.hasSuffix(".xcodeproj") || prefix.hasSuffix(".xcworkspace/") || prefix.hasSuffix(".xcodeproj/") {
            prefix = (prefix as NSString).deletingLastPathComponent
            if prefix.isEmpty { prefix = "." }
        }
        while prefix.hasPrefix("./") { prefix.removeFirst(2) }
        while prefix.hasSuffix("/") && prefix.count > 1 { prefix.removeLast() }
        if prefix == "." || prefix.isEmpty { return file }
        if !file.isEmpty, prefix.hasSuffix(".swift"), prefix == file || prefix.hasSuffix("/" + file),
           !FileManager.default.fileExists(atPath: (prefix as NSString).appendingPathComponent(file)) {
            return prefix
        }
        return prefix + "/" + file
    }
}

/// What `SourceScan.discover(environment:)` found: the distinct roots, their record-path prefixes, and each root's
/// files with the cache that serves them.
struct ScanPlan {
    /// The roots to scan, without repeats (`SourceScan.distinctRoots(_:environment:)`).
    var roots: [String]
    /// Each root's record-path prefix when there are several (`SourceScan.rootPrefixes(_:)`).
    var prefixes: [String] = []
    /// Each root's discovery and its cache (`nil` with `--no-cache`).
    var discoveries: [(discovered: Discovery, cache: DiskExtractionCache?)] = []
    /// How many Swift files were found in all.
    var fileCount = 0
    /// How many Objective-C files (`.h`, `.m`, `.mm`) were found in all.
    var objectiveCFileCount = 0
    /// How many files were found that no target of their project compiles (left out, or kept with
    /// `--include-unowned`).
    var unownedCount = 0
    /// Each root's resource files (strings tables, Core Data models), relative to it (`SourceScan.readResources(_:)`).
    var resourcePaths: [[String]] = []
}

extension ExtractionResult {
    /// The one line that says how many generated files were left out, or `nil` when none was.
    var generatedFilesNote: String? {
        Self.generatedFilesNote(count: generatedFilesLeftOut.count)
    }

    /// The one line that says how many generated files were left out, or `nil` for none.
    static func generatedFilesNote(count: Int) -> String? {
        guard count > 0 else { return nil }
        return "note: left out \(count) generated file\(count == 1 ? "" : "s") (--include-generated keeps them)"
    }
}

extension WorkflowError {
    /// Translates an extraction error; `root` names the scanned root in messages.
    init(_ error: ExtractionError, root: String) {
        switch error {
        case .rootNotFound:
            self = .inputNotFound(path: root, hint: "pass an existing project folder")
        case .invalidGlob:
            self = .invalidOption(error.description)
        case .unreadableFile(let path, let reason):
            // Name the file as the user can find it from the current folder, not relative to the root.
            self = .extractionFailed(
                ExtractionError.unreadableFile(path: SourceScan.displayPath(root: root, file: path), reason: reason).description)
        default:
            self = .extractionFailed(error.description)
        }
    }
}

extension ExtractionProgress {
    /// One handler for each of several extractions run one after the other, reporting as one: each counts its files
    /// after those of the extractions before it, out of all their files together, so the user sees one progress line
    /// from 0 to the whole count instead of one per extraction.
    ///
    /// - Parameters:
    ///   - progress: The handler that draws the line; `nil` reports nothing.
    ///   - counts: How many files each extraction has, in the order they run.
    /// - Returns: A handler per extraction (all `nil` when `progress` is).
    static func shared(_ progress: ExtractionProgressHandler?, counts: [Int]) -> [ExtractionProgressHandler?] {
        guard let progress else { return counts.map { _ in nil } }
        let total = counts.reduce(0, +)
        var before = 0
        return counts.map { count in
            let done = before
            before += count
            return { @Sendable report in progress(ExtractionProgress(done: done + report.done, total: total)) }
        }
    }
}
