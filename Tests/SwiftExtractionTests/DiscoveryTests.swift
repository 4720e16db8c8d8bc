import Foundation
import Testing
import TestSupport

@testable import SwiftExtraction

/// Finding the Swift files under a root.
@Suite struct DiscoveryTests {
    private func paths(_ folder: TemporaryFolder, _ options: DiscoveryOptions = DiscoveryOptions()) throws -> [String] {
        try SourceDiscovery.discover(root: folder.url, options: options).map(\.relativePath)
    }

    @Test func swiftFilesOnlySorted() throws {
        let folder = try TemporaryFolder()
        try folder.write("b/Z.swift")
        try folder.write("a.swift")
        try folder.write("b/A.swift")
        try folder.write("notes.txt")
        try folder.write("script.swiftx")
        #expect(try paths(folder) == ["a.swift", "b/A.swift", "b/Z.swift"])
    }

    @Test func defaultExcludedFolders() throws {
        let folder = try TemporaryFolder()
        for excluded in [".build", ".build-release", ".git", ".swiftpm", ".hidden", "Pods", "Carthage", "DerivedData", "node_modules", "checkouts"] {
            try folder.write("\(excluded)/X.swift")
        }
        try folder.write("Sources/.Hidden.swift")
        try folder.write("Sources/Kept.swift")
        #expect(try paths(folder) == ["Sources/Kept.swift"])
    }

    @Test func excludedFolderNamesAnywhere() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Pods/X.swift")
        try folder.write("App/Y.swift")
        #expect(try paths(folder) == ["App/Y.swift"])
    }

    @Test func frameworkBundlesAreLeftOutWithTheirHeaders() throws {
        // Adium vendors libpurple.framework, Sparkle.framework, … (a prebuilt binary and its headers).
        let folder = try TemporaryFolder()
        try folder.write("Frameworks/Sparkle.framework/Versions/A/Headers/SUUpdater.h", "@interface SUUpdater\n- (void)check;\n@end\n")
        try folder.write("Frameworks/Sparkle.xcframework/ios-arm64/Sparkle.framework/Headers/SPU.h", "void spu(void);\n")
        try folder.write("Frameworks/Sparkle.framework/Shim.swift")
        try folder.write("App/Updater.h", "@interface Updater\n- (void)run;\n@end\n")
        try folder.write("App/Updater.m", "#import \"Updater.h\"\n@implementation Updater\n- (void)run {}\n@end\n")
        try folder.write("App/App.swift")
        #expect(try paths(folder) == ["App/App.swift"])
        let discovery = try SourceDiscovery.scan(root: folder.url, options: DiscoveryOptions())
        #expect(discovery.objectiveCFiles.map(\.relativePath) == ["App/Updater.h", "App/Updater.m"])
        #expect(!SourceDiscovery.selects(relativePath: "Vendor/Kit.framework/Kit.swift", options: DiscoveryOptions()))
    }

    @Test func symlinkLoopIsEnteredOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write("a/A.swift")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("a/loop").path, withDestinationPath: "..")
        #expect(try paths(folder) == ["a/A.swift"])
    }

    @Test func symlinkOutOfTheRootIsNotFollowed() throws {
        let outside = try TemporaryFolder()
        try outside.write("Outside.swift")
        let folder = try TemporaryFolder()
        try folder.write("In.swift")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("out").path, withDestinationPath: outside.url.path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("Link.swift").path,
            withDestinationPath: outside.url.appendingPathComponent("Outside.swift").path)
        #expect(try paths(folder) == ["In.swift"])
    }

    @Test func symlinkedFileInsideTheRootIsReportedOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write("A.swift")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("B.swift").path, withDestinationPath: "A.swift")
        #expect(try paths(folder) == ["A.swift"])
    }

    @Test func filesOfALinkedFolderAreReportedOnceWhateverLeadsToThem() throws {
        // RxSwift's layout: a folder of links to files elsewhere in the repository, and a linked folder. Only files
        // reached through a link are resolved; the others, at their real paths, must still meet their links.
        let folder = try TemporaryFolder()
        try folder.write("Real/A.swift")
        try folder.write("Real/Deep/B.swift")
        try folder.write("Other.swift")
        let manager = FileManager.default
        try manager.createDirectory(at: folder.url.appendingPathComponent("Links"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: folder.url.appendingPathComponent("Links/A.swift").path, withDestinationPath: "../Real/A.swift")
        try manager.createSymbolicLink(atPath: folder.url.appendingPathComponent("Links/Deep").path, withDestinationPath: "../Real/Deep")
        #expect(try paths(folder) == ["Links/A.swift", "Links/Deep/B.swift", "Other.swift"], "each file once, under its first path")

        // The same tree reached through a link to the root: no path below it is real, so every one is resolved.
        let outside = try TemporaryFolder()
        let linkedRoot = outside.url.appendingPathComponent("root")
        try manager.createSymbolicLink(atPath: linkedRoot.path, withDestinationPath: folder.url.path)
        #expect(try SourceDiscovery.discover(root: linkedRoot, options: DiscoveryOptions()).map(\.relativePath)
            == ["Links/A.swift", "Links/Deep/B.swift", "Other.swift"])
    }

    @Test func includeGlobs() throws {
        let folder = try TemporaryFolder()
        try folder.write("Sources/App/A.swift")
        try folder.write("Sources/App/Deep/B.swift")
        try folder.write("Tests/T.swift")
        #expect(try paths(folder, DiscoveryOptions(includes: ["Sources/**/*.swift"])) == ["Sources/App/A.swift", "Sources/App/Deep/B.swift"])
    }

    @Test func excludeGlobs() throws {
        let folder = try TemporaryFolder()
        try folder.write("Sources/App/A.swift")
        try folder.write("Sources/App/A.generated.swift")
        try folder.write("Sources/Legacy/L.swift")
        let options = DiscoveryOptions(excludes: ["*.generated.swift", "Sources/Legacy"])
        #expect(try paths(folder, options) == ["Sources/App/A.swift"])
    }

    @Test func gitIgnoredFilesAreSkipped() throws {
        let folder = try TemporaryFolder()
        guard try folder.run(["git", "init", "-q"]) == 0 else {
            Issue.record("git is needed for this test")
            return
        }
        try folder.write(".gitignore", "Generated/\nSecret.swift\n")
        try folder.write("Generated/G.swift")
        try folder.write("Secret.swift")
        try folder.write("Tracked.swift")
        try folder.write("Untracked.swift")
        try folder.run(["git", "add", "Tracked.swift"])
        #expect(try paths(folder) == ["Tracked.swift", "Untracked.swift"])
        #expect(try paths(folder, DiscoveryOptions(respectGitIgnore: false)) == ["Generated/G.swift", "Secret.swift", "Tracked.swift", "Untracked.swift"])
    }

    @Test func nestedRepositoriesAndTheirIgnoreFilesAreScanned() throws {
        let folder = try TemporaryFolder()
        try #require(try folder.run(["git", "init", "-q"]) == 0)
        try folder.write("Top.swift")
        try folder.write("Vendor/Lib/Package.swift", #"let package = Package(name: "Lib", targets: [.target(name: "Lib", path: ".")])"#)
        try #require(try folder.run(["git", "-C", "Vendor/Lib", "init", "-q"]) == 0)
        try folder.write("Vendor/Lib/.gitignore", "Generated.swift\n")
        try folder.write("Vendor/Lib/Sources/Lib.swift")
        try folder.write("Vendor/Lib/Generated.swift")
        #expect(try paths(folder) == ["Top.swift", "Vendor/Lib/Sources/Lib.swift"])
    }

    @Test func emptyGlobIsRejected() throws {
        let folder = try TemporaryFolder()
        try folder.write("A.swift")
        #expect(throws: ExtractionError.invalidGlob("")) {
            try SourceDiscovery.discover(root: folder.url, options: DiscoveryOptions(includes: [""]))
        }
        #expect(throws: ExtractionError.invalidGlob("./")) {
            try SourceDiscovery.discover(root: folder.url, options: DiscoveryOptions(excludes: ["./"]))
        }
    }

    @Test func rootInsideAGitSubfolder() throws {
        let folder = try TemporaryFolder()
        try #require(try folder.run(["git", "init", "-q"]) == 0)
        try folder.write(".gitignore", "Ignored.swift\n")
        try folder.write("Sub/Kept.swift")
        try folder.write("Sub/Ignored.swift")
        let files = try SourceDiscovery.discover(root: folder.url.appendingPathComponent("Sub"), options: DiscoveryOptions())
        #expect(files.map(\.relativePath) == ["Kept.swift"])
    }

    @Test func pathRulesForFilesFromElsewhere() {
        let options = DiscoveryOptions(includes: ["Sources/**"], excludes: ["*.generated.swift"])
        #expect(SourceDiscovery.selects(relativePath: "Sources/App/A.swift", options: options))
        #expect(!SourceDiscovery.selects(relativePath: "Sources/App/A.generated.swift", options: options))
        #expect(!SourceDiscovery.selects(relativePath: "Tests/T.swift", options: options))
        #expect(!SourceDiscovery.selects(relativePath: "Sources/Pods/P.swift", options: options))
        #expect(!SourceDiscovery.selects(relativePath: "Sources/.build/B.swift", options: options))
        #expect(!SourceDiscovery.selects(relativePath: "Sources/.Hidden.swift", options: options))
        #expect(!SourceDiscovery.selects(relativePath: "Sources/README.md", options: options))
    }

    @Test func singleFileRoot() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Main.swift")
        let files = try SourceDiscovery.discover(root: folder.url.appendingPathComponent("App/Main.swift"), options: DiscoveryOptions())
        #expect(files.map(\.relativePath) == ["Main.swift"])
        #expect(files.first?.module == "App")
    }

    @Test func missingRootThrows() {
        #expect(throws: ExtractionError.rootNotFound("/no/such/folder")) {
            try SourceDiscovery.discover(root: URL(fileURLWithPath: "/no/such/folder"), options: DiscoveryOptions())
        }
    }

    @Test func nonSwiftFileRootThrows() throws {
        let folder = try TemporaryFolder()
        try folder.write("notes.txt")
        let file = folder.url.appendingPathComponent("notes.txt")
        #expect(throws: ExtractionError.notASwiftFile(file.path)) {
            try SourceDiscovery.discover(root: file, options: DiscoveryOptions())
        }
    }

    @Test func aFolderInsideAPackageTakesItsModulesFromTheEnclosingManifest() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", """
            let package = Package(name: "P", targets: [
                .target(name: "App"), .target(name: "Other", path: "Sources/App/Custom"),
            ])
            """)
        try folder.write("Sources/App/Models/M.swift")
        try folder.write("Sources/App/Custom/C.swift")
        try folder.write("Sources/App/Top.swift")
        let files = try SourceDiscovery.discover(root: folder.url.appendingPathComponent("Sources/App"), options: DiscoveryOptions())
        #expect(files.map(\.relativePath) == ["Custom/C.swift", "Models/M.swift", "Top.swift"])
        #expect(files.map(\.module) == ["Other", "App", "App"])
        let fromSources = try SourceDiscovery.discover(root: folder.url.appendingPathComponent("Sources"), options: DiscoveryOptions())
        #expect(fromSources.map(\.module) == ["Other", "App", "App"])
        let single = try SourceDiscovery.discover(root: folder.url.appendingPathComponent("Sources/App/Models/M.swift"), options: DiscoveryOptions())
        #expect(single.map(\.module) == ["App"])
    }

    @Test func modulesComeFromThePackageLayout() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", "let package = Package(name: \"P\", targets: [.target(name: \"Core\")])")
        try folder.write("Sources/Core/A.swift")
        let files = try SourceDiscovery.discover(root: folder.url, options: DiscoveryOptions())
        // The manifest is the package's build description, not a source of one of its targets.
        #expect(files.map(\.relativePath) == ["Sources/Core/A.swift"])
        #expect(files.map(\.module) == ["Core"])
    }
}

/// `--include` / `--exclude` glob matching.
@Suite struct GlobPatternTests {
    @Test func starStaysInOneComponent() {
        #expect(GlobPattern("Sources/*.swift").matches("Sources/A.swift"))
        #expect(!GlobPattern("Sources/*.swift").matches("Sources/App/A.swift"))
    }

    @Test func doubleStarMatchesAnyDepth() {
        let glob = GlobPattern("Sources/**/*.swift")
        #expect(glob.matches("Sources/A.swift"))
        #expect(glob.matches("Sources/App/Deep/A.swift"))
        #expect(!glob.matches("Tests/A.swift"))
    }

    @Test func leadingDoubleStar() {
        #expect(GlobPattern("**/Generated/*.swift").matches("App/Generated/X.swift"))
        #expect(GlobPattern("**/Generated/*.swift").matches("Generated/X.swift"))
    }

    @Test func patternWithoutSlashMatchesANameAtAnyDepth() {
        #expect(GlobPattern("*.pb.swift").matches("Sources/Model/User.pb.swift"))
        #expect(GlobPattern("Generated").matches("App/Generated/X.swift"))
        #expect(!GlobPattern("Generated").matches("App/GeneratedCode/X.swift"))
    }

    @Test func folderPatternMatchesItsContents() {
        #expect(GlobPattern("Sources/Legacy").matches("Sources/Legacy/Old/X.swift"))
        #expect(GlobPattern("./Sources/Legacy/").matches("Sources/Legacy/X.swift"))
    }

    @Test func questionMarkAndCharacterClasses() {
        #expect(GlobPattern("File?.swift").matches("File1.swift"))
        #expect(!GlobPattern("File?.swift").matches("File12.swift"))
        #expect(GlobPattern("[A-C]*.swift").matches("Beta.swift"))
        #expect(!GlobPattern("[!A-C]*.swift").matches("Beta.swift"))
        #expect(GlobPattern("[abc.swift").matches("[abc.swift"))
    }
}
