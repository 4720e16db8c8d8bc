import Foundation

/// A data validation as Excel stores it: what a cell accepts, the drop-down, and the messages shown.
public struct DataValidation: Hashable, Sendable {
    /// What the cells accept.
    public enum Kind: String, CaseIterable, Sendable {
        /// Anything (only the input message is used).
        case any
        /// Whole numbers.
        case whole
        /// Decimal numbers.
        case decimal
        /// One value of a list: `formula1` is a quoted list (`"a,b,c"`) or a range (`$A$1:$A$5`, `Lists!$B:$B`).
        case list
        /// Dates.
        case date
        /// Times.
        case time
        /// Text of a length.
        case textLength
        /// Whatever `formula1` (a formula for the range's top-left cell) says.
        case custom
    }

    /// How a value is compared with `formula1` (and `formula2`).
    public enum Comparison: String, CaseIterable, Sendable {
        /// Between `formula1` and `formula2`.
        case between
        /// Outside `formula1`…`formula2`.
        case notBetween
        /// Equal to `formula1`.
        case equal
        /// Not equal to `formula1`.
        case notEqual
        /// Greater than `formula1`.
        case greaterThan
        /// Less than `formula1`.
        case lessThan
        /// Greater than or equal to `formula1`.
        case greaterThanOrEqual
        /// Less than or equal to `formula1`.
        case lessThanOrEqual
    }

    /// What Excel does with a value the validation rejects.
    public enum ErrorStyle: String, CaseIterable, Sendable {
        /// Refuses it.
        case stop
        /// Asks whether to keep it.
        case warning
        /// Informs and keeps it.
        case information
    }

    /// The cells validated (Excel allows several ranges for one rule).
    public var ranges: [CellRange]
    /// What the cells accept.
    public var kind: Kind
    /// How values compare with the formulas (ignored for `list`, `custom` and `any`).
    public var comparison: Comparison
    /// The first formula or value, as Excel stores it (without a leading `=`).
    public var formula1: String?
    /// The second formula for `between` and `notBetween`.
    public var formula2: String?
    /// Blank cells pass.
    public var ignoreBlank: Bool
    /// A list shows its drop-down arrow (Excel stores the opposite, `showDropDown="1"` hiding it).
    public var showsDropDown: Bool
    /// The input message is shown when a cell is selected.
    public var showsInputMessage: Bool
    /// The error message is shown when a value is rejected.
    public var showsErrorMessage: Bool
    /// The input message's title.
    public var inputTitle: String?
    /// The input message.
    public var inputMessage: String?
    /// The error message's title.
    public var errorTitle: String?
    /// The error message.
    public var errorMessage: String?
    /// What happens to a rejected value.
    public var errorStyle: ErrorStyle

    /// Creates a data validation.
    ///
    /// - Parameters:
    ///   - ranges: The cells validated.
    ///   - kind: What the cells accept.
    ///   - comparison: How values compare with the formulas.
    ///   - formula1: The first formula or value (without `=`).
    ///   - formula2: The second formula for `between` and `notBetween`.
    ///   - ignoreBlank: Whether blank cells pass.
    ///   - showsDropDown: Whether a list shows its drop-down arrow.
    ///   - showsInputMessage: Whether the input message is shown.
    ///   - showsErrorMessage: Whether the error message is shown.
    ///   - inputTitle: The input message's title.
    ///   - inputMessage: The input message.
    ///   - errorTitle: The error message's title.
    ///   - errorMessage: The error message.
    ///   - errorStyle: What happens to a rejected value.
    public init(ranges: [CellRange], kind: Kind, comparison: Comparison = .between, formula1: String? = nil,
                formula2: String? = nil, ignoreBlank: Bool = true, showsDropDown: Bool = true,
                showsInputMessage: Bool = true, showsErrorMessage: Bool = true, inputTitle: String? = nil,
                inputMessage: String? = nil, errorTitle: String? = nil, errorMessage: String? = nil,
                errorStyle: ErrorStyle = .stop) {
        self.ranges = ranges
        self.kind = kind
        self.comparison = comparison
        self.formula1 = formula1
        self.formula2 = formula2
        self.ignoreBlank = ignoreBlank
        self.showsDropDown = showsDropDown
        self.showsInputMessage = showsInputMessage
        self.showsErrorMessage = showsErrorMessage
        self.inputTitle = inputTitle
        self.inputMessage = inputMessage
        self.errorTitle = errorTitle
        self.errorMessage = errorMessage
        self.errorStyle = errorStyle
    }
}

/// A conditional format: cells in `ranges` take `style` where the rule holds.
public struct ConditionalFormat: Hashable, Sendable {
    /// The kinds of rule a workbook can carry over.
    public enum Rule: Hashable, Sendable {
        /// The cell's value compared with one or two formulas (`comparison` as for data validations).
        case cellValue(DataValidation.Comparison, String, String?)
        /// A formula written for the range's top-left cell.
        case expression(String)
        /// The text contains (`containsText`), lacks (`notContainsText`), begins or ends with a string.
        case text(TextOperator, String)
        /// Blank cells.
        case blanks
        /// Non-blank cells.
        case noBlanks
        /// Cells holding an error.
        case errors
        /// Cells without an error.
        case noErrors
        /// Values that occur more than once.
        case duplicateValues
        /// Values that occur once.
        case uniqueValues
        /// The top (or bottom) `rank` values, or percent.
        case top(rank: Int, bottom: Bool, percent: Bool)
        /// Values above (or below) the average.
        case aboveAverage(below: Bool)
        /// A two- or three-colour scale from the lowest to the highest value.
        case colorScale([Color])
        /// A data bar in a colour.
        case dataBar(Color)
    }

    /// How a text rule compares.
    public enum TextOperator: String, CaseIterable, Sendable {
        /// The cell contains the text.
        case containsText
        /// The cell does not contain the text.
        case notContainsText
        /// The cell begins with the text.
        case beginsWith
        /// The cell ends with the text.
        case endsWith
    }

    /// The cells formatted (several ranges for one rule, as Excel allows).
    public var ranges: [CellRange]
    /// When the format applies.
    public var rule: Rule
    /// The look applied (font colour, bold, italic, underline, strikeout, fill, borders, number format); unused by
    /// colour scales and data bars.
    public var style: CellStyle
    /// Later rules are not applied where this one holds.
    public var stopIfTrue: Bool

    /// Creates a conditional format.
    ///
    /// - Parameters:
    ///   - ranges: The cells formatted.
    ///   - rule: When the format applies.
    ///   - style: The look applied where the rule holds.
    ///   - stopIfTrue: Whether later rules are skipped where this one holds.
    public init(ranges: [CellRange], rule: Rule, style: CellStyle = CellStyle(), stopIfTrue: Bool = false) {
        self.ranges = ranges
        self.rule = rule
        self.style = style
        self.stopIfTrue = stopIfTrue
    }
}

/// An image placed over the cells (a client's logo): where its top-left corner sits and the size it is shown at.
public struct ImagePlacement: Hashable, Sendable {
    /// The image file's bytes (PNG, JPEG, GIF or BMP).
    public var data: Data
    /// Its name or path, for messages.
    public var source: String
    /// The cell under the top-left corner.
    public var anchor: CellReference
    /// Offset of the corner from the cell's left edge, in pixels.
    public var xOffset: Int
    /// Offset of the corner from the cell's top edge, in pixels.
    public var yOffset: Int
    /// The width shown, in pixels (at 96 dpi), or `nil` for the image's natural width.
    public var width: Double?
    /// The height shown, in pixels (at 96 dpi), or `nil` for the image's natural height.
    public var height: Double?
    /// The image's alternative text.
    public var description: String?

    /// Creates an image placement.
    ///
    /// - Parameters:
    ///   - data: The image file's bytes (PNG, JPEG, GIF or BMP).
    ///   - source: Its name or path, for messages.
    ///   - anchor: The cell under the top-left corner.
    ///   - xOffset: Offset from the cell's left edge, in pixels.
    ///   - yOffset: Offset from the cell's top edge, in pixels.
    ///   - width: The width shown in pixels, or `nil` for the natural width.
    ///   - height: The height shown in pixels, or `nil` for the natural height.
    ///   - description: The alternative text.
    public init(data: Data, source: String, anchor: CellReference, xOffset: Int = 0, yOffset: Int = 0,
                width: Double? = nil, height: Double? = nil, description: String? = nil) {
        self.data = data
        self.source = source
        self.anchor = anchor
        self.xOffset = xOffset
        self.yOffset = yOffset
        self.width = width
        self.height = height
        self.description = description
    }
}

/// Whether a worksheet's tab shows.
public enum SheetVisibility: String, CaseIterable, Sendable {
    /// Shown.
    case visible
    /// Hidden (Format › Sheet › Unhide shows it again).
    case hidden
    /// Hidden so that only a macro or another tool shows it again.
    case veryHidden
}
