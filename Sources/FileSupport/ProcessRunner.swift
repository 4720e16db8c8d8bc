import Foundation
import Parallelism

/// What a finished program gave back.
public struct ProcessResult: Sendable {
    /// The exit status; when a signal ended the program, 128 + the signal number (as a shell reports it).
    public var status: Int32
    /// The signal that ended the program, or `nil` when it exited by itself.
    public var signal: Int32?
    /// Everything written to standard output.
    public var standardOutput: Data
    /// Everything written to standard error.
    public var standardError: Data

    /// True when the program exited with status 0.
    public var succeeded: Bool { signal == nil && status == 0 }

    /// Standard error as UTF-8 text.
    public var errorText: String { String(decoding: standardError, as: UTF8.self) }

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - status: The exit status (128 + the signal number when a signal ended the program).
    ///   - signal: The signal that ended the program, or `nil`.
    ///   - standardOutput: What the program wrote to standard output.
    ///   - standardError: What the program wrote to standard error.
    public init(status: Int32, signal: Int32? = nil, standardOutput: Data, standardError: Data) {
        self.status = status
        self.signal = signal
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// Runs a child process, feeding its input and draining its outputs concurrently so large outputs never block.
///
/// The one way DocSheet runs programs (git, `swift package`); a program that cannot start is a
/// ``FileSupportError/cannotRun(program:reason:)``, a program that fails is a ``ProcessResult`` whose status says so.
/// The child starts with no signal blocked, whatever thread calls, so Ctrl-C and SIGTERM reach it.
public enum ProcessRunner {
    /// The variables git sets for a hook (`GIT_DIR`, `GIT_WORK_TREE`, `GIT_INDEX_FILE`, `GIT_PREFIX`): a git command
    /// about another folder must not inherit them, or it works on the hook's repository instead.
    public static let gitHookVariables = ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PREFIX"]

    /// This process's environment without the variables in `names`.
    ///
    /// - Parameter names: The variables to leave out, e.g. ``gitHookVariables``.
    /// - Returns: The environment to give a child process.
    public static func inheritedEnvironment(removing names: [String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in names { environment.removeValue(forKey: name) }
        return environment
    }

    /// The program called `name` that a shell (or `/usr/bin/env`) would start: the first regular, executable file of
    /// that name in the folders of `PATH`. Starting a program by this path spares one `env` process per run.
    ///
    /// - Parameters:
    ///   - name: The program's file name, e.g. `git`.
    ///   - searchPath: The folders to search, `:`-separated; `nil` reads this process's `PATH` (`/usr/bin:/bin` when
    ///     it has none). An empty entry (or `.`) is the current folder, as for a shell.
    /// - Returns: The program's absolute path, e.g. `/usr/bin/git`, or `nil` when no folder holds it.
    public static func executable(named name: String, searchPath: String? = nil) -> String? {
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let currentFolder = FileManager.default.currentDirectoryPath
        for entry in path.split(separator: ":", omittingEmptySubsequences: false) {
            let folder = entry.hasPrefix("/") ? String(entry) : currentFolder + (entry.isEmpty ? "" : "/" + entry)
            let candidate = folder + "/" + name
            var status = stat()
            guard stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 else {
                continue
            }
            return candidate
        }
        return nil
    }

    /// The `git` program on `PATH` (``executable(named:searchPath:)``), looked up once per process; `nil` when git is
    /// not installed.
    public static let git = executable(named: "git")

    /// Runs `executable` with `arguments` and waits for it to finish.
    ///
    /// - Parameters:
    ///   - executable: The absolute path of the program, e.g. `/usr/bin/git` (see ``executable(named:searchPath:)``).
    ///   - arguments: The program's arguments.
    ///   - directory: The child's working folder, or `nil` for this process's.
    ///   - input: Data written to the child's standard input, or `nil` for an empty input.
    ///   - environment: The child's environment; `nil` inherits this process's.
    /// - Returns: The exit status (or the signal that ended the program) and everything written to standard output and
    ///   standard error; a non-zero status is not an error.
    /// - Throws: `FileSupportError.cannotRun` when the program cannot be started (e.g. it does not exist).
    public static func run(
        executable: String, arguments: [String], directory: URL? = nil, input: Data? = nil,
        environment: [String: String]? = nil
    ) throws(FileSupportError) -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let outputPipe = Pipe(), errorPipe = Pipe(), inputPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        // `waitUntilExit()` polls the run loop every 50 ms on Linux; a termination handler returns at once.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try withNoSignalBlocked { () throws(any Error) in try process.run() }
        } catch {
            throw .cannotRun(program: ([executable] + arguments.prefix(1)).joined(separator: " "),
                             reason: error.localizedDescription)
        }
        let group = DispatchGroup()
        let errorBytes = Locked(Data())
        DispatchQueue.global().async(group: group) {
            let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
            errorBytes.withLock { $0 = data }
        }
        if let input {
            DispatchQueue.global().async(group: group) {
                // A child that exits without reading all of its input closes the pipe: writing stops then (a
                // `FileHandle.write` would trap on EPIPE); its exit status tells what went wrong.
                _ = DescriptorWriter.writeAll(input, to: inputPipe.fileHandleForWriting.fileDescriptor)
                try? inputPipe.fileHandleForWriting.close()
            }
        }
        let output = outputPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        exited.wait()
        // Foundation's `Process` on Linux keeps the pipes alive after the child ends: without closing the parent's
        // ends here, every run left its descriptors open (1,700 after the test suite's runs), and a process with
        // that many descriptors trips Foundation's own over-read when it lists /proc/self/fd to start the next child.
        for handle in [outputPipe.fileHandleForReading, errorPipe.fileHandleForReading, inputPipe.fileHandleForReading,
                       inputPipe.fileHandleForWriting] {
            try? handle.close()
        }
        let signalled = process.terminationReason == .uncaughtSignal
        return ProcessResult(status: signalled ? 128 + process.terminationStatus : process.terminationStatus,
                             signal: signalled ? process.terminationStatus : nil,
                             standardOutput: output, standardError: errorBytes.value)
    }

    /// Runs `body` (which starts a child) with no signal blocked on the calling thread.
    ///
    /// A child inherits the blocked signals of the thread that starts it, and dispatch worker threads block nearly
    /// all of them: a git started there would ignore Ctrl-C and SIGTERM until it ends. Started this way it gets them
    /// as if started from a shell. The thread's mask is restored afterwards.
    private static func withNoSignalBlocked<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        var none = sigset_t()
        var previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try body()
    }
}

/// Writing to a file descriptor without `FileHandle.write`, which traps when the reader has gone (EPIPE).
public enum DescriptorWriter {
    /// Writes all of `data` to `descriptor`, retrying short writes and interrupted calls.
    ///
    /// - Parameters:
    ///   - data: The bytes to write.
    ///   - descriptor: An open file descriptor, e.g. a pipe or standard output.
    /// - Returns: 0 when every byte was written, else the `errno` of the failed write (`EPIPE`: the reader is gone).
    public static func writeAll(_ data: Data, to descriptor: Int32) -> Int32 {
        data.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// Writes all of `buffer` to `descriptor`, retrying short writes and interrupted calls.
    ///
    /// - Parameters:
    ///   - buffer: The bytes to write.
    ///   - descriptor: An open file descriptor.
    /// - Returns: 0 when every byte was written, else the `errno` of the failed write.
    public static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        guard var pointer = buffer.baseAddress else { return 0 }
        var remaining = buffer.count
        while remaining > 0 {
            let written = Foundation.write(descriptor, pointer, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            remaining -= written
            pointer += written
        }
        return 0
    }
}
