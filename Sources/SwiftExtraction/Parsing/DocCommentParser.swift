import Inventory

/// Parses the text of a documentation comment (markers already removed) as Swift-DocC does (Documentation/Extraction.md,
/// "DocC is the referee for doc comments").
///
/// - `summary`: the first paragraph, DocC's abstract (none when the comment starts with a list, quote, heading, code
///   block or tag; a leading `# Title` and HTML comments are skipped).
/// - `- Parameters:` with nested `- name: text` items, and `- Parameter name: text`, nested as CommonMark nests
///   list items; a nested list inside a description stays part of it.
/// - `- Returns:`, `- Throws:`, and the callouts DocC shows as asides (`- Note:`, `- Tip:`, `> Warning: …`, a plain
///   quote as a note) into `callouts`.
/// - Doxygen tags, which many teams use: `@param name text`, `@return(s)`/`@result text`, `@note text`, `@throws text`.
/// - `discussion`: everything else after the summary, as written, up to `## Topics` or `## See Also`.
/// - `isPlaceholder`: the text still holds an Xcode placeholder (`<#Description#>`).
public enum DocCommentParser {
    /// The list-item callout names Swift Markup recognises (lower-cased, without spaces), besides parameters,
    /// `returns` and `throws`: the aside kinds DocC renders, and the tags it extracts but does not show.
    public static let calloutKinds: Set<String> = [
        "attention", "author", "authors", "bug", "complexity", "copyright", "date", "experiment", "important",
        "invariant", "keyword", "localizationkey", "mutatingvariant", "nonmutatingvariant", "note",
        "postcondition", "precondition", "recommended", "recommendedover", "remark", "remarks", "requires",
        "seealso", "since", "tag", "tip", "todo", "version", "warning",
    ]

    /// Parses `raw` (the comment text without `///`, `/** */` or gutter) into a `DocComment`.
    ///
    /// - Parameter raw: The comment text with the `///`, `/** */` markers and the common indentation already removed.
    /// - Returns: The comment with its summary, discussion, parameters, returns, throws and callouts filled in, and
    ///   `isPlaceholder` set when the text holds an Xcode placeholder.
    public static func parse(raw: String) -> DocComment {
        var parser = MarkupLines(lines: lines(of: raw))
        return parser.parse(raw: raw)
    }

    /// `text` split at its line feeds, as `split(separator: "\n", omittingEmptySubsequences: false)` splits it, found
    /// on the UTF-8 bytes: a line feed is a character of its own except after a carriage return (`"\r\n"` is one
    /// character, which that split leaves whole).
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var previous: UInt8 = 0
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r") {
                lines.append(text[start..<index])
                start = utf8.index(after: index)
            }
            previous = byte
            utf8.formIndex(after: &index)
        }
        lines.append(text[start..<utf8.endIndex])
        return lines
    }

    /// True when `text` holds an Xcode placeholder such as `<#Description#>` outside code (inline code
    /// spans and fenced code blocks may show a placeholder on purpose).
    ///
    /// - Parameter text: The comment text to search.
    /// - Returns: True when a `<#` … `#>` placeholder appears in prose; false when there is none or it is only inside
    ///   code.
    public static func containsPlaceholder(_ text: String) -> Bool {
        // Prose is the text with code spans cut out, so a placeholder in it needs `<`, `#` and `>` in the text, and
        // without a backtick `<#` as written. One byte pass settles nearly every comment (the line-by-line reading was
        // 5% of a run).
        let bytes = placeholderBytes(in: text.utf8)
        guard bytes.lessHashAndGreater, bytes.backtickOrLessHash else { return false }
        var inFence = false
        for line in lines(of: text) {
            let trimmed = line.trimmingWhitespace()
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                continue
            }
            if !inFence && lineContainsPlaceholder(line) { return true }
        }
        return false
    }

    /// What one pass over `utf8` finds of a placeholder's bytes: whether `<`, `#` and `>` all occur, and whether a
    /// backtick or `<#` as written does.
    private static func placeholderBytes(in utf8: some Sequence<UInt8>) -> (lessHashAndGreater: Bool, backtickOrLessHash: Bool) {
        var seen: UInt8 = 0
        var previous: UInt8 = 0
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "<"): seen |= 1
            case UInt8(ascii: "#"): seen |= previous == UInt8(ascii: "<") ? 2 | 8 : 2
            case UInt8(ascii: ">"): seen |= 4
            case UInt8(ascii: "`"): seen |= 8
            default: break
            }
            previous = byte
        }
        return (seen & 7 == 7, seen & 8 != 0)
    }

    /// True when `line` has `<#` … `#>` outside inline code spans (text between matching backtick runs).
    private static func lineContainsPlaceholder(_ line: Substring) -> Bool {
        // The prose is some of the line's characters: without `<`, `#` and `>` in the line it holds no placeholder.
        guard placeholderBytes(in: line.utf8).lessHashAndGreater else { return false }
        var prose = ""
        var index = line.startIndex
        while index < line.endIndex {
            guard line[index] == "`" else {
                prose.append(line[index])
                index = line.index(after: index)
                continue
            }
            let run = line[index...].prefix(while: { $0 == "`" })
            let afterRun = run.endIndex
            if let close = line[afterRun...].range(of: String(run)) {
                index = close.upperBound
            } else {
                prose += run
                index = afterRun
            }
        }
        guard let open = prose.range(of: "<#") else { return false }
        return prose[open.upperBound...].contains("#>")
    }
}

/// A list item: where its marker is, where its content starts, and its content lines.
private struct ListItem {
    /// The marker's indentation.
    var indentation: Int
    /// True for `-`, `*` and `+`; false for `1.` and `1)`.
    var isBullet: Bool
    /// The text after the marker on the item's first line, trimmed.
    var text: Substring
    /// The column the item's content starts at: continuation lines indented this far belong to the item.
    var contentColumn: Int
}

/// A tag at the start of a list item or quote (`Parameter name:`, `Returns:`, `Note:`), as DocC finds it: the
/// text before the first colon of the first paragraph, when no inline markup comes before that colon.
private struct Tag {
    /// The tag as written, from its first non-space character to the colon (`Parameter name`).
    var name: Substring
    /// The first line's text after the colon.
    var afterColon: Substring

    /// The first word, lower-cased (`parameter`, `returns`, `note`).
    var keyword: String { String(name.prefix(while: { $0 != " " && $0 != "\t" })).lowercased() }
    /// What follows the first word, without leading whitespace (the name in `Parameter name`).
    var argument: Substring { name.drop(while: { $0 != " " && $0 != "\t" }).drop(while: { $0 == " " || $0 == "\t" }) }
    /// The whole tag, lower-cased with spaces and tabs removed (`seealso` for `SeeAlso`).
    var kind: String { name.filter { $0 != " " && $0 != "\t" }.lowercased() }
}

/// The block-level Markdown reader behind `DocCommentParser`, following CommonMark's rules for paragraphs, list
/// items (content column, lazy continuation lines), block quotes, headings and code blocks, and Swift-DocC's rules
/// for what becomes the abstract, a parameter, the return value or an aside.
private struct MarkupLines {
    /// Callouts DocC renders as asides: list-item tags (`- Note:`) and quote tags (`> Note:`) with these names
    /// (lower-cased, as written without spaces); `throws` goes to `throws`. From swift-markdown's `Aside.Kind`.
    static let asideKinds: Set<String> = [
        "note", "tip", "important", "experiment", "warning", "attention", "author", "authors", "bug", "complexity",
        "copyright", "date", "invariant", "mutatingvariant", "nonmutatingvariant", "postcondition", "precondition",
        "remark", "requires", "since", "todo", "version", "throws", "seealso",
    ]
    /// Tags DocC extracts from a top-level list but shows nowhere; DocSheet keeps them as callouts.
    static let hiddenTags: Set<String> = ["keyword", "localizationkey", "recommended", "recommendedover", "remarks", "tag"]

    let lines: [Substring]
    var index = 0
    var parameters: [DocComment.Parameter] = []
    var returns: String?
    var throwsText: String?
    var callouts: [DocComment.Callout] = []
    var discussion: [Substring] = []

    init(lines: [Substring]) { self.lines = lines }

    /// `text` after `earlier` on a line of its own: a second `- Returns:` or `- Throws:` adds to the first.
    static func appending(_ text: String, to earlier: String?) -> String {
        guard let earlier, !earlier.isEmpty else { return text }
        return text.isEmpty ? earlier : earlier + "\n" + text
    }

    mutating func parse(raw: String) -> DocComment {
        skipBlankLines()
        skipTitleAndHTML()
        let summary = readSummary()
        while index < lines.count {
            let line = lines[index]
            if !Self.mayStartBlock(line) {
                discussion.append(line)
                index += 1
            } else if Self.isFence(line) {
                copyFencedBlock()
            } else if Self.startsTopicsOrSeeAlso(line) {
                // DocC ends the discussion here: what follows are the page's Topics and See Also sections.
                break
            } else if let item = Self.listItem(line), item.indentation <= 3 {
                readListItem(item)
            } else if let tag = Self.doxygenTag(line) {
                readDoxygenTag(tag)
            } else if Self.isQuote(line) {
                readQuote()
            } else {
                discussion.append(line)
                index += 1
            }
        }
        return DocComment(
            raw: raw, summary: summary, discussion: joinedDiscussion(), parameters: parameters,
            returns: returns, throws: throwsText, callouts: callouts,
            isPlaceholder: DocCommentParser.containsPlaceholder(raw))
    }

    // MARK: Title and summary

    /// Skips what DocC keeps out of a symbol's parts at the start: a level-1 heading (the page title) and HTML
    /// comments.
    mutating func skipTitleAndHTML() {
        if index < lines.count, Self.headingLevel(lines[index]) == 1 {
            index += 1
            skipBlankLines()
        }
        while index < lines.count, lines[index].trimmingWhitespace().hasPrefix("<!--"), Self.indentationOf(lines[index]) <= 3 {
            while index < lines.count, !lines[index].contains("-->") { index += 1 }
            index += 1
            skipBlankLines()
        }
    }

    /// The first paragraph, when the comment starts with one (DocC's abstract).
    mutating func readSummary() -> String? {
        guard index < lines.count else { return nil }
        let first = lines[index]
        if Self.interruptsParagraph(first) || Self.indentationOf(first) >= 4 { return nil }
        var paragraph: [Substring] = []
        while index < lines.count, !Self.isBlank(lines[index]), paragraph.isEmpty || !Self.interruptsParagraph(lines[index]) {
            paragraph.append(lines[index])
            index += 1
        }
        let summary = Self.joinedText(paragraph)
        return summary.isEmpty ? nil : summary
    }

    // MARK: Lists and callouts

    /// Reads a top-level list item and files it as a parameter, the return value, a throws text or a callout;
    /// anything else stays in the discussion as written.
    mutating func readListItem(_ item: ListItem) {
        let start = index
        let body = Self.itemBody(item, lines: lines, index: &index)
        // Blank lines after the item belong to what follows.
        var end = index
        while end > start + 1, Self.isBlank(lines[end - 1]) { end -= 1 }
        if !file(item, body) {
            discussion.append(contentsOf: lines[start..<end])
        }
        if end < index { discussion.append("") }
    }

    /// Files a top-level list item the way DocC's `TaggedListItemExtractor` does; false when it stays in the
    /// discussion.
    mutating func file(_ item: ListItem, _ body: [Substring]) -> Bool {
        guard let tag = Self.tag(body) else { return false }
        // In an ordered list DocC files parameters and return values, and hides the callouts (DocSheet keeps them).
        switch tag.keyword {
        case "parameters":
            parameters.append(contentsOf: Self.parameterOutline(body))
        case "parameter" where !tag.argument.isEmpty:
            let name = String(tag.argument.trimmingWhitespace())
            parameters.append(DocComment.Parameter(name: name, description: Self.description(tag, body)))
        case "returns":
            returns = Self.appending(Self.description(tag, body), to: returns)
        default:
            // DocC compares the whole tag: `- See Also:` and `- Note :` are ordinary list items.
            let kind = tag.kind
            guard tag.name.lowercased() == kind else { return false }
            guard Self.asideKinds.contains(kind) || Self.hiddenTags.contains(kind) else { return false }
            addCallout(kind: kind, text: Self.description(tag, body))
        }
        return true
    }

    /// Adds a callout; a `Throws` callout is the throws text.
    mutating func addCallout(kind: String, text: String) {
        if kind == "throws" {
            throwsText = Self.appending(text, to: throwsText)
        } else {
            callouts.append(DocComment.Callout(kind: kind, text: text))
        }
    }

    /// The `- name: text` items of a `- Parameters:` item's nested bullet list. As in DocC, other content of the
    /// item (text after `Parameters:`, items without a tag) is dropped, and the nested items' own nested lists are
    /// part of their descriptions.
    static func parameterOutline(_ body: [Substring]) -> [DocComment.Parameter] {
        var result: [DocComment.Parameter] = []
        var index = 1
        while index < body.count {
            guard let item = listItem(body[index]), item.indentation <= 3 else {
                index += 1
                continue
            }
            let itemBody = itemBody(item, lines: body, index: &index)
            if item.isBullet, let tag = tag(itemBody) {
                let name = String(tag.name.trimmingWhitespace())
                result.append(DocComment.Parameter(name: name, description: description(tag, itemBody)))
            }
        }
        return result
    }

    /// The content lines of the list item starting at `lines[index]`, with the item's content column removed
    /// (the first line is the text after the marker); `index` moves past the item. A line belongs to the item
    /// when it is indented to the content column, or when it continues the item's paragraph (a lazy line); a
    /// blank line followed by a less indented line ends it.
    static func itemBody(_ item: ListItem, lines: [Substring], index: inout Int) -> [Substring] {
        var body: [Substring] = [item.text]
        var blanks = 0
        var inFence = false
        var paragraphOpen = !item.text.isEmpty && !isFence(item.text)
        inFence = isFence(item.text)
        index += 1
        while index < lines.count {
            let line = lines[index]
            if isBlank(line) {
                blanks += 1
                index += 1
                paragraphOpen = false
                continue
            }
            let indentation = indentationOf(line)
            let content: Substring
            if indentation >= item.contentColumn {
                content = line.dropFirst(item.contentColumn)
            } else if blanks == 0 && paragraphOpen && !inFence && !interruptsParagraph(line) && listItem(line) == nil {
                content = line.drop(while: { $0 == " " || $0 == "\t" })
            } else {
                break
            }
            body.append(contentsOf: repeatElement("", count: blanks))
            blanks = 0
            body.append(content)
            if isFence(content) {
                inFence.toggle()
                paragraphOpen = false
            } else {
                paragraphOpen = !inFence && indentationOf(content) < 4 && headingLevel(content) == nil
            }
            index += 1
        }
        // Blank lines after the item are left for what follows.
        index -= blanks
        return body
    }

    /// The tag a list item or quote starts with. DocC looks for the colon in the first text run of the first
    /// paragraph, so inline markup before the colon (`` `name` ``, `*`, `_`, a link) means there is no tag.
    static func tag(_ body: [Substring]) -> Tag? {
        guard let first = body.first, !first.isEmpty, indentationOf(first) < 4,
              !mayStartBlock(first) || (!isFence(first) && headingLevel(first) == nil && !isQuote(first) && listItem(first) == nil)
        else { return nil }
        // The first colon, unless markup comes first (one pass that stops at whichever is met first).
        var found: Substring.Index?
        search: for index in first.indices {
            guard let ascii = first[index].asciiValue else { continue }
            switch ascii {
            case UInt8(ascii: ":"):
                found = index
                break search
            case UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "~"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "!"),
                 UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "\\"):
                break search
            default:
                continue
            }
        }
        guard let colon = found else { return nil }
        let name = first[..<colon].drop(while: { $0 == " " })
        guard !name.isEmpty else { return nil }
        return Tag(name: name, afterColon: first[first.index(after: colon)...])
    }

    /// A tag's text: the first line after the colon and the rest of the item's content.
    static func description(_ tag: Tag, _ body: [Substring]) -> String {
        blockText([tag.afterColon] + body.dropFirst())
    }

    // MARK: Quotes

    /// Reads a block quote: DocC renders every quote as an aside, named by its tag (`> Warning: …`) or a note.
    mutating func readQuote() {
        var body: [Substring] = []
        var paragraphOpen = false
        var inFence = false
        while index < lines.count {
            let line = lines[index]
            if Self.isQuote(line) {
                var content = line.drop(while: { $0 == " " }).dropFirst()
                if content.first == " " { content = content.dropFirst() }
                body.append(content)
                if Self.isFence(content) { inFence.toggle() }
                paragraphOpen = !inFence && !Self.isBlank(content) && !Self.isFence(content)
            } else if paragraphOpen && !Self.isBlank(line) && !Self.interruptsParagraph(line) {
                body.append(line.drop(while: { $0 == " " || $0 == "\t" }))
            } else {
                break
            }
            index += 1
        }
        if let tag = Self.tag(body) {
            addCallout(kind: tag.kind, text: Self.description(tag, body))
        } else {
            addCallout(kind: "note", text: Self.blockText(body))
        }
    }

    // MARK: Doxygen

    /// Reads `@param`, `@return(s)`, `@result`, `@note` or `@throws` with its continuation lines.
    mutating func readDoxygenTag(_ tag: (name: String, rest: Substring)) {
        index += 1
        var text: [Substring] = [tag.rest]
        while index < lines.count, !Self.isBlank(lines[index]), !Self.interruptsParagraph(lines[index]) {
            text.append(lines[index])
            index += 1
        }
        switch tag.name {
        case "param":
            let rest = tag.rest.trimmingWhitespace()
            let name = rest.prefix(while: { $0 != " " && $0 != "\t" })
            text[0] = rest.dropFirst(name.count)
            parameters.append(DocComment.Parameter(name: String(name), description: Self.joinedText(text)))
        case "return", "returns", "result":
            returns = Self.appending(Self.joinedText(text), to: returns)
        case "note":
            callouts.append(DocComment.Callout(kind: "note", text: Self.joinedText(text)))
        default:
            throwsText = Self.appending(Self.joinedText(text), to: throwsText)
        }
    }

    /// The Doxygen tag a line starts with, if any.
    static func doxygenTag(_ line: Substring) -> (name: String, rest: Substring)? {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        guard trimmed.hasPrefix("@") || trimmed.hasPrefix("\\") else { return nil }
        let word = trimmed.dropFirst().prefix(while: { $0.isLetter })
        let name = word.lowercased()
        guard ["param", "return", "returns", "result", "note", "throws", "throw", "exception"].contains(name) else {
            return nil
        }
        let rest = trimmed.dropFirst(1 + word.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        return (name, rest)
    }

    // MARK: Blocks

    /// Copies a fenced code block (```` ``` ```` or `~~~`) into the discussion unchanged.
    mutating func copyFencedBlock() {
        let fence = lines[index].trimmingWhitespace().prefix(3)
        discussion.append(lines[index])
        index += 1
        while index < lines.count {
            let line = lines[index]
            discussion.append(line)
            index += 1
            if line.trimmingWhitespace().hasPrefix(fence) { break }
        }
    }

    /// True when `line` starts a block that can interrupt a paragraph (CommonMark): a list item with text (an
    /// ordered one only when it starts at 1), a code fence, an ATX heading, a block quote, a thematic break, or a
    /// Doxygen command.
    static func interruptsParagraph(_ line: Substring) -> Bool {
        guard mayStartBlock(line), indentationOf(line) <= 3 else { return false }
        if let item = listItem(line) {
            return !item.text.isEmpty && (item.isBullet || line.trimmingWhitespace().hasPrefix("1"))
        }
        return isFence(line) || headingLevel(line) != nil || isQuote(line) || isThematicBreak(line)
            || doxygenTag(line) != nil
    }

    /// False when `line` is paragraph text for certain: its first character after spaces and tabs starts no list item,
    /// code fence, heading, quote, thematic break or Doxygen command. Most lines of most comments are; the checks for
    /// each kind of block then need not run (one pass over a line's indentation instead of one per check).
    static func mayStartBlock(_ line: Substring) -> Bool {
        // On the bytes: the first character is its first byte unless a non-ASCII byte (a combining mark) follows it.
        let utf8 = line.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: line.leadingSpacesAndTabs.bytes)
        guard start != utf8.endIndex else { return false }
        let next = utf8.index(after: start)
        if next != utf8.endIndex && utf8[next] >= 0x80 {
            guard let first = line.first(where: { $0 != " " && $0 != "\t" }) else { return false }
            return first.isASCII && mayStartBlock(first: first.asciiValue ?? 0)
        }
        return mayStartBlock(first: utf8[start])
    }

    /// Whether a line whose first character after spaces and tabs is the ASCII `byte` may start a block.
    private static func mayStartBlock(first byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "~"),
             UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "@"), UInt8(ascii: "\\"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return false
        }
    }

    /// The list item `line` starts, if any: `-`, `*` or `+`, or a number followed by `.` or `)`, then a space
    /// or the end of the line.
    static func listItem(_ line: Substring) -> ListItem? {
        let indentation = indentationOf(line)
        let rest = line.dropFirst(indentation)
        guard let first = rest.first, !isThematicBreak(line) else { return nil }
        let markerWidth: Int
        let isBullet: Bool
        if first == "-" || first == "*" || first == "+" {
            markerWidth = 1
            isBullet = true
        } else {
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard (1...9).contains(digits.count), let delimiter = rest.dropFirst(digits.count).first,
                  delimiter == "." || delimiter == ")"
            else { return nil }
            markerWidth = digits.count + 1
            isBullet = false
        }
        let afterMarker = rest.dropFirst(markerWidth)
        if let space = afterMarker.first, space != " " && space != "\t" { return nil }
        let spaces = afterMarker.prefix(while: { $0 == " " || $0 == "\t" }).count
        let text = afterMarker.trimmingWhitespace()
        // Five or more spaces after the marker start indented code: the content column is one past the marker.
        let padding = text.isEmpty || spaces > 4 ? 1 : spaces
        return ListItem(
            indentation: indentation, isBullet: isBullet, text: text, contentColumn: indentation + markerWidth + padding)
    }

    /// The level of the ATX heading `line` is (`#` to `######` followed by a space or the end of the line).
    static func headingLevel(_ line: Substring) -> Int? {
        guard indentationOf(line) <= 3 else { return nil }
        let trimmed = line.drop(while: { $0 == " " })
        let hashes = trimmed.prefix(while: { $0 == "#" }).count
        guard (1...6).contains(hashes) else { return nil }
        let after = trimmed.dropFirst(hashes)
        return after.isEmpty || after.first == " " || after.first == "\t" ? hashes : nil
    }

    /// True for `## Topics` and `## See Also`, the headings of sections DocC keeps out of the discussion.
    static func startsTopicsOrSeeAlso(_ line: Substring) -> Bool {
        guard headingLevel(line) == 2 else { return false }
        var title = line.trimmingWhitespace().dropFirst(2).trimmingWhitespace()
        while title.last == "#" { title = title.dropLast() }
        let text = title.trimmingWhitespace()
        return text == "Topics" || text == "See Also"
    }

    static func isQuote(_ line: Substring) -> Bool {
        indentationOf(line) <= 3 && line.drop(while: { $0 == " " }).first == ">"
    }

    static func isThematicBreak(_ line: Substring) -> Bool {
        guard indentationOf(line) <= 3 else { return false }
        // One pass that stops at the first character that rules it out (this runs for every line of every doc
        // comment: filtering each line into a new string first was a tenth of a run's time).
        var mark: Character?
        var count = 0
        for character in line where character != " " && character != "\t" {
            if let mark {
                guard character == mark else { return false }
            } else {
                guard character == "-" || character == "*" || character == "_" else { return false }
                mark = character
            }
            count += 1
        }
        return count >= 3
    }

    static func isFence(_ line: Substring) -> Bool {
        let trimmed = line.trimmingWhitespace()
        return indentationOf(line) <= 3 && (trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~"))
    }

    /// Whether `line` holds nothing but spaces and tabs (on the bytes: any other byte is part of another character).
    static func isBlank(_ line: Substring) -> Bool { line.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }

    /// The number of spaces and tabs `line` starts with, counted as characters.
    static func indentationOf(_ line: Substring) -> Int { line.leadingSpacesAndTabs.characters }

    mutating func skipBlankLines() {
        while index < lines.count, Self.isBlank(lines[index]) { index += 1 }
    }

    /// Lines joined into one paragraph: trimmed, joined with single spaces; blank lines become paragraph breaks.
    static func joinedText(_ lines: [Substring]) -> String {
        var paragraphs: [[Substring]] = [[]]
        for line in lines {
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty {
                if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
            } else {
                paragraphs[paragraphs.count - 1].append(trimmed)
            }
        }
        return paragraphs.filter { !$0.isEmpty }.map { $0.joined(separator: " ") }.joined(separator: "\n\n")
    }

    /// The Markdown of a field's content as text: a paragraph's lines joined with spaces, a nested list item, quote
    /// or heading on a line of its own (keeping its indentation), code blocks as written, blank lines as paragraph
    /// breaks.
    static func blockText(_ lines: [Substring]) -> String {
        var result: [String] = []
        var inFence = false
        var joinable = false
        var pendingBreak = false
        for line in lines {
            if inFence {
                result.append(String(line))
                if isFence(line) { inFence = false }
                continue
            }
            if isBlank(line) {
                pendingBreak = !result.isEmpty
                joinable = false
                continue
            }
            if pendingBreak {
                result.append("")
                pendingBreak = false
            }
            var end = line.endIndex
            while end > line.startIndex, let last = line[..<end].last, last == " " || last == "\t" {
                end = line.index(before: end)
            }
            let trimmedEnd = line[..<end]
            let mayStartBlock = mayStartBlock(line)
            if mayStartBlock && isFence(line) {
                inFence = true
                joinable = false
                result.append(String(trimmedEnd))
            } else if mayStartBlock
                && (listItem(line) != nil || isQuote(line) || headingLevel(line) != nil || isThematicBreak(line)) {
                result.append(String(trimmedEnd))
                joinable = headingLevel(line) == nil && !isThematicBreak(line)
            } else if joinable, let last = result.popLast() {
                result.append(last + " " + trimmedEnd.trimmingWhitespace())
            } else {
                result.append(String(trimmedEnd.trimmingWhitespace()))
                joinable = true
            }
        }
        return result.joined(separator: "\n")
    }

    /// The discussion lines with runs of blank lines collapsed and blank lines at both ends dropped.
    func joinedDiscussion() -> String? {
        var result: [Substring] = []
        for line in discussion {
            if Self.isBlank(line) {
                if let last = result.last, !last.isEmpty { result.append("") }
            } else {
                result.append(line)
            }
        }
        while let last = result.last, last.isEmpty { result.removeLast() }
        return result.isEmpty ? nil : result.joined(separator: "\n")
    }
}

extension Substring {
    /// The substring without leading and trailing spaces and tabs (as characters: a space joined into one character
    /// with a combining mark after it, or a prepended mark before it, is no space).
    ///
    /// Found on the bytes, which doc comments read line by line made worth it; the characters decide only where a
    /// non-ASCII byte touches the spaces.
    func trimmingWhitespace() -> Substring {
        let leading = leadingSpacesAndTabs
        guard leading.bytes == leading.characters else {
            let start = drop(while: { $0 == " " || $0 == "\t" })
            return start.droppingTrailingSpacesAndTabs()
        }
        return Substring(utf8.dropFirst(leading.bytes)).droppingTrailingSpacesAndTabs()
    }

    /// The substring without the spaces and tabs it ends with, as characters: settled on the bytes unless a non-ASCII
    /// byte comes right before them (a character such as U+0600 joins the space after it into one character).
    func droppingTrailingSpacesAndTabs() -> Substring {
        let bytes = utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, case let byte = bytes[bytes.index(before: end)], byte == 0x20 || byte == 0x09 {
            end = bytes.index(before: end)
        }
        if end < bytes.endIndex, end > bytes.startIndex, bytes[bytes.index(before: end)] >= 0x80 {
            var end = endIndex
            while end > startIndex, let last = self[..<end].last, last == " " || last == "\t" {
                end = index(before: end)
            }
            return self[..<end]
        }
        return Substring(bytes[..<end])
    }

    /// How many bytes of spaces and tabs the substring starts with, and how many characters those are.
    var leadingSpacesAndTabs: (bytes: Int, characters: Int) {
        leadingRun { $0 == 0x20 || $0 == 0x09 }
    }

    /// How many bytes the substring starts with that `isBlank` accepts (ASCII white space), and how many characters
    /// those are: one fewer when a non-ASCII byte follows them (a combining mark makes one character of it and the
    /// last of them, which is then no blank), else the same.
    func leadingRun(_ isBlank: (UInt8) -> Bool) -> (bytes: Int, characters: Int) {
        let utf8 = self.utf8
        var bytes = 0
        var index = utf8.startIndex
        while index != utf8.endIndex, isBlank(utf8[index]) {
            bytes += 1
            utf8.formIndex(after: &index)
        }
        guard bytes > 0, index != utf8.endIndex, utf8[index] >= 0x80 else { return (bytes, bytes) }
        return (bytes, prefix(while: { $0.isASCII && $0.utf8.count == 1 && isBlank($0.utf8.first ?? 0) }).count)
    }
}
