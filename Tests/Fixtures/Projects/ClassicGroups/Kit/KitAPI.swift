/// The framework's entry point (its file reference uses sourceTree = SOURCE_ROOT inside a group with another path).
public enum KitAPI {
    /// Version of the framework.
    public static func version() -> String {
        "1.0"
    }

    /// Opens a ledger with the given name.
    public static func open(named name: String) -> Ledger {
        Ledger(name: name)
    }
}
