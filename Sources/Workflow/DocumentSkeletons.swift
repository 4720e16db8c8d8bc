import FileSupport
import Foundation
import Inventory
import SwiftExtraction

/// What `docsheet document` is asked to do.
public struct DocumentOptions: Sendable {
    /// The folders (or files) to scan; empty means the current folder.
    public var roots: [String] = []
    /// The lowest effective access that gets a skeleton (`nil`: `check.min_access`, else public), as the gate's scope.
    public var minAccess: AccessLevel?
    /// Whether the files are rewritten (`--write`); otherwise the change is only shown as a unified diff.
    public var write = false
    /// Whether documented declarations get the parameter, return and throws lines their doc lacks (`--complete`).
    public var completingDocs = false
    /// Discovery and parsing settings, as for `generate` and `check`.
    public var scan = ScanSettings()

    /// Creates options with the defaults: the current folder, the gate's scope, a dry run.
    public init() {}
}

/// What `docsheet document` did or would do.
public struct DocumentOutcome: Sendable {
    /// One file that gets skeletons.
    public struct FileChange: Sendable {
        /// The file as printed, relative to the current folder.
        public var path: String
        /// The lines inserted, per declaration.
        public var insertions: [DocSkeleton.Insertion]
        /// The change as a unified diff (`--- a/PATH`, `+++ b/PATH`, hunks with three lines of context).
        public var diff: String
    }

    /// The files that get skeletons, in path order.
    public var files: [FileChange]
    /// Declarations or files left alone, with the reason.
    public var notes: [String]
    /// Whether the files were rewritten.
    public var wrote: Bool

    /// One line for the end of the run: `3 skeletons in 2 files written` or `… would be written (dry run)`.
    public var summary: String {
        let count = files.reduce(0) { $0 + $1.insertions.count }
        let what = "\(count) doc-comment skeleton\(count == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s")"
        return "docsheet document: " + (wrote ? "\(what) written" : "\(what) would be written (dry run; --write writes them)")
    }
}

/// `docsheet document`: honest doc-comment skeletons above the undocumented declarations the gate checks
/// (Documentation/CLI.md#document).
public enum DocumentSkeletons {
    /// Finds the declarations in scope, works out their skeletons and writes them (`write`) or returns the diff.
    ///
    /// - Parameters:
    ///   - options: The roots, scope and mode.
    ///   - environment: The current folder and environment variables (default: this process's).
    /// - Returns: The files that get skeletons, with their diffs, and the declarations left alone.
    /// - Throws: `WorkflowError` for a bad configuration, a missing root, or a file that cannot be read or written.
    public static func run(_ options: DocumentOptions, environment: WorkflowEnvironment = .process) throws(WorkflowError) -> DocumentOutcome {
        let roots = options.roots.isEmpty ? ["."] : options.roots
        let configuration = try options.scan.configuration(from: environment.url(for: roots[0]), environment: environment)
        let minAccess = options.minAccess ?? configuration.check.minAccess ?? .public
        let extraction = options.scan.extraction(configuration)
        var changes: [DocumentOutcome.FileChange] = []
        var notes: [String] = []
        for root in roots {
            let rootURL = environment.url(for: root)
            var scan = SourceScan(roots: [root], discovery: options.scan.discovery(configuration, root: rootURL),
                                  extraction: extraction, useCache: options.scan.useCache)
            scan.requiresSwiftFiles = true
            let result = try scan.extract(try scan.discover(environment: environment))
            let inScope = result.functions.filter { record in
                record.effectiveAccess >= minAccess && Check.isGated(record)
                    && (record.doc == nil || (options.completingDocs && record.isDocumented))
            }
            let byFile = Dictionary(grouping: inScope, by: \.file)
            for file in byFile.keys.sorted() {
                let url = rootURL.appendingPathComponent(file)
                let path = SourceScan.displayPath(root: root, file: file)
                let text: String
                do {
                    text = try String(contentsOf: url, encoding: .utf8)
                } catch {
                    throw WorkflowError.invalidInput(path: path, reason: "it cannot be read as UTF-8 text (\(error.localizedDescription))")
                }
                let outcome = DocSkeleton.fill(source: text, path: path, records: byFile[file] ?? [], completingDocs: options.completingDocs)
                notes += outcome.notes
                guard !outcome.insertions.isEmpty else { continue }
                if options.write {
                    do {
                        try AtomicFile.write(Data(outcome.text.utf8), to: url)
                    } catch {
                        throw WorkflowError.outputFailed(path: path, reason: "\(error)")
                    }
                }
                changes.append(.init(path: path, insertions: outcome.insertions,
                                     diff: unifiedDiff(path: path, old: text, insertions: outcome.insertions)))
            }
        }
        return DocumentOutcome(files: changes, notes: notes, wrote: options.write)
    }

    /// The unified diff of inserting `insertions` into `old`: one hunk per group of insertions whose three lines of
    /// context touch, as `diff -u` and `git diff` print them.
    ///
    /// - Parameters:
    ///   - path: The file's path, after `a/` and `b/`.
    ///   - old: The file's text before.
    ///   - insertions: The insertions, in file order.
    /// - Returns: The diff, each line ending with `\n`.
    static func unifiedDiff(path: String, old: String, insertions: [DocSkeleton.Insertion]) -> String {
        var lines = old.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) }
        if lines.last == "" { lines.removeLast() }
        let context = 3
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        var index = 0
        var added = 0   // lines the earlier hunks added, for the new file's line numbers
        while index < insertions.count {
            // The insertions of one hunk: each within 2 × context lines of the one before.
            var last = index
            while last + 1 < insertions.count, insertions[last + 1].beforeLine - insertions[last].beforeLine <= 2 * context { last += 1 }
            let first = max(1, insertions[index].beforeLine - context)
            let end = min(lines.count, insertions[last].beforeLine - 1 + context)
            // Every insertion of the hunk goes before a line of the file (its declaration's), so first...end holds them.
            var body: [String] = []
            var hunkAdded = 0
            var next = index
            for line in first...end {
                while next <= last, insertions[next].beforeLine == line {
                    body += insertions[next].lines.map { "+" + $0 }
                    hunkAdded += insertions[next].lines.count
                    next += 1
                }
                body.append(" " + lines[line - 1])
            }
            let oldCount = max(0, end - first + 1)
            output += "@@ -\(first),\(oldCount) +\(first + added),\(oldCount + hunkAdded) @@\n"
            output += body.map { $0 + "\n" }.joined()
            added += hunkAdded
            index = last + 1
        }
        return output
    }
}
