// Rule: accessLevel as the compiler reports it, and effectiveAccess (Documentation/Extraction.md, "Access level").

/// Members with and without explicit modifiers.
public struct AccessHost {
    /// No modifier in a type: `internal`.
    func implicitInternal() {}
    /// Explicit `public`.
    public func explicitPublic() {}
    /// Explicit `package`.
    package func explicitPackage() {}
    /// Explicit `fileprivate`.
    fileprivate func explicitFileprivate() {}
    /// Explicit `private` in a type.
    private func explicitPrivate() {}
    /// A setter modifier is not the access level: `public`.
    public private(set) var counter = 0
    /// `public private(set)` subscript: `public`.
    public internal(set) subscript(key: String) -> Int {
        get { key.count }
        set { counter = newValue }
    }
}

/// An open class.
open class OpenHost {
    /// Explicit `open`.
    open func openMethod() {}
    /// No modifier in an open class: `internal`.
    func internalMethod() {}
}

/// A public extension gives its level to members without a modifier.
public extension AccessHost {
    /// No modifier: `public` (from the extension).
    func fromPublicExtension() {}
    /// An explicit modifier wins over the extension.
    private func privateInPublicExtension() {}
}

/// A private extension gives `fileprivate`.
private extension AccessHost {
    /// No modifier: `fileprivate`.
    func fromPrivateExtension() {}
}

/// A fileprivate extension gives `fileprivate`.
fileprivate extension AccessHost {
    /// No modifier: `fileprivate`.
    func fromFileprivateExtension() {}
}

/// A package extension gives `package`.
package extension AccessHost {
    /// No modifier: `package`.
    func fromPackageExtension() {}
}

/// An extension without a modifier gives `internal`.
extension AccessHost {
    /// No modifier: `internal`.
    func fromPlainExtension() {}
}

/// Requirements take the protocol's level.
public protocol PublicRequirements {
    /// A method requirement: `public`.
    func requiredMethod()
    /// An initializer requirement: `public`.
    init(value: Int)
    /// A subscript requirement: `public`.
    subscript(index: Int) -> Int { get }
    /// A static requirement: `public`.
    static func make() -> Self
    /// An operator requirement.
    static func <+> (lhs: Self, rhs: Self) -> Self
}

infix operator <+> : AdditionPrecedence

/// Default implementations are not requirements.
public extension PublicRequirements {
    /// A default implementation: `public` (from the extension), not a requirement.
    func requiredMethod() {}
}

/// An internal protocol.
protocol InternalRequirements {
    /// `internal`.
    func internalRequirement()
}

/// A private protocol: its requirements are `fileprivate`.
private protocol PrivateRequirements {
    /// `fileprivate`.
    func privateRequirement()
}

/// A private type: members stay `internal`, effectively `fileprivate`.
private struct PrivateType {
    /// `internal`, effective `fileprivate`.
    func member() {}
    /// A nested type in a private type.
    struct Nested {
        /// `internal`, effective `fileprivate`.
        public func deepMember() {}
    }
}

/// A top-level private function stays `private`.
private func topLevelPrivate() {}

/// A top-level fileprivate function.
fileprivate func topLevelFileprivate() {}

/// A public type holding a private nested type.
public struct OuterHost {
    /// A private nested type.
    private struct Hidden {
        /// Explicit `public`, effectively `private`.
        public func publicInHidden() {}
    }

    /// An internal nested type.
    struct InternalNested {
        /// Explicit `public`, effectively `internal`.
        public func publicInInternal() {}
    }
}

/// A private generic type.
private struct Box<Value> {
    /// The value.
    var value: Value
}

/// A constrained extension of a private type caps the default at `fileprivate`.
extension Box where Value: Equatable {
    /// `fileprivate` (the compiler caps the default of a constrained extension).
    func isSame(as other: Value) -> Bool { value == other }
}

/// An unconstrained extension of a private type.
extension Box {
    /// `internal`, effective `fileprivate`.
    func unwrap() -> Value { value }
}

/// A type nested in an extension of a private type.
extension Box {
    /// A fileprivate nested type.
    fileprivate struct Inner {
        /// The value.
        var value: Value
    }
}

/// A constrained extension of a type declared in an extension caps the default at `fileprivate`.
extension Box.Inner where Value: Hashable {
    /// `fileprivate`.
    func hashValueOfValue() -> Int { value.hashValue }
}

/// Uses the private declarations so the compiler does not warn.
public func useAccessDeclarations() {
    topLevelPrivate()
    topLevelFileprivate()
    PrivateType().member()
    _ = Box(value: 1).isSame(as: 1)
    _ = Box<Int>.Inner(value: 1).hashValueOfValue()
}
