/* cjson_alloc.c - cJSON's allocation hooks: counted, optionally pooled. */
#include "cjson_alloc.h"

#include <stdlib.h>

#include <cjson/cJSON.h>

/* Under AddressSanitizer pooled nodes are separate blocks, freed at the
 * pool's end (or pop), so that ASan still sees each node's bounds and any
 * use of a node after its tree was dropped. */
#define POOL_TRACKS HW_ASAN

/* Per thread: two threads may build and render at once (emit.c), each
 * with its pool and counts; the hooks themselves are shared. */
static _Thread_local int failures;
static _Thread_local hw_arena *pool; /* open pool, or NULL */
static _Thread_local void **tracked; /* POOL_TRACKS: the pool's blocks */
static _Thread_local size_t ntracked, cap_tracked;

static void *pool_malloc(size_t n)
{
    if (!POOL_TRACKS)
        return arena_alloc_uninit(pool, n);
    if (ntracked == cap_tracked) {
        size_t ncap = cap_tracked ? cap_tracked * 2 : 1024;
        void **grown = realloc(tracked, ncap * sizeof *grown);
        if (!grown)
            return NULL;
        tracked = grown;
        cap_tracked = ncap;
    }
    void *p = malloc(n);
    if (p)
        tracked[ntracked++] = p;
    return p;
}

static _Thread_local long fail_countdown; /* > 0: allocations until an injected failure */
static _Thread_local int fail_injected;

int cjson_alloc_fail_nth(long n)
{
    int happened = fail_injected;
    fail_countdown = n > 0 ? n : 0;
    fail_injected = 0;
    return happened;
}

static void *hook_malloc(size_t n)
{
    if (fail_countdown > 0 && --fail_countdown == 0) {
        fail_injected = 1;
        failures++;
        return NULL;
    }
    void *p = pool ? pool_malloc(n) : malloc(n);
    if (!p)
        failures++;
    return p;
}

static void hook_free(void *p)
{
    if (!pool)
        free(p);
}

static int installed;

void cjson_alloc_init(void)
{
    cJSON_Hooks hooks = {hook_malloc, hook_free};
    cJSON_InitHooks(&hooks);
    installed = 1;
}

int cjson_alloc_failures(void)
{
    int n = failures;
    failures = 0;
    return n;
}

void cjson_pool_begin(hw_arena *a)
{
    /* A pool must be in force once begun, or its trees would leak. Our
     * hooks free with free(), so trees made before them stay valid. */
    if (!installed)
        cjson_alloc_init();
    pool = a;
}

void cjson_pool_end(void)
{
    for (size_t i = 0; i < ntracked; i++)
        free(tracked[i]);
    free(tracked);
    tracked = NULL;
    ntracked = cap_tracked = 0;
    pool = NULL;
}

cjson_pool_mark cjson_pool_push(hw_arena *a)
{
    cjson_pool_mark m = {pool, ntracked};
    pool = a;
    return m;
}

void cjson_pool_pop(cjson_pool_mark m)
{
    for (size_t i = m.ntracked; i < ntracked; i++)
        free(tracked[i]);
    ntracked = m.ntracked;
    pool = m.outer;
}
