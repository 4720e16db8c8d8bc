// Rule: the compiler's full names (labels as in a call, `_` for unlabeled, backticks removed).

/// A completion handler.
public typealias Completion = @Sendable (Result<Int, Error>) -> Void

/// A service whose members exercise naming.
public struct NamingService {
    /// Two labels: `fetch(id:completion:)`.
    public func fetch(id: Int, completion: @escaping Completion) {}

    /// External and internal names: `move(from:to:)`.
    public func move(from source: Int, to destination: Int) {}

    /// An unlabeled parameter: `store(_:)`.
    public func store(_ value: Int) {}

    /// No parameters: `reset()`.
    public func reset() {}

    /// Backticks are removed: `default(in:)`.
    public func `default`(`in` value: Int) {}

    /// Variadic and default value: `sum(_:start:)`.
    public func sum(_ values: Int..., start: Int = 0) -> Int { values.reduce(start, +) }

    /// `inout` parameter: `swapValues(_:_:)`.
    public func swapValues(_ a: inout Int, _ b: inout Int) { (a, b) = (b, a) }

    /// An unlabeled initializer: `init(_:)`.
    public init(_ seed: Int) {}

    /// An empty initializer: `init()`.
    public init() {}

    /// A subscript parameter has no label by default: `subscript(_:)`.
    public subscript(index: Int) -> Int { index }

    /// A subscript with explicit labels: `subscript(row:column:)`.
    public subscript(row r: Int, column c: Int) -> Int { r * c }

    /// A generic method with a where clause: `first(of:)`.
    public func first<T>(of values: [T]) -> T? where T: Equatable { values.first }

    /// An async throwing method.
    public func load(path: String) async throws -> String { path }

    /// A rethrowing method.
    public func apply(_ body: () throws -> Void) rethrows { try body() }

    /// A method with a typed throw.
    public func parse(_ text: String) throws(NamingError) -> Int {
        guard let value = Int(text) else { throw NamingError.notANumber }
        return value
    }

    /// An attribute list and a multi-line signature whose comments are removed.
    @discardableResult
    @inlinable
    public func decorated(
        first: Int, // the first value
        second: Int /* the second value */
    ) -> Int {
        first + second
    }
}

/// The error of `NamingService.parse(_:)`.
public enum NamingError: Error {
    /// The text is not a number.
    case notANumber
}

/// An equality operator: `==(_:_:)`.
public struct Token: Equatable {
    /// The text.
    public var text: String

    /// Operators name one `_:` per parameter: `==(_:_:)`.
    public static func == (lhs: Token, rhs: Token) -> Bool { lhs.text == rhs.text }
}
