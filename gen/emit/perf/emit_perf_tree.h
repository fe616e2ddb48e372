/* emit_perf_tree.h - a perf tree's directory written back (emit_perf_tree.c). */
#ifndef HWCGEN_EMIT_PERF_TREE_H
#define HWCGEN_EMIT_PERF_TREE_H

#include "core/ir.h"
#include "plan/plan.h"
#include "render/render.h"

/* A directory of a perf pmu-events tree (format "pmu-events") written
 * back as its files have it: perf/arch/<arch>/<dir>/<file> for each of
 * its JSON files, and the arch's mapfile.csv for the arch's own target. */
int emit_perf_tree(const hw_target *t, const hw_plan *p, const emit_to *to);

#endif
