import Foundation

/// An `.xlsx` workbook as read from its parts: every sheet's cells with their resolved styles, and the sheet and
/// workbook settings a client's form carries. Styles are resolved to ``Workbook/CellStyle`` (theme and indexed
/// colours turned into RGB, number format ids into format codes), so the result can be written back through the
/// Workbook module unchanged.
public struct SpreadsheetDocument: Sendable {
    /// The sheets in workbook order (chart sheets and dialog sheets are reported in `unsupported` instead).
    public var sheets: [SheetDocument]
    /// Workbook-level and sheet-level defined names other than the print area, print titles and filter database
    /// (those are in the sheets' `pageSetup` and `autofilter`).
    public var definedNames: [DefinedName]
    /// The document properties (docProps/core.xml and docProps/app.xml).
    public var properties: SpreadsheetProperties
    /// The index of the sheet Excel opens on.
    public var activeSheet: Int
    /// The workbook's default font (the first font of the stylesheet, used for cells without their own style).
    public var defaultStyle: CellStyle
    /// What the workbook holds that cannot be written back, one entry per object.
    public var unsupported: [UnsupportedFeature]
    /// The file read, as given (for messages).
    public var source: String

    /// Creates a document (the reader makes them; tests build small ones).
    ///
    /// - Parameters:
    ///   - sheets: The sheets in workbook order.
    ///   - definedNames: The defined names other than print areas, print titles and filter databases.
    ///   - properties: The document properties.
    ///   - activeSheet: The index of the sheet Excel opens on.
    ///   - defaultStyle: The workbook's default font as a style.
    ///   - unsupported: What cannot be written back, one entry per object.
    ///   - source: The file read, for messages.
    public init(sheets: [SheetDocument], definedNames: [DefinedName] = [], properties: SpreadsheetProperties = SpreadsheetProperties(),
                activeSheet: Int = 0, defaultStyle: CellStyle = CellStyle(), unsupported: [UnsupportedFeature] = [], source: String = "") {
        self.sheets = sheets
        self.definedNames = definedNames
        self.properties = properties
        self.activeSheet = activeSheet
        self.defaultStyle = defaultStyle
        self.unsupported = unsupported
        self.source = source
    }
}

/// One worksheet.
public struct SheetDocument: Sendable {
    /// The sheet's name.
    public var name: String
    /// Whether its tab shows.
    public var visibility: SheetVisibility
    /// The tab colour.
    public var tabColor: Color?
    /// The cells that hold a value or a style of their own, in row-major order.
    public var cells: [SheetCell]
    /// Column ranges with a width, a style or hidden.
    public var columns: [ColumnFormat]
    /// Rows with a height, a style or hidden, by zero-based row.
    public var rows: [Int: RowFormat]
    /// The default row height in points, or `nil` for Excel's 15.
    public var defaultRowHeight: Double?
    /// The default column width in characters, or `nil` for Excel's 8.43.
    public var defaultColumnWidth: Double?
    /// Merged ranges.
    public var merges: [CellRange]
    /// The first unfrozen cell when panes are frozen (`row`, `column` are the counts of frozen rows and columns).
    public var freezePanes: CellReference?
    /// The autofilter range.
    public var autofilter: CellRange?
    /// Data validations.
    public var dataValidations: [DataValidation]
    /// Conditional formats, in priority order.
    public var conditionalFormats: [ConditionalFormat]
    /// Images placed over the cells.
    public var images: [ImagePlacement]
    /// Print settings (print area and titles included); `header` and `footer` hold the odd-page texts in Excel's codes.
    public var pageSetup: PageSetup
    /// Gridlines are shown on screen.
    public var showsGridlines: Bool
    /// The zoom in percent.
    public var zoom: Int?
    /// The sheet reads right to left.
    public var rightToLeft: Bool
    /// The selected cell, or `nil` for A1.
    public var selection: CellReference?

    /// Creates a sheet (the reader makes them; tests build small ones).
    ///
    /// - Parameters:
    ///   - name: The sheet's name.
    ///   - visibility: Whether its tab shows.
    ///   - tabColor: The tab colour, or `nil`.
    ///   - cells: The cells with a value or a style of their own, in row-major order.
    ///   - columns: Column ranges with a width, a style or hidden.
    ///   - rows: Rows with a height, a style or hidden, by zero-based row.
    ///   - defaultRowHeight: The default row height in points, or `nil` for 15.
    ///   - defaultColumnWidth: The default column width in characters, or `nil` for 8.43.
    ///   - merges: Merged ranges.
    ///   - freezePanes: The first unfrozen cell, or `nil` when no panes are frozen.
    ///   - autofilter: The autofilter range, or `nil`.
    ///   - dataValidations: Data validations.
    ///   - conditionalFormats: Conditional formats in priority order.
    ///   - images: Images placed over the cells.
    ///   - pageSetup: Print settings.
    ///   - showsGridlines: Whether gridlines show on screen.
    ///   - zoom: The zoom in percent, or `nil`.
    ///   - rightToLeft: Whether the sheet reads right to left.
    ///   - selection: The selected cell, or `nil` for A1.
    public init(name: String, visibility: SheetVisibility = .visible, tabColor: Color? = nil, cells: [SheetCell] = [],
                columns: [ColumnFormat] = [], rows: [Int: RowFormat] = [:], defaultRowHeight: Double? = nil,
                defaultColumnWidth: Double? = nil, merges: [CellRange] = [], freezePanes: CellReference? = nil,
                autofilter: CellRange? = nil, dataValidations: [DataValidation] = [], conditionalFormats: [ConditionalFormat] = [],
                images: [ImagePlacement] = [], pageSetup: PageSetup = PageSetup(), showsGridlines: Bool = true, zoom: Int? = nil,
                rightToLeft: Bool = false, selection: CellReference? = nil) {
        self.name = name
        self.visibility = visibility
        self.tabColor = tabColor
        self.cells = cells
        self.columns = columns
        self.rows = rows
        self.defaultRowHeight = defaultRowHeight
        self.defaultColumnWidth = defaultColumnWidth
        self.merges = merges
        self.freezePanes = freezePanes
        self.autofilter = autofilter
        self.dataValidations = dataValidations
        self.conditionalFormats = conditionalFormats
        self.images = images
        self.pageSetup = pageSetup
        self.showsGridlines = showsGridlines
        self.zoom = zoom
        self.rightToLeft = rightToLeft
        self.selection = selection
    }
}

/// A cell's content as stored.
public enum SheetCellValue: Hashable, Sendable {
    /// No value (a cell with only a style).
    case empty
    /// Text (shared, inline or rich text flattened to its characters).
    case text(String)
    /// A number (dates are numbers with a date format).
    case number(Double)
    /// A Boolean.
    case bool(Bool)
    /// A formula (without the leading `=`), with the value cached when the file was saved.
    case formula(String, cached: String?)
    /// An error value such as `#N/A`.
    case error(String)
}

/// A cell: where it is, what it holds and how it looks.
public struct SheetCell: Hashable, Sendable {
    /// Its position.
    public var reference: CellReference
    /// Its content.
    public var value: SheetCellValue
    /// Its resolved style.
    public var style: CellStyle

    /// Creates a cell.
    ///
    /// - Parameters:
    ///   - reference: Its position.
    ///   - value: Its content.
    ///   - style: Its resolved style.
    public init(reference: CellReference, value: SheetCellValue, style: CellStyle = CellStyle()) {
        self.reference = reference
        self.value = value
        self.style = style
    }
}

/// Width, style and visibility of a range of columns.
public struct ColumnFormat: Hashable, Sendable {
    /// The first column (zero-based).
    public var first: Int
    /// The last column (zero-based).
    public var last: Int
    /// The width in characters, or `nil` for the default.
    public var width: Double?
    /// The columns are hidden.
    public var hidden: Bool
    /// The style of the columns' empty cells, or `nil`.
    public var style: CellStyle?

    /// Creates a column format.
    ///
    /// - Parameters:
    ///   - first: The first column (zero-based).
    ///   - last: The last column (zero-based).
    ///   - width: The width in characters, or `nil` for the default.
    ///   - hidden: Whether the columns are hidden.
    ///   - style: The style of the columns' empty cells, or `nil`.
    public init(first: Int, last: Int, width: Double? = nil, hidden: Bool = false, style: CellStyle? = nil) {
        self.first = first
        self.last = last
        self.width = width
        self.hidden = hidden
        self.style = style
    }
}

/// Height, style and visibility of a row.
public struct RowFormat: Hashable, Sendable {
    /// The height in points, or `nil` for the default.
    public var height: Double?
    /// The row is hidden.
    public var hidden: Bool
    /// The style of the row's empty cells, or `nil`.
    public var style: CellStyle?

    /// Creates a row format.
    ///
    /// - Parameters:
    ///   - height: The height in points, or `nil` for the default.
    ///   - hidden: Whether the row is hidden.
    ///   - style: The style of the row's empty cells, or `nil`.
    public init(height: Double? = nil, hidden: Bool = false, style: CellStyle? = nil) {
        self.height = height
        self.hidden = hidden
        self.style = style
    }
}

/// A defined name (`workbook.xml`'s `definedName`).
public struct DefinedName: Hashable, Sendable {
    /// The name.
    public var name: String
    /// The formula it stands for, without `=` (e.g. `'Function list'!$A$5:$H$5`).
    public var formula: String
    /// The sheet it is local to (its index), or `nil` for a workbook-wide name.
    public var localSheet: Int?
    /// The name is hidden.
    public var hidden: Bool

    /// Creates a defined name.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - formula: The formula it stands for, without `=`.
    ///   - localSheet: The index of the sheet it is local to, or `nil` for a workbook-wide name.
    ///   - hidden: Whether the name is hidden.
    public init(name: String, formula: String, localSheet: Int? = nil, hidden: Bool = false) {
        self.name = name
        self.formula = formula
        self.localSheet = localSheet
        self.hidden = hidden
    }
}

/// The document properties a workbook carries.
public struct SpreadsheetProperties: Hashable, Sendable {
    /// Title.
    public var title: String?
    /// Subject.
    public var subject: String?
    /// Author (`dc:creator`).
    public var author: String?
    /// Manager.
    public var manager: String?
    /// Company.
    public var company: String?
    /// Category.
    public var category: String?
    /// Keywords.
    public var keywords: String?
    /// Comments (`dc:description`).
    public var comments: String?
    /// Status (`cp:contentStatus`).
    public var status: String?

    /// Creates properties.
    ///
    /// - Parameters:
    ///   - title: Title.
    ///   - subject: Subject.
    ///   - author: Author (`dc:creator`).
    ///   - manager: Manager.
    ///   - company: Company.
    ///   - category: Category.
    ///   - keywords: Keywords.
    ///   - comments: Comments (`dc:description`).
    ///   - status: Status (`cp:contentStatus`).
    public init(title: String? = nil, subject: String? = nil, author: String? = nil, manager: String? = nil, company: String? = nil,
                category: String? = nil, keywords: String? = nil, comments: String? = nil, status: String? = nil) {
        self.title = title
        self.subject = subject
        self.author = author
        self.manager = manager
        self.company = company
        self.category = category
        self.keywords = keywords
        self.comments = comments
        self.status = status
    }
}

/// Something in the workbook that cannot be written back: a chart, a shape, a comment, macros, a pivot table, an
/// external link, a sheet protection password, …
public struct UnsupportedFeature: Hashable, Sendable, CustomStringConvertible {
    /// What it is, e.g. `chart`, `shape`, `comment`, `macros`, `pivot table`, `external link`.
    public var kind: String
    /// Its name when it has one (a chart's title, a shape's name, the comment's text start).
    public var name: String?
    /// The sheet it is on, or `nil` for workbook-wide features.
    public var sheet: String?
    /// The cell it is anchored at, or `nil`.
    public var cell: CellReference?

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - kind: What it is, e.g. `chart`.
    ///   - name: Its name, or `nil`.
    ///   - sheet: The sheet it is on, or `nil` for workbook-wide features.
    ///   - cell: The cell it is anchored at, or `nil`.
    public init(kind: String, name: String? = nil, sheet: String? = nil, cell: CellReference? = nil) {
        self.kind = kind
        self.name = name
        self.sheet = sheet
        self.cell = cell
    }

    /// E.g. `chart 'Coverage' on sheet 'Summary' at D4`.
    public var description: String {
        var text = kind
        if let name { text += " '\(name)'" }
        if let sheet { text += " on sheet '\(sheet)'" }
        if let cell { text += " at \(cell)" }
        return text
    }
}
