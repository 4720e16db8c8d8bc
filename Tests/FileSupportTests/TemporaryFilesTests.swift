import FileSupport
import Foundation
import Testing
import TestSupport

/// The temporary-file registry has no fixed size, and what a signal handler runs removes every file in progress.
@Suite struct TemporaryFilesTests {
    /// Registers `count` temporary files beside `folder/out-N.xlsx`, from many threads at once, and writes them.
    func makeTemporaryFiles(_ count: Int, in folder: URL) throws -> [URL] {
        let urls = LockedList()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let url = AtomicFile.temporaryURL(besides: folder.appendingPathComponent("out-\(index).xlsx"))
            _ = FileManager.default.createFile(atPath: url.path, contents: Data("partial \(index)".utf8))
            urls.append(url)
        }
        return urls.values
    }

    func leftovers(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    }

    @Test func aHundredFilesInProgressAreAllRemoved() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-registry")
        let finished = folder.appendingPathComponent("finished.csv")
        try AtomicFile.write(Data("done".utf8), to: finished)
        let urls = try makeTemporaryFiles(100, in: folder)
        #expect(urls.count == 100)
        #expect(try leftovers(folder).count == 100)
        #expect(TemporaryFiles.removeAll(in: folder) == 100)
        #expect(try leftovers(folder).isEmpty)
        #expect(try String(contentsOf: finished, encoding: .utf8) == "done")
        #expect(TemporaryFiles.removeAll(in: folder) == 0, "removed files are forgotten")
    }

    @Test func theSignalHandlersRemovalReachesEveryFileOfAForkedProcess() throws {
        // What the command line's SIGINT/SIGTERM handler runs, in a child process (the handler leaves the registry as
        // it is, for a process that ends). The child of a multi-threaded process may only call async-signal-safe
        // functions, which is what the removal must be.
        let folder = try TestArtifacts.temporaryFolder("docsheet-registry")
        let urls = try makeTemporaryFiles(150, in: folder)
        let before = try leftovers(folder).count
        // Other tests write files meanwhile (their paths are registered too): the child removes only this folder's.
        let prefix = strdup(folder.standardizedFileURL.path + "/")
        defer { free(prefix) }
        let child = fork()
        if child == 0 {
            let removed = TemporaryFiles.removeAllFromSignalHandler(under: prefix)
            _exit(removed == 150 ? 0 : 1)
        }
        #expect(child > 0)
        var status: Int32 = 0
        #expect(waitpid(child, &status, 0) == child)
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 0, "the child removed fewer files than registered: \(status)")
        #expect(before == 150)
        #expect(try leftovers(folder).isEmpty)
        // This process still has them registered (the handler leaves the registry as it is); forget them.
        for url in urls { AtomicFile.discard(url) }
        #expect(TemporaryFiles.removeAll(in: folder) == 0)
    }

    @Test func forgottenFilesAreLeftAlone() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-registry")
        let kept = AtomicFile.temporaryURL(besides: folder.appendingPathComponent("a.json"))
        try Data("x".utf8).write(to: kept)
        TemporaryFiles.forget(kept)
        let other = try TestArtifacts.temporaryFolder("docsheet-registry")
        let elsewhere = AtomicFile.temporaryURL(besides: other.appendingPathComponent("b.json"))
        try Data("y".utf8).write(to: elsewhere)
        #expect(TemporaryFiles.removeAll(in: folder) == 0)
        #expect(FileManager.default.fileExists(atPath: kept.path))
        #expect(TemporaryFiles.removeAll(in: other) == 1)
    }

    @Test func aTemporaryFolderIsRemovedWithEverythingInside() throws {
        let parent = try TestArtifacts.temporaryFolder("docsheet-registry")
        let folder = try TemporaryFiles.makeFolder(prefix: "docsheet-scratch", in: parent)
        var status = stat()
        #expect(stat(folder.path, &status) == 0 && status.st_mode & 0o777 == 0o700, "not a private folder")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // What a child process leaves in its scratch folder: nested folders, files, a link to a file outside.
        let nested = folder.appendingPathComponent("scratch/build")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try Data("object".utf8).write(to: nested.appendingPathComponent("a.o"))
        let outside = parent.appendingPathComponent("kept.txt")
        try Data("kept".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link"), withDestinationURL: outside)
        let staged = TemporaryFiles.makeFile(prefix: "docsheet-staged", extension: "json", in: parent)
        try Data("{}".utf8).write(to: staged)
        #expect(TemporaryFiles.removeAll(in: parent) == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        #expect(!FileManager.default.fileExists(atPath: staged.path))
        #expect(try String(contentsOf: outside, encoding: .utf8) == "kept", "the removal followed a symbolic link")
        #expect(TemporaryFiles.removeAll(in: parent) == 0, "removed paths are forgotten")
    }

    @Test func aFolderGivenBackIsRemovedAndForgotten() throws {
        let parent = try TestArtifacts.temporaryFolder("docsheet-registry")
        let folder = try TemporaryFiles.makeFolder(prefix: "docsheet-scratch", in: parent)
        try Data("x".utf8).write(to: folder.appendingPathComponent("file"))
        TemporaryFiles.removeFolder(folder)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(TemporaryFiles.removeAll(in: parent) == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path), "a forgotten folder was removed")
    }

    @Test func aFolderThatCannotBeMadeNamesItsParent() {
        let parent = URL(fileURLWithPath: "/nonexistent-docsheet-parent")
        #expect(throws: FileSupportError.self) { try TemporaryFiles.makeFolder(prefix: "x", in: parent) }
        do {
            _ = try TemporaryFiles.makeFolder(prefix: "x", in: parent)
        } catch {
            #expect(error.description.contains("/nonexistent-docsheet-parent"))
        }
    }
}

/// URLs collected from several threads.
private final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [URL] = []

    func append(_ url: URL) { lock.withLock { list.append(url) } }
    var values: [URL] { lock.withLock { list } }
}

@Suite struct AtomicFileTests {
    @Test func aWriteReplacesTheFileAndAFailureLeavesItAndNoTemporaryFile() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-atomic")
        let url = folder.appendingPathComponent("out.json")
        try AtomicFile.write(Data("old".utf8), to: url)
        try AtomicFile.write(Data("new".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "new")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.json"), withIntermediateDirectories: false)
        #expect(throws: FileSupportError.writeFailed(path: folder.appendingPathComponent("folder.json").path, reason: "it is a folder")) {
            try AtomicFile.write(Data("x".utf8), to: folder.appendingPathComponent("folder.json"))
        }
        let missing = folder.appendingPathComponent("missing/out.json")
        do {
            try AtomicFile.write(Data("x".utf8), to: missing)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("\(missing.path): could not write the file (the folder"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["folder.json", "out.json"])
    }

    @Test func piecesAreWrittenInOrder() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-atomic")
        let url = folder.appendingPathComponent("out.json")
        try AtomicFile.write(to: url, pieces: [Array("{".utf8), [], Array("\"a\" : 1".utf8), Array("}\n".utf8)])
        #expect(try String(contentsOf: url, encoding: .utf8) == "{\"a\" : 1}\n")
        try AtomicFile.write(to: url, pieces: [])
        #expect(try Data(contentsOf: url).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.json"])
    }

    @Test func aFailedWriteStopsTheProducerAndNamesTheReason() throws {
        var answers: [Bool] = []
        do {
            try AtomicFile.write(to: URL(fileURLWithPath: "/dev/full")) { write in
                for piece in ["one", "two", "three"] {
                    let taken = Array(piece.utf8).withUnsafeBytes { write($0) }
                    answers.append(taken)
                    if !taken { return }
                }
            }
            Issue.record("writing to /dev/full succeeded")
        } catch {
            #expect(error.description.contains("No space left on device"))
        }
        #expect(answers == [false])
    }

    @Test func aLinkedDestinationIsWrittenThroughAndStaysALink() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-atomic")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("real"), withIntermediateDirectories: false)
        let target = folder.appendingPathComponent("real/out.json")
        try AtomicFile.write(Data("old".utf8), to: target)
        let link = folder.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/out.json")
        try AtomicFile.write(to: link, pieces: [Array("new".utf8)])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real/out.json")
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        // The temporary file went beside the target (one file system for the rename) and is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("real").path) == ["out.json"])
    }

    @Test func aNamedPipeIsWrittenIntoNotReplaced() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-atomic")
        let pipe = folder.appendingPathComponent("out.pipe")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        var reader = PipeReader(pipe)
        try AtomicFile.write(to: pipe, pieces: [Array("one ".utf8), Array("two".utf8)])
        #expect(reader.text() == "one two")
        reader = PipeReader(pipe)
        try AtomicFile.write(Data("three".utf8), to: pipe)
        #expect(reader.text() == "three")
        #expect(AtomicFile.isStream(pipe) && !AtomicFile.isStream(folder) && !AtomicFile.isStream(folder.appendingPathComponent("none")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.pipe"])
    }

    @Test func pathQuestions() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-atomic")
        let file = folder.appendingPathComponent("f.txt")
        try Data().write(to: file)
        #expect(FilePaths.isFolder(folder) && !FilePaths.isFolder(file) && FilePaths.exists(file))
        #expect(!FilePaths.exists(folder.appendingPathComponent("none")) && !FilePaths.isFolder(folder.appendingPathComponent("none")))
    }
}

@Suite struct ProcessRunnerTests {
    @Test func outputStatusAndInputAreReported() throws {
        let result = try ProcessRunner.run(executable: "/bin/sh", arguments: ["-c", "cat; echo err >&2; exit 3"],
                                           input: Data("in".utf8))
        #expect(result.status == 3 && result.signal == nil && !result.succeeded)
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "in")
        #expect(result.errorText == "err\n")
    }

    @Test func runsLeaveNoDescriptorOpen() throws {
        // The process's open descriptors: /proc/self/fd on Linux, /dev/fd on macOS.
        let descriptorFolder = FileManager.default.fileExists(atPath: "/proc/self/fd") ? "/proc/self/fd" : "/dev/fd"
        func openDescriptors() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: descriptorFolder).count }
        let before = try openDescriptors()
        for round in 0..<40 {
            // With and without input: each run opens three pipes (six descriptors).
            let result = try ProcessRunner.run(executable: "/bin/sh", arguments: ["-c", "cat >/dev/null; echo \(round)"],
                                               input: round.isMultiple(of: 2) ? Data("in".utf8) : nil)
            #expect(result.succeeded)
        }
        // 40 runs leaking their pipes would leave 160 or more open (other tests running meanwhile open a few).
        #expect(try openDescriptors() - before < 60, "file descriptors leaked")
    }

    @Test func aProgramEndedByASignalIsReportedAsSuch() throws {
        let result = try ProcessRunner.run(executable: "/bin/sh", arguments: ["-c", "kill -TERM $$"])
        #expect(result.signal == SIGTERM && result.status == 128 + SIGTERM && !result.succeeded)
    }

    @Test func aProgramIsFoundOnThePathAsAShellFindsIt() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-path")
        let manager = FileManager.default
        for name in ["empty", "plain", "runnable", "later"] {
            try manager.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        // A folder and a file that cannot run are passed over, as `env` and a shell pass them over.
        try manager.createDirectory(at: folder.appendingPathComponent("empty/tool"), withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: folder.appendingPathComponent("plain/tool"))
        for name in ["runnable", "later"] {
            let tool = folder.appendingPathComponent("\(name)/tool")
            try Data("#!/bin/sh\n".utf8).write(to: tool)
            try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        }
        let searchPath = ["empty", "plain", "runnable", "later"].map { folder.appendingPathComponent($0).path }.joined(separator: ":")
        #expect(ProcessRunner.executable(named: "tool", searchPath: searchPath) == folder.appendingPathComponent("runnable/tool").path)
        #expect(ProcessRunner.executable(named: "tool", searchPath: folder.appendingPathComponent("empty").path) == nil)
        #expect(ProcessRunner.executable(named: "none", searchPath: searchPath) == nil)
        // A relative entry is resolved against the current folder: climb from it to `/`, then down to the folder.
        let depth = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.pathComponents.count - 1
        let relative = String(repeating: "../", count: depth) + folder.appendingPathComponent("runnable").path.dropFirst()
        let found = try #require(ProcessRunner.executable(named: "tool", searchPath: "/nonexistent:" + relative))
        #expect(found.hasPrefix("/"))
        #expect(URL(fileURLWithPath: found).standardizedFileURL.path == folder.appendingPathComponent("runnable/tool").standardizedFileURL.path)
        #expect(ProcessRunner.executable(named: "sh", searchPath: "/bin") == "/bin/sh")
        let git = try #require(ProcessRunner.git, "git is on the PATH of every machine the tests run on")
        #expect(FileManager.default.isExecutableFile(atPath: git) && git.hasSuffix("/git"))
    }

    @Test func aMissingProgramCannotRun() throws {
        #expect(throws: FileSupportError.self) { try ProcessRunner.run(executable: "/nonexistent/tool", arguments: []) }
        let folder = try TestArtifacts.temporaryFolder("docsheet-run")
        let result = try ProcessRunner.run(executable: "/bin/pwd", arguments: [], directory: folder,
                                           environment: ProcessRunner.inheritedEnvironment(removing: ProcessRunner.gitHookVariables))
        #expect(String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(in: .newlines)
                == folder.resolvingSymlinksInPath().path)
    }
}

extension AtomicFile {
    /// Writes `pieces` in order through ``AtomicFile/write(to:producing:)``.
    static func write(to destination: URL, pieces: [[UInt8]]) throws(FileSupportError) {
        try write(to: destination) { write in
            for piece in pieces where !piece.withUnsafeBytes({ write($0) }) { return }
        }
    }
}
