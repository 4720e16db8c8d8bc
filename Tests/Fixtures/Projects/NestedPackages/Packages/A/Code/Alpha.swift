/// The nested package A's main library (target path "Code").
public struct Alpha {
    /// A word for the outer package.
    public static func word() -> String {
        "alpha"
    }

    /// Repeats the word.
    public func repeated(_ count: Int) -> String {
        Array(repeating: Alpha.word(), count: count).joined(separator: " ")
    }
}
