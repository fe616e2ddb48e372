/* emit.h - emitters: each reads a checked target and its plan (plan.h)
 * and adds rendered files to an output set. None writes to disk, changes
 * the IR or the plan, or reports anything but a lack of memory: what the
 * user must hear was said by the checks and the plan. */
#ifndef HWCGEN_EMIT_H
#define HWCGEN_EMIT_H

#include "core/diag.h"
#include "core/ir.h"
#include "core/out_kinds.h"
#include "core/out_set.h"
#include "plan/plan.h"

#include "render/render.h"

/* The emitters of one target's files, each given the target's plan. Each
 * adds files for to->out->owner and, for the files every target shares,
 * its rows (out_row). */

/* include/hwcgen/<id>.h (freestanding) and <id>_metrics.h (evaluators);
 * for a perf tree's directory, <id>_metrics.h (plan_c_tree_names.h names it). */
int emit_c_headers(const hw_target *t, const hw_plan *p, const emit_to *to);
/* include/hwcgen/<id>.h of a directory of a perf pmu-events tree (format
 * "pmu-events"): one X-macro table of event encodings per PMU
 * (emit_c_perf.c); emit_c_headers() calls it for such a target. */
int emit_c_perf(const hw_target *t, const hw_plan *p, const emit_to *to);
/* docs/<slug>.md and .html, diagrams, and rows of the docs index. */
int emit_docs(const hw_target *t, const hw_plan *p, const emit_to *to);
/* perf/arch/arm64/<vendor>/<slug>/ JSON, perf/<slug>.aliases and a row of
 * the mapfile, for a CPU. */
int emit_perf(const hw_target *t, const hw_plan *p, const emit_to *to);
/* streamline/events-<Name>.xml, for a target gatord can count. */
int emit_streamline(const hw_target *t, const hw_plan *p, const emit_to *to);
/* A directory of a perf pmu-events tree (format "pmu-events") written
 * back as its files have it: perf/arch/<arch>/<dir>/<file> for each of
 * its JSON files, and the arch's mapfile.csv for the arch's own target
 * (emit_perf_tree.c). */
int emit_perf_tree(const hw_target *t, const hw_plan *p, const emit_to *to);

/* The files of one target of the chosen `kinds` (out_kinds.h), owned by
 * its spec. A file outside its kind's directory is an internal error. A
 * perf tree's directory writes its perf files back (emit_perf_tree),
 * its driver header, docs and Streamline files. */
int emit_target(const hw_target *t, const hw_plan *p, const emit_to *to, unsigned kinds);

/* The shared files, from every row in to->out: docs/index.md and .html
 * (with OUT_DOCS), perf/arch/arm64/mapfile.csv (with OUT_PERF, when any
 * row is for it). */
int emit_docs_index(const emit_to *to);
int emit_perf_mapfile(const emit_to *to);
int emit_shared(const emit_to *to, unsigned kinds);

/* Every output of every target (plans[i] is targets[i]'s), then the
 * shared files. */
int emit_all(hw_target *const *targets, const hw_plan *plans, int n, const emit_to *to);

#endif
