import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
import SpreadsheetModel
@testable import Workbook

/// Small image files built byte by byte, with the header fields the tests need.
enum TestImages {
    /// A PNG of `width` × `height` pixels; with `pixelsPerMetre`, a pHYs chunk in metres.
    static func png(width: UInt32, height: UInt32, pixelsPerMetre: UInt32? = nil) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ body: [UInt8]) {
            let typed = Array(type.utf8) + body
            bytes += be32(UInt32(body.count)) + typed + be32(crc32(typed))
        }
        chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        if let pixelsPerMetre { chunk("pHYs", be32(pixelsPerMetre) + be32(pixelsPerMetre) + [1]) }
        chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])
        chunk("IEND", [])
        return Data(bytes)
    }

    /// A baseline JPEG header (JFIF density in `units`: 0 none, 1 per inch, 2 per centimetre), a scan and EOI.
    static func jpeg(width: UInt16, height: UInt16, units: UInt8 = 1, density: UInt16 = 72) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, units] + be16(density) + be16(density) + [0, 0]
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + Array(repeating: 1, count: 64)
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08] + be16(height) + be16(width) + [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
        bytes += [0xFF, 0xC4, 0x00, 0x14, 0x00] + [1] + Array(repeating: 0, count: 15) + [0]
        bytes += [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3F, 0x00]
        bytes += [0x12, 0x34, 0x56, 0xFF, 0xD9]
        return Data(bytes)
    }

    /// A GIF89a header with its trailer.
    static func gif(width: UInt16, height: UInt16) -> Data {
        Data(Array("GIF89a".utf8) + le16(width) + le16(height) + [0, 0, 0, 0x3B])
    }

    /// A 24-bit BMP; a negative `height` is a top-down bitmap.
    static func bmp(width: Int32, height: Int32) -> Data {
        let pixels = [UInt8](repeating: 0, count: 16)
        var bytes: [UInt8] = Array("BM".utf8) + le32(UInt32(54 + pixels.count)) + [0, 0, 0, 0] + le32(54)
        bytes += le32(40) + le32(UInt32(bitPattern: width)) + le32(UInt32(bitPattern: height)) + [1, 0, 24, 0]
        bytes += Array(repeating: 0, count: 24) + pixels
        return Data(bytes)
    }

    static func be32(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(truncatingIfNeeded: value)] }
    static func le32(_ value: UInt32) -> [UInt8] { be32(value).reversed() }
    static func le16(_ value: UInt16) -> [UInt8] { be16(value).reversed() }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// Images placed at an exact size and position, whatever their resolution.
@Suite struct ImagePlacementTests {
    /// The drawing's anchors: (from column, from column offset, from row, from row offset, cx, cy, descr).
    func anchors(_ written: WrittenBook, sheet: String) throws -> [(col: String?, colOff: String?, row: String?, rowOff: String?, cx: String?, cy: String?, descr: String?)] {
        let parts = try written.book.sheet(sheet).drawingParts
        let drawing = try written.book.document(try #require(parts.first))
        return drawing.children().filter { $0.localName?.hasSuffix("Anchor") == true }.map { anchor in
            let from = anchor.children("from").first
            let ext = anchor.descendants("ext").first { $0.attr("cx") != nil }
            return (from?.children("col").first?.stringValue, from?.children("colOff").first?.stringValue,
                    from?.children("row").first?.stringValue, from?.children("rowOff").first?.stringValue,
                    ext?.attr("cx"), ext?.attr("cy"), anchor.descendants("cNvPr").first?.attr("descr"))
        }
    }

    @Test func everyFormatShowsAtTheRequestedPixelSize() throws {
        let images: [(Data, String)] = [
            (TestImages.png(width: 40, height: 20), "plain.png"),
            (TestImages.png(width: 400, height: 200, pixelsPerMetre: 7874), "retina.png"),
            (TestImages.jpeg(width: 300, height: 100, units: 1, density: 300), "print.jpg"),
            (TestImages.jpeg(width: 300, height: 100, units: 2, density: 118), "metric.jpg"),
            (TestImages.gif(width: 16, height: 16), "icon.gif"),
            (TestImages.bmp(width: 8, height: -4), "topdown.bmp"),
        ]
        let written = try WrittenBook.write { workbook in
            let sheet = try workbook.addWorksheet(named: "Logo")
            for (index, (data, source)) in images.enumerated() {
                try sheet.insertImage(ImagePlacement(data: data, source: source, anchor: CellReference(row: index * 10, column: 1),
                                                     xOffset: 10, yOffset: 5, width: 150, height: 75, description: "Logo \(index)"))
            }
        }
        let placed = try anchors(written, sheet: "Logo")
        try #require(placed.count == images.count)
        // 10 + 150 pixels from column B's left edge across 64-pixel columns end 32 pixels into column D;
        // 5 + 75 pixels from row 1's top across 20-pixel rows end at the top of row 5.
        let drawing = try written.book.document(try #require(try written.book.sheet("Logo").drawingParts.first))
        let to = try #require(drawing.descendants("to").first)
        #expect(["col", "colOff", "row", "rowOff"].map { to.children($0).first?.stringValue } == ["3", "\(32 * 9525)", "4", "0"])
        for (index, anchor) in placed.enumerated() {
            #expect(anchor.cx == "\(150 * 9525)" && anchor.cy == "\(75 * 9525)", "\(images[index].1): \(anchor)")
            #expect(anchor.col == "1" && anchor.row == "\(index * 10)" && anchor.colOff == "\(10 * 9525)" && anchor.rowOff == "\(5 * 9525)")
            #expect(anchor.descr == "Logo \(index)")
        }
    }

    @Test func naturalSizeIsThePixelsAt96DotsPerInch() throws {
        let written = try WrittenBook.write { workbook in
            let sheet = try workbook.addWorksheet(named: "Logo")
            try sheet.insertImage(ImagePlacement(data: TestImages.png(width: 40, height: 20), source: "a.png", anchor: CellReference(row: 0, column: 0)))
            try sheet.insertImage(ImagePlacement(data: TestImages.jpeg(width: 300, height: 150, density: 192), source: "b.jpg",
                                                 anchor: CellReference(row: 10, column: 0), width: 60))
            try sheet.insertImage(ImagePlacement(data: TestImages.bmp(width: 8, height: -4), source: "c.bmp", anchor: CellReference(row: 20, column: 0)))
        }
        let placed = try anchors(written, sheet: "Logo")
        #expect(placed.map(\.cx) == ["\(40 * 9525)", "\(60 * 9525)", "\(8 * 9525)"])
        #expect(placed.map(\.cy) == ["\(20 * 9525)", "\(75 * 9525)", "\(4 * 9525)"], "150 pixels at 192 dpi show as 75; a top-down bitmap is 4 high")
    }

    @Test func truncatedOrDamagedImagesAreRefusedByName() throws {
        let png = TestImages.png(width: 40, height: 20, pixelsPerMetre: 3780)
        let jpeg = TestImages.jpeg(width: 30, height: 10)
        let cases: [(Data, String)] = [
            (png.prefix(20), "truncated PNG"), (png.prefix(png.count - 12), "truncated PNG"), (png.prefix(8), "truncated PNG"),
            (TestImages.png(width: 0, height: 20), "PNG without a width"),
            (jpeg.prefix(30), "truncated JPEG"), (jpeg.prefix(jpeg.count - 2), "no end marker"), (Data([0xFF, 0xD8, 0x00, 0x00]), "damaged JPEG"),
            (TestImages.gif(width: 16, height: 16).prefix(9), "truncated GIF"), (TestImages.gif(width: 0, height: 16), "GIF without"),
            (TestImages.bmp(width: 8, height: 4).prefix(20), "truncated BMP"), (TestImages.bmp(width: 8, height: 4).prefix(40), "before its pixel data"),
            (Data("hello".utf8), "not a PNG"), (Data(), "not a PNG"),
        ]
        _ = try WrittenBook.write { workbook in
            let sheet = try workbook.addWorksheet(named: "Logo")
            for (data, reason) in cases {
                #expect {
                    try sheet.insertImage(ImagePlacement(data: data, source: "logo.bin", anchor: CellReference(row: 0, column: 0)))
                } throws: { error in
                    guard let error = error as? WorkbookError, case .invalidImage(let path, let message) = error else { return false }
                    return path == "logo.bin" && message.contains(reason)
                }
            }
            for (width, height, x, y) in [(0.0, 10.0, 0, 0), (10, -.infinity, 0, 0), (10, .nan, 0, 0), (10, 10, -1, 0)] {
                #expect(throws: WorkbookError.self) {
                    try sheet.insertImage(ImagePlacement(data: png, source: "logo.png", anchor: CellReference(row: 0, column: 0),
                                                         xOffset: x, yOffset: y, width: width, height: height))
                }
            }
        }
    }

    @Test func headerReadsTheSizesLibxlsxwriterReads() throws {
        let png = try ImageHeader.read(TestImages.png(width: 400, height: 200, pixelsPerMetre: 7874))
        #expect(png.pixelWidth == 400 && abs(png.xDPI - 199.9996) < 0.001 && png.library.width == 400)
        let jpeg = try ImageHeader.read(TestImages.jpeg(width: 300, height: 100, units: 2, density: 118))
        #expect(jpeg.pixelWidth == 300 && jpeg.pixelHeight == 100 && abs(jpeg.xDPI - 299.72) < 0.001)
        #expect(jpeg.library.width == 300 && jpeg.library.height == 100 && jpeg.library.xDPI == jpeg.xDPI)
        let undeclared = try ImageHeader.read(TestImages.jpeg(width: 30, height: 10, units: 0))
        #expect(undeclared.xDPI == 96 && undeclared.library.xDPI == 96)
        let bmp = try ImageHeader.read(TestImages.bmp(width: 8, height: -4))
        #expect(bmp.pixelHeight == 4 && bmp.library.height == Double(UInt32(bitPattern: -4)))
        let scale = bmp.scale(toWidth: 8, height: 4)
        #expect(abs(bmp.library.height * scale.y - 4) < 1e-9)
    }
}
