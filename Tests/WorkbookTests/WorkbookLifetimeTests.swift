import Foundation
import Testing
import TestSupport
import SpreadsheetModel
@testable import Workbook

/// Once a workbook is closed or released, libxlsxwriter has freed its C objects: every call on the workbook, its
/// sheets and its charts must throw `alreadyClosed` instead of touching freed memory.
@Suite struct WorkbookLifetimeTests {
    static let created = Date(timeIntervalSince1970: 0)

    /// One call of a public method, named by its selector (and what tells overloads apart).
    struct Call: CustomStringConvertible {
        let name: String
        let run: () throws(WorkbookError) -> Void
        var description: String { name }
        /// The method's base name, e.g. `write` for `write(_:row:column:style:) text`.
        var baseName: String { String(name.prefix { $0 != "(" }) }
    }

    /// Every public method of a worksheet and a chart, each called once with valid arguments.
    static func sheetCalls(_ sheet: Worksheet, _ chart: Chart, _ format: CellFormat) -> [Call] {
        let range = CellRange("A1:B2")!
        let cell = CellReference("C3")!
        let gif = TestImages.gif(width: 1, height: 1)
        return [
            // Worksheet.swift: cells and styles (a style already used before the workbook closed: its format is cached).
            Call(name: "write(_:row:column:style:) text") { () throws(WorkbookError) in try sheet.write("x", row: 5, column: 0, style: CellStyle(bold: true)) },
            Call(name: "write(_:row:column:style:) double") { () throws(WorkbookError) in try sheet.write(1.5, row: 5, column: 0) },
            Call(name: "write(_:row:column:style:) int") { () throws(WorkbookError) in try sheet.write(2, row: 5, column: 0, style: CellStyle(bold: true)) },
            Call(name: "writeBlank(row:column:style:)") { () throws(WorkbookError) in try sheet.writeBlank(row: 5, column: 0, style: CellStyle(bold: true)) },
            Call(name: "format(for:)") { () throws(WorkbookError) in _ = try sheet.format(for: CellStyle(bold: true)) },
            Call(name: "write(_:row:column:format:) text") { () throws(WorkbookError) in try sheet.write("x", row: 5, column: 0, format: format) },
            Call(name: "write(_:row:column:format:) prepared text") { () throws(WorkbookError) in try sheet.write(ExcelText.prepare("x"), row: 5, column: 0, format: format) },
            Call(name: "write(_:row:column:format:) double") { () throws(WorkbookError) in try sheet.write(1.5, row: 5, column: 0, format: format) },
            Call(name: "writeBlank(row:column:format:)") { () throws(WorkbookError) in try sheet.writeBlank(row: 5, column: 0, format: format) },
            Call(name: "writeFormula(_:row:column:style:)") { () throws(WorkbookError) in try sheet.writeFormula("=1+1", row: 5, column: 0) },
            Call(name: "writeLink(url:text:row:column:style:)") { () throws(WorkbookError) in try sheet.writeLink(url: "https://example.com", text: "x", row: 5, column: 0) },
            Call(name: "writeLink(url:number:row:column:style:)") { () throws(WorkbookError) in try sheet.writeLink(url: "https://example.com", number: 3, row: 5, column: 0) },
            Call(name: "writeLink(toSheet:cell:text:row:column:style:)") { () throws(WorkbookError) in try sheet.writeLink(toSheet: "A", text: "x", row: 5, column: 0) },
            Call(name: "merge(_:text:style:)") { () throws(WorkbookError) in try sheet.merge(CellRange("A6:B7")!, text: "x") },
            Call(name: "setColumnWidth(_:_:width:style:hidden:)") { () throws(WorkbookError) in try sheet.setColumnWidth(0, width: 10) },
            Call(name: "setRowHeight(_:height:)") { () throws(WorkbookError) in try sheet.setRowHeight(5, height: 20) },
            Call(name: "freezePanes(row:column:)") { () throws(WorkbookError) in try sheet.freezePanes(row: 1) },
            Call(name: "setAutofilter(_:)") { () throws(WorkbookError) in try sheet.setAutofilter(range) },
            Call(name: "addTable(_:headers:name:styleNumber:headerStyle:)") { () throws(WorkbookError) in try sheet.addTable(CellRange("D1:E3")!, headers: ["a", "b"]) },
            Call(name: "addDropDown(_:choices:prompt:)") { () throws(WorkbookError) in try sheet.addDropDown(range, choices: ["a"]) },
            Call(name: "addConditionalFormat(_:formula:style:)") { () throws(WorkbookError) in try sheet.addConditionalFormat(range, formula: "=TRUE", style: CellStyle(bold: true)) },
            Call(name: "insertChart(_:at:xScale:yScale:)") { () throws(WorkbookError) in try sheet.insertChart(chart, at: cell) },
            Call(name: "insertImage(_:source:at:scale:)") { () throws(WorkbookError) in try sheet.insertImage(gif, source: "a.gif", at: cell) },
            Call(name: "setTabColor(_:)") { () throws(WorkbookError) in try sheet.setTabColor(.black) },
            Call(name: "hideGridlines()") { () throws(WorkbookError) in try sheet.hideGridlines() },
            Call(name: "activate()") { () throws(WorkbookError) in try sheet.activate() },
            // Worksheet+Sheet.swift
            Call(name: "writeBoolean(_:row:column:style:)") { () throws(WorkbookError) in try sheet.writeBoolean(true, row: 5, column: 0) },
            Call(name: "writeFormula(_:row:column:style:cachedValue:)") { () throws(WorkbookError) in try sheet.writeFormula("=1", row: 5, column: 0, cachedValue: .number(1)) },
            Call(name: "setRowFormat(_:height:hidden:style:)") { () throws(WorkbookError) in try sheet.setRowFormat(5, height: 20, style: CellStyle(bold: true)) },
            Call(name: "setDefaultRowHeight(_:hideUnusedRows:)") { () throws(WorkbookError) in try sheet.setDefaultRowHeight(18) },
            Call(name: "setVisibility(_:)") { () throws(WorkbookError) in try sheet.setVisibility(.hidden) },
            Call(name: "setFirstSheet()") { () throws(WorkbookError) in try sheet.setFirstSheet() },
            Call(name: "setZoom(_:)") { () throws(WorkbookError) in try sheet.setZoom(90) },
            Call(name: "setRightToLeft()") { () throws(WorkbookError) in try sheet.setRightToLeft() },
            Call(name: "select(_:) cell") { () throws(WorkbookError) in try sheet.select(cell) },
            Call(name: "select(_:) range") { () throws(WorkbookError) in try sheet.select(range) },
            Call(name: "setGridlines(screen:print:)") { () throws(WorkbookError) in try sheet.setGridlines(screen: true, print: true) },
            Call(name: "setRowPageBreaks(_:)") { () throws(WorkbookError) in try sheet.setRowPageBreaks([10, 20]) },
            Call(name: "setPageSetup(_:)") { () throws(WorkbookError) in try sheet.setPageSetup(PageSetup(landscape: true)) },
            // Worksheet+Rules.swift, Worksheet+Images.swift
            Call(name: "addDataValidation(_:)") { () throws(WorkbookError) in try sheet.addDataValidation(DataValidation(ranges: [range], kind: .custom, formula1: "TRUE")) },
            Call(name: "addConditionalFormat(_:)") { () throws(WorkbookError) in try sheet.addConditionalFormat(ConditionalFormat(ranges: [range], rule: .blanks)) },
            Call(name: "insertImage(_:)") { () throws(WorkbookError) in try sheet.insertImage(ImagePlacement(data: gif, source: "a.gif", anchor: cell)) },
            // Chart.swift
            Call(name: "addSeries(name:sheet:categories:values:color:)") { () throws(WorkbookError) in try chart.addSeries(name: "s", sheet: "A", categories: range, values: range) },
            Call(name: "setTitle(_:)") { () throws(WorkbookError) in try chart.setTitle("t") },
            Call(name: "setAxisTitles(category:value:)") { () throws(WorkbookError) in try chart.setAxisTitles(category: "c", value: "v") },
            Call(name: "setValueRange(_:)") { () throws(WorkbookError) in try chart.setValueRange(0...1) },
            Call(name: "setValueFormat(_:)") { () throws(WorkbookError) in try chart.setValueFormat("0%") },
            Call(name: "listCategoriesTopDown()") { () throws(WorkbookError) in try chart.listCategoriesTopDown() },
            Call(name: "hideLegend()") { () throws(WorkbookError) in try chart.hideLegend() },
        ]
    }

    /// Every public method of a workbook that needs it open.
    static func workbookCalls(_ workbook: Workbook) -> [Call] {
        [
            Call(name: "addWorksheet(named:)") { () throws(WorkbookError) in try workbook.addWorksheet(named: "B") },
            Call(name: "addChart(_:)") { () throws(WorkbookError) in _ = try workbook.addChart(.bar) },
            Call(name: "close()") { () throws(WorkbookError) in try workbook.close() },
            Call(name: "defineName(_:formula:localTo:)") { () throws(WorkbookError) in try workbook.defineName("X", formula: "1") },
        ]
    }

    /// Public methods that only read what Swift keeps, and so answer after `close()` too.
    static let queries: Set<String> = ["uniqueSheetName"]

    /// A workbook with a sheet whose bold format is already cached, and a chart.
    static func makeWorkbook(_ url: URL, constantMemory: Bool = false) throws -> (Workbook, Worksheet, Chart) {
        let workbook = try Workbook(destination: url, created: created, constantMemory: constantMemory)
        let sheet = try workbook.addWorksheet(named: "A")
        try sheet.write("cached", row: 0, column: 0, style: CellStyle(bold: true))
        let chart = try workbook.addChart(.bar)
        try chart.addSeries(name: "s", sheet: "A", categories: CellRange("A1:A2")!, values: CellRange("B1:B2")!)
        return (workbook, sheet, chart)
    }

    @Test func everyCallAfterCloseThrowsAlreadyClosed() throws {
        let url = try TestArtifacts.temporaryFolder("docsheet-wb").appendingPathComponent("closed.xlsx")
        let (workbook, sheet, chart) = try Self.makeWorkbook(url)
        let format = try sheet.format(for: CellStyle(bold: true))
        try workbook.close()
        let closed = WorkbookError.alreadyClosed(path: url.path)
        for call in Self.sheetCalls(sheet, chart, format) + Self.workbookCalls(workbook) {
            #expect(throws: closed, "\(call)") { try call.run() }
        }
        // What the sheet counted stays readable after close.
        #expect(sheet.name == "A" && sheet.truncatedCellCount == 0 && sheet.linksOverLimitCount == 0)
        #expect(workbook.sheetNames == ["A"] && workbook.uniqueSheetName(for: "A") == "A (2)")
        #expect(try XLSXReader(url: url).sheet("A")["A1"] == "cached")
    }

    @Test func theTablesCoverEveryPublicMethod() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Workbook")
        var declared: [String: Int] = [:]
        for file in ["Workbook.swift", "Worksheet.swift", "Worksheet+Sheet.swift", "Worksheet+Rules.swift",
                     "Worksheet+Images.swift", "Chart.swift"] {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("public func ") else { continue }   // `public static func` is not a call on an object
                let name = trimmed.dropFirst("public func ".count).prefix { $0 != "(" && $0 != "<" }
                declared[String(name), default: 0] += 1
            }
        }
        let url = try TestArtifacts.temporaryFolder("docsheet-wb").appendingPathComponent("cover.xlsx")
        let (workbook, sheet, chart) = try Self.makeWorkbook(url)
        var tested: [String: Int] = [:]
        for call in Self.sheetCalls(sheet, chart, try sheet.format(for: nil)) + Self.workbookCalls(workbook) {
            tested[call.baseName, default: 0] += 1
        }
        for query in Self.queries { tested[query, default: 0] += 1 }
        #expect(declared.values.reduce(0, +) > 40, "the source files were not read")
        #expect(tested == declared, "a public method of Workbook, Worksheet or Chart is missing from the after-close tables")
    }

    @Test func aSheetOrChartUsedAfterItsWorkbookWasReleasedThrowsAlreadyClosed() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-wb")
        let url = folder.appendingPathComponent("released.xlsx")
        let sheet: Worksheet
        let chart: Chart
        let format: CellFormat
        do {
            let (workbook, madeSheet, madeChart) = try Self.makeWorkbook(url)
            (sheet, chart) = (madeSheet, madeChart)
            format = try sheet.format(for: CellStyle(bold: true))
            #expect(workbook.worksheets.count == 1)
        }   // the workbook is released here, unclosed: its C objects are freed
        let closed = WorkbookError.alreadyClosed(path: url.path)
        for call in Self.sheetCalls(sheet, chart, format) {
            #expect(throws: closed, "\(call)") { try call.run() }
        }
        #expect(closed.description.contains("released without close()"))
        #expect(sheet.name == "A")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "no destination, no temporary file")
    }

    @Test func aReleasedConstantMemoryWorkbookClosesItsRowFiles() throws {
        // The process's open descriptors: /proc/self/fd on Linux, /dev/fd on macOS.
        let descriptorFolder = FileManager.default.fileExists(atPath: "/proc/self/fd") ? "/proc/self/fd" : "/dev/fd"
        func openDescriptors() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: descriptorFolder).count }
        let folder = try TestArtifacts.temporaryFolder("docsheet-wb")
        let before = try openDescriptors()
        for round in 0..<10 {
            let workbook = try Workbook(destination: folder.appendingPathComponent("big\(round).xlsx"),
                                        created: Self.created, constantMemory: true)
            for index in 0..<5 {
                let sheet = try workbook.addWorksheet(named: "S\(index)")
                try sheet.write("x", row: 0, column: 0)
                try sheet.merge(CellRange("A2:B4")!, text: "m", style: CellStyle(bold: true))
            }
        }
        // Each constant-memory sheet has a row file open: 50 would leak (other tests running meanwhile open a few).
        #expect(try openDescriptors() - before < 25, "file descriptors leaked")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aChartBelongsToOneWorkbookAndOnePlace() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-wb")
        let (workbook, sheet, chart) = try Self.makeWorkbook(folder.appendingPathComponent("a.xlsx"))
        let (other, _, foreign) = try Self.makeWorkbook(folder.appendingPathComponent("b.xlsx"))
        #expect(throws: WorkbookError.self) { try sheet.insertChart(foreign, at: CellReference("D2")!) }
        try sheet.insertChart(chart, at: CellReference("D2")!)
        #expect(throws: WorkbookError.self) { try sheet.insertChart(chart, at: CellReference("D20")!) }
        try workbook.close()
        try other.close()
    }

    @Test func aCellFormatBelongsToItsWorkbookAndWritesWhatItsStyleWrites() throws {
        let folder = try TestArtifacts.temporaryFolder("docsheet-wb")
        let (workbook, sheet, _) = try Self.makeWorkbook(folder.appendingPathComponent("a.xlsx"))
        let (other, foreignSheet, _) = try Self.makeWorkbook(folder.appendingPathComponent("b.xlsx"))
        let style = CellStyle(bold: true, fill: .black, wrap: true)
        let foreign = try foreignSheet.format(for: style)
        #expect(throws: WorkbookError.invalidValue(context: "A!B2", reason: "the cell format belongs to another workbook")) {
            try sheet.write("x", row: 1, column: 1, format: foreign)
        }
        // The same cells through styles and through resolved formats: the same sheet.
        let format = try sheet.format(for: style)
        try sheet.write("text", row: 1, column: 0, format: format)
        try sheet.write(2.5, row: 1, column: 1, format: format)
        try sheet.writeBlank(row: 1, column: 2, format: format)
        try sheet.write("", row: 1, column: 3, format: format)
        try foreignSheet.write("text", row: 1, column: 0, style: style)
        try foreignSheet.write(2.5, row: 1, column: 1, style: style)
        try foreignSheet.writeBlank(row: 1, column: 2, style: style)
        try foreignSheet.write("", row: 1, column: 3, style: style)
        try workbook.close()
        try other.close()
        let (first, second) = (try XLSXReader(url: folder.appendingPathComponent("a.xlsx")), try XLSXReader(url: folder.appendingPathComponent("b.xlsx")))
        #expect(first.text(ofPart: "xl/worksheets/sheet1.xml")?.contains("<c r=\"C2\" s=") == true)
        #expect(first.text(ofPart: "xl/worksheets/sheet1.xml") == second.text(ofPart: "xl/worksheets/sheet1.xml"))
        #expect(first.text(ofPart: "xl/styles.xml") == second.text(ofPart: "xl/styles.xml"))
        #expect(try first.sheet("A")["A2"] == "text")
    }
}
