/// A menu for debugging; in the app's Sources phase but left out by EXCLUDED_SOURCE_FILE_NAMES (App.xcconfig).
struct DebugMenu {
    /// Items of the debug menu.
    func items() -> [String] {
        ["Reset", "Crash"]
    }
}
