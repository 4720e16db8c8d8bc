// Rule: an alias declared in another file of the module applies too.

/// An extension of an alias declared in `Aliases.swift`.
extension MiddleAlias {
    /// Member of `AliasHost.Middle`.
    func fromAnotherFile() {}
}

/// A chain declared in another file.
extension ChainEnd {
    /// Member of `AliasHost.Middle`.
    func chainFromAnotherFile() {}
}
