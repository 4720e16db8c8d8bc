import Foundation
import Inventory

/// The Swift sources of an Xcode project's native targets, read from `project.pbxproj` without Xcode.
///
/// The file is an OpenStep property list (Foundation's `PropertyListSerialization` reads it on every platform).
/// For each `PBXNativeTarget`, in the project's target order:
/// - the `.swift` files of its Sources build phase: build file → file reference → path through the group tree,
///   honouring `sourceTree` (`<group>`, `SOURCE_ROOT`, `<absolute>`; other trees such as `BUILT_PRODUCTS_DIR` are
///   not on disk) and `path` vs `name` (a group with only a `name` adds no folder);
/// - its Objective-C files (Documentation/ObjectiveC.md): the `.m` and `.mm` files of the Sources build phase, the
///   `.h` files of its Headers build phase (a framework's public, private and project headers), and the header its
///   `SWIFT_OBJC_BRIDGING_HEADER` build setting names;
/// - Xcode 16's folder-synchronized groups (`fileSystemSynchronizedGroups`): every file below the folder, minus the
///   `membershipExceptions` of a `PBXFileSystemSynchronizedBuildFileExceptionSet` for that target; an exception set
///   for a target that does not sync the folder *adds* those files to it;
/// - `EXCLUDED_SOURCE_FILE_NAMES` / `INCLUDED_SOURCE_FILE_NAMES` (fnmatch patterns on the name or the path);
/// - the module name: `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME`, else the target's name, after build-setting
///   expansion (`XcodeBuildSettings`, in the target's default configuration), as a C99 extended identifier.
///
/// Local Swift packages the project links (`XCLocalSwiftPackageReference`, or a folder reference holding a
/// `Package.swift`) are listed in `localPackageFolders`.
struct XcodeProject {
    /// One native target.
    struct Target {
        /// The target's name in Xcode.
        var name: String
        /// The module the compiler builds.
        var module: String
        /// What the target builds.
        var kind: TargetKind
        /// Absolute, standardized paths of the Swift and Objective-C files its Sources phase lists (and those
        /// synchronized-folder exceptions add), the headers of its Headers phase and its bridging header.
        var files: Set<String>
        /// Synchronized folders: absolute folder path and the paths below it that are not members.
        var synchronizedFolders: [(folder: String, exceptions: [String])]
        /// `EXCLUDED_SOURCE_FILE_NAMES` patterns.
        var excludedPatterns: [String]
        /// `INCLUDED_SOURCE_FILE_NAMES` patterns (they win over exclusions).
        var includedPatterns: [String]
        /// What it depends on, in the project's order: the modules of the targets its target dependencies name, then
        /// the Swift package products it links (by product name).
        var dependencies: [String] = []
        /// The Objective-C header its Swift code sees (`SWIFT_OBJC_BRIDGING_HEADER`, absolute and standardized), or
        /// `nil`.
        var bridgingHeader: String?

        /// True when the target compiles the Swift file at `path` (absolute, standardized).
        func compiles(_ path: String) -> Bool {
            let member = files.contains(path) || synchronizedFolders.contains { entry in
                guard let relative = FolderPaths.relative(path, to: entry.folder), !relative.isEmpty,
                      !FolderPaths.isInsideResourceBundle(relative) else { return false }
                return !entry.exceptions.contains { relative == $0 || relative.hasPrefix($0 + "/") }
            }
            guard member else { return false }
            if excludedPatterns.contains(where: { Self.matches($0, path) }) {
                return includedPatterns.contains { Self.matches($0, path) }
            }
            return true
        }

        /// True when the target compiles files inside `folder`, or syncs a folder that holds it.
        func reaches(into folder: String) -> Bool {
            files.contains { FolderPaths.relative($0, to: folder) != nil } || synchronizedFolders.contains {
                FolderPaths.relative($0.folder, to: folder) != nil || FolderPaths.relative(folder, to: $0.folder) != nil
            }
        }

        private static func matches(_ pattern: String, _ path: String) -> Bool {
            let name = (path as NSString).lastPathComponent
            return fnmatch(pattern, name, 0) == 0 || fnmatch(pattern, path, 0) == 0
        }
    }

    /// The `.xcodeproj` folder (absolute, standardized).
    var path: String
    /// The folder the project's relative paths start from (`SRCROOT`).
    var sourceRoot: String
    /// The native targets, in the project's order.
    var targets: [Target]
    /// Folders of local Swift packages the project references.
    var localPackageFolders: [String]
    /// Problems that did not stop the reading (a missing `.xcconfig`).
    var problems: [BuildDescriptionProblem]

    /// The kind of an Xcode product type (`com.apple.product-type.application`, …).
    static func kind(ofProductType type: String?) -> TargetKind {
        guard let type = type?.replacingOccurrences(of: "com.apple.product-type.", with: "") else { return .other }
        switch type {
        case "bundle.unit-test": return .unitTests
        case "bundle.ui-testing": return .uiTests
        case "framework", "framework.static", "xcframework": return .framework
        case "library.static": return .staticLibrary
        case "tool": return .executable
        default:
            if type.hasPrefix("application") || type.hasPrefix("watchapp") || type == "messages-application" { return .app }
            if type.contains("extension") { return .appExtension }
            return .other
        }
    }

    /// Reads the project whose `.xcodeproj` folder is `path`.
    init(path: String) throws(BuildDescriptionProblem) {
        let path = (path as NSString).standardizingPath
        let file = (path as NSString).appendingPathComponent("project.pbxproj")
        guard let data = FileManager.default.contents(atPath: file) else {
            throw BuildDescriptionProblem(path: file, message: "cannot read the project file")
        }
        let plist: Any
        do {
            plist = try OpenStepPropertyList.parse(data) ?? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw BuildDescriptionProblem(path: file, message: "not a valid project file (\(error.localizedDescription)); open and save it in Xcode")
        }
        guard let top = plist as? [String: Any], let objects = top["objects"] as? [String: Any],
              let rootID = top["rootObject"] as? String, let root = objects[rootID] as? [String: Any]
        else {
            throw BuildDescriptionProblem(path: file, message: "no root object; the file is not an Xcode project")
        }
        var reader = ObjectGraph(objects: objects, projectPath: path, projectObject: root)
        self.path = path
        self.sourceRoot = reader.sourceRoot
        self.targets = reader.targets()
        self.localPackageFolders = reader.localPackageFolders()
        self.problems = reader.problems
    }
}

/// Walks the objects of a `project.pbxproj`.
struct ObjectGraph {
    let objects: [String: Any]
    let projectPath: String
    let projectObject: [String: Any]
    let sourceRoot: String
    /// The group each object sits in.
    var parents: [String: String] = [:]
    var resolvedPaths: [String: String?] = [:]
    var problems: [BuildDescriptionProblem] = []

    init(objects: [String: Any], projectPath: String, projectObject: [String: Any]) {
        self.objects = objects
        self.projectPath = projectPath
        self.projectObject = projectObject
        var root = (projectPath as NSString).deletingLastPathComponent
        if let dir = projectObject["projectDirPath"] as? String, !dir.isEmpty {
            root = dir.hasPrefix("/") ? dir : (root as NSString).appendingPathComponent(dir)
        }
        if let extra = projectObject["projectRoot"] as? String, !extra.isEmpty {
            root = extra.hasPrefix("/") ? extra : (root as NSString).appendingPathComponent(extra)
        }
        self.sourceRoot = (root as NSString).standardizingPath
        for (id, value) in objects {
            guard let object = value as? [String: Any] else { continue }
            for child in object["children"] as? [String] ?? [] { parents[child] = id }
        }
    }

    func object(_ id: Any?) -> [String: Any]? {
        guard let id = id as? String else { return nil }
        return objects[id] as? [String: Any]
    }

    /// The absolute path of a file reference or group, or `nil` when it is not on disk (a product, an SDK file).
    mutating func path(of id: String) -> String? {
        if let known = resolvedPaths[id] { return known }
        resolvedPaths[id] = .some(nil)  // guards against cycles
        var standardized: String?
        if let object = object(id) {
            let own = object["path"] as? String
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<group>":
                // The parent's path is standardized already: only `own` is left to standardize.
                let base = parents[id] == nil ? sourceRoot : parents[id].flatMap { path(of: $0) }
                standardized = base.map { base in own.map { Self.appending($0, toStandardized: base) } ?? base }
            case "SOURCE_ROOT":
                standardized = own.map { Self.appending($0, toStandardized: sourceRoot) } ?? sourceRoot
            case "<absolute>":
                standardized = own.map { ($0 as NSString).standardizingPath }
            default:
                standardized = nil
            }
        }
        resolvedPaths[id] = .some(standardized)
        return standardized
    }

    /// `relative` appended to `base` and standardized, as `NSString.standardizingPath` gives the joined path, when
    /// `base` is standardized already: one `lstat` per component of `relative` instead of resolving the whole path
    /// again for every group and file of the project (a visible share of reading a large project). A symbolic link,
    /// a `..`, or an unusual path leaves it to Foundation.
    ///
    /// - Parameters:
    ///   - relative: A group or file path as the project file writes it.
    ///   - base: A standardized absolute folder path.
    /// - Returns: The standardized path.
    static func appending(_ relative: String, toStandardized base: String) -> String {
        func foundation() -> String { ((base as NSString).appendingPathComponent(relative) as NSString).standardizingPath }
        guard base.hasPrefix("/"), !relative.hasPrefix("/"), !relative.hasPrefix("~") else { return foundation() }
        var path = base
        for component in relative.split(separator: "/") where component != "." {
            guard component != ".." else { return foundation() }
            path = path == "/" ? "/" + component : path + "/" + component
            var information = stat()
            if lstat(path, &information) == 0, information.st_mode & S_IFMT == S_IFLNK { return foundation() }
        }
        return path
    }

    /// The settings levels of a configuration list in its default configuration: its `.xcconfig`, then its own.
    mutating func levels(ofConfigurationList id: Any?, configurationName: String?) -> (name: String?, levels: [XcodeBuildSettings.Level]) {
        guard let list = object(id) else { return (configurationName, []) }
        let wanted = configurationName ?? (list["defaultConfigurationName"] as? String) ?? "Release"
        let configurations = (list["buildConfigurations"] as? [String] ?? []).compactMap { object($0) }
        guard let configuration = configurations.first(where: { $0["name"] as? String == wanted }) ?? configurations.last else {
            return (wanted, [])
        }
        var levels: [XcodeBuildSettings.Level] = []
        if let reference = configuration["baseConfigurationReference"] as? String {
            if let file = path(of: reference) {
                var reader = XcconfigReader()
                if let settings = reader.settings(at: file) {
                    levels.append(settings)
                } else {
                    problems.append(BuildDescriptionProblem(path: file, message: "the build configuration file does not exist; its settings are not applied"))
                }
                problems += reader.problems
            }
        } else if let reference = configuration["baseConfigurationReferenceRelativePath"] as? String,
                  let anchor = configuration["baseConfigurationReferenceAnchor"] as? String, let folder = path(of: anchor) {
            var reader = XcconfigReader()
            let file = ((folder as NSString).appendingPathComponent(reference) as NSString).standardizingPath
            if let settings = reader.settings(at: file) {
                levels.append(settings)
            } else {
                problems.append(BuildDescriptionProblem(path: file, message: "the build configuration file does not exist; its settings are not applied"))
            }
            problems += reader.problems
        }
        var own: XcodeBuildSettings.Level = [:]
        for (key, value) in configuration["buildSettings"] as? [String: Any] ?? [:] where !key.contains("[") {
            if let text = value as? String {
                own[key] = text
            } else if let list = value as? [Any] {
                own[key] = list.compactMap { $0 as? String }.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
            }
        }
        levels.append(own)
        return (configuration["name"] as? String ?? wanted, levels)
    }

    mutating func targets() -> [XcodeProject.Target] {
        let projectName = ((projectPath as NSString).lastPathComponent as NSString).deletingPathExtension
        var result: [XcodeProject.Target] = []
        let targetIDs = projectObject["targets"] as? [String] ?? []
        // Exception sets of every synchronized folder, by the target they name.
        var additions: [String: Set<String>] = [:]
        var exceptions: [String: [String: [String]]] = [:]  // target → folder → member exceptions
        var explicitFolders: [String: [String]] = [:]  // synchronized folder → folders copied whole
        for (id, value) in objects {
            guard let group = value as? [String: Any], group["isa"] as? String == "PBXFileSystemSynchronizedRootGroup",
                  let folder = path(of: id) else { continue }
            // Explicit folders are copied whole as resources: nothing below them is compiled.
            explicitFolders[folder] = (group["explicitFolders"] as? [String] ?? []).map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
            for exceptionID in group["exceptions"] as? [String] ?? [] {
                guard let set = object(exceptionID), set["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                      let target = set["target"] as? String else { continue }
                let members = (set["membershipExceptions"] as? [String] ?? []).map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
                exceptions[target, default: [:]][folder, default: []] += members
            }
        }
        var synchronizedBy: [String: Set<String>] = [:]
        for targetID in targetIDs {
            for groupID in object(targetID)?["fileSystemSynchronizedGroups"] as? [String] ?? [] {
                if let folder = path(of: groupID) { synchronizedBy[targetID, default: []].insert(folder) }
            }
        }
        for (targetID, folders) in exceptions {
            for (folder, members) in folders where !(synchronizedBy[targetID]?.contains(folder) ?? false) {
                for member in members { additions[targetID, default: []].insert(((folder as NSString).appendingPathComponent(member) as NSString).standardizingPath) }
            }
        }

        var targetNames: [(String, String)] = []  // (target ID, module)
        for targetID in targetIDs {
            guard let target = object(targetID), target["isa"] as? String == "PBXNativeTarget" else { continue }
            let name = target["name"] as? String ?? targetID
            let own = levels(ofConfigurationList: target["buildConfigurationList"], configurationName: nil)
            let projectOwn = levels(ofConfigurationList: projectObject["buildConfigurationList"], configurationName: own.name)
            let builtIn: XcodeBuildSettings.Level = [
                "TARGET_NAME": name, "TARGETNAME": name, "PROJECT_NAME": projectName, "PROJECT": projectName,
                "SRCROOT": sourceRoot, "SOURCE_ROOT": sourceRoot, "PROJECT_DIR": sourceRoot,
                "PROJECT_FILE_PATH": projectPath, "CONFIGURATION": own.name ?? "Release",
                "PLATFORM_NAME": "iphoneos", "EFFECTIVE_PLATFORM_NAME": "-iphoneos",
            ]
            let settings = XcodeBuildSettings(levels: [builtIn] + projectOwn.levels + own.levels)
            var module = settings.value("PRODUCT_MODULE_NAME") ?? ""
            if module.isEmpty { module = settings.value("PRODUCT_NAME") ?? "" }
            if module.isEmpty { module = name }
            module = XcodeBuildSettings.c99ExtendedIdentifier(module)

            var files = additions[targetID] ?? []
            for phaseID in target["buildPhases"] as? [String] ?? [] {
                guard let phase = object(phaseID) else { continue }
                // Sources: Swift and Objective-C files; Headers: the target's headers (Objective-C's placement).
                let suffixes: [String]
                switch phase["isa"] as? String {
                case "PBXSourcesBuildPhase": suffixes = [".swift", ".m", ".mm"]
                case "PBXHeadersBuildPhase": suffixes = [".h"]
                default: continue
                }
                for buildFileID in phase["files"] as? [String] ?? [] {
                    guard let buildFile = object(buildFileID), let reference = buildFile["fileRef"] as? String else { continue }
                    for fileID in swiftFileReferences(reference) {
                        if let file = path(of: fileID), suffixes.contains(where: file.hasSuffix) { files.insert(file) }
                    }
                }
            }
            // The bridging header belongs to the target whose Swift code imports it.
            var bridgingHeader: String?
            if let header = settings.value("SWIFT_OBJC_BRIDGING_HEADER"), !header.isEmpty {
                let absolute = header.hasPrefix("/") ? header : (sourceRoot as NSString).appendingPathComponent(header)
                bridgingHeader = (absolute as NSString).standardizingPath
                files.insert((absolute as NSString).standardizingPath)
            }
            var synchronized: [(folder: String, exceptions: [String])] = []
            for groupID in target["fileSystemSynchronizedGroups"] as? [String] ?? [] {
                guard let folder = path(of: groupID) else { continue }
                synchronized.append((folder, (exceptions[targetID]?[folder] ?? []) + (explicitFolders[folder] ?? [])))
            }
            result.append(XcodeProject.Target(
                name: name, module: module, kind: XcodeProject.kind(ofProductType: target["productType"] as? String),
                files: files, synchronizedFolders: synchronized,
                excludedPatterns: XcodeBuildSettings.words(settings.value("EXCLUDED_SOURCE_FILE_NAMES") ?? ""),
                includedPatterns: XcodeBuildSettings.words(settings.value("INCLUDED_SOURCE_FILE_NAMES") ?? ""),
                dependencies: dependencies(of: target), bridgingHeader: bridgingHeader))
            targetNames.append((targetID, module))
        }
        // Target dependencies name targets by ID: now that every target's module is known, name them by module.
        let modules = Dictionary(targetNames, uniquingKeysWith: { first, _ in first })
        for index in result.indices {
            result[index].dependencies = result[index].dependencies.map { modules[$0] ?? $0 }.uniqued()
        }
        return result
    }

    /// What `target` depends on: the IDs of the targets its `PBXTargetDependency`s name (turned into modules by the
    /// caller), then the product names of the Swift packages it links (`packageProductDependencies`, and target
    /// dependencies on a package product).
    func dependencies(of target: [String: Any]) -> [String] {
        var names: [String] = []
        for dependencyID in target["dependencies"] as? [String] ?? [] {
            guard let dependency = object(dependencyID), dependency["isa"] as? String == "PBXTargetDependency" else { continue }
            if let targetID = dependency["target"] as? String {
                names.append(targetID)
            } else if let product = (dependency["productRef"] as? String).flatMap(object), let name = product["productName"] as? String {
                names.append(name)
            }
        }
        for productID in target["packageProductDependencies"] as? [String] ?? [] {
            if let name = object(productID)?["productName"] as? String { names.append(name) }
        }
        return names
    }

    /// The file references a build file's reference stands for: itself, or a variant group's children.
    func swiftFileReferences(_ id: String) -> [String] {
        guard let object = object(id) else { return [] }
        if object["isa"] as? String == "PBXVariantGroup" || object["isa"] as? String == "XCVersionGroup" {
            return object["children"] as? [String] ?? []
        }
        return [id]
    }

    mutating func localPackageFolders() -> [String] {
        var folders: [String] = []
        for id in projectObject["packageReferences"] as? [String] ?? [] {
            guard let reference = object(id), reference["isa"] as? String == "XCLocalSwiftPackageReference",
                  let relative = reference["relativePath"] as? String else { continue }
            let base = (projectPath as NSString).deletingLastPathComponent
            folders.append(((relative.hasPrefix("/") ? relative : (base as NSString).appendingPathComponent(relative)) as NSString).standardizingPath)
        }
        for (id, value) in objects {
            guard let reference = value as? [String: Any], reference["isa"] as? String == "PBXFileReference",
                  ["folder", "wrapper"].contains(reference["lastKnownFileType"] as? String ?? ""),
                  let folder = path(of: id),
                  FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("Package.swift"))
            else { continue }
            folders.append(folder)
        }
        return Array(Set(folders)).sorted()
    }
}

/// A problem with a build description (a project, workspace, `.xcconfig` or manifest): the file and what is wrong.
public struct BuildDescriptionProblem: Error, Hashable, Sendable {
    /// The file (absolute).
    public var path: String
    /// What is wrong and what to do, in one line.
    public var message: String
    /// The 1-based line it concerns (1 when it concerns the whole file).
    public var line: Int = 1
}
