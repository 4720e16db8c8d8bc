import FileSupport
import Foundation
import Inventory
import Parallelism
import SwiftExtraction

/// What `docsheet history` is asked to do.
public struct HistoryOptions: Sendable {
    /// The folder whose history is read (inside a git work tree).
    public var root = "."
    /// Only commits after this revision (`REV..HEAD`); `nil`: the whole first-parent history.
    public var since: String?
    /// Every Nth commit, counted back from HEAD, which is always read.
    public var every = 1
    /// The lowest effective access counted (`nil`: `check.min_access`, else public), as the gate counts.
    public var minAccess: AccessLevel?
    /// Discovery and parsing settings, as for `diff`.
    public var scan = ScanSettings()

    /// Creates options with the defaults: the current folder, every commit of the first-parent history.
    public init() {}
}

/// `docsheet history`: how documentation coverage went over a branch's commits, read from git without a checkout
/// (Documentation/CLI.md#docsheet-history).
public enum History {
    /// Reads the first-parent commits of HEAD (after `since`, every `every`th), each commit's inventory through git
    /// and the extraction cache, and counts the gate's functions.
    ///
    /// - Parameters:
    ///   - options: The root, the commits and the scope.
    ///   - environment: The current folder and environment variables (default: this process's).
    /// - Returns: The trend and HEAD's coverage per module and file.
    /// - Throws: `WorkflowError.notAGitRepository` outside a work tree; `WorkflowError.invalidInput` for a bad
    ///   `since` revision; `WorkflowError.gitFailed` when git fails; `WorkflowError.invalidConfiguration` for a bad
    ///   `.docsheet.yml`.
    public static func run(_ options: HistoryOptions, environment: WorkflowEnvironment = .process) throws(WorkflowError) -> HistoryReport {
        let rootURL = environment.url(for: options.root)
        let configuration = try options.scan.configuration(from: rootURL, environment: environment)
        let minAccess = options.minAccess ?? configuration.check.minAccess ?? .public
        guard let git = Git.enclosing(rootURL) else {
            throw WorkflowError.notAGitRepository(path: options.root)
        }
        if let since = options.since { _ = try git.resolveCommit(since) }
        let range = options.since.map { "\($0)..HEAD" } ?? "HEAD"
        let log = try git.string(["log", "--first-parent", "--format=%H%x09%cI%x09%s", range])
        let commits = log.split(separator: "\n").map { line -> (String, String, String) in
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            return (fields[0], fields.count > 1 ? fields[1] : "", fields.count > 2 ? fields[2] : "")
        }
        // Newest first from git: keep HEAD and every Nth before it, then oldest first.
        let every = max(1, options.every)
        let chosen = commits.enumerated().filter { $0.offset % every == 0 }.map(\.element).reversed()
        let reader = try RevisionReader(root: options.root, discovery: options.scan.discovery(configuration, root: rootURL),
                                        extraction: options.scan.extraction(configuration), useCache: options.scan.useCache,
                                        environment: environment)
        // HEAD, the last commit, keeps its gated functions for the shares below.
        let headIndex = chosen.count - 1
        let counts = try reader.map(chosen.map(\.0)) { index, functions in
            let counted = functions.filter { $0.effectiveAccess >= minAccess && Check.isGated($0) }
            return (functions: counted.count, documented: counted.filter(\.isDocumented).count,
                    kept: index == headIndex ? counted : [])
        }
        let points = zip(chosen, counts).map { commit, count in
            CoveragePoint(commit: commit.0, date: commit.1, subject: commit.2, functions: count.functions, documented: count.documented)
        }
        let head = counts.last?.kept ?? []
        func shares(_ key: (FunctionRecord) -> String) -> [CoverageShare] {
            Dictionary(grouping: head, by: key).map { name, records in
                CoverageShare(name: name, functions: records.count, documented: records.filter(\.isDocumented).count)
            }.sorted { $0.name < $1.name }
        }
        let authors = try undocumentedByAuthor(head.filter { !$0.isDocumented }, git: git, root: options.root, environment: environment)
        return HistoryReport(points: points, modules: shares(\.module), files: shares(\.file), authors: authors, minAccess: minAccess)
    }

    /// Reads the functions of many revisions of one root: the build system's layout is read once, each file version
    /// (blob) is read from git and extracted once per run, a revision whose Swift files are those of the revision read
    /// before it reuses its functions, and the rules across files run again only for what changed (`RevisionMerger`).
    /// The revisions are cut into runs of consecutive commits, one per core, merged side by side.
    final class RevisionReader {
        /// One revision's files, in path order, as the layout places them, with their blob ids.
        private struct Tree: Sendable {
            var files: [SourceFile] = []
            var blobs: [String] = []

            /// The key of each file version: its blob id and path.
            func key(_ index: Int) -> String { blobs[index] + "\u{0}" + files[index].relativePath }
        }

        /// The scanned root in its work tree.
        private let gitRoot: GitRoot
        /// The work tree's modules and targets, which place the files of every revision.
        private let modules: Discovery
        /// The include and exclude globs, and whether files no target compiles are kept.
        private let discovery: DiscoveryOptions
        /// Extracts the files that are not yet known, and joins each revision's files.
        private let extractor: SwiftExtractor
        /// The on-disk extraction cache, or `nil` with `--no-cache`.
        private let cache: DiskExtractionCache?
        /// Each file version extracted in this run, by its key (blob id and root-relative path).
        private var extracted: [String: FileExtraction] = [:]
        /// Where each repository path seen in this run is placed (`nil`: not a selected Swift file of a target).
        private var placements: [String: SourceFile?] = [:]

        /// Locates `root` in its work tree and reads its layout.
        ///
        /// - Parameters:
        ///   - root: The folder to scan, as given on the command line.
        ///   - discovery: The include and exclude globs.
        ///   - extraction: How files are parsed.
        ///   - useCache: Whether the on-disk extraction cache is used.
        ///   - environment: The current folder and environment variables.
        /// - Throws: `WorkflowError` when the root is missing or outside a work tree, or its layout cannot be read.
        init(root: String, discovery: DiscoveryOptions, extraction: ExtractionOptions, useCache: Bool,
             environment: WorkflowEnvironment) throws(WorkflowError) {
            gitRoot = try GitRoot(root: root, environment: environment)
            modules = try gitRoot.layout(discovery: discovery, environment: environment)
            self.discovery = discovery
            extractor = SwiftExtractor(options: extraction)
            cache = useCache ? DiskExtractionCache(folder: DiskExtractionCache.defaultFolder(for: gitRoot.url, environment: environment)) : nil
        }

        /// The file at `path` (relative to the top of the work tree) as the layout places it, or `nil` when it is
        /// outside the root, not selected or compiled by no target (unless unowned files are included).
        private func placement(of path: String) -> SourceFile? {
            if let known = placements[path] { return known }
            var file: SourceFile?
            if let relative = gitRoot.relativePath(path), SourceDiscovery.selects(relativePath: relative, options: discovery) {
                file = modules.placement(ofRelativePath: relative, includeUnowned: discovery.includeUnowned)
            }
            placements[path] = file
            return file
        }

        /// The functions of the root at `commit`, as `RevisionInventory.load` finds them.
        ///
        /// - Parameter commit: A commit id.
        /// - Returns: The functions of the Swift files under the root at `commit`, after the rules across files.
        /// - Throws: `WorkflowError.gitFailed` when git fails.
        func functions(at commit: String) throws(WorkflowError) -> [FunctionRecord] {
            try map([commit]) { $1 }[0]
        }

        /// `transform` of the functions of the root at each of `commits`, as `RevisionInventory.load` finds them.
        ///
        /// - Parameters:
        ///   - commits: Commit ids, oldest first (consecutive commits share most of their work).
        ///   - jobs: The most runs of commits merged at once; `nil` uses one per core.
        ///   - transform: What is kept of a commit's functions, given the commit's index in `commits` (called from
        ///     several threads).
        /// - Returns: `transform`'s result for each commit, in the order of `commits`.
        /// - Throws: `WorkflowError.gitFailed` when git fails.
        func map<Result: Sendable>(_ commits: [String], jobs: Int? = nil,
                                   _ transform: @escaping @Sendable (_ index: Int, _ functions: [FunctionRecord]) -> Result)
            throws(WorkflowError) -> [Result] {
            // Every commit's Swift files (one `ls-tree` each, several at once), placed by the layout.
            let git = gitRoot.git
            let prefix = gitRoot.prefix
            let listings = parallelMap(commits) { commit in
                Swift.Result { () throws(WorkflowError) in try git.blobIDs(at: commit, under: prefix, endingIn: ".swift") }
            }
            var trees: [Tree] = []
            for listing in listings {
                var tree = Tree()
                for (path, id) in try listing.get().sorted(by: { $0.key < $1.key }) {
                    guard let file = placement(of: path) else { continue }
                    tree.files.append(file)
                    tree.blobs.append(id)
                }
                trees.append(tree)
            }
            try extractUnknownFiles(of: trees)
            let commitTrees = trees
            // Runs of consecutive commits, one per core, each with its own merger.
            let extracted = extracted
            let extractor = extractor
            let workers = max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            let runs = chunkRanges(count: trees.count, size: (trees.count + workers - 1) / workers)
            let results = parallelMap(runs, jobs: jobs) { run in
                let merger = RevisionMerger(extractor: extractor)
                var last: (blobs: [String], files: [String], functions: [FunctionRecord])?
                return run.map { index -> Result in
                    let tree = commitTrees[index]
                    let files = tree.files.map(\.relativePath)
                    if let last, last.blobs == tree.blobs, last.files == files { return transform(index, last.functions) }
                    let functions = merger.functions(of: tree.files.indices.compactMap { position in
                        extracted[tree.key(position)].map {
                            RevisionMerger.File(key: tree.key(position), relativePath: tree.files[position].relativePath, extraction: $0)
                        }
                    })
                    last = (tree.blobs, files, functions)
                    return transform(index, functions)
                }
            }
            return Array(results.joined())
        }

        /// Reads from git (one `cat-file --batch`) and extracts every file version of `trees` not yet extracted.
        private func extractUnknownFiles(of trees: [Tree]) throws(WorkflowError) {
            var unknown: [String: (file: SourceFile, blob: String)] = [:]
            for tree in trees {
                for index in tree.files.indices where extracted[tree.key(index)] == nil {
                    unknown[tree.key(index)] = (tree.files[index], tree.blobs[index])
                }
            }
            guard !unknown.isEmpty else { return }
            let ordered = unknown.sorted { $0.key < $1.key }
            let objects = try gitRoot.git.readObjects(Array(Set(ordered.map(\.value.blob))).sorted())
            var keys: [String] = []
            var sources: [SourceText] = []
            for (key, entry) in ordered {
                guard let data = objects[entry.blob] else { continue }
                keys.append(key)
                sources.append(SourceText(relativePath: entry.file.relativePath, module: entry.file.module,
                                          text: String(decoding: data, as: UTF8.self), targets: entry.file.targets,
                                          moduleKind: entry.file.moduleKind))
            }
            for (key, extraction) in zip(keys, extractor.extractEach(sources: sources, cache: cache)) {
                extracted[key] = extraction
            }
        }
    }

    /// Who last touched the name line of each of `records` at HEAD: one `git blame --porcelain` per file, with a
    /// `-L` range per function; `(unknown)` where git cannot blame the file.
    static func undocumentedByAuthor(_ records: [FunctionRecord], git: Git, root: String,
                                     environment: WorkflowEnvironment) throws(WorkflowError) -> [CoverageShare] {
        guard !records.isEmpty else { return [] }
        let gitRoot = try GitRoot(root: root, environment: environment)
        let git = gitRoot.git
        let prefix = gitRoot.prefix
        // One blame per file, several at once (each walks the file's history).
        let files = Dictionary(grouping: records.map { ($0.file, $0.line) }, by: \.0).sorted { $0.key < $1.key }
        let authorsPerFile = parallelMap(files) { file, positions in
            let lines = Set(positions.map(\.1)).sorted()
            let ranges = lines.flatMap { ["-L", "\($0),\($0)"] }
            // A clone without the file's history (a partial clone) cannot blame it: its functions count as unknown.
            let output = try? git.string(["blame", "--porcelain"] + ranges + ["HEAD", "--", prefix + file])
            let authors = output.map(blameAuthors) ?? [:]
            return positions.map { authors[$0.1] ?? "(unknown)" }
        }
        var counts: [String: Int] = [:]
        for author in authorsPerFile.joined() { counts[author, default: 0] += 1 }
        return counts.map { CoverageShare(name: $0.key, functions: $0.value, documented: 0) }
            .sorted { ($0.functions, $1.name) > ($1.functions, $0.name) }
    }

    /// The author of each final line in `git blame --porcelain` output.
    ///
    /// - Parameter porcelain: What `git blame --porcelain` printed.
    /// - Returns: The author's name by line number.
    static func blameAuthors(_ porcelain: String) -> [Int: String] {
        var authorOfCommit: [Substring: String] = [:]
        var lines: [Int: Substring] = [:]
        var commit: Substring = ""
        for line in porcelain.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("\t") { continue }
            let fields = line.split(separator: " ")
            if fields.count >= 3, fields[0].count == 40, fields[0].allSatisfy(\.isHexDigit), let final = Int(fields[2]) {
                commit = fields[0]
                lines[final] = commit
            } else if line.hasPrefix("author ") {
                authorOfCommit[commit] = String(line.dropFirst("author ".count))
            }
        }
        return lines.compactMapValues { authorOfCommit[$0] }
    }

    /// The trend and HEAD's shares as Markdown: a table of commits, then modules, then files.
    ///
    /// - Parameter report: What `run` found.
    /// - Returns: The Markdown text.
    public static func markdown(_ report: HistoryReport) -> String {
        var lines = ["# Documentation coverage (\(report.minAccess.rawValue)+ functions)", "",
                     "| commit | date | functions | documented | coverage | subject |", "|---|---|---:|---:|---:|---|"]
        for point in report.points {
            lines.append("| \(point.commit.prefix(10)) | \(point.date) | \(point.functions) | \(point.documented) | \(percent(point.coverage)) | \(escaped(point.subject)) |")
        }
        for (title, shares) in [("Modules at HEAD", report.modules), ("Files at HEAD", report.files)] {
            lines += ["", "## \(title)", "", "| name | functions | documented | coverage |", "|---|---:|---:|---:|"]
            lines += shares.map { "| \(escaped($0.name)) | \($0.functions) | \($0.documented) | \(percent($0.coverage)) |" }
        }
        if !report.authors.isEmpty {
            lines += ["", "## Undocumented functions at HEAD by who last touched their line", "", "| author | functions |", "|---|---:|"]
            lines += report.authors.map { "| \(escaped($0.name)) | \($0.functions) |" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The trend as CSV: `commit,date,functions,documented,coverage,subject`, oldest first.
    ///
    /// - Parameter report: What `run` found.
    /// - Returns: The CSV text, RFC 4180 quoting.
    public static func csv(_ report: HistoryReport) -> String {
        func field(_ text: String) -> String {
            text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        let rows = report.points.map { point in
            [point.commit, point.date, "\(point.functions)", "\(point.documented)", percent(point.coverage, sign: false),
             field(point.subject)].joined(separator: ",")
        }
        return (["commit,date,functions,documented,coverage,subject"] + rows).joined(separator: "\n") + "\n"
    }

    /// The report as JSON: `points`, `modules`, `files` (with coverage) and `minAccess`, keys sorted.
    ///
    /// - Parameter report: What `run` found.
    /// - Returns: The JSON text.
    public static func json(_ report: HistoryReport) -> String {
        func share(_ share: CoverageShare) -> [String: Any] {
            ["name": share.name, "functions": share.functions, "documented": share.documented, "coverage": rounded(share.coverage)]
        }
        let object: [String: Any] = [
            "minAccess": report.minAccess.rawValue,
            "points": report.points.map { point -> [String: Any] in
                ["commit": point.commit, "date": point.date, "subject": point.subject, "functions": point.functions,
                 "documented": point.documented, "coverage": rounded(point.coverage)]
            },
            "modules": report.modules.map(share), "files": report.files.map(share),
            "undocumentedByAuthor": report.authors.map { ["author": $0.name, "functions": $0.functions] as [String: Any] },
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A coverage badge for a README, as shields.io draws them: `docs | 73%`, red below 50%, yellow below 80%, else
    /// green.
    ///
    /// - Parameter coverage: The percentage, 0–100.
    /// - Returns: The SVG document.
    public static func badge(coverage: Double) -> String {
        let value = percent(coverage)
        let color = coverage < 50 ? "#e05d44" : coverage < 80 ? "#dfb317" : "#4c1"
        let left = 38, right = 8 + 7 * value.count
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(left + right)" height="20" role="img" aria-label="docs: \(value)">
              <title>docs: \(value)</title>
              <rect width="\(left)" height="20" fill="#555"/>
              <rect x="\(left)" width="\(right)" height="20" fill="\(color)"/>
              <g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">
                <text x="\(left / 2)" y="14">docs</text>
                <text x="\(left + right / 2)" y="14">\(value)</text>
              </g>
            </svg>

            """
    }

    /// The files of HEAD below `minimum` percent, for the `--min-file` gate.
    ///
    /// - Parameters:
    ///   - report: What `run` found.
    ///   - minimum: The lowest acceptable coverage of a file, 0–100.
    /// - Returns: The files below it, by path.
    public static func filesBelow(_ report: HistoryReport, minimum: Double) -> [CoverageShare] {
        report.files.filter { $0.coverage + 1e-9 < minimum }
    }

    /// Writes `text` to `url` atomically (the old file is replaced only once the new one is complete).
    ///
    /// - Parameters:
    ///   - text: The document.
    ///   - url: Where it goes.
    /// - Throws: `WorkflowError.outputFailed` when it cannot be written.
    public static func write(_ text: String, to url: URL) throws(WorkflowError) {
        do {
            try AtomicFile.write(Data(text.utf8), to: url)
        } catch {
            throw WorkflowError.outputFailed(path: url.path, reason: "\(error)")
        }
    }

    /// `73.5%`, one decimal.
    static func percent(_ value: Double, sign: Bool = true) -> String {
        String(format: "%.1f", value) + (sign ? "%" : "")
    }

    /// The value to one decimal, for JSON.
    static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// Text safe in a Markdown table cell.
    static func escaped(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
