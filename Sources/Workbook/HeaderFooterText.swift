/// Excel's page header and footer codes, as far as pictures are concerned.
///
/// In a header or footer `&&` is a literal ampersand and `&` followed by anything else is a code; `&G` (shown by Excel
/// as `&[Picture]`) places a header picture. ``Workbook`` places no header pictures, and libxlsxwriter 1.1.4 refuses a
/// text with a picture code but no picture. It also counts picture codes naively: the literal `&&G` ("&G" printed)
/// reads to it as one, and so does `&&[Picture]`. Worse, when it refuses the text it frees the sheet's header without
/// forgetting it, so the workbook crashes when it is freed (Documentation/Workbook.md, "What libxlsxwriter 1.1.4 cannot write").
/// ``Worksheet/setPageSetup(_:)`` therefore refuses real picture codes itself and hides the literal ones from
/// libxlsxwriter (``LibraryText``).
public enum HeaderFooterText {
    /// The byte ranges of the picture codes (`&G`, `&[Picture]`) in `text`'s UTF-8, literal ampersands (`&&`) skipped.
    ///
    /// - Parameter text: A header or footer in Excel's codes.
    /// - Returns: Each picture code's range of UTF-8 offsets, in order.
    public static func pictureCodes(in text: String) -> [Range<Int>] {
        scan(Array(text.utf8)).pictures
    }

    /// The text without its picture codes (a form whose header picture is not kept keeps the rest of its header).
    ///
    /// - Parameter text: A header or footer in Excel's codes.
    /// - Returns: `text` with every `&G` and `&[Picture]` code removed; literal ampersands are kept.
    public static func removingPictures(_ text: String) -> String {
        var bytes = Array(text.utf8)
        for range in scan(bytes).pictures.reversed() { bytes.removeSubrange(range) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A header or footer as handed to libxlsxwriter: the bytes after a literal ampersand that libxlsxwriter would
    /// take for a picture code are changed (`G` → `g`, `[` → `(`), and put back into libxlsxwriter's copy once it has
    /// accepted the text (the change keeps every offset, and nothing else in the text moves).
    struct LibraryText {
        /// The UTF-8 bytes to hand to libxlsxwriter, NUL-terminated.
        let masked: [CChar]
        /// The offsets changed in ``masked``, with their original bytes.
        let changes: [(offset: Int, byte: CChar)]

        /// Masks `text`, which must hold no picture code (see ``HeaderFooterText/pictureCodes(in:)``).
        init(_ text: String) {
            var bytes = Array(text.utf8)
            let hidden = HeaderFooterText.scan(bytes).literalLookalikes
            changes = hidden.map { ($0, CChar(bitPattern: bytes[$0])) }
            for offset in hidden { bytes[offset] = bytes[offset] == UInt8(ascii: "G") ? UInt8(ascii: "g") : UInt8(ascii: "(") }
            masked = bytes.map { CChar(bitPattern: $0) } + [0]
        }

        /// Puts the original bytes back into libxlsxwriter's copy of the text.
        ///
        /// - Parameter copy: The header or footer libxlsxwriter keeps (its own copy of ``masked``).
        func restore(in copy: UnsafeMutablePointer<CChar>) {
            for change in changes { copy[change.offset] = change.byte }
        }
    }

    /// The UTF-8 offsets of the ampersands that start a code in `text` (`&` and the next character; a literal `&&` is
    /// not a code, and neither is a lone `&` at the end).
    ///
    /// - Parameter text: A header or footer in Excel's codes.
    /// - Returns: Each code's offset, in order; the code's character is the byte after it.
    public static func codeOffsets(in text: String) -> [Int] {
        ampersands(in: Array(text.utf8)).filter { !$0.literal }.map(\.offset)
    }

    private static let picture = Array("[Picture]".utf8)

    /// Every ampersand that starts a code or a literal ampersand (`&&`), read left to right as Excel reads them.
    private static func ampersands(in bytes: [UInt8]) -> [(offset: Int, literal: Bool)] {
        let ampersand = UInt8(ascii: "&")
        var found: [(offset: Int, literal: Bool)] = []
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == ampersand else { index += 1; continue }
            found.append((index, bytes[index + 1] == ampersand))
            index += 2
        }
        return found
    }

    /// Picture codes, and the offsets of the `G` or `[` that follows a literal ampersand.
    private static func scan(_ bytes: [UInt8]) -> (pictures: [Range<Int>], literalLookalikes: [Int]) {
        func picture(at offset: Int) -> Int? {
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "G") { return 1 }
            if bytes.count - offset >= Self.picture.count, bytes[offset..<offset + Self.picture.count].elementsEqual(Self.picture) {
                return Self.picture.count
            }
            return nil
        }
        var pictures: [Range<Int>] = []
        var lookalikes: [Int] = []
        for (offset, literal) in ampersands(in: bytes) {
            if literal {
                if picture(at: offset + 2) != nil { lookalikes.append(offset + 2) }
            } else if let length = picture(at: offset + 1) {
                pictures.append(offset..<offset + 1 + length)
            }
        }
        return (pictures, lookalikes)
    }
}
