/*
 * The registries of temporary files and folders in progress, readable from a signal handler.
 *
 * There are two registries of the same shape: one of files (unlinked by the signal handler itself) and one of folders
 * (removed with their contents by the interrupt's cleanup thread, see Signals.c: listing a folder is not
 * async-signal-safe).
 *
 * Layout: `current` points to a table of `capacity` slots; each slot holds NULL or a malloc'ed copy of a path. Tables
 * grow by doubling (the live paths are copied into a new table, which is then published with one atomic store), so
 * there is no fixed limit on how many paths can be in progress at once.
 *
 * Writers (register, unregister, remove_all) take `lock`, so they never race each other. A signal handler never takes
 * it: a handler that interrupted a writer on the same thread would wait for itself forever. Instead:
 *
 *  - every slot and `current` are C11 atomics, lock-free on the platforms DocSheet builds for (checked below), so the
 *    handler reads whole pointers, never half-written ones; a path is copied completely before its pointer is
 *    stored, so the handler sees NULL or a complete, zero-terminated path;
 *  - memory the handler might be reading (a path that was unregistered, a table that was replaced) is freed only
 *    when no handler is reading: the handler increments `readers` before it loads `current`, a writer makes the memory
 *    unreachable before it loads `readers`. All of these are sequentially consistent, so either the writer sees the
 *    handler (and leaves the memory: the process is about to end anyway) or the handler comes after the memory was
 *    made unreachable (and cannot see it);
 *  - the handler only loads pointers and calls strlen, strncmp and unlink(2), which POSIX lists as
 *    async-signal-safe.
 */

#include "CFileSupport.h"

#include <dirent.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "the signal handler needs lock-free atomic pointers");
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the signal handler needs a lock-free atomic counter");

struct registry_table {
    size_t capacity;
    _Atomic(char *) slots[];
};

struct registry {
    pthread_mutex_t lock;
    _Atomic(struct registry_table *) current;
    /* Signal handlers reading the registry right now. */
    atomic_int readers;
    /* Slots in use, at most (a handler-free upper bound kept by writers under the lock). */
    size_t used;
};

static struct registry files = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0};
static struct registry folders = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0};

/* Set once an interrupt handed its cleanup to the cleanup thread: nothing new is registered after that. */
static atomic_int closed = 0;

static struct registry_table *table_with_capacity(size_t capacity) {
    struct registry_table *table = malloc(sizeof(struct registry_table) + capacity * sizeof(_Atomic(char *)));
    if (!table) return NULL;
    table->capacity = capacity;
    for (size_t index = 0; index < capacity; index++) atomic_init(&table->slots[index], NULL);
    return table;
}

/* Frees memory that was made unreachable, unless a signal handler is reading the registry (see above). */
static void retire(struct registry *registry, void *memory) {
    if (atomic_load(&registry->readers) == 0) free(memory);
}

/* Waits for the end of a process whose interrupt is being cleaned up: a path registered now could be missed. */
static void wait_for_the_end(void) {
    for (;;) pause();
}

static int registry_add(struct registry *registry, const char *path) {
    char *copy = strdup(path);
    if (!copy) return -1;
    pthread_mutex_lock(&registry->lock);
    if (atomic_load(&closed)) {
        pthread_mutex_unlock(&registry->lock);
        free(copy);
        wait_for_the_end();
    }
    struct registry_table *table = atomic_load(&registry->current);
    if (!table || registry->used >= table->capacity) {
        size_t capacity = table ? table->capacity * 2 : 64;
        struct registry_table *bigger = table_with_capacity(capacity);
        if (!bigger) {
            pthread_mutex_unlock(&registry->lock);
            free(copy);
            return -1;
        }
        size_t live = 0;
        if (table) {
            for (size_t index = 0; index < table->capacity; index++) {
                char *entry = atomic_load(&table->slots[index]);
                if (entry) atomic_store(&bigger->slots[live++], entry);
            }
        }
        atomic_store(&registry->current, bigger);
        if (table) retire(registry, table);
        table = bigger;
        registry->used = live;
    }
    for (size_t index = 0; index < table->capacity; index++) {
        if (atomic_load(&table->slots[index]) == NULL) {
            atomic_store(&table->slots[index], copy);
            registry->used++;
            break;
        }
    }
    pthread_mutex_unlock(&registry->lock);
    return 0;
}

static int registry_remove(struct registry *registry, const char *path) {
    int found = 0;
    pthread_mutex_lock(&registry->lock);
    struct registry_table *table = atomic_load(&registry->current);
    for (size_t index = 0; table && index < table->capacity; index++) {
        char *entry = atomic_load(&table->slots[index]);
        if (entry && strcmp(entry, path) == 0) {
            atomic_store(&table->slots[index], NULL);
            if (registry->used > 0) registry->used--;
            retire(registry, entry);
            found = 1;
            break;
        }
    }
    pthread_mutex_unlock(&registry->lock);
    return found;
}

/* Removes `path` and everything inside it, without following symbolic links; 0 when it is gone. */
static int remove_tree(const char *path) {
    struct stat status;
    if (lstat(path, &status) != 0) return -1;
    if (!S_ISDIR(status.st_mode)) return unlink(path);
    DIR *folder = opendir(path);
    if (folder) {
        size_t length = strlen(path);
        struct dirent *entry;
        while ((entry = readdir(folder)) != NULL) {
            if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
            size_t size = length + 1 + strlen(entry->d_name) + 1;
            char *child = malloc(size);
            if (!child) continue;
            snprintf(child, size, "%s/%s", path, entry->d_name);
            remove_tree(child);
            free(child);
        }
        closedir(folder);
    }
    return rmdir(path);
}

/* Removes every registered path of `registry` starting with `prefix` (NULL: every path); with `trees`, folders with
 * their contents. Takes the lock and frees memory: not for signal handlers. */
static int registry_remove_all(struct registry *registry, const char *prefix, int trees) {
    int removed = 0;
    size_t length = prefix ? strlen(prefix) : 0;
    pthread_mutex_lock(&registry->lock);
    struct registry_table *table = atomic_load(&registry->current);
    for (size_t index = 0; table && index < table->capacity; index++) {
        char *entry = atomic_load(&table->slots[index]);
        if (!entry || (prefix && strncmp(entry, prefix, length) != 0)) continue;
        if ((trees ? remove_tree(entry) : unlink(entry)) == 0) removed++;
        atomic_store(&table->slots[index], NULL);
        if (registry->used > 0) registry->used--;
        retire(registry, entry);
    }
    pthread_mutex_unlock(&registry->lock);
    return removed;
}

static size_t registry_count(struct registry *registry) {
    size_t count = 0;
    pthread_mutex_lock(&registry->lock);
    struct registry_table *table = atomic_load(&registry->current);
    for (size_t index = 0; table && index < table->capacity; index++) {
        if (atomic_load(&table->slots[index])) count++;
    }
    pthread_mutex_unlock(&registry->lock);
    return count;
}

int docsheet_temporary_register(const char *path) { return registry_add(&files, path); }

int docsheet_temporary_unregister(const char *path) { return registry_remove(&files, path); }

int docsheet_temporary_register_folder(const char *path) { return registry_add(&folders, path); }

int docsheet_temporary_unregister_folder(const char *path) { return registry_remove(&folders, path); }

int docsheet_temporary_remove_all(const char *prefix) {
    return registry_remove_all(&files, prefix, 0) + registry_remove_all(&folders, prefix, 1);
}

size_t docsheet_temporary_count(void) { return registry_count(&files) + registry_count(&folders); }

int docsheet_temporary_unlink_all_from_signal_handler(const char *prefix) {
    int removed = 0;
    size_t length = prefix ? strlen(prefix) : 0;
    atomic_fetch_add(&files.readers, 1);
    struct registry_table *table = atomic_load(&files.current);
    for (size_t index = 0; table && index < table->capacity; index++) {
        char *entry = atomic_load(&table->slots[index]);
        if (!entry || (prefix && strncmp(entry, prefix, length) != 0)) continue;
        if (unlink(entry) == 0) removed++;
    }
    atomic_fetch_sub(&files.readers, 1);
    return removed;
}

int docsheet_temporary_folders_registered_from_signal_handler(void) {
    int any = 0;
    atomic_fetch_add(&folders.readers, 1);
    struct registry_table *table = atomic_load(&folders.current);
    for (size_t index = 0; table && index < table->capacity && !any; index++) {
        if (atomic_load(&table->slots[index])) any = 1;
    }
    atomic_fetch_sub(&folders.readers, 1);
    return any;
}

void docsheet_temporary_close_from_signal_handler(void) { atomic_store(&closed, 1); }
