import Foundation

/// A rule about what a function's doc comment says, beyond having one (`check.require` in `.docsheet.yml`,
/// `check --require`; Documentation/CLI.md, "Check rules"). Each one has its own rule id in every report.
public enum DocRule: String, CaseIterable, Sendable {
    /// Every named parameter is described.
    case parameters
    /// A non-Void return value is described.
    case returns
    /// A throwing function's errors are described.
    case `throws`
    /// The doc describes no parameter the signature does not have (a stale name after a rename).
    case unknownParameters = "unknown-parameters"
    /// A function that returns nothing documents no return value.
    case voidReturns = "void-returns"
    /// The summary says more than the function's name split into words (`/// Fetch user.` on `fetchUser()`).
    case summaryRepeatsName = "summary-repeats-name"
    /// The summary is more than a `TODO`, `FIXME`, `TBD` or `XXX` marker.
    case placeholderSummary = "placeholder-summary"
}

/// What one rule found wrong in one function's doc comment.
public struct DocFinding: Hashable, Sendable {
    /// The rule broken.
    public var rule: DocRule
    /// What is wrong and what to do, to follow the function's description (`does not document parameter x; …`).
    public var message: String

    /// Creates a finding.
    ///
    /// - Parameters:
    ///   - rule: The rule broken.
    ///   - message: What is wrong and what to do, to follow the function's description.
    public init(rule: DocRule, message: String) {
        self.rule = rule
        self.message = message
    }
}

extension FunctionRecord {
    /// What `rules` find wrong in this function's doc comment, in the order of ``DocRule``'s cases. A function
    /// without real documentation (``isDocumented`` is false) has no findings: it is undocumented, which is a rule of
    /// its own.
    ///
    /// - Parameter rules: The rules to apply.
    /// - Returns: One finding per rule broken.
    public func docFindings(_ rules: Set<DocRule>) -> [DocFinding] {
        guard let doc, isDocumented, !rules.isEmpty else { return [] }
        var findings: [DocFinding] = []
        func found(_ rule: DocRule, _ message: String) { findings.append(DocFinding(rule: rule, message: message)) }
        let returnsNothing = returnType.map(DocQuality.isVoid) ?? true
        if rules.contains(.parameters) {
            let documented = Set(doc.parameters.map(\.name))
            let missing = parameters.map(\.name).filter { $0 != "_" && !documented.contains($0) }
            if !missing.isEmpty {
                found(.parameters, "does not document parameter\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")); add '- Parameter name:' lines")
            }
        }
        if rules.contains(.returns), !returnsNothing, DocQuality.isBlank(doc.returns) {
            found(.returns, "does not document its return value; add '- Returns:'")
        }
        if rules.contains(.throws), self.throws != nil, DocQuality.isBlank(doc.throws) {
            found(.throws, "does not document the errors it throws; add '- Throws:'")
        }
        if rules.contains(.unknownParameters) {
            // The name inside the body is what DocC and Xcode match; the argument label is accepted too.
            let known = Set(parameters.flatMap { [$0.name] + ($0.label.map { [$0] } ?? []) })
            let unknown = doc.parameters.map(\.name).filter { !known.contains($0) }
            if !unknown.isEmpty {
                let lines = unknown.map { "'- Parameter \($0):'" }.joined(separator: ", ")
                found(.unknownParameters, "documents parameter\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")) that the signature does not have (renamed or removed?); correct or remove \(lines)")
            }
        }
        // An initializer's `- Returns:` ("nil when …" on `init?`) is common and harmless.
        if rules.contains(.voidReturns), returnsNothing, kind != .initializer, !DocQuality.isBlank(doc.returns) {
            found(.voidReturns, "documents a return value but returns nothing; remove '- Returns:'")
        }
        if rules.contains(.summaryRepeatsName), let summary = doc.summary, DocQuality.summary(summary, onlyRepeats: baseName) {
            found(.summaryRepeatsName, "has a summary that only repeats its name (\"\(summary)\"); say what it does and when to use it")
        }
        if rules.contains(.placeholderSummary), let summary = doc.summary, let marker = DocQuality.placeholderMarker(summary) {
            found(.placeholderSummary, "has a summary that is only a \(marker) marker (\"\(summary)\"); write the summary")
        }
        return findings
    }
}

/// The text tests behind ``DocRule``: Void return types, a summary that repeats a name, placeholder markers.
public enum DocQuality {
    /// True for a return type that means no value: `Void`, `()`, `Never` (with or without `Swift.`).
    ///
    /// - Parameter type: The return type as written.
    /// - Returns: Whether a function with this return type returns nothing.
    public static func isVoid(_ type: String) -> Bool {
        let trimmed = type.replacingOccurrences(of: " ", with: "")
        return trimmed == "Void" || trimmed == "()" || trimmed == "Swift.Void" || trimmed == "Never" || trimmed == "Swift.Never"
    }

    /// True when `text` is `nil` or only white space (a doc part that says nothing).
    ///
    /// - Parameter text: A part of a doc comment (its returns or throws text, a description).
    /// - Returns: Whether the part is missing or empty.
    public static func isBlank(_ text: String?) -> Bool {
        (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// The words a summary may add to a name and still only repeat it.
    static let articles: Set<String> = ["a", "an", "the"]

    /// True when `summary`'s words, articles left out, are exactly the words of `name` (`fetchUser` → fetch, user),
    /// each allowed an `s` or `es` ending (`Fetches the user.`). Operators, whose names have no words, never match.
    ///
    /// - Parameters:
    ///   - summary: The doc comment's summary.
    ///   - name: The function's base name (`fetchUser`, `init`).
    /// - Returns: Whether the summary says nothing the name does not.
    public static func summary(_ summary: String, onlyRepeats name: String) -> Bool {
        let nameWords = words(ofIdentifier: name)
        guard !nameWords.isEmpty else { return false }
        let summaryWords = words(ofText: summary).filter { !articles.contains($0) }
        guard !summaryWords.isEmpty else { return false }
        func matches(_ word: String) -> String? {
            if nameWords.contains(word) { return word }
            for ending in ["es", "s"] where word.hasSuffix(ending) && word.count > ending.count + 1 {
                let stem = String(word.dropLast(ending.count))
                if nameWords.contains(stem) { return stem }
            }
            return nil
        }
        var matched = Set<String>()
        for word in summaryWords {
            guard let nameWord = matches(word) else { return false }
            matched.insert(nameWord)
        }
        return matched == Set(nameWords)
    }

    /// The lower-cased words of an identifier: split at `_`, at a lower-to-upper case change, before the last capital
    /// of a run of capitals followed by a lower-case letter (`URLSession` → url, session) and at a capital after a
    /// digit (`decodeUTF8Text` → decode, utf8, text, as prose writes "UTF8").
    ///
    /// - Parameter identifier: A Swift identifier, backticks allowed.
    /// - Returns: Its words, lower-cased; none for an operator.
    public static func words(ofIdentifier identifier: String) -> [String] {
        let characters = Array(identifier.filter { $0 != "`" })
        var words: [String] = []
        var current = ""
        func close() {
            if !current.isEmpty { words.append(current.lowercased()) }
            current = ""
        }
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                close()
                continue
            }
            if let previous = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let caseRise = previous.isLowercase && character.isUppercase
                let acronymEnd = previous.isUppercase && character.isUppercase && (next?.isLowercase ?? false)
                let digitThenCapital = previous.isNumber && character.isUppercase
                if caseRise || acronymEnd || digitThenCapital { close() }
            }
            current.append(character)
        }
        close()
        return words
    }

    /// The lower-cased words of prose: runs of letters and digits.
    static func words(ofText text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map { $0.lowercased() }
    }

    /// The markers that stand for a summary still to be written.
    static let placeholderMarkers = ["TODO", "FIXME", "TBD", "XXX"]

    /// The marker `summary` starts with when it is only a placeholder (`TODO`, `TODO: describe`, `FIXME.`), else `nil`.
    /// Only the upper-case spelling counts, so a summary that starts with the word "Todo" is prose.
    ///
    /// - Parameter summary: The doc comment's summary.
    /// - Returns: The marker, or `nil` when the summary is real text.
    public static func placeholderMarker(_ summary: String) -> String? {
        let trimmed = summary.trimmingCharacters(in: .whitespacesAndNewlines)
        for marker in placeholderMarkers where trimmed.hasPrefix(marker) {
            let rest = trimmed.dropFirst(marker.count)
            if rest.first.map({ !($0.isLetter || $0.isNumber) }) ?? true { return marker }
        }
        return nil
    }
}
