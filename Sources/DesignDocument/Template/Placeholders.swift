import Foundation
import SpreadsheetModel
import Workbook

/// `{{placeholder}}` expansion in template text.
enum Placeholders {
    /// Placeholders available everywhere.
    static let global = [
        "project", "version", "commit", "date", "author", "tool", "template", "functions", "documented",
        "undocumented", "coverage", "types", "modules", "files", "base", "head", "added", "removed", "changed",
        "properties", "documentedProperties", "undocumentedProperties", "propertyCoverage",
    ]
    /// Placeholders that depend on the sheet being written.
    static let perSheet = [
        "sheet", "group", "type.name", "type.kind", "type.module", "type.file", "type.line", "type.access",
        "type.inheritedTypes", "type.summary", "type.description", "type.superclass", "type.conformances",
        "type.composition", "type.functions", "type.properties",
    ]
    /// Placeholders describing the group a one-sheet-per-group sheet shows (usable in its name).
    static let perGroup = perSheet.filter { $0 != "sheet" }
    /// Placeholders describing the entity an `entities` sheet shows (usable in its name and cells).
    static let perEntity = EntityField.names.map { "entity.\($0)" }
    /// Every placeholder name.
    static let all = global + perSheet + perEntity

    /// The placeholder names used in `text`, in order.
    static func names(in text: String) -> [String] {
        var names: [String] = []
        forEachPart(of: text, literal: { _ in }, placeholder: { names.append($0) })
        return names
    }

    /// Calls `literal` and `placeholder` for the parts of `text` in order: the text between placeholders, and each
    /// placeholder's name without the spaces around it. A `{{` with no `}}` after it is text.
    ///
    /// Written over UTF-8 bytes, not Foundation's string search: every free cell of every sheet (a per-type sheet
    /// per type) goes through it, and Foundation's `range(of:)` and `trimmingCharacters(in:)` were most of the
    /// time of planning those sheets (Benchmarks/README.md).
    static func forEachPart(of text: String, literal: (Substring) -> Void, placeholder: (String) -> Void) {
        let bytes = text.utf8
        let brace = UInt8(ascii: "{"), closingBrace = UInt8(ascii: "}")
        /// The index of the first `pair` at or after `start` (two equal bytes in a row), or `nil`.
        func pairIndex(of pair: UInt8, from start: String.Index) -> String.Index? {
            var index = start
            while let found = bytes[index...].firstIndex(of: pair) {
                let next = bytes.index(after: found)
                if next == bytes.endIndex { return nil }
                if bytes[next] == pair { return found }
                index = next
            }
            return nil
        }
        var textStart = text.startIndex
        var searchFrom = text.startIndex
        while let open = pairIndex(of: brace, from: searchFrom) {
            let nameStart = bytes.index(open, offsetBy: 2)
            guard let close = pairIndex(of: closingBrace, from: nameStart) else { break }
            literal(text[textStart..<open])
            placeholder(String(trimmingSpaces(text[nameStart..<close])))
            textStart = bytes.index(close, offsetBy: 2)
            searchFrom = textStart
        }
        literal(text[textStart...])
    }

    /// `text` without the spaces and tabs at either end (what `trimmingCharacters(in: .whitespaces)` removes).
    static func trimmingSpaces(_ text: Substring) -> Substring {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return text[text.endIndex...] }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return text[first...last]
    }

    /// Why a page header or footer in Excel's codes cannot be written, or `nil`: a picture code (DocSheet places no
    /// header pictures), or a code whose letter would be the first character of a placeholder's value (`&{{project}}`
    /// makes a project called "Gadget" a picture code and "Bob" bold).
    static func pageHeaderProblem(_ text: String) -> String? {
        if !HeaderFooterText.pictureCodes(in: text).isEmpty {
            return "it places a picture (&G or &[Picture]), and DocSheet writes no header or footer pictures; remove it (a picture on the cover: 'logo'), or write && for an ampersand printed as it is"
        }
        let bytes = Array(text.utf8)
        let placeholderOpening = Array("{{".utf8)
        if HeaderFooterText.codeOffsets(in: text).contains(where: { bytes[($0 + 1)...].starts(with: placeholderOpening) }) {
            return "an & right before '{{' makes the first character of the value an Excel code; write && for an ampersand printed as it is, or a space after the code"
        }
        return nil
    }

    /// `text` with every known placeholder replaced by its value (unknown ones by an empty string).
    static func expand(_ text: String, _ values: [String: String]) -> String {
        expand(text) { values[$0] }
    }

    /// `text` with every placeholder replaced by what `value` gives for its name (an empty string for `nil`).
    static func expand(_ text: String, value: (String) -> String?) -> String {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var output = ""
        forEachPart(of: text, literal: { output += $0 }, placeholder: { output += value($0) ?? "" })
        return output
    }

    /// `text` with a space between each font-size code and a placeholder right after it (`&8{{version}}` becomes
    /// `&8 {{version}}`): a value starting with a digit would otherwise change the size.
    static func separatingSizeCodes(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "&")) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 4)
        var index = 0
        while index < bytes.count {
            output.append(bytes[index])
            if bytes[index] == UInt8(ascii: "&") {
                var end = index + 1
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
                if end > index + 1, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "{"), bytes[end + 1] == UInt8(ascii: "{") {
                    output += bytes[(index + 1)..<end]
                    output.append(UInt8(ascii: " "))
                    index = end
                    continue
                }
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` with each ampersand doubled, as a page header or footer writes a literal `&`.
    static func doublingAmpersands(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        return text.replacingOccurrences(of: "&", with: "&&")
    }

    /// `text` expanded so that it takes at most `limit` UTF-8 bytes: the literal text is kept whole and the
    /// placeholder values (after `escape`) share what is left, long values cut at a character boundary and ended
    /// with `…`. Page headers use it so a long project name cannot push out a section or exceed Excel's limit.
    static func expand(_ text: String, _ values: [String: String], fittingUTF8 limit: Int,
                       escape: (String) -> String = { $0 }) -> String {
        // Split into literal parts and placeholder values.
        var parts: [(literal: String, value: String?)] = []
        forEachPart(of: text, literal: { parts.append((String($0), nil)) }, placeholder: { parts.append(("", values[$0] ?? "")) })
        let fixed = parts.filter { $0.value == nil }.map(\.literal.utf8.count).reduce(0, +)
        let valueIndices = parts.indices.filter { parts[$0].value != nil }
        let lengths = Dictionary(uniqueKeysWithValues: valueIndices.map { ($0, escape(parts[$0].value!).utf8.count) })
        var allowance = lengths
        if fixed + lengths.values.reduce(0, +) > limit {
            // Share the room left by the literal text: short values keep their length, the others get equal parts.
            var remaining = max(0, limit - fixed)
            let ordered = valueIndices.sorted { lengths[$0]! < lengths[$1]! }
            for (position, index) in ordered.enumerated() {
                let share = remaining / (ordered.count - position)
                allowance[index] = min(lengths[index]!, share)
                remaining -= allowance[index]!
            }
        }
        return parts.indices.map { index -> String in
            guard let value = parts[index].value else { return parts[index].literal }
            let escaped = escape(value)
            let room = allowance[index]!
            if escaped.utf8.count <= room { return escaped }
            let ellipsis = "…"
            let budget = room >= ellipsis.utf8.count + 1 ? room - ellipsis.utf8.count : room
            var output = ""
            for character in value {
                let piece = escape(String(character))
                if output.utf8.count + piece.utf8.count > budget { break }
                output += piece
            }
            return budget < room ? output + ellipsis : output
        }.joined()
    }

    /// The value key of the documented share as a number from 0 to 1 (`{{coverage}}` alone in a cell).
    static let coverageFraction = "\u{1}coverage"
    /// The value key of the properties' documented share as a number from 0 to 1 (`{{propertyCoverage}}` alone).
    static let propertyCoverageFraction = "\u{1}propertyCoverage"

    /// True when `text` is exactly `{{coverage}}` or `{{propertyCoverage}}`.
    static func isOnlyCoverage(_ text: String) -> Bool {
        onlyShare(text) != nil
    }

    /// The value key of the fraction when `text` is exactly `{{coverage}}` or `{{propertyCoverage}}`, else `nil`.
    private static func onlyShare(_ text: String) -> String? {
        onlyPlaceholder(text).flatMap(shareKey)
    }

    /// The value key of the fraction that the placeholder `name` stands for alone in a cell, or `nil`.
    private static func shareKey(_ name: String) -> String? {
        switch name {
        case "coverage": return coverageFraction
        case "propertyCoverage": return propertyCoverageFraction
        default: return nil
        }
    }

    /// The name of the one placeholder `text` is made of (spaces around it aside), or `nil`.
    static func onlyPlaceholder(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return nil }
        let trimmed = trimmingSpaces(text[...])
        guard trimmed.utf8.starts(with: "{{".utf8), trimmed.utf8.reversed().starts(with: "}}".utf8) else { return nil }
        let found = names(in: String(trimmed))
        return found.count == 1 ? found[0] : nil
    }

    /// When `text` is exactly one placeholder with a numeric value, that number (cover totals are numbers;
    /// coverage is a share from 0 to 1).
    static func number(_ text: String, _ values: [String: String]) -> Double? {
        guard let name = onlyPlaceholder(text) else { return nil }
        if let key = shareKey(name) { return values[key].flatMap(Double.init) }
        guard numericNames.contains(name), let value = values[name] else { return nil }
        return Double(value)
    }

    /// The placeholders whose values are counts.
    private static let numericNames: Set<String> = [
        "functions", "documented", "undocumented", "types", "modules", "files", "added", "removed", "changed",
        "properties", "documentedProperties", "undocumentedProperties", "type.functions", "type.properties",
    ]
}
