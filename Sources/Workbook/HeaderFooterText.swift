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

    private static let picture = Array("[Picture]".utf8)

    /// Picture codes, and the offsets of the `G` or `[` that follows a literal ampersand.
    private static func scan(_ bytes: [UInt8]) -> (pictures: [Range<Int>], literalLookalikes: [Int]) {
        var pictures: [Range<Int>] = []
        var lookalikes: [Int] = []
        let ampersand = UInt8(ascii: "&")
        func picture(at offset: Int) -> Int? {
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "G") { return 1 }
            if bytes.count - offset >= Self.picture.count, bytes[offset..<offset + Self.picture.count].elementsEqual(Self.picture) {
                return Self.picture.count
            }
            return nil
        }
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == ampersand else { index += 1; continue }
            if bytes[index + 1] == ampersand {
                if picture(at: index + 2) != nil { lookalikes.append(index + 2) }
            } else if let length = picture(at: index + 1) {
                pictures.append(index..<index + 1 + length)
            }
            index += 2
        }
        return (pictures, lookalikes)
    }
}
