/// On disk next to the app's files, but in no target's Sources phase.
struct Unused {
    /// Never compiled.
    func nothing() {}
}
