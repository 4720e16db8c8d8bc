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
}

/// Vertical alignment of cell content.
public enum VerticalAlignment: String, CaseIterable, Sendable {
    /// At the top.
    case top
    /// In the middle.
    case center
    /// At the bottom (Excel's default).
    case bottom
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
    /// Single underline.
    public var underline = false
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
        self.underline = underline
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
