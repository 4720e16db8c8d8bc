import Foundation
import Inventory
import Parallelism

/// The rules that need every file of a module, applied once all files of a run are extracted:
///
/// * **Own-module qualifier.** `extension Router.Route` names the type `Router.Route` when the module declares a
///   type `Router` (a type wins over its module's name), else the type `Route` of module `Router`: the qualifier
///   is dropped from enclosing types and extension names only when the module declares no such type. The same
///   holds in another module that imports `Router` (`restoreImportedTypeQualifiers(_:_:_:modulesDeclaringTheirName:)`).
/// * **Effective access across files.** A member of an extension of a type declared in another file of the same
///   module can be seen no further than that type (`extension Cart { public func f() }` where `struct Cart` is
///   internal elsewhere: `f` is effectively internal). Each file's own pass (`DeclarationCollector`) already
///   applies the cap when the type is declared in the same file. Types are matched by module and dotted path;
///   when a path is declared more than once (in different `#if` clauses), the most visible declaration counts,
///   so the cap never hides more than the compiler would.
/// * **Type aliases.** `typealias Alias = Outer.Middle; extension Alias { func f() }` extends `Outer.Middle`: the
///   path of every function and type record is resolved through the type aliases of the run (`AliasResolver`),
///   after the qualifier rules and before the caps (so an extension of an alias of an internal type is capped as
///   that type). Each file's pass only records the aliases it declares and the modules it imports (`FileFacts`).
enum CrossFileRules {
    /// Applies the rules to the records of every file of a run.
    ///
    /// - Parameters:
    ///   - functions: The function records of every file of the run; updated in place.
    ///   - types: The type records of every file of the run; updated in place.
    ///   - properties: The property records of every file of the run; their enclosing types are rewritten and their
    ///     effective access capped as the functions' are.
    ///   - facts: What each file's own pass recorded for these rules (its type aliases and imports).
    /// - Returns: A warning for each extension of an alias of a type that cannot be extended by name (a tuple, a
    ///   function type, `any P`, …), whose records keep the alias's name.
    static func apply(
        functions: inout [FunctionRecord], types: inout [TypeRecord], properties: inout [PropertyRecord],
        facts: [FileFacts]
    ) -> [ExtractionDiagnostic] {
        var aliases = facts.flatMap(\.aliases)
        let modulesDeclaringTheirName = Set(types.filter { $0.kind != .extension && $0.name == $0.module }.map(\.module))
        // Drop a leading `Module.` when the module declares no type of that name.
        rewritePaths(&functions, &types, &properties, &aliases) { path, module in
            guard !modulesDeclaringTheirName.contains(module), path.hasPrefix(module + "."),
                  path.count > module.count + 1 else { return nil }
            return String(path.dropFirst(module.count + 1))
        }
        restoreImportedTypeQualifiers(
            &functions, &types, &properties, &aliases, modulesDeclaringTheirName: modulesDeclaringTheirName)
        let diagnostics = resolveAliases(&functions, &types, &properties, aliases: aliases, facts: facts)
        applyCaps(functions: &functions, types: &types, properties: &properties)
        return diagnostics
    }

    /// A digest of everything in `extraction` that these rules read when they rewrite and cap the function records of
    /// *other* files: the file's facts (imports, aliases) and its declared types (not extensions), left-out ones
    /// included, by module, name, kind, effective access and file. Two revisions of a run whose files have the same
    /// digests give every unchanged file's functions the same records (``RevisionMerger``). A rule that starts
    /// reading anything else of a type or a file must add it here.
    ///
    /// - Parameters:
    ///   - extraction: One file's extraction, before the rules.
    ///   - relativePath: The file's path.
    /// - Returns: A digest, stable within one process.
    static func contextDigest(of extraction: FileExtraction, relativePath: String) -> Int {
        var hasher = Hasher()
        hasher.combine(relativePath)
        hasher.combine(extraction.isGenerated)
        hasher.combine(extraction.facts)
        for type in extraction.types + extraction.ignoredTypes where type.kind != .extension {
            hasher.combine(type.module)
            hasher.combine(type.name)
            hasher.combine(type.kind)
            hasher.combine(type.effectiveAccess)
            hasher.combine(type.file)
        }
        return hasher.finalize()
    }

    /// Rewrites every record's path through the run's type aliases; returns a warning for each extension whose
    /// extended type is an alias of a type that is not nominal.
    private static func resolveAliases(
        _ functions: inout [FunctionRecord], _ types: inout [TypeRecord], _ properties: inout [PropertyRecord],
        aliases: [TypeAlias], facts: [FileFacts]
    ) -> [ExtractionDiagnostic] {
        guard !aliases.isEmpty else { return [] }
        let resolver = AliasResolver(
            aliases: aliases, declaredTypes: types.filter { $0.kind != .extension }.map { ($0.module, $0.name, $0.file) },
            imports: Dictionary(facts.map { ($0.file, Set($0.imports)) }) { first, _ in first })
        var diagnostics: [ExtractionDiagnostic] = []
        // Which functions' enclosing paths name an alias at all, decided on all cores (most name none); the resolver,
        // which remembers its answers, then sees only those.
        let aliasNames = resolver.aliasNames
        let mentionsAlias = mapChunks(of: functions) { records, range in
            var last = LastAnswer<Bool>()
            return range.map { index in
                guard let path = records[index].enclosingType else { return false }
                // The module does not change the answer; the last answer is keyed on it all the same.
                return last.answer(path: path, module: records[index].module) { AliasResolver.mentions(path, anyOf: aliasNames) }
            }
        }
        for index in functions.indices where mentionsAlias[index] {
            // Fields read in place: copying a whole record per function was most of this pass.
            guard let path = functions[index].enclosingType,
                  case .type(let resolved, _) = resolver.resolve(path, module: functions[index].module, file: functions[index].file)
            else { continue }
            functions[index].enclosingType = resolved
        }
        for index in properties.indices {
            guard let path = properties[index].enclosingType, AliasResolver.mentions(path, anyOf: aliasNames),
                  case .type(let resolved, _) = resolver.resolve(path, module: properties[index].module, file: properties[index].file)
            else { continue }
            properties[index].enclosingType = resolved
        }
        for index in types.indices {
            let record = types[index]
            switch resolver.resolve(record.name, module: record.module, file: record.file) {
            case .type(let resolved, _):
                types[index].name = resolved
            case .nonNominal(let alias) where record.kind == .extension:
                diagnostics.append(
                    ExtractionDiagnostic(
                        file: record.file, line: record.line, column: record.column, severity: .warning,
                        message: "extension of '\(record.name)': the type alias '\(alias.path)' (\(alias.file):"
                            + "\(alias.line)) stands for '\(alias.written)', which is not a nominal type; its records keep "
                            + "the name '\(record.name)'"))
            default:
                continue
            }
        }
        return diagnostics
    }

    /// Puts back a qualifier that each file's own pass took for an imported module's name: in module `Other`,
    /// `import Router; extension Router.Route` extends the type `Router.Route` when the scan holds module `Router`
    /// with a type `Router` that has a member `Route`, and no type `Route` is declared anywhere (so the unqualified
    /// name could not have been meant).
    private static func restoreImportedTypeQualifiers(
        _ functions: inout [FunctionRecord], _ types: inout [TypeRecord], _ properties: inout [PropertyRecord],
        _ aliases: inout [TypeAlias], modulesDeclaringTheirName: Set<String>
    ) {
        guard !modulesDeclaringTheirName.isEmpty else { return }
        let declared = Set(types.filter { $0.kind != .extension }.map(\.name))
        rewritePaths(&functions, &types, &properties, &aliases) { path, _ in
            let first = String(path.prefix { $0 != "." })
            guard !declared.contains(first) else { return nil }
            let owners = modulesDeclaringTheirName.filter { declared.contains($0 + "." + first) }
            guard owners.count == 1, let owner = owners.first else { return nil }
            return owner + "." + path
        }
    }

    /// Replaces every function's and property's enclosing type, every type's name and every alias's scopes and
    /// target (dotted paths) for which `rewrite(path, module)` gives a new path.
    private static func rewritePaths(
        _ functions: inout [FunctionRecord], _ types: inout [TypeRecord], _ properties: inout [PropertyRecord],
        _ aliases: inout [TypeAlias], _ rewrite: @escaping @Sendable (String, String) -> String?
    ) {
        let rewritten = mapChunks(of: functions) { records, range in
            var last = LastAnswer<String?>()
            return range.compactMap { index -> (Int, String)? in
                guard let path = records[index].enclosingType else { return nil }
                let module = records[index].module
                return last.answer(path: path, module: module, { rewrite(path, module) }).map { (index, $0) }
            }
        }
        for (index, new) in rewritten { functions[index].enclosingType = new }
        var last = LastAnswer<String?>()
        for index in properties.indices {
            guard let path = properties[index].enclosingType else { continue }
            let module = properties[index].module
            if let new = last.answer(path: path, module: module, { rewrite(path, module) }) {
                properties[index].enclosingType = new
            }
        }
        for index in types.indices {
            if let new = rewrite(types[index].name, types[index].module) { types[index].name = new }
        }
        for index in aliases.indices {
            let module = aliases[index].module
            aliases[index].scopes = aliases[index].scopes.map { rewrite($0, module) ?? $0 }
            if let target = aliases[index].target, let new = rewrite(target, module) { aliases[index].target = new }
        }
    }

    /// Lowers `effectiveAccess` of functions, properties and types whose enclosing path names a type declared in
    /// their module.
    ///
    /// - Parameters:
    ///   - functions: The function records of every file of the run; updated in place.
    ///   - types: The type records of every file of the run; extension records are updated in place.
    ///   - properties: The property records of every file of the run; updated in place.
    private static func applyCaps(
        functions: inout [FunctionRecord], types: inout [TypeRecord], properties: inout [PropertyRecord]
    ) {
        var declared: [String: [String: AccessLevel]] = [:]
        for type in types where type.kind != .extension {
            declared[type.module, default: [:]][type.name] = max(
                declared[type.module]?[type.name] ?? .private, type.effectiveAccess)
        }
        guard !declared.isEmpty else { return }
        let declaredByModule = declared
        let lowered = mapChunks(of: functions) { records, range in
            var last = LastAnswer<AccessLevel?>()
            return range.compactMap { index -> (Int, AccessLevel)? in
                guard let path = records[index].enclosingType else { return nil }
                let module = records[index].module
                guard let cap = last.answer(path: path, module: module, { cap(for: path, in: declaredByModule[module]) }),
                      cap < records[index].effectiveAccess
                else { return nil }
                return (index, cap)
            }
        }
        for (index, level) in lowered { functions[index].effectiveAccess = level }
        var last = LastAnswer<AccessLevel?>()
        for index in properties.indices {
            guard let path = properties[index].enclosingType else { continue }
            let module = properties[index].module
            if let cap = last.answer(path: path, module: module, { cap(for: path, in: declaredByModule[module]) }),
               cap < properties[index].effectiveAccess
            {
                properties[index].effectiveAccess = cap
            }
        }
        for index in types.indices {
            guard let cap = cap(for: types[index].name, in: declared[types[index].module]) else { continue }
            types[index].effectiveAccess = min(types[index].effectiveAccess, cap)
        }
    }

    /// The fewest records worth a chunk of their own in `mapChunks`.
    private static let recordsPerChunk = 4_096

    /// `body`'s answers for chunks of `records`' indices, worked out on all cores (`parallelMap`) and joined in
    /// order. The records are read in place (the array is shared, not copied): callers pass the array by value and
    /// change it only after this returns, when it is theirs alone again.
    private static func mapChunks<Answer: Sendable>(
        of records: [FunctionRecord], _ body: @Sendable ([FunctionRecord], Range<Int>) -> [Answer]
    ) -> [Answer] {
        let count = records.count
        // Fewer records than two chunks' worth (every file of a small scan) never ask for the cores: on Linux each
        // `activeProcessorCount` reads the cgroup files again, which cost more than the records' answers.
        guard count / recordsPerChunk > 1 else { return body(records, 0..<count) }
        let chunks = min(count / recordsPerChunk, 4 * ProcessInfo.processInfo.activeProcessorCount)
        if chunks == 1 { return body(records, 0..<count) }
        let ranges = (0..<chunks).map { chunk in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) }
        return parallelMap(ranges) { body(records, $0) }.flatMap { $0 }
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

/// The answer given for the record before, reused while records ask about the same enclosing type in the same module:
/// the records of one type come one after another, so most records ask what the record before them asked.
private struct LastAnswer<Value> {
    private var last: (path: String, module: String, value: Value)?

    /// The answer for `path` in `module`: the last one when it was for the same path and module, else `compute()`.
    mutating func answer(path: String, module: String, _ compute: () -> Value) -> Value {
        if let last, last.path == path, last.module == module { return last.value }
        let value = compute()
        last = (path, module, value)
        return value
    }
}

extension CrossFileRules {
    /// What one file's own pass records for the cross-file rules: the modules the file imports and the type aliases
    /// it declares. Cached with the file's records (`FileExtraction`); not part of the inventory.
    struct FileFacts: Codable, Hashable, Sendable {
        /// The file's path relative to the scanned root, as in its records.
        var file: String
        /// The modules the file imports: the first component of each `import` declaration.
        var imports: [String]
        /// The type aliases declared in the file outside bodies of code, in source order.
        var aliases: [TypeAlias]
    }

    /// A `typealias` declared at file scope or in the body of a type or extension.
    struct TypeAlias: Codable, Hashable, Sendable {
        /// The module of the declaring file.
        var module: String
        /// The declaring file's path relative to the scanned root.
        var file: String
        /// 1-based line of the alias's name.
        var line: Int
        /// 1-based column of the alias's name.
        var column: Int
        /// The alias's name, without generic parameters.
        var name: String
        /// The paths of the types and extensions around the declaration, outermost first (`["Outer", "Outer.Inner"]`
        /// in `struct Outer { struct Inner { typealias X = Y } }`). Unqualified names in the target are looked up in
        /// these types, innermost first, then at file scope; an extension (`["Outer.Middle"]`) looks into the extended
        /// type only, not into the types around it.
        var scopes: [String]
        /// The most the alias can be seen: its level capped by the enclosing types.
        var visibility: AccessLevel
        /// The aliased type as a dotted path without generic arguments or imported-module qualifier (`[T]` is
        /// `Array`, `T?` is `Optional`), or `nil` when it is no nominal type (a tuple, a function type, `any P`, a
        /// composition, a metatype, a generic parameter of the alias).
        var target: String?
        /// The module qualifier dropped from the target (`Logging` in `typealias Logger = Logging.Logger`): the
        /// target is looked up in that module only, not around the declaration.
        var targetModule: String?
        /// The aliased type as written, for messages.
        var written: String

        /// The alias's dotted path: the innermost scope and its name.
        var path: String { scopes.last.map { "\($0).\(name)" } ?? name }
    }
}

/// Resolves dotted type paths through the type aliases of a run, the way the compiler looks names up:
///
/// * the first component of a record's path (written at file scope) is a type or alias of the record's module;
///   failing that, a `public` or `package` alias or a type of exactly one other scanned module the record's file
///   imports; otherwise it is kept (a type outside the scan);
/// * each further component is a member (type or alias) of the path resolved so far;
/// * an alias's target is looked up from the alias's declaration: in its enclosing types, innermost first, then at
///   file scope. Chains of aliases are followed; generic arguments were dropped when the alias was recorded.
///
/// A `private` or `fileprivate` alias applies in its own file only. A path that several different aliases could
/// mean (one per `#if` clause) is kept as written.
final class AliasResolver {
    /// What a path names.
    enum Resolution: Equatable {
        /// A nominal type (declared in the scan or not) with its dotted path, and the module whose declarations
        /// further components are looked up in.
        case type(String, module: String)
        /// An alias of a type that is not nominal: the path cannot be rewritten.
        case nonNominal(CrossFileRules.TypeAlias)
        /// Several aliases could be meant: the path is kept as written.
        case ambiguous
    }

    private struct Key: Hashable {
        var module: String
        var path: String
    }

    /// Where a name is looked up from: decides which private aliases and which imports count.
    private struct Context: Hashable {
        var module: String
        var file: String
    }

    private var declared: Set<Key>
    private var aliases: [Key: [CrossFileRules.TypeAlias]] = [:]
    /// The names of the run's type aliases: a path naming none of them is never rewritten.
    let aliasNames: Set<String>
    private let imports: [String: Set<String>]
    private let modules: Set<String>
    private var resolvedAliases: [CrossFileRules.TypeAlias: Resolution] = [:]
    private var inProgress: Set<CrossFileRules.TypeAlias> = []
    private var resolvedPaths: [Key: [String: Resolution]] = [:]

    /// Creates a resolver for a run.
    ///
    /// - Parameters:
    ///   - aliases: Every type alias of the run.
    ///   - declaredTypes: Every class, struct, enum, protocol and actor of the run (extensions left out).
    ///   - imports: The modules each file imports, by file path.
    init(
        aliases: [CrossFileRules.TypeAlias], declaredTypes: [(module: String, name: String, file: String)],
        imports: [String: Set<String>]
    ) {
        self.imports = imports
        modules = Set(declaredTypes.map(\.module)).union(aliases.map(\.module))
        aliasNames = Set(aliases.map(\.name))
        declared = Set(declaredTypes.map { Key(module: $0.module, path: $0.name) })
        for alias in aliases { self.aliases[Key(module: alias.module, path: alias.path), default: []].append(alias) }
        // Types and aliases declared in an extension of an alias (`extension Alias { struct S }`) are also members of
        // the aliased type: index them under its path too.
        for type in declaredTypes where type.name.contains(".") {
            if case .type(let path, _) = resolve(type.name, module: type.module, file: type.file), path != type.name {
                declared.insert(Key(module: type.module, path: path))
            }
        }
        for alias in aliases {
            guard let scope = alias.scopes.last,
                  case .type(let path, _) = resolve(scope, module: alias.module, file: alias.file), path != scope
            else { continue }
            self.aliases[Key(module: alias.module, path: "\(path).\(alias.name)"), default: []].append(alias)
        }
        resolvedAliases = [:]
        resolvedPaths = [:]
    }

    /// Whether a component of the dotted `path` is one of `names` (the run's alias names): only then can
    /// ``resolve(_:module:file:)`` give another path.
    ///
    /// - Parameters:
    ///   - path: A record's dotted path.
    ///   - names: The names of the run's type aliases.
    /// - Returns: True when some component is one of them.
    static func mentions(_ path: String, anyOf names: Set<String>) -> Bool {
        path.split(separator: ".").contains { names.contains(String($0)) }
    }

    /// What `path`, written at file scope of `file` in `module`, names.
    ///
    /// - Parameters:
    ///   - path: A record's dotted path (an enclosing type or a type's name).
    ///   - module: The record's module.
    ///   - file: The record's file.
    /// - Returns: The nominal type's path (the same path when no alias is involved), or why it cannot be rewritten.
    func resolve(_ path: String, module: String, file: String) -> Resolution {
        guard Self.mentions(path, anyOf: aliasNames) else { return .type(path, module: module) }
        let components = path.split(separator: ".").map(String.init)
        let key = Key(module: module, path: path)
        if let known = resolvedPaths[key]?[file] { return known }
        let result = resolve(components, in: Context(module: module, file: file), scopes: [])
        resolvedPaths[key, default: [:]][file] = result
        return result
    }

    /// Resolves `components` from `context`: the first one around `scopes`, or in module `qualifier` only.
    private func resolve(
        _ components: [String], in context: Context, scopes: [String], qualifier: String? = nil
    ) -> Resolution {
        guard let first = components.first else { return .ambiguous }
        var step: Resolution
        if let qualifier {
            step = entry(Key(module: qualifier, path: first), from: context) ?? .type(first, module: qualifier)
        } else {
            step = lookUp(first, in: context, scopes: scopes)
        }
        for component in components.dropFirst() {
            guard case .type(let base, let module) = step else { return step }
            step = member(component, of: base, in: module, from: context)
                ?? .type("\(base).\(component)", module: module)
        }
        return step
    }

    /// An unqualified name: a member of the scopes (innermost first), then a type or alias of the module, then one
    /// of an imported module.
    private func lookUp(_ name: String, in context: Context, scopes: [String]) -> Resolution {
        for scope in scopes.reversed() {
            var base = (path: scope, module: context.module)
            if case .type(let path, let module) = resolve(
                scope.split(separator: ".").map(String.init), in: context, scopes: [])
            {
                base = (path, module)
            }
            if let found = member(name, of: base.path, in: base.module, from: context) { return found }
        }
        if let found = entry(Key(module: context.module, path: name), from: context) { return found }
        let imported = (imports[context.file] ?? []).subtracting([context.module]).intersection(modules)
        let candidates = imported.sorted().compactMap { entry(Key(module: $0, path: name), from: context) }
        if candidates.count == 1, let only = candidates.first { return only }
        return .type(name, module: context.module)
    }

    /// The type or alias `base.name` of `module` (or, for another module's type, of the context's module, whose
    /// extensions may declare it), or `nil` when neither declares one.
    private func member(_ name: String, of base: String, in module: String, from context: Context) -> Resolution? {
        let path = "\(base).\(name)"
        if let found = entry(Key(module: module, path: path), from: context) { return found }
        guard module != context.module else { return nil }
        return entry(Key(module: context.module, path: path), from: context)
    }

    /// The type or the alias declared at `key`, as seen from `context`, or `nil` when there is none.
    private func entry(_ key: Key, from context: Context) -> Resolution? {
        if declared.contains(key) { return .type(key.path, module: key.module) }
        let visible = (aliases[key] ?? []).filter { alias in
            key.module == context.module
                ? alias.visibility > .fileprivate || alias.file == context.file : alias.visibility >= .package
        }
        guard let alias = visible.first else { return nil }
        guard visible.allSatisfy({ $0.target == alias.target && $0.scopes == alias.scopes && $0.written == alias.written })
        else { return .ambiguous }
        return resolve(alias)
    }

    /// What an alias names, following chains; a cycle (which the compiler rejects) leaves the path as written.
    private func resolve(_ alias: CrossFileRules.TypeAlias) -> Resolution {
        if let known = resolvedAliases[alias] { return known }
        guard !inProgress.contains(alias) else { return .ambiguous }
        guard let target = alias.target else { return .nonNominal(alias) }
        inProgress.insert(alias)
        defer { inProgress.remove(alias) }
        let result = resolve(
            target.split(separator: ".").map(String.init), in: Context(module: alias.module, file: alias.file),
            scopes: alias.scopes, qualifier: alias.targetModule)
        resolvedAliases[alias] = result
        return result
    }
}
