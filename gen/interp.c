/* interp.c - tree-walking evaluator with the shared semantics. */
#include "interp.h"

#include <math.h>

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
