import Foundation
import Inventory
import SwiftSyntax

/// Walks one fully parsed file for ``AppCodeReader``: the `errorDescription` / `failureReason` getters of error
/// types, the `@Model` classes, the literal keys of localized strings, and SwiftGen's `L10n` accessors.
final class AppCodeVisitor: SyntaxVisitor {
    /// What one file holds: a function of its text alone, so that ``AppCodeCache`` can keep it.
    struct Findings: Codable, Sendable {
        /// The file, relative to the root.
        var file = ""
        /// What `errorDescription` and `failureReason` getters return, for every type that has one.
        var errorTexts: [ErrorTypeFinder.ErrorText] = []
        var modelClasses: [String] = []
        var uses: [LocalizedStringUse] = []
        /// SwiftGen accessors declared in the file: `L10n.Recipes.title` → table and key.
        var accessors: [Accessor] = []
        /// SwiftUI navigation calls, each with the types its content builds (breadth first), resolved to a project
        /// view once the views are known.
        var transitions: [PendingTransition] = []
        /// The file's type aliases (`typealias OSViewController = UIViewController`).
        var aliases: [Alias] = []
    }

    /// A SwiftGen accessor and the key it stands for.
    struct Accessor: Codable, Sendable {
        var path: String
        var table: String
        var key: String
    }

    /// A type alias: its name and the aliased type.
    struct Alias: Codable, Sendable {
        var name: String
        var target: String
    }

    /// A navigation call whose destination is the first of `candidates` that is a project view.
    struct PendingTransition: Codable, Sendable {
        var source: String
        var kind: String
        var line: Int
        /// The names of the types called in the content, breadth first (at most 64).
        var candidates: [String]
    }

    /// The SwiftUI modifiers whose content closure presents a view, with the transition kind they stand for.
    static let presentingModifiers: [String: String] = [
        "navigationDestination": "navigationDestination", "sheet": "sheet", "fullScreenCover": "fullScreenCover", "popover": "popover",
    ]

    /// Initialisers whose first unlabelled string literal is a `LocalizedStringKey` (SwiftUI views).
    static let localizedTitleViews: Set<String> = [
        "Text", "LocalizedStringKey", "Button", "Toggle", "TextField", "SecureField", "Label", "Section", "Picker", "Menu",
        "Link", "NavigationLink", "Stepper", "DatePicker", "ColorPicker", "LabeledContent", "GroupBox", "ContentUnavailableView",
    ]
    /// Modifiers whose first unlabelled string literal is a `LocalizedStringKey`.
    static let localizedTitleModifiers: Set<String> = ["navigationTitle", "help", "alert", "confirmationDialog", "accessibilityLabel", "accessibilityHint"]

    private(set) var findings = Findings()
    private let file: String
    private let converter: SourceLocationConverter
    private var typeStack: [String] = []

    init(tree: SourceFileSyntax, file: String) {
        self.file = file
        self.converter = SourceLocationConverter(fileName: file, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Types

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        typeStack.append(node.name.text)
        if node.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Model" }) {
            findings.modelClasses.append(typeStack.joined(separator: "."))
        }
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { typeStack.append(node.name.text); return .visitChildren }
    override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { typeStack.append(node.name.text); return .visitChildren }
    override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { typeStack.append(node.name.text); return .visitChildren }
    override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        typeStack.append(node.extendedType.trimmedDescription)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

    // MARK: Error texts

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !typeStack.isEmpty else { return .visitChildren }
        let path = typeStack.joined(separator: ".")
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  name == "errorDescription" || name == "failureReason",
                  let statements = Self.getterStatements(of: binding) else { continue }
            var text = ErrorTypeFinder.ErrorText(typeName: path, property: name, perCase: [:], otherwise: nil)
            if let switchExpression = Self.onlySwitch(in: statements) {
                for clause in switchExpression.cases {
                    guard let switchCase = clause.as(SwitchCaseSyntax.self) else { continue }
                    let value = Self.returnedText(of: switchCase.statements)
                    switch switchCase.label {
                    case .case(let label):
                        for item in label.caseItems {
                            if let caseName = Self.caseName(in: item.pattern), let value { text.perCase[caseName] = value }
                        }
                    case .default:
                        text.otherwise = value
                    }
                }
            } else {
                text.otherwise = Self.returnedText(of: statements)
            }
            findings.errorTexts.append(text)
        }
        return .visitChildren
    }

    /// The statements of a property's getter (`var x: T { … }` or `get { … }`).
    static func getterStatements(of binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        switch binding.accessorBlock?.accessors {
        case .getter(let statements)?:
            return statements
        case .accessors(let accessors)?:
            return accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        case nil:
            return nil
        }
    }

    /// The `switch` when it is the getter's only statement (or the value of its only `return`).
    static func onlySwitch(in statements: CodeBlockItemListSyntax) -> SwitchExprSyntax? {
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        if let expression = item.as(ExprSyntax.self) { return expression.as(SwitchExprSyntax.self) }
        if let statement = item.as(ExpressionStmtSyntax.self) { return statement.expression.as(SwitchExprSyntax.self) }
        if let returned = item.as(ReturnStmtSyntax.self) { return returned.expression?.as(SwitchExprSyntax.self) }
        return nil
    }

    /// The case a `case` pattern names: `.notFound`, `.notFound(let id)`, `let .notFound(id)`.
    static func caseName(in pattern: PatternSyntax) -> String? {
        let text = pattern.trimmedDescription
        guard let dot = text.firstIndex(of: ".") else { return nil }
        let name = text[text.index(after: dot)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// What a one-statement body returns when it is a string literal (its text, interpolations as written) or a
    /// localized string (the call or accessor as written); `nil` otherwise.
    static func returnedText(of statements: CodeBlockItemListSyntax) -> String? {
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        var expression: ExprSyntax?
        if let returned = item.as(ReturnStmtSyntax.self) { expression = returned.expression }
        else if let value = item.as(ExprSyntax.self) { expression = value }
        else if let statement = item.as(ExpressionStmtSyntax.self) { expression = statement.expression }
        guard let expression else { return nil }
        if let literal = expression.as(StringLiteralExprSyntax.self) { return literalText(literal) }
        let written = expression.trimmedDescription.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let localized = ["NSLocalizedString(", "String(localized:", "LocalizedStringResource(", "L10n.", "Strings."]
        return localized.contains(where: { written.hasPrefix($0) }) ? written : nil
    }

    /// A literal's text, interpolations written back as `\(…)`.
    static func literalText(_ literal: StringLiteralExprSyntax) -> String {
        literal.segments.map { segment -> String in
            switch segment {
            case .stringSegment(let text): return text.content.text
            case .expressionSegment(let interpolation): return interpolation.trimmedDescription
            }
        }.joined()
    }

    // MARK: Localized strings

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        recordTransition(node)
        let callee = node.calledExpression.trimmedDescription
        let arguments = Array(node.arguments)
        func literal(_ argument: LabeledExprSyntax?) -> StringLiteralExprSyntax? {
            argument?.expression.as(StringLiteralExprSyntax.self)
        }
        func labelled(_ label: String) -> String? {
            literal(arguments.first { $0.label?.text == label }).map(Self.literalText)
        }
        let first = arguments.first
        switch callee {
        case "NSLocalizedString":
            if let key = literal(first), first?.label == nil { record(key, table: labelled("tableName"), form: "NSLocalizedString") }
        case "String", "LocalizedStringResource", "String.LocalizationValue", "AttributedString":
            if first?.label?.text == "localized", let key = literal(first) {
                record(key, table: labelled("table"), form: "\(callee)(localized:)")
            } else if callee == "LocalizedStringResource", first?.label == nil, let key = literal(first) {
                record(key, table: labelled("table"), form: callee)
            }
        case "L10n.tr", "tr":
            // A SwiftGen accessor's definition: `static let title = L10n.tr("Localizable", "recipes.title", …)`.
            if arguments.count >= 2, let table = literal(arguments[0]), let key = literal(arguments[1]), let path = accessorPath(of: node) {
                findings.accessors.append(Accessor(path: path, table: Self.literalText(table), key: Self.literalText(key)))
            }
        default:
            let name = callee.split(separator: ".").last.map(String.init) ?? callee
            let isModifier = node.calledExpression.is(MemberAccessExprSyntax.self) && Self.localizedTitleModifiers.contains(name)
            if (Self.localizedTitleViews.contains(callee) || isModifier), first?.label == nil, let key = literal(first) {
                record(key, table: labelled("tableName"), form: isModifier ? name : callee)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard !(node.parent?.is(MemberAccessExprSyntax.self) ?? false) else { return .visitChildren }
        let path = node.trimmedDescription
        if path.hasPrefix("L10n."), path != "L10n.tr", !path.contains("("), !path.contains(where: \.isWhitespace) {
            let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
            findings.uses.append(LocalizedStringUse(table: nil, key: path, file: file, line: location.line, column: location.column, form: "L10n"))
        }
        return .visitChildren
    }

    // MARK: Transitions

    /// Records `NavigationLink(destination: View())` (or its trailing closure) and `.navigationDestination`, `.sheet`,
    /// `.fullScreenCover`, `.popover` whose content builds a project view.
    private func recordTransition(_ node: FunctionCallExprSyntax) {
        let kind: String
        var content: [Syntax] = []
        if node.calledExpression.trimmedDescription == "NavigationLink" {
            kind = "navigationLink"
            if let destination = node.arguments.first(where: { $0.label?.text == "destination" }) {
                content = [Syntax(destination.expression)]
            } else if !node.arguments.contains(where: { $0.label?.text == "value" }), let closure = node.trailingClosure {
                content = [Syntax(closure)]
            }
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                  let presenting = Self.presentingModifiers[member.declName.baseName.text] {
            kind = presenting
            content = node.arguments.filter { ["content", "destination"].contains($0.label?.text ?? "") }.map { Syntax($0.expression) }
            if let closure = node.trailingClosure { content.append(Syntax(closure)) }
        } else {
            return
        }
        let candidates = content.flatMap { calledTypes(in: $0) }
        guard !candidates.isEmpty, !typeStack.isEmpty else { return }
        // A modifier's line is its name's, not the start of the chain it ends.
        let position = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.positionAfterSkippingLeadingTrivia
            ?? node.calledExpression.positionAfterSkippingLeadingTrivia
        let location = converter.location(for: position)
        findings.transitions.append(PendingTransition(source: typeStack.joined(separator: "."), kind: kind, line: location.line,
                                                      candidates: candidates))
    }

    /// The names of the types called in `syntax`, breadth first (`Outer(Inner())` gives `Outer`, `Inner`): calls
    /// whose callee starts with a capital letter, at most 64.
    private func calledTypes(in syntax: Syntax) -> [String] {
        var queue = [syntax]
        var index = 0
        var names: [String] = []
        while index < queue.count, index < 2_000, names.count < 64 {
            let current = queue[index]
            index += 1
            if let call = current.as(FunctionCallExprSyntax.self) {
                let callee = call.calledExpression.trimmedDescription
                if callee.first?.isUppercase == true, !callee.contains(where: { $0.isWhitespace || $0 == "(" }) { names.append(callee) }
            }
            queue.append(contentsOf: current.children(viewMode: .sourceAccurate))
        }
        return names
    }

    /// Records a literal key; interpolations become `%@`.
    private func record(_ literal: StringLiteralExprSyntax, table: String?, form: String) {
        let key = literal.segments.map { segment -> String in
            switch segment {
            case .stringSegment(let text): return text.content.text
            case .expressionSegment: return "%@"
            }
        }.joined()
        guard !key.isEmpty else { return }
        let location = converter.location(for: literal.positionAfterSkippingLeadingTrivia)
        findings.uses.append(LocalizedStringUse(table: table, key: key, file: file, line: location.line, column: location.column, form: form))
    }

    /// The accessor a SwiftGen `tr` call defines: the enclosing enums and the property or function name
    /// (`L10n.Recipes.title`), or `nil` outside a declaration.
    private func accessorPath(of node: FunctionCallExprSyntax) -> String? {
        var member: String?
        var current: Syntax? = node.parent
        while let syntax = current, member == nil {
            if let binding = syntax.as(PatternBindingSyntax.self) {
                member = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            } else if let function = syntax.as(FunctionDeclSyntax.self) {
                // `private static func tr(…)` itself is not an accessor.
                member = function.name.text == "tr" ? nil : function.name.text
                if member == nil { return nil }
            }
            current = syntax.parent
        }
        guard let member, !typeStack.isEmpty else { return nil }
        return (typeStack + [member]).joined(separator: ".")
    }
}
