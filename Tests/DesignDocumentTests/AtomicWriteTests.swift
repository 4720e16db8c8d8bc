import FileSupport
import Foundation
import Testing
import Inventory
@testable import DesignDocument

@Suite struct AtomicWriteTests {
    func leftovers(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    }

    @Test func failedWorkbookLeavesTheOldFileAndNoTemporaryFile() throws {
        let folder = try Fixtures.folder()
        let url = folder.appendingPathComponent("doc.xlsx")
        try Data("old content".utf8).write(to: url)
        // A template whose drop-down list is too long for Excel fails while the workbook is being built.
        var template = try Template.resolve("inventory")
        template.sheets[0].columns[0].choices = [LocalizedText(String(repeating: "x", count: 300))]
        let writer = DocumentWriter(template: template, context: Fixtures.context)
        #expect(throws: DesignDocumentError.self) { try writer.write(Fixtures.inventory, format: .xlsx, to: url) }
        #expect(try String(contentsOf: url, encoding: .utf8) == "old content")
        #expect(try leftovers(folder).isEmpty)
    }

    @Test func anInterruptRemovesTemporaryFilesInProgressOnly() throws {
        let folder = try Fixtures.folder()
        let finished = folder.appendingPathComponent("done.csv")
        try AtomicFile.write(Data("done".utf8), to: finished)
        let inProgress = AtomicFile.temporaryURL(besides: folder.appendingPathComponent("doc.xlsx"))
        try Data("partial".utf8).write(to: inProgress)
        #expect(try leftovers(folder) == [inProgress.lastPathComponent])
        // What an interrupt removes (the command line's SIGINT/SIGTERM handler removes every registered file).
        #expect(TemporaryFiles.removeAll(in: folder) == 1)
        #expect(try leftovers(folder).isEmpty)
        #expect(try String(contentsOf: finished, encoding: .utf8) == "done")
    }

    @Test func successfulWriteReplacesTheOldFile() throws {
        let folder = try Fixtures.folder()
        let url = folder.appendingPathComponent("doc.csv")
        try Data("old".utf8).write(to: url)
        try DocumentWriter(template: try Template.resolve("inventory"), context: Fixtures.context)
            .write(Fixtures.inventory, format: .csv, to: url)
        #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix("module,file,line"))
        #expect(try leftovers(folder).isEmpty)
    }

    @Test func missingFolderIsReportedWithThePath() throws {
        let url = URL(fileURLWithPath: "/nonexistent-docsheet-folder/out.json")
        let writer = DocumentWriter(template: try Template.resolve("inventory"), context: Fixtures.context)
        do {
            try writer.write(Fixtures.inventory, format: .json, to: url)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent-docsheet-folder/out.json: could not write"))
        }
        #expect(throws: DesignDocumentError.self) { try writer.write(Fixtures.inventory, format: .xlsx, to: url) }
    }
}

@Suite struct RenderWarningTests {
    @Test func cutCellsAreReportedAsOneWarningLine() throws {
        var inventory = Fixtures.inventory
        inventory.functions[0].doc = Fixtures.doc(String(repeating: "Long text. ", count: 4_000))
        let url = try Fixtures.folder().appendingPathComponent("long.xlsx")
        let warnings = try DocumentWriter(template: try Template.resolve("inventory"), context: Fixtures.context)
            .write(inventory, format: .xlsx, to: url)
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("warning: 1 cell was longer than Excel's 32,767 characters and cut") == true, "\(warnings)")
        #expect(try DocumentWriter(template: try Template.resolve("inventory"), context: Fixtures.context)
            .write(Fixtures.inventory, format: .xlsx, to: url).isEmpty)
    }
}
