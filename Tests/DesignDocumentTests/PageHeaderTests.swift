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
