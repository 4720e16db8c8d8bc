/// An RGB colour, written in templates as `#RRGGBB`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The colour as `0xRRGGBB`.
    public var rgb: UInt32

    /// Creates a colour from `0xRRGGBB`.
    ///
    /// - Parameter rgb: The colour as `0xRRGGBB`.
    public init(rgb: UInt32) { self.rgb = rgb & 0xFFFFFF }

    /// Parses `#RRGGBB` or `RRGGBB`; `nil` for anything else.
    ///
    /// - Parameter hex: Six hexadecimal digits, optionally after a `#`, e.g. `#1F4E79`.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(rgb: value)
    }

    /// The colour as `#RRGGBB`.
    public var description: String {
        let digits = String(rgb, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// White.
    public static let white = Color(rgb: 0xFFFFFF)
    /// Black.
    public static let black = Color(rgb: 0x000000)
}

/// A cell border line style.
public enum BorderStyle: String, CaseIterable, Sendable {
    /// No border.
    case none
    /// A thin line.
    case thin
    /// A medium line.
    case medium
    /// A thick line.
    case thick
    /// A dashed line.
    case dashed
    /// A dotted line.
    case dotted
    /// A double line.
    case double
    /// A hairline.
    case hair
    /// A medium dashed line.
    case mediumDashed
    /// A thin dash-dot line.
    case dashDot
    /// A medium dash-dot line.
    case mediumDashDot
    /// A thin dash-dot-dot line.
    case dashDotDot
    /// A medium dash-dot-dot line.
    case mediumDashDotDot
    /// A slanted dash-dot line.
    case slantDashDot
}

/// Horizontal alignment of cell content.
public enum HorizontalAlignment: String, CaseIterable, Sendable {
    /// Excel's default (text left, numbers right).
    case general
    /// Left-aligned.
    case left
    /// Centred.
    case center
    /// Right-aligned.
    case right
    /// Justified.
    case justify
    /// Centred across the selected cells.
    case centerAcross
    /// The content repeated to fill the cell.
    case fill
    /// Spread evenly across the cell's width.
    case distributed
}

/// Vertical alignment of cell content.
public enum VerticalAlignment: String, CaseIterable, Sendable {
    /// At the top.
    case top
    /// In the middle.
    case center
    /// At the bottom (Excel's default).
    case bottom
    /// Lines spread over the cell's height.
    case justify
    /// Spread evenly over the cell's height.
    case distributed
}

/// One side of a cell's border: its line and colour.
public struct BorderLine: Hashable, Sendable {
    /// The line style (`.none` for no line).
    public var style: BorderStyle
    /// The line colour, or `nil` for automatic (black).
    public var color: Color?

    /// Creates a border line.
    ///
    /// - Parameters:
    ///   - style: The line style (`.none` for no line).
    ///   - color: The line colour, or `nil` for automatic (black).
    public init(_ style: BorderStyle, color: Color? = nil) {
        self.style = style
        self.color = color
    }

    /// No line.
    public static let none = BorderLine(.none)
}

/// A border whose four sides (and diagonals) differ, as client forms draw tables.
public struct BorderEdges: Hashable, Sendable {
    /// The left side.
    public var left: BorderLine
    /// The right side.
    public var right: BorderLine
    /// The top side.
    public var top: BorderLine
    /// The bottom side.
    public var bottom: BorderLine
    /// The diagonal line (drawn as `diagonalUp`/`diagonalDown` say).
    public var diagonal: BorderLine
    /// Draw the diagonal from bottom-left to top-right.
    public var diagonalUp: Bool
    /// Draw the diagonal from top-left to bottom-right.
    public var diagonalDown: Bool

    /// Creates per-side borders.
    ///
    /// - Parameters:
    ///   - left: The left side.
    ///   - right: The right side.
    ///   - top: The top side.
    ///   - bottom: The bottom side.
    ///   - diagonal: The diagonal line.
    ///   - diagonalUp: Whether the diagonal runs from bottom-left to top-right.
    ///   - diagonalDown: Whether the diagonal runs from top-left to bottom-right.
    public init(left: BorderLine = .none, right: BorderLine = .none, top: BorderLine = .none, bottom: BorderLine = .none,
                diagonal: BorderLine = .none, diagonalUp: Bool = false, diagonalDown: Bool = false) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
        self.diagonal = diagonal
        self.diagonalUp = diagonalUp
        self.diagonalDown = diagonalDown
    }
}

/// An underline.
public enum UnderlineStyle: String, CaseIterable, Sendable {
    /// No underline.
    case none
    /// A single line.
    case single
    /// A double line.
    case double
    /// A single line across the whole cell (accounting).
    case singleAccounting
    /// A double line across the whole cell (accounting).
    case doubleAccounting
}

/// Superscript or subscript text.
public enum FontScript: String, CaseIterable, Sendable {
    /// Normal text.
    case none
    /// Superscript.
    case superscript
    /// Subscript.
    case `subscript`
}

/// Excel's fill patterns (OOXML `patternType`).
public enum FillPatternKind: String, CaseIterable, Sendable {
    /// No fill.
    case none
    /// A solid fill of the foreground colour.
    case solid
    /// 50 % grey.
    case mediumGray
    /// 75 % grey.
    case darkGray
    /// 25 % grey.
    case lightGray
    /// Dark horizontal stripes.
    case darkHorizontal
    /// Dark vertical stripes.
    case darkVertical
    /// Dark diagonal stripes (down).
    case darkDown
    /// Dark diagonal stripes (up).
    case darkUp
    /// Dark grid.
    case darkGrid
    /// Dark trellis.
    case darkTrellis
    /// Light horizontal stripes.
    case lightHorizontal
    /// Light vertical stripes.
    case lightVertical
    /// Light diagonal stripes (down).
    case lightDown
    /// Light diagonal stripes (up).
    case lightUp
    /// Light grid.
    case lightGrid
    /// Light trellis.
    case lightTrellis
    /// 12.5 % grey.
    case gray125
    /// 6.25 % grey.
    case gray0625
}

/// A patterned fill: the pattern drawn in `foreground` over `background`.
public struct PatternFill: Hashable, Sendable {
    /// The pattern.
    public var pattern: FillPatternKind
    /// The pattern's colour (for `.solid`, the fill colour).
    public var foreground: Color?
    /// The colour behind the pattern.
    public var background: Color?

    /// Creates a patterned fill.
    ///
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - foreground: The pattern's colour (for `.solid`, the fill colour).
    ///   - background: The colour behind the pattern.
    public init(_ pattern: FillPatternKind, foreground: Color? = nil, background: Color? = nil) {
        self.pattern = pattern
        self.foreground = foreground
        self.background = background
    }
}

/// How a cell looks: font, fill, border, alignment, wrapping and number format.
///
/// Styles are values; the workbook turns each distinct style into one libxlsxwriter format.
public struct CellStyle: Hashable, Sendable {
    /// The font name, or `nil` for the workbook default (Calibri).
    public var fontName: String?
    /// The font size in points, or `nil` for 11.
    public var fontSize: Double?
    /// The font colour.
    public var fontColor: Color?
    /// Bold text.
    public var bold = false
    /// Italic text.
    public var italic = false
    /// A solid background fill.
    public var fill: Color?
    /// The border drawn on all four sides.
    public var border: BorderStyle = .none
    /// The border colour.
    public var borderColor: Color?
    /// Wrap long text onto several lines.
    public var wrap = false
    /// Horizontal alignment.
    public var horizontal: HorizontalAlignment = .general
    /// Vertical alignment.
    public var vertical: VerticalAlignment = .bottom
    /// An Excel number format such as `0.0%` or `yyyy-mm-dd`.
    public var numberFormat: String?
    /// Indentation level (0–15).
    public var indent = 0
    /// Per-side borders; when set they replace `border` and `borderColor`.
    public var edges: BorderEdges?
    /// A patterned fill; when set it replaces `fill`.
    public var patternFill: PatternFill?
    /// The underline; ``underline`` reads and writes it as a single line.
    public var underlineStyle: UnderlineStyle = .none
    /// Struck-through text.
    public var strikeout = false
    /// Superscript or subscript.
    public var script: FontScript = .none
    /// Text rotation in degrees: -90…90, or 255 for vertical (stacked) text. Excel's stored form of negative angles,
    /// 91…180 (-1…-90), is accepted too; other values are not written.
    public var rotation = 0
    /// Shrink the text to fit the cell (as in Excel, not with wrapping or fill, justified or distributed alignment).
    public var shrinkToFit = false
    /// The cell is locked when the sheet is protected (Excel's default).
    public var locked = true
    /// The formula is hidden when the sheet is protected.
    public var hidden = false

    /// Single underline (the other underline styles are in ``underlineStyle``).
    public var underline: Bool {
        get { underlineStyle != .none }
        set { underlineStyle = newValue ? (underlineStyle == .none ? .single : underlineStyle) : .none }
    }

    /// Creates a style; every property defaults to Excel's default.
    ///
    /// - Parameters:
    ///   - fontName: The font name, or `nil` for the workbook default (Calibri).
    ///   - fontSize: The font size in points, or `nil` for 11.
    ///   - fontColor: The font colour, or `nil` for Excel's automatic colour (black).
    ///   - bold: Whether the text is bold.
    ///   - italic: Whether the text is italic.
    ///   - underline: Whether the text has a single underline.
    ///   - fill: A solid background fill, or `nil` for none.
    ///   - border: The border drawn on all four sides (`.none` for no border).
    ///   - borderColor: The border colour, or `nil` for black.
    ///   - wrap: Whether long text wraps onto several lines within the column width.
    ///   - horizontal: Horizontal alignment of the content (`.general`: text left, numbers right).
    ///   - vertical: Vertical alignment of the content in a taller row.
    ///   - numberFormat: An Excel number format such as `0.0%` or `yyyy-mm-dd`, or `nil` for `General`.
    ///   - indent: Indentation level (0–15; larger values are written as 15).
    public init(
        fontName: String? = nil, fontSize: Double? = nil, fontColor: Color? = nil, bold: Bool = false,
        italic: Bool = false, underline: Bool = false, fill: Color? = nil, border: BorderStyle = .none,
        borderColor: Color? = nil, wrap: Bool = false, horizontal: HorizontalAlignment = .general,
        vertical: VerticalAlignment = .bottom, numberFormat: String? = nil, indent: Int = 0
    ) {
        self.fontName = fontName
        self.fontSize = fontSize
        self.fontColor = fontColor
        self.bold = bold
        self.italic = italic
        self.underlineStyle = underline ? .single : .none
        self.fill = fill
        self.border = border
        self.borderColor = borderColor
        self.wrap = wrap
        self.horizontal = horizontal
        self.vertical = vertical
        self.numberFormat = numberFormat
        self.indent = indent
    }

    /// The default style.
    public static let plain = CellStyle()
}
