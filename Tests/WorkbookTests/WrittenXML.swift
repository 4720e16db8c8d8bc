import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import Workbook

/// Writes a workbook for one test and reads it back as XML, independently of libxlsxwriter.
struct WrittenBook {
    /// The workbook as read back.
    let book: XLSXReader
    /// Its file.
    let url: URL

    /// Writes a workbook built by `build` and reads it back.
    static func write(_ build: (Workbook) throws -> Void) throws -> WrittenBook {
        let url = try TestArtifacts.temporaryFolder("docsheet-wb").appendingPathComponent("template.xlsx")
        let workbook = try Workbook(destination: url, created: Date(timeIntervalSince1970: 1_767_225_600))
        try build(workbook)
        try workbook.close()
        return WrittenBook(book: try XLSXReader(url: url), url: url)
    }

    /// The root element of a sheet's part.
    func sheet(_ name: String) throws -> XMLElement {
        try book.document(try book.sheet(name).part)
    }

    /// The style index (`s`) of a cell, 0 when it has none.
    func styleIndex(_ sheet: String, _ cell: String) throws -> Int {
        let element = try #require(try self.sheet(sheet).descendants("c").first { $0.attr("r") == cell }, "no cell \(cell)")
        return Int(element.attr("s") ?? "0") ?? 0
    }

    /// The cell format (`xf`) of a cell, with its font, fill and border resolved.
    func format(_ sheet: String, _ cell: String) throws -> CellFormatXML {
        let styles = try book.document("xl/styles.xml")
        let xfs = try #require(styles.children("cellXfs").first).children("xf")
        let xf = xfs[try styleIndex(sheet, cell)]
        func part(_ list: String, _ item: String, _ id: String) throws -> XMLElement {
            let items = try #require(styles.children(list).first).children(item)
            return items[Int(xf.attr(id) ?? "0") ?? 0]
        }
        return CellFormatXML(xf: xf, font: try part("fonts", "font", "fontId"), fill: try part("fills", "fill", "fillId"),
                             border: try part("borders", "border", "borderId"), styles: styles)
    }

    /// The differential formats (`dxf`) of conditional formats, in order.
    func differentialFormats() throws -> [XMLElement] {
        try book.document("xl/styles.xml").children("dxfs").first?.children("dxf") ?? []
    }
}

/// A cell format as written in `xl/styles.xml`.
struct CellFormatXML {
    /// The `xf` element.
    let xf: XMLElement
    /// The `font` it refers to.
    let font: XMLElement
    /// The `fill` it refers to.
    let fill: XMLElement
    /// The `border` it refers to.
    let border: XMLElement
    /// The whole stylesheet (for number formats).
    let styles: XMLElement

    /// An attribute of the `alignment` child.
    func alignment(_ name: String) -> String? { xf.children("alignment").first?.attr(name) }
    /// An attribute of the `protection` child.
    func protection(_ name: String) -> String? { xf.children("protection").first?.attr(name) }
    /// The number format code, resolved from `numFmtId`.
    var numberFormat: String? {
        styles.descendants("numFmt").first { $0.attr("numFmtId") == xf.attr("numFmtId") }?.attr("formatCode")
    }
}

extension XMLElement {
    /// The `rgb` of the child element `name` (e.g. a border side's `color`, a fill's `fgColor`).
    func rgb(_ name: String) -> String? { descendants(name).first?.attr("rgb") }

    /// The first child called `name`'s attribute `attribute`.
    func child(_ name: String, _ attribute: String) -> String? { children(name).first?.attr(attribute) }
}
