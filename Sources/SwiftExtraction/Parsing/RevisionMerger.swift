import Inventory

/// Joins the files of many revisions of one project into each revision's function records, as
/// `SwiftExtractor.extract(sources:cache:progress:)` would give them, doing again only what changed (`docsheet
/// history`, Documentation/CLI.md#docsheet-history).
///
/// A revision's functions depend on each file's own extraction and on the context the rules across files read from
/// every file (`CrossFileRules.contextDigest(of:relativePath:)`: declared types, imports and aliases). When a revision
/// has the context of the revision before it, the functions of the files that did not change are those of the
/// revision before, and only the changed files' functions go through the rules, with the other files' types; otherwise
/// every file's functions do. The type relations (superclasses, property types) are not worked out: they change no
/// function record.
public final class RevisionMerger {
    /// One file of a revision.
    public struct File {
        /// Names this version of the file within the run: equal keys mean equal extractions (e.g. the blob id and path).
        public var key: String
        /// The file's path relative to the scanned root, as in its records.
        public var relativePath: String
        /// The file's own extraction (`SwiftExtractor.extractEach(sources:cache:progress:)`).
        public var extraction: FileExtraction

        /// Creates a file of a revision.
        ///
        /// - Parameters:
        ///   - key: Names this version of the file within the run.
        ///   - relativePath: The file's path relative to the scanned root.
        ///   - extraction: The file's own extraction.
        public init(key: String, relativePath: String, extraction: FileExtraction) {
            self.key = key
            self.relativePath = relativePath
            self.extraction = extraction
        }
    }

    /// Applies the rules across files.
    private let extractor: SwiftExtractor
    /// The context digest of each file version seen, by key.
    private var digests: [String: Int] = [:]
    /// The revision merged last: its files' context digests in order, and each file version's functions by key (every
    /// file of the revision, with or without functions).
    private var previous: (context: [Int], functions: [String: [FunctionRecord]])?

    /// Creates a merger whose rules follow `extractor`'s options.
    ///
    /// - Parameter extractor: The extractor that extracted the files.
    public init(extractor: SwiftExtractor) {
        self.extractor = extractor
    }

    /// The function records of a revision made of `files`, sorted as an inventory sorts them.
    ///
    /// - Parameter files: Every file of the revision, in path order.
    /// - Returns: What `SwiftExtractor.extract(sources:cache:progress:)` gives as the revision's functions.
    public func functions(of files: [File]) -> [FunctionRecord] {
        let context = files.map { file in
            if let known = digests[file.key] { return known }
            let digest = CrossFileRules.contextDigest(of: file.extraction, relativePath: file.relativePath)
            digests[file.key] = digest
            return digest
        }
        var reused: [String: [FunctionRecord]] = [:]
        if let previous, previous.context == context {
            for file in files { reused[file.key] = previous.functions[file.key] }
        }
        // The changed files in full; the others only as context (their types and facts).
        var extractions = files.map { file in
            var extraction = file.extraction
            if reused[file.key] != nil {
                extraction.functions = []
                extraction.properties = []
            }
            return extraction
        }
        let merged = extractor.merge(&extractions, relatingTypes: false).functions
        let keyOfPath = Dictionary(files.map { ($0.relativePath, $0.key) }) { first, _ in first }
        // Every file has an entry, so that a file without functions is known as unchanged next time.
        var byKey = reused
        for file in files where byKey[file.key] == nil { byKey[file.key] = [] }
        for record in merged {
            byKey[keyOfPath[record.file, default: ""], default: []].append(record)
        }
        previous = (context, byKey)
        let all = files.flatMap { byKey[$0.key] ?? [] }
        return SwiftExtractor.sortedStably(all, by: Inventory.precedes)
    }
}
