/// A source file's bytes with its line starts: text of byte ranges, and 1-based lines and columns of offsets.
struct ObjCSourceText {
    /// The file's bytes.
    let bytes: [UInt8]
    /// The offset where each line starts.
    let lineStarts: [Int]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The 1-based line of `offset`.
    func line(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The 1-based UTF-8 column of `offset`.
    func column(of offset: Int) -> Int { offset - lineStarts[line(of: offset) - 1] + 1 }

    /// The text of `range` (clamped to the file).
    func text(_ range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, bytes.count)), upper = max(lower, min(range.upperBound, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// The text of `range` with comments removed and every run of white space made one space, trimmed.
    func collapsedText(_ range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, bytes.count)), upper = max(lower, min(range.upperBound, bytes.count))
        var result: [UInt8] = []
        var index = lower
        var pendingSpace = false
        while index < upper {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), index + 1 < upper, bytes[index + 1] == UInt8(ascii: "/") {
                while index < upper, bytes[index] != 0x0A { index += 1 }
                pendingSpace = true
                continue
            }
            if byte == UInt8(ascii: "/"), index + 1 < upper, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < upper, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
                pendingSpace = true
                continue
            }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = true
            } else {
                if pendingSpace, !result.isEmpty { result.append(0x20) }
                pendingSpace = false
                result.append(byte)
            }
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The first offset at or after `offset` that is not white space (before `limit`).
    func skippingSpaces(from offset: Int, limit: Int? = nil) -> Int {
        var index = offset
        let end = min(limit ?? bytes.count, bytes.count)
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
        return index
    }

    /// When `offset` is at `{`, the offset of its matching `}` (braces in comments, strings and character literals
    /// do not count); else, or when it has none, `nil`.
    func closingBrace(of offset: Int) -> Int? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else { return nil }
        var depth = 0
        var index = offset
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < count, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index += 1
                while index < count, bytes[index] != byte, bytes[index] != 0x0A {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// When `offset` is at `(`, the range inside the balanced parentheses; else `nil`.
    func parenthesized(at offset: Int) -> Range<Int>? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "(") else { return nil }
        var depth = 0
        var index = offset
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "(") { depth += 1 }
            if bytes[index] == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return (offset + 1)..<index }
            }
            index += 1
        }
        return nil
    }

    /// When the last non-space byte before `offset` is `)`, the range inside it and its matching `(`; else `nil`.
    func parenthesizedBefore(_ offset: Int) -> Range<Int>? {
        var index = min(offset, bytes.count) - 1
        while index >= 0, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index -= 1
        }
        guard index >= 0, bytes[index] == UInt8(ascii: ")") else { return nil }
        let close = index
        var depth = 0
        while index >= 0 {
            if bytes[index] == UInt8(ascii: ")") { depth += 1 }
            if bytes[index] == UInt8(ascii: "(") {
                depth -= 1
                if depth == 0 { return (index + 1)..<close }
            }
            index -= 1
        }
        return nil
    }

    /// True when the bytes at `offset` are `word`.
    func has(_ word: String, at offset: Int) -> Bool {
        let utf8 = Array(word.utf8)
        guard offset >= 0, offset + utf8.count <= bytes.count else { return false }
        return Array(bytes[offset..<(offset + utf8.count)]) == utf8
    }

    /// The offsets of `word` within `range` (outside nothing: a plain byte search).
    func offsets(of word: String, in range: Range<Int>) -> [Int] {
        let utf8 = Array(word.utf8)
        guard let first = utf8.first else { return [] }
        var result: [Int] = []
        var index = max(0, range.lowerBound)
        let upper = min(range.upperBound, bytes.count) - utf8.count
        while index <= upper {
            if bytes[index] == first, has(word, at: index) { result.append(index) }
            index += 1
        }
        return result
    }

    /// The whole comment clang attached, from the comment's first marker to the end of its last line.
    ///
    /// clang's range of a parsed comment starts at its text: in a block comment whose `/**` is on a line of its own,
    /// that is the line after, so the start goes back to the `/*` before it (over nothing but blanks, line breaks,
    /// `*`, `!` and `<`).
    func commentText(from begin: Int, to end: Int) -> String {
        let endLine = line(of: end)
        var opener = min(begin, bytes.count)
        while opener > 0, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "<")].contains(bytes[opener - 1]) {
            opener -= 1
        }
        let commentStart = opener > 0 && opener < bytes.count && bytes[opener - 1] == UInt8(ascii: "/")
            && bytes[opener] == UInt8(ascii: "*") ? opener - 1 : begin
        var start = lineStarts[line(of: commentStart) - 1]
        // A trailing comment (`int x; ///< text`) starts at its marker, not at the line's start.
        let searched = start..<min(bytes.count, commentStart + 2)
        let markers = offsets(of: "//", in: searched) + offsets(of: "/*", in: searched)
        if let marker = markers.min() { start = marker }
        var stop = endLine < lineStarts.count ? lineStarts[endLine] - 1 : bytes.count
        if let close = offsets(of: "*/", in: end..<stop).first { stop = close + 2 }
        return text(start..<max(start, stop))
    }
}
