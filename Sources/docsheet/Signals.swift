import CFileSupport
import Foundation

/// The process's signal handling. Only the command line installs handlers; the library modules never do.
///
/// The SIGINT/SIGTERM handler and the flag it reads are C (`CFileSupport`, Signals.c), where async-signal safety can
/// be checked by reading: the handler erases the progress line with `write`, removes the temporary files in progress
/// (`TemporaryFiles`; temporary folders through a cleanup thread), then ends the process by the same signal, so the
/// caller sees it (a shell reports 130 for Ctrl-C and a `while` loop stops).
enum Signals {
    /// Installs the SIGINT and SIGTERM handler, once at startup. A signal that is ignored when docsheet starts (a
    /// background job of a non-interactive shell, `nohup`) stays ignored.
    static func installInterruptHandler() {
        _ = docsheet_signals_install()
    }

    /// Ends the process by `signalNumber` with the signal's default action, so that the parent sees the process
    /// killed by it (`WIFSIGNALED`) rather than a normal exit; for a closed pipe (SIGPIPE, which docsheet otherwise
    /// ignores).
    ///
    /// - Parameter signalNumber: The signal, e.g. `SIGPIPE`.
    static func endProcess(by signalNumber: Int32) -> Never {
        docsheet_end_process_by_signal(signalNumber)
    }
}
