/* interp.h - evaluate metrics of a checked target without generating code.
 *
 * Semantics shared with generated C and the docs: double arithmetic; x/0
 * and x%0 are NaN; NaN propagates through every operator, min and max
 * included; a metric that uses another metric sees its value. A target
 * whose format says otherwise divides by its own rule (t->div_rule,
 * div_rule.h: Arm's counter database gives 0 for 0/0 and +/-infinity for
 * x/0).
 *
 * perf's metric language adds (expr.h): '<' and '>' give 1 or 0; '&', '|'
 * and '^' take non-zero as true and give 1 or 0; `x if c else y` is x when
 * c is non-zero, else y, and reads only that branch; all of them are NaN
 * when an operand they read is NaN. d_ratio(a, b) is 0 when b is 0 (even
 * when a is NaN), else a / b. has_event(), strcmp_cpuid_str(),
 * source_count(), '#' literals, tool events and events outside the target
 * read their value from the run-time values (hw_runtime in ir.h), which the
 * *_rt functions take.
 *
 * Where perf 6.12 differs (its expr.y): '/' by 0 is NaN there too, but '%'
 * by 0 makes the whole metric fail, and '%' works on the values cut to
 * integers; min and max compare with '<' and '>' and so return the second
 * operand when either is NaN; an if-else with a NaN condition takes the
 * first branch; '&' and '|' with one finite operand that decides the result
 * (0 & NaN, 1 | NaN) give it, not NaN. Formulas of the kernel's tree never
 * meet these cases on counts, which are never NaN.
 */
#ifndef HWCGEN_INTERP_H
#define HWCGEN_INTERP_H

#include "core/ir.h"

/* Values indexed like t->events, t->constants, t->inputs. A fixed constant
 * (has_value) uses its spec value; its slot is not read. */
typedef struct hw_values {
    const double *events;
    const double *constants;
    const double *inputs;
} hw_values;

/* Evaluate one expression; `metrics` holds values of metrics it may use. */
double interp_expr(const hw_expr *e, const hw_target *t, const hw_values *v,
                   const double *metrics);

/* Every metric, in t->metric_order, into out[t->nmetrics]. Metrics with no
 * expression (external series) are NaN. */
void interp_all(const hw_target *t, const hw_values *v, double *out);

/* The same for a target with run-time values (t->runtime: a perf tree's
 * counters outside it, literals, has_event and the like): `runtime` holds
 * their values, indexed like t->runtime (NULL: every one reads NaN). */
double interp_expr_rt(const hw_expr *e, const hw_target *t, const hw_values *v,
                      const double *runtime, const double *metrics);
void interp_all_rt(const hw_target *t, const hw_values *v, const double *runtime,
                   double *out);

/* Every metric's threshold (perf's MetricThreshold) into out[t->nmetrics],
 * given the metrics' values from interp_all_rt; NaN where there is none. */
void interp_thresholds(const hw_target *t, const hw_values *v, const double *runtime,
                       const double *metrics, double *out);

/* A set of a target's items: one flag per metric, event, constant, input
 * and run-time value, indexed like the target's arrays. */
typedef struct hw_mask {
    char *metrics, *events, *constants, *inputs, *runtime;
} hw_mask;

/* All flags clear; 0, or -1 when out of memory (nothing to free). */
int mask_init(hw_mask *m, const hw_target *t);
void mask_free(hw_mask *m);

/* What evaluating the metrics flagged in m->metrics reads: flags every
 * metric they use, directly or through other metrics, and every event,
 * constant, input and run-time value any of those reads. t must be checked
 * (it needs t->metric_order). Thresholds are not followed. */
void interp_needs(const hw_target *t, hw_mask *m);

/* The run-time value (t->runtime) a user names: by its key as perf spells
 * it ("duration_time", "has_event(cycles\-t)"; a literal in any case,
 * "#SMT_on"), or by its C member ("smt_on"; `members` by run-time value,
 * the plan's c_members.runtime, plan.h; NULL: none); -1 when none. */
int interp_runtime_find(const hw_target *t, const char *const *members, const char *name);

/* What a run-time value is when none is given: 1 for source_count (one
 * PMU counts the event), NaN for the others, which must be given. */
double interp_runtime_default(const hw_runtime *r);
/* Each run-time value's default into out[t->nruntime]. */
void interp_runtime_defaults(const hw_target *t, double *out);

#endif
