/// How a record writes the `#if` conditions around its declaration (`FunctionRecord.condition` and the other records'
/// `condition`), the same for Swift and Objective-C: the conditions of nested `#if`s joined with ` && `, outermost first.
public enum IfConditions {
    /// The parts joined with ` && `; a part with a top-level `||` is put in parentheses when joined.
    ///
    /// - Parameter parts: The condition of each enclosing `#if` branch, outermost first (`os(iOS)`, `!DEBUG`).
    /// - Returns: The joined condition, or `nil` when there are no parts.
    public static func joined(_ parts: [String]) -> String? {
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
