import SwiftParser
import SwiftSyntax
import Testing

@testable import SwiftExtraction

/// `LineTable` must place every position where SwiftSyntax's `SourceLocationConverter` places it.
@Suite struct LineTableTests {
    static let sources = [
        "",
        "func f() {}",
        "func f() {}\n",
        "\n\n\nstruct S {\n    func g() -> Int { 1 }\n}\n",
        "/// Doc\nfunc f() {\n    let s = \"\"\"\n    line one\n    line two\n    \"\"\"\n}\nfunc g() {}",
        "struct Ünïcödé { func 日本語() {} }\n// 終わり\nfunc ✓() {}\n",
        "func f() {}\r\nfunc g() {}\r\n",            // CRLF: SwiftSyntax's converter answers
        "func f() {}\rfunc g() {}\r",                // lone CR
        "func f() {}\n\rfunc g() {}\r\n\nfunc h() {}",
        "#sourceLocation(file: \"other.swift\", line: 100)\nfunc f() {}\n#sourceLocation()\nfunc g() {}\n",
        "func f( {\n  )) }\n\n@@ struct\n",         // broken code: positions of unexpected text too
    ]

    @Test(arguments: sources)
    func everyTokenIsWhereTheConverterPutsIt(_ source: String) {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "F.swift", tree: tree)
        let table = LineTable(text: source, tree: tree, fileName: "F.swift")
        var positions = tree.tokens(viewMode: .sourceAccurate).flatMap { [$0.position, $0.positionAfterSkippingLeadingTrivia, $0.endPosition] }
        positions += [AbsolutePosition(utf8Offset: 0), tree.endPosition, AbsolutePosition(utf8Offset: tree.endPosition.utf8Offset + 5)]
        for position in positions {
            let expected = converter.location(for: position)
            let found = table.location(of: position)
            #expect(found.line == expected.line && found.column == expected.column,
                    "offset \(position.utf8Offset): \(found) instead of \(expected.line):\(expected.column)")
        }
    }
}

/// `SyntaxText.containsLineBreak` answers on bytes what `Character.isNewline` answers on characters.
@Suite struct LineBreakBytesTests {
    @Test(arguments: ["", "plain", "a\nb", "a\r\nb", "\r", "\u{0B}", "\u{0C}", "x\u{85}y", "\u{2028}", "\u{2029}",
                      "é", "e\u{301}", "日本語", "🇯🇵👩‍👩‍👧", "\n\u{301}", "\u{2027}\u{202A}", "\u{C2}\u{A0}", "tab\there"])
    func agreesWithCharacterIsNewline(_ text: String) {
        #expect(SyntaxText.containsLineBreak(text) == text.contains(where: \.isNewline), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
}

/// `DocCommentParser.lines(of:)` splits on bytes exactly where splitting the characters at `"\n"` splits.
@Suite struct DocCommentLinesTests {
    @Test(arguments: ["", "\n", "one", "a\nb", "a\n", "\na", "a\r\nb", "\r\n\n", "a\rb\n\rc", "\n\u{301}x", "é\ne\u{301}\n日本",
                      "🇯🇵\n👩‍👩‍👧\n", "\n\n\n"])
    func agreesWithSplittingTheCharacters(_ text: String) {
        let expected = text.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = DocCommentParser.lines(of: text)
        #expect(lines == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(lines.map(\.startIndex) == expected.map(\.startIndex))
    }
}

/// `DocCommentAttachment.normalizedLines(_:)` reads spaces and tabs on bytes and gives what reading them as characters
/// gives (its first, character-based form is kept here as the reference), where a space joins a neighbour into one
/// character too: a combining mark after it, a prepended mark (U+0600) before it.
@Suite struct NormalizedLinesBytesTests {
    static func characterReference(_ lines: [Substring]) -> String {
        var trimmed = lines.map { line -> Substring in
            var end = line.endIndex
            while end > line.startIndex, let last = line[..<end].last, last == " " || last == "\t" {
                end = line.index(before: end)
            }
            return line[..<end]
        }
        while let first = trimmed.first, first.isEmpty { trimmed.removeFirst() }
        while let last = trimmed.last, last.isEmpty { trimmed.removeLast() }
        let indentation = trimmed.filter { !$0.isEmpty }.map { $0.prefix(while: { $0 == " " || $0 == "\t" }).count }.min() ?? 0
        return trimmed.map { $0.isEmpty ? "" : String($0.dropFirst(indentation)) }.joined(separator: "\n")
    }

    @Test(arguments: [
        ["  a", "    b  ", "", "  c\t"], ["", "  ", " x", ""], ["\t\ta", "\t b"], [" \u{301}a", "  b"], ["  \u{301}a", "   b"],
        ["a\u{600} ", "b \t"], ["\u{600}  ", " x"], ["  é ", "  e\u{301} "], ["  日本語  ", "   🇯🇵 "], ["   ", "\t"], [],
        ["a \r", " b"], ["  👩‍👩‍👧", "    x"],
    ])
    func agreesWithTheCharacters(_ lines: [String]) {
        let substrings = lines.map { Substring($0) }
        #expect(DocCommentAttachment.normalizedLines(substrings) == Self.characterReference(substrings),
                "\(lines.map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
    }
}

/// `Substring.trimmingWhitespace()`, `droppingTrailingSpacesAndTabs()` and `leadingRun(_:)` read white space on bytes
/// and give what reading it as characters gives, on every short mix of spaces, tabs, vertical tabs, letters, combining
/// and prepended marks, line breaks and digits, alone and as a slice of a longer string.
@Suite struct SpacesAndTabsBytesTests {
    static func isSpaceOrTab(_ character: Character) -> Bool { character == " " || character == "\t" }

    static func characterTrim(_ text: Substring) -> Substring {
        let start = text.drop(while: isSpaceOrTab)
        var end = start.endIndex
        while end > start.startIndex, let last = start[..<end].last, isSpaceOrTab(last) { end = start.index(before: end) }
        return start[..<end]
    }

    @Test func agreesWithTheCharacters() {
        let pieces = [" ", "\t", "\u{0B}", "a", "1", "\u{301}", "\u{600}", "é", "日", "\r\n", "\r"]
        var texts = [""]
        for _ in 0..<4 { texts += texts.flatMap { text in pieces.map { text + $0 } } }
        texts = Array(Set(texts))
        for text in texts {
            for slice in [Substring(text), ("x\u{301}\n" + text + "\n\u{301}y").dropFirst(2).dropLast(2)] {
                let expected = Self.characterTrim(slice)
                let found = slice.trimmingWhitespace()
                let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }
                #expect(found == expected && found.startIndex == expected.startIndex && found.endIndex == expected.endIndex, "\(scalars)")
                #expect(slice.leadingSpacesAndTabs.characters == slice.prefix(while: Self.isSpaceOrTab).count, "\(scalars)")
                let dropped = slice.droppingTrailingSpacesAndTabs()
                let expectedEnd = slice.lastIndex { !Self.isSpaceOrTab($0) }.map { slice.index(after: $0) } ?? slice.startIndex
                #expect(dropped == slice[..<expectedEnd] && dropped.endIndex == expectedEnd, "\(scalars)")
                let indentation = slice.leadingRun { $0 == 0x20 || $0 == 0x09 || $0 == 0x0B || $0 == 0x0C }.characters
                #expect(indentation == slice.prefix(while: { $0 == " " || $0 == "\t" || $0 == "\u{0B}" || $0 == "\u{0C}" }).count, "\(scalars)")
            }
        }
    }
}
