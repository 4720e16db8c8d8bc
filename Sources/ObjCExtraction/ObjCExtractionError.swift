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
        case .unreadableFile(let file, let reason):
            return "\(file): cannot read the file (\(reason)); left out"
        case .includeFolderFailed(let reason):
            return "cannot prepare the temporary include folder for clang (\(reason)); check TMPDIR's free space and permissions"
        }
    }
}
