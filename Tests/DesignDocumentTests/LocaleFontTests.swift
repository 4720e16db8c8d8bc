import Foundation
import Testing
import TestSupport
@testable import DesignDocument

/// Each locale's document in its own font: built-in defaults, overridable with `fonts:` in YAML.
@Suite struct LocaleFontTests {
    /// The font names of the written workbook's styles.
    func fontNames(template: Template, locale: DocumentLocale) throws -> Set<String> {
        var context = Fixtures.context
        context.locale = locale
        let url = try Fixtures.folder().appendingPathComponent("fonts-\(locale.rawValue).xlsx")
        try DocumentWriter(template: template, context: context).write(Fixtures.inventory, format: .xlsx, to: url)
        let styles = try #require(try XLSXReader(url: url).text(ofPart: "xl/styles.xml"))
        let names = styles.components(separatedBy: "<name val=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        return Set(names)
    }

    @Test func japaneseDocumentsAreInYuGothic() throws {
        let names = try fontNames(template: try Template.resolve("design-doc"), locale: .ja)
        #expect(names.contains("Yu Gothic"))
        // Only libxlsxwriter's own default format (unused by written cells) keeps Calibri.
        #expect(names.subtracting(["Calibri"]) == ["Yu Gothic"])
    }

    @Test func vietnameseDocumentsAreInArialAndEnglishOnesInCalibri() throws {
        #expect(try fontNames(template: try Template.resolve("design-doc"), locale: .vi).subtracting(["Calibri"]) == ["Arial"])
        #expect(try fontNames(template: try Template.resolve("design-doc"), locale: .en) == ["Calibri"])
    }

    @Test func aTemplateChoosesItsFontsAndAStylesOwnFontWins() throws {
        let template = try TemplateLoader.load(yaml: """
        name: fonts
        fonts: {ja: Meiryo}
        styles:
          header: {font: MS Gothic, bold: true}
        sheets:
          - kind: functions
            name: List
            columns: [{header: Name, field: name}]
        """, path: "fonts.yml", baseFolder: nil)
        #expect(try fontNames(template: template, locale: .ja).subtracting(["Calibri"]) == ["Meiryo", "MS Gothic"])
    }
}
