import RulesSupport

// Rule: an extension of a type alias extends the aliased type (enclosingType is the nominal type's path).

/// The types the aliases name.
public struct AliasHost {
    /// The type most aliases name.
    public struct Middle {}

    /// A nested alias: `Middle` is looked up in `AliasHost` first.
    public typealias Near = Middle

    /// A nested alias whose target is looked up in `AliasHost` first: `AliasHost.Target.Thing`.
    public typealias Far = Target.Thing

    /// A nested type that shadows the top-level `Target` inside `AliasHost`.
    public struct Target {
        /// The type `Far` names.
        public struct Thing {}
    }
}

/// The top-level type of that name.
public enum Target {
    /// Not the type `AliasHost.Far` names.
    public struct Thing {}
}

/// An alias of a nested type.
public typealias MiddleAlias = AliasHost.Middle

/// A chain: `ChainStart` → `ChainEnd` → `AliasHost.Middle`.
typealias ChainStart = ChainEnd

/// The end of the chain.
typealias ChainEnd = AliasHost.Middle

/// A generic type.
public struct AliasContainer<Element> {}

/// A generic alias of a generic type.
public typealias AliasBox<Element> = AliasContainer<Element>

/// An alias with generic arguments: the extension is constrained, its type is still `AliasContainer`.
typealias IntBox = AliasContainer<Int>

/// An alias of an optional: the compiler extends `Optional`.
typealias MaybeCount = Int?

/// An alias of another module's public alias (`RulesSupport.Gadget` = `Widget`).
typealias GadgetAlias = Gadget

/// An extension of an alias: members belong to `AliasHost.Middle`.
extension MiddleAlias {
    /// Member of `AliasHost.Middle`.
    public func viaAlias() {}

    /// A type nested in an extension of an alias: `AliasHost.Middle.Leaf`.
    public struct Leaf {
        /// Member of `AliasHost.Middle.Leaf`.
        public func leafMethod() {}
    }

    /// An alias declared in an extension of an alias: a member of `AliasHost.Middle`.
    public typealias LeafAlias = Leaf

    /// Inside an extension of `AliasHost.Middle`, `Target` is the top-level type, not `AliasHost.Target`.
    typealias Up = Target
}

/// A chain of aliases.
extension ChainStart {
    /// Member of `AliasHost.Middle`.
    func chained() {}
}

/// A generic alias.
extension AliasBox {
    /// Member of `AliasContainer`.
    func boxed() {}
}

/// An alias with generic arguments.
extension IntBox {
    /// Member of `AliasContainer`.
    func intBoxed() {}
}

/// An alias of an optional.
extension MaybeCount {
    /// Member of `Optional`.
    func orZero() -> Int { self ?? 0 }
}

/// Nested aliases.
extension AliasHost.Near {
    /// Member of `AliasHost.Middle`.
    func near() {}
}

/// A nested alias looked up in its enclosing type.
extension AliasHost.Far {
    /// Member of `AliasHost.Target.Thing`.
    func far() {}
}

/// An alias declared in an extension of an alias.
extension MiddleAlias.LeafAlias {
    /// Member of `AliasHost.Middle.Leaf`.
    func leafy() {}
}

/// An alias declared in an extension, looked up from the extension.
extension AliasHost.Middle.Up {
    /// Member of `Target`.
    func up() {}
}

/// A public alias of another module.
extension Gadget {
    /// Member of `Widget`.
    func gadgetMethod() {}
}

/// A module-qualified public alias of another module.
extension RulesSupport.Gadget {
    /// Member of `Widget`.
    func qualifiedGadgetMethod() {}
}

/// An alias of another module's alias.
extension GadgetAlias {
    /// Member of `Widget`.
    func gadgetAliasMethod() {}
}
