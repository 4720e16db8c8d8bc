import SwiftUI

/// The second app of the workspace (its project is named through a workspace group with location group:Apps).
@main
struct TwoApp: App {
    var body: some Scene {
        WindowGroup { Text(TwoApp.title()) }
    }

    /// The window's title.
    static func title() -> String {
        "Two"
    }
}
