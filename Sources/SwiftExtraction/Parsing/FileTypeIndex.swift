import Inventory
import SwiftSyntax

/// What one file declares that the access rules of its extensions depend on: the modules it imports and
/// the access levels of the types it declares (also those nested in extensions). Private and fileprivate types can only
/// be extended in their own file, so this is enough to apply the compiler's caps to such extensions.
struct FileTypeIndex {
    /// The access of a type declared in the file.
    struct TypeAccess {
        /// The level the compiler reports for the type.
        var formal: AccessLevel
        /// The most a caller can see of the type.
        var effective: AccessLevel
    }

    /// Names that count as a module qualifier in an extended type (`extension Foundation.Date`): the
    /// file's imports and the system modules other imports often re-export (not the file's own module).
    var moduleNames: Set<String> = []
    /// Types declared in the file, by dotted path.
    var types: [String: TypeAccess] = [:]

    /// Modules often used as qualifiers without being imported directly (they come with other imports).
    static let systemModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "CoreFoundation", "Dispatch", "Darwin", "Glibc", "Musl",
        "ObjectiveC", "UIKit", "AppKit", "SwiftUI", "Combine", "CoreGraphics", "CoreData", "XCTest", "os",
    ]

    /// Indexes the declarations of `file`, which belongs to `module`.
    init(_ file: SourceFileSyntax, module: String) {
        var imports: Set<String> = []
        var extensions: [ExtensionDeclSyntax] = []
        Self.topLevelDeclarations(file.statements) { decl in
            if let importDecl = decl.as(ImportDeclSyntax.self), let first = importDecl.path.first {
                imports.insert(SyntaxText.identifier(first.name))
            } else if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
                extensions.append(extensionDecl)
            } else {
                collect(decl, path: nil, memberDefault: .internal, parentEffective: .open)
            }
        }
        // The file's own module is not stripped here: a type named like its module (`Router` in module
        // `Router`) wins over the module in `extension Router.Route`. `CrossFileRules` strips it once every file
        // is known and the module turns out to declare no such type.
        moduleNames = imports.union(Self.systemModules).subtracting([module])
        // Types nested in extensions, once the extended types are known.
        for extensionDecl in extensions {
            let name = DeclarationNaming.extendedTypeName(extensionDecl.extendedType, moduleNames: moduleNames)
            let explicit = AccessRules.explicitLevel(extensionDecl.modifiers)
            for member in extensionDecl.memberBlock.members {
                collect(
                    member.decl, path: name,
                    memberDefault: AccessRules.extensionMemberLevel(explicit: explicit, maximum: nil),
                    parentEffective: types[name]?.effective ?? .open)
            }
        }
    }

    /// Calls `body` with each top-level declaration, looking into `#if` clauses.
    private static func topLevelDeclarations(_ items: CodeBlockItemListSyntax, _ body: (DeclSyntax) -> Void) {
        for item in items {
            guard case .decl(let decl) = item.item else { continue }
            if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    if case .statements(let nested) = clause.elements { topLevelDeclarations(nested, body) }
                }
            } else {
                body(decl)
            }
        }
    }

    private mutating func collect(
        _ decl: DeclSyntax, path: String?, memberDefault: AccessLevel, parentEffective: AccessLevel
    ) {
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            for clause in ifConfig.clauses {
                guard case .decls(let members) = clause.elements else { continue }
                for member in members {
                    collect(member.decl, path: path, memberDefault: memberDefault, parentEffective: parentEffective)
                }
            }
            return
        }
        guard let type = Self.typeParts(of: decl) else { return }
        let fullPath = path.map { "\($0).\(SyntaxText.identifier(type.name))" } ?? SyntaxText.identifier(type.name)
        let formal = AccessRules.explicitLevel(type.modifiers) ?? memberDefault
        let effective = min(AccessRules.visibility(of: formal, atFileScope: path == nil), parentEffective)
        types[fullPath] = TypeAccess(formal: formal, effective: effective)
        for member in type.members {
            collect(member.decl, path: fullPath, memberDefault: .internal, parentEffective: effective)
        }
    }

    /// The name, modifiers and members of a class, struct, enum, protocol or actor declaration, or `nil` for any other
    /// declaration. Found by the node's kind: a cast to `DeclGroupSyntax` is a dynamic cast, which was most of the
    /// index's time.
    private static func typeParts(
        of decl: DeclSyntax
    ) -> (name: TokenSyntax, modifiers: DeclModifierListSyntax, members: MemberBlockItemListSyntax)? {
        switch decl.as(DeclSyntaxEnum.self) {
        case .classDecl(let node): (node.name, node.modifiers, node.memberBlock.members)
        case .structDecl(let node): (node.name, node.modifiers, node.memberBlock.members)
        case .enumDecl(let node): (node.name, node.modifiers, node.memberBlock.members)
        case .protocolDecl(let node): (node.name, node.modifiers, node.memberBlock.members)
        case .actorDecl(let node): (node.name, node.modifiers, node.memberBlock.members)
        default: nil
        }
    }
}
