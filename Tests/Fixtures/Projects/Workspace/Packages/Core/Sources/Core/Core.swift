/// Shared logic of both apps.
public enum Core {
    /// Adds two numbers.
    public static func add(_ a: Int, _ b: Int) -> Int {
        a + b
    }

    static func clamp(_ value: Int, to range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
