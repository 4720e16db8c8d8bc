import DesignDocument
import FileSupport
import Foundation

/// Errors of the Workflow module. Every message is one line that names the path, says what is wrong and what to do.
public enum WorkflowError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A command-line or configuration value is not valid (`what` names the option or key).
    case invalidOption(String)
    /// The configuration file has an error at `file:line`.
    case invalidConfiguration(file: String, line: Int, message: String)
    /// A file or folder the command reads is missing or unreadable.
    case inputNotFound(path: String, hint: String)
    /// An input file exists but its content is not usable.
    case invalidInput(path: String, reason: String)
    /// The output could not be written.
    case outputFailed(path: String, reason: String)
    /// A document sent to standard output could not be written (a full disk, a closed device).
    case standardOutputFailed(reason: String)
    /// A git command failed.
    case gitFailed(command: String, reason: String)
    /// The path is not inside a git work tree but the command needs one.
    case notAGitRepository(path: String)
    /// A hook that DocSheet did not write is in the way.
    case foreignHook(path: String)
    /// `hook uninstall` found a hook DocSheet did not write (it is left in place).
    case foreignHookNotRemoved(path: String)
    /// A file already exists and `--force` was not given.
    case fileExists(path: String)
    /// The extraction module could not read the input (its message names the path).
    case extractionFailed(String)
    /// The design-document module could not write the output (its message names the path).
    case documentFailed(String)

    /// The category of an error, which decides the process exit code (see `Documentation/CLI.md`).
    public enum Category: Sendable {
        /// A usage or configuration error (exit code 2).
        case usage
        /// An input error: missing root, unreadable file, bad revision (exit code 3).
        case input
        /// An output error: the result could not be written (exit code 4).
        case output
    }

    /// The category of this error.
    public var category: Category {
        switch self {
        case .invalidOption, .invalidConfiguration, .foreignHook, .foreignHookNotRemoved, .fileExists: return .usage
        case .inputNotFound, .invalidInput, .extractionFailed, .gitFailed, .notAGitRepository: return .input
        case .outputFailed, .standardOutputFailed, .documentFailed: return .output
        }
    }

    /// Translates a design-document error: template problems are usage errors, the rest output errors.
    ///
    /// - Parameter error: The error from the DesignDocument module.
    public init(_ error: DesignDocumentError) {
        switch error {
        case .invalidTemplate, .invalidWorkbookTemplate, .templateNotFound, .unreadableTemplate: self = .invalidOption(error.description)
        default: self = .documentFailed(error.description)
        }
    }

    /// Writes `data` to `url` through `FileSupport.AtomicFile` (a temporary file renamed over the target once
    /// complete), as every file DocSheet writes.
    static func writeAtomically(_ data: Data, to url: URL) throws(WorkflowError) {
        do {
            try AtomicFile.write(data, to: url)
        } catch {
            switch error {
            case .writeFailed(let path, let reason): throw .outputFailed(path: path, reason: reason)
            case .cannotRun: throw .outputFailed(path: url.path, reason: error.description)
            }
        }
    }

    /// A one-line message naming the path, what is wrong and what to do.
    public var description: String {
        switch self {
        case .invalidOption(let message):
            return message
        case .invalidConfiguration(let file, let line, let message):
            return "\(file):\(line): \(message)"
        case .inputNotFound(let path, let hint):
            return "\(path): no such file or directory; \(hint)"
        case .invalidInput(let path, let reason):
            return "\(path): \(reason)"
        case .outputFailed(let path, let reason):
            return "\(path): cannot write the output (\(reason)); check that the folder exists and is writable"
        case .standardOutputFailed(let reason):
            return "standard output: cannot write the output (\(reason)); check where it is redirected, or write to a "
                + "file with --output"
        case .gitFailed(let command, let reason):
            return "git \(command) failed: \(reason)"
        case .notAGitRepository(let path):
            return "\(path): not inside a git work tree; run the command inside a git repository (or 'git init' first)"
        case .foreignHook(let path):
            return "\(path): a hook that DocSheet did not write is installed; pass --chain to run it before DocSheet's check, or --force to replace it"
        case .foreignHookNotRemoved(let path):
            return "\(path): this hook was not installed by DocSheet; leaving it in place (remove it yourself if you no longer want it)"
        case .documentFailed(let message), .extractionFailed(let message):
            return message
        case .fileExists(let path):
            return "\(path): the file already exists; pass --force to overwrite it"
        }
    }
}
