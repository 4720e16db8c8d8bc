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

    /// Creates an empty extraction.
    public init() {}
}

/// Reads Objective-C files through clang (`clang -fsyntax-only -Xclang -ast-dump=json`, one process per file) into
/// DocSheet's records (Documentation/ObjectiveC.md).
public enum ObjCExtractor {
    /// The records of `files`, header declarations and implementations merged.
    ///
    /// - Parameters:
    ///   - files: The `.h`, `.m` and `.mm` files to read (with their modules).
    ///   - clang: The clang program, or `nil` to look for it (``ClangSession/locateClang(environment:)``).
    ///   - jobs: The most clang processes at once; `nil` is one per core.
    /// - Returns: The records, and a warning per file clang could not read (or one when clang is missing).
    public static func extract(files: [ObjCSourceFile], clang: String? = nil, jobs: Int? = nil) -> ObjCExtraction {
        var extraction = ObjCExtraction()
        guard !files.isEmpty else { return extraction }
        guard let program = clang ?? ClangSession.locateClang() else {
            extraction.warnings = [.clangNotFound(searched: "DOCSHEET_CLANG and PATH")]
            return extraction
        }
        let session: ClangSession
        do {
            session = try ClangSession(clang: program, projectHeaders: files.filter(\.isHeader).map(\.path))
        } catch {
            extraction.warnings = [error]
            return extraction
        }
        defer { session.close() }
        let results = parallelMap(files, jobs: jobs) { file -> Result<FileDeclarations, ObjCExtractionError> in
            do throws(ObjCExtractionError) {
                return .success(try declarations(of: file, session: session))
            } catch {
                return .failure(error)
            }
        }
        var collected: [FileDeclarations] = []
        for result in results {
            switch result {
            case .success(let declarations): collected.append(declarations)
            case .failure(let error): extraction.warnings.append(error)
            }
        }
        return merged(collected, warnings: extraction.warnings)
    }

    /// The declarations of one file, read through `session`.
    static func declarations(of file: ObjCSourceFile, session: ClangSession) throws(ObjCExtractionError) -> FileDeclarations {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .unreadableFile(file: file.relativePath, reason: "no such file or not readable")
        }
        let bytes = [UInt8](data)
        let output = try session.dumpAST(path: file.path, displayPath: file.relativePath, source: bytes)
        let nodes: [ASTNode]
        do {
            nodes = try ClangASTReader.topLevelNodes(of: output.json)
        } catch {
            throw .unreadableAST(file: file.relativePath, reason: "\(error)")
        }
        var collector = DeclarationCollector(file: file, source: ObjCSourceText(bytes: bytes))
        collector.collect(nodes)
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

        var isEmpty: Bool { functions.isEmpty && properties.isEmpty && types.isEmpty }
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
        return extraction
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
