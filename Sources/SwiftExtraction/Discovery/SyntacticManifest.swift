import Foundation
import SwiftParser
import SwiftSyntax

/// Reads a manifest's targets and products from its source without running any of it.
///
/// The manifest's top-level statements are followed in order, as far as their values are known from the text alone:
/// - target calls of every kind (`.target`, `.executableTarget`, `.testTarget`, `.macro`, `.plugin`, and
///   `.systemLibrary` / `.binaryTarget`, which have no Swift sources) with `name`, `path`, `exclude`, `sources` and
///   `dependencies`; products (`.library`, `.executable`, `.plugin`) with their targets;
/// - `let` and `var` constants holding strings, booleans, arrays of strings or of targets; string literals with
///   interpolated constants and strings or arrays joined with `+`; `[[…], […]].flatMap(\.self)` and `.joined()`;
/// - `targets: […] + […]`, `package.targets.append(…)`, `.append(contentsOf:)`, `+=` and the same on a `var`
///   array of targets before the package is made;
/// - `if` statements whose condition is known: boolean constants, `!`, `&&`, `||`, `==`, `!=`, and environment
///   variables (`ProcessInfo.processInfo.environment["NAME"]`), which read as unset, as a plain `swift build` sees them.
///
/// Functions the manifest declares are never called. Whatever only running the manifest could settle — a call that
/// builds targets, a computed name, a loop or an `if` on an unknown value that adds or changes targets — is named in
/// ``Reading/notes`` with its line, and its targets are left out.
enum SyntacticManifest {
    /// A place in the manifest that only evaluation could resolve.
    struct Note: Hashable {
        /// 1-based line.
        var line: Int
        /// 1-based column.
        var column: Int
        /// What was not followed and what it means for the targets.
        var message: String
    }

    /// What the manifest's text says.
    struct Reading {
        /// The targets with Swift sources, in the manifest's order (paths `"\u{0}"` when the manifest gives none).
        var targets: [PackageManifest.Target] = []
        /// The products, in the manifest's order.
        var products: [PackageManifest.Product] = []
        /// The places that were not followed.
        var notes: [Note] = []
    }

    /// The targets of a manifest, read from its text (after `PlatformConditions.resolve`).
    static func targets(in text: String) -> [PackageManifest.Target] {
        read(text).targets
    }

    /// Reads a manifest's text (after `PlatformConditions.resolve`).
    static func read(_ text: String) -> Reading {
        let tree = DeepNestingGuard.parse(text).tree
        var reader = ManifestStatementReader(converter: SourceLocationConverter(fileName: "Package.swift", tree: tree))
        reader.run(tree.statements)
        return reader.finish()
    }
}

/// A value the manifest's text gives, as far as it is known without running it.
private indirect enum ManifestValue {
    case string(String)
    case bool(Bool)
    /// `nil`, or an environment variable (read as unset).
    case absent
    case list([ManifestValue])
    /// A target; `nil` for a kind without Swift sources (`systemLibrary`, `binaryTarget`).
    case target(PackageManifest.Target?)
    case product(PackageManifest.Product)
    /// A target dependency, by name.
    case dependency(String)
    /// Something only evaluation knows: where, and what it is (`a call of ...`).
    case unknown(line: Int, column: Int, what: String)
    /// A value known in part: kept, with a note saying what is missing.
    case noted(ManifestValue, line: Int, column: Int, message: String)

    /// The strings of a list of strings, or `nil` when the value is not one.
    var strings: [String]? {
        guard case .list(let elements) = self else { return nil }
        var result: [String] = []
        for element in elements {
            guard case .string(let text) = element else { return nil }
            result.append(text)
        }
        return result
    }
}

/// Follows a manifest's top-level statements.
private struct ManifestStatementReader {
    let converter: SourceLocationConverter
    /// The manifest's constants and variables.
    var constants: [String: ManifestValue] = [:]
    /// The name the package is bound to (`package`).
    var packageName: String?
    /// The package's `targets:` and `products:` as built so far.
    var packageTargets: [ManifestValue] = []
    var packageProducts: [ManifestValue] = []
    var notes: [SyntacticManifest.Note] = []

    init(converter: SourceLocationConverter) {
        self.converter = converter
    }

    /// The 1-based line and column of `node`.
    func location(_ node: some SyntaxProtocol) -> (line: Int, column: Int) {
        let location = node.startLocation(converter: converter)
        return (location.line, location.column)
    }

    mutating func note(_ node: some SyntaxProtocol, _ message: String) {
        let (line, column) = location(node)
        notes.append(SyntacticManifest.Note(line: line, column: column, message: message))
    }

    mutating func run(_ statements: CodeBlockItemListSyntax) {
        for statement in statements {
            switch statement.item {
            case .decl(let declaration):
                if let variable = declaration.as(VariableDeclSyntax.self) {
                    bind(variable)
                } else if declaration.is(IfConfigDeclSyntax.self) {
                    skipped(Syntax(declaration), kind: "an `#if` on a condition other than the platform")
                }
                // Functions, extensions and types are declarations: never run.
            case .stmt(let statement):
                if let expression = statement.as(ExpressionStmtSyntax.self) {
                    perform(expression.expression)
                } else {
                    skipped(Syntax(statement), kind: Self.describe(statement))
                }
            case .expr(let expression):
                perform(expression)
            }
        }
    }

    /// `let x = …` / `var x = …`, and `let package = Package(…)`.
    mutating func bind(_ variable: VariableDeclSyntax) {
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if binding.accessorBlock != nil {
                let (line, column) = location(binding)
                constants[name] = .unknown(line: line, column: column, what: "the computed variable `\(name)`")
                continue
            }
            guard let initializer = binding.initializer?.value else {
                constants[name] = .list([])   // `var targets: [Target]` assigned later
                continue
            }
            if let call = initializer.as(FunctionCallExprSyntax.self), Self.calledName(call) == "Package" {
                packageName = name
                for argument in call.arguments {
                    switch argument.label?.text {
                    case "targets": packageTargets = elements(of: value(argument.expression), at: argument.expression)
                    case "products": packageProducts = elements(of: value(argument.expression), at: argument.expression)
                    default: break
                    }
                }
                continue
            }
            constants[name] = value(initializer)
        }
    }

    /// An expression statement: a mutation of the targets, an `if`, or something else.
    mutating func perform(_ expression: ExprSyntax) {
        if let ifExpression = expression.as(IfExprSyntax.self) {
            performIf(ifExpression)
            return
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           let base = member.base, let list = listName(base) {
            let method = member.declName.baseName.text
            let arguments = Array(call.arguments)
            switch (method, arguments.first?.label?.text) {
            case ("append", nil) where arguments.count == 1:
                append(to: list, [value(arguments[0].expression)], at: call)
                return
            case ("append", "contentsOf") where arguments.count == 1:
                append(to: list, elements(of: value(arguments[0].expression), at: arguments[0].expression), at: call)
                return
            default:
                break
            }
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let parts = Array(sequence.elements)
            if parts.count == 3, let list = listName(parts[0]) {
                if let op = parts[1].as(BinaryOperatorExprSyntax.self), op.operator.text == "+=" {
                    append(to: list, elements(of: value(parts[2]), at: parts[2]), at: sequence)
                    return
                }
                if parts[1].is(AssignmentExprSyntax.self) {
                    replace(list, with: elements(of: value(parts[2]), at: parts[2]))
                    return
                }
            }
            if parts.count == 3, parts[1].is(AssignmentExprSyntax.self) || parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=",
               let name = parts[0].as(DeclReferenceExprSyntax.self)?.baseName.text {
                // A constant other than a list of targets (a string, settings): follow it when known.
                let right = value(parts[2])
                if parts[1].is(AssignmentExprSyntax.self) {
                    constants[name] = right
                } else if let left = constants[name] {
                    constants[name] = Self.plus(left, right, at: location(sequence))
                }
                return
            }
        }
        skipped(Syntax(expression), kind: expression.is(SwitchExprSyntax.self) ? "a `switch`" : "this statement")
    }

    /// An `if` whose condition is known runs its chosen branch; otherwise it is named when it touches targets.
    mutating func performIf(_ node: IfExprSyntax) {
        var decided: Bool? = true
        for condition in node.conditions {
            guard case .expression(let expression) = condition.condition else {
                decided = nil
                break
            }
            switch truth(value(expression)) {
            case false?: decided = false
            case nil: if decided == true { decided = nil }
            case true?: break
            }
            if decided == false { break }
        }
        switch decided {
        case true?:
            run(node.body.statements)
        case false?:
            switch node.elseBody {
            case .ifExpr(let next)?: performIf(next)
            case .codeBlock(let block)?: run(block.statements)
            case nil: break
            }
        case nil:
            skipped(Syntax(node), kind: "an `if` on a value only running the manifest knows")
        }
    }

    /// Names a statement that is not followed, when it could add, remove or change targets.
    mutating func skipped(_ node: Syntax, kind: String) {
        guard Self.touchesTargets(node) else { return }
        note(node, "\(kind) changes the targets; DocSheet reads manifests without running them, so what it adds or changes "
            + "is missed (--evaluate-manifests runs the manifest's code)")
    }

    /// True when `node` builds targets (a target call outside a `dependencies:` list) or changes a list of targets
    /// or a target's `name`, `path`, `exclude` or `sources` (`targets.append(…)`, `package.targets += …`,
    /// `target.path = …`). Loops that only set other properties (`swiftSettings`) change no file's module.
    static func touchesTargets(_ node: Syntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
                node.label?.text == "dependencies" ? .skipChildren : .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                   ManifestStatementReader.targetCallNames.contains(member.declName.baseName.text) {
                    let labels = node.arguments.map { $0.label?.text }
                    if labels.first == "name", !labels.contains("package"), !labels.contains("condition") { found = true }
                }
                return found ? .skipChildren : .visitChildren
            }
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                // `x.targets = …`, `targets += …`, `target.exclude = …`.
                let parts = Array(node.elements)
                if parts.count == 3, parts[1].is(AssignmentExprSyntax.self)
                    || ["+=", "-="].contains(parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text ?? ""),
                   Self.names(parts[0]) {
                    found = true
                }
                return found ? .skipChildren : .visitChildren
            }
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                // `targets.append(…)`, `package.targets.insert(…)`, `target.exclude.append(…)`.
                if ["append", "insert", "remove", "removeAll", "removeFirst", "removeLast"].contains(node.declName.baseName.text),
                   let base = node.base, Self.names(base) {
                    found = true
                }
                return found ? .skipChildren : .visitChildren
            }
            /// True when `expression` ends in `targets`, `name`, `path`, `exclude` or `sources` (optional chains too).
            static func names(_ expression: ExprSyntax) -> Bool {
                var expression = expression
                while true {
                    if let chained = expression.as(OptionalChainingExprSyntax.self) {
                        expression = chained.expression
                    } else if let forced = expression.as(ForceUnwrapExprSyntax.self) {
                        expression = forced.expression
                    } else {
                        break
                    }
                }
                let last: String?
                if let member = expression.as(MemberAccessExprSyntax.self) {
                    last = member.declName.baseName.text
                } else {
                    last = expression.as(DeclReferenceExprSyntax.self)?.baseName.text
                }
                return ["targets", "name", "path", "exclude", "sources"].contains(last ?? "")
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.found
    }

    /// The target call names of PackageDescription.
    static let targetCallNames: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget"]

    /// Which list an expression names: `package.targets`, `package.products`, or a constant holding a list.
    func listName(_ expression: ExprSyntax) -> String? {
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
           base.baseName.text == packageName {
            let name = member.declName.baseName.text
            return name == "targets" || name == "products" ? "package." + name : nil
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self), case .list? = constants[reference.baseName.text] {
            return reference.baseName.text
        }
        return nil
    }

    mutating func append(to list: String, _ values: [ManifestValue], at node: some SyntaxProtocol) {
        switch list {
        case "package.targets": packageTargets += values
        case "package.products": packageProducts += values
        default:
            if case .list(let existing)? = constants[list] { constants[list] = .list(existing + values) }
        }
    }

    mutating func replace(_ list: String, with values: [ManifestValue]) {
        switch list {
        case "package.targets": packageTargets = values
        case "package.products": packageProducts = values
        default: constants[list] = .list(values)
        }
    }

    /// The elements of a list value; an unknown value is one unknown element.
    func elements(of value: ManifestValue, at node: some SyntaxProtocol) -> [ManifestValue] {
        switch value {
        case .list(let elements): return elements
        case .unknown: return [value]
        default:
            let (line, column) = location(node)
            return [.unknown(line: line, column: column, what: "a value that is not a list")]
        }
    }

    /// The targets and products found, and the notes.
    mutating func finish() -> SyntacticManifest.Reading {
        var reading = SyntacticManifest.Reading()
        if packageName == nil {
            notes.append(SyntacticManifest.Note(line: 1, column: 1, message: "no `let package = Package(…)` found; "
                + "DocSheet reads manifests without running them, so this package's targets are missed "
                + "(--evaluate-manifests runs the manifest's code)"))
        }
        func flatten(_ values: [ManifestValue], into visit: (ManifestValue) -> Void) {
            for value in values {
                if case .list(let inner) = value { flatten(inner, into: visit) } else { visit(value) }
            }
        }
        var unresolved: [(Int, Int, String, String)] = []
        var partial: [SyntacticManifest.Note] = []
        flatten(packageTargets) { value in
            var value = value
            if case .noted(let inner, let line, let column, let message) = value {
                partial.append(SyntacticManifest.Note(line: line, column: column, message: message))
                value = inner
            }
            switch value {
            case .target(let target?): reading.targets.append(target)
            case .target(nil): break
            case .unknown(let line, let column, let what): unresolved.append((line, column, what, "targets"))
            default: break
            }
        }
        notes += partial
        flatten(packageProducts) { value in
            switch value {
            case .product(let product): reading.products.append(product)
            case .unknown(let line, let column, let what): unresolved.append((line, column, what, "products"))
            default: break
            }
        }
        for (line, column, what, list) in unresolved {
            notes.append(SyntacticManifest.Note(line: line, column: column, message: "the package's \(list) include \(what); "
                + "DocSheet reads manifests without running them, so what it gives is missed "
                + "(--evaluate-manifests runs the manifest's code)"))
        }
        var seen = Set<SyntacticManifest.Note>()
        reading.notes = notes.filter { seen.insert($0).inserted }.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        return reading
    }

    // MARK: Values

    /// The value of an expression, as far as the text knows it.
    func value(_ expression: ExprSyntax) -> ManifestValue {
        let (line, column) = location(expression)
        func unknown(_ what: String) -> ManifestValue { .unknown(line: line, column: column, what: what) }
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            var text = ""
            for segment in literal.segments {
                if let piece = segment.as(StringSegmentSyntax.self) {
                    text += piece.content.text
                } else if let interpolation = segment.as(ExpressionSegmentSyntax.self), interpolation.expressions.count == 1,
                          let inner = interpolation.expressions.first, case .string(let part) = value(inner.expression) {
                    text += part
                } else {
                    return unknown("a string built from values only running the manifest knows")
                }
            }
            return .string(text)
        }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return .bool(boolean.literal.tokenKind == .keyword(.true)) }
        if expression.is(NilLiteralExprSyntax.self) { return .absent }
        if let array = expression.as(ArrayExprSyntax.self) { return .list(array.elements.map { value($0.expression) }) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return value(only.expression)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return constants[reference.baseName.text] ?? unknown("`\(reference.baseName.text)`, which is not a constant of the manifest")
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            if case .bool(let flag) = value(prefix.expression) { return .bool(!flag) }
            return unknown("a condition only running the manifest knows")
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self),
           subscriptCall.calledExpression.trimmedDescription.hasSuffix("processInfo.environment") {
            return .absent   // environment variables read as unset
        }
        if let sequence = expression.as(SequenceExprSyntax.self) { return value(sequence) }
        if let call = expression.as(FunctionCallExprSyntax.self) { return value(call) }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
           base.baseName.text == packageName {
            switch member.declName.baseName.text {
            case "targets": return .list(packageTargets)
            case "products": return .list(packageProducts)
            default: break
            }
        }
        return unknown("`\(Self.shortText(expression))`")
    }

    /// `a + b + c`, `a == b`, `a && b || c`, `x as T`.
    func value(_ sequence: SequenceExprSyntax) -> ManifestValue {
        var parts = Array(sequence.elements)
        let where_ = location(sequence)
        // `x as [[Target]]`: the cast changes nothing.
        if parts.count >= 3, parts[parts.count - 2].is(UnresolvedAsExprSyntax.self) { parts.removeLast(2) }
        if parts.count == 1 { return value(parts[0]) }
        let operators = stride(from: 1, to: parts.count, by: 2).map { parts[$0].as(BinaryOperatorExprSyntax.self)?.operator.text }
        let operands = stride(from: 0, to: parts.count, by: 2).map { value(parts[$0]) }
        if operators.allSatisfy({ $0 == "+" }) {
            return operands.dropFirst().reduce(operands[0]) { Self.plus($0, $1, at: where_) }
        }
        if operators.count == 1, let op = operators[0], op == "==" || op == "!=" {
            guard let equal = Self.equal(operands[0], operands[1]) else {
                return .unknown(line: where_.line, column: where_.column, what: "a comparison only running the manifest can settle")
            }
            return .bool(op == "==" ? equal : !equal)
        }
        if operators.allSatisfy({ $0 == "&&" || $0 == "||" }) {
            // && binds tighter than ||.
            var anyUnknown = false
            var index = 0
            while index < operands.count {
                var conjunction: Bool? = true
                repeat {
                    switch Self.truthValue(operands[index]) {
                    case false?: conjunction = false
                    case nil: if conjunction == true { conjunction = nil }
                    case true?: break
                    }
                    index += 1
                } while index < operands.count && operators[index - 1] == "&&"
                if conjunction == true { return .bool(true) }
                if conjunction == nil { anyUnknown = true }
            }
            return anyUnknown ? .unknown(line: where_.line, column: where_.column, what: "a condition only running the manifest knows") : .bool(false)
        }
        return .unknown(line: where_.line, column: where_.column, what: "`\(Self.shortText(sequence))`")
    }

    /// A target, a product, a dependency, `.flatMap(\.self)` / `.joined()` of known lists, or an unknown call.
    func value(_ call: FunctionCallExprSyntax) -> ManifestValue {
        let (line, column) = location(call)
        let name = Self.calledName(call)
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            let baseText = member.base?.trimmedDescription
            let isBare = baseText == nil || ["Target", "PackageDescription.Target", "Product", "PackageDescription.Product",
                                             "Target.Dependency"].contains(baseText!)
            let labels = call.arguments.map { $0.label?.text }
            if isBare, Self.targetCallNames.contains(name), labels.first == "name", !labels.contains("package"), !labels.contains("condition") {
                if name == "plugin" && labels.contains("targets") { return product(call, kind: name) }
                return target(call, callName: name)
            }
            if isBare, ["library", "executable", "plugin"].contains(name), labels.contains("targets") { return product(call, kind: name) }
            if isBare, ["product", "target", "byName"].contains(name), labels.first == "name",
               let argument = call.arguments.first, case .string(let dependency) = value(argument.expression) {
                return .dependency(dependency)
            }
            if let base = member.base, (name == "flatMap" && call.arguments.first?.expression.trimmedDescription == "\\.self")
                || (name == "joined" && call.arguments.isEmpty) {
                if case .list(let outer) = value(base) {
                    return .list(outer.flatMap { element -> [ManifestValue] in
                        if case .list(let inner) = element { return inner }
                        return [element]
                    })
                }
                return value(base)
            }
        }
        return .unknown(line: line, column: column, what: "a call of `\(Self.shortText(call.calledExpression))(…)`, which builds them when the manifest runs")
    }

    /// A target call: `.target(name: …, dependencies: …, path: …, exclude: …, sources: …)`.
    func target(_ call: FunctionCallExprSyntax, callName: String) -> ManifestValue {
        let (line, column) = location(call)
        var name: String?
        var path: String?
        var exclude: [String] = []
        var sources: [String]?
        var dependencies: [String] = []
        var problem: String?
        var missing: [String] = []
        for argument in call.arguments {
            let label = argument.label?.text
            guard ["name", "path", "exclude", "sources", "dependencies"].contains(label) else { continue }
            let argumentValue = value(argument.expression)
            switch label {
            case "name":
                if case .string(let text) = argumentValue { name = text } else { problem = "a target whose name is computed" }
            case "path":
                if case .string(let text) = argumentValue { path = text } else if case .absent = argumentValue {} else {
                    problem = "a target whose `path` is computed"
                }
            case "exclude":
                if let list = argumentValue.strings { exclude = list } else { missing.append("exclude") }
            case "sources":
                if let list = argumentValue.strings { sources = list } else if case .absent = argumentValue {} else {
                    missing.append("sources")
                }
            default:
                if case .list(let elements) = argumentValue {
                    for element in elements {
                        switch element {
                        case .string(let text), .dependency(let text): dependencies.append(text)
                        case .target(let target?): dependencies.append(target.name)   // `.target(name: "X")`
                        default: break
                        }
                    }
                }
            }
        }
        if let problem { return .unknown(line: line, column: column, what: problem + (name.map { " (`\($0)`)" } ?? "")) }
        guard let name else { return .unknown(line: line, column: column, what: "a target without a name") }
        guard let kind = PackageManifest.kind(ofTargetType: callName) else { return .target(nil) }
        let target = ManifestValue.target(PackageManifest.Target(name: name, kind: kind, path: path ?? "\u{0}", exclude: exclude,
                                                                 sources: sources, dependencies: dependencies))
        guard missing.isEmpty else {
            let parts = missing.map { "`\($0)`" }.joined(separator: " and ")
            return .noted(target, line: line, column: column, message: "the \(parts) of target `\(name)` only running the manifest "
                + "gives; DocSheet reads manifests without running them, so the target is kept without \(missing.count == 1 ? "it" : "them") "
                + "(--evaluate-manifests runs the manifest's code)")
        }
        return target
    }

    /// A product call: `.library(name: …, targets: […])`.
    func product(_ call: FunctionCallExprSyntax, kind: String) -> ManifestValue {
        let (line, column) = location(call)
        var name: String?
        var targets: [String] = []
        for argument in call.arguments {
            switch argument.label?.text {
            case "name":
                if case .string(let text) = value(argument.expression) { name = text }
            case "targets":
                guard let list = value(argument.expression).strings else {
                    return .unknown(line: line, column: column, what: "a product whose targets are computed")
                }
                targets = list
            default: break
            }
        }
        guard let name else { return .unknown(line: line, column: column, what: "a product whose name is computed") }
        return .product(PackageManifest.Product(name: name, kind: kind, targets: targets))
    }

    /// `a + b`: strings joined, lists joined.
    static func plus(_ left: ManifestValue, _ right: ManifestValue, at place: (line: Int, column: Int)) -> ManifestValue {
        switch (left, right) {
        case (.string(let a), .string(let b)): return .string(a + b)
        case (.list(let a), .list(let b)): return .list(a + b)
        case (.list(let a), .unknown): return .list(a + [right])
        case (.unknown, .list(let b)): return .list([left] + b)
        case (.unknown, _): return left
        case (_, .unknown): return right
        default: return .unknown(line: place.line, column: place.column, what: "a `+` of values of different kinds")
        }
    }

    /// Whether two known values are equal; `nil` when either is unknown.
    static func equal(_ left: ManifestValue, _ right: ManifestValue) -> Bool? {
        switch (left, right) {
        case (.string(let a), .string(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.absent, .absent): return true
        case (.absent, .string), (.string, .absent), (.absent, .bool), (.bool, .absent): return false
        default: return nil
        }
    }

    /// A condition's truth: `true` / `false`, or `nil` when only evaluation knows.
    func truth(_ value: ManifestValue) -> Bool? { Self.truthValue(value) }

    static func truthValue(_ value: ManifestValue) -> Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// The called function's name: `Package` for `Package(…)`, `target` for `.target(…)`.
    static func calledName(_ call: FunctionCallExprSyntax) -> String {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return ""
    }

    /// What a statement is, for a note.
    static func describe(_ statement: StmtSyntax) -> String {
        if statement.is(ForStmtSyntax.self) { return "a `for` loop" }
        if statement.is(WhileStmtSyntax.self) || statement.is(RepeatStmtSyntax.self) { return "a loop" }
        if statement.is(GuardStmtSyntax.self) { return "a `guard`" }
        return "this statement"
    }

    /// An expression's text on one line, shortened.
    static func shortText(_ node: some SyntaxProtocol) -> String {
        let text = node.trimmedDescription.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}
