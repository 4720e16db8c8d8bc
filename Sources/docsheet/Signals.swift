import FileSupport
import Foundation

/// The process's signal handling. Only the command line installs handlers; the library modules never do.
enum Signals {
    /// Installs the SIGINT and SIGTERM handler, once at startup: it erases the progress line, removes the temporary
    /// files in progress (``TemporaryFiles``), then ends the process by the same signal, so the caller sees it (a
    /// shell reports 130 for Ctrl-C and a `while` loop stops). A signal that is ignored when docsheet starts (a
    /// background job of a non-interactive shell, `nohup`) stays ignored.
    static func installInterruptHandler() {
        _ = TerminalSession.lineShownForSignals   // made now, so that the handler never runs its initialiser
        var installed = sigset_t()
        sigemptyset(&installed)
        for signalNumber in [SIGINT, SIGTERM] {
            // Asked first, so that an ignored signal is never handled, not even for a moment.
            var current = sigaction()
            guard sigaction(signalNumber, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else {
                continue   // SIG_IGN (or a handler): leave it
            }
            signal(signalNumber, interruptHandler)
            sigaddset(&installed, signalNumber)
        }
        // A process started from a thread that blocks signals inherits that mask: let it take the signals it handles.
        pthread_sigmask(SIG_UNBLOCK, &installed, nil)
    }

    /// Ends the process by `signalNumber` with the signal's default action, so that the parent sees the process
    /// killed by it (`WIFSIGNALED`) rather than a normal exit; async-signal-safe, for the handler and for a closed
    /// pipe (SIGPIPE, which docsheet otherwise ignores).
    ///
    /// - Parameter signalNumber: The signal, e.g. `SIGINT`.
    static func endProcess(by signalNumber: Int32) -> Never {
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)   // inside its handler the signal is blocked: it stays pending until unblocked below
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        _exit(128 + signalNumber)   // only reached if the signal did not end the process
    }
}

/// On SIGINT or SIGTERM: erase the progress line, remove the temporary files in progress, then end by the signal.
/// Async-signal-safe: the flag and the registry are read without a lock or allocation, and the rest are `write`,
/// `signal`, `raise`, `pthread_sigmask`, `_exit`.
private func interruptHandler(_ signalNumber: Int32) {
    TerminalSession.eraseProgressLineFromSignalHandler()
    TemporaryFiles.removeAllFromSignalHandler()
    Signals.endProcess(by: signalNumber)
}
