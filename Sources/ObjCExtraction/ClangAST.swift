import Foundation

/// A position in clang's JSON AST: the file (clang prints it only when it changes, so it is carried over from the
/// nodes printed before) and the byte offset.
struct ASTPosition: Equatable {
    /// The file as clang names it.
    var file: String?
    /// The byte offset in the file.
    var offset: Int
    /// The length of the token at the position, in bytes.
    var tokenLength: Int
}

/// One node of clang's JSON AST with its positions resolved: clang's JSON names a location's file only when it
/// differs from the location printed before it, so the positions are worked out in printing order (a node's `loc`,
/// its range's begin and end, then its children).
final class ASTNode {
    /// The node's `kind`, e.g. `ObjCMethodDecl`.
    let kind: String
    /// The node's JSON object.
    let object: [String: Any]
    /// The node's location (for a declaration, its name; for a method, the `-` or `+`), or `nil`.
    var location: ASTPosition?
    /// The start of the node's source range, or `nil`.
    var begin: ASTPosition?
    /// The last token of the node's source range, or `nil`.
    var end: ASTPosition?
    /// The nodes in `inner`, in order.
    var children: [ASTNode] = []

    init(kind: String, object: [String: Any]) {
        self.kind = kind
        self.object = object
    }

    /// The string value of `key`.
    func string(_ key: String) -> String? { object[key] as? String }

    /// True for a declaration the compiler made up (an accessor of a property, `self`, `_cmd`).
    var isImplicit: Bool { object["isImplicit"] as? Bool ?? false }

    /// The `name` of the object under `key` (`super`, `interface`).
    func referencedName(_ key: String) -> String? { (object[key] as? [String: Any])?["name"] as? String }

    /// The names in the array under `key` (`protocols`).
    func referencedNames(_ key: String) -> [String] {
        (object[key] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
}

/// Reads clang's `-ast-dump=json` output into ``ASTNode``s.
struct ClangASTReader {
    /// The file of the location printed last.
    private var currentFile: String?

    /// A reader whose positions continue from `currentFile`.
    init(currentFile: String? = nil) { self.currentFile = currentFile }

    /// The translation unit's top-level nodes.
    ///
    /// - Parameter json: The JSON text.
    /// - Returns: The top-level nodes, positions resolved.
    /// - Throws: The JSON error, or `ASTReadError` when the text is not a translation unit.
    static func topLevelNodes(of json: Data) throws -> [ASTNode] {
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw ASTReadError(reason: "the output is not a JSON object")
        }
        var reader = ClangASTReader()
        return reader.read(root).children
    }

    /// The top-level nodes that can hold declarations of `mainFile`, decoding only those: clang's JSON is printed
    /// with two spaces per level, so each top-level entry is the text between a line `    {` and a line `    }`.
    /// An entry is decoded only when the location before it is in `mainFile` or it names `mainFile`; the others
    /// (the included headers, most of the text) are only searched for their last `"file"`, which is where the next
    /// entry's positions continue from. Text not laid out that way is decoded whole, as ``topLevelNodes(of:)``.
    ///
    /// With `endMayBeCut` (clang crashed while printing), the entries printed whole are decoded and the rest is
    /// left out; text not laid out as clang prints it then gives no nodes.
    ///
    /// - Parameters:
    ///   - json: The JSON text of `-ast-dump=json`.
    ///   - mainFile: The path of the file clang was given, as clang names it.
    ///   - endMayBeCut: True when clang stopped printing before the end (a crash).
    /// - Returns: The top-level nodes of the entries decoded, positions resolved.
    /// - Throws: The JSON error, or `ASTReadError` when the text is not a translation unit.
    static func topLevelNodes(of json: Data, mainFile: String, endMayBeCut: Bool = false) throws -> [ASTNode] {
        let json = json.startIndex == 0 ? json : Data(json)
        let entries = TopLevelEntries.find(in: json, mainFile: mainFile, endMayBeCut: endMayBeCut)
        guard let entries else { return endMayBeCut ? [] : try topLevelNodes(of: json) }
        var nodes: [ASTNode] = []
        for entry in entries {
            guard let object = try JSONSerialization.jsonObject(with: json.subdata(in: entry.range)) as? [String: Any]
            else { throw ASTReadError(reason: "a top-level entry is not a JSON object") }
            var reader = ClangASTReader(currentFile: entry.fileBefore)
            nodes.append(reader.read(object))
        }
        return nodes
    }

    /// Resolves one node and its children, in printing order.
    private mutating func read(_ object: [String: Any]) -> ASTNode {
        let node = ASTNode(kind: object["kind"] as? String ?? "", object: object)
        node.location = position(object["loc"])
        if let range = object["range"] as? [String: Any] {
            node.begin = position(range["begin"])
            node.end = position(range["end"])
        }
        if let inner = object["inner"] as? [[String: Any]] {
            node.children.reserveCapacity(inner.count)
            for child in inner { node.children.append(read(child)) }
        }
        return node
    }

    /// The position of a location object, updating the current file; a macro location is its expansion.
    private mutating func position(_ value: Any?) -> ASTPosition? {
        guard let location = value as? [String: Any] else { return nil }
        if location["spellingLoc"] != nil || location["expansionLoc"] != nil {
            _ = position(location["spellingLoc"])
            return position(location["expansionLoc"])
        }
        if let file = location["file"] as? String { currentFile = file }
        guard let offset = location["offset"] as? Int else { return nil }
        return ASTPosition(file: currentFile, offset: offset, tokenLength: location["tokLen"] as? Int ?? 0)
    }
}

/// The top-level entries of clang's JSON that may hold the main file's declarations, found by their layout
/// (``ClangASTReader/topLevelNodes(of:mainFile:)``). The text is searched with `memchr` for a byte of what is looked
/// for, then compared (each byte is looked at by C's `memchr`, not by a Swift loop: fast in a debug build too).
enum TopLevelEntries {
    /// One entry to decode: its bytes and the file of the location printed before it.
    struct Entry {
        /// The entry's bytes, `{` to `}`.
        var range: Range<Int>
        /// The file the entry's first position continues from, or `nil` when none was printed yet.
        var fileBefore: String?
    }

    /// The entries to decode, or `nil` when the text is not laid out as clang prints it; with `endMayBeCut`, the
    /// entries before the first one that does not end.
    static func find(in json: Data, mainFile: String, endMayBeCut: Bool = false) -> [Entry]? {
        json.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [Entry]? in
            find(in: bytes, mainFile: mainFile, endMayBeCut: endMayBeCut)
        }
    }

    /// The entries to decode, or `nil` when the text is not laid out as clang prints it; with `endMayBeCut`, the
    /// entries before the first one that does not end.
    static func find(in bytes: UnsafeRawBufferPointer, mainFile: String, endMayBeCut: Bool = false) -> [Entry]? {
        let count = bytes.count
        guard count > 2, bytes[0] == UInt8(ascii: "{"),
              var cursor = search(Array("\n  \"inner\": [".utf8), in: bytes, from: 0, to: count) else { return nil }
        let mainBytes = escaped(mainFile)
        var currentFile: [UInt8]? = nil
        var entries: [Entry] = []
        let open = Array("\n    {".utf8), close = Array("\n    }".utf8)
        while let opening = search(open, in: bytes, from: cursor, to: count) {
            guard let closing = search(close, in: bytes, from: opening + open.count, to: count) else {
                return endMayBeCut ? entries : nil
            }
            let start = opening + 5, end = closing + close.count
            // The entries' closing lines are `    },` or `    }`; anything else is not clang's layout.
            guard end == count || bytes[end] == UInt8(ascii: ",") || bytes[end] == 0x0A else { return nil }
            let files = fileMentions(in: bytes, from: start, to: end, mainFile: mainBytes)
            if currentFile == mainBytes || files.mentionsMain {
                entries.append(Entry(range: start..<end, fileBefore: currentFile.map(unescaped)))
            }
            if let last = files.last { currentFile = last }
            cursor = end
        }
        return entries
    }

    /// What the locations of one entry say about files.
    struct FileMentions {
        /// True when a location of the entry is in the main file (an `includedFrom` naming it does not count).
        var mentionsMain = false
        /// The (escaped) value of the last `"file"` that is not an `includedFrom`'s (which does not change the file
        /// clang's next location continues from), or `nil` when there is none.
        var last: [UInt8]?
    }

    /// The `"file"` values in `start..<end`: one `memchr` pass over the `f`s, the values compared where they are.
    static func fileMentions(in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int,
                             mainFile: [UInt8]) -> FileMentions {
        guard let base = bytes.baseAddress else { return FileMentions() }
        var mentions = FileMentions()
        var lastValue: Range<Int>?
        let quote = Int32(UInt8(ascii: "\""))
        fileKey.withUnsafeBytes { key in
            mainFile.withUnsafeBytes { main in
                var cursor = start + 1
                while cursor < end, let hit = memchr(base + cursor, Int32(UInt8(ascii: "f")), end - cursor) {
                    let at = base.distance(to: UnsafeRawPointer(hit)) - 1
                    cursor = at + 2
                    guard at >= start, at + key.count <= end, memcmp(base + at, key.baseAddress!, key.count) == 0 else { continue }
                    let valueStart = at + key.count
                    // The closing quote: the first `"` not after a `\` (a path with `\"` in it is rarer still).
                    var valueEnd = valueStart
                    while valueEnd < end, let found = memchr(base + valueEnd, quote, end - valueEnd) {
                        valueEnd = base.distance(to: UnsafeRawPointer(found))
                        if bytes[valueEnd - 1] != UInt8(ascii: "\\") { break }
                        valueEnd += 1
                    }
                    // An `includedFrom` names the includer of a header, not a position in it.
                    guard !isIncludedFrom(bytes, before: at, from: start) else { cursor = valueEnd + 1; continue }
                    let length = valueEnd - valueStart
                    if !mentions.mentionsMain, length == main.count, memcmp(base + valueStart, main.baseAddress!, length) == 0 {
                        mentions.mentionsMain = true
                    }
                    lastValue = valueStart..<valueEnd
                    cursor = valueEnd + 1
                }
            }
        }
        mentions.last = lastValue.map { [UInt8](bytes[$0]) }
        return mentions
    }

    /// `"file": "`, the key of a location's file.
    private static let fileKey = Array("\"file\": \"".utf8)

    /// True when the `"file"` key at `offset` is the first key of an `"includedFrom": {` object.
    private static func isIncludedFrom(_ bytes: UnsafeRawBufferPointer, before offset: Int, from start: Int) -> Bool {
        var index = offset - 1
        while index >= start, bytes[index] == 0x20 || bytes[index] == 0x0A { index -= 1 }
        guard index >= start, bytes[index] == UInt8(ascii: "{") else { return false }
        let marker = Array("\"includedFrom\": ".utf8)
        let markerStart = index - marker.count
        guard markerStart >= start else { return false }
        return memcmp(bytes.baseAddress! + markerStart, marker, marker.count) == 0
    }

    /// The offset of `needle` in `bytes[from..<to]`, or `nil`: `memchr` finds each candidate of one byte of the
    /// needle, `memcmp` checks the whole. The byte is a bracket when the needle has one, else its first letter: in
    /// clang's JSON a `{` comes every 150 bytes, an `f` every 120, a `"` every 20.
    static func search(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Int? {
        guard let base = bytes.baseAddress, !needle.isEmpty, to - from >= needle.count else { return nil }
        let anchorOffset = needle.firstIndex { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "[") }
            ?? needle.firstIndex { (0x61...0x7A).contains($0) } ?? needle.count - 1
        let anchor = needle[anchorOffset]
        var cursor = from + anchorOffset
        // The last place the anchor can be with the whole needle before `to`.
        let anchorEnd = to - (needle.count - 1 - anchorOffset)
        while cursor < anchorEnd {
            guard let hit = memchr(base + cursor, Int32(anchor), anchorEnd - cursor) else { return nil }
            let at = base.distance(to: UnsafeRawPointer(hit)) - anchorOffset
            if memcmp(base + at, needle, needle.count) == 0 { return at }
            cursor = at + anchorOffset + 1
        }
        return nil
    }

    /// `text` as a JSON string's content (`\\` and `"` escaped; clang escapes control characters too, which no path has).
    static func escaped(_ text: String) -> [UInt8] {
        var result: [UInt8] = []
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") { result.append(UInt8(ascii: "\\")) }
            result.append(byte)
        }
        return result
    }

    /// A JSON string's content decoded (through JSONSerialization for the rare escapes).
    static func unescaped(_ bytes: [UInt8]) -> String {
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
        let quoted = Data([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")])
        return (try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed)) as? String
            ?? String(decoding: bytes, as: UTF8.self)
    }
}

/// clang's output was JSON but not the AST DocSheet expects.
struct ASTReadError: Error, CustomStringConvertible {
    /// What was wrong.
    var reason: String
    var description: String { reason }
}
