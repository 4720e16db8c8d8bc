// Rule: local functions are left out by default (`--include-local` adds them).

/// A function with local declarations.
public func outerFunction() -> Int {
    func localHelper() -> Int { 1 }
    struct LocalType {
        func localMethod() -> Int { 2 }
    }
    let closure = { () -> Int in
        func insideClosure() -> Int { 3 }
        return insideClosure()
    }
    return localHelper() + LocalType().localMethod() + closure()
}

/// A type with a property initialiser holding a local function.
public struct LocalHolder {
    /// A property whose initialiser declares a function.
    public var computed: Int = {
        func inInitializer() -> Int { 4 }
        return inInitializer()
    }()

    /// A computed property whose getter declares a function.
    public var derived: Int {
        func inGetter() -> Int { 5 }
        return inGetter()
    }
}
