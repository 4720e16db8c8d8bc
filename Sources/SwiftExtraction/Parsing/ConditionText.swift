import SwiftSyntax

/// The `condition` text of declarations inside `#if` clauses: the clause's own condition, preceded by the
/// negated conditions of the clauses before it (`!(os(Linux)) && os(macOS)` for an `#elseif`,
/// `!(canImport(UIKit))` for an `#else`).
enum ConditionText {
    /// The parts that hold for the declarations of `clause`, to be joined with ` && `.
    static func parts(of clause: IfConfigClauseSyntax) -> [String] {
        var parts: [String] = []
        if let list = clause.parent?.as(IfConfigClauseListSyntax.self) {
            for earlier in list {
                if earlier.id == clause.id { break }
                if let condition = earlier.condition {
                    parts.append("!(\(SyntaxText.collapsed(condition)))")
                }
            }
        }
        if let condition = clause.condition {
            parts.append(SyntaxText.collapsed(condition))
        }
        return parts
    }

    /// The parts joined with ` && `; a part with a top-level `||` is put in parentheses when joined.
    static func joined(_ parts: [String]) -> String? {
        guard !parts.isEmpty else { return nil }
        guard parts.count > 1 else { return parts[0] }
        return parts.map { hasTopLevelOr($0) ? "(\($0))" : $0 }.joined(separator: " && ")
    }

    /// True when `text` has `||` outside parentheses.
    static func hasTopLevelOr(_ text: String) -> Bool {
        var depth = 0
        var previous: Character?
        for character in text {
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "|" where previous == "|" && depth == 0: return true
            default: break
            }
            previous = character
        }
        return false
    }
}
