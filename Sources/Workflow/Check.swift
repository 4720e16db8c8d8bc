import FileSupport
import Foundation
import Inventory
import Parallelism
import SwiftExtraction

/// What `docsheet check` was asked for; `nil` means "not given" (the configuration, then the default decides).
public struct CheckOptions: Sendable {
    /// Which functions are checked.
    public enum Scope: Equatable, Sendable {
        /// Every function under the roots (the default).
        case tree
        /// Functions added or changed in the staged content (the index) compared with HEAD.
        case staged
        /// Functions added or changed in the work tree since a revision.
        case since(String)
    }

    /// The roots to check (default: the current folder).
    public var roots: [String] = []
    /// The scope.
    public var scope: Scope = .tree
    /// The lowest `effectiveAccess` checked (default: public).
    public var minAccess: AccessLevel?
    /// The kinds of declaration checked (default: the configuration's, else functions only).
    public var kinds: [Configuration.CheckedKind]?
    /// The languages whose declarations are checked (default: the configuration's, else every language).
    public var languages: [SourceLanguage]?
    /// Extra documentation rules (default: none).
    public var require: [Configuration.Requirement]?
    /// The lowest acceptable coverage in percent.
    public var minCoverage: Double?
    /// A baseline of accepted violations.
    public var baseline: String?
    /// Where to record today's violations as a baseline.
    public var writeBaseline: String?
    /// Which files to scan and how: globs, local functions, jobs, the cache, the configuration file.
    public var scan = ScanSettings()

    /// Creates options with nothing given.
    public init() {}
}

/// One function or property that fails the documentation rules.
public struct Violation: Codable, Hashable, Sendable {
    /// The file relative to the project's folder — the configuration file's folder, else the top of the git work
    /// tree, else the scanned root — the baseline key, the same from any folder.
    public var file: String
    /// The path to print, relative to the current folder.
    public var path: String
    /// 1-based line of the declaration's name.
    public var line: Int
    /// 1-based column of the declaration's name.
    public var column: Int
    /// The rule: `undocumented` or a ``DocRule`` id (`parameters`, `unknown-parameters`, …) for a function,
    /// `undocumented-property` for a property or enum case, `message-undefined` or `message-unused` for a localized
    /// key (`require: [messages]`).
    public var rule: String
    /// The module.
    public var module: String
    /// The enclosing type, or `nil`.
    public var enclosingType: String?
    /// The function's full name, or the property's or enum case's name.
    public var name: String
    /// What is wrong, in one line.
    public var message: String
}

/// The result of `docsheet check`.
public struct CheckReport: Encodable, Sendable {
    /// Violations that fail the gate (not covered by the baseline).
    public var violations: [Violation]
    /// How many violations the baseline accepted.
    public var baselinedCount: Int
    /// How many declarations (functions, and properties with `--kinds properties`) were checked.
    public var checkedCount: Int
    /// How many of them are documented.
    public var documentedCount: Int
    /// The documented share in percent (100 when nothing was checked).
    public var coverage: Double
    /// The required coverage, if any.
    public var minCoverage: Double?
    /// The access level checked.
    public var minAccess: AccessLevel
    /// The kinds of declaration checked, in the order given.
    public var kinds: [Configuration.CheckedKind] = [.functions]
    /// The languages checked (`--language`, `check.language`), or `nil` for every language.
    public var languages: [SourceLanguage]?
    /// True when there are no new violations and the coverage is high enough.
    public var passed: Bool
    /// Extraction diagnostics (syntax errors), as `path:line:column: warning: message` lines.
    public var diagnostics: [String]

    /// The summary line, e.g. `docsheet check: 2 violations; coverage 75.0% (3 of 4 public functions documented); failed`
    /// (`functions and properties` when both kinds are checked, `objc functions` when one language is).
    public var summary: String {
        var parts = ["\(violations.count) violation\(violations.count == 1 ? "" : "s")"]
        if baselinedCount > 0 { parts[0] += " (\(baselinedCount) more accepted by the baseline)" }
        var kindsText = kinds.map(\.rawValue).joined(separator: " and ")
        if let languages { kindsText = languages.map(\.rawValue).joined(separator: " and ") + " " + kindsText }
        var coverageText = "coverage \(String(format: "%.1f", coverage))% (\(documentedCount) of \(checkedCount) \(minAccess.rawValue)+ \(kindsText) documented)"
        if let minCoverage { coverageText += ", minimum \(String(format: "%.1f", minCoverage))%" }
        parts.append(coverageText)
        return "docsheet check: " + parts.joined(separator: "; ") + (passed ? "; passed" : "; failed")
    }

    private enum CodingKeys: String, CodingKey {
        case violations, baselinedCount, checkedCount, documentedCount, coverage, minCoverage, minAccess, kinds, languages, passed
        case diagnostics, summary
    }

    /// Encodes every field and the summary line (the `json` reporter's document).
    ///
    /// - Parameter encoder: The encoder to write the keyed JSON object into.
    /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(violations, forKey: .violations)
        try container.encode(baselinedCount, forKey: .baselinedCount)
        try container.encode(checkedCount, forKey: .checkedCount)
        try container.encode(documentedCount, forKey: .documentedCount)
        try container.encode(coverage, forKey: .coverage)
        try container.encode(minCoverage, forKey: .minCoverage)
        try container.encode(minAccess, forKey: .minAccess)
        try container.encode(kinds.map(\.rawValue), forKey: .kinds)
        try container.encodeIfPresent(languages?.map(\.rawValue), forKey: .languages)
        try container.encode(passed, forKey: .passed)
        try container.encode(diagnostics, forKey: .diagnostics)
        try container.encode(summary, forKey: .summary)
    }
}

/// `docsheet check`: the doc-coverage gate.
public enum Check {
    /// Each root's scan and what it found, every root discovered before any is parsed: each root keeps its own scan
    /// (its globs, baseline keys and display paths are its own), and the progress counts the files of all of them,
    /// so several roots show one progress line from 0 to the whole count instead of one per root.
    private static func treeScans(
        roots: [String], options: CheckOptions, configuration: Configuration, extraction: ExtractionOptions,
        languages: [SourceLanguage]?, environment: WorkflowEnvironment
    ) throws(WorkflowError) -> [(scan: SourceScan, plan: ScanPlan)] {
        var scans: [(scan: SourceScan, plan: ScanPlan)] = []
        for root in roots {
            var discovery = options.scan.discovery(configuration, root: environment.url(for: root))
            // A Swift-only gate does not run clang on the Objective-C files.
            if let languages, !languages.contains(.objc) { discovery.includeObjectiveC = false }
            var scan = SourceScan(roots: [root], discovery: discovery, extraction: extraction, useCache: options.scan.useCache)
            // With several roots, one empty root is fine; only a run that finds nothing at all fails (in `run`).
            scan.requiresSwiftFiles = roots.count == 1
            scan.readsAppRecords = Set(options.require ?? configuration.check.require ?? []).contains(.messages)
            scan.metrics = options.scan.metrics
            scans.append((scan, try scan.discover(environment: environment)))
        }
        let progress = ExtractionProgress.shared(options.scan.progress, counts: scans.map(\.plan.fileCount))
        for index in scans.indices { scans[index].scan.progress = progress[index] }
        return scans
    }

    /// Runs the gate. Writes the baseline file when asked (and then passes, since every violation is accepted).
    ///
    /// - Parameters:
    ///   - options: The roots, scope, rules, baseline and scan settings from the command line (configuration fills the
    ///     gaps).
    ///   - environment: The current folder and environment variables (default: this process's).
    /// - Returns: The violations that fail the gate, the counts, the coverage and whether the gate passed.
    /// - Throws: `WorkflowError.invalidConfiguration` for a bad `.docsheet.yml`; `WorkflowError.inputNotFound` or
    ///   `WorkflowError.invalidInput` for a missing root, an unreadable file or baseline;
    ///   `WorkflowError.notAGitRepository` or `WorkflowError.gitFailed` for `--staged` and `--since` outside a
    ///   repository or with a bad revision; `WorkflowError.outputFailed` when the baseline cannot be written.
    public static func run(_ options: CheckOptions, environment: WorkflowEnvironment = .process) throws(WorkflowError) -> CheckReport {
        let roots = options.roots.isEmpty ? ["."] : options.roots
        let configuration = try options.scan.configuration(from: environment.url(for: roots[0]), environment: environment)
        let minAccess = options.minAccess ?? configuration.check.minAccess ?? .public
        let kinds = options.kinds ?? configuration.check.kinds ?? [.functions]
        // Every language is `nil`: the report then reads as before the filter existed.
        let languages = (options.languages ?? configuration.check.languages).flatMap { Set($0) == Set(SourceLanguage.allCases) ? nil : $0 }
        let checksSwift = languages?.contains(.swift) ?? true
        let rules = Set(options.require ?? configuration.check.require ?? [])
        let minCoverage = options.minCoverage ?? configuration.check.minCoverage
        let extraction = options.scan.extraction(configuration)

        let treeScans = options.scope == .tree ? try treeScans(roots: roots, options: options, configuration: configuration,
                                                                   extraction: extraction, languages: languages,
                                                                   environment: environment) : []
        var functions: [(record: FunctionRecord, path: String)] = []
        var properties: [(record: PropertyRecord, path: String)] = []
        var diagnostics: [String] = []
        var foundDeclarations = false
        var generatedFilesLeftOut = 0
        var messageViolations: [Violation] = []
        for (rootIndex, root) in roots.enumerated() {
            let result: ExtractionResult
            switch options.scope {
            case .tree:
                result = try treeScans[rootIndex].scan.extract(treeScans[rootIndex].plan)
                foundDeclarations = foundDeclarations || !result.functions.isEmpty || !result.types.isEmpty || !result.properties.isEmpty
                if rules.contains(.messages) && checksSwift {
                    let key = BaselineKeys(root: environment.url(for: root), configuration: configuration)
                    let records = treeScans[rootIndex].scan.readAppRecords(treeScans[rootIndex].plan, extracted: result)
                    messageViolations += Self.messageViolations(
                        records, root: root, prefix: roots.count > 1 ? SourceScan.displayPath(root: root, file: "") : "", key: key)
                    // The resource files that could not be read stay warnings.
                    diagnostics += records.diagnostics.filter { MessageLinking.rule(of: $0) == nil }.map { diagnostic in
                        var diagnostic = diagnostic
                        diagnostic.file = SourceScan.displayPath(root: root, file: diagnostic.file)
                        return diagnostic.description
                    }
                }
                if rules.contains(.detachedDoc) && checksSwift {
                    let key = BaselineKeys(root: environment.url(for: root), configuration: configuration)
                    let files = treeScans[rootIndex].plan.discoveries.flatMap(\.discovered.files)
                    messageViolations += Self.detachedDocViolations(files, root: root, key: key)
                }
            case .staged, .since:
                let discovery = options.scan.discovery(configuration, root: environment.url(for: root))
                result = try ChangedFunctions.find(root: root, scope: options.scope, discovery: discovery,
                                                   extraction: extraction, useCache: options.scan.useCache, environment: environment)
            }
            let prefix = roots.count > 1 ? SourceScan.displayPath(root: root, file: "") : ""
            let key = BaselineKeys(root: environment.url(for: root), configuration: configuration)
            let inLanguage = { (language: SourceLanguage) in languages?.contains(language) ?? true }
            functions += result.functions.filter { inLanguage($0.language) }.map { record in
                var record = record
                let path = roots.count > 1 ? prefix + record.file : SourceScan.displayPath(root: root, file: record.file)
                record.file = key.path(record.file) ?? prefix + record.file
                return (record, path)
            }
            if kinds.contains(.properties) {
                properties += result.properties.filter { inLanguage($0.language) }.map { record in
                    var record = record
                    let path = roots.count > 1 ? prefix + record.file : SourceScan.displayPath(root: root, file: record.file)
                    record.file = key.path(record.file) ?? prefix + record.file
                    return (record, path)
                }
            }
            diagnostics += result.diagnostics.map { diagnostic in
                var diagnostic = diagnostic
                diagnostic.file = SourceScan.displayPath(root: root, file: diagnostic.file)
                return diagnostic.description
            }
            generatedFilesLeftOut += result.generatedFilesLeftOut.count
        }
        if let note = ExtractionResult.generatedFilesNote(count: generatedFilesLeftOut) { diagnostics.append(note) }

        if options.scope == .tree, roots.count > 1, !foundDeclarations {
            throw .invalidInput(path: roots.joined(separator: ", "),
                                reason: "no Swift declarations found in any root; check the include and exclude globs and the roots")
        }
        let checked = kinds.contains(.functions)
            ? functions.filter { $0.record.effectiveAccess >= minAccess && isGated($0.record) } : []
        let checkedProperties = properties.filter { $0.record.effectiveAccess >= minAccess && isGated($0.record) }
        let docRules = Set(rules.compactMap(\.docRule))
        var violations = checked.flatMap { violationsOf($0.record, path: $0.path, rules: docRules) }
        let propertyViolations = checkedProperties.compactMap { violationOf($0.record, path: $0.path) } + messageViolations
        if !propertyViolations.isEmpty {
            // Functions and properties in one order (path, line, column), so a file's violations read top to bottom.
            violations = (violations + propertyViolations).enumerated().sorted { a, b in
                (a.element.path, a.element.line, a.element.column, a.offset) < (b.element.path, b.element.line, b.element.column, b.offset)
            }.map(\.element)
        }
        let checkedCount = checked.count + checkedProperties.count
        let documented = checked.filter { $0.record.isDocumented }.count + checkedProperties.filter { $0.record.isDocumented }.count
        let coverage = checkedCount == 0 ? 100 : Double(documented) * 100 / Double(checkedCount)

        if let file = options.writeBaseline {
            try Baseline(violations: violations).write(to: environment.url(for: file))
        }
        var baselinedCount = 0
        if options.writeBaseline != nil {
            baselinedCount = violations.count
            violations = []
        } else if let baselineURL = options.baseline.map(environment.url(for:)) ?? configuration.check.baseline {
            let baseline = try Baseline.load(from: baselineURL)
            let remaining = baseline.newViolations(in: violations)
            baselinedCount = violations.count - remaining.count
            violations = remaining
        }
        let passed = violations.isEmpty && coverage + 1e-9 >= (minCoverage ?? 0)
        return CheckReport(violations: violations, baselinedCount: baselinedCount, checkedCount: checkedCount,
                           documentedCount: documented, coverage: coverage, minCoverage: minCoverage,
                           minAccess: minAccess, kinds: kinds, languages: languages, passed: passed, diagnostics: diagnostics)
    }

    /// The `message-undefined` and `message-unused` violations of one root (`check.require: [messages]`).
    ///
    /// - Parameters:
    ///   - records: What `SourceScan.readAppRecords(_:extracted:)` found under the root.
    ///   - root: The root as given.
    ///   - prefix: The root's display prefix when several roots are checked, else empty.
    ///   - key: Makes the baseline key of a path.
    /// - Returns: One violation per key used but not defined, and per key defined but not used.
    static func messageViolations(_ records: ResourceRecords, root: String, prefix: String, key: BaselineKeys) -> [Violation] {
        records.diagnostics.compactMap { diagnostic in
            guard let rule = MessageLinking.rule(of: diagnostic) else { return nil }
            let path = prefix.isEmpty ? SourceScan.displayPath(root: root, file: diagnostic.file) : prefix + diagnostic.file
            return Violation(file: key.path(diagnostic.file) ?? prefix + diagnostic.file, path: path, line: diagnostic.line,
                             column: diagnostic.column, rule: rule, module: "", enclosingType: nil,
                             name: diagnostic.message.split(separator: "\"").dropFirst().first.map(String.init) ?? "",
                             message: diagnostic.message)
        }
    }

    /// The rule of a doc comment that documents nothing or stands a blank line away from its declaration.
    public static let detachedDocRule = "detached-doc"

    /// The `detached-doc` violations of one root's files (`check.require: [detached-doc]`), each file parsed again,
    /// in parallel.
    ///
    /// - Parameters:
    ///   - files: The root's discovered Swift files.
    ///   - root: The root as given.
    ///   - key: Makes the baseline key of a path.
    /// - Returns: One violation per misplaced doc comment, at the comment.
    static func detachedDocViolations(_ files: [SourceFile], root: String, key: BaselineKeys) -> [Violation] {
        parallelMap(files, threads: .largeStack) { file -> [Violation] in
            guard let text = try? String(contentsOf: file.url, encoding: .utf8) else { return [] }
            let path = SourceScan.displayPath(root: root, file: file.relativePath)
            return DocCommentPlacement.findings(in: text).map { finding in
                let message: String
                switch finding.kind {
                case .attachedToNothing:
                    message = "doc comment documents nothing (no declaration follows it); make it a // comment or move it above a declaration"
                case .separatedByBlankLine:
                    message = "doc comment is separated from its declaration by a blank line; remove the blank line, or make it a // comment"
                case .afterAttributes:
                    message = "doc comment comes after the declaration's attributes or modifiers, where the compiler does not attach it; move it above them"
                }
                return Violation(file: key.path(file.relativePath) ?? file.relativePath, path: path, line: finding.line,
                                 column: finding.column, rule: detachedDocRule, module: file.module, enclosingType: nil,
                                 name: "", message: message)
            }
        }.flatMap { $0 }
    }

    /// The violations of one function under `rules` (a missing or placeholder doc is one `undocumented` violation).
    ///
    /// - Parameters:
    ///   - record: The function to check.
    ///   - path: The path to print in messages, relative to the current folder.
    ///   - rules: The doc-comment rules to apply beyond a summary.
    /// - Returns: No violation for a function that passes; one `undocumented` violation when it has no real doc;
    ///   otherwise one violation per rule it breaks, its id the rule's.
    public static func violationsOf(_ record: FunctionRecord, path: String, rules: Set<DocRule>) -> [Violation] {
        /// The kind as prose in messages (`type method`, `initializer`, ...).
        let subject = "\(record.effectiveAccess.rawValue) \(describe(record.kind)) '\(record.qualifiedName)'"
        func violation(_ rule: String, _ message: String) -> Violation {
            Violation(file: record.file, path: path, line: record.line, column: record.column, rule: rule,
                      module: record.module, enclosingType: record.enclosingType, name: record.name, message: message)
        }
        guard record.isDocumented else {
            if record.doc?.isPlaceholder == true {
                return [violation("undocumented", "\(subject) has a doc comment that still holds an Xcode placeholder (<#...#>); replace it with real documentation")]
            }
            return [violation("undocumented", "\(subject) is not documented; add a /// summary")]
        }
        return record.docFindings(rules).map { violation($0.rule.rawValue, "\(subject) \($0.message)") }
    }

    /// The rule of an undocumented property or enum case (functions have `undocumented`).
    public static let undocumentedPropertyRule = "undocumented-property"

    /// The violation of one property or enum case: `undocumented-property` when it has no real doc, else none.
    /// `--require` does not apply (a property has no parameters, return value or errors).
    ///
    /// - Parameters:
    ///   - record: The property or enum case to check.
    ///   - path: The path to print in the message, relative to the current folder.
    /// - Returns: `nil` for a documented record; otherwise one `undocumented-property` violation.
    public static func violationOf(_ record: PropertyRecord, path: String) -> Violation? {
        guard !record.isDocumented else { return nil }
        let subject = "\(record.effectiveAccess.rawValue) \(describe(record)) '\(record.qualifiedName)'"
        let message = record.doc?.isPlaceholder == true
            ? "\(subject) has a doc comment that still holds an Xcode placeholder (<#...#>); replace it with real documentation"
            : "\(subject) is not documented; add a /// summary"
        return Violation(file: record.file, path: path, line: record.line, column: record.column, rule: undocumentedPropertyRule,
                         module: record.module, enclosingType: record.enclosingType, name: record.name, message: message)
    }

    /// True for properties the gate looks at: not an `override` (it inherits the overridden property's
    /// documentation, as for functions). Enum cases, global variables and protocol requirements are checked.
    ///
    /// - Parameter record: The property or enum case.
    /// - Returns: False for an `override`, true for everything else.
    public static func isGated(_ record: PropertyRecord) -> Bool {
        !record.modifiers.contains("override")
    }

    /// The kind as prose in messages (`property`, `type property`, `enum case`, `global variable`).
    static func describe(_ record: PropertyRecord) -> String {
        switch record.kind {
        case .property: return record.enclosingType == nil ? "global variable" : "property"
        case .typeProperty: return "type property"
        case .enumCase: return "enum case"
        }
    }

    /// True for functions the gate looks at: not a `deinit` (nobody calls it) and not an `override` (it inherits
    /// the overridden declaration's documentation, as Xcode's Quick Help shows; SwiftLint's `missing_docs` does
    /// the same).
    ///
    /// - Parameter record: The function.
    /// - Returns: False for a deinitializer or an `override`, true for everything else.
    public static func isGated(_ record: FunctionRecord) -> Bool {
        record.kind != .deinitializer && !record.modifiers.contains("override")
    }

    /// The kind as prose in messages (`type method`, `initializer`, ...).
    static func describe(_ kind: FunctionKind) -> String {
        switch kind {
        case .function: return "function"
        case .method: return "method"
        case .typeMethod: return "type method"
        case .initializer: return "initializer"
        case .deinitializer: return "deinitializer"
        case .subscript: return "subscript"
        case .typeSubscript: return "type subscript"
        case .operator: return "operator"
        }
    }
}

/// Turns root-relative paths into baseline keys: paths relative to the project's folder (the configuration file's
/// folder, else the top of the git work tree), so a baseline matches from any subfolder.
struct BaselineKeys {
    /// The folder the scanned root's files are relative to.
    let rootFolder: URL
    /// The project's folder, or `nil` when neither a configuration file nor git gives one.
    let anchor: String?

    /// The keys for `root` under `configuration`.
    init(root: URL, configuration: Configuration) {
        rootFolder = (FilePaths.isFolder(root) ? root : root.deletingLastPathComponent()).resolvingSymlinksInPath()
        let folder = configuration.file?.deletingLastPathComponent() ?? Git.workTree(holding: root)?.topLevel
        anchor = folder.map { $0.resolvingSymlinksInPath().path }
    }

    /// `file` (relative to the root) relative to the project's folder, or `nil` when the root is outside it.
    func path(_ file: String) -> String? {
        guard let anchor else { return nil }
        return FolderPaths.relative(rootFolder.appendingPathComponent(file).standardizedFileURL.path, to: anchor)
    }
}
