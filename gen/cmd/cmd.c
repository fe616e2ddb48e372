/* cmd.c - what the commands share (cmd.h). */
#include "cmd/cmd.h"

#include <stdlib.h>

#include "run/pipeline.h"

int cmd_open_one(const char *command, const char *path, hw_target **t, hw_plan *p,
                 hw_diag *d)
{
    hw_target **all;
    hw_plan *plans;
    int n;
    /* What loading says is held back: a path naming several targets is a
     * usage error, said alone, not after every warning of the tree. */
    hw_diag said;
    diag_defer(&said, d);
    int rc = run_open_all(path, &all, &plans, &n, &said);
    if (n > 1)
        diag_free(&said);
    else
        diag_replay(d, &said);
    *t = n == 1 && rc == 0 ? all[0] : NULL;
    *p = *t ? plans[0] : (hw_plan){0};
    const char *example = NULL;
    for (int i = 0; i < n && !example; i++)
        if (all[i] && all[i]->perf_dir && *all[i]->perf_dir)
            example = all[i]->spec_path;
    if (n > 1)
        rc = cmd_usage_error("%s: %s names %d targets (the directories of a perf tree); "
                             "give one of them%s%s", command, path, n,
                             example ? ", e.g. " : "", example ? example : "");
    for (int i = 0; i < n; i++)
        if (all[i] != *t) {
            if (plans)
                plan_free(&plans[i]);
            target_free(all[i]);
        }
    free(all);
    free(plans);
    return rc == 0 && *t ? 0 : rc == EXIT_USAGE ? EXIT_USAGE : EXIT_SPEC;
}
