import Foundation
import Testing
@testable import ProjectResources

/// The walk that lists a root's resource files (`ResourceScan.resourcePaths(under:keep:)`): which folders it enters,
/// which entries it lists, and that links are listed as files, never followed.
@Suite struct ResourcePathsTests {
    @Test func listsResourceFilesAndModelFoldersLeavingOutHiddenSkippedAndLinkedFolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ResourcePathsTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "App/en.lproj/Localizable.strings", "App/en.lproj/Plurals.stringsdict", "App/Shop.xcstrings", "App/Main.storyboard",
            "App/Cell.xib", "App/Notes.txt", "App/noextension", "App/trailing.", "App/a.b.strings",
            "App/Model.xcdatamodeld/Model.xcdatamodel/contents", "App/Old.xcdatamodel/contents",
            // Never entered: hidden, build output and dependencies, bundles that are not the app's resources.
            "App/.hidden/H.strings", ".git/G.strings", "build/B.strings", "Pods/P.strings", "Carthage/C.strings",
            "DerivedData/D.strings", "node_modules/N.strings", ".build/S.strings", "App.xcodeproj/X.strings",
            "W.xcworkspace/W.strings", "Images.xcassets/I.strings", "Kit.framework/K.strings", "Kit.xcframework/K.strings",
            "repo.git/R.strings", "Excluded/E.strings",
            // Entered: a folder named like a resource file is not one; `checkouts` is not skipped here.
            "Folder.strings/Inner.strings", "checkouts/Dep/en.lproj/Dep.strings", "App/.Hidden.strings",
        ]
        for file in files {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("\"a\" = \"b\";".utf8).write(to: url)
        }
        // A link to a folder is not followed (its files would be listed twice); a link named like a resource file is
        // listed, as the file it is.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Linked").path, withDestinationPath: "App")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("App/Link.strings").path,
                                                   withDestinationPath: "en.lproj/Localizable.strings")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("App/LinkedModel.xcdatamodeld").path,
                                                   withDestinationPath: "Model.xcdatamodeld")

        let paths = ResourceScan.resourcePaths(under: folder) { !$0.hasPrefix("Excluded") }
        #expect(paths == [
            "App/Cell.xib", "App/Link.strings", "App/Main.storyboard", "App/Model.xcdatamodeld", "App/Old.xcdatamodel",
            "App/Shop.xcstrings", "App/a.b.strings", "App/en.lproj/Localizable.strings", "App/en.lproj/Plurals.stringsdict",
            "Folder.strings/Inner.strings", "checkouts/Dep/en.lproj/Dep.strings",
        ])
        // The root is taken with its links resolved, so a linked root lists the same relative paths.
        let linkedRoot = folder.appendingPathComponent("Linked")
        #expect(ResourceScan.resourcePaths(under: linkedRoot).first == "Cell.xib")
        #expect(ResourceScan.resourcePaths(under: folder.appendingPathComponent("Missing")).isEmpty)
    }

    @Test func pathExtensionsAreWhatFollowsTheLastDot() {
        #expect(ResourceScan.pathExtension(of: "Localizable.strings") == "strings")
        #expect(ResourceScan.pathExtension(of: "a.b.xib") == "xib")
        #expect(ResourceScan.pathExtension(of: "trailing.") == "")
        #expect(ResourceScan.pathExtension(of: "none") == "")
        #expect(ResourceScan.pathExtension(of: ".strings") == "")
        for name in ["Localizable.strings", "a.b.xib", "trailing.", "none", ".strings", "日本.strings", "a..stringsdict"] {
            #expect(ResourceScan.pathExtension(of: name) == URL(fileURLWithPath: "/x/" + name).pathExtension, "\(name)")
        }
    }
}
