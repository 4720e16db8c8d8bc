import DesignDocument
import FileSupport
import Foundation
import Inventory
import SwiftExtraction
import YAMLReading
import Yams

/// How `Package.swift` files are read (`manifests:` in `.docsheet.yml`).
public enum ManifestMode: String, CaseIterable, Sendable {
    /// Read from their text; nothing from the scanned tree runs (the default).
    case syntactic
    /// Run with `swift package dump-package`: this runs the manifest's code, unsandboxed.
    case evaluate
}

/// What a `.docsheet.yml` file says. Every value is optional: command-line options override it, and built-in
/// defaults fill what neither gives. Relative paths (`output`, `template`, `check.baseline`) are relative to the
/// folder that holds the file.
public struct Configuration: Equatable, Sendable {
    /// The configuration file's name.
    public static let fileName = ".docsheet.yml"

    /// Documentation rules that `docsheet check` can require beyond a summary.
    public enum Requirement: Hashable, Sendable, CaseIterable, RawRepresentable {
        /// A rule about one function's doc comment (`parameters`, `returns`, `void-returns`, …: ``DocRule``).
        case doc(DocRule)
        /// No doc comment documents nothing or is separated from its declaration by a blank line (a whole-tree check
        /// only, as `messages`).
        case detachedDoc
        /// Every literal key the Swift code uses is in its strings table, and every key of a table the code uses is
        /// used (Documentation/Resources.md; a whole-tree check only: `--staged` and `--since` read no resources).
        case messages

        /// Every requirement: the doc rules in their order, then `detached-doc` and `messages`.
        public static var allCases: [Requirement] { DocRule.allCases.map(Requirement.doc) + [.detachedDoc, .messages] }

        /// The requirement named `rawValue` in `check --require` and `check.require`, or `nil` for an unknown name.
        ///
        /// - Parameter rawValue: The rule's name (`parameters`, `detached-doc`, `messages`, …).
        public init?(rawValue: String) {
            if let rule = DocRule(rawValue: rawValue) {
                self = .doc(rule)
            } else if let other = [Requirement.detachedDoc, .messages].first(where: { $0.rawValue == rawValue }) {
                self = other
            } else {
                return nil
            }
        }

        /// The rule's name, as written in `--require` and `check.require` and as its rule id in reports.
        public var rawValue: String {
            switch self {
            case .doc(let rule): return rule.rawValue
            case .detachedDoc: return "detached-doc"
            case .messages: return "messages"
            }
        }

        /// The doc-comment rule this requirement turns on, or `nil` for `messages` and `detached-doc` (rules about
        /// files, not functions).
        public var docRule: DocRule? {
            if case .doc(let rule) = self { return rule }
            return nil
        }
    }

    /// The kinds of declaration `docsheet check` looks at (`--kinds`, `check.kinds`).
    public enum CheckedKind: String, CaseIterable, Sendable {
        /// Functions, methods, initializers, subscripts and operators (the default).
        case functions
        /// Properties, global variables, protocol property requirements and enum cases (as SwiftLint's
        /// `missing_docs` and jazzy count them).
        case properties

        /// The kinds named in `text`, comma-separated (`functions,properties`), in the order given, each once.
        ///
        /// - Parameter text: The comma-separated kind names.
        /// - Returns: The kinds, or the first name that is not a kind.
        public static func parse(_ text: String) -> Result<[CheckedKind], UnknownKind> {
            var kinds: [CheckedKind] = []
            for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
                guard let kind = CheckedKind(rawValue: name) else { return .failure(UnknownKind(name: name)) }
                if !kinds.contains(kind) { kinds.append(kind) }
            }
            return .success(kinds)
        }

        /// A kind name `parse` does not know.
        public struct UnknownKind: Error, Equatable {
            /// The name as written.
            public var name: String
        }

        /// The valid names, comma-separated, for messages.
        public static let validNames = allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// The languages `docsheet check` looks at (`--language`, `check.language`): `swift`, `objc` or both.
    public enum CheckedLanguages {
        /// The languages named in `text`, comma-separated (`swift,objc`), in the order given, each once.
        ///
        /// - Parameter text: The comma-separated language names.
        /// - Returns: The languages, or the first name that is not a language.
        public static func parse(_ text: String) -> Result<[SourceLanguage], CheckedKind.UnknownKind> {
            var languages: [SourceLanguage] = []
            for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
                guard let language = SourceLanguage(rawValue: name) else { return .failure(CheckedKind.UnknownKind(name: name)) }
                if !languages.contains(language) { languages.append(language) }
            }
            return .success(languages)
        }

        /// The valid names, comma-separated, for messages.
        public static let validNames = SourceLanguage.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// The `check:` section.
    public struct CheckSection: Equatable, Sendable {
        /// The lowest `effectiveAccess` the gate looks at.
        public var minAccess: AccessLevel?
        /// Extra documentation rules.
        public var require: [Requirement]?
        /// The lowest acceptable coverage, 0–100.
        public var minCoverage: Double?
        /// A baseline file of accepted violations (absolute).
        public var baseline: URL?
        /// The kinds of declaration checked (`nil`: functions only).
        public var kinds: [CheckedKind]?
        /// The languages whose declarations are checked (`nil`: every language).
        public var languages: [SourceLanguage]?

        /// Creates an empty section.
        ///
        /// - Parameters:
        ///   - minAccess: The lowest `effectiveAccess` the gate looks at, or `nil` when not configured.
        ///   - require: Extra documentation rules (`parameters`, `returns`, `throws`), or `nil` when not configured.
        ///   - minCoverage: The lowest acceptable coverage, 0–100, or `nil` when not configured.
        ///   - baseline: A baseline file of accepted violations (absolute), or `nil` when not configured.
        ///   - kinds: The kinds of declaration checked (`functions`, `properties`), or `nil` when not configured.
        ///   - languages: The languages checked (`swift`, `objc`), or `nil` when not configured (every language).
        public init(minAccess: AccessLevel? = nil, require: [Requirement]? = nil, minCoverage: Double? = nil, baseline: URL? = nil,
                    kinds: [CheckedKind]? = nil, languages: [SourceLanguage]? = nil) {
            self.languages = languages
            self.minAccess = minAccess
            self.require = require
            self.minCoverage = minCoverage
            self.baseline = baseline
            self.kinds = kinds
        }
    }

    /// The file this configuration was read from, or `nil` for an empty configuration.
    public var file: URL?
    /// Glob patterns a file must match (relative to the configuration file's folder).
    public var include: [String]?
    /// Glob patterns of files or folders to leave out.
    public var exclude: [String]?
    /// Whether local functions are extracted.
    public var includeLocal: Bool?
    /// Whether Swift files no target compiles are kept (under a module named after their folder).
    public var includeUnowned: Bool?
    /// Whether generated files (`*.generated.swift`, a "Generated by …" header, …) are kept.
    public var includeGenerated: Bool?
    /// Whether unit-test and UI-test targets are left out.
    public var excludeTests: Bool?
    /// The only targets to document (module or Xcode target names); empty or `nil` for all.
    public var targets: [String]?
    /// The Apple platform whose view of a manifest's `#if os(…)` / `canImport(…)` counts.
    public var platform: ApplePlatform?
    /// How manifests are read: `syntactic` (the default) or `evaluate` (runs their code).
    public var manifests: ManifestMode?
    /// A built-in template name or a template file (absolute).
    public var template: String?
    /// The output file of `docsheet generate` (absolute).
    public var output: URL?
    /// The output format.
    public var format: OutputFormat?
    /// The label language.
    public var locale: DocumentLocale?
    /// The lowest `effectiveAccess` that `generate` writes.
    public var minAccess: AccessLevel?
    /// The source-link pattern (`{file}`, `{line}`, `{commit}`).
    public var sourceURL: String?
    /// The project's name.
    public var projectName: String?
    /// The project's version.
    public var projectVersion: String?
    /// The document's author.
    public var author: String?
    /// The number of files parsed at once.
    public var jobs: Int?
    /// The `check:` section.
    public var check: CheckSection

    /// Creates an empty configuration.
    public init() { check = CheckSection() }

    /// The top-level keys a configuration file may hold.
    public static let topLevelKeys = [
        "include", "exclude", "include_local", "include_unowned", "include_generated", "exclude_tests", "targets", "platform", "manifests", "template", "output", "format", "locale", "min_access",
        "source_url", "project", "jobs", "check",
    ]
    /// The keys of the `project:` section.
    public static let projectKeys = ["name", "version", "author"]
    /// The keys of the `check:` section.
    public static let checkKeys = ["min_access", "kinds", "language", "require", "min_coverage", "baseline"]

    /// Finds the nearest `.docsheet.yml` in `start` (a file or folder) or a folder above it, and loads it.
    /// Returns an empty configuration when there is none.
    ///
    /// - Parameter start: The scanned root, a file or folder; the search starts in its folder.
    /// - Returns: The nearest configuration, or an empty configuration (no `file`) when there is none up to `/`.
    /// - Throws: The errors of `load(from:)` for the file found.
    public static func find(from start: URL) throws(WorkflowError) -> Configuration {
        var folder = start.standardizedFileURL
        if !FilePaths.isFolder(folder) { folder.deleteLastPathComponent() }
        while true {
            let candidate = folder.appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: candidate.path) { return try load(from: candidate) }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path || folder.path == "/" { return Configuration() }
            folder = parent
        }
    }

    /// The configuration in effect: `file` when given (relative to the current folder), else the nearest
    /// `.docsheet.yml` at or above `start`.
    ///
    /// - Parameters:
    ///   - file: The `--config` path, or `nil` to search from `start`.
    ///   - start: The scanned root where the search for `.docsheet.yml` begins.
    ///   - environment: Resolves `file` against the current folder.
    /// - Returns: The loaded configuration, or an empty one when `file` is `nil` and there is no `.docsheet.yml`.
    /// - Throws: `WorkflowError.inputNotFound` when `file` does not exist; `WorkflowError.invalidConfiguration` when
    ///   the file is invalid.
    public static func resolve(file: String?, from start: URL, environment: WorkflowEnvironment) throws(WorkflowError) -> Configuration {
        if let file { return try load(from: environment.url(for: file)) }
        return try find(from: start)
    }

    /// Loads and validates a configuration file.
    /// - Parameter url: The configuration file.
    /// - Returns: The validated configuration, with relative paths resolved against the file's folder.
    /// - Throws: `WorkflowError.invalidConfiguration` with `file:line` for bad YAML, unknown keys and wrong types.
    public static func load(from url: URL) throws(WorkflowError) -> Configuration {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .inputNotFound(path: url.path, hint: "check that the configuration file is readable")
        }
        return try parse(String(decoding: data, as: UTF8.self), file: url)
    }

    /// Parses configuration text; `file` names it in messages and anchors relative paths.
    ///
    /// - Parameters:
    ///   - text: The YAML text.
    ///   - file: The file the text came from.
    /// - Returns: The validated configuration; an empty document gives an empty configuration.
    /// - Throws: `WorkflowError.invalidConfiguration` with the line for invalid YAML, a top level that is not a
    ///   mapping, unknown keys and values of the wrong type.
    public static func parse(_ text: String, file: URL) throws(WorkflowError) -> Configuration {
        do {
            return try read(text, file: file)
        } catch {
            throw .invalidConfiguration(file: error.path, line: error.line, message: error.message)
        }
    }

    /// Reads configuration text with the shared ``YAMLNodeReader``.
    private static func read(_ text: String, file: URL) throws(YAMLNodeError) -> Configuration {
        let reader = YAMLNodeReader(path: file.path)
        var configuration = Configuration()
        configuration.file = file
        guard let root = try reader.compose(text) else { return configuration }
        let folder = file.deletingLastPathComponent()
        for (key, value) in try reader.mapping(root, nil, allowed: topLevelKeys).ordered {
            switch key {
            case "include": configuration.include = try globs(value, key: key, reader: reader)
            case "exclude": configuration.exclude = try globs(value, key: key, reader: reader)
            case "include_local": configuration.includeLocal = try reader.bool(value, key)
            case "include_unowned": configuration.includeUnowned = try reader.bool(value, key)
            case "include_generated": configuration.includeGenerated = try reader.bool(value, key)
            case "exclude_tests": configuration.excludeTests = try reader.bool(value, key)
            case "targets": configuration.targets = try reader.strings(value, key)
            case "platform": configuration.platform = try reader.choice(value, key)
            case "manifests": configuration.manifests = try reader.choice(value, key)
            case "template":
                let name = try reader.string(value, key)
                configuration.template = Template.builtinNames.contains(name) ? name : folder.appendingPathComponent(name).standardizedFileURL.path
            case "output": configuration.output = folder.appendingPathComponent(try reader.string(value, key)).standardizedFileURL
            case "format": configuration.format = try reader.choice(value, key)
            case "locale": configuration.locale = try reader.choice(value, key)
            case "min_access": configuration.minAccess = try reader.choice(value, key)
            case "source_url":
                let pattern = try reader.string(value, key)
                if let problem = SourceLinks.problem(withPattern: pattern) {
                    throw reader.fail(value, "source_url '\(pattern)': \(problem)")
                }
                configuration.sourceURL = pattern
            case "jobs":
                guard let jobs = value.int, jobs > 0 else { throw reader.fail(value, "'jobs' must be a positive whole number") }
                configuration.jobs = jobs
            case "project":
                guard value.null == nil else { continue }
                for (subKey, subValue) in try reader.mapping(value, "'project'", allowed: projectKeys).ordered {
                    switch subKey {
                    case "name": configuration.projectName = try reader.string(subValue, "project.name")
                    case "version": configuration.projectVersion = try reader.string(subValue, "project.version")
                    default: configuration.author = try reader.string(subValue, "project.author")
                    }
                }
            default:
                if value.null == nil { configuration.check = try checkSection(value, folder: folder, reader: reader) }
            }
        }
        return configuration
    }

    /// Reads the `check:` section.
    private static func checkSection(_ node: Node, folder: URL, reader: YAMLNodeReader) throws(YAMLNodeError) -> CheckSection {
        var check = CheckSection()
        for (subKey, subValue) in try reader.mapping(node, "'check'", allowed: checkKeys).ordered {
            switch subKey {
            case "min_access": check.minAccess = try reader.choice(subValue, "check.min_access")
            case "kinds" where subValue.null != nil:
                check.kinds = nil
            case "kinds":
                var kinds: [CheckedKind] = []
                for item in reader.sequenceOrScalar(subValue) {
                    let text = try reader.string(item, "check.kinds")
                    switch CheckedKind.parse(text) {
                    case .success(let parsed): kinds += parsed.filter { !kinds.contains($0) }
                    case .failure(let unknown):
                        throw reader.fail(item, "'check.kinds' has unknown kind '\(unknown.name)'; valid kinds: \(CheckedKind.validNames)")
                    }
                }
                guard !kinds.isEmpty else {
                    throw reader.fail(subValue, "'check.kinds' is empty; write functions, properties or both")
                }
                check.kinds = kinds
            case "language" where subValue.null != nil:
                check.languages = nil
            case "language":
                var languages: [SourceLanguage] = []
                for item in reader.sequenceOrScalar(subValue) {
                    let text = try reader.string(item, "check.language")
                    switch CheckedLanguages.parse(text) {
                    case .success(let parsed): languages += parsed.filter { !languages.contains($0) }
                    case .failure(let unknown):
                        throw reader.fail(item, "'check.language' has unknown language '\(unknown.name)'; valid languages: \(CheckedLanguages.validNames)")
                    }
                }
                guard !languages.isEmpty else {
                    throw reader.fail(subValue, "'check.language' is empty; write swift, objc or both")
                }
                check.languages = languages
            case "require" where subValue.null != nil:
                check.require = nil
            case "require":
                let names = subValue.scalar != nil
                    ? (subValue.string ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    : try reader.strings(subValue, "check.require")
                check.require = try names.map { name throws(YAMLNodeError) in
                    guard let requirement = Requirement(rawValue: name) else {
                        throw reader.fail(subValue, "'check.require' has unknown rule '\(name)'; valid rules: \(Requirement.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    return requirement
                }
            case "min_coverage":
                guard let number = subValue.float, (0...100).contains(number) else {
                    throw reader.fail(subValue, "'check.min_coverage' must be a number from 0 to 100")
                }
                check.minCoverage = number
            default:
                check.baseline = folder.appendingPathComponent(try reader.string(subValue, "check.baseline")).standardizedFileURL
            }
        }
        return check
    }

    /// A list of include or exclude globs; an empty one, which could match nothing, is an error at its line.
    private static func globs(_ node: Node, key: String, reader: YAMLNodeReader) throws(YAMLNodeError) -> [String] {
        let globs = try reader.strings(node, key)
        if let empty = globs.first(where: { GlobPattern($0).isEmpty }) {
            let item = node.sequence?.first { $0.scalar?.string == empty } ?? node
            throw reader.fail(item, "'\(key)' has the empty glob '\(empty)', which matches nothing; write a path pattern such as 'Sources/**'")
        }
        return globs
    }

    /// The commented starter file that `docsheet init` writes.
    public static let starterText = """
        # DocSheet configuration (see Documentation/Configuration.md).
        # Found by walking up from the scanned folder; command-line options override every value here.
        # Paths and include/exclude globs are relative to this file's folder.

        # Files to scan (globs, ** matches any number of folders). Leave include empty to scan every .swift file.
        include: []
        exclude:
          - "Tests/**"
        # include_local: false        # also list local functions (inside bodies and closures)
        # exclude_tests: true         # leave unit-test and UI-test targets out of the document
        # targets: [App, AppWidget]   # document only these targets (default: every target)
        # include_unowned: false      # keep .swift files no target compiles (default: left out with a warning)
        # include_generated: false    # keep generated files (*.generated.swift, "Generated by" headers, ...)
        # platform: ios               # ios, macos, tvos, watchos, visionos: how Package.swift's #if os(...) reads
        # manifests: syntactic        # evaluate RUNS each Package.swift's code (swift package dump-package)

        # What `docsheet generate` writes.
        output: docs/design.xlsx       # .xlsx, .json or .csv; the format follows the extension
        template: design-doc           # design-doc, inventory, class-spec, or a path to your own template
        locale: en                     # en, vi or ja: the labels of built-in templates
        # min_access: internal         # leave out functions less visible than this (default: all)
        # source_url: "https://example.com/repo/blob/{commit}/{file}#L{line}"   # default: from the git remote

        project:
          # name: MyApp                # default: the scanned folder's name
          # version: "1.0"
          # author: "Your Name"

        # The doc-coverage gate: `docsheet check` and the pre-commit hook.
        check:
          min_access: public           # check functions at least this visible
          # kinds: [functions, properties]   # also gate properties and enum cases (default: functions)
          # language: [swift]          # gate one language of a mixed app: swift or objc (default: both)
          require: []                  # any of: parameters, returns, throws, unknown-parameters, void-returns,
                                       # summary-repeats-name, placeholder-summary, detached-doc, messages
          # min_coverage: 80           # fail below this percentage of documented functions
          # baseline: .docsheet-baseline.json   # accepted violations (docsheet check --write-baseline FILE)

        """
}

/// Writes the starter configuration (`docsheet init`).
public enum ConfigurationStarter {
    /// Writes `Configuration.starterText` to `.docsheet.yml` in `folder` and returns the file.
    /// - Parameters:
    ///   - folder: The folder to write `.docsheet.yml` into.
    ///   - force: Whether an existing file is replaced.
    /// - Returns: The file written.
    /// - Throws: `WorkflowError.fileExists` when the file exists and `force` is false.
    public static func write(into folder: URL, force: Bool) throws(WorkflowError) -> URL {
        let file = folder.appendingPathComponent(Configuration.fileName)
        if FileManager.default.fileExists(atPath: file.path), !force { throw .fileExists(path: file.path) }
        try WorkflowError.writeAtomically(Data(Configuration.starterText.utf8), to: file)
        return file
    }
}
