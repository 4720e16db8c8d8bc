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
