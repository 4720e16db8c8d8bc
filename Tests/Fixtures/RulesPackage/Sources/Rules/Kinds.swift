// Rule: every function-like kind (Documentation/Extraction.md, "What is extracted"), with the name token's position.

/// A free function: kind `function`.
public func freeFunction() {}

/// A value type holding every member kind.
public struct Vector: Equatable {
    /// A stored property (not a function).
    public var x: Int

    /// An initializer: kind `initializer`.
    public init(x: Int) { self.x = x }

    /// A failable initializer `init?`.
    public init?(text: String) {
        guard let value = Int(text) else { return nil }
        x = value
    }

    /// An implicitly unwrapped failable initializer `init!`.
    public init!(unchecked value: Int) { x = value }

    /// An instance method: kind `method`.
    public func length() -> Int { x }

    /// A mutating method.
    public mutating func scale(by factor: Int) { x *= factor }

    /// A static method: kind `typeMethod`.
    public static func zero() -> Vector { Vector(x: 0) }

    /// An infix operator: kind `operator`.
    public static func + (lhs: Vector, rhs: Vector) -> Vector { Vector(x: lhs.x + rhs.x) }

    /// A prefix operator.
    public static prefix func - (value: Vector) -> Vector { Vector(x: -value.x) }

    /// A subscript: kind `subscript`.
    public subscript(index: Int) -> Int { x + index }

    /// A static subscript: kind `typeSubscript`.
    public static subscript(name: String) -> Int { name.count }
}

/// An unavailable function: DocSheet lists it, the symbol graph leaves it out.
@available(*, unavailable, message: "use freeFunction()")
public func unavailableFunction() {}

/// A class with class-only kinds.
open class Resource {
    /// A designated initializer.
    public init() {}

    /// A required initializer.
    public required init(identifier: Int) {}

    /// A convenience initializer.
    public convenience init(name: String) { self.init(identifier: name.count) }

    /// A class method: kind `typeMethod`.
    open class func make() -> Resource { Resource() }

    /// A final class method.
    public final class func makeFinal() -> Resource { Resource() }

    /// A deinitializer: kind `deinitializer` (the symbol graph never lists it).
    deinit {}
}

/// A subclass with an override.
public final class FileResource: Resource {
    /// An overriding class method.
    override public class func make() -> Resource { FileResource() }
}

infix operator <~> : AdditionPrecedence

/// A top-level operator function: kind `operator`.
public func <~> (lhs: Int, rhs: Int) -> Int { lhs + rhs }

/// An actor with isolated and nonisolated methods.
public actor Counter {
    private var value = 0

    /// An isolated method.
    public func increment() { value += 1 }

    /// A nonisolated method.
    public nonisolated func identifier() -> String { "counter" }
}
