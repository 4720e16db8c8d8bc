import FileSupport
import Foundation

/// The output of one `clang -cc1` process that read several files (``ClangSession/readBatch(_:set:)``), split into
/// each file's part. The inputs are the files with the boundary file after each: clang prints one JSON dump per
/// input on standard output (each a top-level `{…}`, the next one's `{` right after the previous `}`), and on
/// standard error the boundary file's `#error` line after each file's diagnostics.
struct BatchOutput: Sendable {
    /// The boundary file's name in the session's folder.
    static let boundaryName = "batch-boundary.m"
    /// The boundary file's `#error` message.
    static let boundaryMessage = "docsheet-batch-boundary"

    /// One file's part.
    struct Part: Sendable {
        /// Its JSON dump.
        var json: Data
        /// Its diagnostics (clang's lines, each ending in a newline).
        var errors: String
    }

    /// The parts of the first files, in input order: those whose boundary clang reached. A fatal error (a missing
    /// header) silences clang's later diagnostics, boundaries included, so the files after it are not among them.
    var completed: [Part]
    /// The diagnostics after the last boundary printed: the file clang stopped at, when not all are completed.
    var remainingErrors: String

    /// The parts of `result`, clang's output for `paths` each followed by `boundary`; `nil` when it does not split
    /// that way (the dumps are not one per input). When clang crashed, the files whose boundary it reached are
    /// completed and the rest are not (the file it crashed on is the first of them, unless a fatal error silenced
    /// the boundaries before it).
    static func split(_ result: ProcessResult, paths: [String], boundary: String) -> BatchOutput? {
        let crashed = ClangSession.crashSignal(of: result) != nil
        guard let dumps = dumps(in: result.standardOutput, endMayBeCut: crashed),
              crashed || dumps.count == 2 * paths.count else { return nil }
        let marker = boundary + ":1:2: error: " + boundaryMessage
        var chunks: [String] = []
        var current = ""
        var afterMarker = false
        for line in result.errorText.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == marker {
                chunks.append(current)
                current = ""
                afterMarker = true
                continue
            }
            // The marker's source lines (`    1 | #error …`, `      |  ^`) belong to no file.
            if afterMarker, line.hasPrefix(" ") { continue }
            afterMarker = false
            current += line + "\n"
        }
        guard chunks.count <= paths.count, dumps.count >= 2 * chunks.count else { return nil }
        let completed = chunks.enumerated().map { Part(json: dumps[2 * $0.offset], errors: $0.element) }
        return BatchOutput(completed: completed, remainingErrors: current)
    }

    /// The JSON dumps of `output`, one after the other: each starts with a translation unit (`{` then its `id` and
    /// `"kind": "TranslationUnitDecl"`), and the next starts where a line `}` is followed by `{`; `nil` when the
    /// text is not laid out that way. With `endMayBeCut` (clang crashed while printing), a last dump too short to
    /// show its start is left out.
    static func dumps(in output: Data, endMayBeCut: Bool = false) -> [Data]? {
        let output = output.startIndex == 0 ? output : Data(output)
        return output.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [Data]? in
            let separator = Array("\n}{".utf8)
            let unitKind = Array("\"kind\": \"TranslationUnitDecl\"".utf8)
            var starts: [Int] = [0]
            var cursor = 0
            while let found = TopLevelEntries.search(separator, in: bytes, from: cursor, to: bytes.count) {
                starts.append(found + 2)
                cursor = found + 2
            }
            var result: [Data] = []
            for (index, start) in starts.enumerated() {
                let end = index + 1 < starts.count ? starts[index + 1] : bytes.count
                guard end - start > 2, bytes[start] == UInt8(ascii: "{"),
                      TopLevelEntries.search(unitKind, in: bytes, from: start, to: min(end, start + 160)) != nil
                else {
                    if endMayBeCut, index == starts.count - 1 { break }
                    return nil
                }
                result.append(output.subdata(in: start..<end))
            }
            return result
        }
    }

    /// `part` with the names clang gave its main file, other than `path`, replaced by `path`. One clang process keeps
    /// the first name it saw for a file: a header an earlier file of the batch reached through a stand-in link
    /// (`missing/Pod/Header.h`) or a relative include (`Private/../Core/Header.h`) keeps that name when it is read
    /// itself, where a process of its own names it by `path`. Only needed when `path` is nowhere in the JSON.
    ///
    /// - Parameters:
    ///   - part: One file's part of a batch.
    ///   - path: The file's path, as given to clang.
    ///   - realPath: The real path (symbolic links and `..` resolved) of a name, `nil` when it has none.
    /// - Returns: The part, every location and diagnostic naming the file by `path`.
    static func namingMainFile(_ part: Part, path: String, realPath: (String) -> String?) -> Part {
        let key = Array("\"file\": \"".utf8)
        let named = key + TopLevelEntries.escaped(path) + [UInt8(ascii: "\"")]
        let json = part.json.startIndex == 0 ? part.json : Data(part.json)
        var names: Set<[UInt8]> = []
        let found = json.withUnsafeBytes { bytes -> Bool in
            if TopLevelEntries.search(named, in: bytes, from: 0, to: bytes.count) != nil { return true }
            var cursor = 0
            while let at = TopLevelEntries.search(key, in: bytes, from: cursor, to: bytes.count) {
                var end = at + key.count
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") || bytes[end - 1] == UInt8(ascii: "\\") { end += 1 }
                names.insert([UInt8](bytes[(at + key.count)..<end]))
                cursor = end
            }
            return false
        }
        guard !found, let mainReal = realPath(path) else { return part }
        let aliases = names.filter { realPath(TopLevelEntries.unescaped($0)) == mainReal }
        guard !aliases.isEmpty else { return part }
        var result = part
        var bytes = [UInt8](json)
        for alias in aliases { bytes = replacing(key + alias + [UInt8(ascii: "\"")], with: named, in: bytes) }
        result.json = Data(bytes)
        var errors = ""
        for line in part.errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            var text = String(line)
            for alias in aliases {
                let name = TopLevelEntries.unescaped(alias) + ":"
                if text.hasPrefix(name) { text = path + ":" + text.dropFirst(name.count) }
                let included = "In file included from " + name
                if text.hasPrefix(included) { text = "In file included from " + path + ":" + text.dropFirst(included.count) }
            }
            errors += text + "\n"
        }
        result.errors = errors
        return result
    }

    /// `bytes` with every `needle` replaced by `replacement`.
    static func replacing(_ needle: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var cursor = 0
        bytes.withUnsafeBytes { buffer in
            while let at = TopLevelEntries.search(needle, in: buffer, from: cursor, to: buffer.count) {
                result += bytes[cursor..<at]
                result += replacement
                cursor = at + needle.count
            }
        }
        result += bytes[cursor...]
        return result
    }
}
