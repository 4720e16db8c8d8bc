import Foundation
import SpreadsheetModel
import Workbook

/// A whole workbook as it will be written: what goes where, before any libxlsxwriter call. YAML templates
/// (``TemplateLowering``) and client forms (``FormLowering``) both lower into it, and ``WorkbookWriter`` writes it.
struct RenderPlan {
    /// The document properties (title, author…).
    var properties: SpreadsheetProperties
    /// The creation date written into the file (fixed, so the same input gives the same bytes).
    var created: Date
    /// The look of cells without a style of their own (the template's font, or the form's default style).
    var defaultStyle: CellStyle?
    /// Whether rows are flushed as they are written (huge inventories); rows must then come top to bottom.
    var constantMemory = false
    /// The worksheets, in workbook order.
    var worksheets: PlannedWorksheets
    /// Defined names to write after the sheets (a form's), each one that fails a warning instead of an error.
    var definedNames: [PlannedDefinedName] = []
    /// Warnings known before writing (parts of a form that are not carried over).
    var warnings: [String] = []
    /// The template's path, for the warnings the writing adds.
    var source = ""
}

/// The worksheets of a plan, in workbook order: all planned already, or planned a group at a time by the writer,
/// each group while the one before it is written.
enum PlannedWorksheets {
    /// The worksheets, planned.
    case planned([PlannedWorksheet])
    /// `count` worksheets; `plan` plans those of a range of their indexes. A design document has a sheet per type,
    /// thousands in a large project: planning them all before the first is written made the write phase the sum of
    /// both, where the writer can instead write one group while the next is planned on the other cores.
    case planLater(count: Int, plan: @Sendable (Range<Int>) -> [PlannedWorksheet])
}

/// A workbook-level defined name, its formula already moved with the rows.
struct PlannedDefinedName {
    /// The name.
    var name: String
    /// The formula, with its leading `=`.
    var formula: String
    /// The sheet it is local to, or `nil` for the whole workbook.
    var localSheet: String?
}

/// One worksheet to write: its settings, its columns, and its rows in the order they are written.
struct PlannedWorksheet {
    /// The sheet's name, unique in the workbook.
    var name: String
    /// The looks its cells, merges and rows use; they refer to them by index, so each is resolved once.
    private(set) var styles: [CellStyle?] = [nil]
    /// The index of each look in ``styles``.
    private var styleIndices: [CellStyle?: Int] = [nil: 0]
    /// The height of rows without one of their own.
    var defaultRowHeight: Double?
    /// Column widths, looks and visibility, applied in order (a later entry for a column wins).
    var columns: [ColumnFormat] = []
    /// The rows, in the order they are written.
    var rows: [RowSegment] = []
    /// What is set once the rows are written.
    var layout = SheetLayout()

    /// An empty worksheet called `name`.
    init(name: String) { self.name = name }
}

/// A run of planned rows: given, or made batch by batch while the batch before is written.
enum RowSegment {
    /// Rows known in full.
    case rows([PlannedRow])
    /// `count` rows made by `make` for a range of positions, a batch at a time on other cores while the thread that
    /// owns the workbook writes the batch before (a table of a million rows never holds all its cells at once).
    case batches(count: Int, make: @Sendable (Range<Int>) -> [PlannedRow])
}

/// Cells of one row written together: the row's format, then its merges, then its cells, in order. A row can appear
/// in several entries (a cell written after others of a later row keeps its place in the shared strings).
struct PlannedRow: Sendable {
    /// The zero-based row.
    var row: Int
    /// The row's height, visibility and look, or `nil` to leave it as it is.
    var format: PlannedRowFormat?
    /// Merged ranges written before the cells (a merge writes its first cell; a cell written after replaces it).
    var merges: [PlannedMerge] = []
    /// The cells, in the order they are written.
    var cells: [PlannedCell] = []
}

/// A row's height, visibility and look.
struct PlannedRowFormat: Sendable {
    /// The height in points, or `nil` for the sheet's default.
    var height: Double?
    /// Whether the row is hidden.
    var hidden = false
    /// The index of the look of its empty cells in ``PlannedWorksheet/styles``, or `nil` to set only the height
    /// (the row keeps no look, not even the workbook's default font).
    var style: Int?
}

/// A merged range with the text shown in it.
struct PlannedMerge: Sendable {
    /// The merged cells.
    var range: CellRange
    /// The text shown (empty when a cell written afterwards gives the value).
    var text: String
    /// The index of its look in ``PlannedWorksheet/styles``.
    var style: Int
}

/// One cell: its column, what it holds and its look.
struct PlannedCell: Sendable {
    /// The zero-based column.
    var column: Int
    /// What the cell holds.
    var content: PlannedContent
    /// The index of its look in ``PlannedWorksheet/styles``.
    var style: Int
}

/// What a cell holds.
enum PlannedContent: Sendable {
    /// Text already cleaned and cut to Excel's limit (``ExcelText/prepare(_:limit:)``).
    case text(ExcelText.Prepared)
    /// A number.
    case number(Double)
    /// A Boolean.
    case bool(Bool)
    /// A formula, with its leading `=`.
    case formula(String)
    /// An empty cell in its look.
    case blank
    /// A link to a web page or file showing `text`.
    case link(url: String, text: String)
    /// A link to a web page showing a number.
    case numberLink(url: String, number: Double)
    /// A link to the first cell of another sheet.
    case sheetLink(sheet: String, text: String)
}

extension PlannedContent {
    /// A field's value as a cell: a number, prepared text, or a blank cell.
    init(_ value: CellValue) {
        switch value {
        case .number(let number): self = .number(number)
        case .text(let text): self = .text(ExcelText.prepare(text))
        case .empty: self = .blank
        }
    }
}

/// A picture placed on a sheet.
enum PlannedImage {
    /// A picture DocSheet places (the template's logo, a diagram): its bytes, what it is (for messages), the cell
    /// under its top-left corner and the scale.
    case picture(data: Data, source: String, cell: CellReference, scale: Double)
    /// A picture carried over from a form.
    case placement(ImagePlacement)
}

/// A chart of one series over ranges of the same sheet.
struct PlannedChart {
    /// The kind of chart.
    var type: ChartType
    /// The series' and the chart's title, or `nil` for none.
    var title: String?
    /// The category labels.
    var categories: CellRange
    /// The values.
    var values: CellRange
    /// The series' colour.
    var color: Color
    /// The value axis' range, or `nil` for Excel's automatic one.
    var valueRange: ClosedRange<Double>?
    /// The value axis' number format, or `nil`.
    var valueFormat: String?
    /// The cell under the chart's top-left corner.
    var anchor: CellReference
    /// The horizontal and vertical scales.
    var xScale: Double
    var yScale: Double
}

/// What is set on a sheet once its rows are written, in the order ``WorkbookWriter`` sets it.
struct SheetLayout {
    /// An Excel table over a range, with its header labels and the index of the header's look.
    var table: (range: CellRange, headers: [String], headerStyle: Int)?
    /// The autofilter's range.
    var autofilter: CellRange?
    /// The first row and column that scroll.
    var freezePanes: (row: Int, column: Int)?
    /// Drop-down lists of choices.
    var dropDowns: [(range: CellRange, choices: [String])] = []
    /// Data validations.
    var validations: [DataValidation] = []
    /// Conditional formats.
    var conditionalFormats: [ConditionalFormat] = []
    /// Pictures.
    var images: [PlannedImage] = []
    /// Charts.
    var charts: [PlannedChart] = []
    /// Print settings, header and footer.
    var pageSetup = PageSetup()
    /// The rows that start a new printed page (manual page breaks, at most ``Worksheet/maximumPageBreaks``).
    var rowPageBreaks: [Int] = []
    /// The tab's colour.
    var tabColor: Color?
    /// Whether gridlines are hidden on screen.
    var hidesGridlines = false
    /// The zoom in percent.
    var zoom: Int?
    /// Whether the sheet reads right to left.
    var rightToLeft = false
    /// The selected cell.
    var selection: CellReference?
    /// Whether the sheet is shown.
    var visibility = SheetVisibility.visible
    /// Whether Excel opens on this sheet.
    var isActive = false
}

extension PlannedWorksheet {
    /// The index of `style` in ``styles``, added when new (looked up once per template cell or column, not per cell).
    mutating func style(_ style: CellStyle?) -> Int {
        if let index = styleIndices[style] { return index }
        styles.append(style)
        styleIndices[style] = styles.count - 1
        return styles.count - 1
    }

    /// Appends `rows` as a segment (none when empty).
    mutating func append(_ rows: [PlannedRow]) {
        if !rows.isEmpty { self.rows.append(.rows(rows)) }
    }
}
