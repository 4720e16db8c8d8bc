/*
 * The SIGINT/SIGTERM handler of the command line, and the flag it reads (docsheet_signals_install; see
 * Documentation/Architecture.md, "Signals").
 *
 * Written in C so that what runs in the handler is known to be async-signal-safe: C11 atomic loads, write(2),
 * unlink(2) (the file registry, TemporaryFileRegistry.c), signal, raise, pthread_sigmask and _exit. Nothing here
 * allocates, takes a lock or enters the Swift runtime while handling a signal.
 *
 * Temporary folders (a folder of a child process's files) cannot be removed from a handler: listing a folder
 * allocates. When one is registered, the handler hands the rest of the work to a cleanup thread made at install time,
 * which waits in read(2) on a pipe: the handler writes the signal's number into the pipe and returns; the thread
 * closes the registries (a thread that registers a path afterwards waits for the end), removes the files and
 * folders, and ends the process by the signal.
 */

#include "CFileSupport.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <unistd.h>

_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the signal handler needs lock-free atomic flags");

/* Whether the progress line is on screen: written by any thread, read by the handler. */
static atomic_int progress_line_shown = 0;
/* The pipe from the handler to the cleanup thread; -1 when there is no cleanup thread. */
static int cleanup_pipe[2] = {-1, -1};

void docsheet_progress_line_set_shown(int shown) { atomic_store(&progress_line_shown, shown ? 1 : 0); }

int docsheet_progress_line_is_shown(void) { return atomic_load(&progress_line_shown); }

void docsheet_end_process_by_signal(int signal_number) {
    signal(signal_number, SIG_DFL);
    raise(signal_number); /* inside its handler the signal is blocked: it stays pending until unblocked below */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    _exit(128 + signal_number); /* only reached if the signal did not end the process */
}

static void erase_progress_line(void) {
    static const char erase[] = "\r\033[2K";
    if (!atomic_load(&progress_line_shown)) return;
    ssize_t written;
    do {
        written = write(STDERR_FILENO, erase, sizeof erase - 1);
    } while (written < 0 && errno == EINTR);
}

static void interrupt_handler(int signal_number) {
    int saved = errno;
    erase_progress_line();
    docsheet_temporary_unlink_all_from_signal_handler(NULL);
    if (cleanup_pipe[1] >= 0 && docsheet_temporary_folders_registered_from_signal_handler()) {
        docsheet_temporary_close_from_signal_handler();
        unsigned char number = (unsigned char)signal_number;
        ssize_t written;
        do {
            written = write(cleanup_pipe[1], &number, 1);
        } while (written < 0 && errno == EINTR);
        if (written == 1) {
            errno = saved;
            return; /* the cleanup thread ends the process */
        }
    }
    docsheet_end_process_by_signal(signal_number);
}

static void *cleanup_thread(void *unused) {
    (void)unused;
    unsigned char number = 0;
    ssize_t count;
    do {
        count = read(cleanup_pipe[0], &number, 1);
    } while (count < 0 && errno == EINTR);
    if (count != 1) return NULL;
    docsheet_temporary_remove_all(NULL);
    docsheet_end_process_by_signal(number);
    return NULL;
}

/* Starts the cleanup thread with every signal blocked (the handler runs on the other threads). */
static void start_cleanup_thread(void) {
    if (pipe(cleanup_pipe) != 0) {
        cleanup_pipe[0] = cleanup_pipe[1] = -1;
        return;
    }
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pthread_t thread;
    int status = pthread_create(&thread, NULL, cleanup_thread, NULL);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (status != 0) {
        close(cleanup_pipe[0]);
        close(cleanup_pipe[1]);
        cleanup_pipe[0] = cleanup_pipe[1] = -1;
        return;
    }
    pthread_detach(thread);
}

int docsheet_signals_install(void) {
    int installed = 0;
    sigset_t handled;
    sigemptyset(&handled);
    const int numbers[] = {SIGINT, SIGTERM};
    for (size_t index = 0; index < sizeof numbers / sizeof numbers[0]; index++) {
        struct sigaction current;
        /* Asked first, so that an ignored signal is never handled, not even for a moment. */
        if (sigaction(numbers[index], NULL, &current) != 0) continue;
        if ((current.sa_flags & SA_SIGINFO) || current.sa_handler != SIG_DFL) continue; /* SIG_IGN or a handler */
        struct sigaction action;
        action.sa_handler = interrupt_handler;
        sigemptyset(&action.sa_mask);
        sigaddset(&action.sa_mask, SIGINT);
        sigaddset(&action.sa_mask, SIGTERM);
        action.sa_flags = SA_RESTART;
        if (sigaction(numbers[index], &action, NULL) != 0) continue;
        sigaddset(&handled, numbers[index]);
        installed++;
    }
    if (installed > 0 && cleanup_pipe[1] < 0) start_cleanup_thread();
    /* A process started from a thread that blocks signals inherits that mask: let it take the signals it handles. */
    pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
    return installed;
}
