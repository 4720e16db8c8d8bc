import Foundation

/// An image's size and resolution read from its file header (PNG, JPEG, GIF, BMP), twice: as the file really is,
/// and as libxlsxwriter 1.1.4 reads it, so a picture can be scaled to show at an exact size.
///
/// libxlsxwriter draws an image `width × x_scale × 96 / dpi` pixels wide from the values *it* reads; ``scale(toWidth:height:)``
/// divides by exactly those. Every read is bounds-checked: truncated or damaged data gives a reason, never a crash.
struct ImageHeader {
    /// The image format, as named in messages.
    var format: String
    /// The width in pixels.
    var pixelWidth: Double
    /// The height in pixels.
    var pixelHeight: Double
    /// Horizontal resolution in dots per inch (96 when the file does not say).
    var xDPI: Double
    /// Vertical resolution in dots per inch (96 when the file does not say).
    var yDPI: Double
    /// The width, height and resolution libxlsxwriter 1.1.4 reads from the same bytes.
    var library: (width: Double, height: Double, xDPI: Double, yDPI: Double)

    /// The width Excel shows at 100 % when the picture is inserted: pixels × 96 / dpi.
    var naturalWidth: Double { pixelWidth * 96 / xDPI }
    /// The height Excel shows at 100 % when the picture is inserted: pixels × 96 / dpi.
    var naturalHeight: Double { pixelHeight * 96 / yDPI }

    /// The `x_scale` and `y_scale` that make libxlsxwriter draw the picture `width` × `height` pixels.
    func scale(toWidth width: Double, height: Double) -> (x: Double, y: Double) {
        (width / (library.width * 96 / library.xDPI), height / (library.height * 96 / library.yDPI))
    }

    /// Why `read` failed.
    struct Problem: Error, Equatable {
        /// What is wrong with the data, e.g. `truncated PNG: it ends inside its IDAT chunk`.
        var reason: String
    }

    /// Reads the header of a PNG, JPEG, GIF or BMP file.
    ///
    /// - Parameter data: The file's bytes.
    /// - Returns: The size and resolution, as the file is and as libxlsxwriter reads it.
    /// - Throws: `Problem` when the data is not one of the four formats, is truncated or has no size.
    static func read(_ data: Data) throws(Problem) -> ImageHeader {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return try jpeg(bytes) }
        if bytes.starts(with: Array("GIF8".utf8)) { return try gif(bytes) }
        if bytes.starts(with: Array("BM".utf8)) { return try bmp(bytes) }
        throw Problem(reason: "not a PNG, JPEG, GIF or BMP image")
    }

    // MARK: - Formats

    /// PNG: the size from IHDR, the resolution from pHYs when its unit is the metre (as libxlsxwriter reads them);
    /// every chunk must be complete up to IEND.
    private static func png(_ bytes: [UInt8]) throws(Problem) -> ImageHeader {
        var position = 8
        var size: (Double, Double)?
        var dpi = (96.0, 96.0)
        while true {
            guard let length = bytes.bigEndian32(at: position), position + 8 <= bytes.count else {
                throw Problem(reason: "truncated PNG: it ends before its IEND chunk")
            }
            let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            let dataStart = position + 8
            guard length <= UInt32(Int32.max), dataStart + Int(length) + 4 <= bytes.count else {
                throw Problem(reason: "truncated PNG: it ends inside its \(type) chunk")
            }
            if type == "IHDR", length >= 8, let width = bytes.bigEndian32(at: dataStart), let height = bytes.bigEndian32(at: dataStart + 4) {
                size = (Double(width), Double(height))
            }
            if type == "pHYs", length >= 9, bytes[dataStart + 8] == 1,
               let x = bytes.bigEndian32(at: dataStart), let y = bytes.bigEndian32(at: dataStart + 4) {
                dpi = (Double(x) * 0.0254, Double(y) * 0.0254)
            }
            if type == "IEND" { break }
            position = dataStart + Int(length) + 4
        }
        guard let size, size.0 > 0, size.1 > 0 else { throw Problem(reason: "PNG without a width and height (no IHDR chunk)") }
        let resolution = (dpi.0 > 0 ? dpi.0 : 96, dpi.1 > 0 ? dpi.1 : 96)
        return ImageHeader(format: "PNG", pixelWidth: size.0, pixelHeight: size.1, xDPI: resolution.0, yDPI: resolution.1,
                           library: (size.0, size.1, resolution.0, resolution.1))
    }

    /// JPEG: the size from the first start-of-frame marker, the resolution from the JFIF header (dots per inch or
    /// per centimetre); the markers must be complete up to the start of scan, and an end-of-image marker must follow.
    private static func jpeg(_ bytes: [UInt8]) throws(Problem) -> ImageHeader {
        var position = 2
        var size: (Double, Double)?
        var dpi = (96.0, 96.0)
        var scanStart: Int?
        while position + 1 < bytes.count {
            guard bytes[position] == 0xFF else { throw Problem(reason: "damaged JPEG: no marker at byte \(position)") }
            let marker = bytes[position + 1]
            if marker == 0xFF { position += 1; continue }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { position += 2; continue }
            guard let length = bytes.bigEndian16(at: position + 2), length >= 2, position + 2 + Int(length) <= bytes.count else {
                throw Problem(reason: "truncated JPEG: it ends inside a header segment")
            }
            let segment = position + 4
            if marker == 0xE0, length >= 16, bytes[segment..<(segment + 5)].elementsEqual(Array("JFIF".utf8) + [0]),
               let x = bytes.bigEndian16(at: segment + 8), let y = bytes.bigEndian16(at: segment + 10) {
                let units = bytes[segment + 7]
                if units == 1 { dpi = (Double(x), Double(y)) }
                if units == 2 { dpi = (Double(x) * 2.54, Double(y) * 2.54) }
            }
            if size == nil, isStartOfFrame(0xFF00 | UInt16(marker)), length >= 7,
               let height = bytes.bigEndian16(at: segment + 1), let width = bytes.bigEndian16(at: segment + 3) {
                size = (Double(width), Double(height))
            }
            if marker == 0xDA {
                scanStart = position
                break
            }
            position += 2 + Int(length)
        }
        guard let size, size.0 > 0, size.1 > 0 else { throw Problem(reason: "JPEG without a width and height (no start-of-frame marker)") }
        guard let scanStart else { throw Problem(reason: "truncated JPEG: it ends before its image data") }
        guard bytes.count >= scanStart + 4, (scanStart..<(bytes.count - 1)).reversed().contains(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD9 }) else {
            throw Problem(reason: "truncated JPEG: its image data has no end marker")
        }
        let resolution = (dpi.0 > 0 ? dpi.0 : 96, dpi.1 > 0 ? dpi.1 : 96)
        return ImageHeader(format: "JPEG", pixelWidth: size.0, pixelHeight: size.1, xDPI: resolution.0, yDPI: resolution.1,
                           library: libraryJPEG(bytes))
    }

    /// True for the start-of-frame markers 0xFFC0–0xFFCF except DHT (C4), JPG (C8) and DAC (CC).
    private static func isStartOfFrame(_ marker: UInt16) -> Bool {
        (marker & 0xFFF0) == 0xFFC0 && marker != 0xFFC4 && marker != 0xFFC8 && marker != 0xFFCC
    }

    /// What libxlsxwriter 1.1.4's `_process_jpeg` reads, step for step (it skips 4 bytes too few after a
    /// start-of-frame segment and then reads on from there, and takes any APP0 segment as JFIF).
    private static func libraryJPEG(_ bytes: [UInt8]) -> (width: Double, height: Double, xDPI: Double, yDPI: Double) {
        var position = 2
        var width = 0.0, height = 0.0, xDPI = 96.0, yDPI = 96.0
        while let marker = bytes.bigEndian16(at: position), let length = bytes.bigEndian16(at: position + 2) {
            position += 4
            var offset = UInt32(truncatingIfNeeded: Int(length) - 2)
            if isStartOfFrame(marker) {
                position += 1
                guard let h = bytes.bigEndian16(at: position) else { break }
                guard let w = bytes.bigEndian16(at: position + 2) else { break }
                height = Double(h)
                width = Double(w)
                position += 4
                offset = offset &- 9
            }
            if marker == 0xFFE0 {
                position += 7
                guard position < bytes.count else { break }
                let units = bytes[position]
                guard let x = bytes.bigEndian16(at: position + 1), let y = bytes.bigEndian16(at: position + 3) else { break }
                position += 5
                if units == 1 { (xDPI, yDPI) = (Double(x), Double(y)) }
                if units == 2 { (xDPI, yDPI) = (Double(x) * 2.54, Double(y) * 2.54) }
                offset = offset &- 12
            }
            if marker == 0xFFDA { break }
            position += Int(offset)
        }
        return (width, height, xDPI > 0 ? xDPI : 96, yDPI > 0 ? yDPI : 96)
    }

    /// GIF: the logical screen size (always 96 dpi).
    private static func gif(_ bytes: [UInt8]) throws(Problem) -> ImageHeader {
        guard bytes.count >= 13, let width = bytes.littleEndian16(at: 6), let height = bytes.littleEndian16(at: 8) else {
            throw Problem(reason: "truncated GIF: it ends inside its header")
        }
        guard width > 0, height > 0 else { throw Problem(reason: "GIF without a width and height") }
        return ImageHeader(format: "GIF", pixelWidth: Double(width), pixelHeight: Double(height), xDPI: 96, yDPI: 96,
                           library: (Double(width), Double(height), 96, 96))
    }

    /// BMP: the size from the info header (always 96 dpi, as libxlsxwriter assumes); the pixel data must start
    /// inside the file. A top-down bitmap's negative height is read by libxlsxwriter as a huge unsigned number, and an
    /// OS/2 header's 16-bit sizes as 32-bit ones: the library values keep that so the scale makes up for it.
    private static func bmp(_ bytes: [UInt8]) throws(Problem) -> ImageHeader {
        guard let pixelOffset = bytes.littleEndian32(at: 10), let headerSize = bytes.littleEndian32(at: 14),
              let libraryWidth = bytes.littleEndian32(at: 18), let libraryHeight = bytes.littleEndian32(at: 22) else {
            throw Problem(reason: "truncated BMP: it ends inside its header")
        }
        guard Int(pixelOffset) <= bytes.count else { throw Problem(reason: "truncated BMP: it ends before its pixel data") }
        let width: Double, height: Double
        if headerSize == 12, let w = bytes.littleEndian16(at: 18), let h = bytes.littleEndian16(at: 20) {
            (width, height) = (Double(w), Double(h))
        } else {
            (width, height) = (Double(Int32(bitPattern: libraryWidth)), Double(abs(Int64(Int32(bitPattern: libraryHeight)))))
        }
        guard width > 0, height > 0, libraryWidth > 0, libraryHeight > 0 else { throw Problem(reason: "BMP without a width and height") }
        return ImageHeader(format: "BMP", pixelWidth: width, pixelHeight: height, xDPI: 96, yDPI: 96,
                           library: (Double(libraryWidth), Double(libraryHeight), 96, 96))
    }
}

extension Array where Element == UInt8 {
    /// The big-endian `UInt32` at `offset`, or `nil` past the end.
    func bigEndian32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= count else { return nil }
        return self[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The big-endian `UInt16` at `offset`, or `nil` past the end.
    func bigEndian16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= count else { return nil }
        return UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
    }

    /// The little-endian `UInt32` at `offset`, or `nil` past the end.
    func littleEndian32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= count else { return nil }
        return self[offset..<(offset + 4)].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The little-endian `UInt16` at `offset`, or `nil` past the end.
    func littleEndian16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= count else { return nil }
        return UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }
}
