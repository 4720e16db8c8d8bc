/// A file glob as used by `--include` / `--exclude`, matched against `/`-separated paths relative to the root.
///
/// - `*` matches any characters except `/`; `?` matches one character except `/`; `[abc]`, `[a-z]` and
///   `[!abc]` match one character of a set.
/// - `**` as a whole path component matches any number of folders, including none (`Sources/**/*.swift`).
/// - A pattern without `/` matches a file or folder name at any depth (`Generated`, `*.pb.swift`).
/// - A pattern that matches a folder matches everything inside it (`Sources/Legacy`).
public struct GlobPattern: Hashable, Sendable {
    /// The pattern as written.
    public let pattern: String
    private let components: [Substring]
    private let matchesAnyDepth: Bool

    /// Creates a glob from its text; a leading `./` or `/` and a trailing `/` are ignored.
    ///
    /// - Parameter pattern: The glob as written, e.g. `Tests/Fixtures` or `**/*.generated.swift`; `*` and `?` stay
    ///   within a path component, `**` spans folders.
    public init(_ pattern: String) {
        self.pattern = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasPrefix("/") { text = text.dropFirst() }
        while text.hasSuffix("/") { text = text.dropLast() }
        matchesAnyDepth = !text.contains("/")
        components = text.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// True when nothing is left of the pattern once `./`, `/` and spaces are dropped: it can match nothing.
    public var isEmpty: Bool { components.allSatisfy { $0.allSatisfy { $0 == "." || $0 == " " } } }

    /// True when the pattern matches `path` or one of its parent folders.
    ///
    /// - Parameter path: A `/`-separated path relative to the scanned root.
    /// - Returns: True when the pattern matches the whole path or one of its parent folders (a pattern without `/`
    ///   matches any single component).
    public func matches(_ path: String) -> Bool {
        matches(path, parentsChecked: false)
    }

    /// True when the pattern matches `path` itself, or (unless `parentsChecked`) one of its parent folders.
    ///
    /// - Parameters:
    ///   - path: A `/`-separated path relative to the scanned root.
    ///   - parentsChecked: True when every parent folder of `path` is known not to match (a folder walk that leaves
    ///     out a matching folder with everything inside it): only the whole path is then tried, which saves trying
    ///     each parent again for every file (the walk over a large project spent most of its time there).
    /// - Returns: True on a match.
    func matches(_ path: String, parentsChecked: Bool) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if matchesAnyDepth {
            guard let single = components.first else { return false }
            if parentsChecked { return parts.last.map { Self.matchComponent(single, $0) } ?? false }
            return parts.contains { Self.matchComponent(single, $0) }
        }
        // Matching a prefix of the path means matching a parent folder.
        for length in stride(from: parts.count, through: parentsChecked ? parts.count : 1, by: -1)
        where Self.matchComponents(components[...], parts[..<length]) {
            return true
        }
        return false
    }

    private static func matchComponents(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            for start in path.startIndex...path.endIndex where matchComponents(rest, path[start...]) {
                return true
            }
            return false
        }
        guard let name = path.first, matchComponent(first, name) else { return false }
        return matchComponents(pattern.dropFirst(), path.dropFirst())
    }

    /// Matches one path component against one pattern component (`*`, `?`, `[...]`).
    static func matchComponent(_ pattern: Substring, _ name: Substring) -> Bool {
        let pattern = Array(pattern)
        let name = Array(name)
        var memo: [Int: Bool] = [:]
        func match(_ p: Int, _ n: Int) -> Bool {
            let key = p &* (name.count + 1) &+ n
            if let known = memo[key] { return known }
            let result: Bool
            if p == pattern.count {
                result = n == name.count
            } else {
                switch pattern[p] {
                case "*":
                    result = match(p + 1, n) || (n < name.count && match(p, n + 1))
                case "?":
                    result = n < name.count && match(p + 1, n + 1)
                case "[":
                    if let (matched, next) = characterClass(pattern, from: p, matching: n < name.count ? name[n] : nil) {
                        result = matched && match(next, n + 1)
                    } else {
                        result = n < name.count && name[n] == "[" && match(p + 1, n + 1)
                    }
                case let character:
                    result = n < name.count && name[n] == character && match(p + 1, n + 1)
                }
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }

    /// Evaluates the character class starting at `start` (`[`) against `character`; returns whether it
    /// matched and the index after `]`, or `nil` when the class is not closed (then `[` is literal).
    private static func characterClass(
        _ pattern: [Character], from start: Int, matching character: Character?
    ) -> (Bool, Int)? {
        var index = start + 1
        var negated = false
        if index < pattern.count, pattern[index] == "!" || pattern[index] == "^" {
            negated = true
            index += 1
        }
        var matched = false
        var first = true
        while index < pattern.count, pattern[index] != "]" || first {
            first = false
            let low = pattern[index]
            if index + 2 < pattern.count, pattern[index + 1] == "-", pattern[index + 2] != "]" {
                if let character, low <= character && character <= pattern[index + 2] { matched = true }
                index += 3
            } else {
                if character == low { matched = true }
                index += 1
            }
        }
        guard index < pattern.count, character != nil else { return nil }
        return (matched != negated, index + 1)
    }
}
