import Foundation
import Testing
import TestSupport
@testable import SwiftExtraction

/// The path shortcuts of discovery give what Foundation gives.
@Suite struct PathStandardizingTests {
    @Test func aParentFolderIsWhatNSStringGives() {
        for path in ["/", "/a", "/a/b", "/a/b.swift", "/work/Sources/App/Model.swift"] {
            #expect(FolderPaths.parent(path) == (path as NSString).deletingLastPathComponent, "\(path)")
        }
    }

    /// Compared as text: a canonically equivalent spelling of a folder matches, and `/work/p` is not inside `/work/p/`.
    @Test(arguments: [
        ("/work/p/Sources/App", "/work/p", "Sources/App"), ("/work/p/Sources/App", "/work/p/", "Sources/App"),
        ("/work/p", "/work/p", ""), ("/work/p", "/work/p/", nil), ("/work/p/", "/work/p", ""), ("/work/p/", "/work/p/", ""),
        ("/A.swift", "", "A.swift"), ("A.swift", "", nil),
        ("/work/pp/A.swift", "/work/p", nil), ("/work", "/work/p", nil), ("/other/A.swift", "/work", nil),
        ("/A.swift", "/", "A.swift"), ("/", "/", ""), ("/work/日本/é.swift", "/work/日本", "é.swift"),
        ("/work/e\u{301}/A.swift", "/work/e", nil),
        // Canonically equivalent spellings of a folder name match (one scalar against a letter and a combining mark).
        ("/work/\u{E9}/A.swift", "/work/e\u{301}", "A.swift"), ("/work/e\u{301}/A.swift", "/work/\u{E9}/", "A.swift"),
    ] as [(String, String, String?)])
    func aPathRelativeToAFolder(path: String, folder: String, relative: String?) {
        #expect(FolderPaths.relative(path, to: folder) == relative)
    }

    @Test func aProjectPathAppendedToAStandardizedFolderIsWhatFoundationGives() throws {
        let temporary = try TemporaryFolder()
        let folder = temporary.url.resolvingSymlinksInPath().path
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/real/Sources", withIntermediateDirectories: true)
        try Data("struct A {}\n".utf8).write(to: URL(fileURLWithPath: folder + "/real/Sources/A.swift"))
        try manager.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: "real")
        try manager.createSymbolicLink(atPath: folder + "/real/Sources/B.swift", withDestinationPath: "A.swift")
        let relatives = ["real", "real/Sources/A.swift", "./real//Sources/", "linked/Sources", "real/Sources/B.swift",
                         "real/../real/Sources", "Missing/Folder/C.swift", "/absolute/D.swift", "~/E.swift", "."]
        for relative in relatives {
            let expected = ((folder as NSString).appendingPathComponent(relative) as NSString).standardizingPath
            #expect(ObjectGraph.appending(relative, toStandardized: folder) == expected, "\(relative)")
        }
        #expect(ObjectGraph.appending("A.swift", toStandardized: "/") == ("/A.swift" as NSString).standardizingPath)
    }
}
