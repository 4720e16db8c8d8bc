import Inventory

/// Parses an Objective-C documentation comment (`///`, `/** */`, `/*! */`, HeaderDoc and Doxygen commands) into the
/// same ``DocComment`` parts as a Swift comment.
///
/// - `summary`: the first paragraph, or the text of `@brief`/`@abstract`; it ends at the first blank line or at the
///   first block command (`@param`, `@note`, `@code`…), even without a blank line before it.
/// - `parameters`: `@param name text` (and `\param`), in the order written.
/// - `returns`: `@return`, `@returns`, `@result`; `throws`: `@throws`, `@exception`.
/// - `callouts`: `@note`, `@warning`, `@attention`, `@important`, `@see`, `@deprecated`, … (the command's name,
///   lower-cased, is the callout's kind).
/// - `discussion`: `@discussion`'s text and every other paragraph after the summary, lines as written.
public enum HeaderDocParser {
    /// The commands that start a block: each ends the summary and the block before it.
    static let blockCommands: Set<String> = [
        "param", "return", "returns", "result", "throws", "exception", "discussion", "note", "warning", "attention",
        "important", "see", "sa", "seealso", "deprecated", "since", "code", "endcode", "brief", "abstract", "remark",
        "remarks", "todo", "bug", "pre", "post", "invariant", "author", "version", "copyright", "details", "par",
        "availability", "updated", "method", "function", "property", "class", "protocol", "category", "typedef",
        "const", "constant", "field", "var", "header", "framework", "link",
    ]

    /// Commands that only name the declaration (HeaderDoc's `@method name`): their line is left out.
    static let namingCommands: Set<String> = [
        "method", "function", "property", "class", "protocol", "category", "typedef", "const", "constant", "var",
        "header", "framework",
    ]

    /// The comment text without its markers: `///` (and `///<`), `/**`, `/*!`, `*/` and a leading `*` on each line
    /// removed, then the common indentation.
    ///
    /// - Parameter comment: The comment as written in the source, one or more adjacent comments.
    /// - Returns: The text, lines joined with `\n`.
    public static func strippedText(of comment: String) -> String {
        var lines: [Substring] = []
        var insideBlock = false
        for var line in comment.split(separator: "\n", omittingEmptySubsequences: false) {
            line = line.drop { $0 == " " || $0 == "\t" }
            if line.hasSuffix("\r") { line = line.dropLast() }
            if !insideBlock, line.hasPrefix("//") {
                line = line.dropFirst(2)
                while line.first == "/" || line.first == "!" { line = line.dropFirst() }
                if line.first == "<" { line = line.dropFirst() }
                lines.append(line)
                continue
            }
            if !insideBlock, line.hasPrefix("/*") {
                insideBlock = true
                line = line.dropFirst(2)
                while line.first == "*" || line.first == "!" { line = line.dropFirst() }
                if line.first == "<" { line = line.dropFirst() }
            } else if insideBlock {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if trimmed.hasPrefix("*"), !trimmed.hasPrefix("*/") {
                    line = trimmed.dropFirst()
                }
            }
            if insideBlock, let end = line.range(of: "*/") {
                insideBlock = false
                var before = line[..<end.lowerBound]
                while before.last == "*" { before = before.dropLast() }
                line = before
            }
            lines.append(line)
        }
        while let first = lines.first, first.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeLast() }
        let indentation = lines.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
            .map { $0.prefix { $0 == " " || $0 == "\t" }.count }.min() ?? 0
        return lines.map { $0.allSatisfy { $0 == " " || $0 == "\t" } ? "" : String($0.dropFirst(indentation)) }
            .joined(separator: "\n")
    }

    /// Parses a comment as written into its parts.
    ///
    /// - Parameter comment: The comment as written in the source, markers included.
    /// - Returns: The doc comment.
    public static func parse(_ comment: String) -> DocComment {
        let raw = strippedText(of: comment)
        var summaryLines: [String] = []
        var summaryDone = false
        var discussion: [String] = []
        var parameters: [DocComment.Parameter] = []
        var returns: String?
        var throwsText: String?
        var callouts: [DocComment.Callout] = []

        /// The block being read: a command and its lines.
        var command: String?
        var argument: String?
        var blockLines: [String] = []
        var insideCode = false

        func finishBlock() {
            defer { command = nil; argument = nil; blockLines = [] }
            guard let current = command else { return }
            let text = blockLines.map { $0.trimmingSpaces }.filter { !$0.isEmpty }.joined(separator: " ")
            switch current {
            case "param": parameters.append(DocComment.Parameter(name: argument ?? "", description: text))
            case "return", "returns", "result": returns = appending(text, to: returns)
            case "throws", "exception":
                throwsText = appending([argument, text].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " "), to: throwsText)
            case "brief", "abstract":
                if summaryLines.isEmpty, !text.isEmpty { summaryLines = [text] }
                summaryDone = true
            case "discussion", "details", "code", "par": discussion.append(contentsOf: blockLines)
            default:
                if !namingCommands.contains(current) { callouts.append(DocComment.Callout(kind: current, text: text)) }
            }
        }

        for line in raw.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingSpaces
            if insideCode {
                if trimmed.hasPrefix("@endcode") || trimmed.hasPrefix("\\endcode") { insideCode = false }
                discussion.append(line)
                continue
            }
            if let (name, rest) = blockCommand(in: trimmed) {
                finishBlock()
                summaryDone = true
                if name == "code" {
                    insideCode = true
                    discussion.append(line)
                    continue
                }
                command = name
                if name == "param" || name == "throws" || name == "exception" {
                    var words = rest.drop { $0 == " " || $0 == "\t" }
                    if words.hasPrefix("[") , let close = words.firstIndex(of: "]") {  // \param[in] name
                        words = words[words.index(after: close)...].drop { $0 == " " || $0 == "\t" }
                    }
                    let name = words.prefix { $0 != " " && $0 != "\t" }
                    argument = String(name)
                    blockLines = [String(words.dropFirst(name.count))]
                } else {
                    blockLines = [rest]
                }
                continue
            }
            if command != nil {
                if trimmed.isEmpty {
                    // A blank line ends a field's paragraph, but `@discussion` runs on to the next command.
                    if command == "discussion" || command == "details" { blockLines.append("") } else { finishBlock() }
                } else {
                    blockLines.append(line)
                }
                continue
            }
            if !summaryDone {
                if trimmed.isEmpty {
                    if !summaryLines.isEmpty { summaryDone = true }
                } else {
                    summaryLines.append(trimmed)
                }
                continue
            }
            discussion.append(line)
        }
        finishBlock()
        while discussion.first?.trimmingSpaces.isEmpty == true { discussion.removeFirst() }
        while discussion.last?.trimmingSpaces.isEmpty == true { discussion.removeLast() }
        let summary = summaryLines.joined(separator: " ")
        return DocComment(
            raw: raw, summary: summary.isEmpty ? nil : summary,
            discussion: discussion.isEmpty ? nil : discussion.joined(separator: "\n"), parameters: parameters,
            returns: returns, throws: throwsText, callouts: callouts, isPlaceholder: raw.contains("<#"))
    }

    /// The block command a line starts with (`@param x`, `\return`), and the text after it.
    static func blockCommand(in line: String) -> (name: String, rest: String)? {
        guard let first = line.first, first == "@" || first == "\\" else { return nil }
        let name = line.dropFirst().prefix { $0.isLetter }
        let lowered = name.lowercased()
        guard blockCommands.contains(lowered) else { return nil }
        return (lowered, String(line.dropFirst(1 + name.count).drop { $0 == " " || $0 == "\t" }))
    }

    /// `text` appended to `existing` as a new paragraph, or `text` alone.
    static func appending(_ text: String, to existing: String?) -> String? {
        guard !text.isEmpty else { return existing }
        guard let existing, !existing.isEmpty else { return text }
        return existing + "\n\n" + text
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while slice.first == " " || slice.first == "\t" { slice = slice.dropFirst() }
        while slice.last == " " || slice.last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
