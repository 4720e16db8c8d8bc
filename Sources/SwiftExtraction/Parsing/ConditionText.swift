import SwiftSyntax

/// The `condition` text of declarations inside `#if` clauses: the clause's own condition, preceded by the
/// negated conditions of the clauses before it (`!(os(Linux)) && os(macOS)` for an `#elseif`,
/// `!(canImport(UIKit))` for an `#else`).
enum ConditionText {
    /// The parts that hold for the declarations of `clause`, to be joined with ` && ` (`IfConditions.joined`).
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
}
