import DesignDocument
import FileSupport
import Foundation
import Inventory
import SwiftExtraction

/// What `docsheet diff` was asked for.
public struct DiffOptions: Sendable {
    /// The base revision.
    public var base: String
    /// The head revision; `nil` compares with the work tree.
    public var head: String?
    /// The root to compare (default: the current folder).
    public var root: String = "."
    /// The output format (default: from the output's extension; Markdown on standard output without `--output`).
    public var format: OutputFormat?
    /// The output file; `nil` or `-` writes to standard output.
    public var output: String?
    /// Which files to scan and how: globs, local functions, jobs, the cache, the configuration file.
    public var scan = ScanSettings()
    /// The label language (default: the configuration's `locale`, else English).
    public var locale: DocumentLocale?
    /// A review template: the built-in `review` (the default) or a template file.
    public var template: String?
    /// The source-link pattern (default: the configuration's `source_url`, else derived from the git remote).
    public var sourceURL: String?
    /// Compare with the merge base of `base` and the head (HEAD for the work tree), as `git diff BASE...` does.
    public var mergeBase = false

    /// Creates options comparing `base` with the work tree.
    ///
    /// - Parameter base: The base revision: a branch, tag or commit.
    public init(base: String) { self.base = base }
}

/// What `docsheet diff` produced.
public struct DiffOutcome: Sendable {
    /// The comparison.
    public var diff: InventoryDiff
    /// The file written, or `nil` for standard output.
    public var outputFile: URL?
    /// The bytes for standard output.
    public var standardOutput: Data?
}

/// `docsheet diff BASE [HEAD]`: the review inventory between two revisions.
public enum DiffCommandRunner {
    /// Builds both inventories (through git, without checkout), compares them and writes the review.
    ///
    /// - Parameters:
    ///   - options: The revisions, root, format, output and scan settings.
    ///   - environment: The current folder and environment variables (default: this process's).
    /// - Returns: The comparison and either the file written or the bytes for standard output.
    /// - Throws: `WorkflowError.invalidOption` for a workbook to standard output or an invalid template;
    ///   `WorkflowError.invalidConfiguration` for a bad `.docsheet.yml`; `WorkflowError.notAGitRepository`,
    ///   `WorkflowError.gitFailed` or `WorkflowError.invalidInput` for a root outside git or a bad revision;
    ///   `WorkflowError.outputFailed` or `WorkflowError.documentFailed` when the review cannot be written.
    public static func run(_ options: DiffOptions, environment: WorkflowEnvironment = .process) throws(WorkflowError) -> DiffOutcome {
        let configuration = try options.scan.configuration(from: environment.url(for: options.root), environment: environment)
        let discovery = options.scan.discovery(configuration, root: environment.url(for: options.root))
        let extraction = options.scan.extraction(configuration)
        let toStandardOutput = options.output == nil || options.output == "-"
        let format = options.format
            ?? (toStandardOutput ? .markdown : OutputFormat(pathExtension: ((options.output ?? "") as NSString).pathExtension) ?? .xlsx)
        if format.isDiagram {
            throw .invalidOption("--format \(format.rawValue): a class diagram shows one revision, not a review; use --format xlsx, json, csv or markdown (or 'docsheet generate --format \(format.rawValue)' on each revision)")
        }
        if toStandardOutput, format == .xlsx {
            throw .invalidOption("--output: a workbook cannot go to standard output; pass --output FILE.xlsx, or --format markdown or json")
        }

        var sourceURL = try SourceLinks.chosenPattern(option: options.sourceURL, configured: configuration.sourceURL)

        var baseRevision = options.base
        if options.mergeBase {
            let gitRoot = try GitRoot(root: options.root, environment: environment)
            baseRevision = try gitRoot.git.mergeBase(options.base, options.head ?? "HEAD")
        }
        // Both revisions are found and read first, so that one progress line counts the files of both.
        let revisions = try [baseRevision, options.head].map { revision throws(WorkflowError) in
            try RevisionInventory.prepare(root: options.root, revision: revision, discovery: discovery, extraction: extraction,
                                          useCache: options.scan.useCache, environment: environment)
        }
        let progress = ExtractionProgress.shared(options.scan.progress, counts: revisions.map(\.fileCount))
        let base = try revisions[0].extract(progress: progress[0])
        let head = try revisions[1].extract(progress: progress[1])
        // With --merge-base the label says so, and names the commit actually compared.
        let baseLabel = options.mergeBase ? "merge base of \(options.base) (\(baseRevision.prefix(12)))" : options.base
        var diff = InventoryDiff(base: base, head: head, baseLabel: baseLabel, headLabel: options.head ?? "working tree")
        if !diff.removed.isEmpty && !diff.added.isEmpty {
            let bodies = try Self.bodyTokens(diff, root: options.root, baseCommit: base.project.commit,
                                             headCommit: options.head == nil ? nil : head.project.commit, environment: environment)
            diff.pairRenamesAndMoves { record, isBase in bodies[BodyKey(record: record, isBase: isBase)] }
        }

        let target = toStandardOutput
            ? TemporaryFiles.makeFile(prefix: "docsheet-diff", extension: format.rawValue)   // an interrupt removes it
            : environment.url(for: options.output ?? "")
        defer { if toStandardOutput { TemporaryFiles.remove(target) } }
        if !toStandardOutput { try Generate.checkWritableFolder(of: target) }
        let projectName = configuration.projectName ?? Generate.projectFolderName(environment.url(for: options.root))
        let workTree = Git.workTree(holding: environment.url(for: options.root))
        let git = workTree?.git
        if sourceURL == nil, let workTree, head.project.commit != nil { sourceURL = SourceLinks.derived(from: workTree).pattern }
        var context = DocumentContext(projectName: projectName, version: configuration.projectVersion,
                                      commit: head.project.commit, generatedAt: try environment.checkedDocumentDate(git: git),
                                      author: configuration.author, sourceURLPattern: sourceURL,
                                      locale: options.locale ?? configuration.locale ?? .en)
        context.baseCommit = base.project.commit
        let templateName = options.template.map { Template.builtinNames.contains($0) ? $0 : environment.url(for: $0).path } ?? "review"
        if !toStandardOutput { try Generate.createFolder(of: target) }
        do {
            let writer = DocumentWriter(template: try Template.resolve(templateName), context: context)
            try writer.writeReview(diff, format: format, to: target)
        } catch {
            throw WorkflowError(error)
        }
        if toStandardOutput {
            return DiffOutcome(diff: diff, outputFile: nil, standardOutput: FileManager.default.contents(atPath: target.path) ?? Data())
        }
        return DiffOutcome(diff: diff, outputFile: target, standardOutput: nil)
    }

    /// A removed (base) or added (head) function, to look its body up.
    struct BodyKey: Hashable {
        var file: String
        var line: Int
        var column: Int
        var isBase: Bool

        init(record: FunctionRecord, isBase: Bool) {
            file = record.file
            line = record.line
            column = record.column
            self.isBase = isBase
        }
    }

    /// The body tokens of the removed functions (in the base revision's files) and the added ones (in the head's, or
    /// the work tree's), each side's files read with one `git cat-file --batch`; protocol requirements have none.
    static func bodyTokens(
        _ diff: InventoryDiff, root: String, baseCommit: String?, headCommit: String?, environment: WorkflowEnvironment
    ) throws(WorkflowError) -> [BodyKey: [Substring]] {
        let gitRoot = try GitRoot(root: root, environment: environment)
        func texts(_ files: Set<String>, commit: String?) throws(WorkflowError) -> [String: String] {
            guard let commit else {
                var result: [String: String] = [:]
                for file in files {
                    result[file] = try? String(contentsOf: gitRoot.url.appendingPathComponent(file), encoding: .utf8)
                }
                return result
            }
            let specs = files.map { "\(commit):\(gitRoot.prefix)\($0)" }
            let objects = try gitRoot.git.readObjects(specs)
            var result: [String: String] = [:]
            for file in files {
                if let data = objects["\(commit):\(gitRoot.prefix)\(file)"] { result[file] = String(decoding: data, as: UTF8.self) }
            }
            return result
        }
        var bodies: [BodyKey: [Substring]] = [:]
        for (records, isBase, commit) in [(diff.removed, true, baseCommit), (diff.added, false, headCommit)] {
            let sources = try texts(Set(records.map(\.file)), commit: commit)
            for (file, functions) in Dictionary(grouping: records.filter { !$0.isRequirement }, by: \.file) {
                guard let text = sources[file] else { continue }
                let found = FunctionBodyTokens.tokens(
                    in: text, at: Set(functions.map { FunctionBodyTokens.Position(line: $0.line, column: $0.column) }))
                for record in functions {
                    if let tokens = found[FunctionBodyTokens.Position(line: record.line, column: record.column)] {
                        bodies[BodyKey(record: record, isBase: isBase)] = tokens
                    }
                }
            }
        }
        return bodies
    }
}
