import Foundation

/// Finds the Swift files under a root (a folder, or a single `.swift` file).
///
/// - Regular `.swift` files only. Symbolic links are followed only when they point inside the root; each
///   folder is entered once (no loops) and a file reached by several paths is reported once (the first path).
/// - Left out by default: hidden files and folders (`.git`, `.build`, `.swiftpm`, …) and the folders
///   `Pods`, `Carthage`, `DerivedData`, `node_modules` and `checkouts`.
/// - Inside a git work tree, files git ignores are left out (unless `respectGitIgnore` is false), also inside
///   nested repositories and submodules; without git, or outside a work tree, the file system decides alone.
/// - `includes` / `excludes` globs (`GlobPattern`) narrow the result.
/// - The result is sorted by relative path.
public enum SourceDiscovery {
    /// Folder names that are never scanned (besides hidden ones).
    public static let excludedFolderNames: Set<String> = [
        "Pods", "Carthage", "DerivedData", "node_modules", "checkouts", ".build", ".swiftpm",
    ]

    /// True when discovery would keep a `.swift` file at `relativePath` (`/`-separated, relative to the root)
    /// on the path rules alone: no hidden or default-excluded folder on the way, not a hidden file, and the
    /// include and exclude globs allow it. For files that come from elsewhere than the disk, e.g. from git.
    ///
    /// - Parameters:
    ///   - relativePath: The file's `/`-separated path relative to the root.
    ///   - options: The include and exclude globs to apply (`respectGitIgnore` is not consulted).
    /// - Returns: True when the file is a non-hidden `.swift` file outside hidden and default-excluded folders that the
    ///   globs allow.
    public static func selects(relativePath: String, options: DiscoveryOptions) -> Bool {
        let components = relativePath.split(separator: "/")
        guard let name = components.last, name.hasSuffix(".swift"), !name.hasPrefix(".") else { return false }
        for folder in components.dropLast() where folder.hasPrefix(".") || excludedFolderNames.contains(String(folder)) {
            return false
        }
        let globPath = options.globBase + relativePath
        if options.excludes.contains(where: { GlobPattern($0).matches(globPath) }) { return false }
        return options.includes.isEmpty || options.includes.contains { GlobPattern($0).matches(globPath) }
    }

    /// The Swift files under `root` that `options` select, sorted by relative path.
    ///
    /// - Parameters:
    ///   - root: A folder to scan, or a single `.swift` file.
    ///   - options: The include and exclude globs and whether git-ignored files are left out.
    /// - Returns: The selected files with their modules, sorted by relative path, each file once even when symbolic
    ///   links reach it twice.
    /// - Throws: `ExtractionError.rootNotFound` when nothing exists at `root`; `ExtractionError.notASwiftFile` when
    ///   `root` is a file without the `.swift` extension or neither a file nor a folder;
    ///   `ExtractionError.unreadableFolder` when a folder under `root` cannot be listed;
    ///   `ExtractionError.invalidGlob` for an empty include or exclude glob.
    public static func discover(root: URL, options: DiscoveryOptions) throws(ExtractionError) -> [SourceFile] {
        let root = root.standardizedFileURL
        for pattern in options.includes + options.excludes where GlobPattern(pattern).isEmpty {
            throw .invalidGlob(pattern)
        }
        guard let kind = FileKind.of(path: root.path, followingLinks: true) else {
            throw .rootNotFound(root.path)
        }
        if kind == .regularFile {
            guard root.pathExtension == "swift" else { throw .notASwiftFile(root.path) }
            let folder = root.deletingLastPathComponent()
            let name = root.lastPathComponent
            return [
                SourceFile(relativePath: name, url: root, module: ModuleResolver(root: folder).module(forRelativePath: name))
            ]
        }
        guard kind == .directory else { throw .notASwiftFile(root.path) }

        var walker = FolderWalker(root: root, options: options)
        try walker.walk(folder: root, relativePath: "")
        var found = walker.files
        if options.respectGitIgnore, var ignored = GitFileList.ignoredPaths(in: root) {
            // A nested repository (or submodule) answers for its own files.
            for nested in walker.nestedRepositories {
                if let inner = GitFileList.ignoredPaths(in: root.appendingPathComponent(nested)) {
                    ignored.add(inner, under: nested)
                }
            }
            found = found.filter { !ignored.contains($0.relativePath) }
        }
        found.sort { $0.relativePath < $1.relativePath }
        if walker.followedLinks {
            var seen = Set<String>()
            found = found.filter { seen.insert($0.url.resolvingSymlinksInPath().path).inserted }
        }
        let resolver = ModuleResolver(root: root)
        return found.map { SourceFile(relativePath: $0.relativePath, url: $0.url, module: resolver.module(forRelativePath: $0.relativePath)) }
    }
}

/// What a path is on disk.
enum FileKind {
    case regularFile, directory, symbolicLink, other

    /// The kind of the item at `path`, or `nil` when there is none. With `followingLinks`, a link is
    /// described by what it points to.
    static func of(path: String, followingLinks: Bool) -> FileKind? {
        var info = stat()
        let status = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard status == 0 else { return nil }
        switch info.st_mode & 0o170000 {
        case 0o100000: return .regularFile
        case 0o040000: return .directory
        case 0o120000: return .symbolicLink
        default: return .other
        }
    }
}

/// The recursive folder walk behind `SourceDiscovery`.
private struct FolderWalker {
    struct Found {
        var relativePath: String
        var url: URL
    }

    let root: URL
    let realRoot: String
    let includes: [GlobPattern]
    let excludes: [GlobPattern]
    let globBase: String
    var files: [Found] = []
    /// Folders below the root that hold a `.git` entry (nested repositories and submodules), relative to the root.
    var nestedRepositories: [String] = []
    var visitedFolders = Set<String>()
    var followedLinks = false

    init(root: URL, options: DiscoveryOptions) {
        self.root = root
        self.realRoot = root.resolvingSymlinksInPath().path
        self.includes = options.includes.map(GlobPattern.init)
        self.excludes = options.excludes.map(GlobPattern.init)
        self.globBase = options.globBase
    }

    mutating func walk(folder: URL, relativePath: String) throws(ExtractionError) {
        guard visitedFolders.insert(folder.resolvingSymlinksInPath().path).inserted else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw .unreadableFolder(path: relativePath.isEmpty ? folder.path : relativePath, reason: "permission denied or not a folder")
        }
        if !relativePath.isEmpty, names.contains(".git") { nestedRepositories.append(relativePath) }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = relativePath.isEmpty ? name : relativePath + "/" + name
            if excludes.contains(where: { $0.matches(globBase + path) }) { continue }
            let url = folder.appendingPathComponent(name)
            guard var kind = FileKind.of(path: url.path, followingLinks: false) else { continue }
            if kind == .symbolicLink {
                guard isInsideRoot(url.resolvingSymlinksInPath().path),
                    let target = FileKind.of(path: url.path, followingLinks: true)
                else { continue }
                followedLinks = true
                kind = target
            }
            switch kind {
            case .directory:
                if SourceDiscovery.excludedFolderNames.contains(name) { continue }
                try walk(folder: url, relativePath: path)
            case .regularFile:
                guard name.hasSuffix(".swift") else { continue }
                if !includes.isEmpty && !includes.contains(where: { $0.matches(globBase + path) }) { continue }
                files.append(Found(relativePath: path, url: url))
            default:
                continue
            }
        }
    }

    private func isInsideRoot(_ path: String) -> Bool {
        path == realRoot || path.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
    }
}
