import Foundation

/// Print settings for a worksheet.
public struct PageSetup: Hashable, Sendable {
    /// Paper sizes.
    public enum Paper: String, CaseIterable, Sendable {
        /// ISO A4.
        case a4
        /// ISO A3.
        case a3
        /// US Letter.
        case letter
        /// US Legal.
        case legal

        /// The paper code libxlsxwriter takes for this paper size.
        package var libraryValue: UInt8 {
            switch self {
            case .letter: return 1
            case .legal: return 5
            case .a3: return 8
            case .a4: return 9
            }
        }
    }

    /// Page margins in inches.
    public struct Margins: Hashable, Sendable {
        /// Left margin.
        public var left: Double
        /// Right margin.
        public var right: Double
        /// Top margin.
        public var top: Double
        /// Bottom margin.
        public var bottom: Double
        /// Distance of the page header from the top edge.
        public var header: Double = 0.3
        /// Distance of the page footer from the bottom edge.
        public var footer: Double = 0.3

        /// Creates margins in inches.
        ///
        /// - Parameters:
        ///   - left: The left margin in inches.
        ///   - right: The right margin in inches.
        ///   - top: The top margin in inches (the page header sits inside it).
        ///   - bottom: The bottom margin in inches (the page footer sits inside it).
        ///   - header: The distance of the page header from the top edge, in inches.
        ///   - footer: The distance of the page footer from the bottom edge, in inches.
        public init(left: Double = 0.5, right: Double = 0.5, top: Double = 0.75, bottom: Double = 0.75,
                    header: Double = 0.3, footer: Double = 0.3) {
            self.left = left
            self.right = right
            self.top = top
            self.bottom = bottom
            self.header = header
            self.footer = footer
        }
    }

    /// Landscape instead of portrait.
    public var landscape: Bool
    /// The paper size.
    public var paper: Paper
    /// Scale the sheet so its columns fit the page width.
    public var fitToWidth: Bool
    /// Center the content horizontally on the page.
    public var centerHorizontally: Bool
    /// Zero-based rows printed at the top of every page (the table header).
    public var repeatRows: ClosedRange<Int>?
    /// The page header in Excel's codes (`&L`, `&C`, `&R`, `&P` page, `&N` pages, `&A` sheet, `&D` date).
    public var header: String?
    /// The page footer in Excel's codes.
    public var footer: String?
    /// Page margins.
    public var margins: Margins
    /// Excel's paper size code (1 Letter, 9 A4, 8 A3, 13 B5 JIS, …); when set it replaces `paper`.
    public var paperCode: Int?
    /// Fit the sheet to this many pages wide and tall (0: as many as needed); when set it replaces `fitToWidth`.
    public var fitToPages: FitToPages?
    /// The print scale in percent (10–400), used when the sheet is not fitted to pages.
    public var scale: Int?
    /// Center the content vertically on the page.
    public var centerVertically = false
    /// Zero-based columns printed at the left of every page.
    public var repeatColumns: ClosedRange<Int>?
    /// The part of the sheet printed, or `nil` for the used range.
    public var printArea: CellRange?
    /// Print the gridlines.
    public var printGridlines = false
    /// The first page number, or `nil` for automatic.
    public var firstPageNumber: Int?
    /// Print pages across the columns first, then down (Excel's `pageOrder="overThenDown"`); `false` prints down the
    /// rows first, then across (Excel's default).
    public var overThenDown = false

    /// Pages wide and tall that a sheet is fitted to (0: as many as needed).
    public struct FitToPages: Hashable, Sendable {
        /// Pages wide (0: as many as needed).
        public var width: Int
        /// Pages tall (0: as many as needed).
        public var height: Int

        /// Creates a fit-to-pages setting.
        ///
        /// - Parameters:
        ///   - width: Pages wide (0: as many as needed).
        ///   - height: Pages tall (0: as many as needed).
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// Creates print settings.
    ///
    /// - Parameters:
    ///   - landscape: Whether pages print in landscape instead of portrait.
    ///   - paper: The paper size (A4, A3, Letter or Legal).
    ///   - fitToWidth: Whether the sheet is scaled so its columns fit the page width (rows may span pages).
    ///   - centerHorizontally: Whether the content is centred horizontally on the page.
    ///   - repeatRows: Zero-based rows printed at the top of every page (the table header), or `nil` for none.
    ///   - header: The page header in Excel's codes (`&L`, `&C`, `&R`, `&P` page, `&N` pages, `&A` sheet, `&D` date),
    ///     or `nil` for none; at most 255 UTF-8 bytes.
    ///   - footer: The page footer in Excel's codes (as for `header`), or `nil` for none.
    ///   - margins: The page margins in inches.
    public init(
        landscape: Bool = false, paper: Paper = .a4, fitToWidth: Bool = false, centerHorizontally: Bool = false,
        repeatRows: ClosedRange<Int>? = nil, header: String? = nil, footer: String? = nil, margins: Margins = Margins()
    ) {
        self.landscape = landscape
        self.paper = paper
        self.fitToWidth = fitToWidth
        self.centerHorizontally = centerHorizontally
        self.repeatRows = repeatRows
        self.header = header
        self.footer = footer
        self.margins = margins
    }
}
