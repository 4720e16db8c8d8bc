import Foundation
import Inventory

/// Turns the AST nodes of one file's own declarations (those whose location is in the file clang was given, not in
/// an included header) into records.
struct DeclarationCollector {
    /// The file being read.
    let file: ObjCSourceFile
    /// Its text.
    let source: ObjCSourceText
    /// The records found.
    var result = ObjCExtractor.FileDeclarations()
    /// True once a node of the file itself was seen (a file with only errors has none).
    var sawAnyMainFileNode = false

    /// What encloses a method or property: the class (for a category or extension too) or protocol.
    struct Container {
        var name: String
        var kind: TypeKind
        /// The offsets of `@optional` and `@required` in a protocol, with true for `@optional`.
        var optionalMarkers: [(offset: Int, isOptional: Bool)] = []
    }

    private var access: AccessLevel { file.isHeader ? .public : .private }

    init(file: ObjCSourceFile, source: ObjCSourceText) {
        self.file = file
        self.source = source
    }

    /// True when `node` is written in the file itself.
    private func isInFile(_ node: ASTNode) -> Bool {
        guard let location = node.location ?? node.begin else { return false }
        return location.file == file.path
    }

    /// Collects the records of the top-level `nodes`.
    mutating func collect(_ nodes: [ASTNode]) {
        for node in nodes where isInFile(node) && !node.isImplicit {
            sawAnyMainFileNode = true
            switch node.kind {
            case "ObjCInterfaceDecl":
                guard isDefinition(node), let name = node.string("name") else { continue }
                addType(node, name: name, kind: .class, superclass: node.referencedName("super"))
                addAdoption(of: name, node)
                collectMembers(of: node, in: Container(name: name, kind: .class))
            case "ObjCProtocolDecl":
                guard isDefinition(node), let name = node.string("name") else { continue }
                addType(node, name: name, kind: .protocol, superclass: nil)
                addAdoption(of: name, node)
                collectMembers(of: node, in: Container(name: name, kind: .protocol, optionalMarkers: optionalMarkers(of: node)))
            case "ObjCCategoryDecl":
                guard let name = writtenName(of: node) ?? node.referencedName("interface") else { continue }
                addAdoption(of: name, node)
                collectMembers(of: node, in: Container(name: name, kind: .class))
            case "ObjCImplementationDecl":
                guard let name = node.string("name") else { continue }
                collectMembers(of: node, in: Container(name: name, kind: .class))
            case "ObjCCategoryImplDecl":
                // Without `interface` (a class clang does not know) the node's `name` is the category's.
                guard let name = writtenName(of: node) ?? node.referencedName("interface") else { continue }
                collectMembers(of: node, in: Container(name: name, kind: .class))
            case "FunctionDecl":
                if file.isHeader, node.string("storageClass") != "static" { addFunction(node) }
            case "LinkageSpecDecl":
                collect(node.children)
            default:
                continue
            }
        }
    }

    /// Notes the protocols `node` (a class, category or protocol of a header) adopts or inherits.
    private mutating func addAdoption(of name: String, _ node: ASTNode) {
        let protocols = node.referencedNames("protocols")
        guard file.isHeader, !protocols.isEmpty else { return }
        result.adoptions.append(.init(name: name, protocols: protocols))
    }

    /// The class name of a category or category implementation as written (clang's location is its token): the
    /// class even when clang does not know it, and as the source spells it.
    private func writtenName(of node: ASTNode) -> String? {
        guard let location = node.location, location.tokenLength > 0 else { return nil }
        let name = source.text(location.offset..<(location.offset + location.tokenLength))
        guard let first = name.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first),
              name.unicodeScalars.allSatisfy({ $0 == "_" || CharacterSet.alphanumerics.contains($0) }) else { return nil }
        return name
    }

    /// True for an `@interface` or `@protocol` with a body (ending in `@end`), false for `@class X;`/`@protocol X;`.
    private func isDefinition(_ node: ASTNode) -> Bool {
        guard let end = node.end else { return false }
        return source.has("end", at: end.offset) && end.offset > 0 && source.bytes[end.offset - 1] == UInt8(ascii: "@")
    }

    /// The `@optional`/`@required` markers inside a protocol.
    private func optionalMarkers(of node: ASTNode) -> [(offset: Int, isOptional: Bool)] {
        guard let begin = node.begin, let end = node.end else { return [] }
        let range = begin.offset..<end.offset
        return (source.offsets(of: "@optional", in: range).map { ($0, true) }
            + source.offsets(of: "@required", in: range).map { ($0, false) }).sorted { $0.0 < $1.0 }
    }

    /// The attached doc comment of `node` (clang's `FullComment` child), when it is written in this file.
    private func doc(of node: ASTNode) -> DocComment? {
        guard let comment = node.children.first(where: { $0.kind == "FullComment" }),
              let begin = comment.begin, let end = comment.end, begin.file == file.path, end.file == file.path
        else { return nil }
        return HeaderDocParser.parse(source.commentText(from: begin.offset, to: end.offset + end.tokenLength))
    }

    /// How many lines `node` spans, to the closing brace of its body when it has one.
    private func lineCount(of node: ASTNode) -> Int? {
        guard let begin = node.begin, let end = node.end else { return nil }
        let last = extent(of: node, end: end).bodyEnd ?? end.offset
        return source.line(of: last) - source.line(of: begin.offset) + 1
    }

    /// Where a method's declaration ends with its attributes and macros (`NS_SWIFT_NAME(…)`): before its body, or at
    /// its `;`.
    private func declarationEnd(of node: ASTNode, end: ASTPosition) -> Int {
        let declarationEnd = extent(of: node, end: end).declarationEnd
        // clang's range of a declaration ends with its `;` when the macros come before it.
        if declarationEnd > 0, declarationEnd <= source.bytes.count, source.bytes[declarationEnd - 1] == UInt8(ascii: ";") {
            return declarationEnd - 1
        }
        var index = declarationEnd
        while index < source.bytes.count, source.bytes[index] != UInt8(ascii: ";"), source.bytes[index] != UInt8(ascii: "{"),
              source.bytes[index] != UInt8(ascii: "@"), index - declarationEnd < 400 {
            index += 1
        }
        return index
    }

    /// Where a method's or function's declaration ends (before its body's `{`, or after its last token), and its
    /// body's closing brace. clang runs with `-skip-function-bodies`: a skipped body leaves no `CompoundStmt` and
    /// the range ends at the `{`, so the body's end is found in the text.
    private func extent(of node: ASTNode, end: ASTPosition) -> (declarationEnd: Int, bodyEnd: Int?) {
        var bodyStart: Int?
        if let body = node.children.first(where: { $0.kind == "CompoundStmt" }), let begin = body.begin {
            bodyStart = begin.offset
        } else if end.offset < source.bytes.count, source.bytes[end.offset] == UInt8(ascii: "{") {
            bodyStart = end.offset
        }
        guard let bodyStart else { return (end.offset + end.tokenLength, nil) }
        return (bodyStart, source.closingBrace(of: bodyStart))
    }

    private mutating func addType(_ node: ASTNode, name: String, kind: TypeKind, superclass: String?) {
        guard let location = node.location else { return }
        let protocols = node.referencedNames("protocols")
        let record = TypeRecord(
            name: name, kind: kind, module: file.module, file: file.relativePath,
            line: source.line(of: location.offset), column: source.column(of: location.offset),
            accessLevel: access, effectiveAccess: access, inheritedTypes: (superclass.map { [$0] } ?? []) + protocols,
            doc: doc(of: node), targets: file.targets, moduleKind: file.moduleKind, superclass: superclass,
            conformances: protocols, language: .objc)
        result.types.append(.init(key: "\(kind.rawValue)|\(name)", record: record, fromHeader: file.isHeader))
    }

    private mutating func collectMembers(of node: ASTNode, in container: Container) {
        for child in node.children where !child.isImplicit && isInFile(child) {
            switch child.kind {
            case "ObjCMethodDecl": addMethod(child, in: container)
            case "ObjCPropertyDecl": addProperty(child, in: container)
            default: continue
            }
        }
    }

    private mutating func addMethod(_ node: ASTNode, in container: Container) {
        guard let selector = node.string("name"), let location = node.location, let begin = node.begin,
              let end = node.end else { return }
        let isInstance = node.object["instance"] as? Bool ?? true
        // `- (ReturnType)name…`: the return type in parentheses, then the first selector piece.
        var cursor = source.skippingSpaces(from: location.offset + 1)
        var returnType = "id"
        if let inside = source.parenthesized(at: cursor) {
            returnType = source.collapsedText(inside)
            cursor = source.skippingSpaces(from: inside.upperBound + 1)
        }
        var signatureEnd = extent(of: node, end: end).declarationEnd
        var signature = source.collapsedText(begin.offset..<signatureEnd)
        while signature.hasSuffix(";") || signature.hasSuffix(" ") { signature.removeLast(); signatureEnd -= 1 }
        let pieces = selector.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var parameters: [FunctionRecord.Parameter] = []
        for (index, parameter) in node.children.filter({ $0.kind == "ParmVarDecl" }).enumerated() {
            guard let name = parameter.string("name"), let nameAt = parameter.location, let typeAt = parameter.begin
            else { continue }
            // The type is the parenthesized group before the name, as written (clang's range starts after a
            // leading `nullable`).
            var type: String
            if let group = source.parenthesizedBefore(nameAt.offset) {
                type = source.collapsedText(group)
            } else {
                type = source.collapsedText(typeAt.offset..<nameAt.offset)
                while type.hasSuffix(")") || type.hasSuffix(" ") { type.removeLast() }
                while type.hasPrefix("(") { type.removeFirst() }
            }
            parameters.append(.init(label: index < pieces.count ? pieces[index] : nil, name: name, type: type))
        }
        var attributes: [String] = []
        if let marker = container.optionalMarkers.last(where: { $0.offset < location.offset }), marker.isOptional {
            attributes.append("@optional")
        }
        let record = FunctionRecord(
            file: file.relativePath, line: source.line(of: cursor), column: source.column(of: cursor),
            module: file.module, kind: isInstance ? .method : .typeMethod, name: selector,
            baseName: pieces.first ?? selector, signature: signature, enclosingType: container.name,
            enclosingKind: container.kind, accessLevel: access, effectiveAccess: access,
            isRequirement: container.kind == .protocol, attributes: attributes, parameters: parameters,
            returnType: Self.returnValue(returnType), doc: doc(of: node), targets: file.targets,
            moduleKind: file.moduleKind, lines: lineCount(of: node), language: .objc,
            swiftName: SwiftNameImporter.swiftName(
                selector: selector, isInstance: isInstance, parameterTypes: parameters.map(\.type),
                declaration: source.text(begin.offset..<declarationEnd(of: node, end: end))))
        let key = "\(container.name)|\(isInstance ? "-" : "+")\(selector)"
        result.functions.append(.init(key: key, record: record, fromHeader: file.isHeader))
    }

    private mutating func addProperty(_ node: ASTNode, in container: Container) {
        guard let name = node.string("name"), let location = node.location, let begin = node.begin else { return }
        var declaration = source.collapsedText(begin.offset..<(location.offset + location.tokenLength))
        while declaration.hasSuffix(";") { declaration.removeLast() }
        // `@property (nonatomic, copy) NSString *name`: the attributes in parentheses, then the type.
        var cursor = source.skippingSpaces(from: begin.offset + (source.has("@property", at: begin.offset) ? 9 : 0))
        var attributes: [String] = []
        if let inside = source.parenthesized(at: cursor) {
            attributes = source.collapsedText(inside).split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            cursor = inside.upperBound + 1
        }
        let type = source.collapsedText(cursor..<location.offset)
        let isReadOnly = attributes.contains("readonly")
        let record = PropertyRecord(
            file: file.relativePath, line: source.line(of: location.offset), column: source.column(of: location.offset),
            module: file.module, kind: attributes.contains("class") ? .typeProperty : .property, name: name,
            type: type.isEmpty ? nil : type, declaration: declaration, enclosingType: container.name,
            enclosingKind: container.kind, accessLevel: access, setterAccess: isReadOnly ? nil : access,
            effectiveAccess: access, isRequirement: container.kind == .protocol, storage: nil,
            mutability: .var, attributes: attributes, doc: doc(of: node), targets: file.targets,
            moduleKind: file.moduleKind, language: .objc)
        result.properties.append(.init(key: "\(container.name)|\(name)", record: record, fromHeader: file.isHeader))
    }

    /// The return type as written, or `nil` when there is no value (`void`, `IBAction`, nothing written before the
    /// name), as a Swift function without `->` has none: the gate asks for a returns text only when there is a value.
    static func returnValue(_ written: String) -> String? {
        let words = written.split(separator: " ")
        guard let last = words.last else { return nil }
        return last == "void" || last == "IBAction" ? nil : written
    }

    private mutating func addFunction(_ node: ASTNode) {
        guard let name = node.string("name"), let location = node.location, let begin = node.begin, let end = node.end
        else { return }
        var signature = source.collapsedText(begin.offset..<extent(of: node, end: end).declarationEnd)
        while signature.hasSuffix(";") || signature.hasSuffix(" ") { signature.removeLast() }
        var parameters: [FunctionRecord.Parameter] = []
        for parameter in node.children where parameter.kind == "ParmVarDecl" {
            guard let typeAt = parameter.begin, let parameterEnd = parameter.end else { continue }
            let parameterName = parameter.string("name") ?? ""
            let typeEnd = parameterName.isEmpty ? parameterEnd.offset + parameterEnd.tokenLength
                : (parameter.location?.offset ?? parameterEnd.offset)
            parameters.append(.init(label: nil, name: parameterName, type: source.collapsedText(typeAt.offset..<typeEnd)))
        }
        let returnType = source.collapsedText(begin.offset..<location.offset)
        let record = FunctionRecord(
            file: file.relativePath, line: source.line(of: location.offset), column: source.column(of: location.offset),
            module: file.module, kind: .function, name: name, baseName: name, signature: signature,
            accessLevel: access, effectiveAccess: access, parameters: parameters,
            returnType: Self.returnValue(returnType), doc: doc(of: node), targets: file.targets,
            moduleKind: file.moduleKind, lines: lineCount(of: node), language: .objc)
        result.functions.append(.init(key: "|function|\(name)", record: record, fromHeader: file.isHeader))
    }
}
