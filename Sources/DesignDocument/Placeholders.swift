import Foundation

/// `{{placeholder}}` expansion in template text.
enum Placeholders {
    /// Placeholders available everywhere.
    static let global = [
        "project", "version", "commit", "date", "author", "tool", "template", "functions", "documented",
        "undocumented", "coverage", "types", "modules", "files", "base", "head", "added", "removed", "changed",
    ]
    /// Placeholders that depend on the sheet being written.
    static let perSheet = [
        "sheet", "group", "type.name", "type.kind", "type.module", "type.file", "type.line", "type.access",
        "type.inheritedTypes", "type.summary", "type.description",
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

    /// `text` with every known placeholder replaced by its value (unknown ones by an empty string).
    static func expand(_ text: String, _ values: [String: String]) -> String {
        guard text.contains("{{") else { return text }
        var output = ""
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            output += rest[..<open.lowerBound]
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            output += values[name] ?? ""
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    /// When `text` is exactly one placeholder with a numeric value, that number (cover totals are numbers).
    static func number(_ text: String, _ values: [String: String]) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}"), names(in: trimmed).count == 1,
              let name = names(in: trimmed).first, ["functions", "documented", "undocumented", "types", "modules", "files",
                                                   "added", "removed", "changed"].contains(name),
              let value = values[name] else { return nil }
        return Double(value)
    }
}
