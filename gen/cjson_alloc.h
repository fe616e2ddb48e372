/* cjson_alloc.h - where cJSON's memory comes from.
 *
 * cJSON allocates through process-wide hooks; cjson_alloc_init() points
 * them here. Every failure is counted, so a tree that lost a node to
 * out-of-memory is never used as if complete. Between cjson_pool_begin()
 * and cjson_pool_end() nodes come from an arena and cJSON frees nothing:
 * a parsed spec or a docs page is a tree of millions of nodes built and
 * dropped together, so they die with the arena instead, at a fraction of
 * the cost in time and memory.
 */
#ifndef HWCGEN_CJSON_ALLOC_H
#define HWCGEN_CJSON_ALLOC_H

#include "arena.h"

/* Install the hooks (cjson_pool_begin() does so when nobody did). */
void cjson_alloc_init(void);

/* Failed allocations since the last call. */
int cjson_alloc_failures(void);

/* For tests of the out-of-memory paths: the n-th allocation from now
 * fails (n <= 0: none does). Returns whether the previous injection has
 * happened. */
int cjson_alloc_fail_nth(long n);

/* A tree allocated in the pool must not reach cJSON_Delete() after the
 * pool ends (cJSON_Delete() inside it is harmless: it frees nothing). */
void cjson_pool_begin(hw_arena *a);
void cjson_pool_end(void);

/* A pool inside the open one, for a subtree dropped before the rest of
 * the tree (one item of a long list): nodes come from `a` until the
 * matching cjson_pool_pop(), which drops them (under AddressSanitizer it
 * frees their blocks; otherwise resetting `a` is the caller's part). */
typedef struct cjson_pool_mark {
    hw_arena *outer;
    size_t ntracked;
} cjson_pool_mark;
cjson_pool_mark cjson_pool_push(hw_arena *a);
void cjson_pool_pop(cjson_pool_mark m);

#endif
