import Foundation

/// Signing in, written in Swift for the Objective-C class `Account` (declared in Account.h, which the bridging header
/// imports).
extension Account {
    /// Signs in with a token from the server.
    /// - Parameter token: The server's token.
    @objc public func signIn(token: String) {
        displayName = token
    }
}
