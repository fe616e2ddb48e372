/* cmd_eval_values.h - the values `hwcgen eval` evaluates a target's metrics
 * with: the user's NAME=VALUE words, the run-time values' defaults, which
 * values the chosen metrics need, and how a metric's value is printed.
 *
 * It lives in gen/cmd/, not core/, because it is the command line's view
 * of the values: a word not of the form NAME=VALUE is a usage error
 * (cmd_usage_error: "hwcgen: ...", exit 2), every other message is an
 * error starting "eval: ", and names are taken as the user types them
 * (a Streamline variable's '$', perf's '#' literals in any case). The
 * evaluation itself is core's (core/interp.h, core/inputs.h).
 */
#ifndef HWCGEN_CMD_EVAL_VALUES_H
#define HWCGEN_CMD_EVAL_VALUES_H

#include <stdio.h>

#include "core/diag.h"
#include "core/interp.h"
#include "core/ir.h"
#include "plan/plan.h"

typedef struct eval_values {
    const hw_target *t;                    /* checked */
    const hw_plan *p;                      /* its plan: the C names of its
                                              run-time values */
    double *events, *constants, *inputs;   /* indexed like t's arrays */
    double *runtime;                       /* like t->runtime */
    hw_mask given; /* the values the user set */
    hw_mask needs; /* the chosen metrics, what they use and what they read */
    hw_diag *d;    /* where errors go */
} eval_values;

/* Every value 0 and not given, but each run-time value at its default
 * (interp_runtime_default: source_count 1, the others NaN); no metric
 * chosen. 0, or -1 after reporting that memory ran out (free it even so). */
int eval_values_init(eval_values *v, const hw_target *t, const hw_plan *p, hw_diag *d);
void eval_values_free(eval_values *v);

/* Choose the metric called `name` (exact case); 0, or -1 after reporting
 * an unknown one, with the closest name. */
int eval_values_choose(eval_values *v, const char *name);
/* Choose every metric. */
void eval_values_choose_all(eval_values *v);

/* One NAME=VALUE word. NAME is an event (counter), an input, a constant
 * the spec leaves to run time, or a run-time value (interp_runtime_find);
 * a leading '$' is dropped. VALUE is what strtod reads in full: decimal,
 * exponent, hexadecimal (0x10, 0x1p4), inf and nan. 0 when set;
 * EXIT_USAGE after reporting a word without '=' or with nothing before
 * it; -1 after reporting a VALUE that is not a number, an unknown NAME,
 * a constant the spec fixes, a counter below 0 or not finite, or a NAME
 * set before. */
int eval_values_set(eval_values *v, const char *word);

/* Flag in v->needs what the chosen metrics read, directly or through the
 * metrics they use, and report each such value that is neither given nor
 * has a value without one (a fixed constant, a run-time default). Returns
 * how many are missing. */
int eval_values_missing(eval_values *v);

/* Every metric's value into out[t->nmetrics]. -1 after reporting a given
 * input outside its valid range (needed or not: a wrong value is wrong
 * either way); a model outside its range has no answer. */
int eval_values_compute(const eval_values *v, double *out);

/* "NAME VALUE\n" with %.10g; "nan" for NaN, and 0 for -0. */
void eval_print_value(FILE *out, const char *name, double value);

#endif
