/* pipeline.h - hwcgen's stages in the order they run:
 *
 *   list    what each path names (load.h): a spec file, or the
 *           directories of a perf tree, each a target to load
 *   load    each into the IR (load.h), every line number recorded
 *   check   each target, then across targets (check.h): the gate
 *   plan    what each target's outputs make of it, once (plan.h), in the
 *           same item of work as its check
 *   emit    every output rendered into memory from targets and plans
 *           (emit.h)
 *   commit  every file written to a temporary name, then renamed into
 *           place (write_files.h): all or nothing
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
#include "core/out_set.h"
#include "plan/plan.h"

#include <cjson/cJSON.h>

typedef struct hw_run {
    hw_diag *d;
    hw_target **targets; /* one per spec file given (a file given twice, by
                            two names, once), one per directory of a perf
                            tree given (load_items_path()); NULL where it
                            is unusable */
    hw_plan *plans;      /* beside targets: plans[i] is targets[i]'s, when
                            that is not NULL */
    int ntargets;
    int clash;           /* usable targets that cannot go side by side */
    int full;            /* the targets are the whole set: run_emit keeps
                            none of an earlier run's (write_manifest.h) */
    unsigned outputs;    /* the kinds run_emit renders (out_kinds.h);
                            OUT_ALL unless the caller chooses */
    const char *dir;     /* where run_commit writes run_emit's files (NULL:
                            nowhere, they are rendered in memory only) */
    cJSON *before;       /* the manifest found in dir */
    cJSON *kept;         /* its targets this run keeps */
    out_set out;         /* what emit rendered, until commit */
    char *dot;           /* the Graphviz program run_emit draws the docs'
                            diagrams with (render/graphviz.h); NULL: none */
} hw_run;

/* Also readies libxml2 for threads: before any starts. */
void run_init(hw_run *r, hw_diag *d);

/* Load, check and plan every spec in `paths` (each is tried, so every
 * error is reported; a file given by two names loads once), then check the
 * usable ones against each other, as `generate` would put them side by side.
 * Each target is planned for the kinds r->outputs only (plan_target()), so
 * set those first. 0 when every spec is usable and they agree; -1
 * otherwise. run_emit() needs 0. */
int run_load_check(hw_run *r, char *const *paths, int n);

/* Render every output of the loaded targets of the kinds r->outputs into
 * r->out, each file named below the output directory `dir`, beside the
 * targets an earlier run left in dir (its manifest), unless r->full; the
 * shared files of those kinds and the new manifest cover both (the other
 * kinds' files are left as they are: write_manifest.h). `dir` is read here (the
 * manifest) and kept for run_commit; no emitter sees it. `templates`
 * (NULL: the built-in ones) overrides templates. With no dir (NULL), every
 * output is rendered in memory only, for what that checks (a file two
 * specs would write), and nothing is read or may be committed. 0, or -1
 * after reporting. */
int run_emit(hw_run *r, const char *dir, const char *templates);

/* Write what run_emit rendered into its `dir` (see out_commit()), then
 * remove the files an earlier run wrote that no target writes any more.
 * The counts may be NULL. */
int run_commit(hw_run *r, int *written, int *unchanged, int *removed);

void run_free(hw_run *r);

/* One spec, loaded, checked and planned on its own, its plan into *p
 * (plan_free() it; NULL: the plan is only made for what it reports): NULL
 * after reporting. */
hw_target *run_open(const char *path, hw_plan *p, hw_diag *d);

/* Paths that name a file another path names (a symbolic or hard link:
 * Arm's telemetry tree links neoverse-n2-r0p0.json and -r0p1.json to
 * neoverse-n2.json) are skipped: the file loads once, by the name that is
 * not a symbolic link, else by its first name (a note says so). skip[i]
 * (n zeroed bytes from the caller) is set for each path left out. -1 when
 * out of memory. */
int run_skip_same_files(char *const *paths, int n, char *skip, hw_diag *d);

/* Every target `path` names (load_items_path()), each checked and planned
 * on its own; *out (malloc'd) holds NULL where one is unusable, and *plans
 * (malloc'd, unless `plans` is NULL: then they are only made for what
 * they report) their plans (run_free_all() frees both). 0 when every one
 * is usable, -1 after reporting. */
int run_open_all(const char *path, hw_target ***out, hw_plan **plans, int *n, hw_diag *d);
void run_free_all(hw_target **targets, hw_plan *plans, int n);

#endif
