import DesignDocument
import Foundation
import Inventory
import SwiftExtraction
import Testing
import TestSupport
import WorkflowTestSupport

/// Inputs the `FuzzDocAndTemplates` fuzz target found (`scripts/fuzz`, Documentation/Testing.md), committed
/// minimised under `Tests/Fixtures/FuzzRegressions/FuzzDocAndTemplates/`: a doc comment's text, optionally followed by
/// a NUL and a YAML template. Each goes through the target's path — the comment parsed by `DocCommentParser` onto a
/// function record, written as CSV, Markdown, JSON and a design-doc workbook; the template loaded and, when it loads,
/// rendered — and every document must be well formed. The fixes have focused tests next to their code
/// (`CSVAndJSONTests`, `SheetNameTests`, `TemplateErrorTests`, `SheetSettingTests` and `PageHeaderTests` for the
/// header-* inputs).
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/FuzzRegressions/FuzzDocAndTemplates")

    static let inputs: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }()

    static let context = DocumentContext(projectName: "Fuzz", generatedAt: Date(timeIntervalSince1970: 1_767_225_600),
                                         sourceURLPattern: "https://example.com/{file}#L{line}")

    @Test(arguments: inputs) func committedInputGivesWellFormedDocuments(name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        let separator = data.firstIndex(of: 0)
        let comment = DocCommentParser.parse(raw: String(decoding: data[..<(separator ?? data.endIndex)], as: UTF8.self))
        let function = FunctionRecord(
            file: "Sources/Fuzz/F.swift", line: 2, column: 13, module: "Fuzz", kind: .function, name: "f()", baseName: "f",
            signature: "public func f()", accessLevel: .public, effectiveAccess: .public, doc: comment)
        let inventory = Inventory(project: ProjectInfo(name: "Fuzz", root: "."), types: [], functions: [function])
        let folder = try TestArtifacts.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = DocumentWriter(template: try Template.resolve("design-doc"), context: Self.context)

        let csv = folder.appendingPathComponent("f.csv")
        try writer.write(inventory, format: .csv, to: csv)
        let rows = try #require(Self.csvRows(String(decoding: try Data(contentsOf: csv), as: UTF8.self)), "not RFC 4180")
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.count == CSVWriter.inventoryColumns.count }, "\(rows)")

        let markdown = folder.appendingPathComponent("f.md")
        try writer.write(inventory, format: .markdown, to: markdown)
        let tableRows = Self.lines(String(decoding: try Data(contentsOf: markdown), as: UTF8.self))
            .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Line |") }
        #expect(tableRows.count == 1, "\(tableRows)")
        for row in tableRows {
            let scalars = Array(row.unicodeScalars)
            let pipes = scalars.indices.filter { scalars[$0] == "|" && ($0 == 0 || scalars[$0 - 1] != "\\") }.count
            #expect(pipes == 5 && scalars.last == "|", "\(row)")
        }

        let json = folder.appendingPathComponent("f.json")
        try writer.write(inventory, format: .json, to: json)
        #expect(try InventoryCoding.decodeInventory(Data(contentsOf: json), source: json.path) == inventory)
        try writer.write(inventory, format: .xlsx, to: folder.appendingPathComponent("f.xlsx"))

        guard let separator else { return }
        let yaml = folder.appendingPathComponent("template.yml")
        try data[(separator + 1)...].write(to: yaml)
        let template: Template
        do {
            template = try Template.resolve(yaml.path)
        } catch {
            switch error {
            case .invalidTemplate, .unreadableTemplate: return  // a loader error is a correct answer
            default: Issue.record("unexpected error loading the template: \(error)"); return
            }
        }
        // A template that loads must render.
        try DocumentWriter(template: template, context: Self.context)
            .write(inventory, format: .xlsx, to: folder.appendingPathComponent("template.xlsx"))
    }

    /// `text` split into lines as CommonMark ends them (LF, CR, CRLF).
    static func lines(_ text: String) -> [String] {
        var lines: [String] = [""]
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n" && previous == "\r" { continue }
            if scalar == "\n" || scalar == "\r" { lines.append("") } else { lines[lines.count - 1].unicodeScalars.append(scalar) }
        }
        return lines
    }

    /// The records of RFC 4180 `text` (CRLF row ends, quotes only around whole fields), read on Unicode scalars, or
    /// `nil` when it is not well formed.
    static func csvRows(_ text: String) -> [[String]]? {
        let scalars = Array(text.unicodeScalars)
        var rows: [[String]] = [], row: [String] = [], field = String.UnicodeScalarView()
        var index = 0, quoted = false
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if quoted {
                if scalar != "\"" { field.append(scalar); continue }
                if index < scalars.count, scalars[index] == "\"" { field.append("\""); index += 1; continue }
                quoted = false
                guard index == scalars.count || scalars[index] == "," || scalars[index] == "\r" else { return nil }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty: quoted = true
            case ",": row.append(String(field)); field = String.UnicodeScalarView()
            case "\r":
                guard index < scalars.count, scalars[index] == "\n" else { return nil }
                index += 1
                row.append(String(field)); field = String.UnicodeScalarView()
                rows.append(row); row = []
            case "\"", "\n": return nil
            default: field.append(scalar)
            }
        }
        return quoted || !field.isEmpty || !row.isEmpty ? nil : rows
    }
}
