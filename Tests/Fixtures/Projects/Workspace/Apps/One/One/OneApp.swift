import SwiftUI

/// The first app of the workspace.
@main
struct OneApp: App {
    var body: some Scene {
        WindowGroup { Text(OneApp.title()) }
    }

    /// The window's title.
    static func title() -> String {
        "One"
    }
}
