import Inventory

/// A function record with the fields the workflow looks at; everything else defaulted.
///
/// - Parameters:
///   - name: The full name, e.g. `f(x:)`; the base name is what comes before `(`.
///   - file: The file's path.
///   - line: The line.
///   - type: The enclosing struct, or `nil` for a free function.
///   - module: The module.
///   - signature: The signature (default `public func NAME`).
///   - access: The access level, written as the effective one too.
///   - doc: The doc comment's text, which is also its summary, or `nil` for none.
///   - parameters: The parameters.
///   - returnType: The return type, or `nil`.
///   - throws: The throwing clause, or `nil`.
///   - kind: The kind.
/// - Returns: The record.
public func record(
    _ name: String, file: String = "Sources/App/A.swift", line: Int = 1, type: String? = nil, module: String = "App",
    signature: String? = nil, access: AccessLevel = .public, doc: String? = "Does it.",
    parameters: [FunctionRecord.Parameter] = [], returnType: String? = nil, throws: String? = nil,
    kind: FunctionKind = .function
) -> FunctionRecord {
    let base = String(name.prefix { $0 != "(" })
    return FunctionRecord(
        file: file, line: line, column: 13, module: module, kind: kind, name: name, baseName: base,
        signature: signature ?? "public func \(name)", enclosingType: type, enclosingKind: type == nil ? nil : .struct,
        accessLevel: access, effectiveAccess: access, throws: `throws`, parameters: parameters, returnType: returnType,
        doc: doc.map { DocComment(raw: $0, summary: $0) }
    )
}

/// An inventory of project `App` holding `functions`.
///
/// - Parameter functions: The function records.
/// - Returns: The inventory, with no types.
public func inventory(_ functions: [FunctionRecord]) -> Inventory {
    Inventory(project: ProjectInfo(name: "App", root: "."), types: [], functions: functions)
}
