import Foundation
import Testing
import TestSupport

/// An interrupted run removes the hidden temporary file beside its output, leaves the old output as it was, and ends
/// killed by the signal itself (not by a normal exit with 130 or 143), so a calling shell stops too.
@Suite struct InterruptTests {
    /// Whether this test process ignores `signalNumber`: a process started in the background by a non-interactive
    /// shell ignores SIGINT, and so do its children; docsheet leaves an ignored signal alone, so there is nothing to test.
    /// Only asks (`sigaction` without a new action): setting SIG_IGN for a moment, as `signal` would, lets a process
    /// that another test starts at that moment inherit it, and that docsheet then ignores the test's Ctrl-C.
    static func ignores(_ signalNumber: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signalNumber, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// The files of ``bigProject()`` and ``bigRepository(for:)``, each of 60 documented functions: 2,400 functions,
    /// whose workbook a debug build writes for a good part of a second, long enough to be signalled while it writes
    /// (a run that ends first is simply tried again), and no larger, since every run parses them all.
    static let bigProjectFiles = 40

    /// A project large enough that writing its workbook takes a while.
    static func bigProject() throws -> DocSheetRunner.Sandbox {
        let sandbox = try DocSheetRunner.Sandbox()
        for file in 0..<bigProjectFiles {
            let text = (0..<60).map { "/// Doc \($0).\npublic func f\(file)_\($0)(x: Int) -> Int { x }\n" }.joined()
            try sandbox.write("Sources/Big/F\(file).swift", text)
        }
        try sandbox.write("out.xlsx", "the previous output")
        return sandbox
    }

    /// The temporary files beside the output, e.g. `.out.xlsx.1234.ABCDEF12.tmp`.
    static func temporaryFiles(_ sandbox: DocSheetRunner.Sandbox) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.url.path)) ?? []).filter { $0.hasSuffix(".tmp") }
    }

    /// Runs `arguments` (docsheet's, or `/bin/bash`'s with `shell`) in `sandbox`, sends `signalNumber` as soon as the
    /// temporary file of the workbook being written appears, and waits for the end.
    ///
    /// - Returns: The ended process, and whether the signal was sent before it ended.
    static func signalWhileWriting(
        _ sandbox: DocSheetRunner.Sandbox, _ signalNumber: Int32, arguments: [String], shell: Bool = false
    ) throws -> (process: Process, signalled: Bool) {
        let process = Process()
        process.executableURL = shell ? URL(fileURLWithPath: "/bin/bash") : DocSheetRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = sandbox.url
        process.environment = sandbox.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try start(process)
        var signalled = false
        while process.isRunning {
            if !temporaryFiles(sandbox).isEmpty {
                kill(process.processIdentifier, signalNumber)
                signalled = true
                break
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        return (process, signalled)
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalWhileTheWorkbookIsWrittenRemovesItsTemporaryFileAndKillsTheProcess(signalNumber: Int32) throws {
        if Self.ignores(signalNumber) { return }
        let sandbox = try Self.bigProject()
        // The temporary file lives while libxlsxwriter writes the package: signal the run as soon as it appears.
        for _ in 0..<5 {
            let (process, signalled) = try Self.signalWhileWriting(sandbox, signalNumber, arguments: ["generate", "--output", "out.xlsx", "--no-cache"])
            guard signalled, process.terminationReason == .uncaughtSignal || process.terminationStatus != 0 else {
                try sandbox.write("out.xlsx", "the previous output")
                continue   // finished before the signal: try again
            }
            #expect(process.terminationReason == .uncaughtSignal, "ended by exit(\(process.terminationStatus)), not by the signal")
            #expect(process.terminationStatus == signalNumber)
            #expect(Self.temporaryFiles(sandbox).isEmpty)
            #expect(sandbox.read("out.xlsx") == "the previous output")
            return
        }
        Issue.record("the run always finished before the signal arrived")
    }

    /// A run started with SIGINT ignored (`nohup`, a background job of a script) keeps ignoring it: the signal that
    /// arrives while the workbook is written changes nothing, and the run replaces the output as usual.
    @Test func aSignalIgnoredAtStartStaysIgnored() throws {
        let sandbox = try Self.bigProject()
        for _ in 0..<5 {
            try sandbox.write("out.xlsx", "the previous output")
            // `trap '' INT` ignores SIGINT in the shell, and exec keeps that for docsheet.
            // The inventory layout: the run is watched to its end, and the signal only needs a workbook being written.
            let command = "trap '' INT; exec \"$0\" generate --output out.xlsx --no-cache --template inventory"
            let (process, signalled) = try Self.signalWhileWriting(sandbox, SIGINT, arguments: ["-c", command, DocSheetRunner.binary.path], shell: true)
            guard signalled else { continue }   // finished before the workbook was seen being written: try again
            #expect(process.terminationReason == .exit && process.terminationStatus == 0)
            #expect(sandbox.read("out.xlsx") != "the previous output", "the run stopped instead of writing its workbook")
            #expect(Self.temporaryFiles(sandbox).isEmpty)
            return
        }
        Issue.record("the run always finished before the signal could be sent")
    }

    /// What a terminal shows of an interrupted run: the progress line is erased, not left before the shell's prompt.
    @Test func ctrlCErasesTheProgressLine() throws {
        if Self.ignores(SIGINT) { return }
        let sandbox = try DocSheetRunner.Sandbox()
        for file in 0..<600 {
            let text = (0..<60).map { "/// Doc \($0).\npublic func f\(file)_\($0)(x: Int) -> Int { x }\n" }.joined()
            try sandbox.write("Sources/Big/F\(file).swift", text)
        }
        // Standard error is a terminal (the line is only drawn on one): the test holds the other end. Linux's
        // pseudo-terminal multiplexer, unlocked (TIOCSPTLCK) and numbered (TIOCGPTN) by ioctl, as posix_openpt,
        // unlockpt and ptsname do (the Glibc module does not offer them).
        let terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_NONBLOCK)
        try #require(terminal >= 0, "no /dev/ptmx")
        defer { close(terminal) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        try #require(ioctl(terminal, 0x4004_5431, &unlock) == 0 && ioctl(terminal, 0x8004_5430, &number) == 0)
        let screen = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(screen >= 0)
        var shown = Data()
        func readTerminal() {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(terminal, &buffer, buffer.count)
                guard count > 0 else { return }
                shown.append(contentsOf: buffer[..<count])
            }
        }
        let process = Process()
        process.executableURL = DocSheetRunner.binary
        process.arguments = ["generate", "--format", "json", "--output", "out.json", "--no-cache"]
        process.currentDirectoryURL = sandbox.url
        process.environment = sandbox.environment.merging(["TERM": "xterm", "CI": ""]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(fileDescriptor: screen, closeOnDealloc: true)
        try Self.start(process)
        let progress = Data("Parsing".utf8)
        while process.isRunning && shown.range(of: progress) == nil {
            readTerminal()
            usleep(5_000)
        }
        guard process.isRunning else {
            Issue.record("the run ended before its progress line was drawn: \(String(decoding: shown, as: UTF8.self))")
            return
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        // The kernel hands a terminal's output to its reader a little later (on a loaded machine, well after the
        // writer exited): read until the erase shows, for at most ten seconds.
        let erased = Data("\r\u{1B}[2K".utf8)
        for _ in 0..<200 {
            readTerminal()
            if shown.suffix(erased.count) == erased { break }
            usleep(50_000)
        }
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        let text = String(decoding: shown, as: UTF8.self)
        #expect(text.hasSuffix("\r\u{1B}[2K"), "the terminal shows at the end: \(text.suffix(120).debugDescription)")
    }

    @Test func ctrlCStopsAShellLoopThatRunsDocsheet() throws {
        if Self.ignores(SIGINT) { return }
        let sandbox = try Self.bigProject()
        for _ in 0..<5 {
            try sandbox.write("out.xlsx", "the previous output")
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/bash")
            shell.arguments = ["-c", "while true; do \"$0\" generate --output out.xlsx --no-cache; done", DocSheetRunner.binary.path]
            shell.currentDirectoryURL = sandbox.url
            shell.environment = sandbox.environment
            shell.standardOutput = FileHandle.nullDevice
            shell.standardError = FileHandle.nullDevice
            try Self.start(shell)
            defer { Self.stop(shell) }
            // Wait until a run is writing its workbook: the temporary file's name carries docsheet's process id.
            var docsheet: pid_t?
            for _ in 0..<15_000 where docsheet == nil && shell.isRunning {
                docsheet = Self.temporaryFiles(sandbox).compactMap { pid_t($0.split(separator: ".").dropLast(2).last ?? "") }.first
                if docsheet == nil { usleep(2_000) }
            }
            let pid = try #require(docsheet, "no run of docsheet started writing")
            // Ctrl-C sends SIGINT to the whole foreground process group: the shell and docsheet.
            kill(shell.processIdentifier, SIGINT)
            kill(pid, SIGINT)
            var waited = 0
            while kill(pid, 0) == 0 && waited < 10_000 { usleep(1_000); waited += 1 }
            // A run that finished just before the signal replaced the output: bash rightly goes on then; try again.
            guard sandbox.read("out.xlsx") == "the previous output" else { continue }
            // bash ends the loop when docsheet was killed by SIGINT; after a normal exit it runs the next round.
            waited = 0
            while shell.isRunning && waited < 1_000 { usleep(10_000); waited += 1 }
            #expect(!shell.isRunning, "the loop went on after Ctrl-C")
            guard !shell.isRunning else { return }
            #expect(shell.terminationReason == .uncaughtSignal && shell.terminationStatus == SIGINT)
            #expect(Self.temporaryFiles(sandbox).isEmpty)
            return
        }
        Issue.record("the run always finished before the signal arrived")
    }

    /// A command interrupted while it works (each command and output kind that makes temporary files, and those
    /// that make none).
    enum InterruptedCommand: String, CaseIterable, Sendable {
        case generateXLSX, generateJSON, generateToStandardOutput, check, checkStaged, diff, diffToStandardOutput,
             preCommitHook, templatesImport

        /// The command line: docsheet's arguments, or the hook script for ``preCommitHook``.
        var arguments: [String] {
            switch self {
            case .generateXLSX: ["generate", "--output", "out/design.xlsx", "--no-cache"]
            case .generateJSON: ["generate", "--format", "json", "--output", "out/inventory.json", "--no-cache"]
            case .generateToStandardOutput: ["generate", "--format", "json", "--output", "-", "--no-cache"]
            case .check: ["check", "--no-cache"]
            case .checkStaged: ["check", "--staged", "--no-cache"]
            case .diff: ["diff", "HEAD", "--output", "out/review.xlsx", "--no-cache"]
            case .diffToStandardOutput: ["diff", "HEAD", "--format", "json", "--no-cache"]
            case .preCommitHook: [".git/hooks/pre-commit"]
            case .templatesImport: ["templates", "import", "client.xlsx", "--output", "out/client.yml"]
            }
        }
    }

    /// A git repository with the big project committed, its files changed and staged (so `diff HEAD` and
    /// `check --staged` have work), DocSheet's pre-commit hook, a `TMPDIR` of its own, and for `templates import` a
    /// client workbook to import (the project's inventory: one large sheet).
    static func bigRepository(for command: InterruptedCommand) throws -> DocSheetRunner.Sandbox {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        func writeSources(_ doc: String) throws {
            for file in 0..<bigProjectFiles {
                let text = (0..<60).map { "/// \(doc) \($0).\npublic func f\(file)_\($0)(x: Int) -> Int { x }\n" }.joined()
                try sandbox.write("Sources/Big/F\(file).swift", text)
            }
        }
        try writeSources("Doc")
        try sandbox.write(".gitignore", "tmp/\nout/\nclient.xlsx\n.cache/\n")
        try sandbox.commitAll("first")
        try writeSources("Changed doc")
        #expect(try sandbox.git("add", "-A").status == 0)
        #expect(try sandbox.docsheet("hook", "install").status == 0)
        if command == .templatesImport {
            #expect(try sandbox.docsheet("generate", "--output", "client.xlsx", "--no-cache", "--template", "inventory").status == 0)
        }
        try FileManager.default.createDirectory(at: sandbox.url.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: sandbox.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        return sandbox
    }

    /// What an interrupted run may have left: everything in its `TMPDIR`, and every hidden temporary file or
    /// `docsheet-*` entry anywhere in the sandbox outside `.git` (the output folder and the cache included).
    static func leftovers(_ sandbox: DocSheetRunner.Sandbox) -> [String] {
        let temporary = ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.url.appendingPathComponent("tmp").path)) ?? [])
            .map { "tmp/\($0)" }
        let tree = (FileManager.default.enumerator(atPath: sandbox.url.path)?.allObjects as? [String] ?? []).filter { path in
            !path.hasPrefix(".git/") && !path.hasPrefix("tmp/")
                && (path.hasSuffix(".tmp") || (path as NSString).lastPathComponent.hasPrefix("docsheet-"))
        }
        return temporary + tree
    }

    /// Ctrl-C while each command works leaves no temporary
    /// file, in its own `TMPDIR` or beside its output, and the run ends killed by the signal. The signal goes out as
    /// soon as a temporary file appears, else after a delay that shrinks when the command finished first.
    @Test(arguments: InterruptedCommand.allCases)
    func ctrlCDuringACommandLeavesNoTemporaryFile(command: InterruptedCommand) throws {
        if Self.ignores(SIGINT) { return }
        let sandbox = try Self.bigRepository(for: command)
        var delay = 0.8
        for _ in 0..<8 {
            let process = Process()
            let hook = command == .preCommitHook
            process.executableURL = hook ? sandbox.url.appendingPathComponent(command.arguments[0]) : DocSheetRunner.binary
            process.arguments = hook ? [] : command.arguments
            process.currentDirectoryURL = sandbox.url
            process.environment = sandbox.environment.merging(["TMPDIR": sandbox.url.appendingPathComponent("tmp").path]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try Self.start(process)
            let start = Date()
            var signalled = false
            while process.isRunning {
                // The hook's shell execs docsheet, so the process is docsheet once the hook got that far.
                if !Self.leftovers(sandbox).isEmpty || Date().timeIntervalSince(start) > delay {
                    kill(process.processIdentifier, SIGINT)
                    signalled = true
                    break
                }
                usleep(1_000)
            }
            process.waitUntilExit()
            guard signalled, process.terminationReason == .uncaughtSignal else {
                delay /= 2   // finished before the signal: try again, sooner
                for output in ["out/design.xlsx", "out/inventory.json", "out/review.xlsx", "out/client.yml"] {
                    try? FileManager.default.removeItem(at: sandbox.url.appendingPathComponent(output))
                }
                continue
            }
            #expect(process.terminationStatus == SIGINT)
            usleep(100_000)   // a child of the hook may still be ending
            #expect(Self.leftovers(sandbox).isEmpty, "left behind: \(Self.leftovers(sandbox))")
            #expect((try? FileManager.default.contentsOfDirectory(atPath: sandbox.url.appendingPathComponent("out").path)) == [],
                    "an interrupted run wrote its output")
            return
        }
        Issue.record("\(command): the run always finished before the signal arrived")
    }

    /// The processes whose parent is `parent` (from /proc).
    static func children(of parent: pid_t) -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
        }
    }

    /// Starts `process` with no signal blocked, as a terminal's shell would: a child inherits the blocked signals of the
    /// thread that starts it, and the test's threads block them.
    static func start(_ process: Process) throws {
        var none = sigset_t()
        var previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
    }

    /// Kills a shell started by a test and the programs it runs (found by their parent process id).
    static func stop(_ shell: Process) {
        guard shell.isRunning else { return }
        let children = children(of: shell.processIdentifier)
        kill(shell.processIdentifier, SIGKILL)
        for child in children { kill(child, SIGKILL) }
        shell.waitUntilExit()
    }
}
