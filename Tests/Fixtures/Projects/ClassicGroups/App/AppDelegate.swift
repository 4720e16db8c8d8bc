import UIKit

/// Starts the app and owns its window.
final class AppDelegate: NSObject {
    /// Called once the app has finished launching; returns whether launching succeeded.
    func applicationDidFinishLaunching() -> Bool {
        true
    }

    /// Title shown in the navigation bar of the first screen.
    func rootTitle() -> String {
        "Ledger"
    }
}
