import Foundation
import Testing
@testable import DesignDocument

/// Every template error is reported before anything is written, as `path:line: message` with the valid choices.
@Suite struct TemplateErrorTests {
    /// Loads `yaml` as `custom.yml` and returns the error message, or `nil` when it loads.
    func error(_ yaml: String) -> String? { templateLoadError(yaml) }

    let header = "name: custom\nsheets:\n"

    @Test func badYAMLNamesTheLine() {
        let message = error(header + "  - kind: functions\n    name: [unclosed\n")
        #expect(message?.hasPrefix("custom.yml:5: invalid YAML") == true, "\(message ?? "")")
    }

    @Test func unknownTopLevelKeyListsValidKeys() {
        #expect(error("name: custom\ncolour: red\nsheets: []\n")
            == "custom.yml:2: unknown key 'colour' in the template; valid keys: name, description, properties, fonts, styles, print, logo, sheets")
    }

    @Test func unknownSheetKindListsKinds() {
        #expect(error(header + "  - kind: flowchart\n    name: X\n")
            == "custom.yml:3: 'kind' must be one of cover, contents, history, summary, modules, types, functions, properties, classes, static, added, removed, changed, diagram, screens, transitions, messages, errors, entities, form, not 'flowchart'")
    }

    @Test func unknownFieldListsTheSheetKindsFields() {
        let message = error(header + "  - kind: functions\n    name: F\n    columns:\n      - {header: X, field: complexity}\n")
        #expect(message?.hasPrefix("custom.yml:6: unknown field 'complexity' for a functions sheet; valid fields: number, module, targets, moduleKind, file, line") == true,
                "\(message ?? "")")
    }

    @Test func pageHeadersThatCannotBeWrittenAreRefused() {
        let sheet = "  - kind: functions\n    name: F\n    columns: [{field: name}]\n"
        let picture = error("name: custom\nprint:\n  header: \"&L&G&R{{date}}\"\nsheets:\n" + sheet)
        #expect(picture?.hasPrefix("custom.yml:3: the page header cannot be written: it places a picture (&G or &[Picture])") == true, "\(picture ?? "loaded")")
        let code = error("name: custom\nprint:\n  footer: {en: \"&C{{project}}\", ja: \"&C&{{project}}\"}\nsheets:\n" + sheet)
        #expect(code?.hasPrefix("custom.yml:3: the page footer cannot be written: an & right before '{{'") == true, "\(code ?? "loaded")")
        #expect(error("name: custom\nprint:\n  header: \"&LR&&G &&{{project}}\"\nsheets:\n" + sheet) == nil)
    }

    @Test func wrongValueTypeIsReported() {
        #expect(error(header + "  - kind: functions\n    name: F\n    sections: maybe\n    columns: [{field: name}]\n")
            == "custom.yml:5: 'sections' must be true or false")
        #expect(error(header + "  - kind: functions\n    name: F\n    columns: [{field: name, width: wide}]\n")
            == "custom.yml:5: 'width' must be a number")
        #expect(error(header + "  - kind: static\n    name: S\n    cells: [{cell: B2, value: x}]\n    tabColor: blue\n")
            == "custom.yml:6: 'tabColor' must be a colour like \"#1F4E78\", not 'blue'")
    }

    @Test func sheetNamesExcelRefusesAreRejected() {
        #expect(error(header + "  - kind: static\n    name: \"Q1/Q2\"\n")
            == "custom.yml:4: sheet name 'Q1/Q2' is not valid in Excel: it contains '/'; Excel refuses any of [ ] : * ? / \\")
        #expect(error(header + "  - kind: static\n    name: History\n")
            == "custom.yml:4: sheet name 'History' is not valid in Excel: Excel reserves 'History'")
        #expect(error(header + "  - kind: static\n    name: {en: Fine, ja: \"\(String(repeating: "長", count: 32))\"}\n")?
            .contains("it has 32 characters, Excel allows 31") == true)
        #expect(error(header + "  - kind: static\n    name: Notes\n  - kind: static\n    name: NOTES\n")
            == "custom.yml:5: sheet name 'NOTES' is already used at line 3 (Excel ignores letter case); give each sheet its own name")
    }

    /// Found by the fuzzer (`sheet-name-slash-combining-mark`): the loader let it through and rendering failed.
    @Test func forbiddenSheetNameCharacterFollowedByACombiningMarkIsRejected() {
        #expect(error(header + "  - kind: static\n    name: \"a/\\u0301b\"\n")
            == "custom.yml:4: sheet name 'a/\u{301}b' is not valid in Excel: it contains '/'; Excel refuses any of [ ] : * ? / \\")
        #expect(error(header + "  - kind: functions\n    name: \"{{group}}[\\u0301\"\n    group: type\n    split: sheets\n    columns: [{field: name}]\n")?
            .contains("contains '['") == true)
    }

    @Test func unknownPlaceholderListsValidOnes() {
        let message = error(header + "  - kind: static\n    name: S\n    cells: [{cell: A1, value: \"{{projct}}\"}]\n")
        #expect(message?.hasPrefix("custom.yml:5: unknown placeholder '{{projct}}' in 'value'; valid placeholders: project, version") == true,
                "\(message ?? "")")
    }

    @Test func unknownStyleAndBadCellReferencesAreReported() {
        #expect(error(header + "  - kind: static\n    name: S\n    cells: [{cell: A1, value: x, style: fancy}]\n")?
            .hasPrefix("custom.yml:5: unknown style 'fancy'; define it under 'styles' or use one of:") == true)
        #expect(error(header + "  - kind: static\n    name: S\n    cells: [{cell: 1A, value: x}]\n")
            == "custom.yml:5: '1A' is not a cell reference like B2")
        #expect(error(header + "  - kind: static\n    name: S\n    cells: [{cell: B2, merge: \"C2:D2\"}]\n")
            == "custom.yml:5: merge range C2:D2 must start at the cell B2")
    }

    @Test func keysThatDoNotApplyToTheSheetKindAreRejected() {
        #expect(error(header + "  - kind: cover\n    name: C\n    chart: {type: bar}\n")
            == "custom.yml:5: 'chart' is not used on a cover sheet; it applies to: summary")
        #expect(error(header + "  - kind: functions\n    name: F\n    columns: [{field: name}]\n    filter: {minAccess: protected}\n")
            == "custom.yml:6: unknown access level 'protected'; valid levels: private, fileprivate, internal, package, public, open")
        #expect(error(header + "  - kind: functions\n    name: F\n    group: author\n    columns: [{field: name}]\n")
            == "custom.yml:5: 'group' must be one of module, file, type, none, not 'author'")
    }

    @Test func missingColumnsAndEmptyTemplatesAreReported() {
        #expect(error(header + "  - kind: types\n    name: T\n")?.hasPrefix("custom.yml:3: a types sheet needs 'columns'; valid fields: number, name") == true)
        #expect(error("") == "custom.yml:1: the template is empty; start from 'docsheet templates show design-doc'")
        #expect(error("name: x\n") == "custom.yml:1: missing key 'sheets' (the list of sheets)")
    }

    @Test func missingTemplateFileOrNameSaysWhatToDo() {
        #expect(throws: DesignDocumentError.templateNotFound("nope.yml")) { try Template.resolve("nope.yml") }
        #expect(DesignDocumentError.templateNotFound("nope").description
            == "template 'nope' is neither a built-in (design-doc, inventory, class-spec, review) nor a readable file; run 'docsheet templates list'")
    }

    @Test func templateFileWithLogoResolvesRelativeToTheTemplate() throws {
        let folder = try Fixtures.folder()
        // A 1×1 PNG.
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!
        try png.write(to: folder.appendingPathComponent("logo.png"))
        let path = folder.appendingPathComponent("custom.yml")
        try "name: custom\nlogo: {path: logo.png, cell: D1}\nsheets:\n  - kind: cover\n    name: Cover\n".write(to: path, atomically: true, encoding: .utf8)
        let template = try Template.resolve(path.path)
        #expect(template.logo?.data == png)
        try "name: custom\nlogo: {path: missing.png}\nsheets:\n  - kind: cover\n    name: Cover\n".write(to: path, atomically: true, encoding: .utf8)
        #expect(throws: DesignDocumentError.invalidTemplate(path: path.path, line: 2,
                                                           message: "logo image 'missing.png' not found (paths are relative to the template file)")) {
            try Template.resolve(path.path)
        }
    }
}
