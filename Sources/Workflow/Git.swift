import FileSupport
import Foundation

/// Runs git commands in one folder. Every failure becomes a `WorkflowError` with git's own message.
public struct Git: Sendable {
    /// The folder the commands run in.
    public let directory: URL

    /// Creates a runner for `directory`.
    ///
    /// - Parameter directory: The folder git runs in; it decides the repository and the meaning of relative paths.
    public init(directory: URL) { self.directory = directory }

    /// A runner for the work tree that holds `url` (a file or folder), or `nil` when it is not inside one
    /// or git is not installed.
    ///
    /// - Parameter url: A file or folder.
    /// - Returns: A runner in `url`'s folder, or `nil` when it is not inside a work tree or git cannot run.
    public static func enclosing(_ url: URL) -> Git? {
        workTree(holding: url)?.git
    }

    /// Where a folder sits in its git work tree.
    public struct WorkTree: Sendable {
        /// A runner in the folder asked about.
        public var git: Git
        /// The top folder of the work tree.
        public var topLevel: URL
        /// The folder's path relative to ``topLevel``, ending in `/` (empty at the top).
        public var prefix: String
    }

    /// The work tree that holds `url` (a file or folder) with its top folder and `url`'s folder's prefix, asked of git
    /// in one run; `nil` when `url` is not inside a work tree or git cannot run.
    ///
    /// - Parameter url: A file or folder.
    /// - Returns: The runner in `url`'s folder, the top of its work tree and the folder's prefix, or `nil`.
    public static func workTree(holding url: URL) -> WorkTree? {
        var folder = url.standardizedFileURL
        if !FilePaths.isFolder(folder) { folder.deleteLastPathComponent() }
        let git = Git(directory: folder)
        // Outside a work tree (in a bare repository or a `.git` folder) git prints `false` and fails.
        guard let output = try? git.run(["rev-parse", "--is-inside-work-tree", "--show-toplevel", "--show-prefix"]) else {
            return nil
        }
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "true" else { return nil }
        guard lines.count == 4 else { // a line break inside a folder's name: ask for each separately
            guard let top = try? git.topLevel(), let prefix = try? git.prefix() else { return nil }
            return WorkTree(git: git, topLevel: top, prefix: prefix)
        }
        return WorkTree(git: git, topLevel: URL(fileURLWithPath: String(lines[1]), isDirectory: true), prefix: String(lines[2]))
    }

    /// Runs `git arguments` and returns its standard output.
    ///
    /// - Parameters:
    ///   - arguments: The git arguments, e.g. `["ls-files", "-z"]`.
    ///   - input: data written to git's standard input.
    /// - Returns: Everything git wrote to standard output.
    /// - Throws: `WorkflowError.gitFailed` with git's message when it exits with a non-zero status (or cannot start).
    public func run(_ arguments: [String], input: Data? = nil) throws(WorkflowError) -> Data {
        guard let executable = ProcessRunner.git else {
            throw .gitFailed(command: arguments.joined(separator: " "), reason: "git is not installed or not on the PATH")
        }
        let result: ProcessResult
        do {
            result = try ProcessRunner.run(executable: executable, arguments: arguments, directory: directory, input: input)
        } catch {
            throw .gitFailed(command: arguments.joined(separator: " "), reason: error.description)
        }
        guard result.succeeded else {
            let ending = result.signal.map { "ended by signal \($0)" } ?? "exit status \(result.status)"
            let message = result.errorText.split(whereSeparator: \.isNewline).first.map(String.init) ?? ending
            throw .gitFailed(command: arguments.joined(separator: " "), reason: message)
        }
        return result.standardOutput
    }

    /// Runs `git arguments` and returns its output as text without the trailing newline.
    ///
    /// - Parameter arguments: The git arguments, e.g. `["rev-parse", "HEAD"]`.
    /// - Returns: Git's standard output as UTF-8 text, trailing newlines removed.
    /// - Throws: `WorkflowError.gitFailed` with git's first error line when git cannot start or exits with a non-zero
    ///   status.
    public func string(_ arguments: [String]) throws(WorkflowError) -> String {
        String(decoding: try run(arguments), as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// The top folder of the work tree.
    ///
    /// - Returns: The absolute URL of the work tree's top folder.
    /// - Throws: `WorkflowError.gitFailed` when ``directory`` is not inside a work tree.
    public func topLevel() throws(WorkflowError) -> URL {
        URL(fileURLWithPath: try string(["rev-parse", "--show-toplevel"]), isDirectory: true)
    }

    /// The path of `directory` relative to the top of the work tree, ending in `/` (empty at the top).
    ///
    /// - Returns: The prefix, e.g. `Sources/App/`, or an empty string at the top.
    /// - Throws: `WorkflowError.gitFailed` when ``directory`` is not inside a work tree.
    public func prefix() throws(WorkflowError) -> String {
        try string(["rev-parse", "--show-prefix"])
    }

    /// The full hash of `revision` as a commit.
    /// - Parameter revision: A branch, tag, commit hash or expression such as `HEAD~2`.
    /// - Returns: The 40-character hash of the commit.
    /// - Throws: `WorkflowError.invalidInput` when the revision does not name a commit.
    public func resolveCommit(_ revision: String) throws(WorkflowError) -> String {
        do {
            return try string(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"])
        } catch {
            if headCommit() == nil {
                throw .invalidInput(path: revision, reason: "the repository has no commit yet; commit first, or "
                    + "document the working tree with 'docsheet generate'")
            }
            if (try? string(["rev-parse", "--is-shallow-repository"])) == "true" {
                throw .invalidInput(path: revision, reason: "not a commit in this shallow clone; fetch the history "
                    + "('git fetch --unshallow', or 'fetch-depth: 0' in GitHub Actions) or pass a commit it holds")
            }
            throw .invalidInput(path: revision, reason: "not a commit in this repository; pass a branch, tag or commit hash")
        }
    }

    /// The commit HEAD points at, or `nil` in a repository without commits.
    ///
    /// - Returns: The 40-character hash of HEAD's commit, or `nil` when there is none.
    public func headCommit() -> String? {
        try? string(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"])
    }

    /// The committer date of `revision`, or `nil` when there is no such commit.
    ///
    /// - Parameter revision: A branch, tag, commit hash or expression (default: `HEAD`).
    /// - Returns: The commit's committer date, or `nil` when `revision` names no commit.
    public func commitDate(_ revision: String = "HEAD") -> Date? {
        guard let text = try? string(["log", "-1", "--format=%ct", revision]), let seconds = TimeInterval(text) else {
            return nil
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The folder git runs hooks from, honouring `core.hooksPath` and linked worktrees.
    ///
    /// - Returns: The absolute hooks folder (it may not exist yet).
    /// - Throws: `WorkflowError.gitFailed` when ``directory`` is not inside a repository.
    public func hooksFolder() throws(WorkflowError) -> URL {
        let path = try string(["rev-parse", "--git-path", "hooks"])
        return path.hasPrefix("/") ? URL(fileURLWithPath: path, isDirectory: true)
            : directory.appendingPathComponent(path, isDirectory: true).standardizedFileURL
    }

    /// One changed path between two states of the tree (paths relative to the top of the work tree).
    public struct Change: Hashable, Sendable {
        /// The path in the newer state (for a deleted file: the path it had).
        public var path: String
        /// The path in the older state (differs from `path` for a rename; `nil` for an added file).
        public var oldPath: String?
        /// True when the file exists only in the older state.
        public var isDeletion = false

        /// Creates a change.
        ///
        /// - Parameters:
        ///   - path: The path in the newer state (for a deleted file: the path it had).
        ///   - oldPath: The path in the older state, or `nil` for an added file.
        ///   - isDeletion: True when the file exists only in the older state.
        public init(path: String, oldPath: String?, isDeletion: Bool = false) {
            self.path = path
            self.oldPath = oldPath
            self.isDeletion = isDeletion
        }
    }

    /// Files added, copied, modified or renamed in the index compared with HEAD (all files when there is no HEAD).
    ///
    /// - Returns: The staged paths (with the old path for a rename), in git's order.
    /// - Throws: `WorkflowError.gitFailed` when a git command fails.
    public func stagedChanges() throws(WorkflowError) -> [Change] {
        guard let head = headCommit() else {
            return try nullSeparated(try run(["ls-files", "--cached", "-z"])).map { Change(path: $0, oldPath: nil) }
        }
        return try stagedChanges(comparedWith: head).filter { !$0.isDeletion }
    }

    /// Every file that differs between the index and `commit`, deleted files included (`isDeletion`).
    ///
    /// - Parameter commit: The commit to compare the index with, e.g. HEAD or a merged commit.
    /// - Returns: The changed paths (with the old path for a rename or deletion), in git's order.
    /// - Throws: `WorkflowError.gitFailed` when a git command fails.
    public func stagedChanges(comparedWith commit: String) throws(WorkflowError) -> [Change] {
        try changes(try run(["diff", "--cached", "--name-status", "-z", "-M", "--no-ext-diff", commit, "--"]))
    }

    /// The commits a commit made from the index would be compared with: HEAD, then every `MERGE_HEAD` during a
    /// merge, `CHERRY_PICK_HEAD` during a cherry-pick, or the reverted commit's parent during a revert. Empty in a
    /// repository without commits.
    ///
    /// - Returns: The full hashes, HEAD first.
    public func commitParents() -> [String] {
        // Two runs of git, whatever the state: where MERGE_HEAD and CHERRY_PICK_HEAD would be (they list commits, one
        // per line), then every revision at once through `cat-file --batch-check`, which answers each line with
        // `<hash> commit <size>`, or with the line and `missing` when it names no commit.
        var revisions = ["HEAD^{commit}", "REVERT_HEAD^^{commit}"]
        if let paths = try? string(["rev-parse", "--git-path", "MERGE_HEAD", "--git-path", "CHERRY_PICK_HEAD"]) {
            for path in paths.split(separator: "\n") {
                let url = path.hasPrefix("/") ? URL(fileURLWithPath: String(path)) : directory.appendingPathComponent(String(path))
                guard let data = FileManager.default.contents(atPath: url.path) else { continue }
                for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
                    let hash = line.trimmingCharacters(in: .whitespaces)
                    if !hash.isEmpty, hash.allSatisfy(\.isHexDigit) { revisions.append(hash + "^{commit}") }
                }
            }
        }
        guard let answers = try? run(["cat-file", "--batch-check"], input: Data(revisions.map { $0 + "\n" }.joined().utf8))
        else { return [] }
        let commits = String(decoding: answers, as: UTF8.self).split(separator: "\n").map { answer -> String? in
            let fields = answer.split(separator: " ")
            return fields.count == 3 && fields[1] == "commit" ? String(fields[0]) : nil
        }
        guard commits.count == revisions.count, let head = commits[0] else { return [] }
        var result = [head]
        // HEAD, then the merged or picked heads, then the reverted commit's parent.
        for commit in commits.dropFirst(2) + [commits[1]] {
            if let commit, !result.contains(commit) { result.append(commit) }
        }
        return result
    }

    /// The best common ancestor of `revision` and `other` (what `git diff REV...` compares with).
    ///
    /// - Parameters:
    ///   - revision: A branch, tag or commit, e.g. `main`.
    ///   - other: The other side (default: HEAD).
    /// - Returns: The full hash of the merge base.
    /// - Throws: `WorkflowError.invalidInput` when `revision` names no commit or has no common history with `other`.
    public func mergeBase(_ revision: String, _ other: String = "HEAD") throws(WorkflowError) -> String {
        let commit = try resolveCommit(revision)
        let otherCommit = try resolveCommit(other)
        guard let base = try? string(["merge-base", commit, otherCommit]), !base.isEmpty else {
            throw .invalidInput(path: revision, reason: "has no common ancestor with HEAD; pass a revision on this branch's history")
        }
        return base
    }

    /// Files changed in the work tree (staged or not) since `revision`, plus untracked files.
    ///
    /// - Parameters:
    ///   - revision: The base revision, e.g. `main` or `HEAD~1`.
    ///   - includeDeleted: Whether deleted files are listed too (`isDeletion`).
    /// - Returns: The changed paths (with the old path for a rename), then the untracked files that are not ignored.
    /// - Throws: `WorkflowError.gitFailed` when a git command fails, e.g. for an unknown revision.
    public func changes(since revision: String, includeDeleted: Bool = false) throws(WorkflowError) -> [Change] {
        var result = try changes(try run(["diff", "--name-status", "-z", "-M", "--no-ext-diff", revision, "--"]))
        if !includeDeleted { result.removeAll(where: \.isDeletion) }
        let untracked = try nullSeparated(try run(["ls-files", "--others", "--exclude-standard", "-z"]))
        result += untracked.map { Change(path: $0, oldPath: nil) }
        return result
    }

    /// The files of `revision` under `folder` (relative to the top of the work tree), relative to the top.
    ///
    /// - Parameters:
    ///   - revision: A commit or tree.
    ///   - folder: A folder relative to the top of the work tree, or empty for the whole tree.
    /// - Returns: The paths of every file in the tree, relative to the top of the work tree.
    /// - Throws: `WorkflowError.gitFailed` when git fails, e.g. for an unknown revision.
    public func files(at revision: String, under folder: String) throws(WorkflowError) -> [String] {
        var arguments = ["ls-tree", "-r", "-z", "--name-only", "--full-tree", revision]
        if !folder.isEmpty { arguments += ["--", folder] }
        return try nullSeparated(try run(arguments))
    }

    /// The blob ids of `paths` (relative to the top of the work tree) at `revision`, or in the index for `""`; paths
    /// that are not there (or are unmerged) are left out. Paths are passed literally and read NUL-separated.
    ///
    /// - Parameters:
    ///   - paths: The files, relative to the top of the work tree.
    ///   - revision: A commit, or `""` for the index (stage 0).
    /// - Returns: The blob id of each path found.
    /// - Throws: `WorkflowError.gitFailed` when git fails, e.g. for an unknown revision.
    public func blobIDs(_ paths: [String], at revision: String) throws(WorkflowError) -> [String: String] {
        var result: [String: String] = [:]
        var start = 0
        while start < paths.count {
            let chunk = Array(paths[start..<min(start + 500, paths.count)])
            start += 500
            let arguments = revision.isEmpty
                ? ["--literal-pathspecs", "ls-files", "-s", "-z", "--"] + chunk
                : ["--literal-pathspecs", "ls-tree", "-r", "-z", "--full-tree", revision, "--"] + chunk
            result.merge(Self.blobEntries(try run(arguments), fromIndex: revision.isEmpty)) { _, new in new }
        }
        return result
    }

    /// The blob id of every file under `folder` (relative to the top of the work tree, `""` for all) at `revision`
    /// whose name ends in `suffix`, from one `git ls-tree -r -z`.
    ///
    /// - Parameters:
    ///   - revision: A commit.
    ///   - folder: A folder path relative to the top of the work tree, or `""`.
    ///   - suffix: The end of the names wanted (`.swift`); other entries are skipped before they are decoded.
    /// - Returns: The blob id of each file, by its path relative to the top of the work tree.
    /// - Throws: `WorkflowError.gitFailed` when git fails, e.g. for an unknown revision.
    public func blobIDs(at revision: String, under folder: String, endingIn suffix: String) throws(WorkflowError) -> [String: String] {
        var arguments = ["--literal-pathspecs", "ls-tree", "-r", "-z", "--full-tree", revision]
        if !folder.isEmpty { arguments += ["--", folder] }
        return Self.blobEntries(try run(arguments), fromIndex: false, endingIn: Array(suffix.utf8))
    }

    /// The path → blob id entries of NUL-separated `git ls-files -s -z` (`fromIndex`: `mode id stage<TAB>path`, stage
    /// 0 only) or `git ls-tree -z` (`mode type id<TAB>path`, blobs only) output, read as bytes. Entries whose path
    /// does not end in `suffix` are skipped before anything is decoded.
    private static func blobEntries(_ output: Data, fromIndex: Bool, endingIn suffix: [UInt8] = []) -> [String: String] {
        var result: [String: String] = [:]
        output.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = 0
            while start < bytes.count {
                var stop = start
                while stop < bytes.count && bytes[stop] != 0 { stop += 1 }
                defer { start = stop + 1 }
                guard stop - start > suffix.count,
                      suffix.indices.allSatisfy({ bytes[stop - suffix.count + $0] == suffix[$0] }),
                      let tab = (start..<stop).first(where: { bytes[$0] == 0x09 }) else { continue }
                let fields = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<tab]), as: UTF8.self)
                    .split(separator: " ")
                // ls-files: mode id stage; ls-tree: mode type id.
                guard fields.count == 3, fromIndex ? fields[2] == "0" : fields[1] == "blob" else { continue }
                let path = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(tab + 1)..<stop]), as: UTF8.self)
                result[path] = String(fromIndex ? fields[1] : fields[2])
            }
        }
        return result
    }

    /// Reads many objects at once with `git cat-file --batch`; `specs` are `REV:path` or `:path` (the index).
    /// Missing objects are left out of the result.
    ///
    /// - Parameter specs: The objects to read, e.g. `HEAD:Sources/App/Model.swift` or `:Sources/App/Model.swift`.
    /// - Returns: The content of each object found, keyed by its spec.
    /// - Throws: `WorkflowError.gitFailed` when git fails or its output is truncated.
    public func readObjects(_ specs: [String]) throws(WorkflowError) -> [String: Data] {
        guard !specs.isEmpty else { return [:] }
        let input = Data(specs.map { $0 + "\n" }.joined().utf8)
        let output = try run(["cat-file", "--batch"], input: input)
        var result: [String: Data] = [:]
        var index = output.startIndex
        for spec in specs {
            guard let newline = output[index...].firstIndex(of: 0x0A) else { break }
            let header = String(decoding: output[index..<newline], as: UTF8.self)
            index = output.index(after: newline)
            let fields = header.split(separator: " ")
            guard fields.count == 3, let size = Int(fields[2]) else { continue } // "<spec> missing"
            guard size >= 0, output.distance(from: index, to: output.endIndex) >= size else {
                throw .gitFailed(command: "cat-file --batch", reason: "the output for \(spec) is truncated")
            }
            let end = output.index(index, offsetBy: size)
            result[spec] = output.subdata(in: index..<end)
            index = min(output.index(after: end), output.endIndex)
        }
        return result
    }

    /// Splits git's `-z` output into paths.
    private func nullSeparated(_ data: Data) throws(WorkflowError) -> [String] {
        data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Parses `git diff --name-status -z` output (renames and copies carry two paths).
    private func changes(_ data: Data) throws(WorkflowError) -> [Change] {
        let fields = try nullSeparated(data)
        var result: [Change] = []
        var index = 0
        while index < fields.count {
            let status = fields[index]
            if status.hasPrefix("R") || status.hasPrefix("C"), index + 2 < fields.count {
                result.append(Change(path: fields[index + 2], oldPath: status.hasPrefix("R") ? fields[index + 1] : nil))
                index += 3
            } else if index + 1 < fields.count {
                let isDeletion = status.hasPrefix("D")
                result.append(Change(path: fields[index + 1], oldPath: status.hasPrefix("A") ? nil : fields[index + 1],
                                     isDeletion: isDeletion))
                index += 2
            } else {
                break
            }
        }
        return result
    }
}
