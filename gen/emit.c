/* emit.c - every emitter over a target, then the files targets share. */
#include "emit.h"

int emit_target(const hw_target *t, const emit_to *to)
{
    const char *before = to->out->owner;
    to->out->owner = t->spec_name;
    int rc;
    /* A perf tree's directory: its perf files as they were, its driver
     * header and its docs. No Streamline file: gatord knows a CPU by its
     * own table of PMUs, which a directory of perf's tree does not name. */
    if (target_is_perf_tree(t))
        rc = emit_perf_tree(t, to) || emit_c_headers(t, to) || emit_docs(t, to) ? -1 : 0;
    else
        rc = emit_c_headers(t, to) || emit_docs(t, to) || emit_perf(t, to) ||
             emit_streamline(t, to) ? -1 : 0;
    to->out->owner = before;
    return rc;
}

int emit_shared(const emit_to *to)
{
    return emit_docs_index(to) || emit_perf_mapfile(to) ? -1 : 0;
}

int emit_all(hw_target *const *targets, int n, const emit_to *to)
{
    for (int i = 0; i < n; i++)
        if (emit_target(targets[i], to) != 0)
            return -1;
    return emit_shared(to);
}
