import Foundation

/// Finding a short run of bytes (a marker, a phrase) in a text's UTF-8, with the C library's `memchr` to jump between
/// candidates and `memcmp` to compare. `Collection.firstRange(of:)` on the UTF-8 view was 40% of a whole run (it is
/// generic, element by element through the view's indices), and a Swift loop over the bytes was still 0.8%.
enum ByteSearch {
    /// Calls `found` with the offset of each occurrence of `needle` in `text`, in order, until it returns false.
    ///
    /// - Parameters:
    ///   - needle: The bytes to find; an empty needle occurs once, at offset 0.
    ///   - text: The text to search.
    ///   - found: Given each offset; returns whether to go on.
    static func forEachOffset(of needle: String, in text: String, _ found: (Int) -> Bool) {
        var text = text
        var needle = needle
        text.withUTF8 { bytes in
            needle.withUTF8 { pattern in
                guard let first = pattern.first else { _ = found(0); return }
                guard let base = bytes.baseAddress, bytes.count >= pattern.count else { return }
                let last = base + (bytes.count - pattern.count)
                var from = base
                while from <= last, let hit = memchr(from, Int32(first), last - from + 1) {
                    let candidate = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(candidate, pattern.baseAddress!, pattern.count) == 0, !found(candidate - base) { return }
                    from = candidate + 1
                }
            }
        }
    }

    /// Whether `text` holds `needle`.
    ///
    /// - Parameters:
    ///   - needle: A marker or phrase (`String.contains` goes through Foundation's slower `range(of:)`).
    ///   - text: The text to search.
    /// - Returns: True when the bytes of `needle` occur in `text`.
    static func holds(_ needle: String, in text: String) -> Bool {
        var holds = false
        forEachOffset(of: needle, in: text) { _ in
            holds = true
            return false
        }
        return holds
    }
}

/// Where a marker occurs in one file, to ask whether it starts inside a node's trivia without parsing the trivia into
/// pieces (most trivia holds no `// MARK:` and no `// docsheet:ignore`, but doc comments make most hold a slash).
struct Occurrences {
    /// The offset of each occurrence, in order.
    private let offsets: [Int]

    /// Finds every occurrence of `needle` in `text`.
    init(of needle: String, in text: String) {
        var offsets: [Int] = []
        ByteSearch.forEachOffset(of: needle, in: text) { offset in
            offsets.append(offset)
            return true
        }
        self.offsets = offsets
    }

    /// True when the text holds no occurrence.
    var isEmpty: Bool { offsets.isEmpty }

    /// Whether an occurrence starts in `range` of the text's byte offsets.
    ///
    /// - Parameter range: Byte offsets, e.g. a node's leading trivia.
    /// - Returns: True when an occurrence starts at an offset in `range`.
    func start(in range: Range<Int>) -> Bool {
        // The first occurrence at or after the range's start, found by halving.
        var low = 0, high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < offsets.count && offsets[low] < range.upperBound
    }
}
