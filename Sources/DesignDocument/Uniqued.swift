extension Sequence where Element: Hashable {
    /// The elements in order, each only at its first place (`[b, a, b]` → `[b, a]`).
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
