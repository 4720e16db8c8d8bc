/// The outer package's library.
public enum Outer {
    /// A greeting built from the nested package's word.
    public static func greeting() -> String {
        "Hello"
    }
}
