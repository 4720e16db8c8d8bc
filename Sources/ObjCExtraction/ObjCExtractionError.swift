import Foundation

/// What can go wrong reading Objective-C through clang; every message names the file (or clang) and says what to do.
public enum ObjCExtractionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No clang program was found: Objective-C files are left out, Swift output goes on.
    case clangNotFound(searched: String)
    /// clang could not be started for `file`.
    case cannotRunClang(file: String, reason: String)
    /// clang read `file` but could not build any syntax tree of it; `firstError` is clang's first error line.
    case unparsable(file: String, firstError: String)
    /// clang's AST output for `file` was not the JSON DocSheet expects.
    case unreadableAST(file: String, reason: String)
    /// clang crashed (a bug in clang) while reading `file`, ended by `signal`; `firstError` is its first error line,
    /// if any (often what left the declaration it crashed on invalid). The file's declarations printed before the
    /// crash are kept.
    case clangCrashed(file: String, signal: Int32, firstError: String?)
    /// The source file could not be read.
    case unreadableFile(file: String, reason: String)
    /// The temporary include folder could not be made or written.
    case includeFolderFailed(reason: String)

    /// The message, naming the file and what to do.
    public var description: String {
        switch self {
        case .clangNotFound(let searched):
            return "clang was not found (\(searched)): Objective-C files are left out; install the Swift toolchain's clang or set DOCSHEET_CLANG to its path"
        case .cannotRunClang(let file, let reason):
            return "\(file): clang could not be started (\(reason)); check DOCSHEET_CLANG or the toolchain"
        case .unparsable(let file, let firstError):
            return "\(file): clang could not parse the file, left out (\(firstError))"
        case .unreadableAST(let file, let reason):
            return "\(file): clang's syntax tree could not be read (\(reason)); left out, please report it with the file"
        case .clangCrashed(let file, let signal, let firstError):
            let cause = firstError.map { "; its first error: \($0)" } ?? ""
            return "\(file): clang crashed (signal \(signal)) while reading the file\(cause); its declarations after the point of the crash are left out (a bug in clang: report it to LLVM with the file)"
        case .unreadableFile(let file, let reason):
            return "\(file): cannot read the file (\(reason)); left out"
        case .includeFolderFailed(let reason):
            return "cannot prepare the temporary include folder for clang (\(reason)); check TMPDIR's free space and permissions"
        }
    }

    /// The file the problem is about (relative to the scanned root), or `nil` when it is about clang or its folder.
    public var file: String? {
        switch self {
        case .unparsable(let file, _), .unreadableAST(let file, _), .unreadableFile(let file, _),
             .cannotRunClang(let file, _), .clangCrashed(let file, _, _):
            return file
        case .clangNotFound, .includeFolderFailed:
            return nil
        }
    }

    /// True when the same file, read by the same clang with the same headers, fails the same way again: such a
    /// warning is kept in the cache with the file's records, so that a warm run does not start clang for it.
    var isCachedWithTheFile: Bool {
        switch self {
        case .unparsable, .unreadableAST, .clangCrashed: return true
        case .clangNotFound, .cannotRunClang, .unreadableFile, .includeFolderFailed: return false
        }
    }
}
