import Foundation

/// Notes that come once per file and say nothing is wrong: printed as one summary line unless `--verbose`.
public enum RepeatedNote: CaseIterable, Sendable {
    /// A Swift file inside a package or project that no target compiles, left out.
    case unownedFileLeftOut
    /// A Swift file inside a package or project that no target compiles, kept under its folder's name
    /// (`--include-unowned`).
    case unownedFileKept

    /// The per-file message (`path:1:1: note: <message>`).
    public var message: String {
        switch self {
        case .unownedFileLeftOut: return "no target of the project compiles this file; it is left out (--include-unowned keeps it)"
        case .unownedFileKept: return "no target of the project compiles this file; it is kept under its folder's name"
        }
    }

    /// The summary line's opening for `count` files, e.g. `190 files that no target compiles were left out`.
    func summary(count: Int) -> String {
        switch self {
        case .unownedFileLeftOut: return "\(count) files that no target compiles were left out"
        case .unownedFileKept: return "\(count) files that no target compiles were kept under their folders' names"
        }
    }

    /// What the summary adds after the examples (the option that changes it).
    var hint: String {
        switch self {
        case .unownedFileLeftOut: return "--include-unowned keeps them, "
        case .unownedFileKept: return ""
        }
    }
}

/// What a run prints on standard error for its diagnostics: notes of one kind that repeat (the same message on
/// several files: files no target compiles, …) become one line with the count and the first few files; warnings and
/// errors (syntax errors, unreadable files, build-description problems) keep one line each, as editors read them.
public enum DiagnosticDigest {
    /// How many files a summary names before `…`.
    static let examples = 3

    /// The lines to print.
    ///
    /// - Parameters:
    ///   - lines: The run's diagnostics (`path:line:column: severity: message`, or other one-line messages).
    ///   - listingEvery: `--verbose`: every line as it is.
    /// - Returns: The lines, each repeated note kind summed up at the place of its first line.
    public static func lines(_ lines: [String], listingEvery: Bool) -> [String] {
        guard !listingEvery else { return lines }
        var groups: [String: [String]] = [:]   // message → files
        let parsed = lines.map(note(in:))
        for case let (file, message)? in parsed { groups[message, default: []].append(file) }
        var printed = Set<String>()
        var result: [String] = []
        for (line, note) in zip(lines, parsed) {
            guard let (_, message) = note, let files = groups[message], files.count > 1 else {
                result.append(line)
                continue
            }
            guard printed.insert(message).inserted else { continue }
            result.append(summary(message: message, files: files))
        }
        return result
    }

    /// The one line for `files` that share the note `message`.
    static func summary(message: String, files: [String]) -> String {
        let shown = files.prefix(examples).joined(separator: ", ") + (files.count > examples ? ", …" : "")
        if let kind = RepeatedNote.allCases.first(where: { $0.message == message }) {
            return "note: \(kind.summary(count: files.count)) (first: \(shown)); \(kind.hint)-v lists them"
        }
        return "note: \(files.count) files: \(message) (first: \(shown)); -v lists them"
    }

    /// The file and message of a `path:line:column: note: message` line; `nil` for any other line.
    static func note(in line: String) -> (file: String, message: String)? {
        guard let marker = line.range(of: ": note: ") else { return nil }
        let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        guard location.count >= 3, location.suffix(2).allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
        let file = location.dropLast(2).joined(separator: ":")
        return (file, String(line[marker.upperBound...]))
    }
}
