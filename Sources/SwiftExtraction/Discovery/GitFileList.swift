import FileSupport
import Foundation

/// What git ignores under a folder, when the folder is inside a git work tree.
///
/// DocSheet asks for the ignored paths rather than for the files git knows, so that files of nested
/// repositories and submodules — which git lists only as a folder or a gitlink — are still scanned.
enum GitFileList {
    /// The untracked files and folders git ignores under `folder`
    /// (`git ls-files --others --ignored --exclude-standard --directory -z`), or `nil` when git is not
    /// installed or `folder` is not inside a work tree.
    ///
    /// - Parameter folder: The folder to ask about.
    /// - Returns: The ignored paths relative to `folder`; a folder that is ignored as a whole ends with `/`.
    static func ignoredPaths(in folder: URL) -> GitIgnoredPaths? {
        guard let output = run(["-C", folder.path, "ls-files", "--others", "--ignored", "--exclude-standard", "--directory", "-z"])
        else { return nil }
        var paths = GitIgnoredPaths()
        for entry in output.split(separator: 0) where !entry.isEmpty {
            paths.add(String(decoding: entry, as: UTF8.self))
        }
        return paths
    }

    /// Runs git with `arguments` and returns its standard output, or `nil` when it cannot run or fails.
    private static func run(_ arguments: [String]) -> Data? {
        let environment = ProcessRunner.inheritedEnvironment(removing: ProcessRunner.gitHookVariables)
        guard let git = ProcessRunner.git,
              let result = try? ProcessRunner.run(executable: git, arguments: arguments, environment: environment) else {
            return nil
        }
        return result.succeeded ? result.standardOutput : nil
    }
}

/// Paths git ignores, relative to the folder they were asked for: single files, and folders ignored as a whole.
struct GitIgnoredPaths {
    private var files = Set<String>()
    private var folders = Set<String>()

    /// Adds a path as git prints it (a folder ends with `/`).
    mutating func add(_ path: String) {
        if path.hasSuffix("/") { folders.insert(String(path.dropLast())) } else { files.insert(path) }
    }

    /// Adds the ignored paths of a nested repository found at `prefix`.
    mutating func add(_ nested: GitIgnoredPaths, under prefix: String) {
        files.formUnion(nested.files.map { prefix + "/" + $0 })
        folders.formUnion(nested.folders.map { prefix + "/" + $0 })
    }

    /// True when git ignores `relativePath` (`/`-separated) or a folder on its way.
    func contains(_ relativePath: String) -> Bool {
        if files.contains(relativePath) || folders.contains(relativePath) { return true }
        var path = Substring(relativePath)
        while let slash = path.lastIndex(of: "/") {
            path = path[..<slash]
            if folders.contains(String(path)) { return true }
        }
        return false
    }
}
