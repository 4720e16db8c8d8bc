import Foundation
import Inventory
import FileSupport
import Parallelism

/// Finds the Swift files under a root (a folder, or a single `.swift` file).
///
/// - Regular `.swift` files only. Symbolic links are followed only when they point inside the root; each
///   folder is entered once (no loops) and a file reached by several paths is reported once (the first path).
/// - Left out by default: hidden files and folders (`.git`, `.build`, `.swiftpm`, …), the folders
///   `Pods`, `Carthage`, `DerivedData`, `node_modules` and `checkouts`, and framework bundles (`*.framework`,
///   `*.xcframework`: a prebuilt dependency's headers, which Xcode links and never compiles).
/// - Inside a git work tree, files git ignores are left out (unless `respectGitIgnore` is false), also inside
///   nested repositories and submodules; without git, or outside a work tree, the file system decides alone.
/// - `includes` / `excludes` globs (`GlobPattern`) narrow the result.
/// - The result is sorted by relative path.
public enum SourceDiscovery {
    /// Folder names that are never scanned (besides hidden ones).
    public static let excludedFolderNames: Set<String> = [
        "Pods", "Carthage", "DerivedData", "node_modules", "checkouts", ".build", ".swiftpm",
    ]

    /// True for a folder that is never scanned besides hidden ones: one of ``excludedFolderNames``, or a framework
    /// bundle (`Growl.framework`, `Sparkle.xcframework`): a prebuilt dependency vendored into the project, whose
    /// headers describe a binary the project links (Xcode lists it as a `wrapper.framework`), like a system
    /// framework's, not code of the project.
    ///
    /// - Parameter name: A folder's name.
    /// - Returns: True when the folder is left out.
    public static func isExcludedFolder(_ name: some StringProtocol) -> Bool {
        excludedFolderNames.contains(String(name)) || name.hasSuffix(".framework") || name.hasSuffix(".xcframework")
    }

    /// True for an Objective-C file name: `.h`, `.m` or `.mm` (not hidden).
    ///
    /// - Parameter name: A file name.
    /// - Returns: True for `.h`, `.m` and `.mm`.
    public static func isObjectiveC(_ name: String) -> Bool {
        !name.hasPrefix(".") && (name.hasSuffix(".h") || name.hasSuffix(".m") || name.hasSuffix(".mm"))
    }

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
        for folder in components.dropLast() where folder.hasPrefix(".") || isExcludedFolder(folder) {
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
    /// - Throws: As `scan(root:options:)`.
    public static func discover(root: URL, options: DiscoveryOptions) throws(ExtractionError) -> [SourceFile] {
        try scan(root: root, options: options).files
    }

    /// The `.xcworkspace` or `.xcodeproj` a root names, and the folder to scan for it (the one holding it); `nil`
    /// for any other root.
    ///
    /// - Parameter root: A root as given on the command line, made absolute.
    /// - Returns: The folder to scan and the selection, or `nil`.
    public static func projectSelection(for root: URL) -> (folder: URL, selection: URL)? {
        let root = root.standardizedFileURL
        guard ["xcworkspace", "xcodeproj"].contains(root.pathExtension),
              FileKind.of(path: root.path, followingLinks: true) == .directory else { return nil }
        return (root.deletingLastPathComponent(), root)
    }

    /// Discovers several roots side by side, as `scan(root:options:)` discovers each (one root: on this thread).
    ///
    /// - Parameters:
    ///   - roots: Each root with its options.
    ///   - jobs: The most roots discovered at once; `nil` uses one thread per core.
    /// - Returns: Each root's discovery or error, in the order of `roots`.
    public static func scan(roots: [(root: URL, options: DiscoveryOptions)], jobs: Int?) -> [Result<Discovery, ExtractionError>] {
        let discover = { @Sendable (request: (root: URL, options: DiscoveryOptions)) in
            Result { () throws(ExtractionError) in try scan(root: request.root, options: request.options) }
        }
        guard roots.count > 1, jobs != 1 else { return roots.map(discover) }
        // Large-stack threads: reading a manifest parses it.
        return parallelMap(roots, jobs: jobs, threads: .largeStack, discover)
    }

    /// Finds the Swift files under `root`, with the targets that compile each (`ProjectLayout`).
    ///
    /// - Parameters:
    ///   - root: A folder to scan, a single `.swift` file, or an `.xcworkspace` / `.xcodeproj` (then the folder that
    ///     holds it is scanned, keeping only the files its targets compile; paths are relative to that folder).
    ///   - options: The include and exclude globs, whether git-ignored files and files no target compiles are left
    ///     out, and how manifests are read.
    /// - Returns: The files, the files no target compiles, the modules and the problems with build descriptions.
    /// - Throws: `ExtractionError.rootNotFound` when nothing exists at `root`; `ExtractionError.notASwiftFile` when
    ///   `root` is a file without the `.swift` extension or neither a file nor a folder;
    ///   `ExtractionError.unreadableFolder` when a folder under `root` cannot be listed;
    ///   `ExtractionError.invalidGlob` for an empty include or exclude glob; `ExtractionError.unreadableProject` when
    ///   the named workspace or project cannot be read.
    public static func scan(root: URL, options: DiscoveryOptions) throws(ExtractionError) -> Discovery {
        var root = root.standardizedFileURL
        for pattern in options.includes + options.excludes where GlobPattern(pattern).isEmpty {
            throw .invalidGlob(pattern)
        }
        var selection: URL?
        if let selected = projectSelection(for: root) {
            root = selected.folder
            selection = selected.selection
        }
        guard let kind = FileKind.of(path: root.path, followingLinks: true) else {
            throw .rootNotFound(root.path)
        }
        if kind == .regularFile {
            guard root.pathExtension == "swift" else { throw .notASwiftFile(root.path) }
            let folder = root.deletingLastPathComponent()
            let name = root.lastPathComponent
            let layout = try ProjectLayout(root: folder, xcodeProjects: [], manifestFolders: [], selection: nil,
                                           reading: options.manifests, includingRootProjects: true)
            var single = options
            single.includeUnowned = true
            var discovery = Discovery(layout: layout, root: folder, options: single)
            discovery.add(paths: [Found(relativePath: name, url: root)], realPath: FilePaths.resolvingLinks(root))
            return discovery
        }
        guard kind == .directory else { throw .notASwiftFile(root.path) }

        var walker = FolderWalker(root: root, options: options)
        try walker.walk(folder: root, relativePath: "", throughLink: walker.realRoot != root.path)
        var found = walker.files
        if options.respectGitIgnore, var ignored = GitFileList.ignoredPaths(in: root) {
            // A nested repository (or submodule) answers for its own files.
            for nested in walker.nestedRepositories {
                if let inner = GitFileList.ignoredPaths(in: root.appendingPathComponent(nested)) {
                    ignored.add(inner, under: nested)
                }
            }
            found = found.filter { !ignored.contains($0.relativePath) }
            walker.objectiveCFiles = walker.objectiveCFiles.filter { !ignored.contains($0.relativePath) }
            walker.manifestFolders = walker.manifestFolders.filter { !ignored.contains($0.isEmpty ? "Package.swift" : $0 + "/Package.swift") }
        }
        found.sort { $0.relativePath < $1.relativePath }
        let layout = try ProjectLayout(
            root: root, xcodeProjects: walker.xcodeProjects.map { root.appendingPathComponent($0).path },
            manifestFolders: walker.manifestFolders.map { $0.isEmpty ? root.path : root.appendingPathComponent($0).path },
            selection: selection, reading: options.manifests, includingRootProjects: false)
        var discovery = Discovery(layout: layout, root: root, options: options)
        // A file reached by several paths (symbolic links) is one file, under its first path, with the targets of
        // every path that reaches it. A file no link led to, below a root whose path is real, is at its real path
        // already: only files reached through a link are resolved (one linked folder used to resolve every file).
        let rootIsReal = walker.realRoot == root.path
            && (!walker.followedLinks || FilePaths.resolvingLinks(root) == root.path)
        var groups: [String: [Found]] = [:]
        var order: [String] = []
        for file in found {
            let key = walker.followedLinks ? file.resolvedPath(rootIsReal: rootIsReal) : file.url.path
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(file)
        }
        for key in order {
            guard let paths = groups[key], let first = paths.first else { continue }
            // With links followed, the key is the files' real path already; without, each file has one path.
            discovery.add(paths: paths, realPath: walker.followedLinks ? key : first.resolvedPath(rootIsReal: rootIsReal))
        }
        discovery.addObjectiveC(walker.objectiveCFiles.sorted { $0.relativePath < $1.relativePath }, rootIsReal: rootIsReal)
        return discovery
    }
}

/// What discovery found under a root: the files to extract, the files no target compiles, and the build system's
/// view they were placed by.
public struct Discovery: Sendable {
    /// The files to extract, sorted by relative path.
    public private(set) var files: [SourceFile] = []
    /// The Objective-C files (`.h`, `.m`, `.mm`) with their modules, sorted by relative path; empty unless
    /// `DiscoveryOptions.includeObjectiveC`, and empty when the root has headers but no `.m` or `.mm` file (a C
    /// target's headers are not Objective-C code). A file a target compiles gets that target's module; a header no target
    /// compiles gets the module of the `.m`/`.mm` beside it of the same name, else its folder's module.
    public private(set) var objectiveCFiles: [SourceFile] = []
    /// Relative paths of Swift files inside a package or Xcode project that no target compiles, left out (kept in
    /// `files` too, under a folder module, with `includeUnowned`).
    public private(set) var unowned: [String] = []
    /// The build system's view of the root.
    public let layout: ProjectLayout
    /// The scanned folder (for a single-file root, its folder; for a workspace, the folder holding it).
    public let root: URL
    private let options: DiscoveryOptions

    init(layout: ProjectLayout, root: URL, options: DiscoveryOptions) {
        self.layout = layout
        self.root = root
        self.options = options
    }

    /// The modules of the build descriptions that the options keep, and the files' folder modules.
    public var modules: [ModuleRecord] {
        var records = layout.modules.filter { record in
            (!options.excludeTests || !record.kind.isTest) && (options.onlyTargets.isEmpty || options.onlyTargets.contains(record.name))
        }
        for file in files where file.moduleKind == .folder {
            records.append(ModuleRecord(name: file.module, kind: .folder))
        }
        return records
    }

    /// The problems with build descriptions as warnings at the line of the file concerned (1 for the whole file),
    /// relative to the root.
    public var diagnostics: [ExtractionDiagnostic] {
        layout.problems.map { problem in
            ExtractionDiagnostic(file: layout.relativeProjectPath(problem.path), line: problem.line, column: 1, severity: .warning,
                                 message: problem.message)
        }
    }

    /// Places the Objective-C files as Swift files are placed (unowned ones under their folder's module), a header
    /// no target compiles under the module of its implementation file.
    fileprivate mutating func addObjectiveC(_ found: [Found], rootIsReal: Bool) {
        // Headers alone are a C library's or a Swift package's C target (module maps, shims), not Objective-C code:
        // without a `.m` or `.mm` file, nothing is taken and a Swift project's output stays as it was.
        guard found.contains(where: { !$0.relativePath.hasSuffix(".h") }) else { return }
        var placed: [SourceFile] = []
        for file in found {
            var candidates = [file.url.path]
            let real = file.resolvedPath(rootIsReal: rootIsReal)
            if !candidates.contains(real) { candidates.append(real) }
            if let source = place(file.relativePath, url: file.url, reachedBy: candidates, includeUnowned: true).file {
                placed.append(source)
            }
        }
        var implementationModules: [String: SourceFile] = [:]
        for file in placed where !file.relativePath.hasSuffix(".h") {
            let stem = Self.withoutExtension(file.relativePath)
            if implementationModules[stem] == nil || file.moduleKind != .folder { implementationModules[stem] = file }
        }
        for index in placed.indices where placed[index].relativePath.hasSuffix(".h") && placed[index].moduleKind == .folder {
            let stem = Self.withoutExtension(placed[index].relativePath)
            if let implementation = implementationModules[stem] {
                placed[index].module = implementation.module
                placed[index].targets = implementation.targets
                placed[index].moduleKind = implementation.moduleKind
            }
        }
        objectiveCFiles = placed
    }

    /// An Objective-C file's relative path without its `.h`, `.m` or `.mm` extension, as `NSString`'s
    /// `deletingPathExtension` gives it (without bridging each path to `NSString`).
    static func withoutExtension(_ relativePath: String) -> String {
        guard let dot = relativePath.utf8.lastIndex(of: UInt8(ascii: ".")),
              !relativePath.utf8[dot...].contains(UInt8(ascii: "/")) else { return relativePath }
        return String(relativePath[..<dot])
    }

    /// Adds one file reached by `paths` (several when symbolic links reach it), whose real path is `realPath`.
    fileprivate mutating func add(paths: [Found], realPath: String) {
        guard let first = paths.first else { return }
        var candidates = paths.map(\.url.path)
        if !candidates.contains(realPath) { candidates.append(realPath) }
        let (file, isUnowned) = place(first.relativePath, url: first.url, reachedBy: candidates, includeUnowned: options.includeUnowned)
        if isUnowned { unowned.append(first.relativePath) }
        if let file { files.append(file) }
    }

    /// The file at `relativePath` below the root (which need not exist on disk: a file at another git revision)
    /// with the module and targets the layout gives it, or `nil` when no target compiles it and unowned files are
    /// left out (or it is a package manifest).
    ///
    /// - Parameters:
    ///   - relativePath: A `/`-separated path relative to the scanned root.
    ///   - includeUnowned: Keep a file no target compiles, under a module named after its folder.
    /// - Returns: The placed file, or `nil`.
    public func placement(ofRelativePath relativePath: String, includeUnowned: Bool) -> SourceFile? {
        let url = root.appendingPathComponent(relativePath)
        return place(relativePath, url: url, reachedBy: [url.standardizedFileURL.path], includeUnowned: includeUnowned).file
    }

    private func place(_ relativePath: String, url: URL, reachedBy paths: [String], includeUnowned: Bool)
        -> (file: SourceFile?, unowned: Bool)
    {
        let components = relativePath.split(separator: "/")
        // Manifests are build descriptions, not sources of a target (SwiftPM leaves them out of a target at `.`).
        if let name = components.last, name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift")),
           layout.hasPackage(at: paths.first.map(FolderPaths.parent) ?? "") {
            return (nil, false)
        }
        var owners: [ProjectLayout.Owner] = []
        var isUnowned = false
        var isUngoverned = false
        switch layout.assignment(forPaths: paths) {
        case .owned(let found): owners = found
        case .unowned: isUnowned = true
        case .ungoverned: isUngoverned = true
        case .outsideSelection: break
        }
        if !owners.isEmpty {
            owners = owners.filter(options.keeps)
            guard let owner = owners.first else { return (nil, false) }
            var names: [String] = []
            for candidate in owners where !names.contains(candidate.module) { names.append(candidate.module) }
            return (SourceFile(relativePath: relativePath, url: url, module: owner.module, targets: names, moduleKind: owner.kind), false)
        }
        if !options.onlyTargets.isEmpty || (!isUnowned && !isUngoverned) { return (nil, false) }
        if isUngoverned && !isUnowned {
            let module = components.count > 1 ? String(components[0]) : root.lastPathComponent
            return (SourceFile(relativePath: relativePath, url: url, module: module), false)
        }
        guard includeUnowned else { return (nil, true) }
        let folder = components.count > 1 ? String(components[components.count - 2]) : root.lastPathComponent
        return (SourceFile(relativePath: relativePath, url: url, module: folder), true)
    }
}

/// A Swift file the walk found.
fileprivate struct Found {
    var relativePath: String
    var url: URL
    /// Whether a symbolic link led to the file (the file itself, a folder on the way, or the root).
    var throughLink = false
    /// The file's real path, when the walk already resolved it (the file is itself a link).
    var realPath: String?

    /// The file's real path: known when no link led to it below a real root, or when the walk resolved it.
    func resolvedPath(rootIsReal: Bool) -> String {
        if rootIsReal && !throughLink { return url.path }
        return realPath ?? FilePaths.resolvingLinks(url)
    }
}

/// The recursive folder walk behind `SourceDiscovery`.
private struct FolderWalker {

    let root: URL
    let realRoot: String
    let includes: [GlobPattern]
    let excludes: [GlobPattern]
    let globBase: String
    var files: [Found] = []
    /// The Objective-C files (`.h`, `.m`, `.mm`), when the options ask for them.
    var objectiveCFiles: [Found] = []
    let includeObjectiveC: Bool
    /// Folders below the root that hold a `.git` entry (nested repositories and submodules), relative to the root.
    var nestedRepositories: [String] = []
    var visitedFolders = Set<String>()
    var followedLinks = false
    /// `.xcodeproj` folders below the root, relative to it.
    var xcodeProjects: [String] = []
    /// Folders at or below the root that hold a `Package.swift`, relative to it (empty for the root).
    var manifestFolders: [String] = []

    init(root: URL, options: DiscoveryOptions) {
        self.root = root
        self.realRoot = root.resolvingSymlinksInPath().path
        self.includes = options.includes.map(GlobPattern.init)
        self.excludes = options.excludes.map(GlobPattern.init)
        self.globBase = options.globBase
        self.includeObjectiveC = options.includeObjectiveC
    }

    /// Walks `folder`; `throughLink` says whether a symbolic link led there (then its real path is asked for).
    mutating func walk(folder: URL, relativePath: String, throughLink: Bool) throws(ExtractionError) {
        let folderPath = folder.path
        guard visitedFolders.insert(throughLink ? FilePaths.resolvingLinks(folder) : folderPath).inserted else { return }
        // Listed with `readdir`, whose entries carry their kind: asking `lstat` about each entry, and making a URL for
        // each, was most of the walk of a large project.
        guard let entries = FolderEntries.list(folderPath) else {
            throw .unreadableFolder(path: relativePath.isEmpty ? folder.path : relativePath, reason: "permission denied or not a folder")
        }
        if !relativePath.isEmpty, entries.contains(where: { $0.name == ".git" }) { nestedRepositories.append(relativePath) }
        if entries.contains(where: { $0.name == "Package.swift" }) { manifestFolders.append(relativePath) }
        for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
            let name = entry.name
            let path = relativePath.isEmpty ? name : relativePath + "/" + name
            // The folders on the way were tried when the walk entered them (a match leaves them out), and the
            // configuration's excludes that match the root's own folders are not applied (ScanSettings).
            if excludes.contains(where: { $0.matches(globBase + path, parentsChecked: true) }) { continue }
            // Paths as text, and a URL only for what is kept: `URL.appendingPathComponent` asks the file system
            // whether each entry is a folder (Benchmarks/README.md).
            let entryPath = folderPath.hasSuffix("/") ? folderPath + name : folderPath + "/" + name
            guard var kind = entry.kind ?? FileKind.of(path: entryPath, followingLinks: false) else { continue }
            let isLink = kind == .symbolicLink
            var realPath: String?
            if isLink {
                realPath = FilePaths.resolvingLinks(URL(fileURLWithPath: entryPath, isDirectory: false))
                guard let realPath, isInsideRoot(realPath), let target = FileKind.of(path: entryPath, followingLinks: true)
                else { continue }
                followedLinks = true
                kind = target
            }
            switch kind {
            case .directory:
                if SourceDiscovery.isExcludedFolder(name) { continue }
                if name.hasSuffix(".xcodeproj") {
                    xcodeProjects.append(path)
                    continue
                }
                if name.hasSuffix(".xcworkspace") { continue }
                try walk(folder: URL(fileURLWithPath: entryPath, isDirectory: true), relativePath: path, throughLink: throughLink || isLink)
            case .regularFile:
                let isObjectiveC = includeObjectiveC && SourceDiscovery.isObjectiveC(name)
                guard name.hasSuffix(".swift") || isObjectiveC else { continue }
                if !includes.isEmpty && !includes.contains(where: { $0.matches(globBase + path) }) { continue }
                let url = URL(fileURLWithPath: entryPath, isDirectory: false)
                if isObjectiveC {
                    objectiveCFiles.append(Found(relativePath: path, url: url, throughLink: throughLink || isLink, realPath: realPath))
                    continue
                }
                files.append(Found(relativePath: path, url: url, throughLink: throughLink || isLink, realPath: realPath))
            default:
                continue
            }
        }
    }

    private func isInsideRoot(_ path: String) -> Bool {
        path == realRoot || path.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
    }
}

/// Absolute paths on disk compared as text.
public enum FolderPaths {
    /// `path` relative to `folder` (`""` for the folder itself), or `nil` when it lies outside the folder.
    ///
    /// - Parameters:
    ///   - path: A standardized absolute path.
    ///   - folder: A standardized absolute folder path, with or without a trailing `/`.
    /// - Returns: E.g. `Sources/App` for `/work/p/Sources/App` in `/work/p`.
    ///
    /// Compared as text, so a canonically equivalent spelling of a folder name matches (an `é` written as one scalar
    /// or as `e` and a combining mark, as a `.pbxproj` and the file system may spell a Vietnamese folder).
    public static func relative(_ path: String, to folder: String) -> String? {
        if path == folder { return "" }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// The folder that holds `path`, as `NSString.deletingLastPathComponent` gives it for a standardized absolute
    /// path (`/a/b` → `/a`, `/a` → `/`, `/` → `/`), without bridging to `NSString` (a visible share of placing a
    /// large project's files).
    ///
    /// - Parameter path: A standardized absolute path (no trailing `/`, no empty component).
    /// - Returns: The parent folder's path.
    public static func parent(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// Folder extensions SwiftPM and Xcode treat as one resource, never as sources (a `.docc` catalog's
    /// tutorial code, an asset catalog).
    static let resourceBundleExtensions: Set<String> = [
        "docc", "xcassets", "xcstrings", "xcdatamodel", "xcdatamodeld", "xcmappingmodel", "nib", "xib", "storyboard",
        "playground", "xcodeproj", "xcworkspace", "bundle", "lproj",
    ]

    /// True when a folder on the way of `relativePath` (not the file itself) is a resource bundle.
    static func isInsideResourceBundle(_ relativePath: String) -> Bool {
        relativePath.split(separator: "/").dropLast().contains { component in
            guard let dot = component.lastIndex(of: ".") else { return false }
            return resourceBundleExtensions.contains(String(component[component.index(after: dot)...]).lowercased())
        }
    }
}
