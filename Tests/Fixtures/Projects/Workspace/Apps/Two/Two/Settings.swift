/// The second app's settings.
struct Settings {
    /// Whether sounds play.
    var soundsOn = true

    /// Turns sounds on or off.
    mutating func toggleSounds() {
        soundsOn.toggle()
    }
}
