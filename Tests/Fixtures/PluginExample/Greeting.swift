/// A sample for DocSheet's build-tool plugin (Documentation/Plugins.md): `swift build` checks this target's
/// documentation and shows what is missing as warnings.
public struct Greeting {
    /// The name greeted.
    public let name: String

    /// Creates a greeting.
    ///
    /// - Parameter name: The name to greet.
    public init(name: String) { self.name = name }

    public func text(excited: Bool) -> String {
        excited ? "Hello, \(name)!" : "Hello, \(name)."
    }
}
