import Foundation

/// The Python interpreter the independent referees (openpyxl, jsonschema, the standard library's XML parser) run in:
/// `$DOCSHEET_PYTHON`, which `scripts/run-tests` sets from `scripts/python-env`, else `python3` on the `PATH`.
public enum ReferencePython {
    /// The interpreter's path or name.
    public static var interpreter: String {
        ProcessInfo.processInfo.environment["DOCSHEET_PYTHON"].flatMap { $0.isEmpty ? nil : $0 } ?? "python3"
    }

    /// Whether the interpreter imports every module in `modules`.
    ///
    /// - Parameter modules: Module names, e.g. `["openpyxl"]`.
    /// - Returns: True when `import` of each succeeds.
    public static func imports(_ modules: [String]) -> Bool {
        (try? run(["-c", modules.map { "import \($0)" }.joined(separator: "; ")]).status) == 0
    }

    /// Runs the interpreter with `arguments`, standard output and error together.
    ///
    /// - Parameters:
    ///   - arguments: The interpreter's arguments (`-c CODE ARG…`, or a script path and its arguments).
    ///   - input: Bytes for its standard input, if any.
    /// - Returns: The exit status and everything it printed.
    /// - Throws: When the interpreter cannot be started.
    public static func run(_ arguments: [String], input: Data? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [interpreter] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let inputPipe = input.map { _ in Pipe() }
        if let inputPipe { process.standardInput = inputPipe }
        try process.run()
        if let inputPipe, let input {
            inputPipe.fileHandleForWriting.write(input)
            try inputPipe.fileHandleForWriting.close()
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// The message a test fails with when a module is missing: never skip, say how to get it.
    ///
    /// - Parameter modules: The modules the test needs.
    /// - Returns: A sentence naming the interpreter, the modules and `scripts/python-env`.
    public static func missing(_ modules: [String]) -> String {
        "\(interpreter) cannot import \(modules.joined(separator: ", ")): run the tests with "
            + "DOCSHEET_PYTHON=\"$(scripts/python-env \(modules.joined(separator: " ")))\" (scripts/run-tests does)"
    }

    /// Why a script could not check anything.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong and what to do about it.
        public var description: String
    }

    /// Runs the script `source` with `arguments` and returns what it printed on standard output. A script reports a
    /// module it cannot import by printing `MISSING-MODULE name`; the test then fails naming `scripts/python-env`
    /// instead of skipping.
    ///
    /// - Parameters:
    ///   - source: The script's text.
    ///   - arguments: The script's arguments (`sys.argv[1:]`).
    /// - Returns: Standard output of a run that exited with status 0.
    /// - Throws: `Failure` when the interpreter cannot start, lacks a module (naming `scripts/python-env`) or the
    ///   script exits with another status (with its standard error).
    public static func runScript(_ source: String, arguments: [String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docsheet-python-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("check.py")
        let output = folder.appendingPathComponent("stdout")
        let errors = folder.appendingPathComponent("stderr")
        try Data(source.utf8).write(to: script)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [interpreter, script.path] + arguments
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        do { try process.run() } catch {
            throw Failure(description: "cannot run \(interpreter): \(error); set DOCSHEET_PYTHON to what scripts/python-env prints")
        }
        process.waitUntilExit()
        let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        let complaint = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        if let line = (printed + "\n" + complaint).split(separator: "\n").first(where: { $0.hasPrefix("MISSING-MODULE ") }) {
            let module = line.dropFirst("MISSING-MODULE ".count)
            throw Failure(description: missing([String(module)]))
        }
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(interpreter) exited with \(process.terminationStatus): \(complaint)\(printed)")
        }
        return printed
    }
}
