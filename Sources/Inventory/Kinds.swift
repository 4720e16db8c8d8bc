/// The kind of a function-like declaration, as the design document and the JSON schema name it.
public enum FunctionKind: String, SchemaEnumeration {
    /// A free (top-level) function.
    case function
    /// An instance method of a type or extension.
    case method
    /// A `static` or `class` method.
    case typeMethod
    /// An `init`, `init?` or `init!`.
    case initializer
    /// A `deinit`.
    case deinitializer
    /// An instance `subscript`.
    case `subscript`
    /// A `static` or `class` subscript.
    case typeSubscript
    /// An operator function (`static func ==`, or a top-level operator).
    case `operator`
}

/// The kind of a type declaration or extension.
public enum TypeKind: String, SchemaEnumeration {
    /// A `class`.
    case `class`
    /// A `struct`.
    case `struct`
    /// An `enum`.
    case `enum`
    /// A `protocol`.
    case `protocol`
    /// An `actor`.
    case actor
    /// An `extension` of another type.
    case `extension`
}
