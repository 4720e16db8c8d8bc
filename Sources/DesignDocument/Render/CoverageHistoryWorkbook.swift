import FileSupport
import Foundation
import Inventory
import SpreadsheetModel
import Workbook

/// The workbook of `docsheet history --format xlsx`: the trend with a line chart of the coverage, then HEAD's
/// coverage per module and per file, and the undocumented functions by author (Documentation/CLI.md#docsheet-history).
public enum CoverageHistoryWorkbook {
    /// Writes `report` to `url`, replacing an existing file only once the new one is complete.
    ///
    /// - Parameters:
    ///   - report: What `docsheet history` found.
    ///   - url: The `.xlsx` file to write.
    ///   - locale: The language of the sheet names and headers.
    ///   - created: The workbook's creation date (a fixed one gives byte-identical files).
    /// - Throws: `DesignDocumentError` when the workbook cannot be written.
    public static func write(_ report: HistoryReport, to url: URL, locale: DocumentLocale, created: Date) throws(DesignDocumentError) {
        let temporary = AtomicFile.temporaryURL(besides: url)
        do {
            try fill(report, destination: temporary, locale: locale, created: created)
        } catch {
            AtomicFile.discard(temporary)
            throw .workbook(error)
        }
        do {
            try AtomicFile.moveIntoPlace(temporary, url)
        } catch {
            AtomicFile.discard(temporary)
            throw .writeFailed(path: url.path, reason: "\(error)")
        }
    }

    /// The sheet names and headers in each locale.
    struct Labels {
        var trend, modules, files, authors: String
        var commit, date, functions, documented, coverage, subject, name, author, undocumented: String
        var chartTitle: String

        static func of(_ locale: DocumentLocale) -> Labels {
            switch locale {
            case .en:
                return Labels(trend: "Trend", modules: "Modules", files: "Files", authors: "Authors", commit: "Commit", date: "Date",
                              functions: "Functions", documented: "Documented", coverage: "Coverage", subject: "Subject",
                              name: "Name", author: "Author", undocumented: "Undocumented functions", chartTitle: "Documentation coverage")
            case .vi:
                return Labels(trend: "Xu hướng", modules: "Mô-đun", files: "Tệp", authors: "Tác giả", commit: "Commit", date: "Ngày",
                              functions: "Hàm", documented: "Đã mô tả", coverage: "Tỷ lệ", subject: "Nội dung",
                              name: "Tên", author: "Tác giả", undocumented: "Hàm chưa mô tả", chartTitle: "Tỷ lệ có mô tả")
            case .ja:
                return Labels(trend: "推移", modules: "モジュール", files: "ファイル", authors: "担当者", commit: "コミット", date: "日時",
                              functions: "関数", documented: "記述済", coverage: "記述率", subject: "件名",
                              name: "名前", author: "担当者", undocumented: "未記述の関数", chartTitle: "ドキュメント記述率")
            }
        }
    }

    /// Writes the sheets into a new workbook at `destination`.
    static func fill(_ report: HistoryReport, destination: URL, locale: DocumentLocale, created: Date) throws(WorkbookError) {
        let labels = Labels.of(locale)
        var properties = SpreadsheetProperties()
        properties.title = labels.chartTitle
        let book = try Workbook(destination: destination, properties: properties, created: created)
        var header = CellStyle()
        header.bold = true
        header.fill = Color(rgb: 0xD9E1F2)
        header.border = .thin
        var percent = CellStyle()
        percent.numberFormat = "0.0%"

        // Printed as the design document's sheets are: landscape, as wide as one page, the header row on each page.
        let page = PageSetup(landscape: true, paper: .a3, fitToWidth: true, repeatRows: 0...0)

        let trend = try book.addWorksheet(named: labels.trend)
        try trend.setPageSetup(page)
        for (column, title) in [labels.commit, labels.date, labels.functions, labels.documented, labels.coverage, labels.subject].enumerated() {
            try trend.write(title, row: 0, column: column, style: header)
        }
        for (index, point) in report.points.enumerated() {
            let row = index + 1
            try trend.write(String(point.commit.prefix(10)), row: row, column: 0)
            try trend.write(String(point.date.prefix(10)), row: row, column: 1)   // the day: the chart's axis labels
            try trend.write(point.functions, row: row, column: 2)
            try trend.write(point.documented, row: row, column: 3)
            try trend.write(point.coverage / 100, row: row, column: 4, style: percent)
            try trend.write(point.subject, row: row, column: 5)
        }
        try trend.setColumnWidth(0, width: 12)
        try trend.setColumnWidth(1, width: 12)
        try trend.setColumnWidth(2, 4, width: 12)
        try trend.setColumnWidth(5, width: 60)
        try trend.freezePanes(row: 1)
        if !report.points.isEmpty {
            let last = report.points.count
            let chart = try book.addChart(.line)
            try chart.addSeries(name: labels.coverage, sheet: trend.name,
                                categories: CellRange(firstRow: 1, firstColumn: 1, lastRow: last, lastColumn: 1),
                                values: CellRange(firstRow: 1, firstColumn: 4, lastRow: last, lastColumn: 4))
            try chart.setTitle(labels.chartTitle)
            try chart.setValueRange(0...1)
            try chart.setValueFormat("0%")
            try trend.insertChart(chart, at: CellReference(row: 1, column: 7), xScale: 1.5, yScale: 1.2)
        }

        for (title, shares, nameHeader) in [(labels.modules, report.modules, labels.name), (labels.files, report.files, labels.name)] {
            let sheet = try book.addWorksheet(named: title)
            try sheet.setPageSetup(page)
            for (column, text) in [nameHeader, labels.functions, labels.documented, labels.coverage].enumerated() {
                try sheet.write(text, row: 0, column: column, style: header)
            }
            for (index, share) in shares.enumerated() {
                try sheet.write(share.name, row: index + 1, column: 0)
                try sheet.write(share.functions, row: index + 1, column: 1)
                try sheet.write(share.documented, row: index + 1, column: 2)
                try sheet.write(share.coverage / 100, row: index + 1, column: 3, style: percent)
            }
            try sheet.setColumnWidth(0, width: 50)
            try sheet.setColumnWidth(1, 3, width: 12)
            try sheet.freezePanes(row: 1)
        }
        let authors = try book.addWorksheet(named: labels.authors)
        try authors.setPageSetup(page)
        try authors.write(labels.author, row: 0, column: 0, style: header)
        try authors.write(labels.undocumented, row: 0, column: 1, style: header)
        for (index, share) in report.authors.enumerated() {
            try authors.write(share.name, row: index + 1, column: 0)
            try authors.write(share.functions, row: index + 1, column: 1)
        }
        try authors.setColumnWidth(0, width: 30)
        try authors.setColumnWidth(1, width: 24)
        try book.close()
    }
}
