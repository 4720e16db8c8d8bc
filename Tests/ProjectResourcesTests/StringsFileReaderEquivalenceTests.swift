import Foundation
import Testing
@testable import ProjectResources

/// The byte scanner of `StringsFileReader` reads every text as the scalar-by-scalar reader it replaced
/// (`ScalarStringsReference`): the same entries, comments and lines, or the same error, on generated texts full of
/// escapes, comments, non-ASCII white space and mistakes, in UTF-8 and UTF-16.
@Suite struct StringsFileReaderEquivalenceTests {
    /// Either reader's answer for one text.
    enum Outcome: Equatable {
        case entries([StringsEntry])
        case failure(ResourceError)
    }

    static func outcome(_ read: () throws(ResourceError) -> [StringsEntry]) -> Outcome {
        do {
            return .entries(try read())
        } catch {
            return .failure(error)
        }
    }

    /// A fixed-seed generator (SplitMix64), so that every run tries the same texts.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    static let spaces = [" ", "\t", "\n", "\r\n", "\u{A0}", "\u{2028}", "\u{3000}", "\u{85}", "\u{0B}", "\u{0C}", "\u{1C}", "\u{200B}", ""]
    static let comments = [
        "/* plain */", "/*\n  two\u{A0}lines\u{200B} */", "// line \u{3000}", "/**/", "/* \u{200B} */", "//", "/* é “quoted” */",
        "//\r", "/* \u{2028}x\u{2029} */", "/* a */ /* b */", "// 日本語\u{A0}", "/* * / */", "/*/ */",
    ]
    static let escapes = [
        "\\n", "\\t", "\\r", "\\a", "\\b", "\\f", "\\v", "\\\"", "\\\\", "\\'", "\\U2026", "\\u00e9", "\\UD83C\\UDF73", "\\UD83C",
        "\\UD83C\\U0041", "\\UD83C\\UDF7", "\\uDC00", "\\101", "\\7", "\\0", "\\777", "\\8", "\\é", "\\\n", "\\x", "\\U12",
        "\\UZZZZ", "\\U00e9x", "\\🍳", "\\ud83d\\ude00",
    ]
    static let plain = ["Recipes", "é", "日本語", "🍳", "%@ and %1$lld", " ", "\n", "'", "=", ";", "/*", "//", "\u{301}", "\u{A0}"]
    static let bareWords = ["bare", "ключ", "a.b/c:d-e$f_1", "日本", "42", "x\u{301}", "_"]

    static func pick(_ options: [String], _ generator: inout SeededGenerator) -> String {
        options[Int(generator.next() % UInt64(options.count))]
    }

    static func quoted(_ generator: inout SeededGenerator) -> String {
        var text = "\""
        for _ in 0..<Int(generator.next() % 5) {
            text += generator.next() % 3 == 0 ? pick(escapes, &generator) : pick(plain, &generator)
        }
        return text + "\""
    }

    static func gap(_ generator: inout SeededGenerator) -> String {
        (0..<Int(generator.next() % 3)).map { _ in
            generator.next() % 3 == 0 ? pick(comments, &generator) : pick(spaces, &generator)
        }.joined()
    }

    /// A `.strings` text of a few entries, mostly well formed; one in three has a mistake somewhere.
    static func text(_ generator: inout SeededGenerator) -> String {
        var text = gap(&generator)
        for _ in 0..<Int(generator.next() % 5) {
            let key = generator.next() % 4 == 0 ? pick(bareWords, &generator) : quoted(&generator)
            text += key + gap(&generator)
            if generator.next() % 5 != 0 { text += "=" + gap(&generator) + quoted(&generator) + gap(&generator) }
            text += ";" + gap(&generator)
        }
        if generator.next() % 3 == 0, !text.isEmpty {
            var scalars = Array(text.unicodeScalars)
            let position = Int(generator.next() % UInt64(scalars.count))
            if generator.next() % 2 == 0 {
                scalars.remove(at: position)
            } else {
                scalars.insert(contentsOf: pick(plain + escapes + comments, &generator).unicodeScalars, at: position)
            }
            text = String(String.UnicodeScalarView(scalars))
        }
        return text
    }

    @Test func readsGeneratedTextsAsTheScalarReaderDid() {
        var generator = SeededGenerator(state: 31)
        var failures = 0
        var errors = 0
        for _ in 0..<4000 {
            let text = Self.text(&generator)
            let expected = Self.outcome { () throws(ResourceError) in try ScalarStringsReference.entries(of: text, path: "t.strings") }
            let actual = Self.outcome { () throws(ResourceError) in try StringsFileReader.entries(of: text, path: "t.strings") }
            if case .failure = expected { errors += 1 }
            if actual != expected {
                failures += 1
                if failures <= 3 { Issue.record("\(text.debugDescription): \(actual) instead of \(expected)") }
            }
        }
        #expect(failures == 0)
        // The texts try both paths: well-formed files and each kind of mistake.
        #expect(errors > 400 && errors < 3600)
    }

    @Test func readsUTF16FilesWithCommentsAsTheScalarReaderDid() throws {
        var generator = SeededGenerator(state: 16)
        for _ in 0..<300 {
            let text = Self.text(&generator)
            let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            let bareBig: [UInt8] = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            // A byte changed: lone and misordered surrogates, zero bytes, odd counts.
            var broken = little
            let position = Int(generator.next() % UInt64(broken.count))
            broken[position] = [0xD8, 0xDC, 0xDB, 0xDF, 0x00, 0x22, UInt8(generator.next() & 0xFF)][Int(generator.next() % 7)]
            let truncated = Array(bareBig.dropLast(generator.next() % 2 == 0 ? 1 : 0))
            for bytes in [little, bareBig, Array(text.utf8), broken, truncated] {
                let expected = Self.outcome { () throws(ResourceError) in try ScalarStringsReference.entries(of: bytes, path: "u.strings") }
                let actual = Self.outcome { () throws(ResourceError) in try StringsFileReader.entries(of: bytes, path: "u.strings") }
                #expect(actual == expected, "\(text.debugDescription)")
            }
        }
        let surrogates: [[UInt8]] = [
            [0xFF, 0xFE, 0x22, 0x00, 0x3D, 0xD8, 0x22, 0x00], [0xFF, 0xFE, 0x22, 0x00, 0x00, 0xDC, 0x22, 0x00],
            [0xFF, 0xFE, 0x22, 0x00, 0x3D, 0xD8, 0x00, 0xDE, 0x22, 0x00, 0x3B, 0x00], [0xFF, 0xFE, 0x3D, 0xD8],
            [0xFE, 0xFF, 0x00, 0x22, 0xD8, 0x3D, 0xDE, 0x00, 0x00, 0x22, 0x00, 0x3B], [0xFF, 0xFE, 0x22],
            [0x22, 0x00, 0xE9, 0x00, 0x22, 0x00, 0x3B, 0x00], [0x00, 0x22, 0x00, 0xE9, 0x00, 0x22, 0x00, 0x3B],
        ]
        for bytes in surrogates {
            let expected = Self.outcome { () throws(ResourceError) in try ScalarStringsReference.entries(of: bytes, path: "s.strings") }
            let actual = Self.outcome { () throws(ResourceError) in try StringsFileReader.entries(of: bytes, path: "s.strings") }
            #expect(actual == expected, "\(bytes)")
        }
        // A UTF-16 file as Xcode wrote them: a byte-order mark, comments above each entry, non-ASCII text.
        let file = "/* Title of the window */\n\"title\" = \"Fenêtre\";\n\n// Shown when \u{A0}empty\u{200B}\n\"empty\" = \"Rien à afficher\\n…\";\n"
        let bytes: [UInt8] = [0xFF, 0xFE] + file.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let entries = try StringsFileReader.entries(of: bytes, path: "fr.lproj/Localizable.strings")
        #expect(entries == [
            StringsEntry(key: "title", value: "Fenêtre", comment: "Title of the window", line: 2),
            StringsEntry(key: "empty", value: "Rien à afficher\n…", comment: "Shown when \u{A0}empty", line: 5),
        ])
    }
}
