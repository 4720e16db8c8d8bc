import SwiftSyntax

/// `// MARK:` comments, which group declarations into sections.
enum SectionMarks {
    /// What a MARK comment does to the current section.
    enum Mark: Equatable {
        /// `// MARK: - Title` or `// MARK: Title` starts the section `Title`.
        case title(String)
        /// A bare `// MARK: -` is a separator: it ends the current section.
        case separator
    }

    /// The MARK comments in `trivia`, in order.
    static func marks(in trivia: Trivia) -> [Mark] {
        trivia.compactMap { piece in
            switch piece {
            case .lineComment(let text): return mark(inComment: text)
            default: return nil
            }
        }
    }

    /// The mark a `//` comment holds, or `nil` when it is not a MARK comment.
    static func mark(inComment text: String) -> Mark? {
        var rest = Substring(text)
        guard rest.hasPrefix("//") else { return nil }
        rest = rest.dropFirst(2).trimmingWhitespace()
        // As written, byte for byte (as Xcode reads it; a look-alike such as the Kelvin sign for `K` is no MARK), and
        // character for character (`:` with a combining mark is no colon).
        guard rest.utf8.starts(with: "MARK:".utf8), rest.hasPrefix("MARK:") else { return nil }
        rest = rest.dropFirst(5).trimmingWhitespace()
        if rest.hasPrefix("-") {
            rest = rest.dropFirst().trimmingWhitespace()
        }
        // `// MARK: - Title -` also draws a line below the title in Xcode; the dash is not part of it.
        if rest.hasSuffix(" -") {
            rest = rest.dropLast().trimmingWhitespace()
        }
        return rest.isEmpty ? .separator : .title(String(rest))
    }
}
