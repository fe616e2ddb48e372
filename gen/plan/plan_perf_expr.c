/* plan_perf_expr.c - formulas rewritten for perf (see plan_perf_expr.h). */
#include "plan/plan_perf_expr.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/expr.h"
#include "core/names.h"

typedef struct pgen {
    hw_arena *a;
    const hw_target *t;
    int depth;  /* nesting of the tree being built */
    long nodes; /* nodes of this metric so far */
} pgen;

int perf_event_ok(const hw_event *e)
{
    return e->has_code && event_for_users(e);
}

const char *perf_event_name(hw_arena *a, const hw_event *e)
{
    return name_c(a, e->name, CASE_LOWER);
}

const char *perf_group_name(hw_arena *a, const char *name)
{
    const char *p = "Topdown_L";
    size_t n = strlen(p);
    if (strncmp(name, p, n) != 0 || !name[n] ||
        strspn(name + n, "0123456789") != strlen(name + n))
        return name;
    return arena_printf(a, "TopdownL%s", name + n);
}

static hw_expr *perf_node(pgen *g, hw_expr_kind kind, int col, int nargs)
{
    hw_expr *e = expr_new(g->a, kind, col);
    if (!e || (nargs && !(e->args = arena_alloc(g->a, (size_t)nargs * sizeof *e->args))))
        return NULL;
    e->nargs = nargs;
    return e;
}

/* A number as perf's lexer reads it: plain decimal digits where whole,
 * a negative value as unary minus. */
static hw_expr *perf_number(pgen *g, double v, int col)
{
    if (isnan(v)) { /* perf's keyword */
        hw_expr *e = perf_node(g, EXPR_NUM, col, 0);
        if (e) {
            e->value = v;
            e->text = "NaN";
        }
        return e;
    }
    char num[400];
    double mag = fabs(v);
    if (mag == floor(mag) && mag < 1e300)
        snprintf(num, sizeof num, "%.0f", mag);
    else
        expr_format_number(num, sizeof num, mag);
    hw_expr *e = perf_node(g, EXPR_NUM, col, 0);
    if (!e || !(e->text = arena_strdup(g->a, num)))
        return NULL;
    e->value = mag;
    if (!(v < 0))
        return e;
    hw_expr *neg = perf_node(g, EXPR_NEG, col, 1);
    if (neg)
        neg->args[0] = e;
    return neg;
}

static hw_expr *perf_tree(pgen *g, const hw_expr *e, const char **why);

/* min/max of n arguments as perf's two-argument calls, nested left first. */
static hw_expr *perf_fold(pgen *g, const hw_expr *e, int n, const char **why)
{
    hw_expr *last = perf_tree(g, e->args[n - 1], why);
    if (n == 1 || !last)
        return last;
    hw_expr *first = perf_fold(g, e, n - 1, why);
    hw_expr *c = first ? perf_node(g, EXPR_CALL, e->col, 2) : NULL;
    if (!c)
        return NULL;
    c->func = e->func;
    c->args[0] = first;
    c->args[1] = last;
    return c;
}

/* The reference as written: an event's name, or a perf symbol or literal
 * perf reads itself. */
static hw_expr *perf_event_ref(pgen *g, const hw_expr *e)
{
    hw_expr *r = perf_node(g, EXPR_REF, e->col, 0);
    if (r) {
        r->text = e->text;
        r->literal = e->literal;
        r->term = e->term;
        r->ref = e->ref;
        r->index = e->index;
    }
    return r;
}

static hw_expr *perf_ref(pgen *g, const hw_expr *e, const char **why)
{
    const hw_target *t = g->t;
    switch (e->ref) {
    case REF_EVENT:
        if (perf_event_ok(&t->events[e->index]))
            return perf_event_ref(g, e);
        *why = arena_printf(g->a, "event '%s' cannot be counted alone", e->text);
        return NULL;
    case REF_METRIC:
        return perf_tree(g, t->metrics[e->index].expr, why);
    case REF_CONSTANT:
        if (t->constants[e->index].has_value)
            return perf_number(g, t->constants[e->index].value, e->col);
        *why = arena_printf(g->a, "'%s' is only known at run time", e->text);
        return NULL;
    case REF_RUNTIME: /* perf finds these on the running system itself */
        return perf_event_ref(g, e);
    default:
        *why = arena_printf(g->a, "'%s' is not a counter", e->text);
        return NULL;
    }
}

/* Metrics are written out where they are used, so a chain of metrics makes
 * a tree as deep as the chain, and two uses of one metric double its size
 * at each step: past these limits the metric is left out instead. */
enum { PERF_MAX_DEPTH = EXPR_MAX_DEPTH, PERF_MAX_NODES = 1 << 16 };

static hw_expr *perf_tree_at(pgen *g, const hw_expr *e, const char **why);

/* A copy of `e` that perf reads back as the same value; NULL with *why set
 * when perf cannot express it (or out of memory, *why left NULL). */
static hw_expr *perf_tree(pgen *g, const hw_expr *e, const char **why)
{
    if (g->depth >= PERF_MAX_DEPTH || ++g->nodes > PERF_MAX_NODES) {
        *why = "written out with the metrics it uses, its formula is too large";
        return NULL;
    }
    g->depth++;
    hw_expr *c = perf_tree_at(g, e, why);
    g->depth--;
    return c;
}

static hw_expr *perf_tree_at(pgen *g, const hw_expr *e, const char **why)
{
    if (!e) {
        *why = "no expression";
        return NULL;
    }
    if (e->kind == EXPR_NUM)
        return perf_number(g, e->value, e->col);
    if (e->kind == EXPR_REF)
        return perf_ref(g, e, why);
    if (e->kind == EXPR_CALL &&
        (e->func == FUNC_CEIL || e->func == FUNC_FLOOR || e->func == FUNC_ABS)) {
        *why = arena_printf(g->a, "perf has no %s()", func_name(e->func));
        return NULL;
    }
    if (e->kind == EXPR_CALL && (e->func == FUNC_MIN || e->func == FUNC_MAX))
        return perf_fold(g, e, e->nargs, why);
    hw_expr *c = perf_node(g, e->kind, e->col, e->nargs);
    if (!c)
        return NULL;
    c->func = e->func;
    for (int i = 0; i < e->nargs; i++)
        if (!(c->args[i] = perf_tree(g, e->args[i], why)))
            return NULL;
    return c;
}

hw_expr *perf_expr(hw_arena *a, const hw_target *t, const hw_metric *m,
                   const char **why)
{
    pgen g = {a, t, 0, 0};
    *why = NULL;
    return perf_tree(&g, m->expr, why);
}
