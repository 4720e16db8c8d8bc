import Foundation
import Inventory
import Testing

/// A doc comment counts as documentation when its summary holds something besides white space (Unicode's, as
/// Foundation trims it) and it is no Xcode placeholder.
@Suite struct DocCommentMeaningTests {
    @Test func aSummaryOfWhiteSpaceIsNoDocumentationWhateverTheScript() {
        let summaries: [(String?, Bool)] = [
            (nil, false), ("", false), (" \t\n\r\u{0B}\u{0C}", false), ("\u{3000}\u{A0}\u{2028}\u{85}", false),
            ("Saves.", true), ("  \n Saves.", true), ("\u{3000}保存する。", true), ("Lưu.", true), ("\u{A0}x", true),
            ("\u{301}", true), (" \u{200B}", false),  // Foundation counts the zero-width space as white space
        ]
        for (summary, expected) in summaries {
            let doc = DocComment(raw: "/// …", summary: summary)
            #expect(doc.isMeaningful == expected, "\(String(reflecting: summary))")
            #expect(doc.isMeaningful == !(summary ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        }
        #expect(!DocComment(raw: "/// <#Description#>", summary: "<#Description#>", isPlaceholder: true).isMeaningful)
    }
}
