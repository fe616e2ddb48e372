/* emit.h - emitters: each reads checked targets and adds rendered files
 * to an output set. None writes to disk or changes the IR. */
#ifndef HWCGEN_EMIT_H
#define HWCGEN_EMIT_H

#include "diag.h"
#include "ir.h"
#include "output.h"

#include "render.h"

/* include/hwcgen/<id>.h (freestanding) and <id>_metrics.h (evaluators). */
int emit_c_headers(const hw_target *t, const emit_to *to);

int emit_docs(hw_target *const *targets, int n, const emit_to *to);
int emit_perf(hw_target *const *targets, int n, const emit_to *to);
int emit_streamline(hw_target *const *targets, int n, const emit_to *to);

/* Every output of every target (C headers, perf JSON, Streamline XML,
 * docs), including files that cover all targets (mapfile.csv, indexes). */
int emit_all(hw_target *const *targets, int n, const emit_to *to);

#endif
