import Foundation
import SwiftParser
import SwiftSyntax

/// Maps a file's path (relative to the scanned root) to its module.
///
/// - When the root holds a `Package.swift` — or lies inside a package, whose nearest `Package.swift` above it
///   counts (not beyond the top of a git work tree) — its targets decide: `.target`, `.executableTarget`,
///   `.testTarget`, `.macro` and `.plugin` with `name:` and an optional `path:`; without `path:`, SwiftPM's
///   default folders (`Sources/<name>`, `Source/<name>`, `src/<name>`, `srcs/<name>`; `Tests/<name>` for
///   tests; `Plugins/<name>` for plugins). The target whose folder holds the file (the deepest) wins.
/// - Otherwise the file's top folder under the root is its module (`App/Models/User.swift` → `App`).
/// - Files directly in the root belong to the module named after the root folder.
public struct ModuleResolver: Sendable {
    /// A target's name and its folder relative to the root (no trailing `/`; empty for the root itself).
    public struct Target: Hashable, Sendable {
        /// The target's name.
        public var name: String
        /// The target's folder relative to the root.
        public var path: String

        /// Creates a target.
        ///
        /// - Parameters:
        ///   - name: The target's name.
        ///   - path: The target's folder relative to the root.
        public init(name: String, path: String) {
            self.name = name
            self.path = path
        }
    }

    /// The targets read from `Package.swift`, deepest folder first.
    public let targets: [Target]
    /// The module of files directly in the root.
    public let rootModule: String

    /// Reads the package layout under `root` (its `Package.swift`, when there is one).
    ///
    /// - Parameter root: The scanned root folder; its `Package.swift` is read when present, else the nearest one above.
    public init(root: URL) {
        let root = root.standardizedFileURL
        guard let (package, manifest) = Self.nearestManifest(from: root) else {
            self.init(targets: [], rootModule: root.lastPathComponent)
            return
        }
        let packageTargets = Self.targets(inManifest: manifest) {
            FileManager.default.fileExists(atPath: package.appendingPathComponent($0).path)
        }
        // The root may be a folder inside the package (`docsheet generate Sources/App`): keep the targets that
        // hold the root or lie inside it, with paths relative to the root.
        let prefix = String(root.path.dropFirst(package.path.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        var targets: [Target] = []
        var rootModule = root.lastPathComponent
        for target in packageTargets {
            if prefix.isEmpty {
                targets.append(target)
            } else if target.path == prefix || prefix.hasPrefix(target.path + "/") || target.path.isEmpty {
                targets.append(Target(name: target.name, path: ""))
                rootModule = target.name
            } else if target.path.hasPrefix(prefix + "/") {
                targets.append(Target(name: target.name, path: String(target.path.dropFirst(prefix.count + 1))))
            }
        }
        self.init(targets: targets, rootModule: rootModule)
    }

    /// The folder holding the `Package.swift` that governs `root` — the root's own, else the nearest one in a
    /// folder above it, not crossing the top of a git work tree — and the manifest's text.
    private static func nearestManifest(from root: URL) -> (URL, String)? {
        var folder = root
        while true {
            if let text = try? String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8) {
                return (folder, text)
            }
            let isRepositoryTop = FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path)
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if isRepositoryTop || parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Creates a resolver from known targets.
    ///
    /// - Parameters:
    ///   - targets: The known targets, in any order (they are sorted deepest folder first).
    ///   - rootModule: The module of files directly in the root.
    public init(targets: [Target], rootModule: String) {
        self.targets = targets.sorted { ($0.path.count, $0.name) > ($1.path.count, $1.name) }
        self.rootModule = rootModule
    }

    /// The module of the file at `relativePath`.
    ///
    /// - Parameter relativePath: The file's `/`-separated path relative to the scanned root.
    /// - Returns: The name of the deepest target whose folder holds the file; without one, the file's top folder, or
    ///   `rootModule` for a file directly in the root.
    public func module(forRelativePath relativePath: String) -> String {
        for target in targets where target.path.isEmpty || relativePath.hasPrefix(target.path + "/") {
            return target.name
        }
        let components = relativePath.split(separator: "/")
        return components.count > 1 ? String(components[0]) : rootModule
    }

    /// The targets a manifest declares with literal names, with their folders; `folderExists` tells which
    /// of SwiftPM's default folders exist.
    static func targets(inManifest text: String, folderExists: (String) -> Bool) -> [Target] {
        let finder = TargetFinder(viewMode: .sourceAccurate)
        finder.walk(Parser.parse(source: text))
        let targets = finder.found.map { declaration -> Target in
            if let path = declaration.path {
                return Target(name: declaration.name, path: normalized(path))
            }
            let candidates = defaultFolders(for: declaration.kind).map { "\($0)/\(declaration.name)" }
            return Target(name: declaration.name, path: candidates.first(where: folderExists) ?? candidates[0])
        }
        return targets.sorted { ($0.path.count, $0.name) > ($1.path.count, $1.name) }
    }

    private static func defaultFolders(for kind: String) -> [String] {
        switch kind {
        case "testTarget": return ["Tests", "Sources", "Source", "src", "srcs"]
        case "plugin": return ["Plugins"]
        default: return ["Sources", "Source", "src", "srcs"]
        }
    }

    private static func normalized(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.hasSuffix("/") { path = path.dropLast() }
        return path == "." ? "" : String(path)
    }
}

/// Finds `.target(name: "…", path: "…")` calls (and the other target kinds) in a manifest.
private final class TargetFinder: SyntaxVisitor {
    struct Declaration {
        var kind: String
        var name: String
        var path: String?
    }

    static let kinds: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin"]
    var found: [Declaration] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            Self.kinds.contains(member.declName.baseName.text)
        else { return .visitChildren }
        var name: String?
        var path: String?
        for argument in node.arguments {
            switch argument.label?.text {
            case "name": name = literal(argument.expression)
            case "path": path = literal(argument.expression)
            default: break
            }
        }
        if let name {
            found.append(Declaration(kind: member.declName.baseName.text, name: name, path: path))
        }
        return .visitChildren
    }

    private func literal(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let string = segment.as(StringSegmentSyntax.self) else { return nil }
            text += string.content.text
        }
        return text
    }
}
