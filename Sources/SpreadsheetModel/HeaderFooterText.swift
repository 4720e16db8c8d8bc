/// Excel's page header and footer codes, as far as pictures are concerned.
///
/// In a header or footer `&&` is a literal ampersand and `&` followed by anything else is a code; `&G` (shown by Excel
/// as `&[Picture]`) places a header picture. ``Workbook`` places no header pictures, and libxlsxwriter (1.1.4 to 1.2.3
/// at least) refuses a text with a picture code but no picture. It also counts picture codes naively: the literal
/// `&&G` ("&G" printed) reads to it as one, and so does `&&[Picture]`, and its public API has no way to write them.
/// ``Worksheet/setPageSetup(_:)`` therefore refuses real picture codes itself and writes each literal lookalike with
/// an empty bold toggle between the ampersand and the `G` or `[` (``separatingLookalikes(_:)``): `&&&B&BG`, which
/// Excel and LibreOffice print as `&G`. Readers undo it with ``joiningLookalikes(_:)``
/// (Documentation/Workbook.md, "What libxlsxwriter cannot write").
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

    /// What is written between a literal ampersand and a `G` or `[Picture]` after it: bold switched on and off again,
    /// which prints nothing and changes no formatting, but keeps libxlsxwriter from reading `&G` there.
    public static let lookalikeSeparator = "&B&B"

    /// The text as handed to libxlsxwriter: ``lookalikeSeparator`` after every literal ampersand (`&&`) that is
    /// followed by `G` or `[Picture]`, so that libxlsxwriter sees no picture code where Excel prints text.
    ///
    /// - Parameter text: A header or footer in Excel's codes, with no real picture code (see ``pictureCodes(in:)``).
    /// - Returns: `text` with each lookalike separated; a text without lookalikes is returned as it is.
    public static func separatingLookalikes(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let lookalikes = scan(bytes).literalLookalikes
        guard !lookalikes.isEmpty else { return text }
        var separated = bytes
        for offset in lookalikes.reversed() { separated.insert(contentsOf: separator, at: offset) }
        return String(decoding: separated, as: UTF8.self)
    }

    /// The text as it was before ``separatingLookalikes(_:)``: ``lookalikeSeparator`` removed where it stands between
    /// a literal ampersand and a `G` or `[Picture]` (a workbook DocSheet wrote reads back as it was given).
    ///
    /// - Parameter text: A header or footer in Excel's codes, as stored in a workbook.
    /// - Returns: `text` with each separated lookalike joined again; any other text is returned as it is.
    public static func joiningLookalikes(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var removed: [Int] = []
        for (offset, literal) in ampersands(in: bytes) where literal {
            let start = offset + 2
            guard bytes.count - start > separator.count, bytes[start..<start + separator.count].elementsEqual(separator),
                  picture(in: bytes, at: start + separator.count) != nil else { continue }
            removed.append(start)
        }
        guard !removed.isEmpty else { return text }
        var joined = bytes
        for start in removed.reversed() { joined.removeSubrange(start..<start + separator.count) }
        return String(decoding: joined, as: UTF8.self)
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
    private static let separator = Array(lookalikeSeparator.utf8)

    /// The length of the picture code's character after its ampersand at `offset` (`G` or `[Picture]`), or `nil`.
    private static func picture(in bytes: [UInt8], at offset: Int) -> Int? {
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "G") { return 1 }
        if bytes.count - offset >= picture.count, bytes[offset..<offset + picture.count].elementsEqual(picture) {
            return picture.count
        }
        return nil
    }

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
        func picture(at offset: Int) -> Int? { Self.picture(in: bytes, at: offset) }
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
