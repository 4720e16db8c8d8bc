import Foundation
import SpreadsheetModel
import Workbook

/// Where the printed pages of a filled form break, so that a block of rows written for one item (a method's number,
/// name, summary and parameter rows) is never cut across two pages.
///
/// The page's height comes from the sheet's print setup — paper, orientation, margins and the scale (a fit to one
/// page wide shrinks the print area's columns onto the paper's width, as Excel does, to a whole percent) — and the
/// rows' heights. The pages are laid out top to bottom: a row that does not fit starts a page, and so does a block
/// that would cross the bottom of a page when it fits on a page of its own. Every break is written as a manual break,
/// so Excel and LibreOffice cut where this layout cut; the page is taken 2 % shorter than the paper holds, which
/// keeps a manual page from overflowing into an automatic break of their own.
enum PageBreaks {
    /// The share of the printable height filled, leaving room for rounding in the application's own layout.
    static let fill = 0.98

    /// Paper sizes by Excel's paper code, portrait, in inches.
    static let paperSizes: [Int: (width: Double, height: Double)] = [
        1: (8.5, 11), 5: (8.5, 14), 8: (11.69, 16.54), 9: (8.27, 11.69), 11: (5.83, 8.27), 12: (10.12, 14.33), 13: (7.17, 10.12),
    ]

    /// The height of a printed page in the sheet's points (at its print scale), or `nil` when the setup does not say
    /// how the sheet prints: no paper size, or a fit to a number of pages tall (Excel then ignores manual breaks).
    ///
    /// - Parameters:
    ///   - setup: The sheet's print setup.
    ///   - areaWidth: The width of the printed columns, in points.
    static func pageHeight(_ setup: PageSetup, areaWidth: Double) -> Double? {
        guard let code = setup.paperCode, let paper = paperSizes[code] else { return nil }
        let (paperWidth, paperHeight) = setup.landscape ? (paper.height, paper.width) : (paper.width, paper.height)
        let printableWidth = (paperWidth - setup.margins.left - setup.margins.right) * 72
        let printableHeight = (paperHeight - setup.margins.top - setup.margins.bottom) * 72
        guard printableWidth > 0, printableHeight > 0 else { return nil }
        var scale = Double(setup.scale ?? 100) / 100
        if let fit = setup.fitToPages {
            guard fit.height == 0 else { return nil }
            if fit.width > 0, areaWidth > 0 {
                // Excel shrinks to a whole percent, at least 10 %, never above 100 %.
                scale = max(0.1, min(1, (printableWidth * Double(fit.width) / areaWidth * 100).rounded(.down) / 100))
            }
        } else if setup.fitToWidth, areaWidth > 0 {
            scale = max(0.1, min(1, (printableWidth / areaWidth * 100).rounded(.down) / 100))
        }
        return printableHeight / scale * fill
    }

    /// The rows that start a new page.
    ///
    /// - Parameters:
    ///   - rows: The printed rows.
    ///   - height: Each row's height in points (0 when hidden).
    ///   - pageHeight: A page's height in points (``pageHeight(_:areaWidth:)``).
    ///   - repeatedHeight: The height of the rows printed again at the top of every page after the first.
    ///   - blocks: The runs of rows that stay on one page when they fit on one, top to bottom.
    /// - Returns: The first row of each page after the first, at most ``Worksheet/maximumPageBreaks``.
    static func rows(_ rows: ClosedRange<Int>, height: (Int) -> Double, pageHeight: Double, repeatedHeight: Double,
                     blocks: [ClosedRange<Int>]) -> [Int] {
        let laterPage = pageHeight - repeatedHeight
        guard laterPage > 0 else { return [] }
        let blockEnds = Dictionary(blocks.map { ($0.lowerBound, $0.upperBound) }) { first, _ in first }
        var breaks: [Int] = []
        var used = 0.0
        var capacity = pageHeight
        var pageStart = rows.lowerBound
        func newPage(at row: Int) {
            breaks.append(row)
            pageStart = row
            used = 0
            capacity = laterPage
        }
        for row in rows {
            if breaks.count == Worksheet.maximumPageBreaks { break }
            if let end = blockEnds[row], row != pageStart {
                let blockHeight = (row...min(end, rows.upperBound)).reduce(0) { $0 + height($1) }
                if used + blockHeight > capacity && blockHeight <= laterPage { newPage(at: row) }
            }
            let rowHeight = height(row)
            if used + rowHeight > capacity && row != pageStart { newPage(at: row) }
            used += rowHeight
        }
        return breaks
    }
}
