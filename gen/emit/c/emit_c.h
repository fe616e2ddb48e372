/* emit_c.h - the C headers of a target (emit_c.c): what emit.c runs for OUT_C. */
#ifndef HWCGEN_EMIT_C_H
#define HWCGEN_EMIT_C_H

#include "core/ir.h"
#include "plan/plan.h"
#include "render/render.h"

/* include/hwcgen/<id>.h (freestanding) and <id>_metrics.h (evaluators);
 * for a perf tree's directory, <id>_metrics.h (plan_c_tree_names.h names
 * it) beside emit_c_perf()'s table header. */
int emit_c_headers(const hw_target *t, const hw_plan *p, const emit_to *to);

#endif
