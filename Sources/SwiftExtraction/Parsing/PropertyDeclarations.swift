import Inventory
import SwiftParser
import SwiftSyntax

/// What a property's declaration says about it without the rest of the project: its accessors, the type of its
/// initial value, its associated values (Documentation/Extraction.md, "Property records").
enum PropertyDeclarations {
    /// The accessor keywords of an accessor block that lists them (`get`, `set`, `willSet`, …): the names that start
    /// an explicit accessor, besides attributes and `mutating`/`nonmutating`.
    static let accessorKeywords: Set<String> = [
        "get", "set", "willSet", "didSet", "_read", "_modify", "read", "modify", "unsafeAddress",
        "unsafeMutableAddress", "init", "mutating", "nonmutating", "__consuming", "borrowing", "consuming",
    ]

    /// The accessors an accessor block declares: their keywords in order (`["get", "set"]`); an implicit getter
    /// (`var x: Int { 42 }`) is `["get"]`.
    ///
    /// - Parameter block: The accessor block as parsed.
    /// - Returns: The accessor keywords; an empty getter's block (a body the pre-pass emptied) gives `[]`.
    static func accessors(of block: AccessorBlockSyntax) -> [String] {
        switch block.accessors {
        case .accessors(let list):
            return list.map { $0.accessorSpecifier.text }
        case .getter(let items):
            return items.isEmpty ? [] : ["get"]
        }
    }

    /// The accessors an accessor block declares, read from its text as written (`inside` is what lies between its
    /// braces): for a block whose inside the pre-pass emptied (`FunctionBodySkipping`). The first word decides an
    /// implicit getter; a block that lists accessors is parsed on its own.
    ///
    /// - Parameter inside: The text between the braces, as written.
    /// - Returns: The accessor keywords, `["get"]` for an implicit getter, `[]` for a block that holds nothing.
    static func accessors(inside: Substring) -> [String] {
        guard let word = firstWord(of: inside) else { return [] }
        guard accessorKeywords.contains(word) || word.hasPrefix("@") else { return ["get"] }
        var parser = Parser("var _x: _T {" + String(inside) + "\n}")
        let file = SourceFileSyntax.parse(from: &parser)
        guard let item = file.statements.first?.item.as(VariableDeclSyntax.self),
              let block = item.bindings.first?.accessorBlock
        else { return ["get"] }
        let found = accessors(of: block)
        return found.isEmpty ? ["get"] : found
    }

    /// The first word of `text` after white space and comments (`@` included for an attribute), or `nil`.
    private static func firstWord(of text: Substring) -> String? {
        var rest = text[...]
        while let first = rest.first {
            if first.isWhitespace {
                rest = rest.dropFirst()
            } else if rest.hasPrefix("//") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*") {
                guard let end = rest.range(of: "*/") else { return nil }
                rest = rest[end.upperBound...]
            } else {
                break
            }
        }
        let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "@" }
        return word.isEmpty ? String(rest.prefix(1)) : String(word)
    }

    /// The type of an initial value when the expression settles it without looking elsewhere: a literal (`0` is
    /// `Int`, `0.5` `Double`, `"x"` `String`, `true` `Bool`, also negated numbers) or an empty collection built from
    /// its type (`[String]()`, `[String: Int]()`). A call of a type of the project (`Cart()`) is settled once every
    /// file is read (`TypeRelations`).
    ///
    /// - Parameter expression: The initial value.
    /// - Returns: The type's text, or `nil`.
    static func literalType(of expression: ExprSyntax) -> String? {
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
           prefix.expression.is(IntegerLiteralExprSyntax.self) || prefix.expression.is(FloatLiteralExprSyntax.self)
        {
            return literalType(of: prefix.expression)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
           call.leftParen != nil
        {
            if let array = call.calledExpression.as(ArrayExprSyntax.self), array.elements.count == 1,
               let element = array.elements.first, isTypeLike(element.expression)
            {
                return SyntaxText.collapsed(call.calledExpression)
            }
            if let dictionary = call.calledExpression.as(DictionaryExprSyntax.self),
               case .elements(let elements) = dictionary.content, elements.count == 1, let element = elements.first,
               isTypeLike(element.key), isTypeLike(element.value)
            {
                return SyntaxText.collapsed(call.calledExpression)
            }
        }
        return nil
    }

    /// Whether an expression can only be a type's name: a capitalised reference, a member of one, a specialised
    /// one, or an array or dictionary of those (`[String]` inside `[[String]]()`).
    private static func isTypeLike(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isUppercase == true
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return member.declName.baseName.text.first?.isUppercase == true && isTypeLike(base)
        }
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
            return isTypeLike(specialized.expression)
        }
        if let array = expression.as(ArrayExprSyntax.self), array.elements.count == 1, let element = array.elements.first {
            return isTypeLike(element.expression)
        }
        return false
    }

    /// `text` cut to `PropertyRecord.defaultValueLimit` characters, ending in `…` when cut.
    static func shortened(_ text: String) -> String {
        let limit = PropertyRecord.defaultValueLimit
        guard text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    /// An enum case's associated values as parameters: `label` is the first name unless it is `_` (`nil` when the
    /// value has no name), `name` the second name, else the first, else empty.
    static func associatedValues(_ clause: EnumCaseParameterClauseSyntax?, source: SyntaxText.Source) -> [FunctionRecord.Parameter] {
        guard let clause else { return [] }
        return clause.parameters.map { parameter in
            let first = parameter.firstName.map(SyntaxText.identifier)
            let second = parameter.secondName.map(SyntaxText.identifier)
            return FunctionRecord.Parameter(
                label: first == "_" ? nil : first, name: second ?? (first == "_" ? "" : first ?? ""),
                type: source.collapsed(parameter.type), defaultValue: parameter.defaultValue.map { source.collapsed($0.value) })
        }
    }
}
