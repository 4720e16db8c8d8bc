import Foundation

/// The files git does not ignore under a folder, when the folder is inside a git work tree.
enum GitFileList {
    /// Paths relative to `folder` of the tracked and untracked-but-not-ignored files
    /// (`git ls-files --cached --others --exclude-standard -z`), or `nil` when git is not installed or
    /// `folder` is not inside a work tree.
    static func unignoredFiles(in folder: URL) -> Set<String>? {
        guard let output = run(["-C", folder.path, "ls-files", "--cached", "--others", "--exclude-standard", "-z"])
        else { return nil }
        var paths = Set<String>()
        for entry in output.split(separator: 0) where !entry.isEmpty {
            paths.insert(String(decoding: entry, as: UTF8.self))
        }
        return paths
    }

    /// Runs git with `arguments` and returns its standard output, or `nil` when it cannot run or fails.
    private static func run(_ arguments: [String]) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        // Variables a git hook sets would point git at another repository or index than the folder's.
        var environment = ProcessInfo.processInfo.environment
        for variable in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PREFIX"] {
            environment.removeValue(forKey: variable)
        }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { return nil }
        return data
    }
}
