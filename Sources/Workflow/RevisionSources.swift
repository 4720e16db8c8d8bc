import FileSupport
import Foundation
import Inventory
import SwiftExtraction

/// A scanned root inside a git work tree: where git runs and how repository paths map to root-relative paths.
struct GitRoot {
    /// The root as given.
    let root: String
    /// The root on disk (for a single-file root: its folder).
    var url: URL
    /// Git, run at the top of the work tree (so every path it prints is relative to the top).
    let git: Git
    /// The root's path inside the repository, `""` or ending in `/` (for a single-file root: its folder's).
    let prefix: String
    /// The file's name when the root is a single `.swift` file (only it is taken), else `nil`.
    let onlyFile: String?

    /// Locates `root` (relative to the current folder) in its git work tree.
    init(root: String, environment: WorkflowEnvironment) throws(WorkflowError) {
        self.root = root
        url = environment.url(for: root)
        guard FilePaths.exists(url) else {
            throw .inputNotFound(path: root, hint: "pass an existing project folder")
        }
        if !FilePaths.isFolder(url) {
            guard url.pathExtension == "swift" else {
                throw .invalidInput(path: root, reason: "not a Swift file or folder; pass a project folder or a .swift file")
            }
            onlyFile = url.lastPathComponent
            url = url.deletingLastPathComponent()
        } else {
            onlyFile = nil
        }
        guard let workTree = Git.workTree(holding: url) else { throw .notAGitRepository(path: root) }
        git = Git(directory: workTree.topLevel)
        prefix = workTree.prefix
    }

    /// The root-relative path of a repository path, or `nil` when it is outside the root or not a Swift file.
    func relativePath(_ repositoryPath: String) -> String? {
        guard repositoryPath.hasSuffix(".swift"), repositoryPath.hasPrefix(prefix) else { return nil }
        let relative = String(repositoryPath.dropFirst(prefix.count))
        if let onlyFile, relative != onlyFile { return nil }
        return relative
    }

    /// Reads `paths` (root-relative) at `revision` (`""` for the index) as source texts: the blob ids come from
    /// NUL-separated `git ls-files -s -z` / `git ls-tree -z` output and the contents from one `git cat-file --batch`
    /// by id, so any file name (even one holding a line break) is read correctly.
    func sources(_ paths: [String], at revision: String, modules: Discovery, includeUnowned: Bool) throws(WorkflowError) -> [SourceText] {
        let placed = paths.compactMap { modules.placement(ofRelativePath: $0, includeUnowned: includeUnowned) }
        guard !placed.isEmpty else { return [] }
        let ids = try git.blobIDs(placed.map { prefix + $0.relativePath }, at: revision)
        let objects = try git.readObjects(Array(Set(ids.values)).sorted())
        return placed.compactMap { file in
            ids[prefix + file.relativePath].flatMap { objects[$0] }.map {
                SourceText(relativePath: file.relativePath, module: file.module, text: String(decoding: $0, as: UTF8.self),
                           targets: file.targets, moduleKind: file.moduleKind)
            }
        }
    }

    /// The build system's view of the work tree under the root, which places files of every revision (the
    /// projects and manifests on disk decide, as they do for the work tree).
    func layout(discovery: DiscoveryOptions, environment: WorkflowEnvironment) throws(WorkflowError) -> Discovery {
        var options = discovery
        options.manifests.cacheFolder = DiskExtractionCache.defaultFolder(for: url, environment: environment)
        do {
            return try SourceDiscovery.scan(root: url, options: options)
        } catch {
            throw WorkflowError(error, root: url.path)
        }
    }
}

/// Finds the functions added or changed (signature, access level or doc) in the staged content or since a
/// revision, so the gate looks only at what a commit touches.
///
/// A function is unchanged when a function with the same module, enclosing type, name, signature, access level and
/// doc exists in the base in any changed or deleted file (a function can only leave a file that changed), so moving
/// functions between files, splitting a file, a rename git did not detect or a deleted file never flags them; a
/// function in a moved file also stays unchanged when the move put it in another module. The base is HEAD for `.staged` — and during a merge (cherry-pick,
/// revert) a function must differ from its version in every parent (HEAD and each `MERGE_HEAD`) to count — and the
/// merge base of the revision and HEAD for `.since` (as `git diff REV...`).
///
/// Properties and enum cases (`check --kinds properties`) are selected the same way, by ``PropertyIdentity``: one is
/// unchanged when a property with the same module, enclosing type, name, kind, declaration, access levels and doc
/// exists in the base in a changed or deleted file.
enum ChangedFunctions {
    /// What identifies a property across revisions, and what must stay equal for it to count as unchanged: its
    /// module (empty to match a file moved between modules), enclosing type, name and kind, its declaration as
    /// written, its access levels and its doc. No position, so a property that moves is not new.
    struct PropertyIdentity: Hashable {
        var module: String
        var enclosingType: String?
        var name: String
        var kind: PropertyKind
        var declaration: String
        var accessLevel: AccessLevel
        var setterAccess: AccessLevel?
        var effectiveAccess: AccessLevel
        var doc: DocComment?

        /// The identity of `record`; `anyModule` leaves the module out.
        init(_ record: PropertyRecord, anyModule: Bool = false) {
            module = anyModule ? "" : record.module
            enclosingType = record.enclosingType
            name = record.name
            kind = record.kind
            declaration = record.declaration
            accessLevel = record.accessLevel
            setterAccess = record.setterAccess
            effectiveAccess = record.effectiveAccess
            doc = record.doc
        }
    }

    /// One commit the head is compared with.
    private struct BaseState {
        /// The root-relative paths of head files that differ from this commit.
        var changedPaths: Set<String>
        /// The functions of this commit's versions of the changed (and deleted) files.
        var functions: [InventoryDiff.Key: [FunctionRecord]]
        /// The properties of the same files, by identity (and by identity without module), with their files.
        var properties: [PropertyIdentity: [(module: String, file: String)]] = [:]

        /// True when the property `record` exists unchanged in this state: its file is the same, or a property of the
        /// same identity exists in one of the changed files (in another module only when it was in another file).
        func holdsUnchanged(_ record: PropertyRecord) -> Bool {
            guard changedPaths.contains(record.file) else { return true }
            if properties[PropertyIdentity(record)] != nil { return true }
            return (properties[PropertyIdentity(record, anyModule: true)] ?? []).contains {
                $0.module != record.module && $0.file != record.file
            }
        }

        /// True when `record` exists unchanged in this state: its file is the same, or a function with its key,
        /// signature, access level and doc exists in one of the changed files (in another module only when it was in
        /// another file: a file moved between modules).
        func holdsUnchanged(_ record: FunctionRecord) -> Bool {
            guard changedPaths.contains(record.file) else { return true }
            var key = InventoryDiff.Key(record)
            if (functions[key] ?? []).contains(where: { InventoryDiff.changes(from: $0, to: record).allSatisfy { $0 == .file } }) {
                return true
            }
            key.module = ""
            return (functions[key] ?? []).contains { old in
                old.module != record.module && old.file != record.file
                    && InventoryDiff.changes(from: old, to: record).allSatisfy { $0 == .file }
            }
        }
    }

    /// The functions of `root` that `scope` touches: added, or changed in signature, access level or doc
    /// (a move to another file alone does not count), compared with HEAD and any merged heads (`.staged`) or the
    /// merge base of the revision and HEAD (`.since`).
    static func find(
        root: String, scope: CheckOptions.Scope, discovery: DiscoveryOptions, extraction: ExtractionOptions,
        useCache: Bool, environment: WorkflowEnvironment
    ) throws(WorkflowError) -> ExtractionResult {
        let gitRoot = try GitRoot(root: root, environment: environment)
        let git = gitRoot.git
        let headChanges: [Git.Change]
        var parents: [(commit: String, changes: [Git.Change])] = []
        switch scope {
        case .tree:
            return ExtractionResult()
        case .staged:
            for parent in git.commitParents() {
                parents.append((parent, try git.stagedChanges(comparedWith: parent)))
            }
            // The files to check differ from HEAD, the first parent (without commits: every staged file).
            if let head = parents.first {
                headChanges = head.changes.filter { !$0.isDeletion }
            } else {
                headChanges = try git.stagedChanges()
            }
        case .since(let revision):
            let base = try git.mergeBase(revision)
            let changes = try git.changes(since: base, includeDeleted: true)
            headChanges = changes.filter { !$0.isDeletion }
            parents.append((base, changes))
        }
        let selected = { (path: String) -> String? in
            guard let relative = gitRoot.relativePath(path), SourceDiscovery.selects(relativePath: relative, options: discovery) else {
                return nil
            }
            return relative
        }
        let headPaths = headChanges.compactMap { selected($0.path) }
        guard !headPaths.isEmpty else { return ExtractionResult() }

        let modules = try gitRoot.layout(discovery: discovery, environment: environment)
        let cache = useCache ? DiskExtractionCache(folder: DiskExtractionCache.defaultFolder(for: gitRoot.url, environment: environment)) : nil
        let extractor = SwiftExtractor(options: extraction)
        let headSources: [SourceText]
        if scope == .staged {
            headSources = try gitRoot.sources(headPaths, at: "", modules: modules, includeUnowned: discovery.includeUnowned)
        } else {
            var texts: [SourceText] = []
            for path in headPaths {
                guard let file = modules.placement(ofRelativePath: path, includeUnowned: discovery.includeUnowned) else { continue }
                guard let data = FileManager.default.contents(atPath: file.url.path) else {
                    throw .invalidInput(path: SourceScan.displayPath(root: root, file: path), reason: "cannot read the file; check its permissions")
                }
                texts.append(SourceText(relativePath: path, module: file.module, text: String(decoding: data, as: UTF8.self),
                                        targets: file.targets, moduleKind: file.moduleKind))
            }
            headSources = texts
        }
        let head = extractor.extract(sources: headSources, cache: cache)

        var states: [BaseState] = []
        for (commit, changes) in parents {
            let changed = Set(changes.filter { !$0.isDeletion }.compactMap { gitRoot.relativePath($0.path) })
            // Every older version of a changed file, selected or not: a function moved out of an excluded file is
            // still not new.
            let oldPaths = Array(Set(changes.compactMap { $0.oldPath.flatMap(gitRoot.relativePath) })).sorted()
            let base = extractor.extract(
                sources: try gitRoot.sources(oldPaths, at: commit, modules: modules, includeUnowned: discovery.includeUnowned), cache: cache)
            var functions: [InventoryDiff.Key: [FunctionRecord]] = [:]
            for record in base.functions {
                var key = InventoryDiff.Key(record)
                functions[key, default: []].append(record)
                key.module = ""
                functions[key, default: []].append(record)
            }
            var properties: [PropertyIdentity: [(module: String, file: String)]] = [:]
            for record in base.properties {
                properties[PropertyIdentity(record), default: []].append((record.module, record.file))
                properties[PropertyIdentity(record, anyModule: true), default: []].append((record.module, record.file))
            }
            states.append(BaseState(changedPaths: changed, functions: functions, properties: properties))
        }
        let touched = head.functions.filter { record in !states.contains { $0.holdsUnchanged(record) } }
        let touchedProperties = head.properties.filter { record in !states.contains { $0.holdsUnchanged(record) } }
        var result = ExtractionResult(functions: touched.sorted(by: Inventory.precedes), types: [], diagnostics: head.diagnostics)
        result.properties = touchedProperties.sorted(by: Inventory.precedes)
        return result
    }
}

/// Builds the inventory of a root at a git revision, reading files with `git ls-tree` and `git cat-file --batch`
/// (nothing is checked out), or of the work tree.
public enum RevisionInventory {
    /// The inventory of `root` at `revision`, or of the work tree when `revision` is `nil`.
    ///
    /// - Parameters:
    ///   - root: The folder to scan, as given on the command line.
    ///   - revision: A branch, tag or commit, or `nil` for the files on disk.
    ///   - discovery: The include and exclude globs.
    ///   - extraction: Whether local functions are reported and how many files are parsed at once.
    ///   - useCache: Whether the on-disk extraction cache is used.
    ///   - environment: The current folder and environment variables.
    ///   - progress: Called from the worker threads after each extracted file; `nil` reports nothing.
    /// - Returns: The inventory of the Swift files under `root` as they are at `revision` (read from git without a
    ///   checkout).
    /// - Throws: `WorkflowError.inputNotFound` when `root` does not exist; `WorkflowError.notAGitRepository` when it is
    ///   not in a git work tree; `WorkflowError.invalidInput` when `revision` names no commit;
    ///   `WorkflowError.gitFailed` when git fails.
    public static func load(
        root: String, revision: String?, discovery: DiscoveryOptions, extraction: ExtractionOptions, useCache: Bool,
        environment: WorkflowEnvironment, progress: ExtractionProgressHandler? = nil
    ) throws(WorkflowError) -> Inventory {
        try prepare(root: root, revision: revision, discovery: discovery, extraction: extraction, useCache: useCache,
                    environment: environment).extract(progress: progress)
    }

    /// The files of `root` at `revision` found and read, ready to extract: several revisions are prepared first so
    /// that one progress line can count the files of all of them.
    static func prepare(
        root: String, revision: String?, discovery: DiscoveryOptions, extraction: ExtractionOptions, useCache: Bool,
        environment: WorkflowEnvironment
    ) throws(WorkflowError) -> PreparedRevision {
        guard let revision else {
            let scan = SourceScan(roots: [root], discovery: discovery, extraction: extraction, useCache: useCache)
            let plan = try scan.discover(environment: environment)
            let commit = Git.enclosing(environment.url(for: root))?.headCommit()
            return PreparedRevision(project: ProjectInfo(name: "", root: root, commit: commit), fileCount: plan.fileCount,
                                    files: .workTree(scan, plan))
        }
        let gitRoot = try GitRoot(root: root, environment: environment)
        let commit = try gitRoot.git.resolveCommit(revision)
        let paths = try gitRoot.git.files(at: commit, under: gitRoot.prefix)
            .compactMap(gitRoot.relativePath).filter { SourceDiscovery.selects(relativePath: $0, options: discovery) }
        let modules = try gitRoot.layout(discovery: discovery, environment: environment)
        let sources = try gitRoot.sources(paths, at: commit, modules: modules, includeUnowned: discovery.includeUnowned)
        let cache = useCache ? DiskExtractionCache(folder: DiskExtractionCache.defaultFolder(for: gitRoot.url, environment: environment)) : nil
        return PreparedRevision(project: ProjectInfo(name: "", root: root, commit: commit), fileCount: sources.count,
                                files: .revision(sources, modules.modules, SwiftExtractor(options: extraction), cache))
    }
}

/// A revision's files found and read (`RevisionInventory.prepare`), not yet extracted.
struct PreparedRevision {
    /// Where the files come from.
    enum Files {
        /// The work tree: the scan and what its discovery found.
        case workTree(SourceScan, ScanPlan)
        /// A git revision: the files' texts, the build systems' modules, the extractor and the cache.
        case revision([SourceText], [ModuleRecord], SwiftExtractor, DiskExtractionCache?)
    }

    /// The project the inventory describes (its name left empty, its commit filled in).
    let project: ProjectInfo
    /// How many Swift files will be extracted.
    let fileCount: Int
    /// The files and how they are extracted.
    let files: Files

    /// Extracts the files and builds the inventory.
    ///
    /// - Parameter progress: Called from the worker threads after each extracted file; `nil` reports nothing.
    /// - Returns: The inventory of the revision.
    /// - Throws: `WorkflowError` when a work-tree file cannot be read.
    func extract(progress: ExtractionProgressHandler?) throws(WorkflowError) -> Inventory {
        switch files {
        case .workTree(var scan, let plan):
            scan.progress = progress
            let result = try scan.extract(plan)
            let resources = scan.readAppRecords(plan, extracted: result)
            return Inventory(project: project, types: result.types, functions: result.functions, modules: result.modules,
                             properties: result.properties, messages: resources.messages, errors: resources.errors,
                             entities: resources.entities, screens: resources.screens, transitions: resources.transitions)
        case .revision(let sources, let modules, let extractor, let cache):
            let result = extractor.extract(sources: sources, cache: cache, progress: progress)
            return Inventory(project: project, types: result.types, functions: result.functions, modules: modules,
                             properties: result.properties)
        }
    }
}
