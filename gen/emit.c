/* emit.c - run every emitter over every target.
 *
 * The emitters run in this order: C headers, docs, perf JSON, Streamline
 * XML, and stop at the first that fails. The docs take as long as all the
 * others together, so with two jobs they render in a thread of their
 * own while this one does the rest. The user sees the same: files and
 * diagnostics are merged in emitter order, and whatever an emitter after
 * a failed one reported is dropped, as if it had never run. The threads
 * share only the read-only targets; see cjson_alloc.c, pages.c, diag.c
 * and resources.c for the state they each keep or guard.
 */
#include "emit.h"

#include <pthread.h>

#include "cjson_alloc.h"
#include "pages.h"

static int emit_c_all(hw_target *const *targets, int n, out_set *out,
                      const char *dir, hw_diag *d)
{
    for (int i = 0; i < n; i++)
        if (emit_c_headers(targets[i], out, dir, d) != 0)
            return -1;
    return 0;
}

/* One emitter's run on the side: its own files and diagnostics. */
typedef struct side_run {
    hw_target *const *targets;
    int n;
    const char *dir;
    out_set out;
    hw_diag d;
    int rc;
} side_run;

static void side_init(side_run *s, hw_target *const *targets, int n,
                      const char *dir, const out_set *like, const hw_diag *d)
{
    s->targets = targets;
    s->n = n;
    s->dir = dir;
    out_init(&s->out);
    diag_init(&s->d, NULL);
    s->d.verbose = d->verbose;
    s->d.max_errors = d->max_errors > d->errors ? d->max_errors - d->errors : 1;
    if (like->stage_early)
        out_stage_early(&s->out, &s->d);
    s->rc = 0;
}

/* Hand the side run's files and diagnostics over, in their place. */
static int side_merge(side_run *s, out_set *out, hw_diag *d)
{
    diag_append(d, &s->d);
    if (out_merge(out, &s->out) != 0 && s->rc == 0) {
        diag_error(d, NULL, "out of memory");
        s->rc = -1;
    }
    return s->rc;
}

static void side_free(side_run *s)
{
    out_free(&s->out); /* unstages what was not merged */
    diag_free(&s->d);
}

static void *docs_thread(void *arg)
{
    side_run *s = arg;
    s->rc = emit_docs(s->targets, s->n, &s->out, s->dir, &s->d);
    pages_release();
    return NULL;
}

static int emit_sequential(hw_target *const *targets, int n, out_set *out,
                           const char *dir, hw_diag *d)
{
    if (emit_c_all(targets, n, out, dir, d) != 0)
        return -1;
    if (emit_docs(targets, n, out, dir, d) != 0) return -1;
    if (emit_perf(targets, n, out, dir, d) != 0) return -1;
    if (emit_streamline(targets, n, out, dir, d) != 0) return -1;
    return 0;
}

int emit_all(hw_target *const *targets, int n, out_set *out, const char *dir,
             hw_diag *d, int jobs)
{
    if (jobs < 2)
        return emit_sequential(targets, n, out, dir, d);
    cjson_alloc_init(); /* the hooks are shared: set them before any thread */
    side_run docs, rest;
    side_init(&docs, targets, n, dir, out, d);
    pthread_t thread;
    if (pthread_create(&thread, NULL, docs_thread, &docs) != 0) {
        side_free(&docs);
        return emit_sequential(targets, n, out, dir, d);
    }
    int rc = emit_c_all(targets, n, out, dir, d);
    /* perf and Streamline report into a side run too: their diagnostics
     * come after the docs', which are not known yet. */
    side_init(&rest, targets, n, dir, out, d);
    if (rc == 0 && emit_perf(targets, n, &rest.out, dir, &rest.d) != 0)
        rest.rc = -1;
    if (rc == 0 && rest.rc == 0 &&
        emit_streamline(targets, n, &rest.out, dir, &rest.d) != 0)
        rest.rc = -1;
    pthread_join(thread, NULL);
    if (rc == 0)
        rc = side_merge(&docs, out, d);
    if (rc == 0)
        rc = side_merge(&rest, out, d);
    side_free(&docs);
    side_free(&rest);
    return rc;
}

