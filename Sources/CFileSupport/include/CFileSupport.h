#ifndef DOCSHEET_CFILESUPPORT_H
#define DOCSHEET_CFILESUPPORT_H

#include <stddef.h>

/*
 * The registry of temporary files in progress behind FileSupport's `TemporaryFiles`.
 *
 * Written in C so that the part a signal handler runs uses only lock-free C11 atomics and unlink(2): no lock, no
 * allocation, no Swift runtime. See TemporaryFileRegistry.c for why reading it from a handler is safe.
 */

/// Registers a copy of `path`. Returns 0, or -1 when memory ran out (the path is then not registered).
int docsheet_temporary_register(const char *path);

/// Forgets one registration of `path`. Returns 1 when it was registered, else 0.
int docsheet_temporary_unregister(const char *path);

/// Unlinks every registered path that starts with `prefix` (NULL: every path) and forgets them; returns how many files
/// were removed. Takes the registry's lock and frees memory: not for signal handlers.
int docsheet_temporary_remove_all(const char *prefix);

/// How many paths are registered.
size_t docsheet_temporary_count(void);

/// Unlinks every registered path that starts with `prefix` (NULL: every path) and returns how many files were
/// removed. Async-signal-safe: it takes no lock, allocates and frees nothing, and leaves the registry as it is (the
/// process is about to end).
int docsheet_temporary_unlink_all_from_signal_handler(const char *prefix);

#endif
