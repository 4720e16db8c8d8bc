import Foundation
import Inventory
import Testing
import TestSupport
@testable import DesignDocument

/// `docsheet history --format xlsx`: the trend with its chart, the modules, files and authors, read back cell by cell.
@Suite struct CoverageHistoryWorkbookTests {
    static let report = HistoryReport(
        points: [
            CoveragePoint(commit: "1111111111aaaa", date: "2026-01-02T10:00:00+01:00", subject: "Start", functions: 2, documented: 0),
            CoveragePoint(commit: "2222222222bbbb", date: "2026-02-03T11:00:00+01:00", subject: "Document load", functions: 4, documented: 3),
        ],
        modules: [CoverageShare(name: "App", functions: 2, documented: 1), CoverageShare(name: "Kit", functions: 2, documented: 2)],
        files: [CoverageShare(name: "Sources/App/Store.swift", functions: 2, documented: 1)],
        authors: [CoverageShare(name: "Ann", functions: 1, documented: 0)],
        minAccess: .public)

    @Test func theTrendItsChartAndTheShares() throws {
        let url = try Fixtures.folder().appendingPathComponent("history.xlsx")
        try CoverageHistoryWorkbook.write(Self.report, to: url, locale: .en, created: Date(timeIntervalSince1970: 1_767_225_600))
        let book = try XLSXReader(url: url)
        #expect(book.sheetNames == ["Trend", "Modules", "Files", "Authors"])
        let trend = try book.sheet("Trend")
        #expect(trend.row(1) == ["Commit", "Date", "Functions", "Documented", "Coverage", "Subject"])
        #expect(trend.row(3) == ["2222222222", "2026-02-03", "4", "3", "0.75", "Document load"])
        let chart = try #require(book.text(ofPart: "xl/charts/chart1.xml"))
        #expect(chart.contains("<c:lineChart>") && chart.contains("Trend!$E$2:$E$3") && chart.contains("Trend!$B$2:$B$3"))
        #expect(try book.sheet("Modules").row(3) == ["Kit", "2", "2", "1"])
        #expect(try book.sheet("Authors").row(2) == ["Ann", "1"])
    }

    @Test func japaneseLabels() throws {
        let url = try Fixtures.folder().appendingPathComponent("history-ja.xlsx")
        try CoverageHistoryWorkbook.write(Self.report, to: url, locale: .ja, created: Date(timeIntervalSince1970: 1_767_225_600))
        let book = try XLSXReader(url: url)
        #expect(book.sheetNames == ["推移", "モジュール", "ファイル", "担当者"])
        #expect(try book.sheet("推移").row(1).prefix(5) == ["コミット", "日時", "関数", "記述済", "記述率"])
    }
}
