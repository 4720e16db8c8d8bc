/// Shows the app's settings.
public struct SettingsView {
    /// Renders the settings.
    /// - Returns: The text shown.
    public func render() -> String { "" }
}
