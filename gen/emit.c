/* emit.c - run every emitter over every target. */
#include "emit.h"

int emit_all(hw_target *const *targets, int n, const emit_to *to)
{
    for (int i = 0; i < n; i++)
        if (emit_c_headers(targets[i], to) != 0)
            return -1;
    if (emit_docs(targets, n, to) != 0)
        return -1;
    if (emit_perf(targets, n, to) != 0)
        return -1;
    return emit_streamline(targets, n, to);
}
