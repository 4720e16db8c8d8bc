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
    /// Every placeholder name.
    static let all = global + perSheet

    /// The placeholder names used in `text`, in order.
    static func names(in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            names.append(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces))
            rest = rest[close.upperBound...]
        }
        return names
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
        guard text.contains("{{") else { return text }
        var output = ""
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            output += rest[..<open.lowerBound]
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            output += value(name) ?? ""
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    /// `text` expanded so that it takes at most `limit` UTF-8 bytes: the literal text is kept whole and the
    /// placeholder values (after `escape`) share what is left, long values cut at a character boundary and ended
    /// with `…`. Page headers use it so a long project name cannot push out a section or exceed Excel's limit.
    static func expand(_ text: String, _ values: [String: String], fittingUTF8 limit: Int,
                       escape: (String) -> String = { $0 }) -> String {
        // Split into literal parts and placeholder values.
        var parts: [(literal: String, value: String?)] = []
        var rest = text[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            parts.append((String(rest[..<open.lowerBound]), nil))
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            parts.append(("", values[name] ?? ""))
            rest = rest[close.upperBound...]
        }
        parts.append((String(rest), nil))
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
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("{{") && trimmed.hasSuffix("}}") else { return nil }
        switch names(in: trimmed) {
        case ["coverage"]: return coverageFraction
        case ["propertyCoverage"]: return propertyCoverageFraction
        default: return nil
        }
    }

    /// When `text` is exactly one placeholder with a numeric value, that number (cover totals are numbers;
    /// coverage is a share from 0 to 1).
    static func number(_ text: String, _ values: [String: String]) -> Double? {
        if let key = onlyShare(text), let fraction = values[key] { return Double(fraction) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}"), names(in: trimmed).count == 1,
              let name = names(in: trimmed).first, ["functions", "documented", "undocumented", "types", "modules", "files",
                                                   "added", "removed", "changed", "properties", "documentedProperties",
                                                   "undocumentedProperties", "type.functions", "type.properties"].contains(name),
              let value = values[name] else { return nil }
        return Double(value)
    }
}
