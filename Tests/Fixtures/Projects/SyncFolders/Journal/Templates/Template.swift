/// A file template copied as a resource: Templates is an explicit folder of the synchronized group (copied whole,
/// not compiled).
struct Template {
    /// Not compiled.
    func render() -> String { "" }
}
