/* emit.c - run every emitter over every target.
 *
 * The work, in its order: the C headers of each target; per target the
 * Markdown page, the HTML page and the diagrams; the doc indexes; perf
 * JSON; Streamline XML. One thread does it in that order and stops at the
 * first failure. With two jobs, two threads take the pieces (biggest
 * first), each into a side run of its own (files and diagnostics); the
 * side runs are then merged in the order above, up to and including the
 * first that failed, so the user sees exactly what one thread shows. The
 * threads share only the read-only targets; see cjson_alloc.c, pages.c,
 * diag.c and resources.c for the state they each keep or guard.
 */
#include "emit.h"

#include <pthread.h>
#include <stdlib.h>

#include "cjson_alloc.h"
#include "pages.h"

typedef enum {
    PIECE_C,          /* emit_c_headers of one target */
    PIECE_PAGE_MD,    /* emit_docs_page, Markdown */
    PIECE_PAGE_HTML,  /* emit_docs_page, HTML */
    PIECE_DIAGRAMS,   /* emit_docs_diagrams */
    PIECE_INDEX,      /* emit_docs_index: all targets */
    PIECE_PERF,       /* emit_perf: all targets */
    PIECE_STREAMLINE, /* emit_streamline: all targets */
} piece_kind;

/* One piece of the work and what it produced. */
typedef struct piece {
    piece_kind kind;
    int target;
    out_set out;
    hw_diag d;
    int rc;
} piece;

static int run_piece(piece_kind kind, int target, hw_target *const *targets, int n,
                     out_set *out, const char *dir, hw_diag *d)
{
    const hw_target *t = target >= 0 ? targets[target] : NULL;
    switch (kind) {
    case PIECE_C: return emit_c_headers(t, out, dir, d);
    case PIECE_PAGE_MD: return emit_docs_page(t, 0, out, dir, d);
    case PIECE_PAGE_HTML: return emit_docs_page(t, 1, out, dir, d);
    case PIECE_DIAGRAMS: return emit_docs_diagrams(t, out, dir, d);
    case PIECE_INDEX: return emit_docs_index(targets, n, out, dir, d);
    case PIECE_PERF: return emit_perf(targets, n, out, dir, d);
    case PIECE_STREAMLINE: return emit_streamline(targets, n, out, dir, d);
    }
    return -1;
}

/* The pieces in the order one thread runs them; NULL when out of memory. */
static piece *list_pieces(int n, int *count)
{
    piece *p = calloc((size_t)(4 * n + 3), sizeof *p);
    int k = 0;
    for (int i = 0; p && i < n; i++)
        p[k].kind = PIECE_C, p[k++].target = i;
    for (int i = 0; p && i < n; i++) {
        p[k].kind = PIECE_PAGE_MD, p[k++].target = i;
        p[k].kind = PIECE_PAGE_HTML, p[k++].target = i;
        p[k].kind = PIECE_DIAGRAMS, p[k++].target = i;
    }
    if (p) {
        p[k].kind = PIECE_INDEX, p[k++].target = -1;
        p[k].kind = PIECE_PERF, p[k++].target = -1;
        p[k].kind = PIECE_STREAMLINE, p[k++].target = -1;
    }
    *count = k;
    return p;
}

/* Which piece to start first (0 to 4): the HTML pages take longest, then
 * the Markdown pages and the C headers; the rest are short. */
static int weight(piece_kind kind)
{
    switch (kind) {
    case PIECE_PAGE_HTML: return 0;
    case PIECE_PAGE_MD: return 1;
    case PIECE_C: return 2;
    case PIECE_PERF: return 3;
    default: return 4;
    }
}

typedef struct work {
    piece *pieces;
    int count;
    int *start;      /* piece indexes, in the order they are started */
    int next;        /* start[next] is the next to take */
    int first_failed; /* the first failed piece in order (count: none);
                         pieces after it need not run */
    pthread_mutex_t lock;
    hw_target *const *targets;
    int n;
    const char *dir;
} work;

static void *worker(void *arg)
{
    work *w = arg;
    for (;;) {
        pthread_mutex_lock(&w->lock);
        int k = -1;
        while (k < 0 && w->next < w->count)
            if (w->start[w->next++] < w->first_failed)
                k = w->start[w->next - 1];
        pthread_mutex_unlock(&w->lock);
        if (k < 0)
            break;
        piece *p = &w->pieces[k];
        p->rc = run_piece(p->kind, p->target, w->targets, w->n, &p->out, w->dir, &p->d);
        if (p->rc != 0) {
            pthread_mutex_lock(&w->lock);
            if (k < w->first_failed)
                w->first_failed = k;
            pthread_mutex_unlock(&w->lock);
        }
    }
    pages_release();
    return NULL;
}

/* One thread: the pieces in order, straight into `out`, to the first
 * failure. */
static int emit_sequential(hw_target *const *targets, int n, out_set *out,
                           const char *dir, hw_diag *d)
{
    int count;
    piece *p = list_pieces(n, &count);
    int rc = p ? 0 : -1;
    if (!p)
        diag_error(d, NULL, "out of memory");
    for (int k = 0; rc == 0 && k < count; k++)
        rc = run_piece(p[k].kind, p[k].target, targets, n, out, dir, d);
    free(p);
    return rc;
}

/* Hand over, in order, what the pieces produced up to the first failure
 * (a piece not run after it counts as nothing). 0, or -1 as that piece
 * returned. */
static int merge(piece *p, int count, out_set *out, hw_diag *d)
{
    for (int k = 0; k < count; k++) {
        diag_append(d, &p[k].d);
        if (out_merge(out, &p[k].out) != 0 && p[k].rc == 0) {
            diag_error(d, NULL, "out of memory");
            p[k].rc = -1;
        }
        if (p[k].rc != 0)
            return -1;
    }
    return 0;
}

int emit_all(hw_target *const *targets, int n, out_set *out, const char *dir,
             hw_diag *d, int jobs)
{
    if (jobs < 2)
        return emit_sequential(targets, n, out, dir, d);
    work w = {.targets = targets, .n = n, .dir = dir};
    w.pieces = list_pieces(n, &w.count);
    w.start = malloc((size_t)(w.count + 1) * sizeof *w.start);
    if (!w.pieces || !w.start || pthread_mutex_init(&w.lock, NULL) != 0) {
        free(w.pieces);
        free(w.start);
        return emit_sequential(targets, n, out, dir, d);
    }
    for (int k = 0; k < w.count; k++) {
        piece *p = &w.pieces[k];
        out_init(&p->out);
        diag_init(&p->d, NULL);
        p->d.verbose = d->verbose;
        p->d.max_errors = d->max_errors > d->errors ? d->max_errors - d->errors : 1;
        if (out->stage_early)
            out_stage_early(&p->out, &p->d);
        p->rc = 1; /* not run */
    }
    int started = 0;
    for (int weight_now = 0; weight_now <= 4; weight_now++)
        for (int k = 0; k < w.count; k++)
            if (weight(w.pieces[k].kind) == weight_now)
                w.start[started++] = k;
    w.first_failed = w.count;
    cjson_alloc_init(); /* the hooks are shared: set them before any thread */
    pthread_t helper;
    int helping = pthread_create(&helper, NULL, worker, &w) == 0;
    worker(&w);
    if (helping)
        pthread_join(helper, NULL);
    int rc = merge(w.pieces, w.count, out, d);
    for (int k = 0; k < w.count; k++) {
        out_free(&w.pieces[k].out); /* unstages what was not merged */
        diag_free(&w.pieces[k].d);
    }
    pthread_mutex_destroy(&w.lock);
    free(w.pieces);
    free(w.start);
    return rc;
}
