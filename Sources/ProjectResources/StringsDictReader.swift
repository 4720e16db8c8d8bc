import Foundation

/// One key of a `.stringsdict` file: its format and the plural (or device) variants of each variable.
public struct StringsDictEntry: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The `NSStringLocalizedFormatKey` (`%#@recipes@`), or `nil` when the entry has none.
    public var format: String?
    /// The variants as `(path, text)`: `recipes.plural.one`, `recipes.plural.other`, `device.iphone`, ….
    public var variations: [(path: String, text: String)]
    /// The 1-based line of the key in the file (its first `<key>` element naming it).
    public var line: Int

    /// Two entries are equal when their fields are.
    ///
    /// - Parameters:
    ///   - lhs: An entry.
    ///   - rhs: Another entry.
    /// - Returns: True when every field is equal.
    public static func == (lhs: StringsDictEntry, rhs: StringsDictEntry) -> Bool {
        lhs.key == rhs.key && lhs.format == rhs.format && lhs.line == rhs.line
            && lhs.variations.map(\.path) == rhs.variations.map(\.path) && lhs.variations.map(\.text) == rhs.variations.map(\.text)
    }

    /// Hashes the key and line.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(line)
    }
}

/// Reads `.stringsdict` files (property lists of plural rules) with `PropertyListSerialization`.
public enum StringsDictReader {
    /// The plural categories in the order CLDR lists them, before `other`.
    static let categoryOrder = ["zero", "one", "two", "few", "many"]

    /// Variant selectors in a stable, readable order: the plural categories in CLDR order, then other names (devices)
    /// sorted, then `other`, the fallback, last.
    ///
    /// - Parameter selectors: The selectors of one variation.
    /// - Returns: The selectors in order.
    static func ordered<Selectors: Sequence<String>>(_ selectors: Selectors) -> [String] {
        func rank(_ selector: String) -> Int {
            if let index = categoryOrder.firstIndex(of: selector) { return index }
            return selector == "other" ? categoryOrder.count + 1 : categoryOrder.count
        }
        return selectors.sorted { (rank($0), $0) < (rank($1), $1) }
    }

    /// The entries of a `.stringsdict` file, sorted by key.
    ///
    /// - Parameters:
    ///   - data: The file's contents (XML or binary property list).
    ///   - path: The file's path, for error messages.
    /// - Returns: The entries.
    /// - Throws: `ResourceError.malformed` when the data is not a property list whose top level is a dictionary.
    public static func entries(of data: Data, path: String) throws(ResourceError) -> [StringsDictEntry] {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .malformed(path: path, line: nil, reason: "not a property list (\(error.localizedDescription))")
        }
        guard let dictionary = root as? [String: Any] else {
            throw .malformed(path: path, line: nil, reason: "the property list's top level is not a dictionary")
        }
        let lines = KeyLines(text: String(decoding: data, as: UTF8.self))
        return dictionary.keys.sorted().map { key in
            var entry = StringsDictEntry(key: key, format: nil, variations: [], line: lines.line(ofKey: key))
            guard let rules = dictionary[key] as? [String: Any] else {
                entry.format = dictionary[key] as? String
                return entry
            }
            entry.format = rules["NSStringLocalizedFormatKey"] as? String
            for variable in rules.keys.sorted() where variable != "NSStringLocalizedFormatKey" {
                guard let rule = rules[variable] as? [String: Any] else { continue }
                let kind: String
                switch rule["NSStringFormatSpecTypeKey"] as? String {
                case "NSStringPluralRuleType": kind = "plural"
                case "NSStringDeviceSpecificRuleType": kind = "device"
                case let other?: kind = other
                case nil: kind = "rule"
                }
                let selectors = ordered(rule.keys.filter { !$0.hasPrefix("NSString") })
                for selector in selectors {
                    if let text = rule[selector] as? String {
                        entry.variations.append(("\(variable).\(kind).\(selector)", text))
                    }
                }
            }
            return entry
        }
    }

    /// Finds the line of a top-level `<key>` element by its text (the first element that names the key).
    struct KeyLines {
        private var firstLine: [String: Int] = [:]

        init(text: String) {
            var line = 1
            for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
                defer { line += 1 }
                guard let open = row.range(of: "<key>"), let close = row.range(of: "</key>", range: open.upperBound..<row.endIndex) else { continue }
                let key = Self.unescapeXML(String(row[open.upperBound..<close.lowerBound]))
                if firstLine[key] == nil { firstLine[key] = line }
            }
        }

        func line(ofKey key: String) -> Int { firstLine[key] ?? 1 }

        static func unescapeXML(_ text: String) -> String {
            guard text.contains("&") else { return text }
            return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}
