import Foundation
import Testing
import TestSupport
import SpreadsheetModel
@testable import Workbook

/// One test per Excel limit the Workbook module enforces, each reading the written file back.
@Suite struct ExcelLimitsTests {
    func folder() throws -> URL { try TestArtifacts.temporaryFolder("docsheet-wb") }
    let created = Date(timeIntervalSince1970: 1_700_000_000)

    /// Writes one sheet through `body` and reads the workbook back.
    func roundTrip(_ body: (Worksheet) throws -> Void) throws -> XLSXReader.Sheet {
        let url = try folder().appendingPathComponent("limits.xlsx")
        let workbook = try Workbook(destination: url, created: created)
        try body(try workbook.addWorksheet(named: "Data"))
        try workbook.close()
        return try XLSXReader(url: url).sheet("Data")
    }

    @Test func textLongerThanACellIsTruncatedByUTF16UnitsAndMarked() throws {
        // 20,000 emoji are 20,000 code points (libxlsxwriter would accept them) but 40,000 UTF-16 units.
        let emoji = String(repeating: "😀", count: 20_000)
        var truncated = 0
        let sheet = try roundTrip { sheet in
            try sheet.write(emoji, row: 0, column: 0)
            try sheet.write(String(repeating: "a", count: 32_767), row: 1, column: 0)
            truncated = sheet.truncatedCellCount
        }
        let cell = try #require(sheet["A1"])
        #expect(cell.utf16.count <= ExcelText.maximumCellLength)
        #expect(cell.hasSuffix(ExcelText.truncationMarker))
        #expect(cell.hasPrefix("😀😀"))
        #expect(!cell.unicodeScalars.contains { (0xD800...0xDFFF).contains($0.value) })
        #expect(sheet["A2"]?.count == 32_767, "exactly the limit is kept whole")
        #expect(truncated == 1)
    }

    @Test func textPreparedBeforehandIsWrittenAsTheOriginalWouldBe() throws {
        let long = String(repeating: "😀", count: 20_000)
        let texts = [long, "before\u{0}after\u{FFFE}end", "plain", ""]
        var counts: [Int] = []
        var sheets: [XLSXReader.Sheet] = []
        for prepared in [false, true] {
            sheets.append(try roundTrip { sheet in
                let format = try sheet.format(for: CellStyle(border: .thin))
                for (row, text) in texts.enumerated() {
                    if prepared {
                        try sheet.write(ExcelText.prepare(text), row: row, column: 0, format: format)
                    } else {
                        try sheet.write(text, row: row, column: 0, format: format)
                    }
                }
                counts.append(sheet.truncatedCellCount)
            })
        }
        #expect(sheets[1].cells == sheets[0].cells)
        #expect(sheets[1]["A2"] == "beforeafterend" && sheets[1]["A3"] == "plain")
        #expect(sheets[1]["A1"]?.hasSuffix(ExcelText.truncationMarker) == true)
        #expect(counts == [1, 1], "a truncated prepared text counts as a truncated cell")
    }

    @Test func xmlInvalidCharactersAreStrippedIncludingNulAndNonCharacters() throws {
        let sheet = try roundTrip { sheet in
            try sheet.write("before\u{0}after\u{1}\u{1B}\u{FFFE}\u{FFFF}\tend\nline", row: 0, column: 0)
        }
        #expect(sheet["A1"] == "beforeafter\tend\nline")
    }

    @Test func literalEncodedCharacterTextIsEscapedSoExcelShowsItAsWritten() throws {
        let sheet = try roundTrip { sheet in
            try sheet.write("id_x0041_ and _X00fF_ and _x12_ stay", row: 0, column: 0)
        }
        let stored = try #require(sheet["A1"])
        #expect(stored == "id_x005F_x0041_ and _x005F_X00fF_ and _x12_ stay")
        #expect(XLSXReader.decodeEscapes(stored) == "id_x0041_ and _X00fF_ and _x12_ stay")
    }

    @Test func preparedTextKeepsPlainTextAndCleansEveryCharacterTheFastPathMustNotMiss() {
        // Plain text (ASCII, CJK, Vietnamese, U+FFFD whose UTF-8 is EF BF BD) is returned unchanged.
        for plain in ["func load(id: Int) -> User", "設計書を出力する", "Tải tài liệu thiết kế", "\u{FFFD}", "a\tb\r\nc", ""] {
            #expect(ExcelText.prepare(plain) == ExcelText.Prepared(text: plain, wasTruncated: false))
        }
        // Each character the byte scan looks for, alone and at the end (where a 3-byte check could read past it).
        #expect(ExcelText.prepare("x\u{FFFE}").text == "x")
        #expect(ExcelText.prepare("x\u{FFFF}").text == "x")
        #expect(ExcelText.prepare("\u{7F}\u{1F}y").text == "\u{7F}y", "DEL is allowed in XML; U+001F is not")
        #expect(ExcelText.prepare("_x0041_").text == "_x005F_x0041_")
        #expect(ExcelText.prepare("snake_case_name").text == "snake_case_name")
        #expect(ExcelText.prepare("abcdef", limit: 3) == ExcelText.Prepared(text: "…[t", wasTruncated: true), "a limit below the marker")
        #expect(ExcelText.prepare(String(repeating: "a", count: 30), limit: 20) == ExcelText.Prepared(text: "aaaaaaaa…[truncated]", wasTruncated: true))
    }

    @Test func emptyTextWithAStyleStillWritesTheStyledCell() throws {
        let url = try folder().appendingPathComponent("blank.xlsx")
        let workbook = try Workbook(destination: url, created: created)
        let sheet = try workbook.addWorksheet(named: "Data")
        try sheet.write("", row: 0, column: 0, style: CellStyle(border: .thin))
        try sheet.write("", row: 0, column: 1)
        try workbook.close()
        let xml = try sheetXML(url)
        #expect(xml.contains("<c r=\"A1\" s="))
        #expect(!xml.contains("r=\"B1\""))
    }

    @Test func cellsOutsideTheGridThrowInsteadOfCrashing() throws {
        let url = try folder().appendingPathComponent("grid.xlsx")
        let workbook = try Workbook(destination: url, created: created)
        let sheet = try workbook.addWorksheet(named: "Data")
        #expect(throws: WorkbookError.cellOutOfRange(sheet: "Data", row: 1_048_576, column: 0)) {
            try sheet.write("x", row: 1_048_576, column: 0)
        }
        #expect(throws: WorkbookError.cellOutOfRange(sheet: "Data", row: 0, column: 16_384)) {
            try sheet.write(1, row: 0, column: 16_384)
        }
        try sheet.write("last", row: 1_048_575, column: 16_383)
    }

    @Test func constantMemoryModeRefusesRowsOutOfOrderAndTables() throws {
        let url = try folder().appendingPathComponent("constant.xlsx")
        let workbook = try Workbook(destination: url, created: created, constantMemory: true)
        let sheet = try workbook.addWorksheet(named: "Data")
        try sheet.write("b", row: 5, column: 0)
        #expect(throws: WorkbookError.rowWrittenOutOfOrder(sheet: "Data", row: 2, lastRow: 5)) {
            try sheet.write("a", row: 2, column: 0)
        }
        #expect(throws: WorkbookError.unavailableInConstantMemoryMode(feature: "an Excel table")) {
            try sheet.addTable(CellRange(firstRow: 0, firstColumn: 0, lastRow: 5, lastColumn: 0), headers: ["H"])
        }
        try workbook.close()
        #expect(try XLSXReader(url: url).sheet("Data")["A6"] == "b")
    }

    @Test func linksBeyondTheSheetLimitAreCountedAndWrittenAsText() throws {
        let url = try folder().appendingPathComponent("links.xlsx")
        let workbook = try Workbook(destination: url, created: created)
        let sheet = try workbook.addWorksheet(named: "Data")
        for row in 0..<(Worksheet.maximumLinks + 2) {
            try sheet.writeLink(toSheet: "Data", text: "x", row: row, column: 0)
        }
        #expect(sheet.linksOverLimitCount == 2)
    }

    @Test func overlongURLsAreWrittenAsPlainText() throws {
        let long = "https://example.com/" + String(repeating: "p", count: 2_100)
        let sheet = try roundTrip { sheet in
            try sheet.writeLink(url: long, text: "too long", row: 0, column: 0)
            try sheet.writeLink(url: "https://example.com/ok", text: "ok", row: 1, column: 0)
        }
        #expect(sheet["A1"] == "too long")
        #expect(sheet.hyperlinks["A1"] == nil)
        #expect(sheet.hyperlinks["A2"] == "https://example.com/ok")
    }

    func sheetXML(_ url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        process.arguments = ["-p", url.path, "xl/worksheets/sheet1.xml"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
