import Foundation
import Inventory

/// The relations between types, worked out once every file of a run is read (Documentation/Extraction.md,
/// "Relations"): each class's superclass, each type's conformances merged over the type and its extensions, the
/// composition edges (stored properties that hold types of the project), and the type of a property initialised by
/// a call of a project type (`var cart = Cart()`).
///
/// An inherited name is placed by, in order: the types the run declares (looked up from the declaration's scope
/// outwards, then at file scope, a module qualifier dropped); DocSheet's catalogue of framework classes and protocols
/// (``FrameworkCatalogue``); the language rule — only a class's first inherited name can be its superclass, and only an
/// enum's first inherited name can be its raw type, so every other name is a protocol. A name none of these settles is
/// listed in `unknownInheritedTypes`, not guessed.
enum TypeRelations {
    /// What an inherited or referenced name turned out to be.
    enum Placement: Equatable {
        /// A type the run declares, by dotted path, with its kind.
        case project(String, TypeKind)
        /// A class of the catalogue.
        case frameworkClass(String)
        /// A protocol of the catalogue.
        case frameworkProtocol(String)
        /// Neither.
        case unknown(String)
    }

    /// Types an enum's raw type can be without being declared in the project.
    static let rawValueTypes: Set<String> = [
        "String", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Float", "Double", "Float16", "Float80", "CGFloat", "Substring", "Unicode.Scalar", "NSInteger", "NSString",
    ]

    /// Fills the relation fields of `types` and the inferred types of `properties`.
    ///
    /// - Parameters:
    ///   - types: Every type record of the run (the ones left out of the document too); updated in place.
    ///   - properties: Every property record of the run; a property without a type whose initial value calls a type
    ///     of the project gets that type.
    ///   - functions: Every function record of the run (a type with a failable initializer is not inferred from a call).
    static func apply(types: inout [TypeRecord], properties: inout [PropertyRecord], functions: [FunctionRecord]) {
        var declared: [String: TypeKind] = [:]
        var generic: Set<String> = []
        for type in types where type.kind != .extension {
            // A path declared as several kinds (in different `#if` clauses) keeps the first.
            if declared[type.name] == nil { declared[type.name] = type.kind }
            if !type.genericParameters.isEmpty { generic.insert(type.name) }
        }
        let modules = Set(types.map(\.module))
        let resolver = NameResolver(declared: declared, modules: modules)
        inferTypes(&properties, resolver: resolver, functions: functions, generic: generic)
        guard !types.isEmpty else { return }

        // Each declaration's and extension's own placement, then the declarations merged with their extensions: an
        // extension extends the declaration of its module (of its file, for a private or fileprivate declaration), or,
        // from a module that declares no such type, the declaration of another module.
        var declaringModules: [String: Set<String>] = [:]
        for type in types where type.kind != .extension { declaringModules[type.name, default: []].insert(type.module) }
        var extensionNames: [ExtensionKey: [(String, Placement)]] = [:]
        for index in types.indices {
            let type = types[index]
            let scope = parentPath(of: type.name, kind: type.kind)
            let placed = type.inheritedTypes.flatMap(Self.names(in:)).map {
                ($0, resolver.place($0, from: scope, onlyInScope: type.kind == .extension))
            }
            if type.kind == .extension {
                types[index].conformances = placed.compactMap { conformanceName($0.1) }.uniqued()
                types[index].superclass = nil
                types[index].unknownInheritedTypes = []
                let module = declaringModules[type.name]?.contains(type.module) == true ? type.module : nil
                extensionNames[ExtensionKey(name: type.name, module: module), default: []] += placed
                if module != nil {
                    extensionNames[ExtensionKey(name: type.name, module: type.module, file: type.file), default: []] += placed
                }
            } else {
                let (superclass, conformances, unknown) = classify(placed, kind: type.kind)
                types[index].superclass = superclass
                types[index].conformances = conformances
                types[index].unknownInheritedTypes = unknown
            }
        }
        var composition: [String: [TypeRecord.Composition]] = [:]
        for property in properties where property.kind == .property && property.enclosingKind != .extension {
            guard let owner = property.enclosingType, let typeText = property.type,
                  property.storage == .stored || property.storage == .lazy || property.storage == .observed,
                  let held = heldType(typeText)
            else { continue }
            guard case .project(let path, _) = resolver.place(held.name, from: owner) else { continue }
            composition[owner, default: []].append(
                TypeRecord.Composition(property: property.name, type: path, isCollection: held.isCollection))
        }
        for index in types.indices where types[index].kind != .extension {
            let name = types[index].name
            let isFilePrivate = types[index].accessLevel <= .fileprivate
            let ownModule = ExtensionKey(
                name: name, module: types[index].module, file: isFilePrivate ? types[index].file : nil)
            let added = (extensionNames[ownModule] ?? []) + (extensionNames[ExtensionKey(name: name, module: nil)] ?? [])
            if !added.isEmpty {
                let extra = added.compactMap { conformanceName($0.1) }
                types[index].conformances = (types[index].conformances + extra).uniqued()
            }
            types[index].composition = composition[name] ?? []
        }
    }

    /// Which declaration an extension adds to: its name, the module (`nil` for an extension from a module that
    /// declares no such type) and, for the extensions of a module that declares it, also the file (a private or
    /// fileprivate declaration takes the extensions of its own file only).
    private struct ExtensionKey: Hashable {
        var name: String
        var module: String?
        var file: String? = nil
    }

    /// The superclass, conformances and unknown names of a declaration of `kind` whose inheritance clause placed
    /// `names`.
    private static func classify(_ names: [(String, Placement)], kind: TypeKind) -> (String?, [String], [String]) {
        var superclass: String?
        var conformances: [String] = []
        var unknown: [String] = []
        for (offset, (written, placement)) in names.enumerated() {
            let isFirst = offset == 0
            switch placement {
            case .project(let path, let placedKind):
                if placedKind == .protocol {
                    conformances.append(path)
                } else if isFirst && (kind == .class || kind == .protocol) && placedKind == .class {
                    superclass = path
                } else if isFirst && kind == .enum {
                    continue  // the raw type
                } else {
                    unknown.append(written)
                }
            case .frameworkClass(let name):
                if isFirst && (kind == .class || kind == .protocol) { superclass = name } else { unknown.append(written) }
            case .frameworkProtocol(let name):
                conformances.append(name)
            case .unknown(let name):
                if isFirst && kind == .enum && rawValueTypes.contains(name) { continue }
                if isFirst && (kind == .class || kind == .enum) {
                    unknown.append(written)
                } else {
                    conformances.append(name)  // the language rule: anything else is a protocol
                }
            }
        }
        return (superclass, conformances.uniqued(), unknown)
    }

    /// The name a placement counts as among an extension's conformances (an extension only adds protocols).
    private static func conformanceName(_ placement: Placement) -> String? {
        switch placement {
        case .project(let path, _): return path
        case .frameworkClass: return nil
        case .frameworkProtocol(let name), .unknown(let name): return name
        }
    }

    /// The scope an inheritance clause's names are looked up from: the enclosing type of a declaration (its own
    /// members are not in scope there), the extended type itself for an extension.
    private static func parentPath(of name: String, kind: TypeKind) -> String? {
        if kind == .extension { return name }
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return String(name[..<dot])
    }

    /// The names an inherited entry stands for, as a dotted path without attributes, `any`, generic arguments or
    /// spaces: `@unchecked Sendable` is `Sendable`, `P & Q` is `P` and `Q`; `~Copyable`, `AnyObject` and `class` stand
    /// for no conformance.
    static func names(in written: String) -> [String] {
        written.split(separator: "&").compactMap { part -> String? in
            var text = part.trimmingCharacters(in: .whitespaces)
            while text.hasPrefix("@") {
                var end = text.index(after: text.startIndex)
                while end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "_" { end = text.index(after: end) }
                if end < text.endIndex, text[end] == "(", let close = text[end...].firstIndex(of: ")") { end = text.index(after: close) }
                text = text[end...].trimmingCharacters(in: .whitespaces)
            }
            if text.hasPrefix("any ") { text = String(text.dropFirst(4)).trimmingCharacters(in: .whitespaces) }
            guard !text.isEmpty, !text.hasPrefix("~"), text != "AnyObject", text != "class" else { return nil }
            return withoutGenericArguments(text)
        }
    }

    /// `Outer<T>.Inner<U>` → `Outer.Inner`, spaces removed.
    static func withoutGenericArguments(_ text: String) -> String {
        var result = ""
        var depth = 0
        for character in text {
            switch character {
            case "<": depth += 1
            case ">": depth -= 1
            case " ": continue
            default: if depth == 0 { result.append(character) }
            }
        }
        return result
    }

    /// The nominal type a property's type holds, and whether it holds several: `T?`, `T!`, `[T]`, `[K: T]`,
    /// `Set<T>`, `Array<T>`, `Optional<T>`, `Dictionary<K, T>`, `weak var x: T?`; `nil` for a function type, a
    /// tuple, `some`/`any` existentials of compositions and other shapes.
    static func heldType(_ text: String) -> (name: String, isCollection: Bool)? {
        var type = text.trimmingCharacters(in: .whitespaces)
        var isCollection = false
        for _ in 0..<8 {
            while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
            if type.hasPrefix("any ") || type.hasPrefix("some ") {
                type = String(type.drop { $0 != " " }.dropFirst()).trimmingCharacters(in: .whitespaces)
                continue
            }
            if type.hasPrefix("(") && type.hasSuffix(")") && !type.contains(",") && !type.contains("->") {
                type = String(type.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                continue
            }
            if type.hasPrefix("[") && type.hasSuffix("]") {
                let inside = String(type.dropFirst().dropLast())
                isCollection = true
                if let colon = topLevelIndex(of: ":", in: inside) {
                    type = String(inside[inside.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                } else {
                    type = inside.trimmingCharacters(in: .whitespaces)
                }
                continue
            }
            if let open = type.firstIndex(of: "<"), type.hasSuffix(">") {
                let base = String(type[..<open])
                let arguments = String(type[type.index(after: open)..<type.index(before: type.endIndex)])
                let containers: [String: Bool] = ["Optional": false, "Array": true, "Set": true, "ContiguousArray": true,
                                                  "Dictionary": true, "OrderedSet": true, "Deque": true, "Published": false]
                if let collection = containers[base] {
                    isCollection = isCollection || collection
                    let parts = splitTopLevel(arguments)
                    type = (parts.last ?? "").trimmingCharacters(in: .whitespaces)
                    continue
                }
                type = base
            }
            break
        }
        guard !type.isEmpty, type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
              type.first?.isLetter == true || type.first == "_"
        else { return nil }
        return (type, isCollection)
    }

    private static func topLevelIndex(of target: Character, in text: String) -> String.Index? {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case target where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    private static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            switch character {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case "," where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    /// Gives a property without a type the type its initial value calls, when that is a type of the project
    /// (not a protocol, without a failable initializer, and not generic unless the call writes the arguments), by its
    /// full dotted path: `var cart = Cart()`, `let box = Box<Int>(1)`.
    private static func inferTypes(
        _ properties: inout [PropertyRecord], resolver: NameResolver, functions: [FunctionRecord], generic: Set<String>
    ) {
        guard properties.contains(where: { $0.type == nil && $0.defaultValue != nil && $0.kind != .enumCase }) else { return }
        let failable = Set(functions.filter {
            $0.kind == .initializer && ($0.signature.contains("init?") || $0.signature.contains("init!"))
        }.compactMap(\.enclosingType))
        for index in properties.indices {
            guard properties[index].type == nil, properties[index].kind != .enumCase,
                  let value = properties[index].defaultValue, let called = calledTypeName(value)
            else { continue }
            let plain = withoutGenericArguments(called)
            guard case .project(let path, let kind) = resolver.place(plain, from: properties[index].enclosingType),
                  kind != .protocol, !failable.contains(path),
                  // A generic type called without its arguments (`Box(1)`) has arguments only the compiler infers.
                  !generic.contains(path) || called.contains("<")
            else { continue }
            // The type's full path, as the compiler names it (`Store()` inside `Handler` is `Handler.Store`), with the
            // generic arguments as written.
            let arguments = called.firstIndex(of: "<").map { String(called[$0...]) } ?? ""
            properties[index].type = path + arguments
        }
    }

    /// The called type's text when `value` is exactly one call of a capitalised dotted name, perhaps specialised
    /// (`Cart()`, `Outer.Inner(x: 1)`, `Box<Int>(1)`); `nil` for anything else, and for a value cut short (`…`).
    static func calledTypeName(_ value: String) -> String? {
        guard !value.hasSuffix("…"), value.hasSuffix(")") || value.hasSuffix("}") else { return nil }
        var end = value.startIndex
        var angle = 0
        while end < value.endIndex {
            let character = value[end]
            if character == "<" { angle += 1 } else if character == ">" { angle -= 1 }
            if angle == 0 && (character == "(" || character == "{") { break }
            guard angle > 0 || character.isLetter || character.isNumber || character == "_" || character == "." || character == ">"
            else { return nil }
            end = value.index(after: end)
        }
        let name = String(value[..<end])
        guard end < value.endIndex, name.split(separator: ".").allSatisfy({ $0.first?.isUppercase == true }) else { return nil }
        // The parenthesis (or trailing closure) opened after the name must close at the end of the value.
        var depth = 0
        var index = end
        var inString = false
        while index < value.endIndex {
            let character = value[index]
            if character == "\"" { inString.toggle() }
            if !inString {
                if character == "(" || character == "{" || character == "[" { depth += 1 }
                if character == ")" || character == "}" || character == "]" {
                    depth -= 1
                    if depth == 0 && value.index(after: index) != value.endIndex {
                        // `Cart() { … }`: a trailing closure after the arguments is still the call.
                        let rest = value[value.index(after: index)...].trimmingCharacters(in: .whitespaces)
                        guard rest.hasPrefix("{"), rest.hasSuffix("}") else { return nil }
                        return name
                    }
                }
            }
            index = value.index(after: index)
        }
        return depth == 0 ? name : nil
    }
}

/// Looks names up among the run's types, then in the catalogue.
struct NameResolver {
    /// The kind of every type the run declares, by dotted path.
    let declared: [String: TypeKind]
    /// The run's module names (a leading one is a qualifier).
    let modules: Set<String>

    /// Places a dotted name written in `scope` (a dotted path, or `nil` at file scope): a member of the scope, then of
    /// the types around it (unless `onlyInScope`: an extension's clause sees the extended type's members, not those
    /// of the types around it), then a type at the top.
    func place(_ written: String, from scope: String?, onlyInScope: Bool = false) -> TypeRelations.Placement {
        var components = written.split(separator: ".").map(String.init)
        var prefix = scope
        if components.count > 1, declared[components[0]] == nil {
            if FrameworkCatalogue.modules.contains(components[0]) && !modules.contains(components[0]) {
                // `Swift.Error`, `Foundation.NSObject`: a framework's type, never one of the project's.
                components.removeFirst()
                let name = components.joined(separator: ".")
                switch FrameworkCatalogue.kinds[name] {
                case .some(.class): return .frameworkClass(name)
                case .some(.protocol): return .frameworkProtocol(name)
                default: return .unknown(name)
                }
            }
            if modules.contains(components[0]) {
                // A module of the run: its top-level types, not the ones around the declaration.
                components.removeFirst()
                prefix = nil
            }
        }
        let name = components.joined(separator: ".")
        while let current = prefix {
            if let kind = declared[current + "." + name] { return .project(current + "." + name, kind) }
            prefix = onlyInScope ? nil : current.lastIndex(of: ".").map { String(current[..<$0]) }
        }
        if let kind = declared[name] { return .project(name, kind) }
        switch FrameworkCatalogue.kinds[name] {
        case .some(.class): return .frameworkClass(name)
        case .some(.protocol): return .frameworkProtocol(name)
        default: return .unknown(name)
        }
    }
}
