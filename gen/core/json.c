/* json.c - cJSON's hooks, its parser taking turns, and failed allocations
 * counted per thread (json.h). */
#include "core/json.h"

#include <pthread.h>
#include <stdlib.h>

/* Failures of this thread: data is built and checked on one thread. */
static _Thread_local int alloc_failures;

/* Where this thread's parse puts its nodes (json_parse_in), or NULL: then
 * malloc. Set only while that parse runs, so whatever else the thread
 * builds with cJSON is malloc'd as always. */
static _Thread_local hw_arena *parse_arena;

/* cJSON's parser writes its global error position on every call. */
static pthread_mutex_t parsing = PTHREAD_MUTEX_INITIALIZER;

static void *counting_malloc(size_t n)
{
    void *p = parse_arena ? arena_alloc(parse_arena, n) : malloc(n);
    if (!p)
        alloc_failures++;
    return p;
}

/* While a parse fills an arena, what it frees (a failed parse's partial
 * tree) is in that arena and goes with it. */
static void arena_aware_free(void *p)
{
    if (!parse_arena)
        free(p);
}

static pthread_once_t hooked = PTHREAD_ONCE_INIT;

static void install_hooks(void)
{
    cJSON_Hooks hooks = {counting_malloc, arena_aware_free};
    cJSON_InitHooks(&hooks);
}

void json_init(void)
{
    pthread_once(&hooked, install_hooks);
}

cJSON *json_parse(const char *text, size_t len, const char **end)
{
    const char *stop = NULL;
    pthread_mutex_lock(&parsing);
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, &stop, 0);
    pthread_mutex_unlock(&parsing);
    if (end)
        *end = stop;
    return root;
}

cJSON *json_parse_in(hw_arena *a, const char *text, size_t len, const char **end)
{
    /* without the hooks cJSON would malloc the nodes the arena is to free */
    json_init();
    parse_arena = a;
    cJSON *root = json_parse(text, len, end);
    parse_arena = NULL;
    return root;
}

int json_alloc_take(void)
{
    int failed = alloc_failures > 0;
    alloc_failures = 0;
    return failed;
}

char *json_print(const cJSON *item)
{
    char *text = cJSON_Print(item);
    if (json_alloc_take() && text) {
        cJSON_free(text);
        text = NULL;
    }
    return text;
}
