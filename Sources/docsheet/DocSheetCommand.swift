import ArgumentParser
import FileSupport
import Foundation
import Inventory
import Parallelism
import Workflow

/// The `docsheet` command line. The work happens in the Workflow module; commands map options and errors.
@main
struct DocSheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docsheet",
        abstract: "Turn a Swift code base into a function inventory and an Excel design document.",
        discussion: HelpText.discussion(
            "Exit codes: 0 success, 1 the check gate failed, 2 usage or configuration error, 3 input error, 4 output error. "
                + "Shell completions: docsheet --generate-completion-script bash|zsh|fish.",
            examples: [
                "docsheet generate -o out/design.xlsx",
                "docsheet check --min-coverage 80",
                "docsheet diff main -o review.xlsx",
                "docsheet --generate-completion-script zsh",
            ]),
        version: DocSheetVersion.current,
        subcommands: [
            GenerateCommand.self, CheckCommand.self, DiffCommand.self, DocumentCommand.self, HistoryCommand.self, HookCommand.self, InitCommand.self,
            TemplatesCommand.self,
        ]
    )

    /// Parses the command line, runs the command and exits with a documented code; errors are one line on stderr.
    /// A closed pipe (`EPIPE`) and SIGINT/SIGTERM end the process by their signal (see ``Signals``).
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        Signals.installInterruptHandler()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as WorkflowError {
            Console.error("error: \(error)")
            Foundation.exit(ExitStatus(error.category).rawValue)
        } catch let failure as GateFailure {
            Foundation.exit(failure.status.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                Console.error(fullMessage(for: error))
                Foundation.exit(ExitStatus.usage.rawValue)
            }
            exit(withError: error)
        }
    }
}

/// Help texts shared by the commands.
enum HelpText {
    /// The heading of the examples in every command's help.
    static let examplesHeading = "EXAMPLES:"

    /// A command's discussion: `text` (if any), then the examples under `examplesHeading`, one per line.
    ///
    /// - Parameters:
    ///   - text: What the command's help says before the examples, or `nil`.
    ///   - examples: Complete command lines, each starting with `docsheet`.
    /// - Returns: The discussion for `CommandConfiguration`.
    static func discussion(_ text: String? = nil, examples: [String]) -> String {
        let list = examplesHeading + "\n" + examples.map { "  " + $0 }.joined(separator: "\n")
        return text.map { $0 + "\n\n" + list } ?? list
    }
}

/// The process exit codes, documented in `Documentation/CLI.md`.
enum ExitStatus: Int32 {
    /// Success.
    case success = 0
    /// `docsheet check` found violations (the gate failed).
    case gateFailed = 1
    /// A usage or configuration error.
    case usage = 2
    /// An input error (missing root, unreadable file, unknown revision).
    case input = 3
    /// An output error (the result could not be written).
    case output = 4

    /// The status for a workflow error category.
    init(_ category: WorkflowError.Category) {
        switch category {
        case .usage: self = .usage
        case .input: self = .input
        case .output: self = .output
        }
    }
}

/// Thrown by a command that already printed its report and must exit with `status`.
struct GateFailure: Error {
    /// The exit status.
    var status: ExitStatus
}

/// Values kept until the process exits instead of being freed: releasing a large inventory's tens of thousands of
/// records one by one took 60 ms at the end of a corpus run, and the system takes the memory back at once at exit
/// (compilers skip freeing for the same reason, e.g. clang's `-disable-free`).
enum ProcessEnd {
    /// The kept values (read by no one).
    private static let kept = Locked<[any Sendable]>([])

    /// Keeps `value` until the process exits.
    ///
    /// - Parameter value: A value the command has finished with.
    static func keep(_ value: any Sendable) { kept.withLock { $0.append(value) } }
}

/// Writing to standard output and standard error. A reader that went away (`docsheet ... | head -1`) ends the
/// process quietly, as other Unix tools end on SIGPIPE: no backtrace, no message.
enum Console {
    /// Writes a line to standard error, after erasing the progress line, with its severity coloured when colour
    /// is on.
    static func error(_ line: String) {
        let session = TerminalSession.shared
        session.clearProgress()
        let text = TerminalRules.colored(line, enabled: session.color)
        write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8), to: STDERR_FILENO)
    }

    /// Writes a diagnostic line to standard error; `--quiet` keeps only errors.
    static func diagnostic(_ line: String) {
        if TerminalSession.shared.quiet && !TerminalRules.isError(line) { return }
        error(line)
    }

    /// Writes an informational line (a summary, timings) to standard error, unless `--quiet`.
    static func note(_ line: String) {
        if TerminalSession.shared.quiet { return }
        error(line)
    }

    /// Writes a line to standard output.
    static func output(_ line: String) {
        write(Data((line.hasSuffix("\n") ? line : line + "\n").utf8), to: STDOUT_FILENO)
    }

    /// Writes a document (JSON, CSV, Markdown, a report) to standard output. Unlike a message, a document that
    /// could not be written fails the run: a full disk or a broken device must not pass for success.
    static func output(_ data: Data) throws(WorkflowError) {
        let failure = DescriptorWriter.writeAll(data, to: STDOUT_FILENO)
        if failure == EPIPE { Signals.endProcess(by: SIGPIPE) }
        guard failure == 0 else {
            throw .standardOutputFailed(reason: String(cString: strerror(failure)))
        }
    }

    /// Writes all of `data` to `descriptor`. A closed pipe ends the process by SIGPIPE (status 141 in a shell);
    /// other failures are dropped, as `print` does.
    static func write(_ data: Data, to descriptor: Int32) {
        if DescriptorWriter.writeAll(data, to: descriptor) == EPIPE {
            Signals.endProcess(by: SIGPIPE)
        }
    }
}
