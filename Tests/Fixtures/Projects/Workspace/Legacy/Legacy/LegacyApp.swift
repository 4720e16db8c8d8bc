/// An old app whose project is NOT named by App.xcworkspace: `docsheet generate App.xcworkspace` leaves it out.
struct LegacyApp {
    /// Starts the old app.
    func start() {}
}
