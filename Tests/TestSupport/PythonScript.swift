import Foundation

/// Runs a Python script as an independent checker of what DocSheet wrote (a parser that shares no code with it).
///
/// The interpreter is `DOCSHEET_PYTHON` when set (`scripts/run-tests` points it at one with openpyxl and
/// jsonschema), else `python3` from the `PATH`. A script reports a module it cannot import by printing
/// `MISSING-MODULE name`; `run` then throws `PythonScript.Failure` naming `scripts/install-deps`, so the test fails
/// instead of skipping.
public enum PythonScript {
    /// Why a script could not check anything.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong and what to do about it.
        public var description: String
    }

    /// The interpreter: `DOCSHEET_PYTHON`, else `python3`.
    public static var interpreter: String { ProcessInfo.processInfo.environment["DOCSHEET_PYTHON"] ?? "python3" }

    /// Runs `source` with `arguments` and returns what it printed on standard output.
    /// - Parameters:
    ///   - source: The script's text.
    ///   - arguments: The script's arguments (`sys.argv[1:]`).
    /// - Returns: Standard output of a run that exited with status 0.
    /// - Throws: `Failure` when the interpreter cannot start, lacks a module (naming `scripts/install-deps`) or the
    ///   script exits with another status (with its standard error).
    public static func run(_ source: String, arguments: [String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docsheet-python-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("check.py")
        let output = folder.appendingPathComponent("stdout")
        let errors = folder.appendingPathComponent("stderr")
        try Data(source.utf8).write(to: script)
        FileManager.default.createFile(atPath: output.path, contents: nil)
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [interpreter, script.path] + arguments
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        do { try process.run() } catch {
            throw Failure(description: "cannot run \(interpreter): \(error); run scripts/install-deps or set DOCSHEET_PYTHON")
        }
        process.waitUntilExit()
        let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        let complaint = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        if let line = (printed + "\n" + complaint).split(separator: "\n").first(where: { $0.hasPrefix("MISSING-MODULE ") }) {
            let module = line.dropFirst("MISSING-MODULE ".count)
            throw Failure(description: "\(interpreter) cannot import \(module): run scripts/install-deps (make deps) or set DOCSHEET_PYTHON to an interpreter that has it")
        }
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(interpreter) exited with \(process.terminationStatus): \(complaint)\(printed)")
        }
        return printed
    }
}
