import Inventory
import SwiftSyntax

/// Access levels as the compiler computes them (`AccessLevelRequest` and
/// `DefaultAndMaxAccessLevelRequest` in swift/lib/AST), see Documentation/Extraction.md, "Access level".
enum AccessRules {
    /// The access keywords; with a `(set)` detail they set only a setter's level.
    static let accessKeywords: Set<String> = ["open", "public", "package", "internal", "fileprivate", "private"]

    /// The explicit access level of a declaration, ignoring setter modifiers such as `private(set)`.
    static func explicitLevel(_ modifiers: DeclModifierListSyntax) -> AccessLevel? {
        for modifier in modifiers where modifier.detail == nil {
            if let level = AccessLevel(keyword: modifier.name.text) { return level }
        }
        return nil
    }

    /// True for `public`, `private(set)` and the other access modifiers.
    static func isAccessModifier(_ modifier: DeclModifierSyntax) -> Bool {
        accessKeywords.contains(modifier.name.text)
    }

    /// The level members of a protocol get: the protocol's level, but at least `fileprivate`.
    static func requirementLevel(protocolLevel: AccessLevel) -> AccessLevel {
        max(protocolLevel, .fileprivate)
    }

    /// The level members of an extension get when they have no modifier: the extension's modifier
    /// (`private` counts as `fileprivate`, `open` as `public`), else `internal`. A constrained extension
    /// (`where` clause) caps it at what the extended type and the types in the clause allow.
    ///
    /// - Parameter maximum: the cap for a constrained extension, or `nil` for none.
    static func extensionMemberLevel(explicit: AccessLevel?, maximum: AccessLevel?) -> AccessLevel {
        var level = explicit.map { min(max($0, .fileprivate), .public) } ?? .internal
        if let maximum { level = min(level, maximum) }
        return level
    }

    /// The cap a type's level puts on what its members can reach: a `private` type at file scope is
    /// visible in the whole file, so it caps at `fileprivate`.
    static func visibility(of level: AccessLevel, atFileScope: Bool) -> AccessLevel {
        atFileScope && level == .private ? .fileprivate : level
    }
}
