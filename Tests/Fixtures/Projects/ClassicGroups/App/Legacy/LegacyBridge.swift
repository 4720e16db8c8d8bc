/// Bridges the old storage; left out by the target's EXCLUDED_SOURCE_FILE_NAMES = "$(inherited) Legacy*.swift".
struct LegacyBridge {
    /// Migrates old records; returns how many were migrated.
    func migrate() -> Int {
        0
    }
}
