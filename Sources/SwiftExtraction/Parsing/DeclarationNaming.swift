import Inventory
import SwiftSyntax

/// The compiler's names for declarations: full names such as `fetch(id:completion:)`, `init(_:)`,
/// `subscript(row:column:)` and `==(_:_:)`, and type names as the symbol graph writes them.
enum DeclarationNaming {
    /// `base(label1:label2:)` with `_` for an unlabeled argument.
    static func fullName(base: String, labels: [String?]) -> String {
        base + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }

    /// The argument labels of a function or initializer: the first name, `nil` for `_`.
    static func functionLabels(_ parameters: FunctionParameterListSyntax) -> [String?] {
        parameters.map { parameter in
            let label = SyntaxText.identifier(parameter.firstName)
            return label == "_" ? nil : label
        }
    }

    /// The argument labels of a subscript: a subscript parameter has a label only when it is written
    /// with two names (`subscript(row r: Int)`).
    static func subscriptLabels(_ parameters: FunctionParameterListSyntax) -> [String?] {
        parameters.map { parameter in
            guard parameter.secondName != nil else { return nil }
            let label = SyntaxText.identifier(parameter.firstName)
            return label == "_" ? nil : label
        }
    }

    /// True when a function's name token is an operator (`==`, `+`, `<~>`, …).
    static func isOperator(_ name: TokenSyntax) -> Bool {
        switch name.tokenKind {
        case .binaryOperator, .prefixOperator, .postfixOperator: return true
        default: return false
        }
    }

    /// The records' parameters: label (`nil` for `_` or a subscript's unlabeled parameter), name, type as
    /// written (with `...` for a variadic parameter) and default value.
    /// An operator's parameters have no argument labels (`static func + (lhs: V, rhs: V)`: both `nil`); a parameter's
    /// attributes (`@ViewBuilder content: () -> V`) are part of its type as written. `source` is the file's text,
    /// which collapses most types and default values from their bytes.
    static func parameters(
        _ list: FunctionParameterListSyntax, isSubscript: Bool, isOperator: Bool = false, source: SyntaxText.Source
    ) -> [FunctionRecord.Parameter] {
        let labels =
            isOperator ? Array(repeating: nil, count: list.count) : isSubscript ? subscriptLabels(list) : functionLabels(list)
        return zip(list, labels).map { parameter, label in
            let name = SyntaxText.identifier(parameter.secondName ?? parameter.firstName)
            var type = source.collapsed(parameter.type)
            if !parameter.attributes.isEmpty { type = source.collapsed(parameter.attributes) + " " + type }
            if parameter.ellipsis != nil { type += "..." }
            return FunctionRecord.Parameter(
                label: label, name: name, type: type,
                defaultValue: parameter.defaultValue.map { source.collapsed($0.value) })
        }
    }

    /// The name of an extended type as the symbol graph writes it: generic arguments removed, a leading
    /// module qualifier removed, sugar spelled out (`[T]` → `Array`, `[K: V]` → `Dictionary`, `T?` → `Optional`).
    ///
    /// - Parameter moduleNames: names that count as module qualifiers (the file's imports, its own module,
    ///   `Swift`).
    static func extendedTypeName(_ type: TypeSyntax, moduleNames: Set<String>) -> String {
        var components = typeComponents(type)
        if components.count > 1, moduleNames.contains(components[0]) {
            components.removeFirst()
        }
        return components.joined(separator: ".")
    }

    /// The dotted components of a type reference without generic arguments.
    static func typeComponents(_ type: TypeSyntax) -> [String] {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return [SyntaxText.identifier(identifier.name)]
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return typeComponents(member.baseType) + [SyntaxText.identifier(member.name)]
        }
        if type.is(ArrayTypeSyntax.self) { return ["Array"] }
        if type.is(DictionaryTypeSyntax.self) { return ["Dictionary"] }
        if type.is(OptionalTypeSyntax.self) { return ["Optional"] }
        if type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return ["Optional"] }
        if let attributed = type.as(AttributedTypeSyntax.self) { return typeComponents(attributed.baseType) }
        return [SyntaxText.collapsed(type)]
    }
}
