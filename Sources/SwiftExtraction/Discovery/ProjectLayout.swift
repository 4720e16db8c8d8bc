import Foundation
import Inventory
import Parallelism

/// The build system's view of a scanned tree: which targets compile each Swift file.
///
/// - **Xcode projects**: every `*.xcodeproj` under the root (and in the nearest folder above it that has one), read
///   by `XcodeProject`: Sources build phases, synchronized folders and their exceptions, module names from build
///   settings.
/// - **Swift packages**: every `Package.swift` under the root, and the nearest one above it. A file belongs to the
///   package of the nearest manifest above it (a file in `Packages/Account/Sources/Account/` belongs to target
///   `Account` of `Packages/Account`, never to an outer package), to the target whose folder holds it as SwiftPM
///   resolves it (`PackageManifest`: `path:`, `exclude:`, `sources:`, default folders).
/// - **Selections**: a root that is an `.xcworkspace` or `.xcodeproj` limits the projects to the ones it names and the
///   local packages they reference; only files those targets compile are kept.
///
/// Owners are listed in project order (see ``OwnerRank``: the nearest build description containing the file first, a
/// package before an Xcode project at the same distance); a file's `module` is the first one's.
public struct ProjectLayout: Sendable {
    /// A target that compiles a file.
    public struct Owner: Hashable, Sendable {
        /// The module name.
        public var module: String
        /// The target's name in its project (differs from `module` for an Xcode product such as `Ice Cubes`).
        public var targetName: String
        /// What the target builds.
        public var kind: TargetKind
        /// The `.xcodeproj` folder or `Package.swift` that declares it (absolute).
        public var project: String
    }

    /// Which module a file belongs to.
    public enum Assignment: Hashable, Sendable {
        /// Compiled by these targets, in project order.
        case owned([Owner])
        /// Inside a package or an Xcode project's folder, but no target compiles it.
        case unowned
        /// Outside the workspace or project the user named: not part of what it builds.
        case outsideSelection
        /// No build description covers the file: its module is named after a folder.
        case ungoverned
    }

    private struct Project: Sendable {
        var path: String
        var owners: [(target: XcodeProject.Target, owner: Owner)]
        var folder: String
    }

    private var projects: [Project] = []
    private var packages: [String: PackageManifest] = [:]
    private var selected: Bool = false
    /// Where relative project paths in `modules` start.
    private var base: String
    /// Problems with the build descriptions (an unreadable project, a missing `.xcconfig`, a manifest whose
    /// evaluation failed, a place of a syntactically read manifest that only evaluation could resolve).
    public private(set) var problems: [BuildDescriptionProblem] = []

    /// A layout with no build description: every file is `.ungoverned`.
    ///
    /// - Parameter base: The folder relative project paths start from.
    public init(base: String) {
        self.base = base
    }

    /// Reads the build descriptions for a scan.
    ///
    /// - Parameters:
    ///   - root: The scanned folder (absolute).
    ///   - xcodeProjects: `.xcodeproj` folders found under the root (absolute).
    ///   - manifestFolders: Folders under the root that hold a `Package.swift` (absolute).
    ///   - selection: The `.xcworkspace` or `.xcodeproj` the user named instead of a folder, or `nil`.
    ///   - reading: How manifests are read.
    ///   - includingRootProjects: Also look for `.xcodeproj` folders in `root` itself (when it was not walked).
    /// - Throws: `ExtractionError.unreadableProject` when the selected workspace or project cannot be read.
    public init(root: URL, xcodeProjects: [String], manifestFolders: [String], selection: URL?, reading: ManifestReading,
                includingRootProjects: Bool = false) throws(ExtractionError)
    {
        let rootPath = root.standardizedFileURL.path
        self.base = rootPath
        var projectPaths: [String]
        var manifestPaths: [String]
        // Build descriptions above the root count only when one of their targets reaches into the root: a folder of
        // loose files inside a package (samples, scripts) is not that package's.
        var outside = Set<String>()
        if let selection {
            selected = true
            let path = selection.standardizedFileURL.path
            if path.hasSuffix(".xcworkspace") {
                do {
                    let workspace = try XcodeWorkspace(path: path)
                    projectPaths = workspace.projects
                    manifestPaths = workspace.packageFolders
                } catch {
                    throw .unreadableProject(path: error.path, reason: error.message)
                }
            } else {
                projectPaths = [path]
                manifestPaths = []
            }
        } else {
            projectPaths = xcodeProjects.sorted()
            manifestPaths = manifestFolders
            let (aboveManifest, aboveProjects) = Self.buildDescriptionsAbove(rootPath, includingRoot: includingRootProjects)
            if let aboveManifest { manifestPaths.append(aboveManifest) }
            projectPaths = aboveProjects + projectPaths
            outside = Set(aboveProjects + (aboveManifest.map { [$0] } ?? [])).subtracting([rootPath])
        }
        for path in projectPaths {
            let project: XcodeProject
            do {
                project = try XcodeProject(path: path)
            } catch {
                if selected { throw .unreadableProject(path: error.path, reason: error.message) }
                problems.append(BuildDescriptionProblem(path: error.path, message: error.message + "; its files are treated as if no project described them"))
                continue
            }
            if outside.contains(path), !project.targets.contains(where: { $0.reaches(into: rootPath) }) { continue }
            problems += project.problems
            if selected { manifestPaths += project.localPackageFolders }
            projects.append(Project(
                path: path,
                owners: project.targets.map { ($0, Owner(module: $0.module, targetName: $0.name, kind: $0.kind, project: path)) },
                folder: (path as NSString).deletingLastPathComponent))
        }
        let folders = Array(Set(manifestPaths.map { ($0 as NSString).standardizingPath })).sorted()
        let manifests = parallelMap(folders, threads: .largeStack) { PackageManifest.read(folder: $0, reading: reading) }
        for manifest in manifests {
            guard let manifest else { continue }
            if outside.contains(manifest.folder), let inside = FolderPaths.relative(rootPath, to: manifest.folder),
               !manifest.targets.contains(where: { target in
                   target.path.isEmpty || FolderPaths.relative(inside, to: target.path) != nil || FolderPaths.relative(target.path, to: inside) != nil
               }) { continue }
            let manifestPath = manifest.folder + "/Package.swift"
            if let reason = manifest.fallbackReason {
                problems.append(BuildDescriptionProblem(
                    path: manifestPath,
                    message: "read without evaluating it (\(reason)); targets the manifest computes are missed"))
            }
            problems += manifest.notes.map { BuildDescriptionProblem(path: manifestPath, message: $0.message, line: $0.line) }
            packages[manifest.folder] = manifest
        }
    }

    /// The nearest `Package.swift` folder at or above `root` (not crossing the top of a git work tree) and the
    /// `.xcodeproj` folders of the nearest folder above `root` that has any.
    private static func buildDescriptionsAbove(_ root: String, includingRoot: Bool) -> (String?, [String]) {
        var manifest: String?
        var projects: [String] = []
        var folder = root
        var first = !includingRoot
        while true {
            if manifest == nil, FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("Package.swift")) {
                manifest = folder
            }
            if !first, projects.isEmpty, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) {
                projects = names.filter { $0.hasSuffix(".xcodeproj") }.sorted().map { (folder as NSString).appendingPathComponent($0) }
            }
            first = false
            let isRepositoryTop = FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(".git"))
            let parent = (folder as NSString).deletingLastPathComponent
            if isRepositoryTop || parent == folder || folder == "/" { break }
            folder = parent
        }
        return (manifest, projects)
    }

    /// The targets that compile the Swift file at `path`.
    ///
    /// - Parameter path: The file's absolute, standardized path (a symbolic link is not resolved here: ask for
    ///   each path that reaches the file).
    /// - Returns: Its owners in project order, or why it has none.
    public func assignment(forPath path: String) -> Assignment {
        assignment(forPaths: [path])
    }

    /// Which module a file reached by several paths (symbolic links) belongs to: the owners of every path, in
    /// project order (``OwnerRank``), so the first owner does not depend on which link the walk met first.
    ///
    /// - Parameter paths: Absolute, standardized paths that reach the same file.
    /// - Returns: `owned` when a target compiles any of the paths, else `unowned` when a build description governs
    ///   one of them, else `outsideSelection` or `ungoverned`.
    public func assignment(forPaths paths: [String]) -> Assignment {
        var owners: [(rank: OwnerRank, owner: Owner)] = []
        var governed = false
        for path in paths {
            for project in projects {
                if FolderPaths.relative(path, to: project.folder) != nil { governed = true }
                for (targetIndex, entry) in project.owners.enumerated() where entry.target.compiles(path) {
                    owners.append((OwnerRank(path: path, folder: project.folder, isPackage: false, description: project.path,
                                             target: targetIndex), entry.owner))
                    governed = true
                }
            }
            if let (folder, manifest) = nearestPackage(of: path) {
                governed = true
                let relative = FolderPaths.relative(path, to: folder) ?? ""
                if let (targetIndex, target) = manifest.indexedTarget(compiling: relative) {
                    owners.append((OwnerRank(path: path, folder: folder, isPackage: true, description: folder + "/Package.swift",
                                             target: targetIndex),
                                   Owner(module: XcodeBuildSettings.c99ExtendedIdentifier(target.name), targetName: target.name,
                                         kind: target.kind, project: folder + "/Package.swift")))
                }
            }
        }
        if !owners.isEmpty {
            var seen = Set<Owner>()
            return .owned(owners.sorted { $0.rank < $1.rank }.map(\.owner).filter { seen.insert($0).inserted })
        }
        if governed { return .unowned }
        return selected ? .outsideSelection : .ungoverned
    }

    /// The order of a file's owners ("project order"): build descriptions whose folder contains the file first, the
    /// nearest first; at the same distance a package before an Xcode project (a library's `Package.swift` and its
    /// `.xcodeproj` side by side: SwiftPM names the module as the compiler's symbol graphs do); then by the
    /// description's path, then by the target's position in it.
    struct OwnerRank: Comparable {
        var outside: Int
        var distance: Int
        var xcode: Int
        var description: String
        var target: Int

        init(path: String, folder: String, isPackage: Bool, description: String, target: Int) {
            if let relative = FolderPaths.relative(path, to: folder) {
                outside = 0
                distance = relative.split(separator: "/").count
            } else {
                outside = 1
                distance = 0
            }
            xcode = isPackage ? 0 : 1
            self.description = description
            self.target = target
        }

        static func < (a: OwnerRank, b: OwnerRank) -> Bool {
            (a.outside, a.distance, a.xcode, a.description, a.target) < (b.outside, b.distance, b.xcode, b.description, b.target)
        }
    }

    /// True when `folder` (absolute, standardized) holds a manifest the layout read.
    func hasPackage(at folder: String) -> Bool { packages[folder] != nil }

    private func nearestPackage(of path: String) -> (String, PackageManifest)? {
        guard !packages.isEmpty else { return nil }
        var folder = FolderPaths.parent(path)
        while true {
            if let manifest = packages[folder] { return (folder, manifest) }
            let parent = FolderPaths.parent(folder)
            if parent == folder || folder.isEmpty { return nil }
            folder = parent
        }
    }

    /// Every target of the layout's projects and packages, as module records with project paths relative to the
    /// scanned root.
    public var modules: [ModuleRecord] {
        var records: [ModuleRecord] = []
        for project in projects {
            for entry in project.owners {
                records.append(ModuleRecord(name: entry.owner.module, kind: entry.owner.kind, project: relativeProjectPath(project.path),
                                            dependencies: entry.target.dependencies))
            }
        }
        for (folder, manifest) in packages.sorted(by: { $0.key < $1.key }) {
            let targetNames = Set(manifest.targets.map(\.name))
            for target in manifest.targets {
                // A dependency on a target of the same package is its module; any other name is a product's.
                let dependencies = target.dependencies.map {
                    targetNames.contains($0) ? XcodeBuildSettings.c99ExtendedIdentifier($0) : $0
                }
                records.append(ModuleRecord(name: XcodeBuildSettings.c99ExtendedIdentifier(target.name), kind: target.kind,
                                            project: relativeProjectPath(folder + "/Package.swift"), dependencies: dependencies))
            }
        }
        return records
    }

    /// `path` relative to the scanned root, with `../` when it lies above it.
    ///
    /// - Parameter path: An absolute, standardized path (a project, a manifest, an `.xcconfig`).
    /// - Returns: E.g. `Packages/Core/Package.swift`, or `../App.xcodeproj` for a project above the root.
    public func relativeProjectPath(_ path: String) -> String {
        if let inside = FolderPaths.relative(path, to: base) { return inside }
        let baseParts = base.split(separator: "/")
        let pathParts = path.split(separator: "/")
        let common = zip(baseParts, pathParts).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: baseParts.count - common) + pathParts[common...].map(String.init)).joined(separator: "/")
    }
}
