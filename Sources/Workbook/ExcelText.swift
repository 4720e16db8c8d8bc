import Foundation

/// Excel's limits on cell text, enforced before anything reaches libxlsxwriter.
///
/// - Characters that XML 1.0 forbids (C0 controls other than tab, line feed and carriage return, NUL,
///   U+FFFE, U+FFFF) are removed: libxlsxwriter writes them raw (readers then reject the file) and cuts
///   text after a NUL.
/// - Literal `_xHHHH_` text is escaped as `_x005F_xHHHH_`, otherwise Excel would decode it as a character.
/// - Text longer than 32,767 UTF-16 units (Excel's cell limit; libxlsxwriter counts code points) is cut at a
///   character boundary and ends with ``truncationMarker``.
public enum ExcelText {
    /// The most UTF-16 units Excel keeps in one cell.
    public static let maximumCellLength = 32_767
    /// Appended to text that was cut to fit a cell.
    public static let truncationMarker = "…[truncated]"

    /// Cell text made safe for Excel, and whether it had to be cut.
    public struct Prepared: Equatable, Sendable {
        /// The text to write.
        public var text: String
        /// True when the original was longer than a cell holds and was cut.
        public var wasTruncated: Bool
    }

    /// Prepares `text` for a cell: strips XML-invalid characters, escapes `_xHHHH_`, truncates and marks.
    ///
    /// - Parameters:
    ///   - text: The text to write into a cell.
    ///   - limit: The most UTF-16 units the result may have, marker included (default: Excel's cell limit).
    /// - Returns: The cleaned text, cut and ending in ``truncationMarker`` when it was longer than `limit`, and whether
    ///   it was cut.
    public static func prepare(_ text: String, limit: Int = maximumCellLength) -> Prepared {
        // Most cell text is short and plain: one pass over the bytes proves that nothing below applies (a UTF-16
        // length is never more than the UTF-8 length). Measured in Benchmarks/README.md.
        if text.utf8.count <= limit, !needsCleaning(text) { return Prepared(text: text, wasTruncated: false) }
        let clean = removingInvalidCharacters(text)
        let escaped = escapingEncodedCharacters(clean)
        if escaped.utf16.count <= limit { return Prepared(text: escaped, wasTruncated: false) }
        var budget = max(0, limit - truncationMarker.utf16.count)
        while true {
            let candidate = escapingEncodedCharacters(prefix(of: clean, utf16Budget: budget))
            let excess = candidate.utf16.count + truncationMarker.utf16.count - limit
            if excess <= 0 { return Prepared(text: candidate + truncationMarker, wasTruncated: true) }
            // A limit shorter than the marker cannot end in it: the marker's own prefix is all that fits.
            if budget == 0 {
                let fitting = String.UnicodeScalarView(truncationMarker.unicodeScalars.prefix(max(0, limit)))
                return Prepared(text: String(fitting), wasTruncated: true)
            }
            budget = max(0, budget - excess)
        }
    }

    /// Removes the characters XML 1.0 forbids: C0 controls except tab, LF and CR (NUL included), U+FFFE, U+FFFF.
    ///
    /// - Parameter text: Any text.
    /// - Returns: `text` without the forbidden characters (the same string when it had none).
    public static func removingInvalidCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isInvalidInXML) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !isInvalidInXML($0) })
        return String(scalars)
    }

    /// Escapes every literal `_xHHHH_` (H a hex digit, any case) as `_x005F_xHHHH_` so Excel shows it as written.
    ///
    /// - Parameter text: Text that may contain literal `_xHHHH_` sequences.
    /// - Returns: `text` with every `_xHHHH_` prefixed by `_x005F`, unchanged when it holds none.
    public static func escapingEncodedCharacters(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "_")) else { return text }
        let utf8 = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count + 12)
        var index = 0
        while index < utf8.count {
            if isEncodedCharacter(utf8, at: index) {
                output.append(contentsOf: Array("_x005F".utf8))
            }
            output.append(utf8[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// True when `text` may hold a character XML forbids or a literal `_xHHHH_`: a C0 control other than tab, LF and
    /// CR, U+FFFE or U+FFFF (UTF-8 `EF BF BE`, `EF BF BF`), or an underscore. False proves ``prepare(_:limit:)`` has
    /// nothing to change.
    private static func needsCleaning(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                switch bytes[index] {
                case 0x09, 0x0A, 0x0D: break
                case 0x00..<0x20, UInt8(ascii: "_"): return true
                case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE:
                    return true
                default: break
                }
                index += 1
            }
            return false
        }
    }

    /// True when `_xHHHH_` (H a hex digit) starts at `index`.
    private static func isEncodedCharacter(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index + 7 <= bytes.count, bytes[index] == UInt8(ascii: "_"),
              bytes[index + 1] == UInt8(ascii: "x") || bytes[index + 1] == UInt8(ascii: "X"),
              bytes[index + 6] == UInt8(ascii: "_") else { return false }
        return bytes[(index + 2)..<(index + 6)].allSatisfy(isHexDigit)
    }

    /// True for an ASCII hex digit.
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// True for the characters XML 1.0 forbids: C0 controls except tab, LF and CR, U+FFFE and U+FFFF.
    private static func isInvalidInXML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00..<0x20, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }

    /// The longest prefix of whole characters whose UTF-16 length is at most `budget`.
    private static func prefix(of text: String, utf16Budget budget: Int) -> String {
        var used = 0
        var end = text.startIndex
        for character in text {
            let length = character.utf16.count
            if used + length > budget { break }
            used += length
            end = text.index(after: end)
        }
        return String(text[..<end])
    }

    /// The column width (in Excel character units) that shows `text` without cutting its longest line,
    /// counting wide (CJK, emoji) characters as two.
    ///
    /// - Parameter text: The cell text, possibly several lines.
    /// - Returns: The width of the longest line in character units (0 for empty text).
    public static func displayWidth(of text: String) -> Double {
        var widest = 0.0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var width = 0.0
            for scalar in line.unicodeScalars {
                width += displayWidth(of: scalar)
            }
            widest = max(widest, width)
        }
        return widest
    }

    /// The columns one character takes: 2 for wide characters (CJK, Hangul, full-width forms, emoji), else 1.
    ///
    /// - Parameter scalar: The character.
    /// - Returns: 2 or 1.
    public static func displayWidth(of scalar: Unicode.Scalar) -> Double {
        isWide(scalar) ? 2 : 1
    }

    /// True for characters that take two columns (CJK, Hangul, full-width forms, emoji).
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
