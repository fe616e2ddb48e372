/* interp.c - tree-walking evaluator with the shared semantics. */
#include "core/interp.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/div_rule.h"
#include "core/expr.h"

static double hw_div(double a, double b)
{
    return b == 0.0 ? NAN : a / b;
}

static double hw_mod(double a, double b)
{
    return b == 0.0 ? NAN : fmod(a, b);
}

static double hw_min(double a, double b)
{
    return isnan(a) || isnan(b) ? NAN : a < b ? a : b;
}

static double hw_max(double a, double b)
{
    return isnan(a) || isnan(b) ? NAN : a > b ? a : b;
}

static double hw_d_ratio(double a, double b)
{
    return b == 0.0 ? 0.0 : a / b;
}

/* perf's truth: any non-zero value, infinities included */
static double truth(int x)
{
    return x ? 1.0 : 0.0;
}

static double hw_lt(double a, double b)
{
    return isnan(a) || isnan(b) ? NAN : truth(a < b);
}

static double hw_gt(double a, double b)
{
    return isnan(a) || isnan(b) ? NAN : truth(a > b);
}

static double hw_and(double a, double b)
{
    return isnan(a) || isnan(b) ? NAN : truth(a != 0.0 && b != 0.0);
}

static double hw_or(double a, double b)
{
    return isnan(a) || isnan(b) ? NAN : truth(a != 0.0 || b != 0.0);
}

static double hw_xor(double a, double b)
{
    return isnan(a) || isnan(b) ? NAN : truth((a != 0.0) != (b != 0.0));
}

/* What one evaluation reads. */
typedef struct values_in {
    const hw_target *t;
    const hw_values *v;
    const double *runtime; /* indexed like t->runtime; NULL: NaN */
    const double *metrics;
} values_in;

static double eval(const values_in *in, const hw_expr *e);

static double ref_value(const values_in *in, const hw_expr *e)
{
    const hw_target *t = in->t;
    switch (e->ref) {
    case REF_EVENT:
        return in->v->events[e->index];
    case REF_CONSTANT:
        return t->constants[e->index].has_value ? t->constants[e->index].value
                                                : in->v->constants[e->index];
    case REF_INPUT:
        return in->v->inputs[e->index];
    case REF_METRIC:
        return in->metrics[e->index];
    case REF_RUNTIME:
        return in->runtime ? in->runtime[e->index] : NAN;
    default:
        return NAN; /* unresolved: the checker rejects these first */
    }
}

static double call(const values_in *in, const hw_expr *e)
{
    if (e->func == FUNC_IF) {
        /* only the branch taken is read, as hw_if would choose it */
        double c = eval(in, e->args[1]);
        return isnan(c) ? NAN : eval(in, e->args[c != 0.0 ? 0 : 2]);
    }
    double x = eval(in, e->args[0]);
    if (func_takes_name(e->func))
        return x; /* the run-time value its name argument is bound to */
    switch (e->func) {
    case FUNC_D_RATIO:
        return hw_d_ratio(x, eval(in, e->args[1]));
    case FUNC_LT:
        return hw_lt(x, eval(in, e->args[1]));
    case FUNC_GT:
        return hw_gt(x, eval(in, e->args[1]));
    case FUNC_AND:
        return hw_and(x, eval(in, e->args[1]));
    case FUNC_OR:
        return hw_or(x, eval(in, e->args[1]));
    case FUNC_XOR:
        return hw_xor(x, eval(in, e->args[1]));
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
        double y = eval(in, e->args[i]);
        x = e->func == FUNC_MIN ? hw_min(x, y) : hw_max(x, y);
    }
    return x;
}

static double binary(int div_rule, hw_expr_kind kind, double a, double b)
{
    switch (kind) {
    case EXPR_ADD:
        return a + b;
    case EXPR_SUB:
        return a - b;
    case EXPR_MUL:
        return a * b;
    case EXPR_DIV:
        return div_rule == DIV_RULE_ARM ? div_rule_arm(a, b) : hw_div(a, b);
    default:
        return hw_mod(a, b);
    }
}

static double eval(const values_in *in, const hw_expr *e)
{
    switch (e->kind) {
    case EXPR_NUM:
        return e->value;
    case EXPR_REF:
        return ref_value(in, e);
    case EXPR_NEG:
        return -eval(in, e->args[0]);
    case EXPR_CALL:
        return call(in, e);
    default:
        return binary(in->t->div_rule, e->kind, eval(in, e->args[0]), eval(in, e->args[1]));
    }
}

double interp_expr_rt(const hw_expr *e, const hw_target *t, const hw_values *v,
                      const double *runtime, const double *metrics)
{
    values_in in = {t, v, runtime, metrics};
    return eval(&in, e);
}

double interp_expr(const hw_expr *e, const hw_target *t, const hw_values *v,
                   const double *metrics)
{
    return interp_expr_rt(e, t, v, NULL, metrics);
}

void interp_all_rt(const hw_target *t, const hw_values *v, const double *runtime,
                   double *out)
{
    for (int i = 0; i < t->nmetrics; i++)
        out[i] = NAN;
    for (int k = 0; k < t->nmetrics; k++) {
        int i = t->metric_order ? t->metric_order[k] : k;
        if (t->metrics[i].expr)
            out[i] = interp_expr_rt(t->metrics[i].expr, t, v, runtime, out);
    }
}

void interp_all(const hw_target *t, const hw_values *v, double *out)
{
    interp_all_rt(t, v, NULL, out);
}

void interp_thresholds(const hw_target *t, const hw_values *v, const double *runtime,
                       const double *metrics, double *out)
{
    for (int i = 0; i < t->nmetrics; i++)
        out[i] = t->metrics[i].threshold_expr
                     ? interp_expr_rt(t->metrics[i].threshold_expr, t, v, runtime, metrics)
                     : NAN;
}

int interp_runtime_find(const hw_target *t, const char *const *members, const char *name)
{
    for (int i = 0; i < t->nruntime; i++) {
        const hw_runtime *r = &t->runtime[i];
        if (strcmp(r->key, name) == 0 || (members && strcmp(members[i], name) == 0) ||
            (r->kind == RUNTIME_LITERAL && strcasecmp(r->key, name) == 0))
            return i;
    }
    return -1;
}

double interp_runtime_default(const hw_runtime *r)
{
    return r->kind == RUNTIME_SOURCE_COUNT ? 1.0 : NAN;
}

void interp_runtime_defaults(const hw_target *t, double *out)
{
    for (int i = 0; i < t->nruntime; i++)
        out[i] = interp_runtime_default(&t->runtime[i]);
}

int mask_init(hw_mask *m, const hw_target *t)
{
    m->metrics = calloc((size_t)t->nmetrics + 1, 1);
    m->events = calloc((size_t)t->nevents + 1, 1);
    m->constants = calloc((size_t)t->nconstants + 1, 1);
    m->inputs = calloc((size_t)t->ninputs + 1, 1);
    m->runtime = calloc((size_t)t->nruntime + 1, 1);
    if (m->metrics && m->events && m->constants && m->inputs && m->runtime)
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
    free(m->runtime);
    *m = (hw_mask){NULL, NULL, NULL, NULL, NULL};
}

static int flag_ref(void *ctx, hw_expr *ref)
{
    hw_mask *m = ctx;
    char *flags = ref->ref == REF_EVENT      ? m->events
                  : ref->ref == REF_CONSTANT ? m->constants
                  : ref->ref == REF_INPUT    ? m->inputs
                  : ref->ref == REF_METRIC   ? m->metrics
                  : ref->ref == REF_RUNTIME  ? m->runtime
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
