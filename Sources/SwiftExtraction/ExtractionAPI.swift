import Foundation
import Inventory

// The public types of the extraction module: what other modules pass in and get back. The work is done by
// `SourceDiscovery` (finding files), `ProjectLayout` (which targets compile a file) and `SwiftExtractor`
// (parsing and building records), each in its own file.

/// A Swift source file found under a scanned root.
public struct SourceFile: Hashable, Sendable {
    /// Path relative to the root, `/` separators.
    public var relativePath: String
    /// Absolute location on disk.
    public var url: URL
    /// The module (the first target that compiles the file, or a folder) the file belongs to.
    public var module: String
    /// Every module whose target compiles the file, `module` first.
    public var targets: [String]
    /// What `module`'s target builds.
    public var moduleKind: TargetKind

    /// Creates a source file entry.
    ///
    /// - Parameters:
    ///   - relativePath: Path relative to the root, `/` separators.
    ///   - url: Absolute location on disk.
    ///   - module: The module (the first target that compiles the file, or a folder) the file belongs to.
    ///   - targets: Every module whose target compiles the file, `module` first; empty means `[module]`.
    ///   - moduleKind: What `module`'s target builds.
    public init(relativePath: String, url: URL, module: String, targets: [String] = [], moduleKind: TargetKind = .folder) {
        self.relativePath = relativePath
        self.url = url
        self.module = module
        self.targets = targets.isEmpty ? [module] : targets
        self.moduleKind = moduleKind
    }
}

/// The files of one root and the cache for them: one group of `SwiftExtractor.extract(groups:)`.
public struct FileGroup: Sendable {
    /// The files, from `SourceDiscovery.discover(root:options:)`.
    public var files: [SourceFile]
    /// Where earlier extractions of these files are looked up and new ones stored; `nil` parses every file.
    public var cache: (any ExtractionCache)?

    /// Creates a group.
    ///
    /// - Parameters:
    ///   - files: The files of one root.
    ///   - cache: The cache for them, or `nil`.
    public init(files: [SourceFile], cache: (any ExtractionCache)?) {
        self.files = files
        self.cache = cache
    }
}

/// How far a parallel extraction has come: reported after every file, parsed or taken from the cache.
public struct ExtractionProgress: Hashable, Sendable {
    /// Files finished so far (parsed, taken from the cache, or skipped with a warning).
    public var done: Int
    /// Files in the whole run.
    public var total: Int

    /// Creates a progress report.
    ///
    /// - Parameters:
    ///   - done: Files finished so far.
    ///   - total: Files in the whole run.
    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }
}

/// Receives `ExtractionProgress` reports. It is called from the worker threads, once per file, so it must be
/// thread-safe and cheap (the command line only stores the numbers and redraws its progress line now and then).
public typealias ExtractionProgressHandler = @Sendable (ExtractionProgress) -> Void

/// Swift source text that does not (necessarily) come from disk, e.g. a file at a git revision or in the index.
public struct SourceText: Hashable, Sendable {
    /// Path relative to the root, `/` separators.
    public var relativePath: String
    /// The module the file belongs to.
    public var module: String
    /// Every module whose target compiles the file, `module` first.
    public var targets: [String]
    /// What `module`'s target builds, or `nil` when unknown.
    public var moduleKind: TargetKind?
    /// The file's contents.
    public var text: String

    /// Creates a source text.
    ///
    /// - Parameters:
    ///   - relativePath: Path relative to the root, `/` separators.
    ///   - module: The module the file belongs to.
    ///   - text: The file's contents.
    ///   - targets: Every module whose target compiles the file, `module` first; empty means `[module]`.
    ///   - moduleKind: What `module`'s target builds, or `nil` when unknown.
    public init(relativePath: String, module: String, text: String, targets: [String] = [], moduleKind: TargetKind? = nil) {
        self.relativePath = relativePath
        self.module = module
        self.text = text
        self.targets = targets.isEmpty ? [module] : targets
        self.moduleKind = moduleKind
    }
}

/// Which files discovery returns.
public struct DiscoveryOptions: Hashable, Sendable {
    /// Glob patterns (relative to the root, `**` allowed); when non-empty, a file must match one.
    public var includes: [String]
    /// Glob patterns of files or folders to leave out.
    public var excludes: [String]
    /// Skip files git ignores when the root is inside a git work tree.
    public var respectGitIgnore: Bool
    /// A folder path ending in `/` (or empty) put before each root-relative path when globs are matched: the root's
    /// place below the folder the globs are relative to (e.g. a configuration file's folder).
    public var globBase = ""
    /// Keep Swift files that no target compiles (under a module named after their folder) instead of leaving
    /// them out with a warning.
    public var includeUnowned = false
    /// How `Package.swift` files are read.
    public var manifests = ManifestReading()
    /// Leave out unit-test and UI-test targets (a file only they compile is left out).
    public var excludeTests = false
    /// When non-empty, only files these targets (module or Xcode target names) compile are kept.
    public var onlyTargets: Set<String> = []
    /// Also find the Objective-C files (`.h`, `.m`, `.mm`) under the root, into `Discovery.objectiveCFiles`, for the
    /// ObjCExtraction module (Documentation/ObjectiveC.md); the Swift files are the same either way.
    public var includeObjectiveC = true

    /// True when the options keep a file compiled by `owner`.
    func keeps(_ owner: ProjectLayout.Owner) -> Bool {
        if excludeTests && owner.kind.isTest { return false }
        return onlyTargets.isEmpty || onlyTargets.contains(owner.module) || onlyTargets.contains(owner.targetName)
    }

    /// Creates discovery options.
    ///
    /// - Parameters:
    ///   - includes: Glob patterns (relative to the root, `**` allowed); when non-empty, a file must match one.
    ///   - excludes: Glob patterns of files or folders to leave out.
    ///   - respectGitIgnore: Skip files git ignores when the root is inside a git work tree.
    public init(includes: [String] = [], excludes: [String] = [], respectGitIgnore: Bool = true) {
        self.includes = includes
        self.excludes = excludes
        self.respectGitIgnore = respectGitIgnore
    }
}

/// How extraction behaves.
public struct ExtractionOptions: Hashable, Sendable {
    /// Also report local functions (inside bodies, closures, property initialisers).
    public var includeLocal: Bool
    /// The number of files parsed at once; `nil` means one per core.
    public var jobs: Int?
    /// Keep the records of generated files (`FileExtraction.isGenerated`) instead of leaving them out. It does not
    /// change what is parsed or cached, only what the merge keeps, so it is not part of the cache key.
    public var includeGenerated = false
    /// Parse the statements inside function bodies even when no local function is reported. By default they are
    /// skipped (`FunctionBodySkipping`): the records are the same, a syntax error inside a body goes unreported, and
    /// extraction takes about two thirds of the time.
    public var parsesFunctionBodies = false

    /// Creates extraction options.
    ///
    /// - Parameters:
    ///   - includeLocal: Also report local functions (inside bodies, closures, property initialisers).
    ///   - jobs: The number of files parsed at once; `nil` means one per core.
    public init(includeLocal: Bool = false, jobs: Int? = nil) {
        self.includeLocal = includeLocal
        self.jobs = jobs
    }
}

/// A warning or error found while extracting (e.g. a syntax error); extraction still goes on.
public struct ExtractionDiagnostic: Codable, Hashable, Sendable, CustomStringConvertible {
    /// How serious the diagnostic is.
    public enum Severity: String, Codable, Sendable {
        /// Not a problem: something left out by rule (a file no target compiles); repeats are summed up in one line.
        case note
        /// Extraction went on; some declarations may be missing or partial.
        case warning
        /// The file could not be extracted.
        case error
    }

    /// Path relative to the root.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// Severity.
    public var severity: Severity
    /// What is wrong.
    public var message: String

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - file: Path relative to the root.
    ///   - line: 1-based line.
    ///   - column: 1-based column.
    ///   - severity: Something left out by rule (`note`), extraction went on (`warning`), or the file could not be
    ///     extracted (`error`).
    ///   - message: What is wrong, in one line.
    public init(file: String, line: Int, column: Int, severity: Severity, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// `file:line:column: warning: message`, the format editors understand.
    public var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
}

/// What extraction found in one file.
public struct FileExtraction: Codable, Hashable, Sendable {
    /// Function records of the file.
    public var functions: [FunctionRecord]
    /// Type records of the file.
    public var types: [TypeRecord]
    /// Property and enum-case records of the file.
    public var properties: [PropertyRecord] = []
    /// Diagnostics for the file.
    public var diagnostics: [ExtractionDiagnostic]
    /// What the file's own pass recorded for the rules that need every file (its type aliases and imports), or
    /// `nil` for an extraction not made by `SwiftExtractor`.
    var facts: CrossFileRules.FileFacts?
    /// Whether the file is generated code (its name or its header comment says so, `SourceMarkers`). The records are
    /// kept here either way, so a cached extraction serves runs with and without `includeGenerated`; the merge
    /// leaves them out.
    public var isGenerated = false
    /// The type records of declarations `// docsheet:ignore` (or `// docsheet:ignore-file`) leaves out: never in the
    /// result, but seen by the rules across files (an ignored internal type still caps an extension of it elsewhere).
    var ignoredTypes: [TypeRecord] = []

    /// Creates a file extraction.
    ///
    /// - Parameters:
    ///   - functions: Function records of the file.
    ///   - types: Type records of the file.
    ///   - diagnostics: Diagnostics for the file.
    public init(functions: [FunctionRecord] = [], types: [TypeRecord] = [], diagnostics: [ExtractionDiagnostic] = []) {
        self.functions = functions
        self.types = types
        self.diagnostics = diagnostics
    }
}

/// A store of earlier extractions keyed by a string that covers the file content, path, module,
/// options and tool version (see `SwiftExtractor.cacheKey`). Implementations must be thread-safe.
public protocol ExtractionCache: Sendable {
    /// The stored extraction for `key`, or `nil`.
    ///
    /// - Parameter key: The cache key, from `SwiftExtractor.cacheKey(for:)`.
    /// - Returns: The extraction stored under `key`, or `nil` when there is none (or it cannot be read).
    func cachedExtraction(forKey key: String) -> FileExtraction?
    /// Stores an extraction under `key`.
    ///
    /// - Parameters:
    ///   - extraction: The records and diagnostics of one file.
    ///   - key: The cache key, from `SwiftExtractor.cacheKey(for:)`.
    func store(_ extraction: FileExtraction, forKey key: String)
}

/// Errors of the extraction module.
public enum ExtractionError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The root to scan does not exist.
    case rootNotFound(String)
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)
    /// A folder under the root could not be listed.
    case unreadableFolder(path: String, reason: String)
    /// The root is a file, but not a `.swift` file.
    case notASwiftFile(String)
    /// An `--include` / `--exclude` glob that cannot match anything (empty, or only `/` and `.`).
    case invalidGlob(String)
    /// The `.xcworkspace` or `.xcodeproj` named as the root cannot be read.
    case unreadableProject(path: String, reason: String)

    /// A one-line message naming the path and what to do.
    public var description: String {
        switch self {
        case .rootNotFound(let path):
            return "\(path): no such file or directory; pass an existing project folder or .swift file"
        case .unreadableFile(let path, let reason):
            return "\(path): cannot read the file (\(reason)); check its permissions"
        case .unreadableFolder(let path, let reason):
            return "\(path): cannot list the folder (\(reason)); check its permissions or exclude it with --exclude"
        case .notASwiftFile(let path):
            return "\(path): not a .swift file; pass a project folder or a .swift file"
        case .unreadableProject(let path, let reason):
            return "\(path): \(reason)"
        case .invalidGlob(let pattern):
            return "'\(pattern)': an empty include/exclude glob matches nothing; write a path pattern such as 'Sources/**'"
        }
    }
}

/// Everything extracted from a set of files, sorted by file, line, column.
public struct ExtractionResult: Hashable, Sendable {
    /// Function records.
    public var functions: [FunctionRecord]
    /// Type records.
    public var types: [TypeRecord]
    /// Property and enum-case records.
    public var properties: [PropertyRecord] = []
    /// Diagnostics (syntax errors and the like), sorted by file and position.
    public var diagnostics: [ExtractionDiagnostic]
    /// The modules of the scanned projects (filled by a scan of a tree; empty for in-memory sources).
    public var modules: [ModuleRecord] = []
    /// The generated files left out (`ExtractionOptions.includeGenerated` is off), sorted; their records and
    /// diagnostics are not in the result.
    public var generatedFilesLeftOut: [String] = []

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - functions: Function records of every extracted file.
    ///   - types: Type records of every extracted file.
    ///   - diagnostics: Diagnostics (syntax errors and the like), sorted by file and position.
    public init(functions: [FunctionRecord] = [], types: [TypeRecord] = [], diagnostics: [ExtractionDiagnostic] = []) {
        self.functions = functions
        self.types = types
        self.diagnostics = diagnostics
    }
}
