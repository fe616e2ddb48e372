/* plan_perf_expr.h - what perf calls things, and a metric's formula as perf's
 * MetricExpr can say it.
 *
 * perf evaluates a MetricExpr over the events of one CPU: it has min and
 * max of two arguments but no ceil, floor or abs, and none of our run-time
 * constants or model inputs (the run-time values of its own language,
 * hw_runtime, it finds itself and are kept as written). The plan
 * (plan_perf.h) asks it once per metric for the tree perf prints, or why
 * perf cannot carry the metric.
 */
#ifndef HWCGEN_PERF_EXPR_H
#define HWCGEN_PERF_EXPR_H

#include "core/arena.h"
#include "core/ir.h"

/* The PMU an event alias is programmed on: the generic Armv8 PMUv3 driver's
 * name on ACPI systems (device-tree systems name it after the core). */
#define PERF_PMU "armv8_pmuv3_0"

/* An event perf can count on its own: a code, and shown to users. */
int perf_event_ok(const hw_event *e);

/* The name perf users type for event e (perf/<slug>.aliases, perf list):
 * lower case, "cpu_cycles"; NULL when it cannot be mangled or out of
 * memory. */
const char *perf_event_name(hw_arena *a, const hw_event *e);

/* A metric group as perf names it (MetricGroup, perf stat -M): the topdown
 * levels lose their '_' ("Topdown_L1" -> "TopdownL1"), any other name is
 * the spec's. `name` itself when unchanged; NULL when out of memory. */
const char *perf_group_name(hw_arena *a, const char *name);

/* m's formula with every metric it uses written out in place, numbers as
 * perf's lexer reads them and min/max as nested two-argument calls: a tree
 * perf evaluates to the same value (nodes from `a`). NULL when perf cannot
 * express it, with *why saying why, or when out of memory (*why NULL). */
hw_expr *perf_expr(hw_arena *a, const hw_target *t, const hw_metric *m,
                   const char **why);

#endif
