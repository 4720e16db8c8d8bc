import Foundation
import Inventory
import Testing
import TestSupport

@testable import SwiftExtraction

/// Writes `project.pbxproj` files from objects, as Xcode does (OpenStep property lists), for focused tests.
struct PBXProjectWriter {
    private(set) var objects: [(String, [String: Any])] = []
    private var counter = 0

    /// A new id, for an object added later (an exception set names its target before the target exists).
    mutating func reserve() -> String {
        counter += 1
        return String(format: "%024X", counter)
    }

    /// Adds an object (under `id` when given) and returns its id.
    @discardableResult
    mutating func add(_ object: [String: Any], as id: String? = nil) -> String {
        let id = id ?? reserve()
        objects.append((id, object))
        return id
    }

    /// A file reference (`sourceTree` `<group>` unless given).
    mutating func file(_ path: String, tree: String = "<group>") -> String {
        add(["isa": "PBXFileReference", "lastKnownFileType": "sourcecode.swift", "path": path, "sourceTree": tree])
    }

    /// A group with children, a `path` or only a `name`.
    mutating func group(path: String? = nil, name: String? = nil, _ children: [String]) -> String {
        var object: [String: Any] = ["isa": "PBXGroup", "children": children, "sourceTree": "<group>"]
        if let path { object["path"] = path }
        if let name { object["name"] = name }
        return add(object)
    }

    /// A configuration list with one `Release` configuration.
    mutating func configurations(_ settings: [String: Any], xcconfig: String? = nil) -> String {
        var configuration: [String: Any] = ["isa": "XCBuildConfiguration", "name": "Release", "buildSettings": settings]
        if let xcconfig { configuration["baseConfigurationReference"] = xcconfig }
        let id = add(configuration)
        return add(["isa": "XCConfigurationList", "buildConfigurations": [id], "defaultConfigurationName": "Release"])
    }

    /// A native target compiling `files` (file reference ids), syncing `synchronized` (root group ids).
    @discardableResult
    mutating func target(_ name: String, type: String = "application", files: [String] = [], synchronized: [String] = [],
                         settings: [String: Any] = ["PRODUCT_NAME": "$(TARGET_NAME)"], xcconfig: String? = nil,
                         as id: String? = nil) -> String {
        let buildFiles = files.map { add(["isa": "PBXBuildFile", "fileRef": $0]) }
        let phase = add(["isa": "PBXSourcesBuildPhase", "files": buildFiles])
        var object: [String: Any] = [
            "isa": "PBXNativeTarget", "name": name, "productType": "com.apple.product-type.\(type)",
            "buildPhases": [phase], "buildConfigurationList": configurations(settings, xcconfig: xcconfig),
        ]
        if !synchronized.isEmpty { object["fileSystemSynchronizedGroups"] = synchronized }
        return add(object, as: id)
    }

    /// The whole file, with a project object whose main group and targets are given.
    mutating func text(mainGroup: String, targets: [String], projectSettings: [String: Any] = [:]) -> String {
        let list = configurations(projectSettings)
        let root = add(["isa": "PBXProject", "mainGroup": mainGroup, "targets": targets, "buildConfigurationList": list])
        var text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n"
        for (id, object) in objects { text += "\t\t\(id) = \(Self.encode(object));\n" }
        return text + "\t};\n\trootObject = \(root);\n}\n"
    }

    private static func encode(_ value: Any) -> String {
        switch value {
        case let dictionary as [String: Any]:
            return "{" + dictionary.keys.sorted().map { "\(quote($0)) = \(encode(dictionary[$0]!)); " }.joined() + "}"
        case let array as [Any]:
            return "(" + array.map { encode($0) + ", " }.joined() + ")"
        default:
            return quote("\(value)")
        }
    }

    private static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

private let syntactic = ManifestReading(evaluate: false)

extension DiscoveryOptions {
    /// Options for layout tests: no git, manifests read syntactically (fast) unless a test evaluates them.
    static var layoutTest: DiscoveryOptions {
        var options = DiscoveryOptions(respectGitIgnore: false)
        options.manifests = syntactic
        return options
    }
}

/// Discovery of `folder` with manifests read syntactically (fast) unless `options` says otherwise.
private func scan(_ folder: TemporaryFolder, _ path: String = "", options: DiscoveryOptions? = nil) throws -> Discovery {
    let options = options ?? .layoutTest
    let root = path.isEmpty ? folder.url : folder.url.appendingPathComponent(path)
    return try SourceDiscovery.scan(root: root, options: options)
}

private func modules(_ discovery: Discovery) -> [String: [String]] {
    Dictionary(uniqueKeysWithValues: discovery.files.map { ($0.relativePath, $0.targets) })
}

/// Swift packages: every manifest under the root, the nearest one wins, targets as SwiftPM resolves them.
@Suite struct PackageLayoutTests {
    @Test func defaultFoldersOfEachTargetKind() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", """
            let package = Package(name: "P", targets: [
                .target(name: "Core"), .executableTarget(name: "tool"), .testTarget(name: "CoreTests"),
                .plugin(name: "Gen", capability: .buildTool()), .macro(name: "Macros"),
            ])
            """)
        for file in ["Sources/Core/A.swift", "Sources/tool/main.swift", "Tests/CoreTests/T.swift", "Plugins/Gen/G.swift", "Sources/Macros/M.swift"] {
            try folder.write(file)
        }
        let found = try scan(folder)
        #expect(found.files.map(\.module) == ["Gen", "Core", "Macros", "tool", "CoreTests"])
        #expect(found.files.map(\.moduleKind) == [.plugin, .packageLibrary, .macro, .executable, .unitTests])
    }

    @Test func theNearestManifestWins() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", #"let package = Package(name: "Outer", targets: [.target(name: "Outer", path: ".")])"#)
        try folder.write("Packages/Account/Package.swift", #"let package = Package(name: "Account", targets: [.target(name: "Account")])"#)
        try folder.write("Packages/Account/Sources/Account/A.swift")
        try folder.write("App/Main.swift")
        let found = try scan(folder)
        #expect(modules(found) == ["App/Main.swift": ["Outer"], "Packages/Account/Sources/Account/A.swift": ["Account"]])
    }

    /// Paths as SwiftPM takes them: `./Legacy/` is `Legacy`.
    @Test func explicitPathExcludeAndSourcesDecideMembership() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", """
            let package = Package(name: "P", targets: [
                .target(name: "Kit", path: "Lib/Kit/", exclude: ["./Legacy/", "Old.swift"]),
                .target(name: "Picked", path: "Lib/Picked", sources: ["./Public/"]),
            ])
            """)
        for file in ["Lib/Kit/A.swift", "Lib/Kit/Old.swift", "Lib/Kit/Legacy/L.swift", "Lib/Picked/Public/P.swift", "Lib/Picked/Private/Q.swift"] {
            try folder.write(file)
        }
        let found = try scan(folder)
        #expect(modules(found) == ["Lib/Kit/A.swift": ["Kit"], "Lib/Picked/Public/P.swift": ["Picked"]])
        #expect(found.unowned == ["Lib/Kit/Legacy/L.swift", "Lib/Kit/Old.swift", "Lib/Picked/Private/Q.swift"])
    }

    @Test func theDeepestTargetFolderWins() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", #"let package = Package(name: "P", targets: [.target(name: "All", path: "Sources"), .target(name: "Inner", path: "Sources/Inner")])"#)
        try folder.write("Sources/Inner/A.swift")
        try folder.write("Sources/Other/B.swift")
        #expect(modules(try scan(folder)) == ["Sources/Inner/A.swift": ["Inner"], "Sources/Other/B.swift": ["All"]])
    }

    @Test func anUnownedFileIsLeftOutOrKeptUnderItsFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", #"let package = Package(name: "P", targets: [.target(name: "Core")])"#)
        try folder.write("Sources/Core/A.swift")
        try folder.write("Scripts/tool/release.swift")
        let found = try scan(folder)
        #expect(found.files.map(\.relativePath) == ["Sources/Core/A.swift"])
        #expect(found.unowned == ["Scripts/tool/release.swift"])
        var options = DiscoveryOptions.layoutTest
        options.includeUnowned = true
        let kept = try scan(folder, options: options)
        #expect(kept.files.map(\.module) == ["tool", "Core"])
        #expect(kept.files.first?.moduleKind == .folder)
    }

    @Test func aRootInsideATargetTakesThePackagesTargets() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", #"let package = Package(name: "P", targets: [.target(name: "App")])"#)
        try folder.write("Sources/App/Models/M.swift")
        #expect(try scan(folder, "Sources/App/Models").files.map(\.module) == ["App"])
    }

    @Test func aRootOfLooseFilesInsideAPackageUsesItsFolders() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", #"let package = Package(name: "P", targets: [.target(name: "Core")])"#)
        try folder.write("samples/Demo/Views/V.swift")
        let found = try scan(folder, "samples/Demo")
        #expect(found.files.map(\.module) == ["Views"])
        #expect(found.unowned.isEmpty)
    }

    @Test func platformConditionsAreResolvedAsTheApplePlatformSeesThem() {
        let manifest = """
            var targets: [Target] = [.target(name: "Core")]
            #if os(Linux)
            targets.append(.target(name: "LinuxShims"))
            #elseif os(iOS) && canImport(UIKit)
            targets.append(.target(name: "TouchUI"))
            #else
            targets.append(.target(name: "Other"))
            #endif
            #if DEBUG_TOOLS
            targets.append(.target(name: "Flagged"))
            #endif
            let package = Package(name: "P", targets: targets)
            """
        let resolved = PlatformConditions.resolve(manifest, platform: .ios)
        #expect(!resolved.contains("LinuxShims") && resolved.contains("TouchUI") && !resolved.contains("\"Other\""))
        #expect(resolved.contains("#if DEBUG_TOOLS"), "a custom flag is left to the evaluator")
        #expect(PlatformConditions.resolve(manifest, platform: .macos).contains("\"Other\""))
        let reading = SyntacticManifest.read(resolved)
        #expect(reading.targets.map(\.name) == ["Core", "TouchUI"])
        #expect(reading.notes.map(\.line) == [9], "the custom flag's block is named, on its own line")
        #expect(resolved.split(separator: "\n", omittingEmptySubsequences: false).count
            == manifest.split(separator: "\n", omittingEmptySubsequences: false).count, "every line keeps its number")
    }

    @Test(.enabled(if: ManifestEvaluator.toolchain.swift != nil))
    func computedTargetsAreEvaluatedOnceAndCached() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let buildTests = false
            var targets: [Target] = ["Alpha", "Beta"].map { .target(name: $0) }
            if buildTests { targets.append(.testTarget(name: "AlphaTests")) }
            let package = Package(name: "P", targets: targets)
            """)
        try folder.write("Sources/Alpha/A.swift")
        try folder.write("Sources/Beta/B.swift")
        try folder.write("Tests/AlphaTests/T.swift")
        let cache = folder.url.appendingPathComponent("cache")
        var options = DiscoveryOptions(respectGitIgnore: false)
        options.manifests = ManifestReading(evaluate: true, cacheFolder: cache)
        let found = try scan(folder, options: options)
        #expect(found.files.map(\.module) == ["Alpha", "Beta"])
        #expect(found.unowned == ["Tests/AlphaTests/T.swift"])
        #expect(found.diagnostics.isEmpty)
        let cached = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("manifests").path)
        #expect(cached.count == 1)
    }

    @Test(.enabled(if: ManifestEvaluator.toolchain.swift != nil))
    func evaluatingAManifestLeavesNothingInTheTemporaryFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Core\")])")
        try folder.write("Sources/Core/A.swift")
        let temporary = FileManager.default.temporaryDirectory.path
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: temporary))
        var options = DiscoveryOptions(respectGitIgnore: false)
        options.manifests = ManifestReading(evaluate: true)
        let found = try scan(folder, options: options)
        #expect(found.files.map(\.module) == ["Core"])
        #expect(found.diagnostics.isEmpty)
        // SwiftPM's own `TemporaryDirectory.*` folders, left behind by every `swift package` call given the shared
        // TMPDIR. (DocSheet's own `docsheet-manifest-*` folders are not counted: tests running at the same time
        // evaluate manifests too, each removing its folder when done.)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: temporary)).subtracting(before)
        #expect(left.filter { $0.hasPrefix("TemporaryDirectory.") }.isEmpty)
    }

    @Test(.enabled(if: ManifestEvaluator.toolchain.swift != nil))
    func aManifestThatCannotBeEvaluatedIsReadSyntacticallyWithAWarning() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", "import PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Core\")]) oops")
        try folder.write("Sources/Core/A.swift")
        var options = DiscoveryOptions(respectGitIgnore: false)
        options.manifests = ManifestReading(evaluate: true)
        let found = try scan(folder, options: options)
        #expect(found.files.map(\.module) == ["Core"])
        #expect(found.diagnostics.map(\.file) == ["Package.swift"])
        #expect(found.diagnostics.first?.message.contains("read without evaluating it") == true)
    }
}

/// Xcode projects read from `project.pbxproj`.
@Suite struct XcodeProjectLayoutTests {
    @Test func pathsFollowTheGroupTree() throws {
        let folder = try TemporaryFolder()
        var pbx = PBXProjectWriter()
        let user = pbx.file("User.swift")
        let view = pbx.file("View.swift")
        let shared = pbx.file("Shared/Log.swift", tree: "SOURCE_ROOT")
        let named = pbx.group(name: "Models", [user])  // a group with only a name adds no folder
        let sub = pbx.group(path: "Screens", [view])
        let app = pbx.group(path: "App", [named, sub])
        let main = pbx.group([app, shared])
        let target = pbx.target("App", files: [user, view, shared])
        try folder.write("App.xcodeproj/project.pbxproj", pbx.text(mainGroup: main, targets: [target]))
        for file in ["App/User.swift", "App/Screens/View.swift", "Shared/Log.swift"] { try folder.write(file) }
        let found = try scan(folder)
        #expect(modules(found) == ["App/User.swift": ["App"], "App/Screens/View.swift": ["App"], "Shared/Log.swift": ["App"]])
        #expect(found.layout.modules == [ModuleRecord(name: "App", kind: .app, project: "App.xcodeproj")])
    }

    @Test func moduleDependenciesAreTargetsByModuleThenPackageProducts() throws {
        let folder = try TemporaryFolder()
        var pbx = PBXProjectWriter()
        let main = pbx.file("App/Main.swift")
        let entry = pbx.file("Widget/Entry.swift")
        let widgetID = pbx.reserve()
        let onWidget = pbx.add(["isa": "PBXTargetDependency", "target": widgetID])
        let kingfisher = pbx.add(["isa": "XCSwiftPackageProductDependency", "productName": "Kingfisher"])
        let onKingfisher = pbx.add(["isa": "PBXTargetDependency", "productRef": kingfisher])
        let alamofire = pbx.add(["isa": "XCSwiftPackageProductDependency", "productName": "Alamofire"])
        let phase = pbx.add(["isa": "PBXSourcesBuildPhase", "files": [pbx.add(["isa": "PBXBuildFile", "fileRef": main])]])
        let app = pbx.add([
            "isa": "PBXNativeTarget", "name": "App", "productType": "com.apple.product-type.application", "buildPhases": [phase],
            "buildConfigurationList": pbx.configurations(["PRODUCT_NAME": "$(TARGET_NAME)"]),
            "dependencies": [onWidget, onKingfisher], "packageProductDependencies": [alamofire],
        ])
        pbx.target("Widget", type: "app-extension", files: [entry], settings: ["PRODUCT_NAME": "Widget Extension"], as: widgetID)
        try folder.write("App.xcodeproj/project.pbxproj", pbx.text(mainGroup: pbx.group([main, entry]), targets: [app, widgetID]))
        for file in ["App/Main.swift", "Widget/Entry.swift"] { try folder.write(file) }
        try folder.write("Packages/Core/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Core", targets: [
                .target(name: "Core", dependencies: ["Model", .product(name: "Collections", package: "swift-collections")]),
                .target(name: "Model"),
            ])
            """)
        for file in ["Packages/Core/Sources/Core/C.swift", "Packages/Core/Sources/Model/M.swift"] { try folder.write(file) }
        let dependencies = try scan(folder).layout.modules.map { "\($0.name): \($0.dependencies.joined(separator: ", "))" }
        #expect(dependencies == ["App: Widget_Extension, Kingfisher, Alamofire", "Widget_Extension: ",
                                 "Core: Model, Collections", "Model: "])
    }

    @Test func aFileInTwoTargetsIsOneFileWithBothTargetsInProjectOrder() throws {
        let folder = try TemporaryFolder()
        var pbx = PBXProjectWriter()
        let model = pbx.file("Model.swift")
        let widgetOnly = pbx.file("Widget.swift")
        let main = pbx.group([model, widgetOnly])
        let app = pbx.target("App", files: [model])
        let widget = pbx.target("Widget", type: "app-extension", files: [model, widgetOnly])
        try folder.write("App.xcodeproj/project.pbxproj", pbx.text(mainGroup: main, targets: [app, widget]))
        try folder.write("Model.swift")
        try folder.write("Widget.swift")
        let found = try scan(folder)
        #expect(modules(found) == ["Model.swift": ["App", "Widget"], "Widget.swift": ["Widget"]])
        #expect(found.files.map(\.moduleKind) == [.app, .appExtension])
    }

    @Test func theModuleNameComesFromBuildSettingsAsAnIdentifier() throws {
        let folder = try TemporaryFolder()
        var pbx = PBXProjectWriter()
        let a = pbx.file("A.swift")
        let b = pbx.file("B.swift")
        let c = pbx.file("C.swift")
        let main = pbx.group([a, b, c])
        let app = pbx.target("IceCubesApp", files: [a], settings: ["PRODUCT_NAME": "Ice Cubes"])
        let kit = pbx.target("Kit", type: "framework", files: [b],
                             settings: ["PRODUCT_NAME": "$(TARGET_NAME)", "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:lower)Core"])
        let plain = pbx.target("3D-Viewer", type: "bundle.unit-test", files: [c], settings: [:])
        try folder.write("App.xcodeproj/project.pbxproj", pbx.text(mainGroup: main, targets: [app, kit, plain]))
        for file in ["A.swift", "B.swift", "C.swift"] { try folder.write(file) }
        let found = try scan(folder)
        #expect(found.files.map(\.module) == ["Ice_Cubes", "kitCore", "_3D_Viewer"])
        #expect(found.files.map(\.moduleKind) == [.app, .framework, .unitTests])
    }

    @Test func anXcconfigBaseConfigurationIsApplied() throws {
        let folder = try TemporaryFolder()
        var pbx = PBXProjectWriter()
        let a = pbx.file("A.swift")
        let config = pbx.file("Config/App.xcconfig")
        let missing = pbx.file("Config/Missing.xcconfig")
        let main = pbx.group([a, config, missing])
        let app = pbx.target("App", files: [a], settings: ["PRODUCT_NAME": "$(inherited)"], xcconfig: config)
        let other = pbx.target("Other", files: [], settings: [:], xcconfig: missing)
        try folder.write("App.xcodeproj/project.pbxproj", pbx.text(mainGroup: main, targets: [app, other]))
        try folder.write("Config/App.xcconfig", "#include \"Base.xcconfig\"\nPRODUCT_NAME = $(BRAND) App // the product\n")
        try folder.write("Config/Base.xcconfig", "BRAND = Shop\n")
        try folder.write("A.swift")
        let found = try scan(folder)
        #expect(found.files.map(\.module) == ["Shop_App"])
        #expect(found.diagnostics.map(\.file) == ["Config/Missing.xcconfig"])
    }

    @Test func excludedAndIncludedSourceFileNames() throws {
        let folder = try TemporaryFolder()
        var pbx = PBXProjectWriter()
        let files = ["A.swift", "Mock.swift", "MockKeep.swift"].map { pbx.file($0) }
        let main = pbx.group(files)
        let app = pbx.target("App", files: files, settings: [
            "EXCLUDED_SOURCE_FILE_NAMES": "Mock*.swift", "INCLUDED_SOURCE_FILE_NAMES": "*Keep.swift",
        ])
        try folder.write("App.xcodeproj/project.pbxproj", pbx.text(mainGroup: main, targets: [app]))
        for file in ["A.swift", "Mock.swift", "MockKeep.swift"] { try folder.write(file) }
        let found = try scan(folder)
        #expect(found.files.map(\.relativePath) == ["A.swift", "MockKeep.swift"])
        #expect(found.unowned == ["Mock.swift"])
    }

    @Test func synchronizedFoldersWithExceptionsThatRemoveAndAdd() throws {
        let folder = try TemporaryFolder()
        var pbx = PBXProjectWriter()
        let appID = pbx.reserve()
        let widgetID = pbx.reserve()
        let removeFromApp = pbx.add(["isa": "PBXFileSystemSynchronizedBuildFileExceptionSet",
                                     "membershipExceptions": ["Debug/Preview.swift", "Fixtures"], "target": appID])
        let addToWidget = pbx.add(["isa": "PBXFileSystemSynchronizedBuildFileExceptionSet",
                                   "membershipExceptions": ["Shared/Entry.swift"], "target": widgetID])
        let appFolder = pbx.add(["isa": "PBXFileSystemSynchronizedRootGroup", "path": "App", "sourceTree": "<group>",
                                 "exceptions": [removeFromApp, addToWidget]])
        let main = pbx.group([appFolder])
        pbx.target("App", synchronized: [appFolder], as: appID)
        pbx.target("Widget", type: "app-extension", as: widgetID)
        let text = pbx.text(mainGroup: main, targets: [appID, widgetID])
        try folder.write("App.xcodeproj/project.pbxproj", text)
        for file in ["App/Main.swift", "App/Shared/Entry.swift", "App/Debug/Preview.swift", "App/Fixtures/F.swift"] { try folder.write(file) }
        let found = try scan(folder)
        #expect(modules(found) == ["App/Main.swift": ["App"], "App/Shared/Entry.swift": ["App", "Widget"]])
        #expect(found.unowned == ["App/Debug/Preview.swift", "App/Fixtures/F.swift"])
    }

    @Test func aWorkspaceDocumentsOnlyWhatItBuilds() throws {
        let folder = try TemporaryFolder()
        for (name, file) in [("One", "One/A.swift"), ("Two", "Two/B.swift"), ("Stray", "Stray/C.swift")] {
            var pbx = PBXProjectWriter()
            let reference = pbx.file((file as NSString).lastPathComponent)
            let main = pbx.group([reference])
            let target = pbx.target(name, files: [reference])
            try folder.write("\(name)/\(name).xcodeproj/project.pbxproj", pbx.text(mainGroup: main, targets: [target]))
            try folder.write(file)
        }
        try folder.write("Packages/Core/Package.swift", #"let package = Package(name: "Core", targets: [.target(name: "Core")])"#)
        try folder.write("Packages/Core/Sources/Core/K.swift")
        try folder.write("App.xcworkspace/contents.xcworkspacedata", """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <Group location = "container:" name = "Apps">
                  <FileRef location = "group:Two/Two.xcodeproj"></FileRef>
                  <FileRef location = "group:One/One.xcodeproj"></FileRef>
               </Group>
               <FileRef location = "group:Packages/Core"></FileRef>
            </Workspace>
            """)
        let found = try scan(folder, "App.xcworkspace")
        #expect(modules(found) == ["One/A.swift": ["One"], "Two/B.swift": ["Two"], "Packages/Core/Sources/Core/K.swift": ["Core"]])
        #expect(found.root.standardizedFileURL.path == folder.url.standardizedFileURL.path)
        let project = try scan(folder, "One/One.xcodeproj")
        #expect(project.files.map(\.relativePath) == ["A.swift"])
    }

    @Test func aBrokenProjectIsAWarningAndItsFilesUseFolders() throws {
        let folder = try TemporaryFolder()
        try folder.write("App.xcodeproj/project.pbxproj", "{ objects = { ")
        try folder.write("App/A.swift")
        let found = try scan(folder)
        #expect(found.files.map(\.module) == ["App"])
        #expect(found.diagnostics.map(\.file) == ["App.xcodeproj/project.pbxproj"])
        #expect(throws: ExtractionError.self) { try scan(folder, "App.xcodeproj") }
    }

    @Test func testsAndTargetsCanBeLeftOut() throws {
        let folder = try TemporaryFolder()
        var pbx = PBXProjectWriter()
        let a = pbx.file("A.swift")
        let t = pbx.file("T.swift")
        let main = pbx.group([a, t])
        let app = pbx.target("App", files: [a])
        let tests = pbx.target("AppTests", type: "bundle.unit-test", files: [a, t])
        try folder.write("App.xcodeproj/project.pbxproj", pbx.text(mainGroup: main, targets: [app, tests]))
        try folder.write("A.swift")
        try folder.write("T.swift")
        var options = DiscoveryOptions.layoutTest
        options.excludeTests = true
        #expect(modules(try scan(folder, options: options)) == ["A.swift": ["App"]])
        options.excludeTests = false
        options.onlyTargets = ["AppTests"]
        #expect(modules(try scan(folder, options: options)) == ["A.swift": ["AppTests"], "T.swift": ["AppTests"]])
    }

    @Test func aFileReachedThroughASymbolicLinkHasTheTargetsOfEveryPath() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", #"let package = Package(name: "P", targets: [.target(name: "Real", path: "Layout/Real"), .target(name: "Farm", path: "Sources/Farm")])"#)
        try folder.write("Layout/Real/A.swift")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("Sources/Farm"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("Sources/Farm/A.swift").path,
                                                   withDestinationPath: "../../Layout/Real/A.swift")
        let found = try scan(folder)
        #expect(found.files.count == 1)
        #expect(Set(found.files.first?.targets ?? []) == ["Real", "Farm"])
    }

    @Test func aFileAPackageAndAnXcodeProjectCompileTakesTheModuleOfTheNearestDescription() throws {
        // swift-algorithms: Package.swift at the top, Xcode/Algorithms.xcodeproj compiling ../Tests/… as well.
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", #"let package = Package(name: "P", targets: [.testTarget(name: "SwiftAlgorithmsTests")])"#)
        try folder.write("Tests/SwiftAlgorithmsTests/T.swift")
        var pbx = PBXProjectWriter()
        let test = pbx.file("../Tests/SwiftAlgorithmsTests/T.swift")
        let main = pbx.group([test])
        let tests = pbx.target("AlgorithmsTests", type: "bundle.unit-test", files: [test])
        try folder.write("Xcode/Algorithms.xcodeproj/project.pbxproj", pbx.text(mainGroup: main, targets: [tests]))
        let found = try scan(folder)
        #expect(found.files.map(\.module) == ["SwiftAlgorithmsTests"])
        #expect(found.files.first?.targets == ["SwiftAlgorithmsTests", "AlgorithmsTests"])
    }

    @Test func aFileAPackageAndAnXcodeProjectSideBySideCompileTakesThePackagesModule() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", #"let package = Package(name: "P", targets: [.testTarget(name: "LibTests")])"#)
        try folder.write("Tests/LibTests/T.swift")
        var pbx = PBXProjectWriter()
        let test = pbx.file("Tests/LibTests/T.swift")
        let main = pbx.group([test])
        let tests = pbx.target("Lib iOS Tests", type: "bundle.unit-test", files: [test])
        try folder.write("Lib.xcodeproj/project.pbxproj", pbx.text(mainGroup: main, targets: [tests]))
        let found = try scan(folder)
        #expect(found.files.map(\.module) == ["LibTests"])
        #expect(found.files.first?.targets == ["LibTests", "Lib_iOS_Tests"])
    }

    @Test func aFileReachedThroughSymbolicLinksTakesTheModuleOfTheFirstTargetInProjectOrder() throws {
        // The walk meets Layout/Real/A.swift first, but Farm is declared first: the module must not depend on the walk.
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", #"let package = Package(name: "P", targets: [.target(name: "Farm", path: "Sources/Farm"), .target(name: "Real", path: "Layout/Real")])"#)
        try folder.write("Layout/Real/A.swift")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("Sources/Farm"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("Sources/Farm/A.swift").path,
                                                   withDestinationPath: "../../Layout/Real/A.swift")
        let found = try scan(folder)
        #expect(found.files.map(\.module) == ["Farm"])
        #expect(found.files.first?.targets == ["Farm", "Real"])
    }
}

/// Xcode's build-setting expansion.
@Suite struct XcodeBuildSettingsTests {
    @Test func referencesOperatorsAndInheritance() {
        let settings = XcodeBuildSettings(levels: [
            ["TARGET_NAME": "My App", "FLAGS": "-a"],
            ["PRODUCT_NAME": "$(TARGET_NAME)", "FLAGS": "$(inherited) -b"],
            ["PRODUCT_MODULE_NAME": "${PRODUCT_NAME:c99extidentifier}", "BUNDLE": "com.x.$(PRODUCT_NAME:rfc1034identifier:lower)",
             "FLAGS": "$(inherited) -c", "EMPTY": "$(UNSET:default=fallback)", "NESTED": "$(NAME_$(KIND))", "NAME_A": "nested", "KIND": "A"],
        ])
        #expect(settings.value("PRODUCT_MODULE_NAME") == "My_App")
        #expect(settings.value("BUNDLE") == "com.x.my-app")
        #expect(settings.value("FLAGS") == "-a -b -c")
        #expect(settings.value("EMPTY") == "fallback")
        #expect(settings.value("NESTED") == "nested")
        #expect(settings.value("UNSET") == nil)
    }

    @Test func listsSplitLikeXcode() {
        #expect(XcodeBuildSettings.words(#"A.swift "B C.swift" 'D E' F\ G.swift"#) == ["A.swift", "B C.swift", "D E", "F G.swift"])
    }

    @Test func productTypesMapToKinds() {
        let kinds = ["application", "app-extension", "extensionkit-extension", "framework", "library.static",
                     "bundle.unit-test", "bundle.ui-testing", "tool", "bundle", "application.watchapp2"]
            .map { XcodeProject.kind(ofProductType: "com.apple.product-type.\($0)") }
        #expect(kinds == [.app, .appExtension, .appExtension, .framework, .staticLibrary, .unitTests, .uiTests, .executable, .other, .app])
    }
}
