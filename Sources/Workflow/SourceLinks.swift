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
