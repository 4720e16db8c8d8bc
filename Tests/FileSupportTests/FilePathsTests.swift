import FileSupport
import Foundation
import Testing
import TestSupport

/// `FilePaths.resolvingLinks` gives the path Foundation's `resolvingSymlinksInPath()` gives, in one system call.
@Suite struct FilePathsTests {
    @Test func resolvesLikeFoundationThroughLinkedFoldersFilesAndDotDot() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-paths")
        let manager = FileManager.default
        let real = folder.appendingPathComponent("real/Sources")
        try manager.createDirectory(at: real, withIntermediateDirectories: true)
        let file = real.appendingPathComponent("A.swift")
        try Data("struct A {}\n".utf8).write(to: file)
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("linked").path, withDestinationPath: "real")
        try manager.createSymbolicLink(atPath: real.appendingPathComponent("B.swift").path, withDestinationPath: "A.swift")
        let cases = [
            file,
            folder.appendingPathComponent("linked/Sources/A.swift"),
            folder.appendingPathComponent("linked/Sources/B.swift"),
            URL(fileURLWithPath: folder.path + "/real/Sources/../Sources/A.swift"),
            folder.appendingPathComponent("linked/Sources/Missing.swift"),
        ]
        for url in cases {
            #expect(FilePaths.resolvingLinks(url) == url.resolvingSymlinksInPath().path, "\(url.path)")
        }
        #expect(FilePaths.resolvingLinks(folder.appendingPathComponent("linked/Sources/B.swift")) == file.resolvingSymlinksInPath().path)
    }
}

/// `FilePaths.stamp(ofFileAt:)` changes whenever the file does, and not otherwise.
@Suite struct FileStampTests {
    @Test func theStampFollowsWritesTouchesAndReplacementsButNotReads() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-stamp")
        let file = folder.appendingPathComponent("A.swift")
        #expect(FilePaths.stamp(ofFileAt: file.path) == nil)
        try Data("struct A {}\n".utf8).write(to: file)
        let first = try #require(FilePaths.stamp(ofFileAt: file.path))
        _ = try Data(contentsOf: file)
        #expect(FilePaths.stamp(ofFileAt: file.path) == first)
        // The same size, rewritten in place: the times differ even within one second (nanoseconds).
        try Data("struct B {}\n".utf8).write(to: file)
        let rewritten = try #require(FilePaths.stamp(ofFileAt: file.path))
        #expect(rewritten != first)
        // Modification time set back by hand: the status-change time still moved.
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: file.path)
        #expect(FilePaths.stamp(ofFileAt: file.path) != rewritten)
        #expect(attributes[.size] as? Int == 12)
    }
}
