/* interp.h - evaluate metrics of a checked target without generating code.
 *
 * Semantics shared with generated C and the docs: double arithmetic; x/0
 * and x%0 are NaN; NaN propagates through every operator, min and max
 * included; a metric that uses another metric sees its value.
 */
#ifndef HWCGEN_INTERP_H
#define HWCGEN_INTERP_H

#include "ir.h"

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

/* A set of a target's items: one flag per metric, event, constant and
 * input, indexed like the target's arrays. */
typedef struct hw_mask {
    char *metrics, *events, *constants, *inputs;
} hw_mask;

/* All flags clear; 0, or -1 when out of memory (nothing to free). */
int mask_init(hw_mask *m, const hw_target *t);
void mask_free(hw_mask *m);

/* What evaluating the metrics flagged in m->metrics reads: flags every
 * metric they use, directly or through other metrics, and every event,
 * constant and input any of those reads. t must be checked (it needs
 * t->metric_order). */
void interp_needs(const hw_target *t, hw_mask *m);

/* The shared operators, so the interpreter and tests agree on them. */
double hw_div(double a, double b);
double hw_mod(double a, double b);
double hw_min(double a, double b);
double hw_max(double a, double b);

#endif
