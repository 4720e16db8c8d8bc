import Foundation

/// A position in clang's JSON AST: the file (clang prints it only when it changes, so it is carried over from the
/// nodes printed before) and the byte offset.
struct ASTPosition: Equatable {
    /// The file as clang names it.
    var file: String?
    /// The byte offset in the file.
    var offset: Int
    /// The length of the token at the position, in bytes.
    var tokenLength: Int
}

/// One node of clang's JSON AST with its positions resolved: clang's JSON names a location's file only when it
/// differs from the location printed before it, so the positions are worked out in printing order (a node's `loc`,
/// its range's begin and end, then its children).
final class ASTNode {
    /// The node's `kind`, e.g. `ObjCMethodDecl`.
    let kind: String
    /// The node's JSON object.
    let object: [String: Any]
    /// The node's location (for a declaration, its name; for a method, the `-` or `+`), or `nil`.
    var location: ASTPosition?
    /// The start of the node's source range, or `nil`.
    var begin: ASTPosition?
    /// The last token of the node's source range, or `nil`.
    var end: ASTPosition?
    /// The nodes in `inner`, in order.
    var children: [ASTNode] = []

    init(kind: String, object: [String: Any]) {
        self.kind = kind
        self.object = object
    }

    /// The string value of `key`.
    func string(_ key: String) -> String? { object[key] as? String }

    /// True for a declaration the compiler made up (an accessor of a property, `self`, `_cmd`).
    var isImplicit: Bool { object["isImplicit"] as? Bool ?? false }

    /// The `name` of the object under `key` (`super`, `interface`).
    func referencedName(_ key: String) -> String? { (object[key] as? [String: Any])?["name"] as? String }

    /// The names in the array under `key` (`protocols`).
    func referencedNames(_ key: String) -> [String] {
        (object[key] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
}

/// Reads clang's `-ast-dump=json` output into ``ASTNode``s.
struct ClangASTReader {
    /// The file of the location printed last.
    private var currentFile: String?

    /// The translation unit's top-level nodes.
    ///
    /// - Parameter json: The JSON text.
    /// - Returns: The top-level nodes, positions resolved.
    /// - Throws: The JSON error, or `ASTReadError` when the text is not a translation unit.
    static func topLevelNodes(of json: Data) throws -> [ASTNode] {
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw ASTReadError(reason: "the output is not a JSON object")
        }
        var reader = ClangASTReader()
        return reader.read(root).children
    }

    /// Resolves one node and its children, in printing order.
    private mutating func read(_ object: [String: Any]) -> ASTNode {
        let node = ASTNode(kind: object["kind"] as? String ?? "", object: object)
        node.location = position(object["loc"])
        if let range = object["range"] as? [String: Any] {
            node.begin = position(range["begin"])
            node.end = position(range["end"])
        }
        if let inner = object["inner"] as? [[String: Any]] {
            node.children.reserveCapacity(inner.count)
            for child in inner { node.children.append(read(child)) }
        }
        return node
    }

    /// The position of a location object, updating the current file; a macro location is its expansion.
    private mutating func position(_ value: Any?) -> ASTPosition? {
        guard let location = value as? [String: Any] else { return nil }
        if location["spellingLoc"] != nil || location["expansionLoc"] != nil {
            _ = position(location["spellingLoc"])
            return position(location["expansionLoc"])
        }
        if let file = location["file"] as? String { currentFile = file }
        guard let offset = location["offset"] as? Int else { return nil }
        return ASTPosition(file: currentFile, offset: offset, tokenLength: location["tokLen"] as? Int ?? 0)
    }
}

/// clang's output was JSON but not the AST DocSheet expects.
struct ASTReadError: Error, CustomStringConvertible {
    /// What was wrong.
    var reason: String
    var description: String { reason }
}
