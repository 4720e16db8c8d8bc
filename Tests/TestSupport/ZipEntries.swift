import Foundation

/// The entries of a zip archive as its central directory lists them, read byte by byte (no zip library), for tests
/// that check how a workbook was packed rather than what it holds.
public struct ZipEntries {
    /// One entry of the central directory.
    public struct Entry: Equatable {
        /// The entry's path, e.g. `xl/worksheets/sheet1.xml`.
        public var name: String
        /// The compression method: 0 stored, 8 deflated.
        public var method: UInt16
        /// The general-purpose flags. For a deflated entry bits 1 and 2 tell the level the writer used: 0 normal,
        /// 2 maximum (8–9), 4 fast (2), 6 super fast (1).
        public var flags: UInt16
        /// The compressed and uncompressed sizes (those of a zip64 entry are not read: 0xFFFFFFFF).
        public var compressedSize: UInt32
        /// The uncompressed size.
        public var uncompressedSize: UInt32

        /// Bits 1 and 2 of ``flags``: the deflate level the writer says it used.
        public var levelFlags: UInt16 { flags & 0b110 }
    }

    /// The entries in the order of the central directory.
    public var entries: [Entry]

    /// Reads the central directory of the zip file at `url`.
    ///
    /// - Parameter url: The zip file, e.g. an `.xlsx`.
    /// - Throws: `XLSXReaderError.missingPart` when the file has no end-of-central-directory record or a record is cut.
    public init(url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
        // The end-of-central-directory record is the last 22 bytes, unless a comment follows it.
        guard bytes.count >= 22,
              let end = stride(from: bytes.count - 22, through: max(0, bytes.count - 22 - 65_535), by: -1)
                  .first(where: { u32($0) == 0x0605_4b50 }) else {
            throw XLSXReaderError.missingPart("the end of the zip's central directory in \(url.lastPathComponent)")
        }
        var offset = Int(u32(end + 16))
        var entries: [Entry] = []
        for _ in 0..<Int(u16(end + 10)) {
            guard offset + 46 <= bytes.count, u32(offset) == 0x0201_4b50 else {
                throw XLSXReaderError.missingPart("central directory entry \(entries.count + 1) of \(url.lastPathComponent)")
            }
            let nameLength = Int(u16(offset + 28)), extraLength = Int(u16(offset + 30)), commentLength = Int(u16(offset + 32))
            guard offset + 46 + nameLength <= bytes.count else {
                throw XLSXReaderError.missingPart("the name of central directory entry \(entries.count + 1)")
            }
            entries.append(Entry(name: String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self),
                                 method: u16(offset + 10), flags: u16(offset + 8), compressedSize: u32(offset + 20),
                                 uncompressedSize: u32(offset + 24)))
            offset += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }
}
