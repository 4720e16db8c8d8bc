import Inventory
import SwiftSyntax

/// Walks one parsed file and builds its function and type records (Documentation/Extraction.md).
///
/// It keeps a stack of scopes (the file, each type or extension body, and bodies of code when local
/// declarations are wanted), a stack of `#if` conditions, and the current `// MARK:` section of each scope.
/// A type body starts in the section its declaration is in (`// MARK: - Equatable` before an extension
/// groups the extension's members); a MARK inside the body applies until the body ends.
final class DeclarationCollector: SyntaxVisitor {
    /// A declaration context: the file, a type or extension body, or a body of code.
    struct Scope {
        enum Kind {
            case file
            case type(TypeKind)
            case local
        }

        var kind: Kind
        /// Dotted path of the enclosing types (`nil` at file scope).
        var typePath: String?
        /// The kind of the innermost enclosing type or extension.
        var typeKind: TypeKind?
        /// The level the compiler reports for the scope's type (for a `deinit`).
        var formalAccess: AccessLevel
        /// The level of a member declared without a modifier.
        var memberDefault: AccessLevel
        /// The most a member can be seen (the enclosing types' levels).
        var visibilityCap: AccessLevel
        /// The current `// MARK:` section.
        var section: String?

        var isLocal: Bool {
            if case .local = kind { return true }
            return false
        }

        var isFile: Bool {
            if case .file = kind { return true }
            return false
        }

        var isProtocol: Bool {
            if case .type(.protocol) = kind { return true }
            return false
        }
    }

    private let file: String
    private let module: String
    private let includeLocal: Bool
    private let lines: LineTable
    /// The file's text, which collapses most signatures and types from their bytes.
    private let source: SyntaxText.Source
    private let index: FileTypeIndex
    /// Where `MARK:` occurs in the file: trivia without one holds no MARK comment.
    private let markOccurrences: Occurrences
    /// Where the `docsheet:ignore` marker occurs in the file: trivia without one holds no marker.
    private let ignoreMarkerOccurrences: Occurrences

    private var scopes: [Scope]
    private var conditions: [[String]] = []

    /// The function records found, in source order.
    private(set) var functions: [FunctionRecord] = []
    /// The type records found, in source order.
    private(set) var types: [TypeRecord] = []
    /// The property and enum-case records found, in source order.
    private(set) var properties: [PropertyRecord] = []
    /// The file as written, when the tree was parsed from a copy with bodies emptied (`FunctionBodySkipping`): the
    /// accessors of an emptied accessor block are read from it. Lines, and columns outside the bodies, are the same
    /// in both texts.
    private let originalText: String?
    /// Where each line of `originalText` starts (UTF-8 offsets), worked out when first needed.
    private var originalLineStarts: [Int]?
    /// The type records of declarations a `// docsheet:ignore` marker leaves out (the marked types and the types
    /// inside them), in source order: out of the document, but still types the rules across files see.
    private(set) var ignoredTypes: [TypeRecord] = []
    /// The declarations marked `// docsheet:ignore` being walked, innermost last; what is declared while it is not
    /// empty is left out.
    private var ignoredDeclarations: [SyntaxIdentifier] = []
    /// The modules the file imports (first path component of each `import`), in source order.
    private(set) var imports: [String] = []
    /// The type aliases declared outside bodies of code, in source order, for `CrossFileRules`.
    private(set) var aliases: [CrossFileRules.TypeAlias] = []

    /// Creates a collector for the file `tree` (parsed from `text`) at `file` in `module`.
    init(
        tree: SourceFileSyntax, text: String, file: String, module: String, includeLocal: Bool,
        originalText: String? = nil
    ) {
        self.originalText = originalText == text ? nil : originalText
        self.file = file
        self.module = module
        self.includeLocal = includeLocal
        self.lines = LineTable(text: text, tree: tree, fileName: file)
        self.source = SyntaxText.Source(text: text)
        self.index = FileTypeIndex(tree, module: module)
        self.markOccurrences = Occurrences(of: "MARK:", in: text)
        self.ignoreMarkerOccurrences = Occurrences(of: SourceMarkers.ignoreMarker, in: text)
        self.scopes = [
            Scope(
                kind: .file, typePath: nil, typeKind: nil, formalAccess: .internal, memberDefault: .internal,
                visibilityCap: .open, section: nil)
        ]
        super.init(viewMode: .sourceAccurate)
    }

    private var scope: Scope {
        get { scopes[scopes.count - 1] }
        set { scopes[scopes.count - 1] = newValue }
    }

    // MARK: Sections and conditions

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        applyMarks(before: node)
        return .visitChildren
    }

    override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind {
        applyMarks(before: node)
        return .visitChildren
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        applyMarks(before: node.poundKeyword)
        conditions.append(ConditionText.parts(of: node))
        return .visitChildren
    }

    override func visitPost(_ node: IfConfigClauseSyntax) {
        conditions.removeLast()
    }

    /// Applies the MARK comments in `node`'s leading trivia (parsed only when a `MARK:` starts in it).
    private func applyMarks(before node: some SyntaxProtocol) {
        guard leadingTrivia(of: node, mayHold: markOccurrences) else { return }
        for mark in SectionMarks.marks(in: node.leadingTrivia) {
            switch mark {
            case .title(let title): scope.section = title
            case .separator: scope.section = nil
            }
        }
    }

    private var condition: String? { IfConditions.joined(conditions.flatMap { $0 }) }

    // MARK: Bodies of code

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { enterLocal() }
    override func visitPost(_ node: CodeBlockSyntax) { leaveLocal() }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { enterLocal() }
    override func visitPost(_ node: ClosureExprSyntax) { leaveLocal() }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { enterLocal() }
    override func visitPost(_ node: AccessorBlockSyntax) { leaveLocal() }
    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind { enterLocal() }
    override func visitPost(_ node: SwitchCaseSyntax) { leaveLocal() }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let ignored = beginIgnoring(node)
        if !ignored && !scope.isLocal { recordProperties(node) }
        return includeLocal ? .visitChildren : .skipChildren
    }
    override func visitPost(_ node: VariableDeclSyntax) { endIgnoring(node) }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        let ignored = beginIgnoring(node)
        if !ignored && !scope.isLocal { recordCases(node) }
        return .skipChildren
    }
    override func visitPost(_ node: EnumCaseDeclSyntax) { endIgnoring(node) }

    private func enterLocal() -> SyntaxVisitorContinueKind {
        var local = scope
        local.kind = .local
        local.memberDefault = .private
        local.visibilityCap = .private
        local.section = nil
        scopes.append(local)
        return includeLocal ? .visitChildren : .skipChildren
    }

    private func leaveLocal() { scopes.removeLast() }

    // MARK: Types

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(DeclSyntax(node), name: node.name, kind: .class, group: node)
    }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType(node) }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(DeclSyntax(node), name: node.name, kind: .struct, group: node)
    }
    override func visitPost(_ node: StructDeclSyntax) { leaveType(node) }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(DeclSyntax(node), name: node.name, kind: .enum, group: node)
    }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType(node) }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(DeclSyntax(node), name: node.name, kind: .protocol, group: node)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { leaveType(node) }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(DeclSyntax(node), name: node.name, kind: .actor, group: node)
    }
    override func visitPost(_ node: ActorDeclSyntax) { leaveType(node) }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let ignored = beginIgnoring(node)
        let name = DeclarationNaming.extendedTypeName(node.extendedType, moduleNames: index.moduleNames)
        // `extension {` (the parser invented the type): no record, and members as if the extension were not there.
        guard !name.isEmpty else {
            scopes.append(scope)
            return .visitChildren
        }
        let explicit = AccessRules.explicitLevel(node.modifiers)
        let known = index.types[name]
        let maximum = node.genericWhereClause.map { constrainedExtensionMaximum($0, extendedType: known) }
        let level = explicit ?? .internal
        let position = location(of: node.extendedType)
        if !scope.isLocal || includeLocal {
            append(
                TypeRecord(
                    name: name, kind: .extension, module: module, file: file, line: position.line,
                    column: position.column, accessLevel: level,
                    effectiveAccess: min(
                        AccessRules.visibility(of: level, atFileScope: true), known?.effective ?? .open,
                        scope.visibilityCap),
                    inheritedTypes: inheritedTypes(node.inheritanceClause),
                    genericWhere: node.genericWhereClause.map(source.collapsed), condition: condition,
                    doc: documentation(of: node)), ignored: ignored)
        }
        scopes.append(
            Scope(
                kind: .type(.extension), typePath: name, typeKind: .extension, formalAccess: known?.formal ?? level,
                memberDefault: AccessRules.extensionMemberLevel(explicit: explicit, maximum: maximum),
                visibilityCap: min(known?.effective ?? .open, scope.visibilityCap), section: scope.section))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leaveType(node) }

    /// The most a member of a constrained extension gets without a modifier: the extended type's level and the
    /// levels of the types its `where` clause names (at least `fileprivate`), for types declared in this file.
    private func constrainedExtensionMaximum(
        _ whereClause: GenericWhereClauseSyntax, extendedType: FileTypeIndex.TypeAccess?
    ) -> AccessLevel {
        var maximum = AccessLevel.public
        if let extendedType { maximum = min(maximum, max(extendedType.formal, .fileprivate)) }
        for token in whereClause.tokens(viewMode: .sourceAccurate) {
            guard case .identifier = token.tokenKind, let referenced = index.types[SyntaxText.identifier(token)]
            else { continue }
            maximum = min(maximum, max(referenced.formal, .fileprivate))
        }
        return maximum
    }

    private func enterType(
        _ decl: DeclSyntax, name: TokenSyntax, kind: TypeKind, group: some DeclGroupSyntax
    ) -> SyntaxVisitorContinueKind {
        let parent = scope
        let ignored = beginIgnoring(decl)
        // A type whose name the parser had to invent (`struct {`, often a typo that swallows the declarations after
        // it) is no declaration to report; its members are reported as if it were not there, never under an empty
        // type name. The file's syntax-error warning points at it.
        // An empty raw identifier (`` struct `` ``) names nothing either.
        let typeName = SyntaxText.identifier(name)
        guard name.presence == .present, !name.text.isEmpty, !typeName.isEmpty else {
            scopes.append(parent)
            return .visitChildren
        }
        let path = parent.typePath.map { "\($0).\(typeName)" } ?? typeName
        let level = AccessRules.explicitLevel(group.modifiers) ?? parent.memberDefault
        let visibility = min(AccessRules.visibility(of: level, atFileScope: parent.isFile), parent.visibilityCap)
        if !parent.isLocal || includeLocal {
            let position = location(of: name)
            append(
                TypeRecord(
                    name: path, kind: kind, module: module, file: file, line: position.line, column: position.column,
                    accessLevel: level, effectiveAccess: visibility,
                    inheritedTypes: inheritedTypes(group.inheritanceClause),
                    genericWhere: group.genericWhereClause.map(source.collapsed), condition: condition,
                    doc: documentation(of: decl), genericParameters: genericParameters(of: decl),
                    objcName: Self.objcName(in: group.attributes)), ignored: ignored)
        }
        scopes.append(
            Scope(
                kind: .type(kind), typePath: path, typeKind: kind, formalAccess: level,
                memberDefault: kind == .protocol ? AccessRules.requirementLevel(protocolLevel: level) : .internal,
                visibilityCap: visibility, section: parent.section))
        return .visitChildren
    }

    /// The name `@objc(Name)` gives a declaration in Objective-C, or `nil` for a plain `@objc` or none.
    ///
    /// - Parameter attributes: The declaration's attributes.
    /// - Returns: The name in the parentheses, e.g. `MXProfileStore`.
    static func objcName(in attributes: AttributeListSyntax) -> String? {
        for element in attributes {
            guard case .attribute(let attribute) = element, attribute.attributeName.trimmedDescription == "objc",
                  let arguments = attribute.arguments else { continue }
            let name = arguments.trimmedDescription
            if !name.isEmpty { return name }
        }
        return nil
    }

    private func leaveType(_ node: some SyntaxProtocol) {
        scopes.removeLast()
        endIgnoring(node)
    }

    /// Starts leaving out `decl` and what it declares when its leading comments hold `// docsheet:ignore`.
    ///
    /// - Returns: Whether records made now are left out (a marker here or on an enclosing declaration).
    private func beginIgnoring(_ decl: some SyntaxProtocol) -> Bool {
        if leadingTrivia(of: decl, mayHold: ignoreMarkerOccurrences),
           let first = decl.firstToken(viewMode: .sourceAccurate), SourceMarkers.ignores(first) {
            ignoredDeclarations.append(decl.id)
        }
        return !ignoredDeclarations.isEmpty
    }

    /// Stops leaving out what `decl` declares, when `beginIgnoring(_:)` started it.
    private func endIgnoring(_ decl: some SyntaxProtocol) {
        if ignoredDeclarations.last == decl.id { ignoredDeclarations.removeLast() }
    }

    /// Adds a type record, to `ignoredTypes` when it is left out.
    private func append(_ type: TypeRecord, ignored: Bool) {
        if ignored { ignoredTypes.append(type) } else { types.append(type) }
    }

    /// The generic parameters of a struct, class, enum or actor, each as written without its comma.
    private func genericParameters(of decl: DeclSyntax) -> [String] {
        let clause = decl.as(StructDeclSyntax.self)?.genericParameterClause
            ?? decl.as(ClassDeclSyntax.self)?.genericParameterClause
            ?? decl.as(EnumDeclSyntax.self)?.genericParameterClause
            ?? decl.as(ActorDeclSyntax.self)?.genericParameterClause
        return clause?.parameters.map { parameter in
            var text = source.collapsed(parameter)
            if text.hasSuffix(",") { text.removeLast() }
            return text
        } ?? []
    }

    private func inheritedTypes(_ clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.map { source.collapsed($0.type) } ?? []
    }

    // MARK: Imports and type aliases

    /// Records the imported module, which decides whose public aliases the file's extensions can name.
    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let first = node.path.first { imports.append(SyntaxText.identifier(first.name)) }
        return .skipChildren
    }

    /// Records the alias for `CrossFileRules`, which resolves extensions of it once every file is read.
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !scope.isLocal else { return .skipChildren }
        let level = AccessRules.explicitLevel(node.modifiers) ?? scope.memberDefault
        let genericParameters = Set(
            node.genericParameterClause?.parameters.map { SyntaxText.identifier($0.name) } ?? [])
        var target = Self.nominalComponents(node.initializer.value, genericParameters: genericParameters)
        var targetModule: String?
        if let components = target, components.count > 1, index.moduleNames.contains(components[0]) {
            targetModule = components[0]
            target = Array(components.dropFirst())
        }
        let position = location(of: node.name)
        aliases.append(
            CrossFileRules.TypeAlias(
                module: module, file: file, line: position.line, column: position.column,
                name: SyntaxText.identifier(node.name), scopes: scopes.compactMap(\.typePath),
                visibility: min(AccessRules.visibility(of: level, atFileScope: scope.isFile), scope.visibilityCap),
                target: target?.joined(separator: "."), targetModule: targetModule,
                written: source.collapsed(node.initializer.value)))
        return .skipChildren
    }

    /// The dotted components of a nominal type reference without generic arguments (sugar spelled out: `[T]` →
    /// `Array`, `[K: V]` → `Dictionary`, `T?` → `Optional`), or `nil` for a type that cannot be extended by name:
    /// a tuple, a function type, `any P`, `some P`, a composition, a metatype, `Any`, `AnyObject`, `Self`, or one of
    /// `genericParameters` (the alias's own) or a member of one.
    static func nominalComponents(_ type: TypeSyntax, genericParameters: Set<String>) -> [String]? {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            let name = SyntaxText.identifier(identifier.name)
            let nonNominal: Set<String> = ["Any", "AnyObject", "Self"]
            return genericParameters.contains(name) || nonNominal.contains(name) ? nil : [name]
        }
        if let member = type.as(MemberTypeSyntax.self) {
            guard let base = nominalComponents(member.baseType, genericParameters: genericParameters) else { return nil }
            return base + [SyntaxText.identifier(member.name)]
        }
        if type.is(ArrayTypeSyntax.self) { return ["Array"] }
        if type.is(DictionaryTypeSyntax.self) { return ["Dictionary"] }
        #if canImport(SwiftSyntax602)  // `[3 of Int]` (SE-0483) is parsed from swift-syntax 602 on
        if type.is(InlineArrayTypeSyntax.self) { return ["InlineArray"] }
        #endif
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return ["Optional"] }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return nominalComponents(attributed.baseType, genericParameters: genericParameters)
        }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
           only.firstName == nil, only.ellipsis == nil
        {
            return nominalComponents(only.type, genericParameters: genericParameters)
        }
        return nil
    }

    // MARK: Function-like declarations

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        // A `func` whose name the parser had to invent (`func (x: Int)`) is no declaration to report; the file's
        // syntax-error warning points at it.
        guard node.name.presence == .present, !node.name.text.isEmpty else {
            return includeLocal ? .visitChildren : .skipChildren
        }
        let isOperator = DeclarationNaming.isOperator(node.name)
        let baseName = SyntaxText.identifier(node.name)
        // An empty raw identifier (`` func ``() ``, found by the fuzzer) names nothing either: the compiler refuses it.
        guard !baseName.isEmpty else { return includeLocal ? .visitChildren : .skipChildren }
        let kind: FunctionKind
        if isOperator {
            kind = .operator
        } else if scope.isFile || scope.isLocal {
            kind = .function
        } else {
            kind = isTypeLevel(node.modifiers) ? .typeMethod : .method
        }
        let parameters = node.signature.parameterClause.parameters
        let labels: [String?] =
            isOperator
            ? Array(repeating: nil, count: parameters.count) : DeclarationNaming.functionLabels(parameters)
        let effects = node.signature.effectSpecifiers
        record(
            DeclSyntax(node), kind: kind, nameToken: node.name,
            name: DeclarationNaming.fullName(base: baseName, labels: labels), baseName: baseName,
            modifiers: node.modifiers, attributes: node.attributes, bodyStart: node.body?.position,
            isAsync: effects?.asyncSpecifier != nil, throwsClause: effects?.throwsClause,
            parameters: DeclarationNaming.parameters(parameters, isSubscript: false, isOperator: isOperator, source: source),
            returnType: node.signature.returnClause?.type, genericWhere: node.genericWhereClause)
        return includeLocal ? .visitChildren : .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameters = node.signature.parameterClause.parameters
        let effects = node.signature.effectSpecifiers
        record(
            DeclSyntax(node), kind: .initializer, nameToken: node.initKeyword,
            name: DeclarationNaming.fullName(base: "init", labels: DeclarationNaming.functionLabels(parameters)),
            baseName: "init", modifiers: node.modifiers, attributes: node.attributes, bodyStart: node.body?.position,
            isAsync: effects?.asyncSpecifier != nil, throwsClause: effects?.throwsClause,
            parameters: DeclarationNaming.parameters(parameters, isSubscript: false, source: source), returnType: nil,
            genericWhere: node.genericWhereClause)
        return includeLocal ? .visitChildren : .skipChildren
    }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        record(
            DeclSyntax(node), kind: .deinitializer, nameToken: node.deinitKeyword, name: "deinit",
            baseName: "deinit", modifiers: node.modifiers, attributes: node.attributes, bodyStart: node.body?.position,
            isAsync: node.effectSpecifiers?.asyncSpecifier != nil, throwsClause: nil, parameters: [],
            returnType: nil, genericWhere: nil)
        return includeLocal ? .visitChildren : .skipChildren
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameters = node.parameterClause.parameters
        let getterEffects = getter(of: node.accessorBlock)?.effectSpecifiers
        record(
            DeclSyntax(node), kind: isTypeLevel(node.modifiers) ? .typeSubscript : .subscript,
            nameToken: node.subscriptKeyword,
            name: DeclarationNaming.fullName(base: "subscript", labels: DeclarationNaming.subscriptLabels(parameters)),
            baseName: "subscript", modifiers: node.modifiers, attributes: node.attributes,
            bodyStart: node.accessorBlock?.position, isAsync: getterEffects?.asyncSpecifier != nil,
            throwsClause: getterEffects?.throwsClause,
            parameters: DeclarationNaming.parameters(parameters, isSubscript: true, source: source),
            returnType: node.returnClause.type, genericWhere: node.genericWhereClause)
        return includeLocal ? .visitChildren : .skipChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) { endIgnoring(node) }
    override func visitPost(_ node: InitializerDeclSyntax) { endIgnoring(node) }
    override func visitPost(_ node: DeinitializerDeclSyntax) { endIgnoring(node) }
    override func visitPost(_ node: SubscriptDeclSyntax) { endIgnoring(node) }

    private func getter(of block: AccessorBlockSyntax?) -> AccessorDeclSyntax? {
        guard case .accessors(let accessors) = block?.accessors else { return nil }
        return accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }
    }

    /// The throws clause as the schema writes it: `throws`, `rethrows` or `throws(E)` (no space before `(`).
    static func throwsText(_ clause: ThrowsClauseSyntax) -> String {
        guard let type = clause.type else { return clause.throwsSpecifier.text }
        return clause.throwsSpecifier.text + "(" + SyntaxText.collapsed(type) + ")"
    }

    private func isTypeLevel(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    private func record(
        _ decl: DeclSyntax, kind: FunctionKind, nameToken: TokenSyntax, name: String, baseName: String,
        modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax, bodyStart: AbsolutePosition?,
        isAsync: Bool, throwsClause: ThrowsClauseSyntax?, parameters: [FunctionRecord.Parameter],
        returnType: TypeSyntax?, genericWhere: GenericWhereClauseSyntax?
    ) {
        let context = scope
        // Marked or inside a marked declaration: left out, with what is declared in its body.
        guard !beginIgnoring(decl) else { return }
        guard !context.isLocal || includeLocal else { return }
        let accessLevel: AccessLevel
        if let explicit = AccessRules.explicitLevel(modifiers) {
            accessLevel = explicit
        } else if kind == .deinitializer {
            accessLevel = max(context.formalAccess, .internal)
        } else {
            accessLevel = context.memberDefault
        }
        let visibility = min(
            AccessRules.visibility(of: accessLevel, atFileScope: context.isFile), context.visibilityCap)
        let position = location(of: nameToken)
        // The declaration up to its body: from the bytes where they settle it, else from the tokens before the body.
        let signature = source.collapsed(from: decl.positionAfterSkippingLeadingTrivia, to: bodyStart ?? decl.endPositionBeforeTrailingTrivia)
            ?? SyntaxText.collapsed(decl.tokens(viewMode: .sourceAccurate).prefix { token in bodyStart.map { token.position < $0 } ?? true })
        functions.append(
            FunctionRecord(
                file: file, line: position.line, column: position.column, module: module, kind: kind, name: name,
                baseName: baseName, signature: signature,
                enclosingType: context.typePath, enclosingKind: context.typeKind, accessLevel: accessLevel,
                effectiveAccess: visibility, isRequirement: context.isProtocol,
                attributes: attributes.compactMap { element in
                    guard case .attribute(let attribute) = element else { return nil }
                    return source.collapsed(attribute)
                },
                // Not `modifiers.filter`: a syntax collection's `filter` builds a new tree up to the root, which made
                // a file's extraction quadratic in its number of declarations.
                modifiers: modifiers.compactMap { AccessRules.isAccessModifier($0) ? nil : source.collapsed($0) },
                isAsync: isAsync, throws: throwsClause.map(Self.throwsText), parameters: parameters,
                returnType: returnType.map(source.collapsed), genericWhere: genericWhere.map(source.collapsed),
                condition: condition, section: context.isLocal ? nil : context.section,
                doc: documentation(of: decl), lines: lineCount(of: decl)))
    }

    // MARK: Properties and enum cases

    /// Records each name a `let` or `var` declares outside bodies of code: `var a, b: Int` and `let (x, y) = …` give
    /// one record per name.
    private func recordProperties(_ node: VariableDeclSyntax) {
        let context = scope
        let isTypeProperty = context.typePath != nil && isTypeLevel(node.modifiers)
        let accessLevel = AccessRules.explicitLevel(node.modifiers) ?? context.memberDefault
        let visibility = min(AccessRules.visibility(of: accessLevel, atFileScope: context.isFile), context.visibilityCap)
        let setterLevel = node.modifiers.first { $0.detail?.detail.text == "set" }.flatMap { AccessLevel(keyword: $0.name.text) }
        let mutability: PropertyMutability = node.bindingSpecifier.tokenKind == .keyword(.let) ? .let : .var
        let attributes = node.attributes.compactMap { element -> String? in
            guard case .attribute(let attribute) = element else { return nil }
            return source.collapsed(attribute)
        }
        let modifiers = node.modifiers.compactMap { AccessRules.isAccessModifier($0) ? nil : source.collapsed($0) }
        let isLazy = node.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
        let prefix = (attributes + node.modifiers.map { source.collapsed($0) } + [node.bindingSpecifier.text])
            .joined(separator: " ")
        let doc = documentation(of: node)
        let bindings = Array(node.bindings)
        for (index, binding) in bindings.enumerated() {
            // `var a, b: Int`: a name without type or value has the type of the next name that has one.
            var writtenType = binding.typeAnnotation?.type
            if writtenType == nil && binding.initializer == nil {
                writtenType = bindings[(index + 1)...].first { $0.typeAnnotation != nil || $0.initializer != nil }?
                    .typeAnnotation?.type
            }
            let accessors = binding.accessorBlock.map(accessors(of:)) ?? []
            let storage: PropertyStorage?
            let settable: Bool
            if context.isProtocol {
                storage = nil
                settable = accessors.contains("set")
            } else if accessors.contains("willSet") || accessors.contains("didSet") {
                storage = .observed
                settable = true
            } else if binding.accessorBlock != nil {
                storage = .computed
                settable = accessors.contains { ["set", "_modify", "modify", "unsafeMutableAddress"].contains($0) }
            } else {
                storage = isLazy ? .lazy : .stored
                settable = mutability == .var
            }
            let requirementSuffix = context.isProtocol && !accessors.isEmpty ? " { \(accessors.joined(separator: " ")) }" : ""
            for name in Self.names(in: binding.pattern, type: writtenType, value: binding.initializer?.value) {
                let typeText = name.type.map(source.collapsed)
                let position = location(of: name.token)
                properties.append(
                    PropertyRecord(
                        file: file, line: position.line, column: position.column, module: module,
                        kind: isTypeProperty ? .typeProperty : .property, name: SyntaxText.identifier(name.token),
                        type: typeText ?? name.value.flatMap(PropertyDeclarations.literalType(of:)),
                        declaration: prefix + " " + SyntaxText.identifier(name.token) + (typeText.map { ": " + $0 } ?? "")
                            + requirementSuffix,
                        enclosingType: context.typePath, enclosingKind: context.typeKind, accessLevel: accessLevel,
                        setterAccess: settable && mutability == .var ? (setterLevel ?? accessLevel) : nil,
                        effectiveAccess: visibility, isRequirement: context.isProtocol, storage: storage,
                        mutability: mutability, attributes: attributes, modifiers: modifiers,
                        defaultValue: name.value.map { PropertyDeclarations.shortened(source.collapsed($0)) },
                        condition: condition, section: context.section, doc: doc))
            }
        }
    }

    /// The names a binding's pattern declares, each with its written type and initial value when the pattern's
    /// shape lets them be matched (`let (x, y): (Int, Int) = (1, 2)`); `_` declares nothing.
    private static func names(
        in pattern: PatternSyntax, type: TypeSyntax?, value: ExprSyntax?
    ) -> [(token: TokenSyntax, type: TypeSyntax?, value: ExprSyntax?)] {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            return [(identifier.identifier, type, value)]
        }
        guard let tuple = pattern.as(TuplePatternSyntax.self) else { return [] }
        let types = type?.as(TupleTypeSyntax.self).map { Array($0.elements) }
        let values = value?.as(TupleExprSyntax.self).map { Array($0.elements) }
        return tuple.elements.enumerated().flatMap { index, element in
            names(
                in: element.pattern,
                type: types.flatMap { $0.count == tuple.elements.count ? $0[index].type : nil },
                value: values.flatMap { $0.count == tuple.elements.count ? $0[index].expression : nil })
        }
    }

    /// The accessors of a property's accessor block; an emptied block (`FunctionBodySkipping`) is read from the file
    /// as written.
    private func accessors(of block: AccessorBlockSyntax) -> [String] {
        let parsed = PropertyDeclarations.accessors(of: block)
        guard parsed.isEmpty, let originalText else { return parsed }
        let open = location(of: block.leftBrace), close = location(of: block.rightBrace)
        guard let lower = originalOffset(line: open.line, column: open.column),
              let upper = originalOffset(line: close.line, column: close.column)
        else { return ["get"] }
        let utf8 = originalText.utf8
        guard lower < upper, upper <= utf8.count else { return ["get"] }
        let start = utf8.index(utf8.startIndex, offsetBy: lower + 1), end = utf8.index(utf8.startIndex, offsetBy: upper)
        return PropertyDeclarations.accessors(inside: originalText[start..<end])
    }

    /// The UTF-8 offset of a 1-based line and column in `originalText`.
    private func originalOffset(line: Int, column: Int) -> Int? {
        guard let originalText else { return nil }
        if originalLineStarts == nil {
            var starts = [0]
            for (offset, byte) in originalText.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
            originalLineStarts = starts
        }
        guard let starts = originalLineStarts, line >= 1, line <= starts.count else { return nil }
        return starts[line - 1] + column - 1
    }

    /// Records each case of a `case` declaration.
    private func recordCases(_ node: EnumCaseDeclSyntax) {
        let context = scope
        // As for a `deinit`, which cannot carry a modifier either: the enum's level, but at least `internal` (the
        // compiler reports the cases of a `private` enum as `internal`; they are seen no further than the enum).
        let accessLevel = max(context.formalAccess, .internal)
        let visibility = min(AccessRules.visibility(of: accessLevel, atFileScope: false), context.visibilityCap)
        let attributes = node.attributes.compactMap { element -> String? in
            guard case .attribute(let attribute) = element else { return nil }
            return source.collapsed(attribute)
        }
        let modifiers = node.modifiers.compactMap { AccessRules.isAccessModifier($0) ? nil : source.collapsed($0) }
        let prefix = (attributes + modifiers + ["case"]).joined(separator: " ")
        let doc = documentation(of: node)
        for element in node.elements {
            let name = SyntaxText.identifier(element.name)
            guard element.name.presence == .present, !name.isEmpty else { continue }
            let position = location(of: element.name)
            properties.append(
                PropertyRecord(
                    file: file, line: position.line, column: position.column, module: module, kind: .enumCase,
                    name: name, type: nil,
                    declaration: prefix + " " + name + (element.parameterClause.map(source.collapsed) ?? ""),
                    enclosingType: context.typePath, enclosingKind: context.typeKind, accessLevel: accessLevel,
                    setterAccess: nil, effectiveAccess: visibility, isRequirement: false, storage: nil, mutability: nil,
                    attributes: attributes, modifiers: modifiers,
                    associatedValues: PropertyDeclarations.associatedValues(element.parameterClause, source: source),
                    rawValue: element.rawValue.map { source.collapsed($0.value) }, condition: condition,
                    section: context.section, doc: doc))
        }
    }

    // MARK: Helpers

    private func documentation(of decl: some SyntaxProtocol) -> DocComment? {
        guard let first = decl.firstToken(viewMode: .sourceAccurate) else { return nil }
        return DocCommentAttachment.docComment(before: first)
    }

    /// Whether one of `occurrences` (of a marker in the file) starts in `node`'s leading trivia; without one the trivia
    /// holds no such marker.
    private func leadingTrivia(of node: some SyntaxProtocol, mayHold occurrences: Occurrences) -> Bool {
        guard !occurrences.isEmpty else { return false }  // most files: the trivia's place need not be worked out
        let start = node.position.utf8Offset
        return occurrences.start(in: start..<start + node.leadingTriviaLength.utf8Length)
    }

    /// How many lines `decl` spans, from its first token (attributes included) to its last (the end of its body).
    /// Bodies emptied before parsing keep their line breaks (`FunctionBodySkipping`), so the count is the source's.
    private func lineCount(of decl: DeclSyntax) -> Int {
        let first = lines.location(of: decl.positionAfterSkippingLeadingTrivia).line
        let last = lines.location(of: decl.endPositionBeforeTrailingTrivia).line
        return last - first + 1
    }

    private func location(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        lines.location(of: node.positionAfterSkippingLeadingTrivia)
    }
}
