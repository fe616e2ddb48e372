/* inputs.c - model input validation (see inputs.h). */
#include "core/inputs.h"

#include <math.h>
#include <stdlib.h>

#include "core/expr.h"

/* Shortest text that reads back as v: 257, 0.5, 6e+08. */
typedef struct num_text {
    char s[32];
} num_text;

static num_text num(double v)
{
    num_text n;
    expr_format_number(n.s, sizeof n.s, v);
    return n;
}

/* Rules of input i that need no other input; returns violations. */
static int check_own(const hw_input *in, double v, hw_diag *d)
{
    const char *name = in->name;
    if (isnan(v)) {
        diag_error(d, NULL, "input '%s' is not a number", name);
        return 1;
    }
    if (!isfinite(v)) {
        diag_error(d, NULL, "input '%s' = %s is not a finite number", name,
                   num(v).s);
        return 1;
    }
    int bad = 0;
    if (in->has_min && (in->min_exclusive ? !(v > in->min) : v < in->min)) {
        diag_error(d, NULL, "input '%s' = %s is %s %s", name, num(v).s,
                   in->min_exclusive ? "not greater than"
                                     : "less than the minimum",
                   num(in->min).s);
        bad++;
    }
    if (in->has_max && (in->max_exclusive ? !(v < in->max) : v > in->max)) {
        diag_error(d, NULL, "input '%s' = %s is %s %s", name, num(v).s,
                   in->max_exclusive ? "not less than"
                                     : "greater than the maximum",
                   num(in->max).s);
        bad++;
    }
    if (in->integer && v != floor(v)) {
        diag_error(d, NULL, "input '%s' = %s is not a whole number", name,
                   num(v).s);
        bad++;
    }
    return bad;
}

static int is_used(const char *used, int i)
{
    return !used || used[i];
}

/* Multiple-of rules between inputs whose own values passed (bad[i] = 0). */
static int check_multiples(const hw_target *t, const double *inputs,
                           const char *used, const int *bad, hw_diag *d)
{
    int violations = 0;
    for (int i = 0; i < t->ninputs; i++) {
        const hw_input *in = &t->inputs[i];
        if (!in->multiple_of || !is_used(used, i) || bad[i])
            continue;
        int j = ir_find_input(t, in->multiple_of);
        if (j < 0) { /* the loader reports this; never trust it blindly */
            diag_error(d, &in->loc, "input '%s': multiple-of names no input "
                       "'%s'", in->name, in->multiple_of);
            violations++;
            continue;
        }
        if (!is_used(used, j) || bad[j])
            continue; /* no value, or already reported against input j */
        double v = inputs[i], m = inputs[j];
        if (m == 0.0 ? v != 0.0 : fmod(v, m) != 0.0) {
            diag_error(d, NULL, "input '%s' = %s is not a multiple of %s = %s",
                       in->name, num(v).s, in->multiple_of,
                       num(m).s);
            violations++;
        }
    }
    return violations;
}

int inputs_check_used(const hw_target *t, const double *inputs,
                      const char *used, hw_diag *d)
{
    if (t->ninputs == 0)
        return 0;
    int *bad = calloc((size_t)t->ninputs, sizeof *bad);
    if (!bad) {
        diag_error(d, NULL, "out of memory");
        return 1;
    }
    int violations = 0;
    for (int i = 0; i < t->ninputs; i++) {
        bad[i] = is_used(used, i) ? check_own(&t->inputs[i], inputs[i], d) : 0;
        violations += bad[i];
    }
    violations += check_multiples(t, inputs, used, bad, d);
    free(bad);
    return violations;
}

int inputs_check(const hw_target *t, const double *inputs, hw_diag *d)
{
    return inputs_check_used(t, inputs, NULL, d);
}
