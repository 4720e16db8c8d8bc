import SwiftUI

/// The journal app's entry point.
@main
struct JournalApp: App {
    var body: some Scene {
        WindowGroup { Text(JournalApp.greeting(for: "Ada")) }
    }

    /// Greeting shown on the first screen.
    static func greeting(for name: String) -> String {
        "Hello, \(name)"
    }
}
