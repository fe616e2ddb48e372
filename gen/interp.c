/* interp.c - tree-walking evaluator with the shared semantics. */
#include "interp.h"

#include <math.h>
#include <stdlib.h>

#include "expr.h"

double hw_div(double a, double b)
{
    return b == 0.0 ? NAN : a / b;
}

double hw_mod(double a, double b)
{
    return b == 0.0 ? NAN : fmod(a, b);
}

double hw_min(double a, double b)
{
    return isnan(a) || isnan(b) ? NAN : a < b ? a : b;
}

double hw_max(double a, double b)
{
    return isnan(a) || isnan(b) ? NAN : a > b ? a : b;
}

static double ref_value(const hw_expr *e, const hw_target *t,
                        const hw_values *v, const double *metrics)
{
    switch (e->ref) {
    case REF_EVENT:
        return v->events[e->index];
    case REF_CONSTANT:
        return t->constants[e->index].has_value ? t->constants[e->index].value
                                                : v->constants[e->index];
    case REF_INPUT:
        return v->inputs[e->index];
    case REF_METRIC:
        return metrics[e->index];
    default:
        return NAN; /* unresolved: the checker rejects these first */
    }
}

static double call(const hw_expr *e, const hw_target *t, const hw_values *v,
                   const double *metrics)
{
    double x = interp_expr(e->args[0], t, v, metrics);
    switch (e->func) {
    case FUNC_CEIL:
        return ceil(x);
    case FUNC_FLOOR:
        return floor(x);
    case FUNC_ABS:
        return fabs(x);
    default:
        break;
    }
    for (int i = 1; i < e->nargs; i++) {
        double y = interp_expr(e->args[i], t, v, metrics);
        x = e->func == FUNC_MIN ? hw_min(x, y) : hw_max(x, y);
    }
    return x;
}

double interp_expr(const hw_expr *e, const hw_target *t, const hw_values *v,
                   const double *metrics)
{
    switch (e->kind) {
    case EXPR_NUM:
        return e->value;
    case EXPR_REF:
        return ref_value(e, t, v, metrics);
    case EXPR_NEG:
        return -interp_expr(e->args[0], t, v, metrics);
    case EXPR_CALL:
        return call(e, t, v, metrics);
    default:
        break;
    }
    double a = interp_expr(e->args[0], t, v, metrics);
    double b = interp_expr(e->args[1], t, v, metrics);
    switch (e->kind) {
    case EXPR_ADD:
        return a + b;
    case EXPR_SUB:
        return a - b;
    case EXPR_MUL:
        return a * b;
    case EXPR_DIV:
        return hw_div(a, b);
    default:
        return hw_mod(a, b);
    }
}

void interp_all(const hw_target *t, const hw_values *v, double *out)
{
    for (int i = 0; i < t->nmetrics; i++)
        out[i] = NAN;
    for (int k = 0; k < t->nmetrics; k++) {
        int i = t->metric_order ? t->metric_order[k] : k;
        if (t->metrics[i].expr)
            out[i] = interp_expr(t->metrics[i].expr, t, v, out);
    }
}

int mask_init(hw_mask *m, const hw_target *t)
{
    m->metrics = calloc((size_t)t->nmetrics + 1, 1);
    m->events = calloc((size_t)t->nevents + 1, 1);
    m->constants = calloc((size_t)t->nconstants + 1, 1);
    m->inputs = calloc((size_t)t->ninputs + 1, 1);
    if (m->metrics && m->events && m->constants && m->inputs)
        return 0;
    mask_free(m);
    return -1;
}

void mask_free(hw_mask *m)
{
    free(m->metrics);
    free(m->events);
    free(m->constants);
    free(m->inputs);
    *m = (hw_mask){NULL, NULL, NULL, NULL};
}

static int flag_ref(void *ctx, hw_expr *ref)
{
    hw_mask *m = ctx;
    char *flags = ref->ref == REF_EVENT      ? m->events
                  : ref->ref == REF_CONSTANT ? m->constants
                  : ref->ref == REF_INPUT    ? m->inputs
                  : ref->ref == REF_METRIC   ? m->metrics
                                             : NULL;
    if (flags)
        flags[ref->index] = 1;
    return 0;
}

void interp_needs(const hw_target *t, hw_mask *m)
{
    /* Each metric follows the metrics it uses in metric_order; walking it
     * backwards flags a metric's uses before they are visited. */
    for (int k = t->nmetrics - 1; k >= 0; k--) {
        int i = t->metric_order[k];
        if (m->metrics[i] && t->metrics[i].expr)
            expr_each_ref(t->metrics[i].expr, flag_ref, m);
    }
}
