import Foundation
import Inventory
import Testing

@testable import SwiftExtraction

/// The committed projects under `Tests/Fixtures/Projects` against the build system's own view of them:
/// `expected-targets.json` is written by the module referee (`scripts/compare-modules --write-expected`), which reads
/// manifests with `swift package dump-package` and project files with an independent OpenStep parser.
@Suite struct FixtureProjectTests {
    static let projects = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Projects")

    private struct Expected: Decodable {
        struct Placement: Decodable {
            var module: String
            var targets: [String]
        }
        var files: [String: Placement]
        var unowned: [String]?
    }

    /// Compares discovery of `root` with the expected file; `expectedName` names the JSON in the fixture folder.
    /// Manifests are read syntactically (the default) unless `evaluate` runs them.
    private func check(_ fixture: String, root: String? = nil, expectedName: String = "expected-targets.json",
                       evaluate: Bool = false) throws {
        let folder = Self.projects.appendingPathComponent(fixture)
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent(expectedName)))
        var options = DiscoveryOptions(respectGitIgnore: false)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("docsheet-fixture-manifests")
        options.manifests = ManifestReading(evaluate: evaluate, cacheFolder: cache)
        let found = try SourceDiscovery.scan(root: root.map { folder.appendingPathComponent($0) } ?? folder, options: options)
        let actual = Dictionary(uniqueKeysWithValues: found.files.map { ($0.relativePath, [$0.module] + $0.targets) })
        let wanted = expected.files.mapValues { [$0.module] + $0.targets }
        #expect(actual == wanted)
        if let unowned = expected.unowned { #expect(found.unowned.sorted() == unowned.sorted()) }
        #expect(found.diagnostics.isEmpty, "every construct of the fixtures' manifests is read without running them")
    }

    @Test func classicGroups() throws { try check("ClassicGroups") }
    @Test func synchronizedFolders() throws { try check("SyncFolders") }
    /// `let buildTests = false` / `if buildTests`, `targets.append`, `#if os(Linux)`: all read from the text.
    @Test func nestedPackages() throws { try check("NestedPackages") }
    @Test(.enabled(if: ManifestEvaluator.toolchain.swift != nil, "evaluating needs a toolchain"))
    func nestedPackagesEvaluated() throws { try check("NestedPackages", evaluate: true) }
    @Test func workspaceFolder() throws { try check("Workspace") }
    @Test func workspaceSelection() throws {
        try check("Workspace", root: "App.xcworkspace", expectedName: "expected-targets-workspace.json")
    }
    /// Tests/Fixtures/MixedXcodeApp: Objective-C files take their targets from the `.pbxproj` as Swift files do. A
    /// `.m` from its target's Sources phase; a header from its Headers phase (`MXLogFormat.h` has no `.m`), from the
    /// target's `SWIFT_OBJC_BRIDGING_HEADER`, else from the `.m` of the same name. Their folders (`App`, `Kit`) are not
    /// modules.
    @Test func mixedObjectiveCProjectPlacesObjectiveCFilesByTheirBuildPhases() throws {
        let folder = Self.projects.deletingLastPathComponent().appendingPathComponent("MixedXcodeApp")
        let found = try SourceDiscovery.scan(root: folder, options: DiscoveryOptions(respectGitIgnore: false))
        let swift = Dictionary(uniqueKeysWithValues: found.files.map { ($0.relativePath, $0.targets) })
        #expect(swift == ["App/Account+Session.swift": ["MixedApp"], "App/ProfileStore.swift": ["MixedApp"],
                          "App/SettingsView.swift": ["MixedApp"]])
        let objectiveC = Dictionary(uniqueKeysWithValues: found.objectiveCFiles.map { ($0.relativePath, "\($0.module) \($0.targets) \($0.moduleKind)") })
        #expect(objectiveC == [
            "App/Account+Formatting.h": "MixedApp [\"MixedApp\"] app", "App/Account+Formatting.m": "MixedApp [\"MixedApp\"] app",
            "App/Account.h": "MixedApp [\"MixedApp\"] app", "App/Account.m": "MixedApp [\"MixedApp\"] app",
            "App/App-Bridging-Header.h": "MixedApp [\"MixedApp\"] app",
            "App/ProfileStore+Legacy.h": "MixedApp [\"MixedApp\"] app", "App/ProfileStore+Legacy.m": "MixedApp [\"MixedApp\"] app",
            "Kit/MXLogFormat.h": "MixedKit [\"MixedKit\"] framework", "Kit/MXLogger.h": "MixedKit [\"MixedKit\"] framework",
            "Kit/MXLogger.m": "MixedKit [\"MixedKit\"] framework",
        ])
        #expect(found.unowned.isEmpty && found.diagnostics.isEmpty)
        #expect(found.layout.modules.map(\.name) == ["MixedApp", "MixedKit"])
    }

    @Test func journalSample() throws {
        let samples = Self.projects.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("samples")
        let folder = samples.appendingPathComponent("JournalApp")
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent("expected-targets.json")))
        var options = DiscoveryOptions(respectGitIgnore: false)
        options.manifests = ManifestReading(evaluate: false)
        let found = try SourceDiscovery.scan(root: folder, options: options)
        #expect(Dictionary(uniqueKeysWithValues: found.files.map { ($0.relativePath, $0.targets) }) == expected.files.mapValues(\.targets))
    }
}
