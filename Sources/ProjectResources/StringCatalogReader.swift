import Foundation

/// A String Catalog (`.xcstrings`): its source language and its keys.
public struct StringCatalog: Hashable, Sendable {
    /// One key of the catalog.
    public struct Entry: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The developer's comment, or `nil`.
        public var comment: String?
        /// `extractionState` (`manual`, `stale`, `extracted_with_value`, `migrated`), or `nil`.
        public var extractionState: String?
        /// The translations, sorted by language.
        public var localizations: [Localization]
        /// The 1-based line of the key in the file.
        public var line: Int
    }

    /// The text of a key in one language.
    public struct Localization: Hashable, Sendable {
        /// The language code.
        public var language: String
        /// The `stringUnit` value, or `nil` when the language has only variations.
        public var text: String?
        /// The `stringUnit` state, or the state of the first variant when there is no plain unit.
        public var state: String?
        /// The variants as paths and texts: `plural.one`, `device.mac`, `device.iphone.plural.other`,
        /// `substitutions.count.plural.one`.
        public var variations: [Variation]
    }

    /// One variant of a localization.
    public struct Variation: Hashable, Sendable {
        /// The selectors joined with `.`.
        public var path: String
        /// The text.
        public var text: String
    }

    /// The catalog's `sourceLanguage`.
    public var sourceLanguage: String
    /// The keys, sorted.
    public var entries: [Entry]
}

/// Reads String Catalogs (`.xcstrings`, JSON) with `JSONSerialization`: every language, comment, extraction state,
/// translation state, and the plural, device and substitution variations.
public enum StringCatalogReader {
    /// The catalog in `data`.
    ///
    /// - Parameters:
    ///   - data: The file's contents.
    ///   - path: The file's path, for error messages.
    /// - Returns: The catalog; a key without localizations is kept (its source text is the key itself).
    /// - Throws: `ResourceError.malformed` when the data is not JSON or has no `strings` object.
    public static func catalog(of data: Data, path: String) throws(ResourceError) -> StringCatalog {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .malformed(path: path, line: nil, reason: "not JSON (\(error.localizedDescription))")
        }
        guard let object = root as? [String: Any], let strings = object["strings"] as? [String: Any] else {
            throw .malformed(path: path, line: nil, reason: "no \"strings\" object at the top level, so not a String Catalog")
        }
        let sourceLanguage = object["sourceLanguage"] as? String ?? "en"
        let lines = keyLines(of: [UInt8](data))
        let entries = strings.keys.sorted().map { key -> StringCatalog.Entry in
            let body = strings[key] as? [String: Any] ?? [:]
            let localizations = (body["localizations"] as? [String: Any] ?? [:]).keys.sorted().map { language in
                localization(language, body["localizations"].flatMap { ($0 as? [String: Any])?[language] as? [String: Any] } ?? [:])
            }
            return StringCatalog.Entry(key: key, comment: body["comment"] as? String,
                                       extractionState: body["extractionState"] as? String,
                                       localizations: localizations, line: lines[key] ?? 1)
        }
        return StringCatalog(sourceLanguage: sourceLanguage, entries: entries)
    }

    private static func localization(_ language: String, _ body: [String: Any]) -> StringCatalog.Localization {
        let unit = body["stringUnit"] as? [String: Any]
        var variations: [StringCatalog.Variation] = []
        var states: [String] = []
        collectVariations(of: body, prefix: "", into: &variations, states: &states)
        return StringCatalog.Localization(language: language, text: unit?["value"] as? String,
                                          state: unit?["state"] as? String ?? states.first, variations: variations)
    }

    /// Walks `variations` (`plural`, `device`, nested) and `substitutions`, appending each variant's path and text.
    private static func collectVariations(of body: [String: Any], prefix: String, into variations: inout [StringCatalog.Variation],
                                          states: inout [String]) {
        if let groups = body["variations"] as? [String: Any] {
            for kind in groups.keys.sorted() {
                guard let cases = groups[kind] as? [String: Any] else { continue }
                for selector in StringsDictReader.ordered(cases.keys) {
                    guard let variant = cases[selector] as? [String: Any] else { continue }
                    let path = prefix + kind + "." + selector
                    if let unit = variant["stringUnit"] as? [String: Any], let text = unit["value"] as? String {
                        variations.append(StringCatalog.Variation(path: path, text: text))
                        if let state = unit["state"] as? String { states.append(state) }
                    }
                    collectVariations(of: variant, prefix: path + ".", into: &variations, states: &states)
                }
            }
        }
        if let substitutions = body["substitutions"] as? [String: Any] {
            for name in substitutions.keys.sorted() {
                guard let substitution = substitutions[name] as? [String: Any] else { continue }
                collectVariations(of: substitution, prefix: prefix + "substitutions." + name + ".", into: &variations, states: &states)
            }
        }
    }

    /// The line of each key of the top-level `strings` object: a small scan of the JSON text that tracks strings and
    /// nesting (keys of the catalog are the member names at depth 2 under `strings`).
    static func keyLines(of bytes: [UInt8]) -> [String: Int] {
        var lines: [String: Int] = [:]
        var line = 1
        var depth = 0
        var index = 0
        var topLevelKey: String?
        var lastString: (text: String, line: Int)?
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
            case UInt8(ascii: "\""):
                let start = index + 1
                var end = start
                var escaped = false
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") || escaped {
                    escaped = !escaped && bytes[end] == UInt8(ascii: "\\")
                    end += 1
                }
                lastString = (decodeJSONString(bytes[start..<min(end, bytes.count)]), line)
                index = end
            case UInt8(ascii: ":"):
                if let key = lastString {
                    if depth == 1 { topLevelKey = key.text }
                    if depth == 2, topLevelKey == "strings", lines[key.text] == nil { lines[key.text] = key.line }
                }
                lastString = nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                lastString = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                lastString = nil
            case UInt8(ascii: ","):
                lastString = nil
            default:
                break
            }
            index += 1
        }
        return lines
    }

    private static func decodeJSONString(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        let quoted = [UInt8(ascii: "["), UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\""), UInt8(ascii: "]")]
        return ((try? JSONSerialization.jsonObject(with: Data(quoted))) as? [String])?.first ?? String(decoding: raw, as: UTF8.self)
    }
}
