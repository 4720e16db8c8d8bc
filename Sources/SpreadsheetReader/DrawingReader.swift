import Foundation
import SpreadsheetModel

/// Reads a drawing part (`xdr:wsDr`): pictures become ``Workbook/ImagePlacement``s; charts, shapes, groups,
/// connectors and ink are listed as unsupported at the cell they are anchored at.
///
/// Anchors: `twoCellAnchor` and `oneCellAnchor` give the top-left cell and offsets in `xdr:from`; an
/// `absoluteAnchor` gives a position in EMU, placed on the grid with the sheet's column widths and row heights.
/// The size shown is the picture's `a:xfrm/a:ext` (or the anchor's `xdr:ext`); a two-cell anchor without either is
/// measured from `xdr:from` to `xdr:to`. EMU convert to pixels at 9,525 per pixel (96 dpi).
struct DrawingReader {
    let context: WorkbookContext
    /// The drawing part's name.
    let part: String
    /// The sheet the drawing belongs to.
    let sheetName: String
    /// The sheet's column widths and row heights so far, to place absolute anchors.
    let sheet: SheetDocument
    /// The pictures found.
    private(set) var images: [ImagePlacement] = []
    /// Charts, shapes and the like.
    private(set) var unsupported: [UnsupportedFeature] = []
    private var relationships: [String: Relationship] = [:]

    /// EMU per pixel at 96 dpi.
    static let emuPerPixel = 9_525.0
    /// The largest offset into a cell accepted, in pixels (Excel's widest column is 1,790 pixels).
    static let largestOffset = 1_000_000.0

    init(context: WorkbookContext, part: String, sheetName: String, sheet: SheetDocument) {
        self.context = context
        self.part = part
        self.sheetName = sheetName
        self.sheet = sheet
    }

    /// Reads the drawing and the images and charts it refers to.
    mutating func read(referredToBy referrer: String) throws(SpreadsheetReaderError) {
        let root = try context.package.requiredXML(part, referredToBy: referrer)
        for relationship in try context.package.relationships(of: part) { relationships[relationship.id] = relationship }
        for anchor in root.resolvedChildren {
            switch anchor.name {
            case "twoCellAnchor", "oneCellAnchor", "absoluteAnchor": try readAnchor(anchor)
            default: continue
            }
        }
    }

    private func invalid(_ detail: String) -> SpreadsheetReaderError {
        .invalidValue(path: context.package.source, part: part, location: "a drawing anchor of sheet '\(sheetName)'", detail: detail)
    }

    /// An EMU value of `element`'s child `name` (`xdr:col`, `xdr:rowOff`, …) or attribute.
    private func emu(_ text: String?, _ what: String) throws(SpreadsheetReaderError) -> Double? {
        guard let text else { return nil }
        guard let value = XMLValue.double(text) else { throw invalid("has \(what) \"\(text)\", not a number") }
        return value
    }

    /// A marker (`xdr:from`, `xdr:to`): the cell and the offsets into it in pixels.
    private func marker(_ element: ParsedElement?) throws(SpreadsheetReaderError) -> (cell: CellReference, x: Double, y: Double)? {
        guard let element else { return nil }
        let column = try emu(element.child("col")?.text, "column") ?? 0
        let row = try emu(element.child("row")?.text, "row") ?? 0
        guard column >= 0, row >= 0, column < Double(SheetGrid.maximumColumns), row < Double(SheetGrid.maximumRows) else {
            throw .outsideExcelGrid(path: context.package.source, part: part, reference: "a drawing anchored at row \(row), column \(column) of sheet '\(sheetName)'")
        }
        let x = (try emu(element.child("colOff")?.text, "column offset") ?? 0) / DrawingReader.emuPerPixel
        let y = (try emu(element.child("rowOff")?.text, "row offset") ?? 0) / DrawingReader.emuPerPixel
        guard abs(x) <= DrawingReader.largestOffset, abs(y) <= DrawingReader.largestOffset else {
            throw invalid("has an offset of \(Int(max(abs(x), abs(y)).rounded(.down).clamped(to: 0...1e15))) pixels into its cell")
        }
        return (CellReference(row: Int(row), column: Int(column)), x, y)
    }

    /// `a:ext`/`xdr:ext`'s `cx` and `cy` in pixels.
    private func size(_ ext: ParsedElement?) throws(SpreadsheetReaderError) -> (width: Double, height: Double)? {
        guard let ext, let cx = try emu(ext["cx"], "width"), let cy = try emu(ext["cy"], "height") else { return nil }
        return (cx / DrawingReader.emuPerPixel, cy / DrawingReader.emuPerPixel)
    }

    private mutating func readAnchor(_ anchor: ParsedElement) throws(SpreadsheetReaderError) {
        let geometry = SheetGeometry(sheet: sheet)
        var start: (cell: CellReference, x: Double, y: Double)
        if anchor.name == "absoluteAnchor" {
            let position = anchor.child("pos")
            let x = (try emu(position?["x"], "position") ?? 0) / DrawingReader.emuPerPixel
            let y = (try emu(position?["y"], "position") ?? 0) / DrawingReader.emuPerPixel
            start = geometry.cell(atX: x, y: y)
        } else if let from = try marker(anchor.child("from")) {
            start = from
        } else {
            throw invalid("has no xdr:from")
        }
        guard abs(start.x) <= DrawingReader.largestOffset, abs(start.y) <= DrawingReader.largestOffset else {
            throw invalid("lies beyond the sheet's last row or column")
        }
        let anchorSize = try size(anchor.child("ext"))
        let end = try marker(anchor.child("to"))
        for content in anchor.resolvedChildren {
            let properties = content.children.first { $0.name.hasPrefix("nv") }?.child("cNvPr")
            let objectName = properties?["name"]
            switch content.name {
            case "pic":
                let blip = content.path("blipFill", "blip")
                guard let embed = blip?.relationshipID("embed"), let relationship = relationships[embed], !relationship.isExternal else {
                    report("linked image", name: blip?.relationshipID("link").flatMap { relationships[$0]?.target } ?? objectName, cell: start.cell)
                    continue
                }
                let data = try context.package.requiredData(relationship.target, referredToBy: part)
                var shown = try size(content.path("spPr", "xfrm", "ext")) ?? anchorSize
                if shown == nil, let end {
                    shown = (geometry.distance(fromColumn: start.cell.column, x: start.x, toColumn: end.cell.column, x: end.x),
                             geometry.distance(fromRow: start.cell.row, y: start.y, toRow: end.cell.row, y: end.y))
                }
                let description = properties?["descr"].flatMap { $0.isEmpty ? nil : $0 }
                images.append(ImagePlacement(data: data, source: relationship.target, anchor: start.cell,
                                             xOffset: Int(start.x.rounded()), yOffset: Int(start.y.rounded()),
                                             width: shown?.width, height: shown?.height, description: description))
            case "graphicFrame":
                let graphicData = content.path("graphic", "graphicData")
                if let chart = graphicData?.children.first(where: { $0.name == "chart" }) {
                    report("chart", name: try chartTitle(chart) ?? objectName, cell: start.cell)
                } else if graphicData?["uri"]?.hasSuffix("/chartex") == true || graphicData?["uri"]?.contains("chartex") == true {
                    report("chart", name: objectName, cell: start.cell)
                } else {
                    report("embedded object", name: objectName, cell: start.cell)
                }
            case "sp", "grpSp", "cxnSp":
                report("shape", name: objectName, cell: start.cell)
            case "contentPart":
                report("ink", name: objectName, cell: start.cell)
            default:
                continue
            }
        }
    }

    /// The chart's title text (`c:title` rich text or its cached cell reference), or `nil`.
    private func chartTitle(_ chart: ParsedElement) throws(SpreadsheetReaderError) -> String? {
        guard let id = chart.relationshipID(), let relationship = relationships[id], !relationship.isExternal,
              let chartSpace = try context.package.xml(relationship.target),
              let title = chartSpace.child("chart")?.child("title") else { return nil }
        if let rich = title.path("tx", "rich") {
            let paragraphs = rich.children("p").map { paragraph in paragraph.children("r").compactMap { $0.child("t")?.text }.joined() }
            let text = paragraphs.filter { !$0.isEmpty }.joined(separator: " ")
            if !text.isEmpty { return text }
        }
        if let cached = title.path("tx", "strRef", "strCache")?.children("pt").compactMap({ $0.child("v")?.text }).joined(separator: " "),
           !cached.isEmpty {
            return cached
        }
        return nil
    }

    private mutating func report(_ kind: String, name: String?, cell: CellReference) {
        unsupported.append(UnsupportedFeature(kind: kind, name: name, sheet: sheetName, cell: cell))
    }
}

/// Column widths and row heights of a sheet in pixels, as Excel draws them with Calibri 11 (7-pixel digits):
/// a column of stored width `w` is `trunc(7w + 0.5)` pixels, a row of `h` points is `h × 4/3` pixels.
struct SheetGeometry {
    private let columnWidths: [(range: ClosedRange<Int>, pixels: Double)]
    private let rowHeights: [Int: Double]
    private let defaultColumnPixels: Double
    private let defaultRowPixels: Double

    init(sheet: SheetDocument) {
        func pixels(width: Double) -> Double { (width * 7 + 0.5).rounded(.down) }
        columnWidths = sheet.columns.map { ($0.first...$0.last, $0.hidden ? 0 : pixels(width: $0.width ?? sheet.defaultColumnWidth ?? 8.43 + 5.0 / 7)) }
        rowHeights = sheet.rows.compactMapValues { $0.hidden ? 0 : $0.height.map { $0 * 4 / 3 } }
        defaultColumnPixels = pixels(width: sheet.defaultColumnWidth ?? 8.43 + 5.0 / 7)
        defaultRowPixels = (sheet.defaultRowHeight ?? 15) * 4 / 3
    }

    func columnPixels(_ column: Int) -> Double {
        columnWidths.last { $0.range.contains(column) }?.pixels ?? defaultColumnPixels
    }

    func rowPixels(_ row: Int) -> Double { rowHeights[row] ?? defaultRowPixels }

    /// The cell under the point (`x`, `y`) pixels from the sheet's top-left corner, and the offsets into it.
    func cell(atX x: Double, y: Double) -> (cell: CellReference, x: Double, y: Double) {
        var column = 0, remainingX = max(0, x)
        while column < SheetGrid.maximumColumns - 1 {
            let width = columnPixels(column)
            if width > remainingX { break }
            remainingX -= width
            column += 1
        }
        var row = 0, remainingY = max(0, y)
        while row < SheetGrid.maximumRows - 1 {
            let height = rowPixels(row)
            if height > remainingY { break }
            remainingY -= height
            row += 1
        }
        return (CellReference(row: row, column: column), remainingX, remainingY)
    }

    /// Pixels from (`fromColumn`, `x`) to (`toColumn`, `x`).
    func distance(fromColumn: Int, x fromX: Double, toColumn: Int, x toX: Double) -> Double {
        guard toColumn >= fromColumn else { return 0 }
        var total = 0.0
        for column in fromColumn..<toColumn { total += columnPixels(column) }
        return max(0, total - fromX + toX)
    }

    /// Pixels from (`fromRow`, `y`) to (`toRow`, `y`).
    func distance(fromRow: Int, y fromY: Double, toRow: Int, y toY: Double) -> Double {
        guard toRow >= fromRow else { return 0 }
        var total = 0.0
        for row in fromRow..<toRow { total += rowPixels(row) }
        return max(0, total - fromY + toY)
    }
}

extension Double {
    /// The value limited to `range`.
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
