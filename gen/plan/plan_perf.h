/* plan_perf.h - what perf gets of a CPU: each metric's MetricExpr, or why
 * it gets none, and the standard event of a kernel tree each event is.
 *
 * Decided once per target (plan.h): the perf emitter prints the trees,
 * the docs say which metrics perf has and why others are left out, and
 * the user hears of a metric left out once, from here.
 */
#ifndef HWCGEN_PLAN_PERF_H
#define HWCGEN_PLAN_PERF_H

#include "core/arena.h"
#include "core/diag.h"
#include "core/ir.h"
#include "core/perf_lang.h"

typedef struct perf_plan {
    hw_expr **exprs;   /* by metric: the tree its MetricExpr prints
                          (perf_expr()); NULL when perf gets none */
    const char **why;  /* by metric: why perf cannot express it; NULL
                          when it can or the metric is not for perf */
} perf_plan;

/* Whether perf is given metric m of t at all: a CPU's, with a formula of
 * its own (not an external series). */
int perf_metric_wanted(const hw_target *t, const hw_metric *m);

/* The trees of t's metrics, nodes in `a`; a metric of our formats that
 * perf cannot express is left out with a warning (a perf tree's
 * metrics.json is written from the keys its files keep, so no warning
 * there). 0, or -1 after reporting no memory. */
int perf_plan_make(perf_plan *p, const hw_target *t, hw_arena *a, hw_diag *d);

/* For `perf-merge` into a kernel tree: by event of t, the tree's standard
 * event it is (same name, any case, and same code), found with `find` in
 * `std`; NULL where there is none. An event of a standard event's name
 * with another code is written whole, with a warning. The array is in
 * `a`; NULL after reporting no memory. */
const perf_std_event **perf_plan_std(const hw_target *t, perf_std_find_fn *find, const void *std,
                                     hw_arena *a, hw_diag *d);

#endif
