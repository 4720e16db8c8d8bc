import SwiftSyntax

/// Lines and columns of positions in one file, as `SourceLocationConverter` gives them (physical line, column in
/// UTF-8 bytes, both from 1), worked out from the file's bytes in one pass.
///
/// `SourceLocationConverter(fileName:tree:)` builds its table by walking every token and trivia piece of the tree
/// (6% of extracting a file). A file without carriage returns has one kind of line break, a line feed byte, which
/// the bytes answer alone; a file with any carriage return (`\r\n` or a lone `\r`, where a break split between a
/// token and the trivia after it would count differently) keeps SwiftSyntax's own converter.
struct LineTable {
    /// The offset of each line's first byte; the first line starts at 0.
    private let lineStarts: [Int]
    /// The file's length in bytes (later positions are clamped to it, as the converter clamps them).
    private let endOfFile: Int
    /// SwiftSyntax's converter, for files with carriage returns.
    private let converter: SourceLocationConverter?

    /// Creates the table of `tree`, parsed from `text`.
    ///
    /// - Parameters:
    ///   - text: The text the tree was parsed from (SwiftParser keeps every byte: the tree's text is this text).
    ///   - tree: The file's syntax tree.
    ///   - fileName: The file's path, for the converter.
    init(text: String, tree: SourceFileSyntax, fileName: String) {
        var text = text
        let scan = text.withUTF8 { bytes -> (starts: [Int], hasCarriageReturn: Bool) in
            var starts = [0]
            starts.reserveCapacity(bytes.count / 32 + 1)
            var hasCarriageReturn = false
            for offset in bytes.indices {
                switch bytes[offset] {
                case UInt8(ascii: "\n"): starts.append(offset + 1)
                case UInt8(ascii: "\r"): hasCarriageReturn = true
                default: continue
                }
            }
            return (starts, hasCarriageReturn)
        }
        endOfFile = text.utf8.count
        lineStarts = scan.hasCarriageReturn ? [0] : scan.starts
        converter = scan.hasCarriageReturn ? SourceLocationConverter(fileName: fileName, tree: tree) : nil
    }

    /// The physical line and column of `position`, as `SourceLocationConverter.location(for:)` gives them.
    ///
    /// - Parameter position: A position in the tree.
    /// - Returns: The 1-based line and 1-based UTF-8 column.
    func location(of position: AbsolutePosition) -> (line: Int, column: Int) {
        if let converter {
            let location = converter.location(for: position)
            return (location.line, location.column)
        }
        let offset = max(0, min(position.utf8Offset, endOfFile))
        // The number of lines starting at or before the offset: the first start after it, found by halving.
        var low = 0, high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return (low, offset - lineStarts[low - 1] + 1)
    }
}
