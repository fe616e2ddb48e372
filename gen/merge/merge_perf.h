/* merge_perf.h - hwcgen's CPUs merged into a kernel's perf pmu-events tree.
 *
 * TREE is a tools/perf/pmu-events directory. Its arch/arm64/mapfile.csv
 * maps a MIDR to a directory of JSON under arch/arm64/; the JSON files
 * directly in arch/arm64/ (common-and-microarch.json, recommended.json,
 * sbsa.json) define what every CPU may refer to by name. Merging a CPU
 * does what an upstream patch for it would:
 *
 *   - the CPU's directory is the one the mapfile gives its MIDR, whatever
 *     its name; hwcgen's JSON replaces the JSON there, and a JSON file
 *     hwcgen does not write is removed from it;
 *   - a directory the mapfile gives other CPUs too is theirs as well: the
 *     CPU gets <vendor>/<slug> of its own and only its row points there;
 *   - a CPU the mapfile lacks gets a row (v1, core), placed among the rows
 *     of its implementer in MIDR order, and <vendor>/<slug>;
 *   - nothing else changes: no other row, no other CPU's files.
 *
 * Merging again changes nothing. Every file is staged under a temporary
 * name before any is renamed into place, so a failure while writing
 * leaves TREE as it was; only then are the files no longer wanted removed.
 */
#ifndef HWCGEN_PERF_MERGE_H
#define HWCGEN_PERF_MERGE_H

#include <stdint.h>

#include "core/arena.h"
#include "core/diag.h"
#include "core/ir.h"
#include "core/names.h"
#include "load/load_perf_files.h"
#include "plan/plan.h"


typedef struct perf_merge_opts {
    int dry_run;   /* report what would change; write nothing */
    hw_buf *report; /* one line per change ("write PATH", "remove PATH",
                       "row ..."), paths relative to TREE; may be NULL */
} perf_merge_opts;

/* Merge every target (each a CPU perf can count; plans[i] is targets[i]'s
 * plan) into `tree`. 0, or -1
 * after reporting; on -1 the tree is as it was, unless removing a file
 * no longer wanted failed after everything else was in place. */
int perf_merge(const char *tree, hw_target *const *targets, const hw_plan *plans, int n,
               const perf_merge_opts *opts, hw_diag *d);

#endif
