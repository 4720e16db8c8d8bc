import SpreadsheetModel
import Foundation
import CXLSXWriter

extension Worksheet {
    /// Places an image so that it shows exactly `width` × `height` pixels (at 96 dpi) with its top-left corner at the
    /// anchor cell plus the offsets.
    ///
    /// The image's size and resolution are read from its header (PNG IHDR and pHYs, JPEG start-of-frame and JFIF
    /// density, GIF and BMP headers), and the scale libxlsxwriter is given makes up for its own 96 / dpi scaling, so
    /// the drawing's extent is `width × 9525` by `height × 9525` EMU and its `to` anchor ends there (computed from the
    /// column widths and row heights when the workbook is closed). Without a width or height, the picture keeps the
    /// size Excel gives it when inserted at 100 % (pixels × 96 / dpi). The picture moves with its cells but keeps its
    /// size when they are resized, as Excel places pictures by default.
    ///
    /// - Parameter placement: The image's bytes, anchor, offsets, size and alternative text.
    /// - Throws: `WorkbookError.invalidImage` naming the image's source when the data is not a PNG, JPEG, GIF or BMP
    ///   image, is truncated or damaged, or libxlsxwriter cannot read it; `WorkbookError.invalidValue` naming the sheet
    ///   and cell when the anchor is outside Excel's grid, an offset is negative or a size is not a positive number;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func insertImage(_ placement: ImagePlacement) throws(WorkbookError) {
        let sheet = try requireOpen()
        let anchor = placement.anchor
        let context = "sheet '\(name)', image \(placement.source) at \(anchor)"
        guard anchor.row >= 0, anchor.row < Worksheet.maximumRows, anchor.column >= 0, anchor.column < Worksheet.maximumColumns else {
            throw .invalidValue(context: "sheet '\(name)', image \(placement.source)", reason: "the anchor cell at row \(anchor.row + 1), column \(anchor.column + 1) is outside Excel's grid")
        }
        guard placement.xOffset >= 0, placement.yOffset >= 0, placement.xOffset <= Int(Int32.max), placement.yOffset <= Int(Int32.max) else {
            throw .invalidValue(context: context, reason: "the offsets (\(placement.xOffset), \(placement.yOffset)) must be 0 or more pixels; anchor the image at the cell its corner is in")
        }
        for (size, what) in [(placement.width, "width"), (placement.height, "height")] {
            if let size, !(size.isFinite && size > 0) {
                throw .invalidValue(context: context, reason: "the \(what) \(size) is not a positive number of pixels; give a size above 0 or nil for the natural size")
            }
        }
        let header: ImageHeader
        do {
            header = try ImageHeader.read(placement.data)
        } catch {
            throw .invalidImage(path: placement.source, reason: error.reason)
        }
        let scale = header.scale(toWidth: placement.width ?? header.naturalWidth, height: placement.height ?? header.naturalHeight)
        let pool = CStringPool()
        defer { pool.free() }
        var options = lxw_image_options()
        options.x_offset = Int32(placement.xOffset)
        options.y_offset = Int32(placement.yOffset)
        options.x_scale = scale.x
        options.y_scale = scale.y
        options.object_position = UInt8(LXW_OBJECT_MOVE_DONT_SIZE.rawValue)
        options.description = pool.text(placement.description.map(ExcelText.removingInvalidCharacters))
        let result = placement.data.withUnsafeBytes { bytes in
            worksheet_insert_image_buffer_opt(sheet, lxw_row_t(anchor.row), lxw_col_t(anchor.column),
                                              bytes.bindMemory(to: UInt8.self).baseAddress, placement.data.count, &options)
        }
        guard result == LXW_NO_ERROR else {
            throw .invalidImage(path: placement.source, reason: "libxlsxwriter could not read the \(header.format) image (\(WorkbookCore.message(result)))")
        }
    }
}
