// Rule: every `#if` clause is extracted with its condition (inactive clauses are not in the symbol graph).

#if os(Linux)
/// Active on Linux: condition `os(Linux)`.
public func linuxOnly() {}
#elseif os(macOS)
/// Condition `!(os(Linux)) && os(macOS)`.
public func macOnly() {}
#else
/// Condition `!(os(Linux)) && !(os(macOS))`.
public func otherSystems() {}
#endif

#if DEBUG
#if canImport(Foundation)
/// Nested clauses join with `&&`: `DEBUG && canImport(Foundation)`.
public func debugWithFoundation() {}
#endif
#endif

#if canImport(UIKit)
/// Condition `canImport(UIKit)`.
public func withUIKit() {}
#else
/// Condition `!(canImport(UIKit))`.
public func withoutUIKit() {}
#endif

/// A type with conditional members.
public struct Conditional {
    #if swift(>=5.9)
    /// Condition `swift(>=5.9)`.
    public func modern() {}
    #else
    /// Condition `!(swift(>=5.9))`.
    public func legacy() {}
    #endif

    #if os(Linux) || os(Android)
    /// A compound condition.
    public func linuxLike() {}
    #endif
}
