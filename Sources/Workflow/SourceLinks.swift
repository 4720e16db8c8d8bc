import Foundation

/// Links from records to their source lines on a code host.
public enum SourceLinks {
    /// A link pattern with `{file}`, `{line}` and `{commit}` for a git remote URL on GitHub, GitLab or Bitbucket,
    /// or `nil` for other hosts. `prefix` is the scanned root's path inside the repository (`""` or `sub/dir/`),
    /// since records' paths are relative to the root.
    ///
    /// - Parameters:
    ///   - remote: The remote's URL, e.g. `git@github.com:owner/repo.git`.
    ///   - prefix: The scanned root's path inside the repository, ending in `/`, or empty.
    /// - Returns: A pattern such as `https://github.com/owner/repo/blob/{commit}/{file}#L{line}`, or `nil` for an
    ///   unknown host.
    public static func pattern(forRemote remote: String, prefix: String = "") -> String? {
        guard let (host, path) = hostAndPath(of: remote) else { return nil }
        let repository = "https://\(host)/\(path)"
        if host.contains("github") { return "\(repository)/blob/{commit}/\(prefix){file}#L{line}" }
        if host.contains("gitlab") { return "\(repository)/-/blob/{commit}/\(prefix){file}#L{line}" }
        if host.contains("bitbucket") { return "\(repository)/src/{commit}/\(prefix){file}#lines-{line}" }
        return nil
    }

    /// The placeholders a link pattern may hold.
    public static let placeholders = ["{file}", "{line}", "{commit}"]

    /// Why `pattern` cannot make source links, or `nil` when it can: it must be an absolute URL with a scheme
    /// (`https://…`), hold `{file}`, and use only `{file}`, `{line}` and `{commit}`; an anchor for a line
    /// (`#L`, `#lines-`, `line=`) needs `{line}`.
    ///
    /// - Parameter pattern: A pattern from `--source-url` or the configuration.
    /// - Returns: A short reason that ends by listing the valid placeholders, or `nil` for a usable pattern.
    public static func problem(withPattern pattern: String) -> String? {
        let valid = "valid placeholders: \(placeholders.joined(separator: ", ")) ({file} is required)"
        guard pattern.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*://[^/\s{}]"#, options: .regularExpression) != nil
                || pattern.hasPrefix("file:///") else {
            return "it is not an absolute URL with a scheme (like https://host/…); \(valid)"
        }
        if pattern.contains(where: \.isWhitespace) { return "it contains a space; \(valid)" }
        var rest = pattern[...]
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else {
                return "it has an unmatched '\(rest[open])'; \(valid)"
            }
            let placeholder = String(rest[open...close])
            guard placeholders.contains(placeholder) else {
                let shown = rest[close...].hasPrefix("}}") ? placeholder + "}" : placeholder
                return "unknown placeholder '\(shown)'; \(valid)"
            }
            rest = rest[rest.index(after: close)...]
        }
        guard pattern.contains("{file}") else { return "it has no {file}, so every link would be the same; \(valid)" }
        if !pattern.contains("{line}"), ["#L", "#lines-", "line="].contains(where: pattern.contains) {
            return "it has a line anchor but no {line}; \(valid)"
        }
        return nil
    }

    /// The pattern a run uses: `--source-url` (`option`) over the configuration's `source_url`, checked.
    ///
    /// - Parameters:
    ///   - option: The `--source-url` value, or `nil`.
    ///   - configured: The configuration's `source_url`, or `nil`.
    /// - Returns: The pattern, or `nil` when neither is set.
    /// - Throws: `WorkflowError.invalidOption` naming the option or key, the pattern and what is wrong with it.
    public static func chosenPattern(option: String?, configured: String?) throws(WorkflowError) -> String? {
        guard let pattern = option ?? configured else { return nil }
        if let problem = problem(withPattern: pattern) {
            throw .invalidOption("\(option != nil ? "--source-url" : "source_url") '\(pattern)': \(problem)")
        }
        return pattern
    }

    /// The pattern derived from the repository's remote (`nil` for an unknown host or no remote), and a warning when
    /// the remote is on a web host links cannot be derived for.
    ///
    /// - Parameter workTree: Where the scanned root sits in its repository (its prefix is applied to the pattern).
    /// - Returns: The pattern and the warning, each `nil` when there is none.
    public static func derived(from workTree: Git.WorkTree) -> (pattern: String?, warning: String?) {
        guard let remote = configuredRemoteURL(workTree.git) else { return (nil, nil) }
        return (pattern(forRemote: remote, prefix: workTree.prefix), unrecognisedRemoteWarning(remote))
    }

    /// The URL of the remote `origin` (else the first remote) as configured, before git's `url.<base>.insteadOf`
    /// rewriting (which `git remote get-url` applies and which may point at a local mirror).
    ///
    /// - Parameter git: The repository.
    /// - Returns: The configured URL, or `nil` when the repository has no remote.
    public static func configuredRemoteURL(_ git: Git) -> String? {
        if let origin = try? git.string(["config", "--get", "remote.origin.url"]), !origin.isEmpty { return origin }
        guard let first = (try? git.string(["remote"]))?.split(whereSeparator: \.isNewline).first,
              let url = try? git.string(["config", "--get", "remote.\(first).url"]), !url.isEmpty else { return nil }
        return url
    }

    /// A one-line warning for a remote whose host is not GitHub, GitLab or Bitbucket (no links are derived).
    ///
    /// - Parameter remote: The remote's configured URL.
    /// - Returns: The warning, or `nil` when links can be derived from `remote` or it is a local path.
    public static func unrecognisedRemoteWarning(_ remote: String) -> String? {
        // A remote on the local disk or a file:// URL has no web view to link to: nothing to warn about.
        guard pattern(forRemote: remote) == nil, !remote.hasPrefix("file:"), let host = hostAndPath(of: remote)?.0,
              !host.isEmpty else { return nil }
        return "warning: no source links: the git remote's host '\(host)' is not GitHub, GitLab or Bitbucket; "
            + "pass --source-url 'https://host/owner/repo/blob/{commit}/{file}#L{line}' (or source_url in .docsheet.yml)"
    }

    /// Fills a pattern for one record.
    ///
    /// - Parameters:
    ///   - pattern: A pattern from `pattern(forRemote:prefix:)` or the configuration.
    ///   - file: The record's path relative to the scanned root.
    ///   - line: The record's 1-based line.
    ///   - commit: The commit to link to, or `nil` for `HEAD`.
    /// - Returns: The link with `{file}`, `{line}` and `{commit}` filled in.
    public static func link(pattern: String, file: String, line: Int, commit: String?) -> String {
        pattern.replacingOccurrences(of: "{file}", with: file)
            .replacingOccurrences(of: "{line}", with: String(line))
            .replacingOccurrences(of: "{commit}", with: commit ?? "HEAD")
    }

    /// Splits `git@host:owner/repo.git`, `ssh://git@host/owner/repo`, `https://user@host/owner/repo.git`.
    static func hostAndPath(of remote: String) -> (String, String)? {
        var text = remote.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasSuffix(".git") { text.removeLast(4) }
        while text.hasSuffix("/") { text.removeLast() }
        var host: Substring
        var path: Substring
        if let scheme = text.range(of: "://") {
            let rest = text[scheme.upperBound...]
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            host = rest[..<slash]
            path = rest[rest.index(after: slash)...]
        } else if let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            path = text[text.index(after: colon)...]
        } else {
            return nil
        }
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if let port = host.firstIndex(of: ":") { host = host[..<port] }
        guard !host.isEmpty, !path.isEmpty else { return nil }
        return (host.lowercased(), String(path))
    }
}
