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

/// The kind of a property-like declaration: a property (a global variable too), a `static` or `class` property, or
/// an enum case.
public enum PropertyKind: String, SchemaEnumeration {
    /// An instance property, or a global variable (no enclosing type).
    case property
    /// A `static` or `class` property.
    case typeProperty
    /// One case of an enum (`case a, b` is two).
    case enumCase
}

/// How a property keeps its value.
public enum PropertyStorage: String, SchemaEnumeration {
    /// A stored property without observers.
    case stored
    /// A computed property: a getter (and perhaps a setter), no storage of its own.
    case computed
    /// A `lazy` stored property.
    case lazy
    /// A stored property with `willSet` or `didSet` observers.
    case observed
}

/// Whether a property is declared with `let` or `var`.
public enum PropertyMutability: String, SchemaEnumeration {
    /// A constant.
    case `let`
    /// A variable.
    case `var`
}

/// The language a declaration is written in: what the JSON's `language` field says.
public enum SourceLanguage: String, SchemaEnumeration {
    /// Swift (every record written before the field existed).
    case swift
    /// Objective-C (`.h`, `.m`, `.mm`), read through clang (Documentation/ObjectiveC.md).
    case objc
}
