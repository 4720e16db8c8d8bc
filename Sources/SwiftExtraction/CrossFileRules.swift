import Inventory

/// The rules that need every file of a module, applied once all files of a run are extracted:
///
/// * **Own-module qualifier.** `extension Router.Route` names the type `Router.Route` when the module declares a
///   type `Router` (a type wins over its module's name), else the type `Route` of module `Router`: the qualifier
///   is dropped from enclosing types and extension names only when the module declares no such type. The same
///   holds in another module that imports `Router` (`restoreImportedTypeQualifiers(_:_:modulesDeclaringTheirName:)`).
/// * **Effective access across files.** A member of an extension of a type declared in another file of the same
///   module can be seen no further than that type (`extension Cart { public func f() }` where `struct Cart` is
///   internal elsewhere: `f` is effectively internal). Each file's own pass (`DeclarationCollector`) already
///   applies the cap when the type is declared in the same file. Types are matched by module and dotted path;
///   when a path is declared more than once (in different `#if` clauses), the most visible declaration counts,
///   so the cap never hides more than the compiler would.
enum CrossFileRules {
    /// Applies both rules to the records of every file of a run.
    ///
    /// - Parameters:
    ///   - functions: The function records of every file of the run; updated in place.
    ///   - types: The type records of every file of the run; updated in place.
    static func apply(functions: inout [FunctionRecord], types: inout [TypeRecord]) {
        let modulesDeclaringTheirName = Set(types.filter { $0.kind != .extension && $0.name == $0.module }.map(\.module))
        // Drop a leading `Module.` when the module declares no type of that name.
        rewritePaths(&functions, &types) { path, module in
            guard !modulesDeclaringTheirName.contains(module), path.hasPrefix(module + "."),
                  path.count > module.count + 1 else { return nil }
            return String(path.dropFirst(module.count + 1))
        }
        restoreImportedTypeQualifiers(&functions, &types, modulesDeclaringTheirName: modulesDeclaringTheirName)
        applyCaps(functions: &functions, types: &types)
    }

    /// Puts back a qualifier that each file's own pass took for an imported module's name: in module `Other`,
    /// `import Router; extension Router.Route` extends the type `Router.Route` when the scan holds module `Router`
    /// with a type `Router` that has a member `Route`, and no type `Route` is declared anywhere (so the unqualified
    /// name could not have been meant).
    private static func restoreImportedTypeQualifiers(
        _ functions: inout [FunctionRecord], _ types: inout [TypeRecord], modulesDeclaringTheirName: Set<String>
    ) {
        guard !modulesDeclaringTheirName.isEmpty else { return }
        let declared = Set(types.filter { $0.kind != .extension }.map(\.name))
        rewritePaths(&functions, &types) { path, _ in
            let first = String(path.prefix { $0 != "." })
            guard !declared.contains(first) else { return nil }
            let owners = modulesDeclaringTheirName.filter { declared.contains($0 + "." + first) }
            guard owners.count == 1, let owner = owners.first else { return nil }
            return owner + "." + path
        }
    }

    /// Replaces every function's enclosing type and every type's name (dotted paths) for which `rewrite(path,
    /// module)` gives a new path.
    private static func rewritePaths(
        _ functions: inout [FunctionRecord], _ types: inout [TypeRecord], _ rewrite: (String, String) -> String?
    ) {
        for index in functions.indices {
            if let path = functions[index].enclosingType, let new = rewrite(path, functions[index].module) {
                functions[index].enclosingType = new
            }
        }
        for index in types.indices {
            if let new = rewrite(types[index].name, types[index].module) { types[index].name = new }
        }
    }

    /// Lowers `effectiveAccess` of functions and types whose enclosing path names a type declared in their module.
    ///
    /// - Parameters:
    ///   - functions: The function records of every file of the run; updated in place.
    ///   - types: The type records of every file of the run; extension records are updated in place.
    private static func applyCaps(functions: inout [FunctionRecord], types: inout [TypeRecord]) {
        var declared: [String: [String: AccessLevel]] = [:]
        for type in types where type.kind != .extension {
            declared[type.module, default: [:]][type.name] = max(
                declared[type.module]?[type.name] ?? .private, type.effectiveAccess)
        }
        guard !declared.isEmpty else { return }
        for index in functions.indices {
            guard let path = functions[index].enclosingType,
                  let cap = cap(for: path, in: declared[functions[index].module]) else { continue }
            functions[index].effectiveAccess = min(functions[index].effectiveAccess, cap)
        }
        for index in types.indices {
            guard let cap = cap(for: types[index].name, in: declared[types[index].module]) else { continue }
            types[index].effectiveAccess = min(types[index].effectiveAccess, cap)
        }
    }

    /// The least visible of the declared types along `path` (`A`, `A.B`, `A.B.C`), or `nil` when none is declared.
    private static func cap(for path: String, in declared: [String: AccessLevel]?) -> AccessLevel? {
        guard let declared else { return nil }
        var result: AccessLevel?
        var prefix = ""
        for component in path.split(separator: ".") {
            prefix = prefix.isEmpty ? String(component) : prefix + "." + component
            if let level = declared[prefix] { result = min(result ?? level, level) }
        }
        return result
    }
}
