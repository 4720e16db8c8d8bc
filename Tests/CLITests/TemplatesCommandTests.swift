import Foundation
import Testing
import TestSupport

/// `docsheet templates fields|check|import` on client forms: the picture markers in the catalogue, the blocks a check
/// finds in the committed fixture forms, and an import that keeps a form's blocks as a YAML form sheet.
@Suite struct TemplatesCommandTests {
    /// A committed fixture form, re-saved by LibreOffice.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ClientTemplates/libreoffice/\(name)").path
    }

    @Test func theFieldCatalogueListsThePictureMarkersAndWhereEachStands() throws {
        let run = try DocSheetRunner.Sandbox().docsheet("templates", "fields")
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let pictures = lines.filter { $0.hasPrefix("picture ") }
        #expect(pictures.map { String($0.prefix { $0 != ":" }) } == [
            "picture {{diagram}}", "picture {{module.diagram}}", "picture {{type.diagram}}", "picture {{screen.diagram}}",
            "picture {{entity.diagram}}",
        ])
        #expect(lines.contains("picture {{type.diagram}}: the sheet's type with its neighbours (a sheet per type); alone in a cell, "
                               + "on rows outside the row templates, on a sheet written once per type ({{type.name}} in its name) only"))
        #expect(lines.contains("picture {{diagram}}: the project's class diagram; alone in a cell, on rows outside the row templates, on any sheet"))
    }

    @Test func checkShowsTheBlocksOfTheHouganForm() throws {
        let run = try DocSheetRunner.Sandbox().docsheet("templates", "check", Self.fixture("ja-hougan-class-spec.xlsx"))
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("sheet '{{type.name}}': written once per type"))
        #expect(lines.contains { $0.hasPrefix("  rows 15–17: block of 3 rows, once per function of the sheet's type; row 17 once per parameter; "
                                              + "merges over several rows repeated in every copy: A15:B17; merges within a row repeated in every copy: ") })
        #expect(lines.contains { $0.hasPrefix("  row 11: row template, once per property of the sheet's type; merges repeated in every row: ") })
        #expect(lines.contains("  A23: picture {{type.diagram}}, the sheet's type with its neighbours (a sheet per type); fitted into A23:AR38"))
    }

    @Test func checkShowsTheTwoRowBlocksOfTheVietnameseForm() throws {
        let run = try DocSheetRunner.Sandbox().docsheet("templates", "check", Self.fixture("vi-function-blocks.xlsx"))
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("  rows 4–5: block of 2 rows, once per function; merges over several rows repeated in every copy: A4:A5; "
                               + "merges within a row repeated in every copy: B4:C4, C5:E5"))
    }

    @Test func importWritesTheHouganBlocksAsAFormSheetThatGenerates() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        let run = try sandbox.docsheet("templates", "import", Self.fixture("ja-hougan-class-spec.xlsx"), "-o", "hougan.yml")
        #expect(run.status == 0, "\(run.error)")
        let yaml = try #require(sandbox.read("hougan.yml"))
        #expect(yaml.contains("  - kind: form\n    name: \"{{type.name}}\"\n    columnWidths: {\"A:AR\": 2}"))
        #expect(yaml.contains("{cell: A15, value: \"{{function.number}}\""))
        // What YAML cannot hold is named with its sheet and cells; the blocks and the picture are no longer in the list.
        let notes = run.error.split(separator: "\n").map(String.init).filter { $0.hasPrefix("note: ") }
        let prefix = "note: \(Self.fixture("ja-hougan-class-spec.xlsx")): not in the YAML: "
        #expect(notes.contains(prefix + "sheet '{{type.name}}': the data validation (list) on Q15"), "\(notes)")
        #expect(notes.contains(prefix + "sheet '{{type.name}}': the conditional format on H16:AR16"), "\(notes)")
        #expect(notes.contains(prefix + "borders that differ by side, written as the most common side (style s1, used at '{{type.name}}'!A1)"),
                "\(notes)")
        #expect(!notes.contains { $0.contains("block") || $0.contains("parameter") || $0.contains("picture") }, "\(notes)")
        // The YAML fills the same form.
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        let generate = try sandbox.docsheet("generate", "--template", "hougan.yml", "--output", "spec.xlsx")
        #expect(generate.status == 0, "\(generate.error)")
        #expect(try XLSXReader(url: sandbox.url.appendingPathComponent("spec.xlsx")).sheetNames.contains("プロパティ一覧"))
    }
}
