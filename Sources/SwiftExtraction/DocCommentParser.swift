import Inventory

/// Parses the text of a documentation comment (markers already removed) as Swift Markup.
///
/// - `summary`: the first paragraph (none when the comment starts with a list, heading, code block or tag).
/// - `- Parameters:` with nested `- name: text` items, and `- Parameter name: text`.
/// - `- Returns:`, `- Throws:` and the other callouts (`- Note:`, `- Warning:`, …) into `callouts`.
/// - Doxygen tags, which many teams use: `@param name text`, `@return text`, `@returns text`, `@throws text`.
/// - `discussion`: everything else after the summary, as written.
/// - `isPlaceholder`: the text still holds an Xcode placeholder (`<#Description#>`).
public enum DocCommentParser {
    /// The callout names Swift Markup recognises (lower-cased, without spaces), besides parameters,
    /// `returns` and `throws`.
    public static let calloutKinds: Set<String> = [
        "attention", "author", "authors", "bug", "complexity", "copyright", "date", "experiment", "important",
        "invariant", "keyword", "localizationkey", "mutatingvariant", "nonmutatingvariant", "note",
        "postcondition", "precondition", "recommended", "recommendedover", "remark", "remarks", "requires",
        "seealso", "since", "tag", "todo", "version", "warning",
    ]

    /// Parses `raw` (the comment text without `///`, `/** */` or gutter) into a `DocComment`.
    ///
    /// - Parameter raw: The comment text with the `///`, `/** */` markers and the common indentation already removed.
    /// - Returns: The comment with its summary, discussion, parameters, returns, throws and callouts filled in, and
    ///   `isPlaceholder` set when the text holds an Xcode placeholder.
    public static func parse(raw: String) -> DocComment {
        var parser = MarkupLines(lines: raw.split(separator: "\n", omittingEmptySubsequences: false))
        return parser.parse(raw: raw)
    }

    /// True when `text` holds an Xcode placeholder such as `<#Description#>` outside code (inline code
    /// spans and fenced code blocks may show a placeholder on purpose).
    ///
    /// - Parameter text: The comment text to search.
    /// - Returns: True when a `<#` … `#>` placeholder appears in prose; false when there is none or it is only inside
    ///   code.
    public static func containsPlaceholder(_ text: String) -> Bool {
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingWhitespace()
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                continue
            }
            if !inFence && lineContainsPlaceholder(line) { return true }
        }
        return false
    }

    /// True when `line` has `<#` … `#>` outside inline code spans (text between matching backtick runs).
    private static func lineContainsPlaceholder(_ line: Substring) -> Bool {
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

/// A list item's marker position and its text after the marker.
private struct ListItem {
    var indentation: Int
    var text: Substring
}

/// The line-oriented Markdown reader behind `DocCommentParser`.
private struct MarkupLines {
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
        let summary = readSummary()
        while index < lines.count {
            let line = lines[index]
            if isFence(line) {
                copyFencedBlock()
            } else if let item = listItem(line), item.indentation < 2 {
                readListItem(item)
            } else if let tag = doxygenTag(line) {
                readDoxygenTag(tag)
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

    // MARK: Summary

    /// The first paragraph, when the comment starts with one.
    mutating func readSummary() -> String? {
        guard index < lines.count else { return nil }
        let first = lines[index]
        if startsBlock(first) || isIndentedCode(first) { return nil }
        var paragraph: [Substring] = []
        while index < lines.count, !isBlank(lines[index]), !startsBlock(lines[index]) {
            paragraph.append(lines[index])
            index += 1
        }
        let summary = joinedText(paragraph)
        return summary.isEmpty ? nil : summary
    }

    // MARK: Lists and callouts

    /// Reads a top-level list item with its continuation lines and nested items, and files it as a
    /// parameter, returns, throws or callout; anything else stays in the discussion.
    mutating func readListItem(_ item: ListItem) {
        let start = index
        index += 1
        var body: [Substring] = [item.text]
        var sawBlank = false
        while index < lines.count {
            let line = lines[index]
            if isBlank(line) {
                sawBlank = true
                index += 1
                continue
            }
            let indentation = indentationOf(line)
            if let next = listItem(line), next.indentation <= item.indentation { break }
            if sawBlank && indentation <= item.indentation { break }
            if indentation <= item.indentation && (isFence(line) || doxygenTag(line) != nil) { break }
            if sawBlank { body.append("") }
            body.append(line)
            sawBlank = false
            index += 1
        }
        // Blank lines after the item belong to what follows.
        var end = index
        while end > start + 1, isBlank(lines[end - 1]) { end -= 1 }
        if !file(body) {
            discussion.append(contentsOf: lines[start..<end])
        }
        if end < index { discussion.append("") }
    }

    /// Files a list item's lines; false when the item is not a recognised field or callout.
    mutating func file(_ body: [Substring]) -> Bool {
        let first = body[0]
        guard let colon = first.firstIndex(of: ":") else { return false }
        let tag = first[..<colon].trimmingWhitespace()
        let afterColon = first[first.index(after: colon)...]
        let words = tag.split(separator: " ", omittingEmptySubsequences: true)
        guard let word = words.first else { return false }
        let keyword = word.lowercased()
        if keyword == "parameters" && words.count == 1 {
            var nested = body.dropFirst().map { $0 }
            if !isBlank(afterColon) { nested.insert(afterColon, at: 0) }
            parameters.append(contentsOf: nestedParameters(nested))
            return true
        }
        if keyword == "parameter" && words.count >= 2 {
            let name = words.dropFirst().joined(separator: " ")
            parameters.append(DocComment.Parameter(name: name, description: description(afterColon, body)))
            return true
        }
        guard words.count == 1 else { return false }
        let text = description(afterColon, body)
        switch keyword {
        case "returns", "return":
            returns = Self.appending(text, to: returns)
        case "throws", "throw":
            throwsText = Self.appending(text, to: throwsText)
        default:
            let kind = tag.filter { $0 != " " }.lowercased()
            guard DocCommentParser.calloutKinds.contains(kind) else { return false }
            callouts.append(DocComment.Callout(kind: kind, text: text))
        }
        return true
    }

    /// The `- name: text` items nested under `- Parameters:`.
    func nestedParameters(_ lines: [Substring]) -> [DocComment.Parameter] {
        var result: [DocComment.Parameter] = []
        var current: (name: String, text: [Substring])?
        func flush() {
            if let current { result.append(DocComment.Parameter(name: current.name, description: joinedText(current.text))) }
        }
        for line in lines {
            if let item = listItem(line), let colon = item.text.firstIndex(of: ":") {
                flush()
                let name = item.text[..<colon].trimmingWhitespace()
                current = (String(name), [item.text[item.text.index(after: colon)...]])
            } else if current != nil {
                current?.text.append(line)
            }
        }
        flush()
        return result
    }

    /// The text after a field's colon plus its continuation lines, joined into one paragraph.
    func description(_ afterColon: Substring, _ body: [Substring]) -> String {
        joinedText([afterColon] + body.dropFirst())
    }

    // MARK: Doxygen

    /// Reads `@param`, `@return(s)` or `@throws` with its continuation lines.
    mutating func readDoxygenTag(_ tag: (name: String, rest: Substring)) {
        index += 1
        var text: [Substring] = [tag.rest]
        while index < lines.count, !isBlank(lines[index]), !startsBlock(lines[index]) {
            text.append(lines[index])
            index += 1
        }
        switch tag.name {
        case "param":
            let rest = tag.rest.trimmingWhitespace()
            let name = rest.prefix(while: { $0 != " " && $0 != "\t" })
            text[0] = rest.dropFirst(name.count)
            parameters.append(DocComment.Parameter(name: String(name), description: joinedText(text)))
        case "return", "returns":
            returns = Self.appending(joinedText(text), to: returns)
        default:
            throwsText = Self.appending(joinedText(text), to: throwsText)
        }
    }

    /// The Doxygen tag a line starts with, if any.
    func doxygenTag(_ line: Substring) -> (name: String, rest: Substring)? {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        guard trimmed.hasPrefix("@") || trimmed.hasPrefix("\\") else { return nil }
        let word = trimmed.dropFirst().prefix(while: { $0.isLetter })
        let name = word.lowercased()
        guard ["param", "return", "returns", "throws", "throw", "exception"].contains(name) else { return nil }
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

    /// True when `line` starts a block that ends a paragraph: a list item, a fence, a heading or a tag.
    func startsBlock(_ line: Substring) -> Bool {
        listItem(line) != nil || isFence(line) || doxygenTag(line) != nil
            || line.trimmingWhitespace().hasPrefix("#")
    }

    func listItem(_ line: Substring) -> ListItem? {
        let indentation = indentationOf(line)
        let rest = line.dropFirst(indentation)
        guard let marker = rest.first, marker == "-" || marker == "*" || marker == "+" else { return nil }
        let afterMarker = rest.dropFirst()
        guard let space = afterMarker.first, space == " " || space == "\t" else { return nil }
        return ListItem(indentation: indentation, text: afterMarker.trimmingWhitespace())
    }

    func isFence(_ line: Substring) -> Bool {
        let trimmed = line.trimmingWhitespace()
        return trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~")
    }

    func isIndentedCode(_ line: Substring) -> Bool { indentationOf(line) >= 4 }

    func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }

    func indentationOf(_ line: Substring) -> Int { line.prefix(while: { $0 == " " || $0 == "\t" }).count }

    mutating func skipBlankLines() {
        while index < lines.count, isBlank(lines[index]) { index += 1 }
    }

    /// Lines joined into one paragraph: trimmed, joined with single spaces; blank lines become paragraph breaks.
    func joinedText(_ lines: [Substring]) -> String {
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

    /// The discussion lines with runs of blank lines collapsed and blank lines at both ends dropped.
    func joinedDiscussion() -> String? {
        var result: [Substring] = []
        for line in discussion {
            if isBlank(line) {
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
    /// The substring without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> Substring {
        let start = drop(while: { $0 == " " || $0 == "\t" })
        var end = start.endIndex
        while end > start.startIndex, let last = start[..<end].last, last == " " || last == "\t" {
            end = start.index(before: end)
        }
        return start[..<end]
    }
}
