/// A target only when the manifest is evaluated for Linux (`#if os(Linux)`).
public func linuxOnly() -> String {
    "linux"
}
