import Foundation

/// Keeps the profiles the app has loaded; Objective-C knows it as `MXProfileStore`.
@objc(MXProfileStore)
public class ProfileStore: NSObject {
    /// The profiles by identifier.
    public var profiles: [Int: String] = [:]

    /// Loads the profiles from disk.
    @objc public func load() {}
}
