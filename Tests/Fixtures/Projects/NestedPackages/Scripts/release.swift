/// A release script inside the outer package but in no target: unowned.
func bumpVersion(_ version: String) -> String {
    version + ".1"
}
