/* emit.c - the chosen emitters over a target, then the files targets
 * share. */
#include "emit/emit.h"

#include "emit/c/emit_c.h"
#include "emit/docs/docs_diagrams.h"
#include "emit/docs/emit_docs.h"
#include "emit/perf/emit_perf.h"
#include "emit/perf/emit_perf_tree.h"
#include "emit/streamline/emit_streamline.h"

typedef int (*target_emitter)(const hw_target *, const hw_plan *, const emit_to *);

/* Each kind's emitter, in the order of out_kinds.h (kind i is
 * out_kind_bit(i)). */
static const target_emitter emitters[OUT_KINDS] = {
    emit_c_headers, emit_docs, emit_perf, emit_streamline,
};

/* Files from..nfiles of the set all lie in `kind`'s directory: what
 * --outputs leaves alone, and the manifest carries over, is found by
 * that directory (out_kinds.h), so an emitter writing elsewhere is a bug. */
static int in_kind_dir(const emit_to *to, int from, unsigned kind)
{
    for (int i = from; i < to->out->nfiles; i++)
        if (out_kind_of(to->out->files[i].name) != kind) {
            diag_error(to->d, NULL, "internal error: %s is outside the directory of "
                       "its kind of output", to->out->files[i].name);
            return -1;
        }
    return 0;
}

/* The emitter of kind i for t. A perf tree's directory writes its perf
 * files back as it keeps them (emit_perf_tree); its other outputs come
 * from the emitters every target uses. */
static target_emitter emitter_for(const hw_target *t, int i)
{
    if (target_is_perf_tree(t) && out_kind_bit(i) == OUT_PERF)
        return emit_perf_tree;
    return emitters[i];
}

int emit_target(const hw_target *t, const hw_plan *p, const emit_to *to, unsigned kinds)
{
    const char *before = to->out->owner;
    to->out->owner = t->spec_name;
    /* The diagrams' drawing program starts first and runs while the
     * target's other files render: drawn last, it was the longest wait of
     * a run (make bench, every spec to every output). */
    emit_to mine = *to;
    int rc = (kinds & OUT_DOCS) && !to->drawings
                 ? docs_drawings_start(t, to, &mine.drawings)
                 : 0;
    for (int i = 0; i < OUT_KINDS && rc == 0; i++) {
        int from = to->out->nfiles;
        unsigned kind = out_kind_bit(i);
        if (kinds & kind)
            rc = emitter_for(t, i)(t, p, &mine) || in_kind_dir(to, from, kind) ? -1 : 0;
    }
    if (mine.drawings != to->drawings)
        docs_drawings_free(mine.drawings);
    to->out->owner = before;
    return rc;
}

int emit_shared(const emit_to *to, unsigned kinds)
{
    if ((kinds & OUT_DOCS) && emit_docs_index(to) != 0)
        return -1;
    return (kinds & OUT_PERF) && emit_perf_mapfile(to) != 0 ? -1 : 0;
}

int emit_all(hw_target *const *targets, const hw_plan *plans, int n, const emit_to *to)
{
    for (int i = 0; i < n; i++)
        if (emit_target(targets[i], &plans[i], to, OUT_ALL) != 0)
            return -1;
    return emit_shared(to, OUT_ALL);
}
