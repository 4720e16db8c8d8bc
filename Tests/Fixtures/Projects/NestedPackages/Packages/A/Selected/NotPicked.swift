/// In the target's folder but not in its `sources:`: not compiled.
func notPicked() -> Int {
    3
}
