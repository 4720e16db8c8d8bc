import RulesSupport

// Rule: enclosingType paths and enclosingKind (nested types, extensions, enums, actors, protocols).

/// An outer type.
public struct Outer {
    /// A nested type.
    public struct Inner {
        /// Member of `Outer.Inner`.
        public func innerMethod() {}

        /// A deeper nested type.
        public enum Deep {
            /// A case is not a function.
            case first

            /// Member of `Outer.Inner.Deep` (enum).
            public func deepMethod() {}
        }
    }

    /// A nested class.
    public final class Node {
        /// Member of `Outer.Node` (class).
        public init() {}
    }

    /// A protocol nested in a type.
    public protocol NestedProtocol {
        /// Requirement of `Outer.NestedProtocol`.
        func nestedRequirement()
    }
}

/// An extension of a nested type: `Outer.Inner`.
extension Outer.Inner {
    /// Member of `Outer.Inner` (extension).
    public func extendedInner() {}

    /// A type nested in an extension.
    public struct FromExtension {
        /// Member of `Outer.Inner.FromExtension` (struct).
        public func fromExtensionMethod() {}
    }
}

/// A module-qualified extension: `RulesSupport.Widget` → `Widget`.
extension RulesSupport.Widget {
    /// Member of `Widget`.
    public func widgetMethod() {}
}

/// A standard-library type with generic arguments: `Array<Int>` → `Array`.
extension Array<Int> {
    /// Member of `Array`.
    public func total() -> Int { reduce(0, +) }
}

/// A module-qualified standard-library type: `Swift.Dictionary` → `Dictionary`.
extension Swift.Dictionary {
    /// Member of `Dictionary`.
    public func keyCount() -> Int { count }
}

/// Sugar for an array type: `[String]` → `Array`.
extension [String] {
    /// Member of `Array`.
    public func joinedWithCommas() -> String { joined(separator: ",") }
}

/// An enum with methods.
public enum Direction {
    /// North.
    case north
    /// South.
    case south

    /// Member of `Direction` (enum).
    public func opposite() -> Direction { self == .north ? .south : .north }
}

/// An actor.
public actor Store {
    /// Member of `Store` (actor).
    public func save() {}
}

/// A protocol extension.
extension Outer.NestedProtocol {
    /// Member of `Outer.NestedProtocol` (extension).
    public func helper() {}
}
