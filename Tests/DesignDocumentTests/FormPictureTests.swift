import Foundation
import Testing
import Inventory
import SpreadsheetModel
import TestSupport
@testable import DesignDocument

/// Pictures at a marker in a client's form: `{{type.diagram}}`, `{{module.diagram}}` and `{{diagram}}` cells get the
/// diagram, anchored at the cell and fitted into the merged range that holds it.
@Suite struct FormPictureTests {
    /// A picture as the sheet's drawing places it.
    struct Anchor {
        var column: Int, row: Int, columnOffset: Int, rowOffset: Int
        /// The extent in pixels.
        var width: Double, height: Double
        /// The alternative text.
        var description: String?
    }

    /// The pictures of `sheet`'s drawing.
    func anchors(_ book: XLSXReader, sheet: String) throws -> [Anchor] {
        guard let part = try book.sheet(sheet).drawingParts.first else { return [] }
        let drawing = try book.document(part)
        return drawing.children().filter { $0.localName?.hasSuffix("Anchor") == true }.map { anchor in
            let from = anchor.children("from").first
            func number(_ name: String) -> Int { Int(from?.children(name).first?.stringValue ?? "") ?? -1 }
            let ext = anchor.descendants("ext").first { $0.attr("cx") != nil }
            return Anchor(column: number("col"), row: number("row"), columnOffset: number("colOff"), rowOffset: number("rowOff"),
                          width: (Double(ext?.attr("cx") ?? "") ?? 0) / 9525, height: (Double(ext?.attr("cy") ?? "") ?? 0) / 9525,
                          description: anchor.descendants("cNvPr").first?.attr("descr"))
        }
    }

    /// The size in pixels of the PNG pictures of the workbook, by media part.
    func pictureSizes(_ book: XLSXReader) -> [(width: Int, height: Int)] {
        book.parts.filter { $0.hasPrefix("xl/media/") }.sorted().compactMap { book.partData[$0].flatMap(Graphviz.pngSize) }
    }

    func render(_ sheets: [SheetDocument]) throws -> (book: XLSXReader, warnings: [String]) {
        let template = try FormTemplateLoader.template(from: SpreadsheetDocument(sheets: sheets), path: "client.xlsx")
        let url = try Fixtures.folder().appendingPathComponent("form-pictures.xlsx")
        let warnings = try WorkbookRenderer(template: template, context: Fixtures.context, inventory: FormBlockTests.inventory, diff: nil)
            .render(to: url)
        return (try XLSXReader(url: url), warnings)
    }

    /// A type sheet: the type's name, a property table (row 3), and the diagram's frame A6:F16 below it, in columns
    /// 10 characters wide (70 pixels: the frame is 420 × 220 pixels).
    static let typeSheet = SheetDocument(
        name: "{{type.name}}",
        cells: [FormBlockTests.text("A1", "{{type.name}}"), FormBlockTests.text("A3", "{{property.name}}"),
                FormBlockTests.text("A5", "クラス図"), FormBlockTests.text("A6", " {{type.diagram}} ")],
        columns: [ColumnFormat(first: 0, last: 5, width: 10)],
        merges: [CellRange("A6:F16")!])

    @Test func aTypeDiagramIsAnchoredAtItsMarkerAndFittedIntoItsFrame() throws {
        let (book, warnings) = try render([Self.typeSheet])
        let store = try book.sheet("TaskStore")
        // TaskStore's two properties push the frame down a row: its marker cell is A7, emptied.
        #expect(store["A7"] == nil && store["A3"] == "tasks" && store["A6"] == "クラス図" && store.mergedRanges.contains("A7:F17"))
        guard Graphviz.program != nil else {
            #expect(store["A7"] == nil || store["A7"] == MarkerDiagrams.notDrawnText(.en))
            #expect(warnings.contains { $0.contains("Graphviz's 'dot' program was not found") })
            return
        }
        #expect(warnings.isEmpty, "\(warnings)")
        let placed = try anchors(book, sheet: "TaskStore")
        try #require(placed.count == 1)
        let picture = placed[0]
        #expect(picture.column == 0 && picture.row == 6 && picture.columnOffset == 0 && picture.rowOffset == 0)
        #expect(picture.description == "the class diagram of App.TaskStore")
        // Inside the frame, and filling its width or height unless the diagram is smaller (never enlarged).
        #expect(picture.width <= 420 && picture.height <= 220, "\(picture)")
        let sizes = pictureSizes(book)
        try #require(sizes.count == 2, "one picture per type sheet")
        let drawn = try #require(sizes.first { abs(Double($0.width) / Double($0.height) - picture.width / picture.height) < 0.05 })
        #expect(abs(picture.height - picture.width * Double(drawn.height) / Double(drawn.width)) <= 1.5, "aspect ratio kept")
        #expect(picture.width == 420 || picture.height == 220 || picture.width <= Double(drawn.width), "\(picture) \(drawn)")
        // Tag's single box is smaller than the frame: shown at its true size, not enlarged.
        let tag = try #require(try anchors(book, sheet: "Tag").first)
        #expect(tag.row == 5 && tag.width < 420 && tag.height < 220)
    }

    @Test func theProjectDiagramHasItsNaturalSizeOutsideAMergeAndAnEmptyDiagramSaysSo() throws {
        let sheet = SheetDocument(name: "図", cells: [FormBlockTests.text("B2", "{{diagram}}"), FormBlockTests.text("B20", "{{module.diagram}}")])
        let (book, warnings) = try render([sheet])
        let written = try book.sheet("図")
        // One module without dependencies: the module structure has nothing to draw; its cell says so, once.
        #expect(written["B20"] == MarkerDiagrams.emptyText(.en))
        #expect(warnings.filter { $0.contains("nothing to draw") }.count == 1)
        #expect(warnings.contains { $0.contains("the module structure diagram has nothing to draw") })
        guard Graphviz.program != nil else { return }
        #expect(written["B2"] == nil)
        let picture = try #require(try anchors(book, sheet: "図").first)
        #expect(picture.column == 1 && picture.row == 1 && picture.description == "the class diagram")
        let drawn = try #require(pictureSizes(book).first)
        // Drawn at 120 dpi, shown at its true size (96 dpi): 0.8 of its pixels, whole pixels.
        #expect(abs(picture.width - Double(drawn.width) * 0.8) <= 1 && abs(picture.height - Double(drawn.height) * 0.8) <= 1)
    }

    @Test func misplacedPictureMarkersAreRefusedWithTheirCell() {
        func loadError(_ sheet: SheetDocument) -> String? {
            do {
                _ = try FormTemplateLoader.template(from: SpreadsheetDocument(sheets: [sheet]), path: "client.xlsx")
                return nil
            } catch {
                return error.description
            }
        }
        let outsideTypeSheet = loadError(SheetDocument(name: "Classes", cells: [FormBlockTests.text("C3", "{{type.diagram}}")]))
        #expect(outsideTypeSheet?.contains("C3") == true && outsideTypeSheet?.contains("written once per type") == true)
        let withText = loadError(SheetDocument(name: "Classes", cells: [FormBlockTests.text("A1", "図: {{diagram}}")]))
        #expect(withText?.contains("A1") == true && withText?.contains("leave it alone in the cell") == true)
        let inBlock = loadError(SheetDocument(name: "Functions", cells: [FormBlockTests.text("A2", "{{function.name}}"),
                                                                          FormBlockTests.text("B2", "{{diagram}}")]))
        #expect(inBlock?.contains("B2") == true && inBlock?.contains("outside the row templates") == true)
        let frameOverBlock = loadError(SheetDocument(name: "Functions", cells: [FormBlockTests.text("A2", "{{function.name}}"),
                                                                                 FormBlockTests.text("B1", "{{diagram}}")],
                                                     merges: [CellRange("B1:C3")!]))
        #expect(frameOverBlock?.contains("B1") == true)
    }

    @Test func theHouganFixturesDiagramSitsInItsFrame() throws {
        let report = try WorkbookTemplateReport(checking: FormBlockTests.hougan)
        #expect(report.lines.contains("  A23: picture {{type.diagram}}, the sheet's type with its neighbours (a sheet per type); fitted into A23:AR38"))
        let template = try Template.resolve(FormBlockTests.hougan)
        let url = try Fixtures.folder().appendingPathComponent("hougan-pictures.xlsx")
        _ = try WorkbookRenderer(template: template, context: Fixtures.context, inventory: FormBlockTests.inventory, diff: nil).render(to: url)
        let book = try XLSXReader(url: url)
        let store = try book.sheet("TaskStore")
        // The frame A23:AR38 moved down five rows (a second property row, a second parameter row, a second block).
        #expect(store.mergedRanges.contains("A28:AR43") && store["A28"] == nil)
        guard Graphviz.program != nil else { return }
        let picture = try #require(try anchors(book, sheet: "TaskStore").first)
        #expect(picture.column == 0 && picture.row == 27 && picture.columnOffset == 0 && picture.rowOffset == 0)
        // 44 columns of 19 pixels by 16 rows of 20.
        #expect(picture.width <= 836 && picture.height <= 320, "\(picture)")
    }
}

/// `{{screen.diagram}}` and `{{entity.diagram}}` in a client's form: the app's screen-transition and entity-relationship
/// diagrams, and a form with them reads the app's records.
@Suite struct FormAppPictureTests {
    @Test func theScreenAndEntityDiagramsGoIntoTheirFrames() throws {
        let sheet = SheetDocument(
            name: "画面", cells: [FormBlockTests.text("A1", "画面遷移図"), FormBlockTests.text("A2", "{{screen.diagram}}"),
                                FormBlockTests.text("A20", "{{entity.diagram}}")],
            columns: [ColumnFormat(first: 0, last: 7, width: 10)], merges: [CellRange("A2:H16")!])
        let template = try FormTemplateLoader.template(from: SpreadsheetDocument(sheets: [sheet]), path: "client.xlsx")
        #expect(template.usesAppRecords)
        let url = try Fixtures.folder().appendingPathComponent("form-app-pictures.xlsx")
        let warnings = try WorkbookRenderer(template: template, context: Fixtures.context, inventory: AppSheetTests.inventory, diff: nil)
            .render(to: url)
        let book = try XLSXReader(url: url)
        let pictures = try FormPictureTests().anchors(book, sheet: "画面")
        #expect(Graphviz.program != nil, "Graphviz's dot is not installed: run scripts/install-deps")
        #expect(pictures.map(\.description) == ["the screen-transition diagram", "the entity-relationship diagram"], "\(warnings)")
        #expect(pictures.map { "\($0.column):\($0.row)" } == ["0:1", "0:19"])
        // The transition diagram is fitted into A2:H16: 8 columns of 75 pixels, 15 rows of 20.
        let frame = try #require(pictures.first)
        #expect(frame.width <= 8 * 75 + 1 && frame.height <= 15 * 20 + 1)
        #expect(try book.sheet("画面")["A2"] == nil)
        // Without such a marker a form does not read them.
        let plain = SheetDocument(name: "S", cells: [FormBlockTests.text("A1", "{{diagram}}")])
        #expect(!(try FormTemplateLoader.template(from: SpreadsheetDocument(sheets: [plain]), path: "client.xlsx")).usesAppRecords)
    }
}
