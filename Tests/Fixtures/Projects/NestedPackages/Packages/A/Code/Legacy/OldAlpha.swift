/// Excluded by `exclude: ["Legacy"]`: no target compiles it.
struct OldAlpha {
    /// Not compiled.
    func word() -> String { "old" }
}
