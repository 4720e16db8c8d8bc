#ifndef DOCSHEET_CFILESUPPORT_H
#define DOCSHEET_CFILESUPPORT_H

#include <stddef.h>

/*
 * The registry of temporary files and folders in progress behind FileSupport's `TemporaryFiles`, and the command
 * line's SIGINT/SIGTERM handler.
 *
 * Written in C so that the part a signal handler runs uses only lock-free C11 atomics and async-signal-safe calls
 * (write, unlink, signal, raise): no lock, no allocation, no Swift runtime. See TemporaryFileRegistry.c for why
 * reading the registry from a handler is safe, and Signals.c for the handler.
 */

/// Registers a copy of the file `path`. Returns 0, or -1 when memory ran out (the path is then not registered).
/// After an interrupt handed its cleanup to the cleanup thread, it waits for the process to end instead.
int docsheet_temporary_register(const char *path);

/// Forgets one registration of the file `path`. Returns 1 when it was registered, else 0.
int docsheet_temporary_unregister(const char *path);

/// Registers a copy of the folder `path`, removed with everything inside it on an interrupt. Returns 0, or -1 when
/// memory ran out.
int docsheet_temporary_register_folder(const char *path);

/// Forgets one registration of the folder `path`. Returns 1 when it was registered, else 0.
int docsheet_temporary_unregister_folder(const char *path);

/// Removes every registered file and folder (with its contents) whose path starts with `prefix` (NULL: every path)
/// and forgets them; returns how many were removed. Takes the registry's lock and frees memory: not for signal
/// handlers.
int docsheet_temporary_remove_all(const char *prefix);

/// How many files and folders are registered.
size_t docsheet_temporary_count(void);

/// Unlinks every registered file (not folder) whose path starts with `prefix` (NULL: every file) and returns how many
/// were removed. Async-signal-safe: it takes no lock, allocates and frees nothing, and leaves the registry as it is
/// (the process is about to end).
int docsheet_temporary_unlink_all_from_signal_handler(const char *prefix);

/// Whether any folder is registered (1) or none (0). Async-signal-safe.
int docsheet_temporary_folders_registered_from_signal_handler(void);

/// Makes every later registration wait for the end of the process. Async-signal-safe.
void docsheet_temporary_close_from_signal_handler(void);

/// Installs the SIGINT and SIGTERM handler, once at startup: it erases the progress line (when it is on screen),
/// removes the temporary files and folders in progress, then ends the process by the same signal. A signal that is
/// ignored or already handled when this is called is left as it is. Returns how many signals it now handles.
int docsheet_signals_install(void);

/// Records whether the progress line is on screen (nonzero) or not, for the handler to erase it; from any thread.
void docsheet_progress_line_set_shown(int shown);

/// Whether the progress line is recorded as on screen (1) or not (0).
int docsheet_progress_line_is_shown(void);

/// Ends the process by `signal_number` with the signal's default action, so that the parent sees it killed by the
/// signal (a shell reports 130 for Ctrl-C and a `while` loop stops). Async-signal-safe.
void docsheet_end_process_by_signal(int signal_number) __attribute__((noreturn));

#endif
