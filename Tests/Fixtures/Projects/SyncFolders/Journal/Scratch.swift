/// Work in progress: removed from the app target by a membership exception, so no target compiles it.
struct Scratch {
    /// Not compiled.
    func idea() -> String { "" }
}
