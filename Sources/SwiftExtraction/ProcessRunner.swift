import Foundation

/// Runs a program and collects what it prints, for the few tools extraction asks (git, `swift package`).
enum ProcessRunner {
    /// What a finished program gave back.
    struct Outcome {
        /// The exit status; -1 when the program could not start or was killed by a signal.
        var status: Int32
        /// Its standard output.
        var output: Data
        /// Its standard error, as text.
        var errorText: String
    }

    /// Runs `executable` with `arguments`, standard input closed. Variables a git hook sets (`GIT_DIR`,
    /// `GIT_WORK_TREE`, `GIT_INDEX_FILE`, `GIT_PREFIX`) are removed: they would point git at another repository.
    static func run(_ executable: String, _ arguments: [String]) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for variable in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PREFIX"] {
            environment.removeValue(forKey: variable)
        }
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Outcome(status: -1, output: Data(), errorText: "cannot run \(executable): \(error.localizedDescription)")
        }
        // Standard error is read on another thread so that neither pipe can fill up and stall the program.
        let errorData = LockedData()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        let status = process.terminationReason == .exit ? process.terminationStatus : -1
        return Outcome(status: status, output: data, errorText: String(decoding: errorData.get(), as: UTF8.self))
    }
}

/// Bytes handed from one thread to another.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
