/* json.h - every use of cJSON's process-wide state goes through here.
 *
 * cJSON keeps two things for the whole process: the allocator hooks and
 * the position of the last parse error, which every parse writes. Items
 * of a stage run side by side (run/par.h), so parses take turns here, and
 * an allocation that fails is counted on the thread that asked for it:
 * the data that thread built is incomplete, and only that thread's caller
 * must refuse to use it.
 */
#ifndef HWCGEN_JSON_H
#define HWCGEN_JSON_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/arena.h"

/* Route cJSON's allocations through the counter of failures (and, while
 * json_parse_in() runs, its arena). Call it before other threads use
 * cJSON (the hooks are the process's); later calls do nothing, and
 * json_parse_in() makes the first itself if none was made. */
void json_init(void);

/* `len` bytes of `text` as JSON (text need not end with a NUL, nor after
 * the value: what follows it is left to the caller). *end (when end is
 * not NULL) is where parsing stopped: after the value, or at the error
 * when NULL is returned. Safe beside other threads. */
cJSON *json_parse(const char *text, size_t len, const char **end);

/* Like json_parse(), but every node of the tree lives in `a` and goes
 * with it: one arena_free() instead of a free() per node, for a tree that
 * is only read. Never cJSON_Delete() it nor change its shape. */
cJSON *json_parse_in(hw_arena *a, const char *text, size_t len, const char **end);

/* Whether a cJSON allocation on this thread failed since json_init() or
 * the last call, and forget those failures: whoever reports them takes
 * them, so the next data built on this thread starts clean. */
int json_alloc_take(void);

/* `item` as indented JSON text (free it with cJSON_free), or NULL when
 * out of memory: printing failed, or an allocation on this thread failed
 * since the last json_alloc_take(), so the tree may lack a part. */
char *json_print(const cJSON *item);

#endif
