/// Keeps pathological input from hanging or crashing a run.
///
/// SwiftParser needs time exponential in the depth of directly nested square brackets
/// (`[[[[…]]]]`: 24 levels take seconds, 30 minutes) and overflows the stack on thousands of levels. Real code
/// nests brackets a handful of levels deep, so the inside of a bracket expression nested deeper than
/// `maximumDepth` is blanked out before parsing — replaced by spaces, line breaks kept, so every position in the
/// file stays the same and `[ … ]` still parses as an empty literal — and reported as a warning. The file's
/// declarations are still extracted.
enum DeepNestingGuard {
    /// The deepest square-bracket nesting parsed as written.
    static let maximumDepth = 16

    /// A blanked bracket expression: where its opening bracket is (1-based line, byte column).
    struct BlankedRegion: Equatable {
        var line: Int
        var column: Int
    }

    /// `source` with every bracket expression nested deeper than `maximumDepth` blanked out, and where each
    /// such expression started; `nil` when nothing had to change (the common case, checked in one pass).
    ///
    /// - Parameter source: The file's text.
    /// - Returns: The text to parse and the blanked regions, or `nil` when the source can be parsed as it is.
    static func defused(_ source: String) -> (text: String, regions: [BlankedRegion])? {
        // Scanned in place: a copy of the bytes is made only for the rare file that needs blanking.
        var source = source
        let ranges = source.withUTF8(tooDeepRanges)
        guard !ranges.isEmpty else { return nil }
        var bytes = Array(source.utf8)
        var regions: [BlankedRegion] = []
        for range in ranges {
            regions.append(position(of: range.lowerBound - 1, in: bytes))
            for offset in range where bytes[offset] != UInt8(ascii: "\n") && bytes[offset] != UInt8(ascii: "\r") {
                bytes[offset] = UInt8(ascii: " ")
            }
        }
        return (String(decoding: bytes, as: UTF8.self), regions)
    }

    /// The insides of the bracket expressions nested deeper than `maximumDepth` (the brackets themselves excluded),
    /// skipping comments and string literals. A too-deep expression that never closes is left alone: the count is
    /// off (or the file is cut short), and blanking the rest of the file would lose more than it saves.
    private static func tooDeepRanges(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var openings: [Int] = []  // offsets of the open `[`
        var ranges: [Range<Int>] = []
        var deepOutermost: Int?  // the outermost `[` of the current too-deep expression
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                index = skipBlockComment(bytes, from: index)
                continue
            case UInt8(ascii: "\""):
                index = skipStringLiteral(bytes, from: index, hashes: 0)
                continue
            case UInt8(ascii: "#"):
                // A raw string (`#"…"#`, `##"""…"""##`): no escapes, it ends at a quote followed by as many `#`.
                var quote = index
                while quote < count && bytes[quote] == UInt8(ascii: "#") { quote += 1 }
                if quote < count && bytes[quote] == UInt8(ascii: "\"") {
                    index = skipStringLiteral(bytes, from: quote, hashes: quote - index)
                } else {
                    index = quote
                }
                continue
            case UInt8(ascii: "["):
                openings.append(index)
                if openings.count > maximumDepth, deepOutermost == nil {
                    deepOutermost = openings[openings.count - maximumDepth - 1]
                }
            case UInt8(ascii: "]"):
                if let start = openings.popLast(), start == deepOutermost {
                    ranges.append((start + 1)..<index)  // the brackets stay: `[   ]` still parses
                    deepOutermost = nil
                }
            default:
                break
            }
            index += 1
        }
        return ranges
    }

    private static func skipBlockComment(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var depth = 0
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return bytes.count
    }

    /// Skips a `"…"` or `"""…"""` literal starting at the quote `start`, raw when `hashes` `#` precede it (then
    /// escapes do not count and the literal ends at a quote followed by as many `#`). Interpolations are skipped
    /// with the literal, which at worst leaves brackets inside them uncounted.
    private static func skipStringLiteral(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, hashes: Int) -> Int {
        let quote = UInt8(ascii: "\"")
        let isMultiLine = start + 2 < bytes.count && bytes[start + 1] == quote && bytes[start + 2] == quote
        func closesAt(_ index: Int) -> Int? {
            var end = index + (isMultiLine ? 3 : 1)
            if isMultiLine && !(index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote) {
                return nil
            }
            for _ in 0..<hashes {
                guard end < bytes.count, bytes[end] == UInt8(ascii: "#") else { return nil }
                end += 1
            }
            return end
        }
        var index = start + (isMultiLine ? 3 : 1)
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\") where hashes == 0:
                index += 2
            case quote:
                if let end = closesAt(index) { return end }
                index += 1
            case UInt8(ascii: "\n") where !isMultiLine:
                return index + 1
            default:
                index += 1
            }
        }
        return bytes.count
    }

    private static func position(of offset: Int, in bytes: [UInt8]) -> BlankedRegion {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return BlankedRegion(line: line, column: offset - lineStart + 1)
    }
}
