import Foundation

/// Xcode build settings of one target in one build configuration, expanded as Xcode expands them.
///
/// - Levels, lowest precedence first: built-in values (`TARGET_NAME`, `PROJECT_NAME`, `SRCROOT`, …), the project's
///   `.xcconfig`, the project's settings, the target's `.xcconfig`, the target's settings. `$(inherited)` is the
///   value of the level below.
/// - References: `$(NAME)`, `${NAME}` and `$NAME`, nested (`$(PRODUCT_NAME_$(CONFIGURATION))`), with the operators
///   `:c99extidentifier`, `:rfc1034identifier`, `:identifier`, `:lower`, `:upper`, `:base`, `:file`, `:dir`,
///   `:suffix`, `:standardizepath` and `:default=VALUE`, chained left to right. An unknown setting is empty.
/// - Conditional assignments (`NAME[sdk=iphoneos*]`) are ignored: the unconditional value counts.
struct XcodeBuildSettings {
    /// One level's assignments.
    typealias Level = [String: String]

    private var levels: [Level]

    /// Creates the settings from levels, lowest precedence first.
    init(levels: [Level]) {
        self.levels = levels
    }

    /// The expanded value of `name`, or `nil` when no level assigns it.
    func value(_ name: String) -> String? {
        guard let index = levels.lastIndex(where: { $0[name] != nil }) else { return nil }
        var visiting = Set<String>()
        return resolve(name, below: index + 1, visiting: &visiting)
    }

    /// The value of `name` as assigned at a level below `limit`, expanded.
    private func resolve(_ name: String, below limit: Int, visiting: inout Set<String>) -> String {
        guard let index = levels[..<limit].lastIndex(where: { $0[name] != nil }), let raw = levels[index][name] else {
            return ""
        }
        let key = "\(name)@\(index)"
        guard visiting.insert(key).inserted else { return "" }
        defer { visiting.remove(key) }
        return expand(raw, level: index, inheritedName: name, visiting: &visiting)
    }

    /// `text` with every reference replaced; `$(inherited)` is `inheritedName`'s value below `level`.
    private func expand(_ text: String, level: Int, inheritedName: String, visiting: inout Set<String>) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            guard character == "$", next < text.endIndex else {
                result.append(character)
                index = next
                continue
            }
            let opener = text[next]
            if opener == "(" || opener == "{" {
                let closer: Character = opener == "(" ? ")" : "}"
                guard let end = Self.matchingClose(in: text, from: text.index(after: next), open: opener, close: closer) else {
                    result += text[index...]
                    break
                }
                let inner = expand(String(text[text.index(after: next)..<end]), level: level, inheritedName: inheritedName,
                                   visiting: &visiting)
                result += reference(inner, level: level, inheritedName: inheritedName, visiting: &visiting)
                index = text.index(after: end)
            } else if opener.isLetter || opener == "_" {
                let nameEnd = text[next...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? text.endIndex
                result += reference(String(text[next..<nameEnd]), level: level, inheritedName: inheritedName,
                                    visiting: &visiting)
                index = nameEnd
            } else {
                result.append(character)
                index = next
            }
        }
        return result
    }

    /// The value of one reference's text (`NAME:op1:op2`).
    private func reference(_ inner: String, level: Int, inheritedName: String, visiting: inout Set<String>) -> String {
        var parts = inner.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = parts.removeFirst()
        var value: String
        if name == "inherited" {
            value = resolve(inheritedName, below: level, visiting: &visiting)
        } else {
            value = resolve(name, below: levels.count, visiting: &visiting)
        }
        for operation in parts { value = Self.apply(operation, to: value) }
        return value
    }

    /// Applies one `:operator` of a reference.
    static func apply(_ operation: String, to value: String) -> String {
        switch operation.lowercased() {
        case "c99extidentifier", "identifier": return c99ExtendedIdentifier(value)
        case "rfc1034identifier":
            return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber) || $0 == "." ? $0 : "-" })
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        case "base": return ((value as NSString).lastPathComponent as NSString).deletingPathExtension
        case "file": return (value as NSString).lastPathComponent
        case "dir": return (value as NSString).deletingLastPathComponent
        case "suffix":
            let ext = (value as NSString).pathExtension
            return ext.isEmpty ? "" : "." + ext
        case "standardizepath": return (value as NSString).standardizingPath
        default:
            if operation.lowercased().hasPrefix("default=") { return value.isEmpty ? String(operation.dropFirst(8)) : value }
            return value
        }
    }

    /// `value` as a C99 extended identifier, as Xcode derives `PRODUCT_MODULE_NAME`: every character that is not a
    /// letter, digit or `_` becomes `_`, and a leading digit gets a `_` in front (`Ice Cubes` → `Ice_Cubes`).
    static func c99ExtendedIdentifier(_ value: String) -> String {
        var result = String(value.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if let first = result.first, first.isNumber { result = "_" + result }
        return result
    }

    /// The index of the closing bracket that matches an opening one just before `start`.
    private static func matchingClose(in text: String, from start: String.Index, open: Character, close: Character)
        -> String.Index?
    {
        var depth = 1
        var index = start
        while index < text.endIndex {
            if text[index] == open { depth += 1 }
            if text[index] == close {
                depth -= 1
                if depth == 0 { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// A list-valued setting split as Xcode splits it: on whitespace, with `"…"` and `'…'` quoting and `\` escapes.
    static func words(_ value: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var escaped = false
        var hasWord = false
        for character in value {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
                hasWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                hasWord = true
            } else if character.isWhitespace {
                if hasWord || !current.isEmpty { words.append(current) }
                current = ""
                hasWord = false
            } else {
                current.append(character)
            }
        }
        if hasWord || !current.isEmpty { words.append(current) }
        return words
    }
}

/// Reads `.xcconfig` files: `NAME = value` lines, `//` comments, `#include "other.xcconfig"` and
/// `#include? "optional.xcconfig"` relative to the including file; conditional assignments (`NAME[sdk=…]`) are
/// skipped. Later assignments override earlier ones; `$(inherited)` is kept for the settings model to expand.
struct XcconfigReader {
    /// Problems found (a missing included file): the file and what is wrong.
    private(set) var problems: [BuildDescriptionProblem] = []
    private var visited = Set<String>()

    /// The settings of the file at `path`, with its includes; `nil` when the file cannot be read.
    mutating func settings(at path: String) -> XcodeBuildSettings.Level? {
        guard visited.insert(path).inserted else { return [:] }
        defer { visited.remove(path) }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var assignments: XcodeBuildSettings.Level = [:]
        let folder = (path as NSString).deletingLastPathComponent
        for rawLine in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                let optional = trimmed.hasPrefix("#include?")
                guard let first = trimmed.firstIndex(of: "\""), let last = trimmed.lastIndex(of: "\""), first < last else {
                    continue
                }
                let name = String(trimmed[trimmed.index(after: first)..<last])
                let included = name.hasPrefix("/") ? name : (folder as NSString).appendingPathComponent(name)
                if let inner = self.settings(at: (included as NSString).standardizingPath) {
                    assignments.merge(inner) { _, new in new }
                } else if !optional {
                    problems.append(BuildDescriptionProblem(path: path, message: "the included file \(name) does not exist; its settings are not applied"))
                }
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.contains("["), !name.contains(" ") else { continue }
            var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            assignments[name] = value
        }
        return assignments
    }
}
