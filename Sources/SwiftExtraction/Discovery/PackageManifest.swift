import FileSupport
import Foundation
import Inventory
import SwiftParser
import SwiftSyntax

/// The Apple platform whose view of `#if os(…)` / `canImport(…)` decides a manifest's targets.
public enum ApplePlatform: String, CaseIterable, Sendable {
    /// iOS and iPadOS (the default: most teams document an iOS app).
    case ios
    /// macOS.
    case macos
    /// tvOS.
    case tvos
    /// watchOS.
    case watchos
    /// visionOS.
    case visionos

    /// The name `os(…)` takes for this platform.
    var osName: String {
        switch self {
        case .ios: return "iOS"
        case .macos: return "macOS"
        case .tvos: return "tvOS"
        case .watchos: return "watchOS"
        case .visionos: return "visionOS"
        }
    }

    /// Modules `canImport(…)` finds on this platform (besides the standard library's).
    var importableModules: Set<String> {
        var modules: Set<String> = [
            "Darwin", "Foundation", "Dispatch", "ObjectiveC", "CoreFoundation", "Combine", "SwiftUI", "os", "OSLog",
            "CoreGraphics", "CoreData", "CoreLocation", "Security", "Network", "CryptoKit", "FoundationEssentials",
            "PackageDescription", "XCTest", "Testing", "Observation", "SwiftData", "MapKit", "AVFoundation",
        ]
        switch self {
        case .macos: modules.formUnion(["AppKit", "Cocoa"])
        case .ios, .tvos, .visionos: modules.formUnion(["UIKit"])
        case .watchos: modules.formUnion(["WatchKit"])
        }
        return modules
    }
}

/// How `Package.swift` files are read.
public struct ManifestReading: Hashable, Sendable {
    /// Evaluate manifests with `swift package dump-package` when a toolchain is on `PATH`: this RUNS THE MANIFEST'S
    /// CODE (unsandboxed on Linux), which settles computed targets, loops and helper functions. False (the default)
    /// reads them syntactically (`SyntacticManifest`): nothing from the scanned tree runs, and what only evaluation
    /// could resolve is named as a warning.
    public var evaluate: Bool
    /// Where evaluated manifests are kept, keyed by the manifest's content, the platform and the toolchain; `nil`
    /// evaluates every time.
    public var cacheFolder: URL?
    /// The platform whose view of `#if` conditions counts.
    public var platform: ApplePlatform

    /// Creates manifest-reading options.
    ///
    /// - Parameters:
    ///   - evaluate: Run each manifest's code with `swift package dump-package` when a toolchain is present (false:
    ///     read it syntactically, running nothing).
    ///   - cacheFolder: Where evaluated manifests are kept; `nil` evaluates every time.
    ///   - platform: The platform whose view of `#if` conditions counts.
    public init(evaluate: Bool = false, cacheFolder: URL? = nil, platform: ApplePlatform = .ios) {
        self.evaluate = evaluate
        self.cacheFolder = cacheFolder
        self.platform = platform
    }
}

/// A Swift package's targets with their source folders, as SwiftPM resolves them.
struct PackageManifest {
    /// One target.
    struct Target: Hashable {
        /// The target's (and module's) name.
        var name: String
        /// What it builds.
        var kind: TargetKind
        /// Its folder relative to the package (no trailing `/`; empty for the package folder itself).
        var path: String
        /// Paths relative to `path` that are left out.
        var exclude: [String]
        /// When given, only these paths (relative to `path`) are sources.
        var sources: [String]?
        /// The names of the targets and products it depends on, in the manifest's order.
        var dependencies: [String] = []

        /// True when the file at `relativePath` (relative to the package) is one of the target's sources.
        func compiles(_ relativePath: String) -> Bool {
            guard let inside = path.isEmpty ? relativePath : FolderPaths.relative(relativePath, to: path), !inside.isEmpty,
                  !FolderPaths.isInsideResourceBundle(inside)
            else { return false }
            // `exclude` and `sources` are normalized when the manifest is read (`resolveDefaults`).
            func under(_ list: [String]) -> Bool {
                list.contains { entry in
                    entry.isEmpty || inside == entry || inside.hasPrefix(entry + "/")
                }
            }
            if under(exclude) { return false }
            if let sources { return under(sources) }
            return true
        }

        static func normalized(_ path: String) -> String {
            var path = Substring(path)
            while path.hasPrefix("./") { path = path.dropFirst(2) }
            while path.hasSuffix("/") { path = path.dropLast() }
            return path == "." ? "" : String(path)
        }
    }

    /// One product.
    struct Product: Hashable {
        /// The product's name.
        var name: String
        /// `library`, `executable` or `plugin`.
        var kind: String
        /// The targets it is made of.
        var targets: [String]
    }

    /// The package folder (absolute, standardized).
    var folder: String
    /// The targets, in the manifest's order.
    var targets: [Target]
    /// The products, in the manifest's order.
    var products: [Product] = []
    /// Set when evaluation was asked for but failed, and the manifest was read syntactically: why.
    var fallbackReason: String?
    /// Places of a syntactically read manifest that only evaluation could resolve.
    var notes: [SyntacticManifest.Note] = []

    /// The target whose folder holds `relativePath` and compiles it: the deepest such folder.
    func target(compiling relativePath: String) -> Target? {
        indexedTarget(compiling: relativePath)?.target
    }

    /// ``target(compiling:)`` with the target's position in the manifest (its order among the package's targets).
    func indexedTarget(compiling relativePath: String) -> (index: Int, target: Target)? {
        var deepest: (index: Int, target: Target, depth: Int)?
        for (index, target) in targets.enumerated() where target.compiles(relativePath) {
            let depth = target.path.count
            if deepest.map({ depth > $0.depth }) ?? true { deepest = (index, target, depth) }   // the first of equals
        }
        return deepest.map { ($0.index, $0.target) }
    }

    /// Reads the manifest in `folder`, evaluating it when `reading` allows and a toolchain answers.
    static func read(folder: String, reading: ManifestReading) -> PackageManifest? {
        let manifestPath = (folder as NSString).appendingPathComponent("Package.swift")
        guard let data = FileManager.default.contents(atPath: manifestPath) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        let platformText = PlatformConditions.resolve(text, platform: reading.platform)
        var reason: String?
        if reading.evaluate {
            switch ManifestEvaluator.evaluate(folder: folder, text: text, platformText: platformText, reading: reading) {
            case .success(let evaluated):
                return PackageManifest(folder: folder, targets: resolveDefaults(evaluated.targets, folder: folder),
                                       products: evaluated.products)
            case .failure(let error):
                reason = error.message
            }
        }
        let syntactic = SyntacticManifest.read(platformText)   // resolved platform blocks keep every line's number
        return PackageManifest(folder: folder, targets: resolveDefaults(syntactic.targets, folder: folder),
                               products: syntactic.products, fallbackReason: reason, notes: syntactic.notes)
    }

    /// Gives targets without `path:` SwiftPM's default folder: the first of `Sources`, `Source`, `src`, `srcs`
    /// (test targets: `Tests` first; plugins: `Plugins`) that holds a folder named like the target.
    static func resolveDefaults(_ targets: [Target], folder: String) -> [Target] {
        let defaulted = targets.filter { $0.path == "\u{0}" }
        return targets.map { target in
            var target = target
            target.exclude = target.exclude.map(Target.normalized)
            target.sources = target.sources?.map(Target.normalized)
            if target.path == "\u{0}" {
                let roots: [String]
                switch target.kind {
                case .unitTests: roots = ["Tests", "Sources", "Source", "src", "srcs"]
                case .plugin: roots = ["Plugins"]
                default: roots = ["Sources", "Source", "src", "srcs"]
                }
                func exists(_ path: String) -> Bool {
                    var isFolder: ObjCBool = false
                    return FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(path), isDirectory: &isFolder)
                        && isFolder.boolValue
                }
                let candidates = roots.map { "\($0)/\(target.name)" }
                if let found = candidates.first(where: exists) {
                    target.path = found
                } else if defaulted.filter({ ($0.kind == .unitTests) == (target.kind == .unitTests) && ($0.kind == .plugin) == (target.kind == .plugin) }).count == 1,
                          let single = roots.first(where: exists) {
                    // The only target of its kind without a folder of its own takes the whole default folder (SwiftPM 5.9).
                    target.path = single
                } else {
                    target.path = candidates[0]
                }
            } else {
                target.path = Target.normalized(target.path)
            }
            return target
        }
    }

    /// The kind of a SwiftPM target type (`regular`, `executable`, `test`, `macro`, `plugin`; the call names
    /// `target`, `executableTarget`, `testTarget`, … of the manifest source too). `nil` for targets without Swift
    /// sources (`system`, `binary`).
    static func kind(ofTargetType type: String) -> TargetKind? {
        switch type {
        case "regular", "target": return .packageLibrary
        case "executable", "executableTarget": return .executable
        case "test", "testTarget": return .unitTests
        case "macro": return .macro
        case "plugin": return .plugin
        default: return nil
        }
    }
}

/// Runs `swift package dump-package` and keeps its answer by the manifest's content.
enum ManifestEvaluator {
    /// Why evaluation failed.
    struct Failure: Error {
        var message: String
    }

    /// Bump when what is cached changes shape.
    static let cacheRevision = 1

    /// The manifest's targets and products as the toolchain evaluates it (paths `"\u{0}"` when the manifest gives
    /// none). This runs the manifest's code.
    static func evaluate(folder: String, text: String, platformText: String, reading: ManifestReading)
        -> Result<(targets: [PackageManifest.Target], products: [PackageManifest.Product]), Failure>
    {
        guard let swift = toolchain.swift else { return .failure(Failure(message: "no `swift` on PATH")) }
        var hasher = ContentHasher()
        hasher.add("manifest\u{0}\(cacheRevision)\u{0}\(toolchain.version)\u{0}\(reading.platform.rawValue)\u{0}")
        hasher.add(platformText)
        let key = hasher.hexDigest
        let cacheFile = reading.cacheFolder?.appendingPathComponent("manifests/\(key).json")
        if let cacheFile, let data = try? Data(contentsOf: cacheFile), let package = decode(data) {
            return .success(package)
        }
        // A manifest whose platform conditions were resolved is evaluated from a copy; others in place, so that a
        // manifest reading files next to it still sees them.
        // A registered folder: an interrupt removes it with what SwiftPM wrote into it (`TemporaryFiles`).
        let temporary: URL
        do {
            temporary = try TemporaryFiles.makeFolder(prefix: "docsheet-manifest")
        } catch {
            return .failure(Failure(message: "cannot create a temporary folder (\(error))"))
        }
        defer { TemporaryFiles.removeFolder(temporary) }
        var packageFolder = folder
        do {
            if platformText != text {
                let copy = temporary.appendingPathComponent("package")
                try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
                try Data(platformText.utf8).write(to: copy.appendingPathComponent("Package.swift"))
                packageFolder = copy.path
            }
        } catch {
            return .failure(Failure(message: "cannot create a temporary folder (\(error.localizedDescription))"))
        }
        let run: ProcessResult
        do {
            // SwiftPM leaves an empty `TemporaryDirectory.*` folder in `TMPDIR` per call, and keeps lock files there:
            // it gets this call's own folder, removed afterwards. The shared manifest cache is left out (the answer is
            // kept in `cacheFile` by content), so that no two evaluations share a database without sharing its lock.
            var environment = ProcessRunner.inheritedEnvironment(removing: ProcessRunner.gitHookVariables)
            environment["TMPDIR"] = temporary.path
            run = try ProcessRunner.run(executable: swift, arguments: ["package", "--package-path", packageFolder,
                                        "--scratch-path", temporary.appendingPathComponent("scratch").path,
                                        "--manifest-cache", "none", "dump-package"],
                                        environment: environment)
        } catch {
            return .failure(Failure(message: "`swift package dump-package` failed: \(error)"))
        }
        guard run.succeeded, let package = decode(run.standardOutput) else {
            let detail = run.errorText.split(separator: "\n").first { $0.contains("error") } ?? run.errorText.split(separator: "\n").first
            return .failure(Failure(message: "`swift package dump-package` failed" + (detail.map { ": \($0)" } ?? "")))
        }
        if let cacheFile {
            try? FileManager.default.createDirectory(at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? AtomicFile.write(run.standardOutput, to: cacheFile)   // its temporary file is registered
        }
        return .success(package)
    }

    /// The targets and products in dump-package's JSON.
    static func decode(_ data: Data) -> (targets: [PackageManifest.Target], products: [PackageManifest.Product])? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let targets = object["targets"] as? [[String: Any]] else { return nil }
        let decodedTargets = targets.compactMap { target -> PackageManifest.Target? in
            guard let name = target["name"] as? String, let type = target["type"] as? String,
                  let kind = PackageManifest.kind(ofTargetType: type) else { return nil }
            // `{"byName": ["X", null]}`, `{"target": ["X", null]}`, `{"product": ["X", "package", …]}`.
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                dependency.values.first.flatMap { ($0 as? [Any])?.first as? String }
            }
            return PackageManifest.Target(
                name: name, kind: kind, path: target["path"] as? String ?? "\u{0}",
                exclude: target["exclude"] as? [String] ?? [], sources: target["sources"] as? [String],
                dependencies: dependencies)
        }
        // `"type": {"library": ["automatic"]}`, `{"executable": null}`, `{"plugin": null}`.
        let products = (object["products"] as? [[String: Any]] ?? []).compactMap { product -> PackageManifest.Product? in
            guard let name = product["name"] as? String else { return nil }
            let kind = (product["type"] as? [String: Any])?.keys.first ?? "library"
            return PackageManifest.Product(name: name, kind: kind, targets: product["targets"] as? [String] ?? [])
        }
        return (decodedTargets, products)
    }

    /// The `swift` executable on `PATH` and what identifies its toolchain for the cache: the executable's real path
    /// and `FilePaths.stamp(ofFileAt:)` (a new toolchain changes them), read without running it, so a run whose manifests
    /// are all cached starts no process.
    static let toolchain: (swift: String?, version: String) = {
        guard let swift = ProcessRunner.executable(named: "swift") else { return (nil, "") }
        let real = URL(fileURLWithPath: swift).resolvingSymlinksInPath().path
        guard let stamp = FilePaths.stamp(ofFileAt: real) else { return (nil, "") }
        return (swift, "\(real)\u{0}\(stamp)")
    }()
}

/// Resolves a manifest's `#if` blocks whose conditions depend only on the platform (`os(…)`, `canImport(…)`,
/// `targetEnvironment(…)`, `arch(…)`, `swift(…)`, `compiler(…)`) as the chosen Apple platform sees them: the
/// active clause's text replaces the block. Blocks with other conditions (custom flags) are left to the evaluator.
enum PlatformConditions {
    /// The manifest text with every platform-only `#if` block replaced by its active clause (unchanged when there
    /// is none).
    static func resolve(_ text: String, platform: ApplePlatform) -> String {
        guard text.contains("#if") else { return text }
        var text = text
        for _ in 0..<500 {
            let tree = DeepNestingGuard.parse(text).tree
            let finder = IfConfigFinder(platform: platform)
            finder.walk(tree)
            guard let (block, active) = finder.first else { return text }
            let bytes = Array(text.utf8)
            let start = block.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = block.endPositionBeforeTrailingTrivia.utf8Offset
            // The removed lines stay as empty lines, so that every line keeps its number (notes name them).
            func lineBreaks(_ range: Range<Int>) -> String {
                String(repeating: "\n", count: bytes[range].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
            }
            var replacement = lineBreaks(start..<end)
            if let active, let elements = active.elements {
                let elementsStart = elements.position.utf8Offset
                let elementsEnd = elements.endPosition.utf8Offset
                replacement = lineBreaks(start..<elementsStart) + elements.description + lineBreaks(elementsEnd..<end)
            }
            let before = String(decoding: bytes[..<start], as: UTF8.self)
            let after = String(decoding: bytes[end...], as: UTF8.self)
            text = before + replacement + after
        }
        return text
    }

    /// The compiler version `swift(>=…)` and `compiler(>=…)` compare with: the Swift 6 toolchains that build
    /// manifests today.
    static let toolchainLanguageVersion = [6, 0]

    /// The value of a condition on `platform`, or `nil` when it depends on something else.
    static func evaluate(_ condition: ExprSyntax, platform: ApplePlatform) -> Bool? {
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return evaluate(prefix.expression, platform: platform).map { !$0 }
        }
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return evaluate(only.expression, platform: platform)
        }
        if let boolean = condition.as(BooleanLiteralExprSyntax.self) { return boolean.literal.tokenKind == .keyword(.true) }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            // `a && b || c`: && binds tighter than ||.
            var disjuncts: [[ExprSyntax]] = [[]]
            for element in sequence.elements {
                if let op = element.as(BinaryOperatorExprSyntax.self) {
                    if op.operator.text == "||" { disjuncts.append([]) } else if op.operator.text != "&&" { return nil }
                } else {
                    disjuncts[disjuncts.count - 1].append(element)
                }
            }
            var anyUnknown = false
            for conjuncts in disjuncts {
                var value: Bool? = true
                for term in conjuncts {
                    switch evaluate(term, platform: platform) {
                    case false?: value = false
                    case nil: if value == true { value = nil }
                    case true?: break
                    }
                    if value == false { break }
                }
                if value == true { return true }
                if value == nil { anyUnknown = true }
            }
            return anyUnknown ? nil : false
        }
        guard let call = condition.as(FunctionCallExprSyntax.self),
              let function = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let argument = call.arguments.first?.expression
        else { return nil }
        let value = argument.trimmedDescription
        switch function {
        case "os": return value == platform.osName
        case "canImport": return platform.importableModules.contains(value.split(separator: ".").first.map(String.init) ?? value)
        case "targetEnvironment": return false
        case "arch": return value == "arm64"
        case "swift", "compiler":
            guard let prefix = argument.as(PrefixOperatorExprSyntax.self) else { return nil }
            let wanted = prefix.expression.trimmedDescription.split(separator: ".").map { Int($0) ?? 0 }
            let current = toolchainLanguageVersion
            let width = max(wanted.count, current.count)
            let padded = { (parts: [Int]) in parts + Array(repeating: 0, count: width - parts.count) }
            let atLeast = !padded(current).lexicographicallyPrecedes(padded(wanted))
            switch prefix.operator.text {
            case ">=": return atLeast
            case "<": return !atLeast
            default: return nil
            }
        default: return nil
        }
    }
}

/// Finds the first `#if` block whose every clause condition can be decided for the platform.
private final class IfConfigFinder: SyntaxVisitor {
    let platform: ApplePlatform
    var first: (IfConfigDeclSyntax, IfConfigClauseSyntax?)?

    init(platform: ApplePlatform) {
        self.platform = platform
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        guard first == nil else { return .skipChildren }
        var active: IfConfigClauseSyntax?
        for clause in node.clauses {
            guard let condition = clause.condition else {
                active = active ?? clause  // #else
                break
            }
            guard let value = PlatformConditions.evaluate(condition, platform: platform) else { return .visitChildren }
            if value {
                active = clause
                break
            }
        }
        first = (node, active)
        return .skipChildren
    }
}
