import Foundation
import Inventory
import SwiftExtraction

/// A scanned root inside a git work tree: where git runs and how repository paths map to root-relative paths.
struct GitRoot {
    /// The root as given.
    let root: String
    /// The root on disk.
    let url: URL
    /// Git, run at the top of the work tree (so every path it prints is relative to the top).
    let git: Git
    /// The root's path inside the repository, `""` or ending in `/`.
    let prefix: String

    /// Locates `root` (relative to the current folder) in its git work tree.
    init(root: String, environment: WorkflowEnvironment) throws(WorkflowError) {
        self.root = root
        url = environment.url(for: root)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw .inputNotFound(path: root, hint: "pass an existing project folder")
        }
        guard isFolder.boolValue, Git.enclosing(url) != nil else { throw .notAGitRepository(path: root) }
        let atRoot = Git(directory: url)
        git = Git(directory: try atRoot.topLevel())
        prefix = try atRoot.prefix()
    }

    /// The root-relative path of a repository path, or `nil` when it is outside the root or not a Swift file.
    func relativePath(_ repositoryPath: String) -> String? {
        guard repositoryPath.hasSuffix(".swift"), repositoryPath.hasPrefix(prefix) else { return nil }
        return String(repositoryPath.dropFirst(prefix.count))
    }

    /// Reads `paths` (root-relative) at `revision` (`""` for the index) as source texts, in one `git cat-file --batch`.
    func sources(_ paths: [String], at revision: String, modules: ModuleResolver) throws(WorkflowError) -> [SourceText] {
        let specs = paths.map { "\(revision):\(prefix)\($0)" }
        let objects = try git.readObjects(specs)
        return zip(paths, specs).compactMap { path, spec in
            objects[spec].map { SourceText(relativePath: path, module: modules.module(forRelativePath: path), text: String(decoding: $0, as: UTF8.self)) }
        }
    }
}

/// Finds the functions added or changed (signature, access level or doc) in the staged content or since a
/// revision, so the gate looks only at what a commit touches.
enum ChangedFunctions {
    /// The functions of `root` that `scope` touches: added, or changed in signature, access level or doc
    /// (a rename alone does not count), compared with HEAD (`.staged`) or the revision (`.since`).
    static func find(
        root: String, scope: CheckOptions.Scope, discovery: DiscoveryOptions, extraction: ExtractionOptions,
        useCache: Bool, environment: WorkflowEnvironment
    ) throws(WorkflowError) -> ExtractionResult {
        let gitRoot = try GitRoot(root: root, environment: environment)
        let changes: [Git.Change]
        let baseRevision: String?
        switch scope {
        case .tree:
            return ExtractionResult()
        case .staged:
            changes = try gitRoot.git.stagedChanges()
            baseRevision = gitRoot.git.headCommit()
        case .since(let revision):
            baseRevision = try gitRoot.git.resolveCommit(revision)
            changes = try gitRoot.git.changes(since: revision)
        }
        var headPaths: [String] = []
        var basePaths: [String] = []
        for change in changes {
            guard let path = gitRoot.relativePath(change.path),
                  SourceDiscovery.selects(relativePath: path, options: discovery) else { continue }
            headPaths.append(path)
            if let old = change.oldPath.flatMap(gitRoot.relativePath) { basePaths.append(old) }
        }
        guard !headPaths.isEmpty else { return ExtractionResult() }

        let modules = ModuleResolver(root: gitRoot.url)
        let cache = useCache ? DiskExtractionCache(folder: DiskExtractionCache.defaultFolder(for: gitRoot.url, environment: environment)) : nil
        let extractor = SwiftExtractor(options: extraction)
        let headSources: [SourceText]
        if scope == .staged {
            headSources = try gitRoot.sources(headPaths, at: "", modules: modules)
        } else {
            headSources = try headPaths.map { path throws(WorkflowError) in
                let url = gitRoot.url.appendingPathComponent(path)
                guard let data = FileManager.default.contents(atPath: url.path) else {
                    throw .invalidInput(path: SourceScan.displayPath(root: root, file: path), reason: "cannot read the file; check its permissions")
                }
                return SourceText(relativePath: path, module: modules.module(forRelativePath: path), text: String(decoding: data, as: UTF8.self))
            }
        }
        let baseSources = try baseRevision.map { revision throws(WorkflowError) in
            try gitRoot.sources(basePaths, at: revision, modules: modules)
        } ?? []
        let head = extractor.extract(sources: headSources, cache: cache)
        let base = extractor.extract(sources: baseSources, cache: cache)
        let project = ProjectInfo(name: "", root: root)
        let diff = InventoryDiff(base: Inventory(project: project, types: [], functions: base.functions),
                                 head: Inventory(project: project, types: [], functions: head.functions),
                                 baseLabel: baseRevision ?? "", headLabel: "")
        let touched = diff.added + diff.changed.filter { $0.changes != [.file] }.map(\.new)
        return ExtractionResult(functions: touched.sorted(by: Inventory.precedes), types: [], diagnostics: head.diagnostics)
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
    /// - Returns: The inventory of the Swift files under `root` as they are at `revision` (read from git without a
    ///   checkout).
    /// - Throws: `WorkflowError.inputNotFound` when `root` does not exist; `WorkflowError.notAGitRepository` when it is
    ///   not in a git work tree; `WorkflowError.invalidInput` when `revision` names no commit;
    ///   `WorkflowError.gitFailed` when git fails.
    public static func load(
        root: String, revision: String?, discovery: DiscoveryOptions, extraction: ExtractionOptions, useCache: Bool,
        environment: WorkflowEnvironment
    ) throws(WorkflowError) -> Inventory {
        guard let revision else {
            let result = try SourceScan(roots: [root], discovery: discovery, extraction: extraction, useCache: useCache)
                .run(environment: environment)
            let commit = Git.enclosing(environment.url(for: root))?.headCommit()
            return Inventory(project: ProjectInfo(name: "", root: root, commit: commit), types: result.types, functions: result.functions)
        }
        let gitRoot = try GitRoot(root: root, environment: environment)
        let commit = try gitRoot.git.resolveCommit(revision)
        let paths = try gitRoot.git.files(at: commit, under: gitRoot.prefix)
            .compactMap(gitRoot.relativePath).filter { SourceDiscovery.selects(relativePath: $0, options: discovery) }
        let modules = ModuleResolver(root: gitRoot.url)
        let sources = try gitRoot.sources(paths, at: commit, modules: modules)
        let cache = useCache ? DiskExtractionCache(folder: DiskExtractionCache.defaultFolder(for: gitRoot.url, environment: environment)) : nil
        let result = SwiftExtractor(options: extraction).extract(sources: sources, cache: cache)
        return Inventory(project: ProjectInfo(name: "", root: root, commit: commit), types: result.types, functions: result.functions)
    }
}
