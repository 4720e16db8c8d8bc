import Foundation

/// How the bytes of a `.swift` file become the text that is parsed (Documentation/Extraction.md, "Files with syntax
/// errors"). The compiler reads UTF-8 only; DocSheet reads what it can and says what it did.
enum SourceDecoding {
    /// The text to parse (`nil`: the file is skipped) and the warning that goes with it, if any.
    struct Decoded {
        var text: String?
        var warning: String?
    }

    /// How many leading bytes are looked at for a NUL, as git does to call a file binary.
    static let binaryProbeLength = 8_000

    /// Decodes a file's bytes.
    ///
    /// - Valid UTF-8 is read as it is. `String(validating:as:)`-style validation keeps a byte-order mark (Foundation's
    ///   decoder drops it), so columns on the first line count its bytes, as the compiler's do.
    /// - A UTF-16 byte-order mark (`FF FE`, `FE FF`): read as UTF-16, with a warning (the compiler refuses it).
    /// - A NUL byte in the first 8,000 bytes: binary, skipped with a warning.
    /// - Anything else: invalid bytes replaced by U+FFFD, with a warning.
    ///
    /// - Parameter data: The file's bytes.
    /// - Returns: The text, or `nil` for a binary file, and the warning to report.
    static func decode(_ data: Data) -> Decoded {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            let bigEndian = data.first == 0xFE
            if data.count % 2 == 0, let text = String(data: data.dropFirst(2), encoding: bigEndian ? .utf16BigEndian : .utf16LittleEndian) {
                return Decoded(text: text, warning: "the file is UTF-16; it was read as UTF-16, but the Swift compiler "
                    + "reads only UTF-8: save it as UTF-8")
            }
        }
        let holdsNUL = data.withUnsafeBytes { raw in
            raw.baseAddress.map { memchr($0, 0, min(raw.count, binaryProbeLength)) != nil } ?? false
        }
        if holdsNUL {
            return Decoded(text: nil, warning: "the file looks binary (it holds NUL bytes); it is left out")
        }
        let text = String(decoding: data, as: UTF8.self)
        // Decoding replaced nothing exactly when re-encoding gives the same bytes.
        // (Compared as memory: iterating `Data` byte by byte cost as much as the nesting guard.)
        var copy = text
        let unchanged = copy.utf8.count == data.count && copy.withUTF8 { utf8 in
            data.withUnsafeBytes { raw in
                utf8.isEmpty || memcmp(utf8.baseAddress!, raw.baseAddress!, utf8.count) == 0
            }
        }
        if unchanged { return Decoded(text: text) }
        return Decoded(text: text, warning: "the file is not valid UTF-8; invalid bytes were replaced, save it as UTF-8")
    }
}
