import Foundation

/// Errors of the FileSupport module: each names the file or program and says what went wrong.
public enum FileSupportError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A file could not be written to `path`: its folder is missing, it is a folder, or the system refused the
    /// write or the final rename (`reason` is the system's message).
    case writeFailed(path: String, reason: String)
    /// A program could not be started (it does not exist or is not executable); `reason` is the system's message.
    case cannotRun(program: String, reason: String)

    /// A one-line message that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .writeFailed(let path, let reason):
            return "\(path): could not write the file (\(reason)); check that the folder exists and is writable"
        case .cannotRun(let program, let reason):
            return "cannot run \(program): \(reason); check that it is installed and on the PATH"
        }
    }
}
