/* emit.h - emitters: each reads a checked target and its plan (plan.h)
 * and adds rendered files to an output set. None writes to disk, changes
 * the IR or the plan, or reports anything but a lack of memory or, for
 * the docs, a failure of the Graphviz program that draws their diagrams
 * (emit_to's `dot`): what the user must hear was said by the checks and
 * the plan. */
#ifndef HWCGEN_EMIT_H
#define HWCGEN_EMIT_H

#include "core/diag.h"
#include "core/ir.h"
#include "core/out_kinds.h"
#include "core/out_set.h"
#include "plan/plan.h"

#include "render/render.h"

/* Each emitter has its own header beside it (emit/c/emit_c.h,
 * emit/docs/emit_docs.h, emit/perf/emit_perf.h, emit_perf_tree.h,
 * emit/streamline/emit_streamline.h); this file runs them. Each adds files
 * for to->out->owner and, for the files every target shares, its rows
 * (out_row). */

/* The files of one target of the chosen `kinds` (out_kinds.h), owned by
 * its spec. A file outside its kind's directory is an internal error. A
 * perf tree's directory writes its perf files back (emit_perf_tree),
 * its driver header, docs and Streamline files. */
int emit_target(const hw_target *t, const hw_plan *p, const emit_to *to, unsigned kinds);

/* The shared files, from every row in to->out: docs/index.md and .html
 * (with OUT_DOCS), perf/arch/arm64/mapfile.csv (with OUT_PERF, when any
 * row is for it). */
int emit_shared(const emit_to *to, unsigned kinds);

/* Every output of every target (plans[i] is targets[i]'s), then the
 * shared files. */
int emit_all(hw_target *const *targets, const hw_plan *plans, int n, const emit_to *to);

#endif
