import Foundation

/// One case per documentation quality rule of `docsheet check --require` (Documentation/CLI.md, "Check rules"),
/// each function named after the rule it breaks, and well-documented functions that break none.
public struct UserStore {
    // MARK: - One case per rule

    /// Loads the user with the given identifier from the disk cache.
    ///
    /// - Parameter userID: The user's identifier.
    /// - Returns: The user, or `nil` when none is cached.
    public func unknownParameters(id: Int) -> String? { nil }

    /// Removes every cached user.
    ///
    /// - Returns: Nothing.
    public func voidReturns() {}

    /// Fetch user.
    public func fetchUser() -> String { "" }

    /// TODO: describe what this does.
    public func placeholderSummary() {}

    /// Saves the user to the disk cache, replacing an older copy.
    public func parameters(_ name: String, age: Int) {}

    /// Counts the users in the disk cache.
    public func returns() -> Int { 0 }

    /// Reads the users from the disk cache.
    public func throwsErrors() throws {}

    // MARK: - Well documented: no finding

    /// Loads the user with the given identifier from the disk cache.
    ///
    /// - Parameters:
    ///   - id: The user's identifier.
    ///   - refresh: Whether to skip the memory cache.
    /// - Returns: The user, or `nil` when none is cached.
    /// - Throws: `CocoaError` when the cache cannot be read.
    public func user(id: Int, refresh: Bool) throws -> String? { nil }

    /// Creates a store over the cache folder.
    ///
    /// - Parameter folder: The cache folder.
    /// - Returns: `nil` when the folder cannot be created.
    public init?(folder: URL) {}

    /// Fetches the current user from the server, or the cached one when offline.
    ///
    /// - Returns: The user's name.
    public func fetchUserName() -> String { "" }

    /// Todo lists of the user, newest first.
    ///
    /// - Returns: The lists' titles.
    public func todoLists() -> [String] { [] }

    /// Moves the user to another folder.
    ///
    /// - Parameter destination: The new folder.
    public func move(to destination: URL) {}
}
