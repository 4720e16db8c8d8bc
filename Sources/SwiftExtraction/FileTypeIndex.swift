import Inventory
import SwiftSyntax

/// What one file declares that the access rules of its extensions depend on: the modules it imports and
/// the access levels of the types it declares (outside extensions). Private and fileprivate types can only
/// be extended in their own file, so this is enough to apply the compiler's caps to such extensions.
struct FileTypeIndex {
    /// The access of a type declared in the file.
    struct TypeAccess {
        /// The level the compiler reports for the type.
        var formal: AccessLevel
        /// The most a caller can see of the type.
        var effective: AccessLevel
    }

    /// Module names imported by the file.
    var importedModules: Set<String> = []
    /// Types declared in the file, by dotted path.
    var types: [String: TypeAccess] = [:]

    /// Indexes the top-level declarations of `file`.
    init(_ file: SourceFileSyntax) {
        collect(file.statements, path: nil, parentEffective: .open)
    }

    private mutating func collect(_ items: CodeBlockItemListSyntax, path: String?, parentEffective: AccessLevel) {
        for item in items {
            if case .decl(let decl) = item.item {
                collect(decl, path: path, parentEffective: parentEffective)
            }
        }
    }

    private mutating func collect(_ decl: DeclSyntax, path: String?, parentEffective: AccessLevel) {
        if let importDecl = decl.as(ImportDeclSyntax.self), let first = importDecl.path.first {
            importedModules.insert(SyntaxText.identifier(first.name))
            return
        }
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            for clause in ifConfig.clauses {
                switch clause.elements {
                case .statements(let items): collect(items, path: path, parentEffective: parentEffective)
                case .decls(let members): collect(members, path: path, parentEffective: parentEffective)
                default: break
                }
            }
            return
        }
        guard let type = decl.asProtocol(DeclGroupSyntax.self), !decl.is(ExtensionDeclSyntax.self),
            let name = TypeDeclaration.nameToken(of: decl)
        else { return }
        let fullPath = path.map { "\($0).\(SyntaxText.identifier(name))" } ?? SyntaxText.identifier(name)
        let formal = AccessRules.explicitLevel(type.modifiers) ?? .internal
        let effective = min(AccessRules.visibility(of: formal, atFileScope: path == nil), parentEffective)
        types[fullPath] = TypeAccess(formal: formal, effective: effective)
        collect(type.memberBlock.members, path: fullPath, parentEffective: effective)
    }

    private mutating func collect(_ members: MemberBlockItemListSyntax, path: String?, parentEffective: AccessLevel) {
        for member in members {
            collect(member.decl, path: path, parentEffective: parentEffective)
        }
    }
}

/// Facts about type declarations shared by the index and the collector.
enum TypeDeclaration {
    /// The name token of a class, struct, enum, protocol or actor declaration.
    static func nameToken(of decl: DeclSyntax) -> TokenSyntax? {
        if let node = decl.as(ClassDeclSyntax.self) { return node.name }
        if let node = decl.as(StructDeclSyntax.self) { return node.name }
        if let node = decl.as(EnumDeclSyntax.self) { return node.name }
        if let node = decl.as(ProtocolDeclSyntax.self) { return node.name }
        if let node = decl.as(ActorDeclSyntax.self) { return node.name }
        return nil
    }
}
