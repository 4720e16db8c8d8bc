import Core

/// A small counter badge.
public struct Badge {
    /// The number shown.
    public var count: Int

    /// Creates a badge.
    public init(count: Int) {
        self.count = count
    }

    /// The text shown, "99+" above 99.
    public func label() -> String {
        count > 99 ? "99+" : String(Core.add(count, 0))
    }
}
