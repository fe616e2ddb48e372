/* check.h - every user-facing check of a loaded target, before any emitter.
 *
 * Binds every reference in every formula (hw_expr.ref/.index), validates
 * names (C identifiers after mangling, no keywords, no collisions), codes,
 * indices, groups, methodologies, inputs and worked examples, and orders
 * metrics so that each comes after those it uses (t->metric_order).
 * What the outputs make of the target is checked by its plan (plan.h),
 * made next; emitters may then assume a consistent target and only
 * assert.
 */
#ifndef HWCGEN_CHECK_H
#define HWCGEN_CHECK_H

#include "core/diag.h"
#include "core/ir.h"

/* Returns 0 when the target is usable (warnings allowed), -1 otherwise. */
int check_target(hw_target *t, hw_diag *d);

/* What no target shows alone: checked targets that `generate` would put
 * side by side, e.g. two CPUs with one MIDR. 0, or -1 after reporting. */
int check_targets(hw_target *const *targets, int n, hw_diag *d);

#endif
