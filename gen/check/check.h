/* check.h - every user-facing check of a loaded target, before any emitter.
 *
 * Binds every reference in every formula (hw_expr.ref/.index), validates
 * names (C identifiers after mangling, no keywords, no collisions), codes,
 * indices, groups, methodologies, inputs and worked examples, and orders
 * metrics so that each comes after those it uses (t->metric_order).
 * Emitters may then assume a consistent target and only assert.
 */
#ifndef HWCGEN_CHECK_H
#define HWCGEN_CHECK_H

#include "core/diag.h"
#include "core/ir.h"

/* Returns 0 when the target is usable (warnings allowed), -1 otherwise. */
int check_target(hw_target *t, hw_diag *d);

/* The formulas of a perf tree (format "pmu-events": m->expr and
 * m->threshold_expr, parsed with expr_parse_perf) bound by perf's rules
 * (check_perf.c): each REF to a metric, an event, or an entry of
 * t->runtime that it adds (hw_runtime: counters outside the target, tool
 * events, '#' literals, has_event, strcmp_cpuid_str, source_count). An
 * unknown name is never an error there; a call perf's grammar could not
 * have made (a value where a name belongs, min of three, ceil) is.
 * check_target() calls it for that format in place of the name lookup of
 * our own formats; call it alone only on a target check_target() does not
 * see. 0, or -1 after reporting. */
int check_perf_formulas(hw_target *t, hw_diag *d);

/* No two items of t make one macro of the freestanding header <id>.h, and
 * every name in one can be spelled in C (plan_c_check.c). check_target()
 * runs it once everything else passed: names are only worth putting
 * together once each is valid. 0, or -1 after reporting. */
int check_c_names(const hw_target *t, hw_diag *d);

/* What no target shows alone: checked targets that `generate` would put
 * side by side, e.g. two CPUs with one MIDR. 0, or -1 after reporting. */
int check_targets(hw_target *const *targets, int n, hw_diag *d);

#endif
