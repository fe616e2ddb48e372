/* pipeline.h - hwcgen's stages in the order they run:
 *
 *   list    what each path names (load.h): a spec file, or the
 *           directories of a perf tree, each a target to load
 *   load    each into the IR (load.h), every line number recorded
 *   check   each target, then across targets (check.h): the gate
 *   emit    every output rendered into memory (emit.h)
 *   commit  every file written to a temporary name, then renamed into
 *           place (output.h): all or nothing
 *   free
 *
 * The command line, the tests and the benchmarks run specs through these
 * functions, so the sequence exists in one place. So do the threads: the
 * items of load, of the check of each target and of emit run side by side
 * (run/par.h), here and nowhere else; the check across targets runs on
 * one thread. What a run writes and says is the same for any number of
 * threads.
 */
#ifndef HWCGEN_PIPELINE_H
#define HWCGEN_PIPELINE_H

#include "core/diag.h"
#include "core/ir.h"
#include "core/out_kinds.h"
#include "write/output.h"

#include <cjson/cJSON.h>

typedef struct hw_run {
    hw_diag *d;
    hw_target **targets; /* one per spec file given (a file given twice, by
                            two names, once), one per directory of a perf
                            tree given (load_items_path()); NULL where it
                            is unusable */
    int ntargets;
    int clash;           /* usable targets that cannot go side by side */
    int full;            /* the targets are the whole set: run_emit keeps
                            none of an earlier run's (manifest.h) */
    unsigned outputs;    /* the kinds run_emit renders (out_kinds.h);
                            OUT_ALL unless the caller chooses */
    const char *dir;     /* where run_emit's files go */
    cJSON *before;       /* the manifest found in dir */
    cJSON *kept;         /* its targets this run keeps */
    out_set out;         /* what emit rendered, until commit */
} hw_run;

/* Also readies libxml2 for threads: before any starts. */
void run_init(hw_run *r, hw_diag *d);

/* Load and check every spec in `paths` (each is tried, so every error is
 * reported; a file given by two names loads once), then check the usable
 * ones against each other, as `generate` would put them side by side.
 * 0 when every spec is usable and they agree; -1 otherwise. run_emit()
 * needs 0. */
int run_load_check(hw_run *r, char *const *paths, int n);

/* Render every output of the loaded targets of the kinds r->outputs into
 * r->out, with paths under `dir`, beside the targets an earlier run left
 * in dir (its manifest), unless r->full; the shared files of those kinds
 * and the new manifest cover both (the other kinds' files are left as they
 * are: manifest.h). `templates` (NULL: the built-in ones) overrides
 * templates. With no dir (NULL), every output is rendered in memory only,
 * for what that checks (a file two specs would write), and nothing is
 * read or may be committed. 0, or -1 after reporting. */
int run_emit(hw_run *r, const char *dir, const char *templates);

/* Write what run_emit rendered (see out_commit()), then remove the files
 * an earlier run wrote that no target writes any more. The counts may be
 * NULL. */
int run_commit(hw_run *r, int *written, int *unchanged, int *removed);

void run_free(hw_run *r);

/* One spec, loaded and checked on its own: NULL after reporting. */
hw_target *run_open(const char *path, hw_diag *d);

/* Every target `path` names (load_items_path()), each checked on its own;
 * *out (malloc'd) holds NULL where one is unusable. 0 when every one
 * is usable, -1 after reporting. */
int run_open_all(const char *path, hw_target ***out, int *n, hw_diag *d);

#endif
