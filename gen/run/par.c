/* par.c - par_each: a shared counter hands out items to a few threads.
 *
 * Perf's x86 and arm64 trees are about 80 directories of very different
 * sizes; taking the next item when one is done keeps both cores busy
 * (make bench, tests/bench/bench_tree.c: hwcgen against jevents.py).
 * libxml2 is made ready for threads before any starts (run_init). */
#include "run/par.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

enum { MAX_THREADS = 64 };

typedef struct par_job {
    int n;
    par_fn fn;
    void *ctx;
    const int *order;      /* the k-th item to start; NULL: item k */
    hw_diag *const *diags; /* one per item */
    int *failed;           /* one per item */
    atomic_int next;       /* the first item no thread has taken */
} par_job;

static void *work(void *arg)
{
    par_job *j = arg;
    for (int k; (k = atomic_fetch_add(&j->next, 1)) < j->n;) {
        int i = j->order ? j->order[k] : k;
        j->failed[i] = j->fn(j->ctx, i, j->diags[i]) != 0;
    }
    return NULL;
}

/* HWCGEN_THREADS as a count; 0 when unset, -1 when not one from 1 to 64. */
static int threads_asked(void)
{
    const char *s = getenv("HWCGEN_THREADS");
    if (!s)
        return 0;
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    return *s && !*end && !errno && n >= 1 && n <= MAX_THREADS ? (int)n : -1;
}

int par_threads_setting(char *why, size_t size)
{
    if (threads_asked() >= 0)
        return 0;
    snprintf(why, size, "HWCGEN_THREADS='%s': not a number of threads from 1 to %d",
             getenv("HWCGEN_THREADS"), MAX_THREADS);
    return -1;
}

int par_threads(void)
{
    int asked = threads_asked();
    if (asked > 0)
        return asked;
    long n;
    n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_THREADS ? MAX_THREADS : (int)n;
}

int par_run_ordered(int n, const int *order, par_fn fn, void *ctx, hw_diag *const *diags)
{
    par_job j = {n, fn, ctx, order, diags, calloc((size_t)n + 1, sizeof *j.failed), 0};
    if (!j.failed) {
        /* no room to run them side by side: one after another */
        int failed = 0;
        for (int i = 0; i < n; i++)
            failed += fn(ctx, i, diags[i]) != 0;
        return failed;
    }
    pthread_t helpers[MAX_THREADS];
    int started = 0, want = par_threads();
    want = want < n ? want : n;
    /* a thread that cannot start leaves its share to the others */
    while (started + 1 < want && pthread_create(&helpers[started], NULL, work, &j) == 0)
        started++;
    work(&j);
    for (int k = 0; k < started; k++)
        pthread_join(helpers[k], NULL);
    int failed = 0;
    for (int i = 0; i < n; i++)
        failed += j.failed[i];
    free(j.failed);
    return failed;
}

int par_run(int n, par_fn fn, void *ctx, hw_diag *const *diags)
{
    return par_run_ordered(n, NULL, fn, ctx, diags);
}

typedef struct costed {
    long long cost;
    int item;
} costed;

static int by_cost(const void *pa, const void *pb)
{
    const costed *a = pa, *b = pb;
    if (a->cost != b->cost)
        return a->cost > b->cost ? -1 : 1;
    return (a->item > b->item) - (a->item < b->item);
}

int *par_order_by_cost(const long long *cost, int n)
{
    costed *c = calloc((size_t)n + 1, sizeof *c);
    int *order = calloc((size_t)n + 1, sizeof *order);
    if (!c || !order) {
        free(c);
        free(order);
        return NULL;
    }
    for (int i = 0; i < n; i++)
        c[i] = (costed){cost[i], i};
    qsort(c, (size_t)n, sizeof *c, by_cost);
    for (int k = 0; k < n; k++)
        order[k] = c[k].item;
    free(c);
    return order;
}

int par_each(int n, par_fn fn, void *ctx, hw_diag *d)
{
    return par_each_ordered(n, NULL, fn, ctx, d);
}

int par_each_ordered(int n, const int *order, par_fn fn, void *ctx, hw_diag *d)
{
    hw_diag *diags = calloc((size_t)n + 1, sizeof *diags);
    hw_diag **each = calloc((size_t)n + 1, sizeof *each);
    if (!diags || !each) {
        free(diags);
        free(each);
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    for (int i = 0; i < n; i++) {
        diag_defer(&diags[i], d);
        each[i] = &diags[i];
    }
    int failed = par_run_ordered(n, order, fn, ctx, each);
    for (int i = 0; i < n; i++)
        diag_replay(d, &diags[i]);
    free(diags);
    free(each);
    return failed;
}
