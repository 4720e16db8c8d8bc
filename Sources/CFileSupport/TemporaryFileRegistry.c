/*
 * The registry of temporary files in progress, readable from a signal handler.
 *
 * Layout: `current` points to a table of `capacity` slots; each slot holds NULL or a malloc'ed copy of a path. Tables
 * grow by doubling (the live paths are copied into a new table, which is then published with one atomic store), so
 * there is no fixed limit on how many files can be in progress at once.
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

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "the signal handler needs lock-free atomic pointers");
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the signal handler needs a lock-free atomic counter");

struct registry_table {
    size_t capacity;
    _Atomic(char *) slots[];
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(struct registry_table *) current = NULL;
/* Signal handlers reading the registry right now. */
static atomic_int readers = 0;
/* Slots in use, at most (a handler-free upper bound kept by writers under the lock). */
static size_t used = 0;

static struct registry_table *table_with_capacity(size_t capacity) {
    struct registry_table *table = malloc(sizeof(struct registry_table) + capacity * sizeof(_Atomic(char *)));
    if (!table) return NULL;
    table->capacity = capacity;
    for (size_t index = 0; index < capacity; index++) atomic_init(&table->slots[index], NULL);
    return table;
}

/* Frees memory that was made unreachable, unless a signal handler is reading the registry (see above). */
static void retire(void *memory) {
    if (atomic_load(&readers) == 0) free(memory);
}

int docsheet_temporary_register(const char *path) {
    char *copy = strdup(path);
    if (!copy) return -1;
    pthread_mutex_lock(&lock);
    struct registry_table *table = atomic_load(&current);
    if (!table || used >= table->capacity) {
        size_t capacity = table ? table->capacity * 2 : 64;
        struct registry_table *bigger = table_with_capacity(capacity);
        if (!bigger) {
            pthread_mutex_unlock(&lock);
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
        atomic_store(&current, bigger);
        if (table) retire(table);
        table = bigger;
        used = live;
    }
    for (size_t index = 0; index < table->capacity; index++) {
        if (atomic_load(&table->slots[index]) == NULL) {
            atomic_store(&table->slots[index], copy);
            used++;
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    return 0;
}

int docsheet_temporary_unregister(const char *path) {
    int found = 0;
    pthread_mutex_lock(&lock);
    struct registry_table *table = atomic_load(&current);
    for (size_t index = 0; table && index < table->capacity; index++) {
        char *entry = atomic_load(&table->slots[index]);
        if (entry && strcmp(entry, path) == 0) {
            atomic_store(&table->slots[index], NULL);
            if (used > 0) used--;
            retire(entry);
            found = 1;
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    return found;
}

int docsheet_temporary_remove_all(const char *prefix) {
    int removed = 0;
    size_t length = prefix ? strlen(prefix) : 0;
    pthread_mutex_lock(&lock);
    struct registry_table *table = atomic_load(&current);
    for (size_t index = 0; table && index < table->capacity; index++) {
        char *entry = atomic_load(&table->slots[index]);
        if (!entry || (prefix && strncmp(entry, prefix, length) != 0)) continue;
        if (unlink(entry) == 0) removed++;
        atomic_store(&table->slots[index], NULL);
        if (used > 0) used--;
        retire(entry);
    }
    pthread_mutex_unlock(&lock);
    return removed;
}

size_t docsheet_temporary_count(void) {
    size_t count = 0;
    pthread_mutex_lock(&lock);
    struct registry_table *table = atomic_load(&current);
    for (size_t index = 0; table && index < table->capacity; index++) {
        if (atomic_load(&table->slots[index])) count++;
    }
    pthread_mutex_unlock(&lock);
    return count;
}

int docsheet_temporary_unlink_all_from_signal_handler(const char *prefix) {
    int removed = 0;
    size_t length = prefix ? strlen(prefix) : 0;
    atomic_fetch_add(&readers, 1);
    struct registry_table *table = atomic_load(&current);
    for (size_t index = 0; table && index < table->capacity; index++) {
        char *entry = atomic_load(&table->slots[index]);
        if (!entry || (prefix && strncmp(entry, prefix, length) != 0)) continue;
        if (unlink(entry) == 0) removed++;
    }
    atomic_fetch_sub(&readers, 1);
    return removed;
}
