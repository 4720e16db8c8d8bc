import DesignDocument
import FileSupport
import Foundation
import Inventory
import SwiftExtraction

/// What `docsheet generate` was asked for. `nil` means "not given": the configuration file, then the built-in
/// default decides.
public struct GenerateOptions: Sendable {
    /// The roots to scan (default: the current folder).
    public var roots: [String] = []
    /// The output file; `-` writes JSON, CSV or Markdown to standard output.
    public var output: String?
    /// The output format (default: from the output's extension, else xlsx).
    public var format: OutputFormat?
    /// The lowest `effectiveAccess` written.
    public var minAccess: AccessLevel?
    /// Which files to scan and how: globs, local functions, jobs, the cache, the configuration file.
    public var scan = ScanSettings()
    /// A built-in template name or a template file.
    public var template: String?
    /// The label language.
    public var locale: DocumentLocale?
    /// The source-link pattern.
    public var sourceURL: String?
    /// The document's author.
    public var author: String?
    /// The project's name.
    public var projectName: String?
    /// The project's version.
    public var projectVersion: String?
    /// Refuse a client workbook template holding parts that cannot be carried over (charts, shapes, comments, …)
    /// instead of warning about each.
    public var strict = false

    /// Creates options with nothing given.
    public init() {}
}

/// What `docsheet generate` did.
public struct GenerateOutcome: Sendable {
    /// Syntax errors and the like, as `path:line:column: warning: message` lines.
    public var diagnostics: [String]
    /// The file written, or `nil` when the output went to standard output.
    public var outputFile: URL?
    /// The bytes for standard output when the output is `-`.
    public var standardOutput: Data?
    /// The inventory that was written (after the access filter); `nil` when the output file was up to date.
    public var inventory: Inventory?
    /// True when nothing the output depends on had changed since the run that wrote it, so it was left as it was
    /// (no file was read and nothing was written; `RunRecord`).
    public var upToDate = false
    /// Swift and Objective-C files scanned, functions in the output, and how many of those have a doc comment.
    public var counts: (files: Int, functions: Int, documented: Int)
}

/// `docsheet generate`: scan the roots, build the inventory, write the document.
public enum Generate {
    /// The output file name used when neither the command line nor the configuration names one.
    ///
    /// - Parameter format: The output format.
    /// - Returns: `docsheet.xlsx`, `docsheet.json`, `docsheet.csv`, `docsheet.md`, `docsheet.dot`, `docsheet.mmd` or
    ///   `docsheet.puml`.
    public static func defaultOutputName(for format: OutputFormat) -> String {
        switch format {
        case .xlsx: return "docsheet.xlsx"
        case .json: return "docsheet.json"
        case .csv: return "docsheet.csv"
        case .markdown: return "docsheet.md"
        case .dot: return "docsheet.dot"
        case .mermaid: return "docsheet.mmd"
        case .plantuml: return "docsheet.puml"
        }
    }

    /// Runs the whole pipeline. Nothing is written unless everything before the write succeeded, and the output
    /// replaces an existing file only once it is complete.
    ///
    /// - Parameters:
    ///   - options: The roots, output, format, template, locale, filters and scan settings from the command line.
    ///   - environment: The current folder and environment variables (default: this process's).
    /// - Returns: The diagnostics, the inventory written, and either the file written or the bytes for standard output.
    /// - Throws: `WorkflowError.invalidOption` for conflicting options or an invalid template;
    ///   `WorkflowError.invalidConfiguration` for a bad `.docsheet.yml`; `WorkflowError.inputNotFound` or
    ///   `WorkflowError.invalidInput` for a missing root or an unreadable file; `WorkflowError.outputFailed` or
    ///   `WorkflowError.documentFailed` when the output cannot be written.
    public static func run(_ options: GenerateOptions, environment: WorkflowEnvironment = .process) throws(WorkflowError) -> GenerateOutcome {
        let roots = options.roots.isEmpty ? ["."] : options.roots
        let firstRoot = environment.url(for: roots[0])
        let configuration = try options.scan.configuration(from: firstRoot, environment: environment)

        let (format, output) = try resolveOutput(options, configuration: configuration, environment: environment)
        let templateName = options.template.map { Template.builtinNames.contains($0) ? $0 : environment.url(for: $0).path }
            ?? configuration.template ?? "design-doc"
        let template: Template
        do {
            template = try Template.resolve(templateName)
        } catch {
            throw WorkflowError(error)
        }
        if options.strict, format == .xlsx, let form = template.form, !form.unsupported.isEmpty {
            throw .invalidOption("--strict: \(form.source) holds what DocSheet cannot carry over: "
                                 + form.unsupported.map(\.description).joined(separator: "; ")
                                 + "; remove them from the template, or leave out --strict to get a warning for each")
        }
        if format == .xlsx, !template.hasInventorySheets {
            throw .invalidOption("--template: " + DocumentWriter.reviewOnlyMessage(templateName))
        }
        var sourceURL = try SourceLinks.chosenPattern(option: options.sourceURL, configured: configuration.sourceURL)
        if let output { try checkWritableFolder(of: output) }

        var scan = SourceScan(
            roots: roots,
            discovery: options.scan.discovery(configuration, root: firstRoot),
            extraction: options.scan.extraction(configuration),
            useCache: options.scan.useCache
        )
        scan.rootDiscovery = options.scan.rootDiscovery(configuration)
        scan.requiresSwiftFiles = true
        // The app's records (screens, transitions, messages, errors, entities) cost a second parse of the files with
        // bodies: they are read for the JSON, and for a workbook whose template shows them (the design document does;
        // inventory, review and class-spec do not).
        scan.readsAppRecords = format == .json || (format == .xlsx && template.usesAppRecords)
        scan.progress = options.scan.progress
        scan.metrics = options.scan.metrics
        let plan = try scan.discover(environment: environment)

        let workTree = Git.workTree(holding: firstRoot)
        let git = workTree?.git
        let commit = git?.headCommit()
        let projectName = options.projectName ?? configuration.projectName ?? projectFolderName(firstRoot)
        let rootLabel = roots.count == 1 ? roots[0] : "."
        let minimumAccess = options.minAccess ?? configuration.minAccess
        var linkWarnings: [String] = []
        if sourceURL == nil, roots.count == 1, let workTree, commit != nil {
            let derived = SourceLinks.derived(from: workTree)
            sourceURL = derived.pattern
            // Only a workbook links to the source; JSON, CSV and Markdown runs need no warning.
            if format == .xlsx, let warning = derived.warning { linkWarnings.append(warning) }
        }
        var context = DocumentContext(
            projectName: projectName, version: options.projectVersion ?? configuration.projectVersion, commit: commit,
            generatedAt: try environment.checkedDocumentDate(git: git), author: options.author ?? configuration.author,
            sourceURLPattern: sourceURL, locale: options.locale ?? configuration.locale ?? .en
        )
        // The status column names the doc rules of `check.require` a documented function breaks.
        context.docRules = Set((configuration.check.require ?? []).compactMap(\.docRule))

        // Nothing changed since the run that wrote this output: leave it as it is.
        let recordFolder = DiskExtractionCache.defaultFolder(for: firstRoot, environment: environment)
        var fingerprint: String?
        // (Only a regular file keeps what was written: `/dev/null` or a pipe is always written.)
        if let output, options.scan.useCache, !AtomicFile.isStream(output), let inputs = scan.inputsDescription(of: plan) {
            let document = documentDescription(format: format, templateName: templateName, template: template, context: context,
                                               rootLabel: rootLabel, minimumAccess: minimumAccess)
            fingerprint = RunRecord.fingerprint([inputs, document, output.standardizedFileURL.path] + linkWarnings)
            if let fingerprint, let record = RunRecord.upToDate(output, fingerprint: fingerprint, in: recordFolder) {
                return GenerateOutcome(diagnostics: record.diagnostics, outputFile: output, standardOutput: nil, inventory: nil,
                                       upToDate: true, counts: (record.files, record.functions, record.documented))
            }
        }

        var result = try scan.extract(plan)
        let resources = scan.readAppRecords(plan, extracted: result)
        result.diagnostics += resources.diagnostics
        var inventory = Inventory(project: ProjectInfo(name: projectName, root: rootLabel, commit: commit),
                                  types: result.types, functions: result.functions, modules: result.modules,
                                  properties: result.properties, messages: resources.messages, errors: resources.errors,
                                  entities: resources.entities, screens: resources.screens, transitions: resources.transitions)
        if let minimumAccess {
            inventory = inventory.filtered(minimumAccess: minimumAccess)
        }

        let diagnostics = result.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if roots.count == 1 { diagnostic.file = SourceScan.displayPath(root: roots[0], file: diagnostic.file) }
            return diagnostic.description
        } + (result.generatedFilesNote.map { [$0] } ?? []) + linkWarnings
        let counts = (files: plan.fileCount + plan.objectiveCFileCount, functions: inventory.functions.count,
                      documented: inventory.functions.documentedCount)

        var writer = DocumentWriter(template: template, context: context)
        if let metrics = options.scan.metrics {
            writer.diagramTimer = { metrics.recordDiagramPage(name: $0, seconds: $1) }
        }
        let diagramCache = options.scan.useCache && format == .xlsx
            ? DiskDiagramCache(folder: recordFolder.appendingPathComponent("diagrams", isDirectory: true)) : nil
        writer.diagramCache = diagramCache
        let writeStart = ContinuousClock.now
        defer {
            options.scan.metrics?.record("write", since: writeStart)
            diagramCache?.trim()
        }
        guard let output else {
            // Registered, so that an interrupt removes it (`TemporaryFiles`).
            let temporary = TemporaryFiles.makeFile(prefix: "docsheet", extension: format.rawValue)
            defer { TemporaryFiles.remove(temporary) }
            do {
                try write(inventory, format: format, to: temporary, writer: writer)
            } catch {
                throw .documentFailed(error.description.replacingOccurrences(of: temporary.path, with: "standard output"))
            }
            let data = FileManager.default.contents(atPath: temporary.path) ?? Data()
            return GenerateOutcome(diagnostics: diagnostics, outputFile: nil, standardOutput: data, inventory: inventory, counts: counts)
        }
        let warnings = try write(inventory, format: format, to: output, writer: writer)
        if let fingerprint, let stamp = FilePaths.stamp(ofFileAt: output.path) {
            RunRecord(fingerprint: fingerprint, output: output.standardizedFileURL.path, outputStamp: stamp,
                      diagnostics: diagnostics + warnings, files: counts.files, functions: counts.functions,
                      documented: counts.documented).save(in: recordFolder)
        }
        return GenerateOutcome(diagnostics: diagnostics + warnings, outputFile: output, standardOutput: nil, inventory: inventory, counts: counts)
    }

    /// What the document depends on besides the records, for `RunRecord`: the format; the template (`templateName`: a
    /// built-in by name — the executable's identity covers its text — or a file by path and stamp, with its logo's
    /// digest); the project facts and source-link pattern; the date where the format shows it (JSON and CSV carry
    /// none, so that a folder outside git, dated by the clock, can still be up to date); the access filter.
    static func documentDescription(format: OutputFormat, templateName: String, template: Template, context: DocumentContext,
                                    rootLabel: String, minimumAccess: AccessLevel?) -> String {
        var parts = ["format=\(format.rawValue)", "template=\(templateName)"]
        if !Template.builtinNames.contains(templateName) { parts.append(FilePaths.stamp(ofFileAt: templateName) ?? "") }
        if let logo = template.logo { parts.append(SHA256.hex([UInt8](logo.data))) }
        parts += [context.projectName, context.version ?? "-", context.commit ?? "-", context.author ?? "-",
                  context.sourceURLPattern ?? "-", context.locale.rawValue, rootLabel, minimumAccess?.rawValue ?? "-",
                  context.docRules.map(\.rawValue).sorted().joined(separator: ",")]
        if format == .xlsx || format == .markdown { parts.append("\(context.generatedAt.timeIntervalSince1970)") }
        return parts.joined(separator: "\u{0}")
    }

    /// Writes `inventory` in `format` to `url`, atomically, creating missing parent folders first; returns warnings
    /// about content Excel's limits cut.
    @discardableResult
    static func write(_ inventory: Inventory, format: OutputFormat, to url: URL, writer: DocumentWriter) throws(WorkflowError) -> [String] {
        try createFolder(of: url)
        do {
            return try writer.write(inventory, format: format, to: url)
        } catch {
            throw WorkflowError(error)
        }
    }

    /// Fails early, with the usual message, when the output's folder cannot be created or written: the nearest
    /// existing folder above the output must be a writable folder (missing folders are created at write time).
    static func checkWritableFolder(of url: URL) throws(WorkflowError) {
        var folder = url.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        guard FilePaths.isFolder(folder) else {
            throw .outputFailed(path: url.path, reason: "\(folder.path) is not a folder")
        }
        guard FileManager.default.isWritableFile(atPath: folder.path) else {
            throw .outputFailed(path: url.path, reason: "the folder \(folder.path) is not writable")
        }
    }

    /// Creates the missing parent folders of `url` (like `mkdir -p`).
    static func createFolder(of url: URL) throws(WorkflowError) {
        let folder = url.deletingLastPathComponent()
        guard !FileManager.default.fileExists(atPath: folder.path) else { return }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .outputFailed(path: url.path, reason: "cannot create the folder \(folder.path)")
        }
    }

    /// The format and output file (`nil` for standard output) from the options, the configuration and defaults.
    static func resolveOutput(_ options: GenerateOptions, configuration: Configuration, environment: WorkflowEnvironment) throws(WorkflowError) -> (OutputFormat, URL?) {
        let explicitOutput = options.output
        let format: OutputFormat
        if let given = options.format {
            format = given
        } else if let explicitOutput, explicitOutput != "-" {
            format = OutputFormat(pathExtension: (explicitOutput as NSString).pathExtension) ?? .xlsx
        } else if explicitOutput == nil, let configured = configuration.format ?? configuration.output.flatMap({ OutputFormat(pathExtension: $0.pathExtension) }) {
            format = configured
        } else {
            format = explicitOutput == "-" ? .json : .xlsx
        }
        if explicitOutput == "-" {
            guard format != .xlsx else {
                throw .invalidOption("--output -: a workbook cannot go to standard output; pass --format json, csv or markdown, or a file name")
            }
            return (format, nil)
        }
        if let explicitOutput { return (format, environment.url(for: explicitOutput)) }
        if let configured = configuration.output, OutputFormat(pathExtension: configured.pathExtension) == format {
            return (format, configured)
        }
        return (format, environment.url(for: defaultOutputName(for: format)))
    }

    /// The project name used when none is configured: the root folder's name.
    static func projectFolderName(_ root: URL) -> String {
        let name = root.standardizedFileURL.lastPathComponent
        return name.isEmpty || name == "/" ? "project" : name
    }
}
