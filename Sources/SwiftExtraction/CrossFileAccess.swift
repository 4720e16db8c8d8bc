import Inventory

/// The effective-access cap that needs more than one file: a member of an extension of a type declared in
/// another file of the same module can be seen no further than that type (`extension Cart { public func f() }`
/// where `struct Cart` is internal elsewhere: `f` is effectively internal).
///
/// Each file's own pass (`DeclarationCollector`) already applies the cap when the type is declared in the same
/// file; this pass applies it once every file of a run is known. Types are matched by module and dotted path;
/// when a path is declared more than once (in different `#if` clauses), the most visible declaration counts, so
/// the cap never hides more than the compiler would.
enum CrossFileAccess {
    /// Lowers `effectiveAccess` of functions and types whose enclosing path names a type declared in their module.
    ///
    /// - Parameters:
    ///   - functions: The function records of every file of the run; updated in place.
    ///   - types: The type records of every file of the run; extension records are updated in place.
    static func applyCaps(functions: inout [FunctionRecord], types: inout [TypeRecord]) {
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
