/// A Swift access level, ordered from the most restrictive (`private`) to the most open (`open`).
///
/// The raw values are the keywords, which are also the JSON representation.
public enum AccessLevel: String, SchemaEnumeration, Comparable {
    case `private`
    case `fileprivate`
    case `internal`
    case `package`
    case `public`
    case `open`

    /// The position of the level in the ordering `private < fileprivate < internal < package < public < open`.
    public var rank: Int { AccessLevel.allCases.firstIndex(of: self)! }

    /// Orders access levels from the most restrictive to the most open.
    ///
    /// - Parameters:
    ///   - lhs: The level on the left of `<`.
    ///   - rhs: The level on the right of `<`.
    /// - Returns: True when `lhs` is more restrictive than `rhs` (it comes first in `allCases`).
    public static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool { lhs.rank < rhs.rank }

    /// Parses a keyword such as `public`; returns `nil` for anything else.
    ///
    /// - Parameter keyword: The access keyword as written in source, e.g. `fileprivate` or `open`.
    /// - Returns: The matching level, or `nil` when `keyword` is not one of the six access keywords.
    public init?(keyword: String) { self.init(rawValue: keyword) }
}
