import Foundation
import Testing
import TestSupport
@testable import SpreadsheetReader

/// Files that are not readable workbooks: each error names the file (and the part or cell) and says what to do.
@Suite struct SpreadsheetReaderErrorTests {
    func error(reading name: String) -> SpreadsheetReaderError? {
        do {
            _ = try SpreadsheetReader.read(SpreadsheetFixtures.url(name))
            return nil
        } catch {
            return error
        }
    }

    func path(_ name: String) -> String { SpreadsheetFixtures.url(name).path }

    @Test func missingFile() {
        let missing = path("no-such-form.xlsx")
        #expect(error(reading: "no-such-form.xlsx") == .fileNotFound(path: missing))
        #expect(SpreadsheetReaderError.fileNotFound(path: missing).description.contains(missing))
    }

    @Test func aFolderIsNotAWorkbook() throws {
        let folder = try TestArtifacts.temporaryFolder("reader-folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: SpreadsheetReaderError.unreadable(path: folder.path, reason: "it is a folder")) {
            try SpreadsheetReader.read(folder)
        }
    }

    @Test func notAZipArchive() {
        let failure = error(reading: "not-a-zip.xlsx")
        #expect(failure == .notZipArchive(path: path("not-a-zip.xlsx")))
        #expect(failure?.description == "\(path("not-a-zip.xlsx")) is not an .xlsx workbook (not a zip archive): open it in "
                + "Excel or LibreOffice and save it as Excel Workbook (.xlsx).")
    }

    @Test func oleCompoundFileIsEncryptedOrLegacy() {
        let failure = error(reading: "ole-header.xlsx")
        #expect(failure == .encryptedOrLegacyFormat(path: path("ole-header.xlsx")))
        #expect(failure?.description == "\(path("ole-header.xlsx")) is encrypted with a password, or an old .xls: save it as an "
                + "unprotected .xlsx.")
    }

    @Test func macroEnabledByContentTypeOrExtension() throws {
        #expect(error(reading: "macro-content-type.xlsx") == .macroEnabled(path: path("macro-content-type.xlsx")))
        let data = try Data(contentsOf: SpreadsheetFixtures.url("openpyxl-form.xlsx"))
        #expect(throws: SpreadsheetReaderError.macroEnabled(path: "client.xlsm")) {
            try SpreadsheetReader.read(data: data, source: "client.xlsm")
        }
        #expect(SpreadsheetReaderError.macroEnabled(path: "client.xlsm").description
                == "client.xlsm is a macro-enabled workbook: save it as .xlsx (macros cannot be carried over).")
    }

    @Test func binaryWorkbookByExtension() throws {
        let data = try Data(contentsOf: SpreadsheetFixtures.url("openpyxl-form.xlsx"))
        #expect(throws: SpreadsheetReaderError.binaryWorkbook(path: "client.xlsb")) {
            try SpreadsheetReader.read(data: data, source: "client.xlsb")
        }
        #expect(SpreadsheetReaderError.binaryWorkbook(path: "client.xlsb").description.contains("save it as Excel Workbook (.xlsx)"))
    }

    @Test func missingSheetPartNamesThePartAndTheSheet() {
        let failure = error(reading: "missing-sheet.xlsx")
        #expect(failure == .missingPart(path: path("missing-sheet.xlsx"), part: "xl/worksheets/sheet2.xml",
                                        referredToBy: "xl/workbook.xml (sheet 'Lists')"))
        #expect(failure?.description.contains(path("missing-sheet.xlsx")) == true)
        #expect(failure?.description.contains("xl/worksheets/sheet2.xml") == true)
    }

    @Test func malformedXMLNamesThePart() throws {
        let failure = try #require(error(reading: "malformed-styles.xlsx"))
        guard case .malformedPart(let file, let part, let reason) = failure else {
            Issue.record("expected malformedPart, got \(failure)")
            return
        }
        #expect(file == path("malformed-styles.xlsx"))
        #expect(part == "xl/styles.xml")
        #expect(reason.contains("not well-formed XML") && reason.contains("line"))
        #expect(failure.description.hasPrefix("\(path("malformed-styles.xlsx")) is damaged: part xl/styles.xml cannot be read"))
    }

    @Test func aNumberThatIsNotANumberNamesTheCell() {
        #expect(error(reading: "bad-number.xlsx") == .invalidValue(
            path: path("bad-number.xlsx"), part: "wb/s/second.xml", location: "cell A1 of sheet 'It's second'",
            detail: "holds \"12abc\", which is not a number"))
    }

    @Test func aRowPastExcelsGrid() {
        #expect(error(reading: "past-grid.xlsx") == .outsideExcelGrid(
            path: path("past-grid.xlsx"), part: "wb/s/second.xml", reference: "row 1048577 of sheet 'It's second'"))
    }

    @Test func inMemoryDataThatIsNotAWorkbook() {
        #expect(throws: SpreadsheetReaderError.notZipArchive(path: "empty.xlsx")) {
            try SpreadsheetReader.read(data: Data(), source: "empty.xlsx")
        }
        #expect(throws: SpreadsheetReaderError.notZipArchive(path: "truncated.xlsx")) {
            try SpreadsheetReader.read(data: Data("PK\u{3}\u{4}garbage".utf8), source: "truncated.xlsx")
        }
    }

    /// Every prefix of a real workbook, and a copy with bytes overwritten, is rejected with an error (never a
    /// crash): damaged downloads and attachments are common.
    @Test func damagedCopiesFailWithAnErrorNotACrash() throws {
        let data = try Data(contentsOf: SpreadsheetFixtures.url("handmade.xlsx"))
        for length in stride(from: 0, to: data.count, by: 97) {
            #expect(throws: SpreadsheetReaderError.self) { try SpreadsheetReader.read(data: data.prefix(length), source: "cut.xlsx") }
        }
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<(ProcessInfo.processInfo.environment["READER_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 60) {
            var damaged = data
            for _ in 0..<8 {
                let index = Int.random(in: 0..<damaged.count, using: &generator)
                damaged[index] = UInt8.random(in: 0...255, using: &generator)
            }
            // Either a document or a typed error; reaching the next line means nothing trapped.
            _ = try? SpreadsheetReader.read(data: damaged, source: "damaged.xlsx")
        }
    }
}
