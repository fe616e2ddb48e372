/* pipeline.h - hwcgen's stages in the order they run:
 *
 *   load    each spec into the IR (load.h), every line number recorded
 *   check   each target, then across targets (check.h): the gate
 *   emit    every output rendered into memory (emit.h)
 *   commit  every file written to a temporary name, then renamed into
 *           place (output.h): all or nothing
 *   free
 *
 * The command line, the tests and the benchmarks run specs through these
 * functions, so the sequence exists in one place.
 */
#ifndef HWCGEN_PIPELINE_H
#define HWCGEN_PIPELINE_H

#include "diag.h"
#include "ir.h"
#include "output.h"

typedef struct hw_run {
    hw_diag *d;
    hw_target **targets; /* one per spec given; NULL where it is unusable */
    int ntargets;
    int clash;           /* usable targets that cannot go side by side */
    out_set out;         /* what emit rendered, until commit */
} hw_run;

void run_init(hw_run *r, hw_diag *d);

/* Load and check every spec in `paths` (each is tried, so every error is
 * reported), then check the usable ones against each other, as `generate`
 * would put them side by side. 0 when every spec is usable and they agree;
 * -1 otherwise. run_emit() needs 0. */
int run_load_check(hw_run *r, char *const *paths, int n);

/* Render every output of the loaded targets into r->out, with paths under
 * `dir`; `templates` (NULL: the built-in ones) overrides templates. 0, or
 * -1 after reporting. */
int run_emit(hw_run *r, const char *dir, const char *templates);

/* Write what run_emit rendered: see out_commit(). */
int run_commit(hw_run *r, int *written, int *unchanged);

void run_free(hw_run *r);

/* One spec, loaded and checked on its own: NULL after reporting. */
hw_target *run_open(const char *path, hw_diag *d);

#endif
