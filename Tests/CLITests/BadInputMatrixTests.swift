import Foundation
import Inventory
import Testing
import TestSupport
import Workflow

/// The bad-input matrix (Documentation/CLI.md, "Bad input"): strange files, folders, paths, disks, repositories,
/// caches and templates, each run through the built binary with the exact outcome asserted — the message, the exit
/// code and what is on disk afterwards. No input crashes DocSheet, and an existing output is only ever replaced by a
/// complete new one.
@Suite struct BadInputMatrixTests {
    typealias Sandbox = DocSheetRunner.Sandbox

    /// The functions of a JSON inventory written by a run, as `file: name` pairs.
    private func functions(_ sandbox: Sandbox, _ json: String) throws -> [String] {
        let inventory = try InventoryCoding.decodeInventory(Data((sandbox.read(json) ?? "").utf8), source: json)
        return inventory.functions.map { "\($0.file): \($0.name)" }
    }

    /// The names of the temporary files a write leaves beside its output when it goes wrong.
    private func temporaryFiles(in sandbox: Sandbox) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path).filter { $0.hasSuffix(".tmp") }
    }

    /// Runs the binary as an unprivileged user when the tests run as root (root reads every file whatever its
    /// permissions), so that `chmod 000` means what it says; the sandbox is opened to that user.
    private func docsheetWithoutPrivileges(_ sandbox: Sandbox, _ arguments: [String]) throws -> DocSheetRunner.Run {
        guard geteuid() == 0 else { return try sandbox.run(DocSheetRunner.binary.path, arguments) }
        chmod(sandbox.url.path, 0o777)
        return try sandbox.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                    DocSheetRunner.binary.path] + arguments)
    }

    // MARK: Files and folders

    @Test func anUnreadableFileStopsTheRunByNameAndLeavesTheOutput() throws {
        let sandbox = try Sandbox()
        try sandbox.write("Sources/A.swift", "/// A.\npublic func a() {}\n")
        try sandbox.write("Sources/Locked.swift", "public func locked() {}\n")
        try sandbox.write("out.json", "previous")
        chmod(sandbox.url.appendingPathComponent("Sources/Locked.swift").path, 0)
        let run = try docsheetWithoutPrivileges(sandbox, ["generate", "Sources", "--no-cache", "--output", "out.json"])
        #expect(run.status == 3)
        #expect(run.error.contains("error: Sources/Locked.swift: cannot read the file"), "\(run.error)")
        #expect(run.error.contains("check its permissions"))
        #expect(sandbox.read("out.json") == "previous")
    }

    @Test func anUnreadableFolderStopsTheRunByName() throws {
        let sandbox = try Sandbox()
        try sandbox.write("Sources/Open/A.swift", "public func a() {}\n")
        try sandbox.write("Sources/Locked/B.swift", "public func b() {}\n")
        chmod(sandbox.url.appendingPathComponent("Sources/Locked").path, 0)
        defer { chmod(sandbox.url.appendingPathComponent("Sources/Locked").path, 0o755) }
        let run = try docsheetWithoutPrivileges(sandbox, ["generate", "Sources", "--no-cache", "--output", "out.json"])
        #expect(run.status == 3)
        #expect(run.error.contains("error: Locked: cannot list the folder"), "\(run.error)")
        #expect(run.error.contains("exclude it with --exclude"))
        #expect(sandbox.read("out.json") == nil)
    }

    @Test func everyEncodingIsReadOrLeftOutWithAWarning() throws {
        let sandbox = try Sandbox()
        let source = "/// Café.\npublic func NAME() {}\n"
        func put(_ name: String, _ data: Data) throws {
            try data.write(to: sandbox.url.appendingPathComponent("Sources/\(name).swift"))
        }
        try sandbox.write("Sources/Plain.swift", source.replacingOccurrences(of: "NAME", with: "plain"))
        try put("Little", Data([0xFF, 0xFE]) + source.replacingOccurrences(of: "NAME", with: "little").data(using: .utf16LittleEndian)!)
        try put("Big", Data([0xFE, 0xFF]) + source.replacingOccurrences(of: "NAME", with: "big").data(using: .utf16BigEndian)!)
        try put("Latin", source.replacingOccurrences(of: "NAME", with: "latin").data(using: .isoLatin1)!)
        try put("Binary", Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }))
        try put("Empty", Data())
        let run = try sandbox.docsheet("generate", "Sources", "--no-cache", "--output", "out.json")
        #expect(run.status == 0, "\(run.error)")
        #expect(try functions(sandbox, "out.json") == [
            "Big.swift: big()", "Latin.swift: latin()", "Little.swift: little()", "Plain.swift: plain()",
        ])
        let inventory = try InventoryCoding.decodeInventory(Data((sandbox.read("out.json") ?? "").utf8), source: "out.json")
        #expect(inventory.functions.map { $0.doc?.summary } == ["Café.", "Caf\u{FFFD}.", "Café.", "Café."])
        let warnings = run.error.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings == [
            "Sources/Big.swift:1:1: warning: the file is UTF-16; it was read as UTF-16, but the Swift compiler reads only UTF-8: save it as UTF-8",
            "Sources/Binary.swift:1:1: warning: the file looks binary (it holds NUL bytes); it is left out",
            "Sources/Latin.swift:1:1: warning: the file is not valid UTF-8; invalid bytes were replaced, save it as UTF-8",
            "Sources/Little.swift:1:1: warning: the file is UTF-16; it was read as UTF-16, but the Swift compiler reads only UTF-8: save it as UTF-8",
        ])
    }

    @Test func tenThousandLevelsOfEveryKindOfNestingDoNotStopTheRun() throws {
        let sandbox = try Sandbox()
        let depth = 10_000
        try sandbox.write("Sources/Generics.swift", "func generics() -> " + String(repeating: "Array<", count: depth) + "Int"
            + String(repeating: ">", count: depth) + " { fatalError() }\n")
        try sandbox.write("Sources/Braces.swift", "func braces() " + String(repeating: "{", count: depth)
            + String(repeating: "}", count: depth) + "\n")
        try sandbox.write("Sources/Parens.swift", "let p = " + String(repeating: "(", count: depth) + "1"
            + String(repeating: ")", count: depth) + "\nfunc parens() {}\n")
        try sandbox.write("Sources/Closures.swift", "let c = " + String(repeating: "{ ", count: depth)
            + String(repeating: "}", count: depth) + "\nfunc closures() {}\n")
        try sandbox.write("Sources/Fine.swift", "/// Fine.\npublic func fine() {}\n")
        let run = try sandbox.docsheet("generate", "Sources", "--no-cache", "--output", "out.xlsx")
        #expect(run.status == 0, "\(run.error)")
        #expect(try sandbox.docsheet("generate", "Sources", "--no-cache", "--output", "out.json").status == 0)
        #expect(try functions(sandbox, "out.json") == [
            "Braces.swift: braces()", "Closures.swift: closures()", "Fine.swift: fine()", "Generics.swift: generics()",
            "Parens.swift: parens()",
        ])
        let warnings = run.error.split(separator: "\n").filter { $0.contains("nested or chained too deep") }.map {
            String($0.prefix { $0 != " " })
        }
        // The braces are a function body, which is not parsed unless local functions are asked for.
        #expect(warnings == ["Sources/Closures.swift:1:263:", "Sources/Generics.swift:1:787:", "Sources/Parens.swift:1:136:"])
        let local = try sandbox.docsheet("generate", "Sources", "--no-cache", "--include-local", "--output", "local.json")
        #expect(local.status == 0, "\(local.error)")
        #expect(local.error.split(separator: "\n").filter { $0.contains("nested or chained too deep") }.map {
            String($0.prefix { $0 != " " })
        } == ["Sources/Braces.swift:1:142:", "Sources/Closures.swift:1:263:", "Sources/Generics.swift:1:787:",
              "Sources/Parens.swift:1:136:"])
        #expect(!run.error.contains("Fatal error") && !run.error.contains("Stack dump"))
        try TestArtifacts.keep(workbook: sandbox.url.appendingPathComponent("out.xlsx"),
                               json: sandbox.url.appendingPathComponent("out.json"), name: "cli-deep-nesting")
        let book = try XLSXReader(url: sandbox.url.appendingPathComponent("out.xlsx"))
        let names = try book.sheet("Functions").cells.values
        for name in ["braces()", "closures()", "fine()", "generics()", "parens()"] {
            #expect(names.contains { $0.contains(name) }, "\(name) missing from the workbook")
        }
    }

    @Test func symbolicLinkLoopsAndLinksOutOfTheRootAreNotFollowed() throws {
        let sandbox = try Sandbox()
        try sandbox.write("project/Sources/A.swift", "public func a() {}\n")
        try sandbox.write("outside/Secret.swift", "public func secret() {}\n")
        let links = sandbox.url.appendingPathComponent("project/Sources")
        try FileManager.default.createSymbolicLink(atPath: links.appendingPathComponent("loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: links.appendingPathComponent("self").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(
            atPath: links.appendingPathComponent("out").path, withDestinationPath: sandbox.url.appendingPathComponent("outside").path)
        try FileManager.default.createSymbolicLink(
            atPath: links.appendingPathComponent("Dangling.swift").path, withDestinationPath: "/nonexistent/Dangling.swift")
        let run = try sandbox.docsheet("generate", "project", "--no-cache", "--output", "out.json")
        #expect(run.status == 0, "\(run.error)")
        #expect(try functions(sandbox, "out.json") == ["Sources/A.swift: a()"])
    }

    @Test func pathsWithSpacesQuotesLineBreaksAndNonASCIIAreKeptExactly() throws {
        let sandbox = try Sandbox()
        let names = ["with space.swift", "quote\"d.swift", "single'q.swift", "line\nbreak.swift", "Äpfel 文字.swift",
                     "$(echo hi).swift"]
        for (index, name) in names.enumerated() {
            try sandbox.write("dir with space/\(name)", "public func f\(index)() {}\n")
        }
        try sandbox.write("dir with space/broken \"x\".swift", "func broken( {}\n")
        let run = try sandbox.docsheet("generate", "dir with space", "--no-cache", "--output", "out put.json")
        #expect(run.status == 0, "\(run.error)")
        let found = try functions(sandbox, "out put.json")
        #expect(Set(found) == Set(names.enumerated().map { "\($1): f\($0)()" } + ["broken \"x\".swift: broken()"]))
        #expect(run.error.contains("dir with space/broken \"x\".swift:1:"))
        #expect(try sandbox.docsheet("generate", "dir with space", "--no-cache", "--output", "out put.xlsx").status == 0)
        let cells = try XLSXReader(url: sandbox.url.appendingPathComponent("out put.xlsx")).sheet("Functions").cells.values
        #expect(cells.contains("Äpfel 文字.swift"))
        #expect(cells.contains("line\nbreak.swift"))
    }

    @Test func thousandsOfFilesInOneFolder() throws {
        let sandbox = try Sandbox()
        let count = 3_000
        let folder = sandbox.url.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            try Data("public func f\(index)() {}\n".utf8).write(to: folder.appendingPathComponent("F\(index).swift"))
        }
        let run = try sandbox.docsheet("generate", "Sources", "--no-cache", "--output", "out.json")
        #expect(run.status == 0, "\(run.error)")
        #expect(Set(try functions(sandbox, "out.json")) == Set((0..<count).map { "F\($0).swift: f\($0)()" }))
    }

    // MARK: Output

    /// A project whose JSON inventory is about 40 KB, larger than the file-size limit below.
    private func projectOfFiftyFunctions(_ sandbox: Sandbox) throws {
        let body = (0..<50).map { "/// Function number \($0) of the project.\npublic func function\($0)(value: Int) -> Int { value }\n" }
        try sandbox.write("Sources/Many.swift", body.joined())
    }

    @Test func aFullDiskLeavesTheExistingDocumentUntouched() throws {
        let sandbox = try Sandbox()
        try projectOfFiftyFunctions(sandbox)
        for output in ["out.json", "out.xlsx"] {
            try sandbox.write(output, "the previous document")
            // A file-size limit makes every write past 8 KiB fail with EFBIG, as a full disk fails with ENOSPC.
            let run = try sandbox.run("/bin/bash", ["-c", "trap '' XFSZ; ulimit -f 8; exec \"$0\" \"$@\"",
                                                    DocSheetRunner.binary.path, "generate", "Sources", "--no-cache",
                                                    "--output", output])
            #expect(run.status == 4, "\(output): \(run.error)")
            #expect(run.error.contains("error: \(sandbox.url.path)/\(output): "), "\(run.error)")
            #expect(run.error.contains("File too large"), "\(run.error)")
            #expect(sandbox.read(output) == "the previous document")
            #expect(try temporaryFiles(in: sandbox) == [])
        }
    }

    @Test func aFullStandardOutputIsAnError() throws {
        let sandbox = try Sandbox()
        try projectOfFiftyFunctions(sandbox)
        let run = try sandbox.run("/bin/bash", ["-c", "exec \"$0\" \"$@\" > /dev/full", DocSheetRunner.binary.path,
                                                "generate", "Sources", "--no-cache", "--format", "json", "--output", "-"])
        #expect(run.status == 4)
        #expect(run.error.contains("error: standard output: cannot write the output (No space left on device)"), "\(run.error)")
    }

    @Test func anOutputPathThatIsAFolderIsRefused() throws {
        let sandbox = try Sandbox()
        try projectOfFiftyFunctions(sandbox)
        try sandbox.write("design.xlsx/keep.txt", "kept")
        for format in ["xlsx", "json", "csv"] {
            let run = try sandbox.docsheet("generate", "Sources", "--no-cache", "--format", format, "--output", "design.xlsx")
            #expect(run.status == 4, "\(format): \(run.error)")
            #expect(run.error.contains("design.xlsx"), "\(run.error)")
            #expect(run.error.contains("folder"), "\(run.error)")
            #expect(sandbox.read("design.xlsx/keep.txt") == "kept")
        }
    }

    @Test func twoRunsWritingTheSameOutputAtOnceLeaveOneCompleteDocument() throws {
        let sandbox = try Sandbox()
        try projectOfFiftyFunctions(sandbox)
        let processes = try (0..<2).map { _ in
            let process = Process()
            process.executableURL = DocSheetRunner.binary
            process.arguments = ["generate", "Sources", "--no-cache", "--output", "same.xlsx"]
            process.currentDirectoryURL = sandbox.url
            process.environment = sandbox.environment
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == [0, 0])
        let cells = try XLSXReader(url: sandbox.url.appendingPathComponent("same.xlsx")).sheet("Functions").cells.values
        #expect((0..<50).allSatisfy { index in cells.contains { $0.contains("function\(index)(value:)") } })
        #expect(try temporaryFiles(in: sandbox) == [])
    }

    // MARK: Repositories

    @Test func aRepositoryWithoutCommits() throws {
        let sandbox = try Sandbox(git: true)
        try sandbox.write("A.swift", "/// A.\npublic func a() {}\n")
        try sandbox.git("add", "A.swift")
        let check = try sandbox.docsheet("check", "--staged", "--no-cache")
        #expect(check.status == 0, "\(check.error)")
        #expect(check.output.contains("1 of 1 public+ functions documented"))
        let diff = try sandbox.docsheet("diff", "HEAD", "--no-cache", "--output", "d.xlsx")
        #expect(diff.status == 3)
        #expect(diff.error.contains("error: HEAD: the repository has no commit yet"), "\(diff.error)")
        #expect(sandbox.read("d.xlsx") == nil)
    }

    @Test func aShallowClone() throws {
        let origin = try Sandbox(git: true)
        try origin.write("A.swift", "public func a() {}\n")
        try origin.commitAll("one")
        try origin.write("B.swift", "public func b() {}\n")
        try origin.commitAll("two")
        let sandbox = try Sandbox()
        let clone = try sandbox.run("/usr/bin/env", ["git", "clone", "-q", "--depth", "1", "file://\(origin.url.path)", "clone"])
        #expect(clone.status == 0, "\(clone.error)")
        let diff = try sandbox.docsheet("diff", "HEAD~1", "--no-cache", "--output", "../d.xlsx", in: "clone")
        #expect(diff.status == 3)
        #expect(diff.error.contains("error: HEAD~1: not a commit in this shallow clone"), "\(diff.error)")
        #expect(diff.error.contains("git fetch --unshallow"))
        let generate = try sandbox.docsheet("generate", "--no-cache", "--output", "../d.json", in: "clone")
        #expect(generate.status == 0, "\(generate.error)")
        #expect(try functions(sandbox, "d.json") == ["A.swift: a()", "B.swift: b()"])
    }

    @Test func aDetachedHead() throws {
        let sandbox = try Sandbox(git: true)
        try sandbox.write("A.swift", "public func a() {}\n")
        try sandbox.commitAll("one")
        try sandbox.write("B.swift", "public func b() {}\n")
        try sandbox.commitAll("two")
        try sandbox.git("checkout", "-q", "--detach", "HEAD~1")
        let generate = try sandbox.docsheet("generate", "--no-cache", "--output", "d.json")
        #expect(generate.status == 0, "\(generate.error)")
        #expect(try functions(sandbox, "d.json") == ["A.swift: a()"])
        let diff = try sandbox.docsheet("diff", "HEAD", "main", "--no-cache", "--output", "d.xlsx")
        #expect(diff.status == 0, "\(diff.error)")
        #expect(diff.error.contains("1 added, 0 removed, 0 changed"), "\(diff.error)")
    }

    @Test func aRebaseStoppedOnAConflict() throws {
        let sandbox = try Sandbox(git: true)
        try sandbox.write("A.swift", "public func a() {}\n")
        try sandbox.commitAll("one")
        try sandbox.git("checkout", "-q", "-b", "side")
        try sandbox.write("A.swift", "public func side() {}\n")
        try sandbox.commitAll("side")
        try sandbox.git("checkout", "-q", "main")
        try sandbox.write("A.swift", "public func mainline() {}\n")
        try sandbox.commitAll("main")
        try sandbox.git("checkout", "-q", "side")
        #expect(try sandbox.git("rebase", "main").status != 0)  // stops on the conflict in A.swift
        let generate = try sandbox.docsheet("generate", "--no-cache", "--output", "d.json")
        #expect(generate.status == 0, "\(generate.error)")
        #expect(generate.error.contains("A.swift:1:1: warning: unresolved merge conflict ('<<<<<<<')"), "\(generate.error)")
        let check = try sandbox.docsheet("check", "--staged", "--no-cache")
        #expect(check.status == 0, "\(check.error)")
    }

    // MARK: Cache

    @Test func truncatedAndForeignCacheEntriesAreIgnoredAndRewritten() throws {
        let sandbox = try Sandbox()
        try projectOfFiftyFunctions(sandbox)
        try sandbox.write("Sources/Other.swift", "/// Other.\npublic func other() {}\n")
        #expect(try sandbox.docsheet("generate", "Sources", "--output", "first.json").status == 0)
        let cache = sandbox.url.appendingPathComponent(".cache")
        let entries = try FileManager.default.subpathsOfDirectory(atPath: cache.path)
            .map { cache.appendingPathComponent($0) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        #expect(entries.filter { $0.pathExtension == "dsx" }.count >= 2, "an extraction entry per file")
        var written: [URL: Data] = [:]
        for (index, entry) in entries.enumerated() {
            let data = try Data(contentsOf: entry)
            written[entry] = data
            // Half the entries cut short, the others replaced by what another version might have written.
            let damaged = index.isMultiple(of: 2) ? data.prefix(data.count / 2) : Data(#"{"version":1,"records":[]}"#.utf8)
            try damaged.write(to: entry)
        }
        #expect(entries.contains { $0.deletingLastPathComponent().lastPathComponent == "runs" }, "the run's record")
        let firstOutput = sandbox.read("first.json")
        let second = try sandbox.docsheet("generate", "Sources", "--output", "first.json")
        #expect(second.status == 0, "\(second.error)")
        #expect(second.error.contains("Wrote first.json"), "a damaged run record is no record: \(second.error)")
        #expect(sandbox.read("first.json") == firstOutput)
        for entry in entries where entry.deletingLastPathComponent().lastPathComponent != "runs" {
            // Each damaged entry was rewritten whole: as the first run wrote it (extractions in their binary form,
            // evaluated manifests in JSON).
            #expect(try Data(contentsOf: entry) == written[entry], "\(entry.lastPathComponent)")
        }
        // The run record was rewritten too (with the new output file's stamp): the next run finds the output up to date.
        let third = try sandbox.docsheet("generate", "Sources", "--output", "first.json")
        #expect(third.error.contains("Up to date first.json"), "\(third.error)")
    }

    // MARK: Templates

    @Test func aTemplateWithExponentiallyExpandingAnchorsIsRefusedQuickly() throws {
        let sandbox = try Sandbox()
        try projectOfFiftyFunctions(sandbox)
        var yaml = "name: laughs\nsheets:\n  - kind: functions\n    name: F\n    columns: [{header: &h0 [a, a, a, a, a, a, a, a, a, a], field: name}]\n"
        for level in 1...9 {
            let aliases = Array(repeating: "*h\(level - 1)", count: 10).joined(separator: ", ")
            yaml += "  - {kind: functions, name: S\(level), columns: [{header: &h\(level) [\(aliases)], field: name}]}\n"
        }
        try sandbox.write("laughs.yml", yaml)
        let run = try sandbox.docsheet("generate", "Sources", "--no-cache", "--template", "laughs.yml", "--output", "l.xlsx")
        #expect(run.status == 2)
        #expect(run.error.contains("laughs.yml:5: 'header' must be text or a mapping of locales"), "\(run.error)")
        #expect(sandbox.read("l.xlsx") == nil)
    }

    @Test func aTemplateWithMoreColumnsThanExcelHoldsIsRefused() throws {
        let sandbox = try Sandbox()
        try projectOfFiftyFunctions(sandbox)
        let columns = (0..<20_000).map { "      - {header: H\($0), field: name}" }.joined(separator: "\n")
        try sandbox.write("wide.yml", "name: wide\nsheets:\n  - kind: functions\n    name: F\n    columns:\n" + columns + "\n")
        let run = try sandbox.docsheet("generate", "Sources", "--no-cache", "--template", "wide.yml", "--output", "w.xlsx")
        #expect(run.status == 2)
        #expect(run.error.contains("wide.yml:6: 20000 columns; an Excel sheet holds at most 16,384"), "\(run.error)")
        #expect(sandbox.read("w.xlsx") == nil)
    }

    @Test func aLogoThatIsAFolderOrAGigabyteIsRefusedWithoutReadingIt() throws {
        let sandbox = try Sandbox()
        try projectOfFiftyFunctions(sandbox)
        try FileManager.default.createDirectory(at: sandbox.url.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        // A sparse 1 GiB file: no disk space is used, and DocSheet must not read it to refuse it.
        let huge = sandbox.url.appendingPathComponent("huge.png")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: Data([0x89, 0x50, 0x4E, 0x47])))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        // A link to it is measured by what it points to, not by the link's own size.
        try FileManager.default.createSymbolicLink(atPath: sandbox.url.appendingPathComponent("link.png").path,
                                                   withDestinationPath: "huge.png")
        for (logo, message) in [("folder.png", "logo 'folder.png' is a folder, not an image file"),
                                ("huge.png", "logo 'huge.png' is 1024 MiB; a logo may take at most 16 MiB"),
                                ("link.png", "logo 'link.png' is 1024 MiB; a logo may take at most 16 MiB")] {
            try sandbox.write("logo.yml", "name: logo\nlogo: {path: \(logo)}\nsheets:\n  - kind: functions\n    name: F\n    columns: [{header: H, field: name}]\n")
            let run = try sandbox.docsheet("generate", "Sources", "--no-cache", "--template", "logo.yml", "--output", "l.xlsx")
            #expect(run.status == 2)
            #expect(run.error.contains("logo.yml:2: \(message)"), "\(run.error)")
        }
    }
}
