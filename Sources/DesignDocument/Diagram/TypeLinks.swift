import Inventory

/// Finds the declaration a member's `enclosingType` (or a superclass, a conformance) names, for the class sheets and
/// the class diagram alike, across modules and across the two languages of a mixed app (Documentation/ObjectiveC.md,
/// "One class in two languages"):
///
/// 1. the type of that name declared in the same module;
/// 2. the Swift type of the same module that `@objc(Name)` renames to that name (an Objective-C category
///    `MXProfileStore (Legacy)` of `@objc(MXProfileStore) class ProfileStore`);
/// 3. the only type of that name in the project (a Swift `extension Account` of the Objective-C class `Account` that
///    another target declares, seen through the bridging header or a framework's header);
/// 4. the only Swift type of the project that `@objc(Name)` renames to that name.
///
/// A name that none of these settles (declared in two other modules, or not in the project) has no declaration.
struct TypeLinks {
    /// The declarations' names by module.
    private var declared: [String: Set<String>] = [:]
    /// The modules that declare each name.
    private var modulesByName: [String: Set<String>] = [:]
    /// The Swift types `@objc(Name)` renames, by the Objective-C name: module and Swift name.
    private var renamed: [String: [(module: String, name: String)]] = [:]

    /// The links of the project's type declarations (extensions are not declarations and are ignored).
    ///
    /// - Parameter types: The inventory's type records.
    init(_ types: [TypeRecord]) {
        for type in types where type.kind != .extension {
            declared[type.module, default: []].insert(type.name)
            modulesByName[type.name, default: []].insert(type.module)
            if let objcName = type.objcName, objcName != type.name,
               !(renamed[objcName] ?? []).contains(where: { $0.module == type.module && $0.name == type.name }) {
                renamed[objcName, default: []].append((type.module, type.name))
            }
        }
    }

    /// The declaration `name` stands for in `module`'s code, or `nil`.
    ///
    /// - Parameters:
    ///   - name: A type name as a record writes it (`enclosingType`, `superclass`, a conformance).
    ///   - module: The module of the record that writes it.
    /// - Returns: The declaring module and the declaration's name (the Swift name for an `@objc` name).
    func declaration(named name: String, from module: String) -> (module: String, name: String)? {
        if declared[module]?.contains(name) == true { return (module, name) }
        let renames = renamed[name] ?? []
        if let local = renames.first(where: { $0.module == module }) { return local }
        if let modules = modulesByName[name], modules.count == 1, let only = modules.first { return (only, name) }
        return renames.count == 1 ? renames[0] : nil
    }
}
