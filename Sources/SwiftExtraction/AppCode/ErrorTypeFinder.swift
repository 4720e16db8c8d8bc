import Foundation
import Inventory

/// Finds the project's error types: declared types that conform to `Error`, `LocalizedError`, `CustomNSError` or
/// `RecoverableError`, directly, through the project's own protocols, through a project base class, or through an
/// extension that adds the conformance.
enum ErrorTypeFinder {
    /// The standard protocols that make a type an error.
    static let errorProtocols: Set<String> = ["Error", "LocalizedError", "CustomNSError", "RecoverableError"]

    /// The error types of a project.
    struct ErrorTypes {
        /// Each error type's dotted name with the error protocols it reaches.
        var conformances: [String: Set<String>] = [:]
    }

    /// What `errorDescription` or `failureReason` returns, read from one declaration of it.
    struct ErrorText: Codable, Sendable {
        /// The type (or extended type) the property is declared in, as written.
        var typeName: String
        /// `errorDescription` or `failureReason`.
        var property: String
        /// The literal or localized key returned for each case a `switch self` names.
        var perCase: [String: String]
        /// What a `default:` clause returns, or the whole getter when it does not switch.
        var otherwise: String?
    }

    /// The error types among `types`.
    static func errorTypes(in types: [TypeRecord]) -> ErrorTypes {
        var inherited: [String: [String]] = [:]
        var declared: [String: TypeKind] = [:]
        var bySimpleName: [String: [String]] = [:]
        for type in types {
            inherited[type.name, default: []] += type.inheritedTypes
            if type.kind != .extension, declared[type.name] == nil {
                declared[type.name] = type.kind
                bySimpleName[String(type.name.split(separator: ".").last ?? ""), default: []].append(type.name)
            }
        }
        func bare(_ written: String) -> String {
            var name = written.trimmingCharacters(in: .whitespaces)
            if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
            if name.hasPrefix("any ") { name.removeFirst(4) }
            return name
        }
        var memo: [String: Set<String>] = [:]
        func reach(_ name: String, _ visiting: inout Set<String>) -> Set<String> {
            if let known = memo[name] { return known }
            guard visiting.insert(name).inserted else { return [] }
            var found: Set<String> = []
            for written in inherited[name] ?? [] {
                let candidate = bare(written)
                let last = String(candidate.split(separator: ".").last ?? "")
                if errorProtocols.contains(candidate) || (candidate.hasPrefix("Swift.") || candidate.hasPrefix("Foundation.")) && errorProtocols.contains(last) {
                    found.insert(last)
                    continue
                }
                let targets = declared[candidate] != nil ? [candidate] : (bySimpleName[last] ?? [])
                for target in targets where target != name { found.formUnion(reach(target, &visiting)) }
            }
            memo[name] = found
            return found
        }
        var result = ErrorTypes()
        for (name, kind) in declared where kind != .protocol {
            var visiting: Set<String> = []
            let protocols = reach(name, &visiting)
            if !protocols.isEmpty { result.conformances[name] = protocols }
        }
        return result
    }

    /// The error records: each type's cases (enum-case records) with the texts its `errorDescription` and
    /// `failureReason` return.
    static func records(_ errorTypes: ErrorTypes, types: [TypeRecord], properties: [PropertyRecord], texts: [ErrorText]) -> [ErrorRecord] {
        var cases: [String: [PropertyRecord]] = [:]
        for property in properties where property.kind == .enumCase {
            if let owner = property.enclosingType { cases[owner, default: []].append(property) }
        }
        var seen: Set<String> = []
        var records: [ErrorRecord] = []
        for type in types where type.kind != .extension && type.kind != .protocol {
            guard let protocols = errorTypes.conformances[type.name], seen.insert(type.name).inserted else { continue }
            let simpleName = String(type.name.split(separator: ".").last ?? "")
            let own = texts.filter { $0.typeName == type.name || $0.typeName == simpleName }
            func text(_ property: String, forCase name: String?) -> String? {
                let declarations = own.filter { $0.property == property }
                if let name, let perCase = declarations.lazy.compactMap({ $0.perCase[name] }).first { return perCase }
                return declarations.lazy.compactMap(\.otherwise).first
            }
            let typeCases = (cases[type.name] ?? []).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            records.append(ErrorRecord(
                name: type.name, kind: type.kind, module: type.module, file: type.file, line: type.line,
                effectiveAccess: type.effectiveAccess, protocols: protocols.sorted(), doc: type.doc,
                cases: typeCases.map { property in
                    ErrorRecord.Case(name: property.name, line: property.line, associatedValues: property.associatedValues,
                                     doc: property.doc, errorDescription: text("errorDescription", forCase: property.name),
                                     failureReason: text("failureReason", forCase: property.name))
                },
                errorDescription: typeCases.isEmpty ? text("errorDescription", forCase: nil) : nil))
        }
        return records.sorted { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }
    }
}
