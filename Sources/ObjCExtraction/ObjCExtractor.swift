import FileSupport
import Foundation
import Inventory
import Parallelism

/// One Objective-C file to read: where it is and which module it belongs to.
public struct ObjCSourceFile: Sendable, Hashable {
    /// The file's absolute path.
    public var path: String
    /// The path relative to the scanned root, with `/` separators (what records and messages name).
    public var relativePath: String
    /// The first module that compiles the file (or its folder's module).
    public var module: String
    /// Every module that compiles the file, `module` first; empty means `[module]`.
    public var targets: [String]
    /// What `module`'s target builds, or `nil` when unknown.
    public var moduleKind: TargetKind?

    /// Creates a file description.
    ///
    /// - Parameters:
    ///   - path: The file's absolute path.
    ///   - relativePath: The path relative to the scanned root.
    ///   - module: The first module that compiles the file.
    ///   - targets: Every module that compiles the file, `module` first.
    ///   - moduleKind: What `module`'s target builds, or `nil`.
    public init(path: String, relativePath: String, module: String, targets: [String] = [], moduleKind: TargetKind? = nil) {
        self.path = path
        self.relativePath = relativePath
        self.module = module
        self.targets = targets
        self.moduleKind = moduleKind
    }

    /// True for a header (`.h`): its declarations are public.
    public var isHeader: Bool { relativePath.hasSuffix(".h") }

    /// True when `relativePath` names an Objective-C file DocSheet reads: `.h`, `.m` or `.mm`.
    ///
    /// - Parameter relativePath: A file's path.
    /// - Returns: True for `.h`, `.m` and `.mm`.
    public static func isObjectiveC(_ relativePath: String) -> Bool {
        relativePath.hasSuffix(".h") || relativePath.hasSuffix(".m") || relativePath.hasSuffix(".mm")
    }
}

/// The Objective-C records of a set of files, and the files that could not be read.
public struct ObjCExtraction: Sendable {
    /// Methods and C functions, one per method (header declaration and implementation merged), in file order.
    public var functions: [FunctionRecord] = []
    /// `@property` declarations, one per property and class.
    public var properties: [PropertyRecord] = []
    /// Classes (`@interface`) and protocols (`@protocol`).
    public var types: [TypeRecord] = []
    /// One warning per file left out (it names the file and clang's first error), or one for a missing clang.
    public var warnings: [ObjCExtractionError] = []
    /// How many times clang read a file: once per file, or once per platform for a file whose `#if`s depend on the
    /// platform (a file whose records came from the cache needs none).
    public var clangRuns = 0
    /// How many clang processes were started (one reads a batch of files).
    public var clangProcesses = 0
    /// How many files' records came from the cache, and how many did not (both 0 without a cache).
    public var cacheLookups: (hits: Int, misses: Int) = (0, 0)

    /// Creates an empty extraction.
    public init() {}
}

/// Reads Objective-C files through clang (`-ast-dump=json`; one `clang -cc1` process reads a batch of files) into
/// DocSheet's records (Documentation/ObjectiveC.md).
public enum ObjCExtractor {
    /// The records of `files`, header declarations and implementations merged.
    ///
    /// - Parameters:
    ///   - files: The `.h`, `.m` and `.mm` files to read (with their modules).
    ///   - clang: The clang program, or `nil` to look for it (``ClangSession/locateClang(environment:)``).
    ///   - jobs: The most clang processes at once; `nil` is one per core.
    ///   - cache: Where records of unchanged files are kept between runs (``ObjCRecordCache``), or `nil` to read
    ///     every file through clang.
    /// - Returns: The records, and a warning per file clang could not read (or one when clang is missing).
    public static func extract(files: [ObjCSourceFile], clang: String? = nil, jobs: Int? = nil,
                               cache: ObjCRecordCache? = nil) -> ObjCExtraction {
        extract(files: files, clang: clang, jobs: jobs, cache: cache, batchOutputFilter: nil)
    }

    /// ``extract(files:clang:jobs:cache:)`` with a test's change to each batch's output before it is split
    /// (``ClangSession/batchOutputFilter``).
    static func extract(files: [ObjCSourceFile], clang: String?, jobs: Int?, cache: ObjCRecordCache?,
                        batchOutputFilter: (@Sendable (ProcessResult) -> ProcessResult)?) -> ObjCExtraction {
        var extraction = ObjCExtraction()
        guard !files.isEmpty else { return extraction }
        guard let program = clang ?? ClangSession.locateClang() else {
            extraction.warnings = [.clangNotFound(searched: "DOCSHEET_CLANG and PATH")]
            return extraction
        }
        let session: ClangSession
        do {
            session = try ClangSession(clang: program, projectHeaders: files.filter(\.isHeader).map(\.path),
                                       batchOutputFilter: batchOutputFilter)
        } catch {
            extraction.warnings = [error]
            return extraction
        }
        defer { session.close() }
        let workers = max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        // First what needs no clang (the cache, the platform scan), then clang for the rest, in batches of files
        // that share clang's arguments, then each file's runs merged (and stored in the cache).
        let plans = parallelMap(files, jobs: jobs) { file in plan(for: file, session: session, cache: cache) }
        var requests: [ClangSession.Request] = []
        var readingOfRequest: [FileReading] = []
        var firstRequest: [Int] = []
        for plan in plans {
            firstRequest.append(requests.count)
            guard case .read(let reading) = plan else { continue }
            for platform in reading.platforms {
                requests.append(ClangSession.Request(path: reading.file.path, displayPath: reading.file.relativePath,
                                                     source: reading.source.bytes, platform: platform))
                readingOfRequest.append(reading)
            }
        }
        let readings = readingOfRequest
        let runs = session.readAll(requests, jobs: workers) { index, output -> Result<FileDeclarations, ObjCExtractionError> in
            let reading = readings[index]
            do throws(ObjCExtractionError) {
                return .success(try declarations(of: reading.file, source: reading.source, output: output.get()))
            } catch {
                return .failure(error)
            }
        }
        let results = plans.enumerated().map { fileIndex, plan -> Result<FileDeclarations, ObjCExtractionError> in
            switch plan {
            case .done(let result):
                return result
            case .read(let reading):
                let own = Array(runs[firstRequest[fileIndex]..<(firstRequest[fileIndex] + reading.platforms.count)])
                let result = reading.merged(own)
                // A file clang fails on the same way every time is kept too, as its warning, so that a warm run
                // starts no clang for it.
                if let cache, let key = reading.cacheKey {
                    switch result {
                    case .success(let declarations): cache.store(declarations, forKey: key)
                    case .failure(let error) where error.isCachedWithTheFile:
                        cache.store(FileDeclarations(warnings: [error]), forKey: key)
                    case .failure: break
                    }
                }
                return result
            }
        }
        var collected: [FileDeclarations] = []
        for result in results {
            switch result {
            case .success(let declarations):
                collected.append(declarations)
                extraction.warnings += declarations.warnings
            case .failure(let error): extraction.warnings.append(error)
            }
        }
        extraction = merged(collected, warnings: extraction.warnings)
        extraction.clangRuns = session.clangRuns
        extraction.clangProcesses = session.clangProcesses
        if let cache {
            extraction.cacheLookups = cache.lookups
            cache.prune()
        }
        return extraction
    }

    /// Changes whenever the records DocSheet makes of the same text change (part of every cache key).
    static let cacheRevision = 2

    /// The records' binary layout (``RecordSchema``), part of every cache key: a field added to a record makes the
    /// entries written before it misses.
    static let recordLayout = [FunctionRecord.schema.layoutDescription, PropertyRecord.schema.layoutDescription,
                               TypeRecord.schema.layoutDescription].joined(separator: "|")

    /// What to do for one file: its records are known (from the cache, or it cannot be read), or clang must read it
    /// (once, or once per platform).
    enum FilePlan: Sendable {
        case done(Result<FileDeclarations, ObjCExtractionError>)
        case read(FileReading)
    }

    /// A file clang must read, and how its runs become its records.
    struct FileReading: Sendable {
        /// The file.
        var file: ObjCSourceFile
        /// Its text.
        var source: ObjCSourceText
        /// Where its records go in the cache, or `nil` without a cache.
        var cacheKey: String?
        /// The platforms to read it with: `[nil]` (the stub's values) for a file whose `#if`s do not depend on the
        /// platform, else every platform (Documentation/ObjectiveC.md).
        var platforms: [ApplePlatform?]
        /// Its conditionals, and the macros that depend on the platform, for merging the platforms' runs.
        var scan: ConditionalScan
        var platformMacros: Set<String>

        /// The file's records from its runs (in `platforms` order): the one run's, or the platforms' merged (a
        /// platform whose run failed is left out; the first failure when all failed).
        func merged(_ runs: [Result<FileDeclarations, ObjCExtractionError>]) -> Result<FileDeclarations, ObjCExtractionError> {
            guard platforms != [nil] else { return runs[0] }
            var succeeded: [FileDeclarations] = []
            var readPlatforms: [ApplePlatform] = []
            var failure: ObjCExtractionError?
            for (platform, run) in zip(platforms, runs) {
                switch run {
                case .success(let declarations):
                    succeeded.append(declarations)
                    if let platform { readPlatforms.append(platform) }
                case .failure(let error):
                    failure = failure ?? error
                }
            }
            if succeeded.isEmpty, let failure { return .failure(failure) }
            var merged = PlatformMerge.merge(succeeded, scan: scan, platforms: readPlatforms, platformMacros: platformMacros)
            // A platform's crash (its declarations before the crash are in) is said once.
            for warning in succeeded.flatMap(\.warnings) where !merged.warnings.contains(warning) {
                merged.warnings.append(warning)
            }
            return .success(merged)
        }
    }

    /// The plan for one file: its cached records when `cache` has its key, else what clang must read.
    static func plan(for file: ObjCSourceFile, session: ClangSession, cache: ObjCRecordCache?) -> FilePlan {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return .done(.failure(.unreadableFile(file: file.relativePath, reason: "no such file or not readable")))
        }
        let bytes = [UInt8](data)
        var key: String?
        if let cache {
            key = cacheKey(of: file, bytes: bytes, session: session)
            if let cached = cache.declarations(forKey: key!) { return .done(.success(cached)) }
        }
        let source = ObjCSourceText(bytes: bytes)
        // A file whose own `#if`s depend on the platform is read once per platform (Documentation/ObjectiveC.md).
        let scan = ConditionalScan(source: source)
        var platforms: [ApplePlatform?] = [nil]
        var macros: Set<String> = []
        if scan.directives.contains(where: { $0.keyword.hasPrefix("if") || $0.keyword.hasPrefix("elif") }) {
            let defines = session.prepareIncludes(of: file.path, source: bytes).defines + scan.defines
            macros = ConditionalScan.platformMacros(defines: defines)
            if scan.dependsOnPlatform(macros: macros) { platforms = ApplePlatform.allCases }
        }
        return .read(FileReading(file: file, source: source, cacheKey: key, platforms: platforms, scan: scan,
                                 platformMacros: macros))
    }

    /// The cache key of `file`: everything its records depend on (its text, place and module, the project headers
    /// it reaches and their texts, the clang program, DocSheet's version).
    static func cacheKey(of file: ObjCSourceFile, bytes: [UInt8], session: ClangSession) -> String {
        var hasher = ObjCContentHasher()
        hasher.add("docsheet-objc\u{0}\(DocSheetVersion.current)\u{0}\(cacheRevision)\u{0}\(session.clang)")
        hasher.add(recordLayout)
        hasher.add(file.path)
        hasher.add(file.relativePath)
        hasher.add(file.module)
        hasher.add(file.targets.joined(separator: ","))
        hasher.add(file.moduleKind.map { "\($0)" } ?? "")
        hasher.add(bytes)
        for header in session.prepareIncludes(of: file.path, source: bytes).keyBytesByPath { hasher.add(header) }
        return hasher.hexDigest
    }

    /// The declarations of one file from one clang output (one platform's run).
    static func declarations(of file: ObjCSourceFile, source: ObjCSourceText,
                             output: ClangSession.Output) throws(ObjCExtractionError) -> FileDeclarations {
        let bytes = source.bytes
        let nodes: [ASTNode]
        do {
            nodes = try ClangASTReader.topLevelNodes(of: output.json, mainFile: file.path,
                                                     endMayBeCut: output.crashSignal != nil)
        } catch {
            throw .unreadableAST(file: file.relativePath, reason: "\(error)")
        }
        var collector = DeclarationCollector(file: file, source: source)
        collector.collect(nodes)
        // A crash: the declarations printed before it are kept, with the warning (or only the warning).
        if let signal = output.crashSignal {
            let root = file.path.hasSuffix(file.relativePath) ? String(file.path.dropLast(file.relativePath.count)) : ""
            let crash = ObjCExtractionError.clangCrashed(
                file: file.relativePath, signal: signal,
                firstError: output.firstError.map { root.isEmpty ? $0 : $0.replacingOccurrences(of: root, with: "") })
            if collector.result.isEmpty { throw crash }
            var result = collector.result
            result.warnings.append(crash)
            return result
        }
        // Nothing of the file in the tree and an error in the file itself: clang could not read it at all (a file
        // whose code is all in an inactive `#if`, or whose only errors are in a header, is no such file).
        if collector.result.isEmpty, let firstError = output.firstErrorInFile, !bytes.isEmpty,
           !collector.sawAnyMainFileNode {
            throw .unparsable(file: file.relativePath, firstError: firstError.replacingOccurrences(of: file.path, with: file.relativePath))
        }
        return collector.result
    }

    /// One file's records before merging, with what merging needs.
    struct FileDeclarations: Sendable {
        var functions: [Entry<FunctionRecord>] = []
        var properties: [Entry<PropertyRecord>] = []
        var types: [Entry<TypeRecord>] = []
        /// The protocols each class adopts in this file when it is a header (`@interface C : S <P>`, a category
        /// `@interface C (Name) <P>`), for ``effectiveAccess`` of what a `.m` implements.
        var adoptions: [Adoption] = []
        /// What went wrong reading the file, kept with its records (in the cache too): a crash of clang after some
        /// of them, or a failure with none (``ObjCExtractionError/isCachedWithTheFile``).
        var warnings: [ObjCExtractionError] = []

        var isEmpty: Bool { functions.isEmpty && properties.isEmpty && types.isEmpty }
    }

    /// A class and the protocols it adopts in a header, or a protocol and the protocols it inherits.
    struct Adoption: Sendable, Equatable {
        /// The class or protocol.
        var name: String
        /// The protocols.
        var protocols: [String]
    }

    /// A record and the key that finds its other declarations (`Class|-|selector`).
    struct Entry<Record: Sendable>: Sendable {
        var key: String
        var record: Record
        /// True when the file is a header.
        var fromHeader: Bool
    }

    /// One record per key: the header's declaration when there is one (its doc, or the implementation's when it has
    /// none; the implementation's line count), sorted by file and position.
    static func merged(_ files: [FileDeclarations], warnings: [ObjCExtractionError]) -> ObjCExtraction {
        var extraction = ObjCExtraction()
        extraction.warnings = warnings
        extraction.functions = mergeEntries(files.flatMap(\.functions)) { kept, other in
            if kept.doc == nil { kept.doc = other.doc }
            // The implementation's span (its body) is the longer one.
            if let lines = other.lines { kept.lines = max(lines, kept.lines ?? 0) }
        }.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        extraction.properties = mergeEntries(files.flatMap(\.properties)) { kept, other in
            if kept.doc == nil { kept.doc = other.doc }
        }.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        extraction.types = mergeEntries(files.flatMap(\.types)) { kept, other in
            if kept.doc == nil { kept.doc = other.doc }
        }.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        publishProtocolImplementations(in: &extraction, adoptions: files.flatMap(\.adoptions))
        return extraction
    }

    /// Sets `effectiveAccess` to `public` for a method or property declared only in a `.m`/`.mm` that implements a
    /// requirement of a protocol its class adopts in a header (or a protocol that one inherits): callers reach it
    /// through the protocol. Only protocols with records (the project's own) are known.
    static func publishProtocolImplementations(in extraction: inout ObjCExtraction, adoptions: [Adoption]) {
        var adopted: [String: Set<String>] = [:]
        for adoption in adoptions { adopted[adoption.name, default: []].formUnion(adoption.protocols) }
        var requirements: Set<String> = []
        for function in extraction.functions where function.enclosingKind == .protocol {
            requirements.insert("\(function.enclosingType ?? "")|\(function.kind == .typeMethod ? "+" : "-")\(function.name)")
        }
        for property in extraction.properties where property.enclosingKind == .protocol {
            requirements.insert("\(property.enclosingType ?? "")|.\(property.name)")
        }
        guard !requirements.isEmpty, !adopted.isEmpty else { return }
        /// The protocols `name` adopts in headers, with the protocols those inherit.
        func protocols(of name: String) -> Set<String> {
            var found: Set<String> = []
            var pending = Array(adopted[name] ?? [])
            while let next = pending.popLast() {
                guard found.insert(next).inserted else { continue }
                pending += adopted[next] ?? []
            }
            return found
        }
        var byClass: [String: Set<String>] = [:]
        func implementsRequirement(_ type: String?, _ member: String) -> Bool {
            guard let type else { return false }
            if byClass[type] == nil { byClass[type] = protocols(of: type) }
            return byClass[type]!.contains { requirements.contains("\($0)|\(member)") }
        }
        for index in extraction.functions.indices {
            let function = extraction.functions[index]
            guard function.effectiveAccess == .private, function.enclosingKind == .class,
                  implementsRequirement(function.enclosingType, "\(function.kind == .typeMethod ? "+" : "-")\(function.name)")
            else { continue }
            extraction.functions[index].effectiveAccess = .public
        }
        for index in extraction.properties.indices {
            let property = extraction.properties[index]
            guard property.effectiveAccess == .private, property.enclosingKind == .class,
                  implementsRequirement(property.enclosingType, ".\(property.name)") else { continue }
            extraction.properties[index].effectiveAccess = .public
        }
    }

    /// The entries merged by key: the first header entry is kept (else the first), `combine` adds the others.
    static func mergeEntries<Record>(_ entries: [Entry<Record>], combine: (inout Record, Record) -> Void) -> [Record] {
        var order: [String] = []
        var groups: [String: [Entry<Record>]] = [:]
        for entry in entries {
            if groups[entry.key] == nil { order.append(entry.key) }
            groups[entry.key, default: []].append(entry)
        }
        return order.map { key in
            let group = groups[key]!
            let keptIndex = group.firstIndex { $0.fromHeader } ?? 0
            var kept = group[keptIndex].record
            for (index, entry) in group.enumerated() where index != keptIndex { combine(&kept, entry.record) }
            return kept
        }
    }
}
