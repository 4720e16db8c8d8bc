import FileSupport
import Foundation
import Inventory
import Testing
@testable import ObjCExtraction

/// When clang crashes on a file (a bug in clang: Adium's libpurple headers crash clang 21's comment parser), the
/// declarations it printed before the crash are kept with a warning that says so, and a file clang fails on is cached
/// with its warning, so that a warm run starts no clang for it (Documentation/ObjectiveC.md, "Speed").
@Suite(.enabled(if: clangIsAvailable, "needs clang (the Swift toolchain's)"))
struct ObjCCrashTests {
    static let header = """
    /// Kept: printed before the crash.
    void keptFunction(int count);
    /// Lost: clang crashed while printing it.
    void lostFunction(int count);
    """

    /// A stand-in for clang that prints the start of the real clang's dump of a file (cut inside its second
    /// declaration), then crashes with SIGSEGV, and notes each start in a log; `clang -###` gives no `-cc1` command,
    /// so every file is read by a process of its own.
    final class CrashingClang {
        let folder: URL
        let script: URL
        let log: URL

        init(dumpOf file: URL, cutBefore marker: String) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("crashing-clang-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            script = folder.appendingPathComponent("clang")
            log = folder.appendingPathComponent("starts.log")
            let real = try #require(ClangSession.locateClang())
            let dump = try ProcessRunner.run(executable: real, arguments: [
                "-fsyntax-only", "-x", "objective-c", "-Xclang", "-ast-dump=json", file.path,
            ]).standardOutput
            let text = String(decoding: dump, as: UTF8.self)
            let cut = try #require(text.range(of: marker), "the dump names \(marker)")
            try Data(text[..<cut.lowerBound].utf8).write(to: folder.appendingPathComponent("dump.json"))
            let body = """
            #!/bin/sh
            for argument in "$@"; do [ "$argument" = "-###" ] && exit 1; done
            echo started >> '\(log.path)'
            cat '\(folder.appendingPathComponent("dump.json").path)'
            kill -SEGV $$

            """
            try Data(body.utf8).write(to: script)
            chmod(script.path, 0o755)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        /// How many times the script was started.
        var starts: Int {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
    }

    @Test func aCrashKeepsTheDeclarationsPrintedBeforeItAndIsCachedWithItsWarning() throws {
        let folder = try ObjCProjectFolder(["Crash.h": Self.header])
        let clang = try CrashingClang(dumpOf: folder.root.appendingPathComponent("Crash.h"), cutBefore: "\"name\": \"lostFunction\"")
        let cache = ObjCRecordCache.inside(folder.cacheFolder)

        let cold = ObjCExtractor.extract(files: folder.files, clang: clang.script.path, jobs: 1, cache: cache)
        #expect(cold.functions.map(\.name) == ["keptFunction"])
        #expect(cold.functions.first?.doc?.summary == "Kept: printed before the crash.")
        #expect(cold.warnings == [.clangCrashed(file: "Crash.h", signal: SIGSEGV, firstError: nil)])
        #expect(cold.warnings.first?.description.contains("Crash.h: clang crashed (signal 11) while reading the file") == true)
        #expect(clang.starts == 1, "a file that crashes clang is read once, not again through a fallback")

        let warm = ObjCExtractor.extract(files: folder.files, clang: clang.script.path, jobs: 1,
                                         cache: ObjCRecordCache.inside(folder.cacheFolder))
        #expect(warm.functions == cold.functions)
        #expect(warm.warnings == cold.warnings)
        #expect(warm.cacheLookups.hits == 1)
        #expect(clang.starts == 1, "the warm run starts no clang")
    }

    @Test func aCrashBeforeAnyDeclarationOfTheFileLeavesItOutWithTheWarning() throws {
        let folder = try ObjCProjectFolder(["Crash.h": Self.header])
        let clang = try CrashingClang(dumpOf: folder.root.appendingPathComponent("Crash.h"), cutBefore: "\"name\": \"keptFunction\"")
        let extraction = ObjCExtractor.extract(files: folder.files, clang: clang.script.path, jobs: 1, cache: nil)
        #expect(extraction.functions.isEmpty)
        #expect(extraction.warnings == [.clangCrashed(file: "Crash.h", signal: SIGSEGV, firstError: nil)])
    }

    @Test func aFileClangCannotParseIsCachedWithItsWarning() throws {
        let folder = try ObjCProjectFolder([
            "Broken.m": ")))) }}} @end @end\n",
            "Fine.h": "/// Fine.\nvoid fine(void);\n",
        ])
        let cold = folder.extract()
        #expect(cold.functions.map(\.name) == ["fine"])
        #expect(cold.warnings.count == 1)
        guard case .unparsable(let file, _)? = cold.warnings.first else {
            Issue.record("expected an unparsable warning, got \(cold.warnings)")
            return
        }
        #expect(file == "Broken.m")
        let warm = folder.extract()
        #expect(warm.warnings == cold.warnings)
        #expect(warm.functions == cold.functions)
        #expect(warm.cacheLookups == (2, 0) as (Int, Int))
        #expect(warm.clangProcesses == 0, "nothing to read: both files' entries are in the cache")
    }

    @Test func aHeaderFoundThroughASearchFolderIsReadWithoutItsDocComments() throws {
        // `Shared.h` is in another folder: clang finds it through `-iquote` (Xcode's header map) and reads it as a
        // system header, keeping none of its comments; the file's own comment is kept, and `Shared.h` read as a file
        // of its own keeps its doc.
        let folder = try ObjCProjectFolder([
            "Lib/Shared.h": "/**\n * Shared: not in the other file's dump.\n * @param count how many.\n */\nvoid shared(int count);\n",
            "App/Main.h": "#import \"Shared.h\"\n/// Main: in the dump.\nvoid mainFunction(void);\n",
        ])
        let session = try ClangSession(clang: try #require(ClangSession.locateClang()),
                                       projectHeaders: [folder.root.appendingPathComponent("Lib/Shared.h").path])
        defer { session.close() }
        let main = folder.root.appendingPathComponent("App/Main.h")
        let output = try session.dumpAST(path: main.path, displayPath: "App/Main.h",
                                         source: Array(try Data(contentsOf: main)))
        let json = String(decoding: output.json, as: UTF8.self)
        #expect(json.contains("\"name\": \"shared\""), "the header is read")
        #expect(json.contains("Main: in the dump."))
        #expect(!json.contains("Shared: not in the other file's dump."))

        let extraction = ObjCExtractor.extract(files: folder.files, jobs: 1, cache: nil)
        #expect(extraction.warnings.isEmpty)
        #expect(extraction.functions.map(\.name).sorted() == ["mainFunction", "shared"])
        #expect(extraction.functions.first { $0.name == "shared" }?.doc?.summary == "Shared: not in the other file's dump.")
    }
}
