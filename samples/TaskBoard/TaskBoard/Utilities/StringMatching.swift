//
//  StringMatching.swift
//  TaskBoard
//

import Foundation

infix operator =~ : ComparisonPrecedence

extension String {
    /// Case- and diacritic-insensitive equality, used for names typed by people.
    ///
    /// ```swift
    /// "Mai" =~ "mai"     // true
    /// "Renée" =~ "renee" // true
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: A string.
    ///   - rhs: Another string.
    /// - Returns: `true` when both strings are equal after folding case and diacritics.
    static func =~ (lhs: String, rhs: String) -> Bool {
        lhs.folded == rhs.folded
    }

    /// The string with case and diacritics removed, in the current locale.
    var folded: String {
        folding(options: [.caseInsensitive, .diacriticInsensitive], locale: .current)
    }

    /// Shortens the string to at most `length` characters, ending with an ellipsis when cut.
    ///
    /// - Parameters:
    ///   - length: The maximum number of characters in the result, ellipsis included.
    ///   - ellipsis: What to put at the end of a shortened string.
    /// - Returns: The string itself if it is short enough, else its beginning and the ellipsis.
    /// - Precondition: `length` is greater than the number of characters in `ellipsis`.
    func truncated(to length: Int, ellipsis: String = "…") -> String {
        guard count > length else { return self }
        return String(prefix(length - ellipsis.count)) + ellipsis
    }

    var nilIfBlank: String? {
        trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : self
    }
}

extension Collection {
    /// The element at `index`, or `nil` when the index is out of bounds.
    ///
    /// Handy for table views, where a stale index path can outlive a reload.
    subscript(safe index: Index) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
