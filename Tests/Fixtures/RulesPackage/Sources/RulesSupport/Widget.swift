/// A type of another module, extended by `Rules` with a module-qualified extension.
public struct Widget {
    /// Creates a widget.
    public init() {}
}

/// A public alias that `Rules` extends.
public typealias Gadget = Widget
