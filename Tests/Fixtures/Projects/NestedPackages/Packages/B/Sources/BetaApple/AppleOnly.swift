/// A target only when the manifest is evaluated for an Apple platform (the `#else` of `#if os(Linux)`).
public func appleOnly() -> String {
    "apple"
}
