import FileSupport
import Foundation
import Inventory
import Parallelism
import SwiftParser
import SwiftSyntax

/// Extracts function and type records from Swift source (Documentation/Extraction.md), one file at a time or many
/// files in parallel, reusing cached extractions of unchanged files.
public struct SwiftExtractor: Sendable {
    /// The options in effect.
    public var options: ExtractionOptions

    /// Bumped whenever the extraction rules change, so that cached extractions of older rules are not reused
    /// by a build that keeps the same `DocSheetVersion`.
    static let rulesRevision = 11

    /// Creates an extractor.
    ///
    /// - Parameter options: Whether local functions are reported and how many files are parsed at once.
    public init(options: ExtractionOptions = ExtractionOptions()) { self.options = options }

    /// The records of one file's source text, as if it were its module's only file (`CrossFileRules` applied to it
    /// alone). A file with syntax errors still yields what the parser recovered, plus one warning naming the first
    /// error's position.
    ///
    /// - Parameters:
    ///   - source: The Swift source text.
    ///   - relativePath: The file's path relative to the scanned root, written into every record and diagnostic.
    ///   - module: The module written into every record.
    /// - Returns: The file's function and type records, at most one syntax-error warning, and a warning for each
    ///   extension of a type alias of a type that is not nominal (a tuple, a function type, …); no records or
    ///   diagnostics for a generated file (`isGenerated`) unless the options include generated files.
    public func extract(source: String, relativePath: String, module: String) -> FileExtraction {
        let extraction = LargeStackThread.run { extractAlone(source: source, relativePath: relativePath, module: module) }
        var extractions = [extraction]
        let merged = applyRules(&extractions)
        var result = FileExtraction(
            functions: merged.functions, types: merged.types, diagnostics: merged.fileDiagnostics + merged.ruleDiagnostics)
        result.properties = merged.properties
        result.isGenerated = extraction.isGenerated
        result.facts = extraction.facts
        result.ignoredTypes = extraction.ignoredTypes
        return result
    }

    /// The records of one file before the rules that need the module's other files (`CrossFileRules`): what the
    /// cache stores.
    private func extractAlone(source: String, relativePath: String, module: String) -> FileExtraction {
        let (tree, parsedText, blanked) = DeepNestingGuard.parse(
            source, skippingFunctionBodies: !options.includeLocal && !options.parsesFunctionBodies)
        var warnings: [ExtractionDiagnostic] = []
        if let first = blanked.first {
            let more = blanked.count > 1 ? " (and \(blanked.count - 1) more places in this file)" : ""
            warnings = [ExtractionDiagnostic(
                file: relativePath, line: first.line, column: first.column, severity: .warning,
                message: "nested or chained too deep to parse safely (over \(DeepNestingGuard.maximumDepth) levels, "
                    + "\(DeepNestingGuard.maximumSquareDepth) square brackets, \(DeepNestingGuard.maximumConditionDepth) "
                    + "#if blocks or \(DeepNestingGuard.maximumChainLength) links); that part was skipped\(more), "
                    + "the declarations around it are kept")]
        }
        let collector = DeclarationCollector(
            tree: tree, text: parsedText, file: relativePath, module: module, includeLocal: options.includeLocal,
            originalText: source)
        collector.walk(tree)
        var diagnostics: [ExtractionDiagnostic] = []
        if tree.hasError, let error = SyntaxErrorLocator.firstError(in: tree, file: relativePath) {
            diagnostics.append(error)
        }
        if let conflict = SyntaxErrorLocator.conflictMarker(in: source, file: relativePath) {
            diagnostics.append(conflict)
        }
        var extraction = FileExtraction(
            functions: collector.functions, types: collector.types, diagnostics: warnings + diagnostics)
        extraction.ignoredTypes = collector.ignoredTypes
        extraction.properties = collector.properties
        if SourceMarkers.ignoresFile(source: source, tree: tree) {
            // `// docsheet:ignore-file`: nothing of the file is documented; its types still count for other files.
            extraction.ignoredTypes = (extraction.types + extraction.ignoredTypes).sorted(by: Inventory.precedes)
            extraction.functions = []
            extraction.types = []
            extraction.properties = []
        }
        extraction.isGenerated = SourceMarkers.isGenerated(relativePath: relativePath, tree: tree)
        extraction.facts = CrossFileRules.FileFacts(
            file: relativePath, imports: collector.imports, aliases: collector.aliases)
        return extraction
    }

    /// Reads and extracts files from disk, in parallel, using `cache` for unchanged files.
    ///
    /// - Parameters:
    ///   - files: The files to read, from `SourceDiscovery.discover(root:options:)`.
    ///   - cache: Where earlier extractions are looked up and new ones stored, or `nil` to parse every file.
    /// - Returns: The records and diagnostics of all files merged. A file that is not valid UTF-8, is UTF-16, looks
    ///   binary or disappeared since it was listed adds a warning (`SourceDecoding`).
    /// - Throws: `ExtractionError.unreadableFile` for the first file (in the given order) that exists but cannot be
    ///   read.
    public func extract(files: [SourceFile], cache: (any ExtractionCache)?) throws(ExtractionError) -> ExtractionResult {
        try extract(groups: [FileGroup(files: files, cache: cache)])[0].get()
    }

    /// Reads and extracts the files of several groups (the roots of one run) in one parallel pass, largest files
    /// first, and merges each group on its own, several at once (`CrossFileRules` never looks across groups). One
    /// pass keeps every thread busy to the end: a pass per root waits for each root's largest file before the next
    /// root starts.
    ///
    /// - Parameters:
    ///   - groups: The files of each group, from `SourceDiscovery.discover(root:options:)`, with the cache for that
    ///     group (`nil` parses every file).
    ///   - progress: Called after each file (cache hits included) with the files done and the total, from the
    ///     worker threads; `nil` reports nothing.
    /// - Returns: One result per group, in the order of `groups`: the records and diagnostics of its files merged (a
    ///   file that is not valid UTF-8, is UTF-16, looks binary or disappeared since it was listed adds a warning,
    ///   `SourceDecoding`), or `ExtractionError.unreadableFile` for the group's first file (in the given order) that
    ///   exists but cannot be read.
    public func extract(groups: [FileGroup], progress: ExtractionProgressHandler? = nil) -> [Result<ExtractionResult, ExtractionError>] {
        let work = groups.enumerated().flatMap { group in group.element.files.map { (file: $0, cache: group.element.cache) } }
        let sizes = work.map { FilePaths.size(of: $0.file.url) }
        let order = work.indices.sorted { sizes[$0] > sizes[$1] }
        let total = work.count
        let onDone = Self.doneCounter(total: total, progress: progress)
        var outcomes = parallelMap(work, jobs: options.jobs, order: order, threads: .largeStack, onDone: onDone) { item -> Result<FileExtraction, ExtractionError> in
            let (file, cache) = item
            let data: Data
            do {
                data = try Data(contentsOf: file.url)
            } catch {
                // Gone since the folder was listed (a build step or an editor replaced it): nothing to document.
                if !FileManager.default.fileExists(atPath: file.url.path) {
                    return .success(FileExtraction(functions: [], types: [], diagnostics: [ExtractionDiagnostic(
                        file: file.relativePath, line: 1, column: 1, severity: .warning,
                        message: "the file disappeared during the scan; it is left out")]))
                }
                return .failure(.unreadableFile(path: file.relativePath, reason: Self.reason(error)))
            }
            let decoded = SourceDecoding.decode(data)
            guard let text = decoded.text else {
                return .success(FileExtraction(functions: [], types: [], diagnostics: [ExtractionDiagnostic(
                    file: file.relativePath, line: 1, column: 1, severity: .warning, message: decoded.warning ?? "")]))
            }
            var extraction = extractCached(
                SourceText(relativePath: file.relativePath, module: file.module, text: text, targets: file.targets,
                           moduleKind: file.moduleKind), cache: cache)
            if let warning = decoded.warning {
                extraction.diagnostics.insert(ExtractionDiagnostic(
                    file: file.relativePath, line: 1, column: 1, severity: .warning, message: warning), at: 0)
            }
            return .success(extraction)
        }
        // Each file's extraction is moved out of `outcomes`, not copied, and each group is taken out of `perGroup` (under
        // its lock) by the thread that merges it: every array of records is then held once, and merging moves the
        // records instead of copying them (`RecordMoves`).
        var perGroup: [[FileExtraction]] = []
        var failures: [ExtractionError?] = []
        var start = 0
        for group in groups {
            var extractions: [FileExtraction] = []
            extractions.reserveCapacity(group.files.count)
            var failure: ExtractionError?
            for index in start..<start + group.files.count where failure == nil {
                var outcome = Result<FileExtraction, ExtractionError>.success(FileExtraction())
                swap(&outcome, &outcomes[index])
                switch outcome {
                case .success(let extraction): extractions.append(extraction)
                case .failure(let error): failure = error
                }
            }
            start += group.files.count
            perGroup.append(extractions)
            failures.append(failure)
        }
        outcomes = []
        // Groups are merged on their own, so several are merged at once, the largest first.
        let largestFirst = groups.indices.sorted { groups[$0].files.count > groups[$1].files.count }
        let groupFailures = failures
        let unmerged = Locked(perGroup)
        perGroup = []
        return parallelMap(Array(groups.indices), jobs: options.jobs, order: largestFirst, threads: .largeStack) { index in
            if let failure = groupFailures[index] { return .failure(failure) }
            var extractions = unmerged.withLock { groups in
                var taken: [FileExtraction] = []
                swap(&taken, &groups[index])
                return taken
            }
            return .success(merge(&extractions))
        }
    }

    /// Extracts in-memory sources (e.g. read from git), in parallel, using `cache` for unchanged files.
    ///
    /// - Parameters:
    ///   - sources: The source texts, e.g. files at a git revision or in the index.
    ///   - cache: Where earlier extractions are looked up and new ones stored, or `nil` to parse every source.
    ///   - progress: Called after each source (cache hits included) from the worker threads; `nil` reports nothing.
    /// - Returns: The records and diagnostics of all sources merged.
    public func extract(sources: [SourceText], cache: (any ExtractionCache)?, progress: ExtractionProgressHandler? = nil) -> ExtractionResult {
        var extractions = extractEach(sources: sources, cache: cache, progress: progress)
        return merge(&extractions)
    }

    /// Extracts each of `sources` on its own, in parallel, using `cache` for unchanged files, without the rules
    /// across files: the parts a ``RevisionMerger`` joins for each of many revisions of the same files (`docsheet
    /// history`).
    ///
    /// - Parameters:
    ///   - sources: The source texts.
    ///   - cache: Where earlier extractions are looked up and new ones stored, or `nil` to parse every source.
    ///   - progress: Called after each source (cache hits included) from the worker threads; `nil` reports nothing.
    /// - Returns: One extraction per source, in the order of `sources`, with the source's targets and module kind.
    public func extractEach(sources: [SourceText], cache: (any ExtractionCache)?,
                            progress: ExtractionProgressHandler? = nil) -> [FileExtraction] {
        let onDone = Self.doneCounter(total: sources.count, progress: progress)
        return parallelMap(sources, jobs: options.jobs, threads: .largeStack, onDone: onDone) { extractCached($0, cache: cache) }
    }

    /// Turns the count of finished items into progress reports for `progress`.
    private static func doneCounter(total: Int, progress: ExtractionProgressHandler?) -> (@Sendable (Int) -> Void)? {
        guard let progress else { return nil }
        return { @Sendable (done: Int) in progress(ExtractionProgress(done: done, total: total)) }
    }

    /// The cache key of a source text under these options and this tool version: two independent 64-bit
    /// hashes and the length of everything that decides the records (content, path, module, options,
    /// `DocSheetVersion.current` and the rules' revision), as 40+ hexadecimal characters safe for file names.
    ///
    /// - Parameter source: The source text with its path and module.
    /// - Returns: A hexadecimal string of 40 or more characters that changes whenever anything deciding the records
    ///   changes.
    public func cacheKey(for source: SourceText) -> String {
        var hasher = ContentHasher()
        hasher.add("docsheet-extraction\u{0}\(DocSheetVersion.current)\u{0}\(Self.rulesRevision)\u{0}")
        hasher.add("includeLocal=\(options.includeLocal)\u{0}parsesFunctionBodies=\(options.parsesFunctionBodies)\u{0}")
        hasher.add(source.relativePath)
        hasher.add("\u{0}")
        hasher.add(source.module)
        hasher.add("\u{0}")
        hasher.add(source.text)
        return hasher.hexDigest
    }

    /// The file's records, from the cache when it has them, with the source's targets and module kind (which the
    /// cache key leaves out: they do not change what is parsed).
    private func extractCached(_ source: SourceText, cache: (any ExtractionCache)?) -> FileExtraction {
        var extraction: FileExtraction
        if let cache {
            let key = cacheKey(for: source)
            if let cached = cache.cachedExtraction(forKey: key) {
                extraction = cached
            } else {
                extraction = extractAlone(source: source.text, relativePath: source.relativePath, module: source.module)
                cache.store(extraction, forKey: key)
            }
        } else {
            extraction = extractAlone(source: source.text, relativePath: source.relativePath, module: source.module)
        }
        for index in extraction.functions.indices {
            extraction.functions[index].targets = source.targets
            extraction.functions[index].moduleKind = source.moduleKind
        }
        for index in extraction.types.indices {
            extraction.types[index].targets = source.targets
            extraction.types[index].moduleKind = source.moduleKind
        }
        for index in extraction.properties.indices {
            extraction.properties[index].targets = source.targets
            extraction.properties[index].moduleKind = source.moduleKind
        }
        return extraction
    }

    /// The records of `extractions` after the rules across files, sorted; `relatingTypes: false` leaves out
    /// `TypeRelations` (superclasses, property types), which changes no function record.
    func merge(_ extractions: inout [FileExtraction], relatingTypes: Bool = true) -> ExtractionResult {
        let merged = applyRules(&extractions, relatingTypes: relatingTypes)
        var result = ExtractionResult(
            functions: Self.sortedStably(merged.functions, by: Inventory.precedes),
            types: Self.sortedStably(merged.types, by: Inventory.precedes),
            diagnostics: (merged.fileDiagnostics + merged.ruleDiagnostics).sorted {
                ($0.file, $0.line, $0.column, $0.message) < ($1.file, $1.line, $1.column, $1.message)
            })
        result.properties = Self.sortedStably(merged.properties, by: Inventory.precedes)
        result.generatedFilesLeftOut = merged.generatedFiles.sorted()
        return result
    }

    /// `records` in the order `precedes` gives them, records it does not order keeping their order. Records that are
    /// already in order (each file's records come in source order, and files mostly come in path order) are only
    /// checked; otherwise their positions are sorted, not the records (moving whole records was a sort's cost).
    static func sortedStably<Record>(_ records: [Record], by precedes: (Record, Record) -> Bool) -> [Record] {
        if records.indices.dropFirst().allSatisfy({ !precedes(records[$0], records[$0 - 1]) }) { return records }
        let order = records.indices.sorted { a, b in
            precedes(records[a], records[b]) || (!precedes(records[b], records[a]) && a < b)
        }
        return order.map { records[$0] }
    }

    /// The records the result keeps, after the rules across files: the records of generated files (unless
    /// `includeGenerated`) and the types `// docsheet:ignore` leaves out take part in the rules — the compiler sees
    /// them — but are not kept, and neither are a left-out generated file's diagnostics.
    private func applyRules(_ extractions: inout [FileExtraction], relatingTypes: Bool = true) -> (
        functions: [FunctionRecord], types: [TypeRecord], properties: [PropertyRecord],
        fileDiagnostics: [ExtractionDiagnostic], ruleDiagnostics: [ExtractionDiagnostic], generatedFiles: [String]
    ) {
        // The files' records are taken out of `extractions` (their facts stay) and joined by moving them.
        var functionParts: [[FunctionRecord]] = []
        var typeParts: [[TypeRecord]] = []
        var propertyParts: [[PropertyRecord]] = []
        var hiddenTypes: [TypeRecord] = []
        var hiddenProperties: [PropertyRecord] = []
        var fileDiagnostics: [ExtractionDiagnostic] = []
        var generatedFiles: [String] = []
        functionParts.reserveCapacity(extractions.count)
        typeParts.reserveCapacity(extractions.count)
        for index in extractions.indices {
            var functions: [FunctionRecord] = []
            var types: [TypeRecord] = []
            var properties: [PropertyRecord] = []
            swap(&functions, &extractions[index].functions)
            swap(&types, &extractions[index].types)
            swap(&properties, &extractions[index].properties)
            if extractions[index].isGenerated && !options.includeGenerated {
                if let file = extractions[index].facts?.file ?? functions.first?.file ?? types.first?.file {
                    generatedFiles.append(file)
                }
                hiddenTypes += types
                hiddenTypes += extractions[index].ignoredTypes
                hiddenProperties += properties
                continue
            }
            functionParts.append(functions)
            typeParts.append(types)
            propertyParts.append(properties)
            hiddenTypes += extractions[index].ignoredTypes
            fileDiagnostics += extractions[index].diagnostics
        }
        var functions = RecordMoves.joining(moving: &functionParts)
        var types = RecordMoves.joining(moving: &typeParts)
        var properties = RecordMoves.joining(moving: &propertyParts)
        var ruleDiagnostics: [ExtractionDiagnostic]
        if hiddenTypes.isEmpty && hiddenProperties.isEmpty {
            ruleDiagnostics = CrossFileRules.apply(
                functions: &functions, types: &types, properties: &properties, facts: extractions.compactMap(\.facts))
            if relatingTypes { TypeRelations.apply(types: &types, properties: &properties, functions: functions) }
        } else {
            let keptCount = types.count
            let keptProperties = properties.count
            var allTypes = types + hiddenTypes
            var allProperties = properties + hiddenProperties
            ruleDiagnostics = CrossFileRules.apply(
                functions: &functions, types: &allTypes, properties: &allProperties,
                facts: extractions.compactMap(\.facts))
            if relatingTypes { TypeRelations.apply(types: &allTypes, properties: &allProperties, functions: functions) }
            types = Array(allTypes.prefix(keptCount))
            properties = Array(allProperties.prefix(keptProperties))
            let hiddenPositions = Set(hiddenTypes.map { "\($0.file)\u{0}\($0.line)\u{0}\($0.column)" })
            ruleDiagnostics.removeAll { hiddenPositions.contains("\($0.file)\u{0}\($0.line)\u{0}\($0.column)") }
        }
        return (functions, types, properties, fileDiagnostics, ruleDiagnostics, generatedFiles)
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
