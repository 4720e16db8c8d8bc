import Foundation
import Testing
import TestSupport
@testable import Workbook

/// `WorkbookCompression.fast` reaches libxlsxwriter's zip writer (Linux: DocSheet's definition of minizip's
/// `zipOpenNewFileInZip4_64` sets the level), changes how the parts are packed and nothing of what they hold.
@Suite struct WorkbookCompressionTests {
    /// A workbook of two sheets with `rows` rows of varied text and numbers, closed with `compression`.
    func write(_ name: String, compression: WorkbookCompression, constantMemory: Bool = false, rows: Int = 3_000) throws -> URL {
        let url = try TestArtifacts.temporaryFolder("docsheet-compression").appendingPathComponent(name)
        let workbook = try Workbook(destination: url, properties: DocumentProperties(created: Date(timeIntervalSince1970: 0)),
                                    constantMemory: constantMemory, compression: compression)
        #expect(workbook.compression == compression)
        for sheetName in ["Functions", "Types"] {
            let sheet = try workbook.addWorksheet(named: sheetName)
            for row in 0..<rows {
                try sheet.write("func handle\(row)(_ request: Request\(row % 97), retries: Int = \(row % 7)) async throws -> Response",
                                row: row, column: 0, style: CellStyle(wrap: true))
                try sheet.write(Double(row * 13 % 1_009), row: row, column: 1)
                try sheet.write("Handles request \(row) of \(sheetName) and says so in a sentence of its own.", row: row, column: 2)
            }
        }
        try workbook.close()
        return url
    }

    @Test(arguments: [false, true])
    func fastCompressionPacksTheSamePartsFasterAndLarger(constantMemory: Bool) throws {
        let standard = try write("standard.xlsx", compression: .standard, constantMemory: constantMemory)
        let fast = try write("fast.xlsx", compression: .fast, constantMemory: constantMemory)
        // What the parts hold is the same: every cell of both sheets reads back alike.
        let (standardBook, fastBook) = (try XLSXReader(url: standard), try XLSXReader(url: fast))
        for name in ["Functions", "Types"] {
            let (expected, actual) = (try standardBook.sheet(name), try fastBook.sheet(name))
            #expect(actual.cells == expected.cells)
            #expect(actual.cells.count == 9_000)
            #expect(actual["A3000"] == "func handle2999(_ request: Request89, retries: Int = 3) async throws -> Response")
        }
        let (standardEntries, fastEntries) = (try ZipEntries(url: standard).entries, try ZipEntries(url: fast).entries)
        #expect(standardEntries.map(\.name) == fastEntries.map(\.name))
        #expect(standardEntries.map(\.uncompressedSize) == fastEntries.map(\.uncompressedSize))
        #expect(standardEntries.allSatisfy { $0.method == 8 && $0.levelFlags == 0 }, "libxlsxwriter's own level: normal")
        if Workbook.canChooseCompression {
            // The writer marks each entry deflated at level 1 ("super fast"), and the sheets come out larger.
            #expect(fastEntries.allSatisfy { $0.method == 8 && $0.levelFlags == 0b110 })
            let sheetSizes = { (entries: [ZipEntries.Entry]) in
                entries.filter { $0.name.hasPrefix("xl/worksheets/") }.map { Int($0.compressedSize) }.reduce(0, +)
            }
            #expect(sheetSizes(fastEntries) > sheetSizes(standardEntries))
        } else {
            #expect(fastEntries.map(\.levelFlags) == standardEntries.map(\.levelFlags))
        }
    }

    @Test func theLevelIsLeftAsItWasForTheNextWorkbookOnTheThread() throws {
        _ = try write("first-fast.xlsx", compression: .fast, rows: 10)
        let after = try write("then-standard.xlsx", compression: .standard, rows: 10)
        #expect(try ZipEntries(url: after).entries.allSatisfy { $0.levelFlags == 0 })
    }

    @Test func workbooksClosedSideBySideKeepTheirOwnLevels() throws {
        // The level is set for the closing thread only: four workbooks closed at once on four threads, two of each.
        let urls = try (0..<4).map { index in
            try TestArtifacts.temporaryFolder("docsheet-compression-threads").appendingPathComponent("book\(index).xlsx")
        }
        let failures = LockedFailures()
        DispatchQueue.concurrentPerform(iterations: urls.count) { index in
            do {
                let workbook = try Workbook(destination: urls[index], properties: DocumentProperties(created: Date(timeIntervalSince1970: 0)),
                                            compression: index.isMultiple(of: 2) ? .fast : .standard)
                let sheet = try workbook.addWorksheet(named: "Sheet")
                for row in 0..<2_000 { try sheet.write("text of row \(row) on book \(index)", row: row, column: 0) }
                try workbook.close()
            } catch {
                failures.append("book \(index): \(error)")
            }
        }
        #expect(failures.all.isEmpty)
        for (index, url) in urls.enumerated() {
            let expected: UInt16 = index.isMultiple(of: 2) && Workbook.canChooseCompression ? 0b110 : 0
            #expect(try ZipEntries(url: url).entries.allSatisfy { $0.levelFlags == expected }, "book \(index)")
        }
    }
}

/// Failures collected from several threads.
private final class LockedFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String] = []
    func append(_ failure: String) { lock.withLock { failures.append(failure) } }
    var all: [String] { lock.withLock { failures } }
}
