/* emit_c_perf.h - the driver header of a perf tree's directory (emit_c_perf.c). */
#ifndef HWCGEN_EMIT_C_PERF_H
#define HWCGEN_EMIT_C_PERF_H

#include "core/ir.h"
#include "plan/plan.h"
#include "render/render.h"

/* include/hwcgen/<id>.h of a directory of a perf pmu-events tree (format
 * "pmu-events"): one X-macro table of event encodings per PMU;
 * emit_c_headers() calls it for such a target. */
int emit_c_perf(const hw_target *t, const hw_plan *p, const emit_to *to);

#endif
