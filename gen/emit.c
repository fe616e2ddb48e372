/* emit.c - run every emitter over every target. */
#include "emit.h"

int emit_all(hw_target *const *targets, int n, out_set *out, const char *dir,
             hw_diag *d)
{
    for (int i = 0; i < n; i++)
        if (emit_c_headers(targets[i], out, dir, d) != 0)
            return -1;
    if (emit_docs(targets, n, out, dir, d) != 0) return -1;
    if (emit_perf(targets, n, out, dir, d) != 0) return -1;
    if (emit_streamline(targets, n, out, dir, d) != 0) return -1;
    return 0;
}
