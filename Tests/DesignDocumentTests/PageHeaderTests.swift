import Foundation
import Testing
import Inventory
import TestSupport
@testable import DesignDocument

/// Page headers stay within Excel's 255 bytes with every section kept, whatever the project is called.
@Suite struct PageHeaderTests {
    static let names = [
        String(repeating: "設計", count: 37),                  // 74 CJK characters: 222 bytes
        String(repeating: "Long project name ", count: 20),   // 360 ASCII characters
        String(repeating: "R&D ", count: 80),                  // every & doubled in the header
    ]

    @Test(arguments: names)
    func longProjectNamesAreShortenedNotFatal(name: String) throws {
        for template in ["design-doc", "class-spec"] {
            let url = try Fixtures.folder().appendingPathComponent("long.xlsx")
            var context = Fixtures.context
            context.projectName = name
            try DocumentWriter(template: try Template.resolve(template), context: context).write(Fixtures.inventory, format: .xlsx, to: url)
            let book = try XLSXReader(url: url)
            for sheet in book.sheets {
                let header = try #require(sheet.header)
                #expect(header.utf8.count <= 255, "\(template)/\(sheet.name): \(header.utf8.count) bytes")
                #expect(header.hasSuffix("&R&8 2026-01-01"), "the date section is kept: \(header)")
                if template == "design-doc" || name.utf8.count > 255 { #expect(header.contains("…")) }
                #expect(!header.replacingOccurrences(of: "&&", with: "").contains("& "), "no & split from its pair")
            }
        }
    }

    /// "&G" printed is written "&&G", which libxlsxwriter takes for a picture code: it refused the header (and 1.1.4
    /// crashed when the workbook was freed, found by fuzzing). It is stored with an empty bold toggle in it.
    @Test(arguments: ["R&G Apps", "Q&[Picture] Co"])
    func projectNamesThatLookLikePictureCodesArePrinted(name: String) throws {
        let url = try Fixtures.folder().appendingPathComponent("ampersand.xlsx")
        var context = Fixtures.context
        context.projectName = name
        try DocumentWriter(template: try Template.resolve("design-doc"), context: context).write(Fixtures.inventory, format: .xlsx, to: url)
        let header = try #require(try XLSXReader(url: url).sheet("Functions").header)
        #expect(header == "&L&8 \(name.replacingOccurrences(of: "&", with: "&&&B&B")) — Detailed design&R&8 2026-01-01")
    }

    @Test func shortValuesAreLeftWholeAndLongOnesShareTheRoom() {
        let text = Placeholders.expand("&L{{a}}&C{{b}}&R{{c}}", ["a": String(repeating: "x", count: 300), "b": "short", "c": "2026"],
                                       fittingUTF8: 40)
        #expect(text.utf8.count <= 40)
        #expect(text.hasPrefix("&Lxxx") && text.hasSuffix("…&Cshort&R2026"))
        #expect(Placeholders.expand("&L{{a}}", ["a": "fits"], fittingUTF8: 255) == "&Lfits")
    }
}

/// How placeholders are read out of template text (`Placeholders`, read over UTF-8 bytes).
@Suite struct PlaceholderTextTests {
    @Test func namesAreTrimmedAndAnUnclosedPlaceholderIsText() {
        #expect(Placeholders.names(in: "{{ a }} and {{b}}") == ["a", "b"])
        #expect(Placeholders.names(in: "{{a") == [])
        #expect(Placeholders.names(in: "{{{a}}}") == ["{a"])
        #expect(Placeholders.names(in: "設計{{\tproject\u{3000}}}書") == ["project"])
        #expect(Placeholders.expand("x {{a}} {{b", ["a": "1"]) == "x 1 {{b")
        #expect(Placeholders.expand("{{a}}{{missing}}.", ["a": "1"]) == "1.")
    }

    @Test func aCellMadeOfOnePlaceholderIsANumberWhereTheValueIsACount() {
        #expect(Placeholders.onlyPlaceholder(" {{functions}} ") == "functions")
        #expect(Placeholders.onlyPlaceholder("{{a}} {{b}}") == nil)
        #expect(Placeholders.onlyPlaceholder("Total: {{functions}}") == nil)
        #expect(Placeholders.number("{{functions}}", ["functions": "12"]) == 12)
        #expect(Placeholders.number("{{project}}", ["project": "12"]) == nil)
        #expect(Placeholders.number(" {{coverage}}", [Placeholders.coverageFraction: "0.5", "coverage": "50%"]) == 0.5)
        #expect(Placeholders.isOnlyCoverage("{{propertyCoverage}}"))
        #expect(!Placeholders.isOnlyCoverage("{{coverage}} of functions"))
    }

    /// A value starting with a digit right after a font-size code (`&8`) would change the size: a space separates them.
    @Test func aSizeCodeRightBeforeAPlaceholderIsSeparatedFromIt() {
        #expect(Placeholders.separatingSizeCodes("&8{{version}}") == "&8 {{version}}")
        #expect(Placeholders.separatingSizeCodes("&L&12{{a}}&R&8 {{b}}") == "&L&12 {{a}}&R&8 {{b}}")
        #expect(Placeholders.separatingSizeCodes("&B{{a}} &8{ {a}} &8") == "&B{{a}} &8{ {a}} &8")
        #expect(Placeholders.doublingAmpersands("R&D") == "R&&D")
        #expect(Placeholders.doublingAmpersands("plain") == "plain")
    }
}
