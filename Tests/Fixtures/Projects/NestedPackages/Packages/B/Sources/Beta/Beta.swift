/// The nested package B's library.
public enum Beta {
    /// Doubles a number.
    public static func double(_ value: Int) -> Int {
        value * 2
    }
}
