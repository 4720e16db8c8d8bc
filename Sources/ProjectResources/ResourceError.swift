import Foundation

/// Why a project resource file (a `.strings`, `.stringsdict` or `.xcstrings` file, a Core Data model) could not be
/// read. The scan turns each into one warning that names the file and goes on with the others.
public enum ResourceError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file could not be read from disk.
    case unreadableFile(path: String, reason: String)
    /// The bytes are neither UTF-8 nor UTF-16 text.
    case unknownEncoding(path: String)
    /// The file is not well-formed for its format (a `.strings` syntax error, malformed XML, JSON or property list).
    case malformed(path: String, line: Int?, reason: String)
    /// A versioned Core Data model (`.xcdatamodeld`) has no `.xccurrentversion`, or it names no version the folder
    /// holds.
    case missingCurrentVersion(path: String, chosen: String?)

    /// The file the error is about.
    public var path: String {
        switch self {
        case .unreadableFile(let path, _), .unknownEncoding(let path), .malformed(let path, _, _),
             .missingCurrentVersion(let path, _):
            return path
        }
    }

    /// The 1-based line the error is at, or `nil` when not known.
    public var line: Int? {
        if case .malformed(_, let line, _) = self { return line }
        return nil
    }

    /// What is wrong and what to do, without the file's path (a diagnostic puts the path in front).
    public var reason: String {
        switch self {
        case .unreadableFile(_, let reason):
            return "cannot read the file (\(reason)); check its permissions"
        case .unknownEncoding:
            return "neither UTF-8 nor UTF-16 text; save it as UTF-8 (or UTF-16 with a byte-order mark) in Xcode"
        case .malformed(_, _, let reason):
            return "\(reason); its strings or entities are left out, fix the file in Xcode"
        case .missingCurrentVersion(_, let chosen):
            let choice = chosen.map { "read \($0), the last version by name" } ?? "no model version found, left out"
            return "no current model version (.xccurrentversion missing or naming no version in the folder); \(choice); set the current version in Xcode's file inspector"
        }
    }

    /// A one-line message that names the file (and line) and says what to do.
    public var description: String {
        "\(path)\(line.map { ":\($0)" } ?? ""): \(reason)"
    }
}
