import FileSupport
import Foundation
import Testing
@testable import SwiftExtraction

/// The `readdir` listing behind discovery's walk, and the stems that pair a header with its implementation file.
@Suite struct FolderEntriesTests {
    @Test func listsEveryEntryWithTheKindLstatGives() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("FolderEntriesTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sub.lproj"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("A.swift"))
        try Data("x".utf8).write(to: folder.appendingPathComponent(".hidden"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Link").path, withDestinationPath: "Sub.lproj")
        let entries = try #require(FolderEntries.list(folder.path))
        #expect(entries.map(\.name).sorted() == [".hidden", "A.swift", "Link", "Sub.lproj"])
        for entry in entries {
            // A file system that does not record kinds gives `nil`, and the walk asks `lstat`: either way the same kind.
            let kind = entry.kind ?? FileKind.of(path: folder.path + "/" + entry.name, followingLinks: false)
            #expect(kind == FileKind.of(path: folder.path + "/" + entry.name, followingLinks: false), "\(entry.name)")
        }
        #expect(FolderEntries.list(folder.appendingPathComponent("Missing").path) == nil)
        #expect(FolderEntries.list(folder.appendingPathComponent("A.swift").path) == nil)
    }

    @Test func stemsAreThePathsWithoutTheirExtension() {
        for path in ["AIUtilities/AIColor.h", "AIUtilities/AIColor.m", "a.b/c.mm", "x.h", "Frameworks/L.framework/Headers/util.h"] {
            #expect(Discovery.withoutExtension(path) == (path as NSString).deletingPathExtension, "\(path)")
        }
        #expect(Discovery.withoutExtension("a.b/c") == "a.b/c")
    }
}
