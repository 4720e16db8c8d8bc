import Foundation
import Testing
@testable import ProjectResources

/// The `.strings` reader on inline text (escapes, comments, bare keys, errors) and on the sample's UTF-8 and
/// UTF-16 files.
@Suite struct StringsFileReaderTests {
    @Test func readsEntriesCommentsAndEscapes() throws {
        let text = """
            /* File header: not the comment of the first key
               because a key follows directly? It is the nearest comment. */

            /* Title */
            "title" = "Recipes";
            // Line comment
            "hint" = "Tap \\"+\\" to add.\\nSwipe to delete.\\t\\u2026\\\\";
            bareKey = "bare";
            "alone";
            "emoji" = "\\UD83C\\UDF73 \\101";
            """
        let entries = try StringsFileReader.entries(of: text, path: "en.lproj/Localizable.strings")
        #expect(entries.map(\.key) == ["title", "hint", "bareKey", "alone", "emoji"])
        #expect(entries[0].comment == "Title" && entries[0].line == 5)
        #expect(entries[1].value == "Tap \"+\" to add.\nSwipe to delete.\t\u{2026}\\")
        #expect(entries[1].comment == "Line comment" && entries[1].line == 7)
        #expect(entries[2].value == "bare" && entries[2].comment == nil)
        #expect(entries[3].value == "alone")
        #expect(entries[4].value == "🍳 A")
    }

    @Test func decodesUTF16WithAndWithoutByteOrderMarkAndUTF8WithOne() throws {
        let text = "\"greeting\" = \"こんにちは\";\n"
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let bareLittle: [UInt8] = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bareBig: [UInt8] = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        for bytes in [little, big, bareLittle, bareBig, utf8BOM, Array(text.utf8)] {
            let entries = try StringsFileReader.entries(of: bytes, path: "ja.lproj/Localizable.strings")
            #expect(entries == [StringsEntry(key: "greeting", value: "こんにちは", line: 1)])
        }
    }

    @Test func badFilesThrowOneErrorNamingTheFileAndLine() {
        #expect(throws: ResourceError.unknownEncoding(path: "x.strings")) {
            try StringsFileReader.entries(of: [UInt8]([0x22, 0xC3, 0x28, 0x22, 0x00, 0x3B]), path: "x.strings")
        }
        #expect(throws: ResourceError.malformed(path: "x.strings", line: 2, reason: "expected ';' after the entry \"b\"")) {
            try StringsFileReader.entries(of: "\"a\" = \"1\";\n\"b\" = \"2\"\n", path: "x.strings")
        }
        #expect(throws: ResourceError.malformed(path: "x.strings", line: 1, reason: "a quoted string is never closed")) {
            try StringsFileReader.entries(of: "\"a\" = \"1;", path: "x.strings")
        }
        #expect(throws: ResourceError.malformed(path: "x.strings", line: 1, reason: "a /* comment is never closed")) {
            try StringsFileReader.entries(of: "/* open", path: "x.strings")
        }
        let error = ResourceError.malformed(path: "x.strings", line: 2, reason: "expected ';'")
        #expect(error.description.hasPrefix("x.strings:2: expected ';'"))
    }

    @Test func readsTheSamplesUTF8AndUTF16Files() throws {
        let english = try StringsFileReader.entries(
            of: [UInt8](try Data(contentsOf: SampleFiles.recipeBox.appendingPathComponent("RecipeBox/en.lproj/Localizable.strings"))),
            path: "en")
        let japaneseBytes = [UInt8](try Data(contentsOf: SampleFiles.recipeBox.appendingPathComponent("RecipeBox/ja.lproj/Localizable.strings")))
        #expect(japaneseBytes.starts(with: [0xFF, 0xFE]))
        let japanese = try StringsFileReader.entries(of: japaneseBytes, path: "ja")
        #expect(english.count == 12 && japanese.count == 11)
        #expect(Set(japanese.map(\.key)).isSubset(of: Set(english.map(\.key))))
        #expect(english.first { $0.key == "recipe.delete.confirm" }?.value == "Delete “%@”?")
        #expect(english.first { $0.key == "recipe.delete.confirm" }?.comment == "Asks before deleting; %@ is the recipe name")
        #expect(english.first { $0.key == "settings.title" }?.comment == "Settings tab title")
        #expect(japanese.first { $0.key == "recipes.title" }?.value == "レシピ")
        #expect(japanese.first { $0.key == "onboarding.hint" }?.value == "「+」でレシピを追加します。\n左にスワイプすると削除します。")
    }
}

/// Where the sample app's files are.
enum SampleFiles {
    /// `samples/RecipeBox`.
    static var recipeBox: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("samples/RecipeBox")
    }
}
