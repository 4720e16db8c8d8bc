/// Shows an account's profile.
public struct ProfileView {
    /// Renders the profile.
    public func render() -> String { "" }
}
