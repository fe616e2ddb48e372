/* cjson_alloc.c - cJSON's allocation hooks: counted, optionally pooled. */
#include "cjson_alloc.h"

#include <stdlib.h>

#include <cjson/cJSON.h>

static int failures;
static hw_arena *pool; /* open pool, or NULL */

static void *hook_malloc(size_t n)
{
    void *p = pool ? arena_alloc_uninit(pool, n) : malloc(n);
    if (!p)
        failures++;
    return p;
}

static void hook_free(void *p)
{
    if (!pool)
        free(p);
}

void cjson_alloc_init(void)
{
    cJSON_Hooks hooks = {hook_malloc, hook_free};
    cJSON_InitHooks(&hooks);
}

int cjson_alloc_failures(void)
{
    int n = failures;
    failures = 0;
    return n;
}

void cjson_pool_begin(hw_arena *a)
{
    pool = a;
}

void cjson_pool_end(void)
{
    pool = NULL;
}
