import Foundation
import SwiftExtraction

/// The git hooks DocSheet can install.
public enum HookKind: String, CaseIterable, Sendable {
    /// Runs `docsheet check --staged` before each commit (the default).
    case preCommit = "pre-commit"
    /// Regenerates the design document after each commit.
    case postCommit = "post-commit"
    /// Regenerates the design document before each push.
    case prePush = "pre-push"

    /// The docsheet command the hook runs.
    public var command: String {
        switch self {
        case .preCommit: return "docsheet check --staged"
        case .postCommit, .prePush: return "docsheet generate"
        }
    }
}

/// The state of one hook.
public enum HookState: Equatable, Sendable {
    /// No hook file.
    case notInstalled
    /// DocSheet's hook; `chained` when it runs an earlier hook first.
    case installed(chained: Bool)
    /// A hook DocSheet did not write.
    case foreign
}

/// Installs, removes and inspects DocSheet's git hooks in a repository's hooks folder (honouring
/// `core.hooksPath` and linked worktrees). A hook DocSheet did not write is never overwritten: it is chained
/// (renamed to `<hook>.docsheet-chained` and run first) when asked, replaced only with `force`, else refused.
public struct HookInstaller: Sendable {
    /// The comment that marks a hook as DocSheet's.
    public static let marker = "# docsheet-hook"
    /// The comment that records the project folder a hook runs in.
    public static let projectMarker = "# docsheet-project: "
    /// The folder git runs hooks from.
    public let hooksFolder: URL
    /// The project folder the hooks run docsheet in, relative to the top of the work tree (empty at the top): the
    /// folder of the nearest `.docsheet.yml` at or above `path` inside the work tree, else `path`'s folder.
    public let projectFolder: String

    /// An installer for the repository that holds `path`.
    /// - Parameter path: A file or folder inside the git work tree; it decides the project folder the hooks run in.
    /// - Throws: `WorkflowError.inputNotFound` when nothing exists at `path`; `WorkflowError.notAGitRepository` when
    ///   `path` is not inside a git work tree.
    public init(repositoryPath path: URL) throws(WorkflowError) {
        guard FileManager.default.fileExists(atPath: path.path) else {
            throw .inputNotFound(path: path.path, hint: "pass a folder inside the git repository with --repository")
        }
        guard let workTree = Git.workTree(holding: path) else { throw .notAGitRepository(path: path.path) }
        hooksFolder = try workTree.git.hooksFolder()
        let top = workTree.topLevel.resolvingSymlinksInPath().path
        let start = workTree.git.directory.resolvingSymlinksInPath()
        var folder = start
        var project = start
        while FolderPaths.relative(folder.path, to: top) != nil {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(Configuration.fileName).path) {
                project = folder
                break
            }
            if folder.path == top || folder.path == "/" { break }
            folder = folder.deletingLastPathComponent()
        }
        projectFolder = FolderPaths.relative(project.path, to: top) ?? ""
    }

    /// The project folder recorded in DocSheet's installed hook of `kind` (empty: the top of the work tree), or
    /// `nil` when DocSheet's hook is not installed.
    ///
    /// - Parameter kind: The hook.
    /// - Returns: The folder relative to the top of the work tree the hook runs docsheet in.
    public func installedProjectFolder(_ kind: HookKind) -> String? {
        guard case .installed = state(kind), let data = FileManager.default.contents(atPath: hookURL(kind).path) else { return nil }
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix(Self.projectMarker) }
        return line.map { String($0.dropFirst(Self.projectMarker.count)) } ?? ""
    }

    /// The hook file of `kind`.
    ///
    /// - Parameter kind: The hook.
    /// - Returns: The hook's file in ``hooksFolder``, e.g. `.git/hooks/pre-commit`, whether or not it exists.
    public func hookURL(_ kind: HookKind) -> URL { hooksFolder.appendingPathComponent(kind.rawValue) }

    /// Where a chained foreign hook is kept.
    ///
    /// - Parameter kind: The hook.
    /// - Returns: The file `<hook>.docsheet-chained` in ``hooksFolder``, whether or not it exists.
    public func chainedURL(_ kind: HookKind) -> URL { hooksFolder.appendingPathComponent(kind.rawValue + ".docsheet-chained") }

    /// The state of the hook of `kind`.
    ///
    /// - Parameter kind: The hook.
    /// - Returns: `.notInstalled` when there is no hook file, `.foreign` when it lacks DocSheet's ``marker`` (also a
    ///   symbolic link whose target is missing or unreadable), else `.installed` with whether a foreign hook is chained.
    public func state(_ kind: HookKind) -> HookState {
        var info = stat()
        guard lstat(hookURL(kind).path, &info) == 0 else { return .notInstalled }
        guard let data = FileManager.default.contents(atPath: hookURL(kind).path) else { return .foreign }
        guard String(decoding: data, as: UTF8.self).contains(Self.marker) else { return .foreign }
        return .installed(chained: FileManager.default.fileExists(atPath: chainedURL(kind).path))
    }

    /// Installs (or updates) the hook of `kind` and returns its file.
    ///
    /// - Parameters:
    ///   - kind: The hook to install.
    ///   - chain: keep a foreign hook and run it before DocSheet's.
    ///   - force: replace a foreign hook.
    /// - Returns: The hook file, executable.
    /// - Throws: `WorkflowError.foreignHook` when a foreign hook is in the way and neither option is given;
    ///   `WorkflowError.fileExists` when chaining but a chained hook is already kept; `WorkflowError.outputFailed`
    ///   when the hooks folder, the hook or its permissions cannot be written.
    public func install(_ kind: HookKind, chain: Bool = false, force: Bool = false) throws(WorkflowError) -> URL {
        let hook = hookURL(kind)
        do {
            try FileManager.default.createDirectory(at: hooksFolder, withIntermediateDirectories: true)
        } catch {
            throw .outputFailed(path: hooksFolder.path, reason: "cannot create the hooks folder")
        }
        if state(kind) == .foreign {
            if chain {
                guard !FileManager.default.fileExists(atPath: chainedURL(kind).path) else {
                    throw .fileExists(path: chainedURL(kind).path)
                }
                guard rename(hook.path, chainedURL(kind).path) == 0 else {
                    throw .outputFailed(path: chainedURL(kind).path, reason: String(cString: strerror(errno)))
                }
            } else if !force {
                throw .foreignHook(path: hook.path)
            }
        }
        try WorkflowError.writeAtomically(Data(Self.script(for: kind, projectFolder: projectFolder).utf8), to: hook)
        guard chmod(hook.path, 0o755) == 0 else {
            throw .outputFailed(path: hook.path, reason: "cannot make the hook executable")
        }
        return hook
    }

    /// Removes DocSheet's hook of `kind`, putting a chained hook back. Returns false when none was installed.
    /// - Parameter kind: The hook to remove.
    /// - Returns: True when DocSheet's hook was removed, false when none was installed.
    /// - Throws: `WorkflowError.foreignHookNotRemoved` when the hook is not DocSheet's (it is left alone);
    ///   `WorkflowError.outputFailed` when the hook cannot be removed or the chained hook cannot be put back.
    public func uninstall(_ kind: HookKind) throws(WorkflowError) -> Bool {
        switch state(kind) {
        case .notInstalled:
            return false
        case .foreign:
            throw .foreignHookNotRemoved(path: hookURL(kind).path)
        case .installed(let chained):
            let hook = hookURL(kind)
            if chained {
                guard rename(chainedURL(kind).path, hook.path) == 0 else {
                    throw .outputFailed(path: hook.path, reason: String(cString: strerror(errno)))
                }
            } else {
                do {
                    try FileManager.default.removeItem(at: hook)
                } catch {
                    throw .outputFailed(path: hook.path, reason: "cannot remove the hook")
                }
            }
            return true
        }
    }

    /// The hook script: runs a chained hook first, then docsheet (in `projectFolder` when the project lives in a
    /// subfolder); prints a line and succeeds when docsheet is not on PATH, so a teammate without DocSheet can
    /// still commit.
    ///
    /// - Parameters:
    ///   - kind: The hook.
    ///   - projectFolder: The folder docsheet runs in, relative to the top of the work tree (empty: the top).
    /// - Returns: A POSIX shell script holding DocSheet's ``marker``.
    public static func script(for kind: HookKind, projectFolder: String = "") -> String {
        var enterProject = ""
        if !projectFolder.isEmpty {
            let quoted = "'" + projectFolder.replacingOccurrences(of: "'", with: "'\\''") + "'"
            enterProject = """
                \(projectMarker)\(projectFolder)
                # git runs hooks at the top of the work tree; keep its variables valid in the project folder.
                for variable in GIT_INDEX_FILE GIT_DIR GIT_WORK_TREE GIT_COMMON_DIR; do
                    eval "value=\\${$variable:-}"
                    case "$value" in
                        ''|/*) ;;
                        *) eval "$variable=\\"\\$(pwd)/\\$value\\""; export "$variable" ;;
                    esac
                done
                cd -- \(quoted) || exit 1

                """
        }
        return """
        #!/bin/sh
        \(marker): \(kind.rawValue). Installed by 'docsheet hook install'; 'docsheet hook uninstall' removes it.
        chained="$(dirname "$0")/\(kind.rawValue).docsheet-chained"
        if [ -x "$chained" ]; then
            "$chained" "$@" || exit $?
        fi
        if ! command -v docsheet >/dev/null 2>&1; then
            echo "docsheet: not found on PATH; skipping '\(kind.command)' (install docsheet to enable this hook)" >&2
            exit 0
        fi
        \(enterProject)exec \(kind.command)

        """
    }
}
