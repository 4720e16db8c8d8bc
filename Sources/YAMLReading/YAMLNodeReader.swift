import Foundation
import Yams

/// A problem in a YAML file: where it is and what is wrong. Each loader maps it into its own error
/// (`DesignDocumentError.invalidTemplate`, `WorkflowError.invalidConfiguration`).
public struct YAMLNodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public var path: String
    /// The 1-based line of the problem.
    public var line: Int
    /// What is wrong, with the valid choices where there are any.
    public var message: String

    /// A problem at `line` of `path`.
    ///
    /// - Parameters:
    ///   - path: The file as the user named it.
    ///   - line: The 1-based line of the problem.
    ///   - message: What is wrong.
    public init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `path:line: message`.
    public var description: String { "\(path):\(line): \(message)" }
}

/// The keys of a YAML mapping in file order, each with its value (read by ``YAMLNodeReader/mapping(_:_:allowed:)``).
public struct YAMLMapping {
    /// The entries in file order: the key's text, the key's node (for its line) and the value.
    public var entries: [(key: String, keyNode: Node, value: Node)]

    /// The value for `key`, or `nil` when the mapping does not hold it.
    ///
    /// - Parameter key: A key of the mapping.
    /// - Returns: The value's node, or `nil`.
    public subscript(key: String) -> Node? { entries.first { $0.key == key }?.value }

    /// The keys and values in file order.
    public var ordered: [(String, Node)] { entries.map { ($0.key, $0.value) } }
}

/// Reads typed values from Yams nodes for one file, turning every problem into a ``YAMLNodeError`` that names the
/// file and the line. The template loader and the configuration loader share it, so both word their messages alike:
/// an unknown key suggests the closest allowed key, a duplicate key is reported at its second occurrence, a wrong
/// type names the key and the expected type, and a choice lists the valid values.
public struct YAMLNodeReader: Sendable {
    /// The file as the user named it, for messages.
    public let path: String

    /// A reader for the file at `path`.
    ///
    /// - Parameter path: The file as the user named it (messages start with it).
    public init(path: String) { self.path = path }

    // MARK: - Documents

    /// Parses `text` into its root node.
    ///
    /// - Parameter text: The YAML text.
    /// - Returns: The root node, or `nil` for an empty document (only comments or blanks).
    /// - Throws: ``YAMLNodeError`` at the line of a syntax error, or at the second occurrence of a duplicate key.
    public func compose(_ text: String) throws(YAMLNodeError) -> Node? {
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw yamlError(error, text: text)
        } catch {
            throw YAMLNodeError(path: path, line: 1, message: "invalid YAML: \(error)")
        }
    }

    /// A Yams error as a problem at its line; a duplicate key at the line of its second occurrence.
    func yamlError(_ error: YamlError, text: String) -> YAMLNodeError {
        switch error {
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? ""
            let first = max(context.mark.line, 1)
            let line = YAMLNodeReader.secondOccurrence(of: key, firstLine: first, column: context.mark.column, in: text) ?? first
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return fail(line: line, "duplicate key \(keys)\(line != first ? " (first given at line \(first))" : ""); give each key once")
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return fail(line: mark.line, "invalid YAML: \(problem)")
        default:
            let text = String(describing: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "invalid YAML"
            return fail(line: 1, "invalid YAML: \(text)")
        }
    }

    /// The 1-based line where `key` is given again in the block mapping whose first use of it is at `firstLine`,
    /// `column` (Yams reports only the first), or `nil` when it is not found (a flow mapping on one line).
    static func secondOccurrence(of key: String, firstLine: Int, column: Int, in text: String) -> Int? {
        let lines = text.components(separatedBy: "\n")
        let indentation = max(column - 1, 0)
        let forms = [key + ":", "\"\(key)\":", "'\(key)':"]
        guard firstLine <= lines.count else { return nil }
        for index in firstLine..<lines.count {
            let candidate = lines[index]
            let leading = candidate.prefix { $0 == " " }.count
            let body = candidate.dropFirst(leading)
            if body.isEmpty || body.hasPrefix("#") { continue }
            // A line indented less than the key has left its mapping.
            if leading < indentation { return nil }
            if leading == indentation && forms.contains(where: { body.hasPrefix($0) }) { return index + 1 }
        }
        return nil
    }

    // MARK: - Problems

    /// The 1-based line of `node`, or 1 when it has none.
    ///
    /// - Parameter node: A node of the document, or `nil`.
    /// - Returns: The line Yams marked the node with, or 1.
    public func line(_ node: Node?) -> Int { node?.mark?.line ?? 1 }

    /// A problem at the line of `node`.
    ///
    /// - Parameters:
    ///   - node: The node at fault (`nil`: the first line).
    ///   - message: What is wrong.
    /// - Returns: The problem, ready to throw.
    public func fail(_ node: Node?, _ message: String) -> YAMLNodeError {
        YAMLNodeError(path: path, line: line(node), message: message)
    }

    /// A problem at `line`.
    ///
    /// - Parameters:
    ///   - line: The 1-based line.
    ///   - message: What is wrong.
    /// - Returns: The problem, ready to throw.
    public func fail(line: Int, _ message: String) -> YAMLNodeError {
        YAMLNodeError(path: path, line: line, message: message)
    }

    // MARK: - Collections

    /// The keys of a mapping in file order, each checked against `allowed`.
    ///
    /// - Parameters:
    ///   - node: The node that must be a mapping.
    ///   - what: What the mapping is, for messages (`a sheet`, `'check'`), or `nil` for the top level of a file.
    ///   - allowed: The keys it may hold, or `nil` for any key (a mapping of names such as `styles`).
    /// - Returns: The mapping's entries.
    /// - Throws: ``YAMLNodeError`` when the node is not a mapping, a key is not plain text, a key is not in `allowed`
    ///   (suggesting the closest allowed key), or a key is given twice (at the second occurrence).
    public func mapping(_ node: Node, _ what: String?, allowed: [String]? = nil) throws(YAMLNodeError) -> YAMLMapping {
        let subject = what ?? "the file"
        guard case .mapping(let map) = node else {
            let keys = allowed.map { "; valid keys: \($0.joined(separator: ", "))" } ?? ""
            throw fail(node, "\(subject) must be a mapping of keys to values\(keys)")
        }
        var result = YAMLMapping(entries: [])
        for (keyNode, value) in map {
            guard case .scalar(let scalar) = keyNode else { throw fail(keyNode, "keys in \(subject) must be plain text") }
            let key = scalar.string
            if let allowed, !allowed.contains(key) {
                let place = what.map { " in \($0)" } ?? ""
                let suggestion = YAMLNodeReader.closest(key, among: allowed).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail(keyNode, "unknown key '\(key)'\(place)\(suggestion); valid keys: \(allowed.joined(separator: ", "))")
            }
            if let earlier = result.entries.first(where: { $0.key == key }) {
                throw fail(keyNode, "duplicate key '\(key)' in \(subject) (first given at line \(line(earlier.keyNode))); give each key once")
            }
            result.entries.append((key, keyNode, value))
        }
        return result
    }

    /// The items of a list.
    ///
    /// - Parameters:
    ///   - node: The node that must be a list.
    ///   - what: The key that holds it, for messages.
    /// - Returns: The items in order.
    /// - Throws: ``YAMLNodeError`` when the node is not a list.
    public func sequence(_ node: Node, _ what: String) throws(YAMLNodeError) -> [Node] {
        guard case .sequence(let items) = node else { throw fail(node, "'\(what)' must be a list") }
        return Array(items)
    }

    /// The items of a list, or a single value as a one-item list.
    ///
    /// - Parameter node: A list or a single value.
    /// - Returns: The items in order.
    public func sequenceOrScalar(_ node: Node) -> [Node] {
        if case .sequence(let items) = node { return Array(items) }
        return [node]
    }

    // MARK: - Scalars

    /// A text value.
    ///
    /// - Parameters:
    ///   - node: The value's node.
    ///   - what: The key that holds it, for messages.
    /// - Returns: The text.
    /// - Throws: ``YAMLNodeError`` when the value is a list or a mapping.
    public func string(_ node: Node, _ what: String) throws(YAMLNodeError) -> String {
        guard case .scalar(let scalar) = node else { throw fail(node, "'\(what)' must be text") }
        return scalar.string
    }

    /// A list of text values: one value counts as a list of one, and null as an empty list.
    ///
    /// - Parameters:
    ///   - node: The value's node.
    ///   - what: The key that holds it, for messages.
    /// - Returns: The texts in order.
    /// - Throws: ``YAMLNodeError`` when the value or an item is a mapping or a nested list.
    public func strings(_ node: Node, _ what: String) throws(YAMLNodeError) -> [String] {
        if node.null != nil { return [] }
        if let scalar = node.scalar { return [scalar.string] }
        guard case .sequence(let items) = node else { throw fail(node, "'\(what)' must be a list of text values") }
        return try items.map { item throws(YAMLNodeError) in
            guard let scalar = item.scalar else { throw fail(item, "'\(what)' must be a list of text values") }
            return scalar.string
        }
    }

    /// A true/false value.
    ///
    /// - Parameters:
    ///   - node: The value's node.
    ///   - what: The key that holds it, for messages.
    /// - Returns: The value.
    /// - Throws: ``YAMLNodeError`` when the value is not `true` or `false` (YAML's yes/no spellings count).
    public func bool(_ node: Node, _ what: String) throws(YAMLNodeError) -> Bool {
        guard case .scalar = node, let value = node.bool else { throw fail(node, "'\(what)' must be true or false") }
        return value
    }

    /// A whole number, within `range` when one is given.
    ///
    /// - Parameters:
    ///   - node: The value's node.
    ///   - what: The key that holds it, for messages.
    ///   - range: The values allowed, or `nil` for any.
    /// - Returns: The number.
    /// - Throws: ``YAMLNodeError`` when the value is not a whole number or is outside `range`.
    public func int(_ node: Node, _ what: String, range: ClosedRange<Int>? = nil) throws(YAMLNodeError) -> Int {
        guard case .scalar = node, let value = node.int else { throw fail(node, "'\(what)' must be a whole number") }
        if let range, !range.contains(value) {
            throw fail(node, "'\(what)' is \(value); it must be between \(range.lowerBound) and \(range.upperBound)")
        }
        return value
    }

    /// A number, within `range` when one is given.
    ///
    /// - Parameters:
    ///   - node: The value's node.
    ///   - what: The key that holds it, for messages.
    ///   - range: The values allowed, or `nil` for any.
    /// - Returns: The number.
    /// - Throws: ``YAMLNodeError`` when the value is not a number or is outside `range`.
    public func number(_ node: Node, _ what: String, range: ClosedRange<Double>? = nil) throws(YAMLNodeError) -> Double {
        guard case .scalar = node, let value = node.float ?? node.int.map(Double.init) else {
            throw fail(node, "'\(what)' must be a number")
        }
        if let range, !range.contains(value) {
            throw fail(node, "'\(what)' is \(Self.numberText(value)); it must be between \(Self.numberText(range.lowerBound)) and \(Self.numberText(range.upperBound))")
        }
        return value
    }

    /// A number as messages show it: whole numbers without a trailing `.0`.
    static func numberText(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    /// One of an enumeration's raw values, or one of `extra` (spellings the caller handles itself, such as `none`).
    ///
    /// - Parameters:
    ///   - node: The value's node.
    ///   - what: The key that holds it, for messages.
    ///   - extra: Further valid spellings listed in the message; reading one of them throws, so check for them first.
    /// - Returns: The case whose raw value the text is.
    /// - Throws: ``YAMLNodeError`` listing the valid choices (and the closest one) when the text names no case.
    public func choice<Choice: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, extra: [String] = []) throws(YAMLNodeError) -> Choice
    where Choice.RawValue == String {
        let value = try string(node, what)
        guard let result = Choice(rawValue: value) else {
            throw fail(node, YAMLNodeReader.choiceMessage(what, value: value, valid: Choice.allCases.map(\.rawValue) + extra))
        }
        return result
    }

    /// The message for `value` not being one of `valid`, with the closest valid value as a suggestion.
    ///
    /// - Parameters:
    ///   - what: The key that holds the value.
    ///   - value: The text given.
    ///   - valid: The valid values, in the order to list them.
    /// - Returns: `'what' must be one of …, not 'value'`, with `(did you mean '…'?)` when one is close.
    public static func choiceMessage(_ what: String, value: String, valid: [String]) -> String {
        let suggestion = closest(value, among: valid).map { " (did you mean '\($0)'?)" } ?? ""
        return "'\(what)' must be one of \(valid.joined(separator: ", ")), not '\(value)'\(suggestion)"
    }

    // MARK: - Suggestions

    /// The candidate closest to `word` (ignoring letter case) when it is close enough to be a likely typo.
    ///
    /// - Parameters:
    ///   - word: The misspelt word.
    ///   - candidates: The valid words.
    /// - Returns: The closest candidate within an edit distance of a third of the word (at least 2) that keeps some of
    ///   the word's letters, or `nil`.
    public static func closest(_ word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let scored = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(2, word.count / 3), distance < word.count else { return nil }
        return best
    }

    /// The Levenshtein distance between `a` and `b`, in characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
