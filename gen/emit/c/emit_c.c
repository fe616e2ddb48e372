/* emit_c.c - the two C headers of a target.
 *
 * <id>.h: freestanding integer facts as macros (no storage, so a driver
 * pays only for what it uses). <id>_metrics.h: static inline evaluators
 * printed from the expression trees, an eval-all function, and metadata.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "plan/plan.h"
#include "emit/c/emit_c.h"
#include "emit/c/emit_c_oa.h"
#include "emit/c/emit_c_perf.h"
#include "emit/c/emit_c_free.h"
#include "emit/c/emit_c_regs.h"
#include "core/div_rule.h"
#include "core/expr.h"
#include "core/names.h"
#include "core/perf_lang.h"
#include "render/render.h"

/* How a formula reads a metric it uses: calling its evaluator, or from
 * the array of eval_all (out[]) or of eval_thresholds (m[]). */
typedef enum { READ_CALL, READ_OUT, READ_M } read_mode;

typedef struct cgen {
    const hw_target *t;
    hw_arena *scratch;  /* strings that live until rendering is done */
    char ID[128];       /* NEOVERSE_V1 */
    read_mode mode;     /* how the formula being printed reads metrics */
    int is_tree;        /* a perf tree's directory: C names by
                           plan_c_tree_names.h, and what only its metrics have */
    const hw_plan *plan; /* the target's */
    c_tree_names tree;  /* a perf tree's names of metrics and groups (the
                           plan's) */
    const char **enums; /* each metric's enum and evaluator, once made */
    const char **fns;
} cgen;

static const char *lower(cgen *g, const char *name)
{
    const char *s = name_c(g->scratch, name, CASE_LOWER);
    return s ? s : "invalid";
}

static const char *keep(cgen *g, const char *name)
{
    const char *s = name_c(g->scratch, name, CASE_KEEP);
    return s ? s : "invalid";
}

/* ---- metrics header ------------------------------------------------------ */

/* The names of event i and metric i in <id>_metrics.h: a perf tree's
 * (plan_c_tree_names.h), else the spec's mangled. */
static const char *event_member(cgen *g, int i)
{
    return g->is_tree ? g->plan->c_members.events[i] : keep(g, g->t->events[i].name);
}

/* What metric i's C names are made from: a perf tree's stem (unique, in
 * [a-z0-9_]; plan_c_tree_names.h), else the spec's name. */
static const char *metric_stem(const cgen *g, int i)
{
    return g->is_tree ? g->tree.metrics[i] : g->t->metrics[i].name;
}

/* Every formula naming a metric spells one of these: made once each. */
static const char *metric_enum(cgen *g, int i)
{
    if (!g->enums[i])
        g->enums[i] = c_metric_enum(g->scratch, g->ID, metric_stem(g, i));
    return g->enums[i];
}

static const char *metric_fn(cgen *g, int i)
{
    if (!g->fns[i])
        g->fns[i] = c_metric_fn(g->scratch, g->t, metric_stem(g, i));
    return g->fns[i];
}

static const char *c_ref(void *ctx, const hw_expr *e)
{
    cgen *g = ctx;
    const hw_target *t = g->t;
    switch (e->ref) {
    case REF_EVENT: /* a perf formula may spell it in another case */
        return arena_printf(g->scratch, "(double)c->%s", event_member(g, e->index));
    case REF_CONSTANT:
        if (t->constants[e->index].has_value) {
            char num[40];
            expr_format_number(num, sizeof num, t->constants[e->index].value);
            return arena_printf(g->scratch, "%s%s", num, strpbrk(num, ".en") ? "" : ".0");
        }
        return arena_printf(g->scratch, "c->%s", keep(g, e->text));
    case REF_INPUT:
        return arena_printf(g->scratch, "c->%s", keep(g, e->text));
    case REF_METRIC:
        return g->mode == READ_CALL
                   ? arena_printf(g->scratch, "%s(c)", metric_fn(g, e->index))
                   : arena_printf(g->scratch, "%s[%s]", g->mode == READ_OUT ? "out" : "m",
                                  metric_enum(g, e->index));
    case REF_RUNTIME: {
        const hw_runtime *r = &t->runtime[e->index];
        return arena_printf(g->scratch, "%sc->%s", r->kind == RUNTIME_COUNTER ? "(double)" : "",
                            g->plan->c_members.runtime[e->index]);
    }
    default:
        return e->text;
    }
}

/* Does e use an operator of perf's metric language, whose C helpers only
 * the headers of such formulas define? */
static int uses_perf_ops(const hw_expr *e)
{
    if (e->kind == EXPR_CALL && (e->func == FUNC_D_RATIO || func_infix(e->func)))
        return 1;
    for (int i = 0; i < e->nargs; i++)
        if (uses_perf_ops(e->args[i]))
            return 1;
    return 0;
}

static int target_uses_perf_ops(const hw_target *t)
{
    for (int i = 0; i < t->nmetrics; i++)
        if ((t->metrics[i].expr && uses_perf_ops(t->metrics[i].expr)) ||
            (t->metrics[i].threshold_expr && uses_perf_ops(t->metrics[i].threshold_expr)))
            return 1;
    return 0;
}

/* Does the reference read the evaluator's argument: the sample, or (a
 * metric) the evaluator that reads it? Fixed constants are numbers. */
static int uses_arg(void *ctx, hw_expr *e)
{
    const hw_target *t = ctx;
    return !(e->ref == REF_CONSTANT && t->constants[e->index].has_value);
}

/* The same where metrics are read from an array (eval_all). */
static int reads_sample(void *ctx, hw_expr *e)
{
    return e->ref != REF_METRIC && uses_arg(ctx, e);
}

static int reads_metric(void *ctx, hw_expr *e)
{
    (void)ctx;
    return e->ref == REF_METRIC;
}

/* e in C, reading the metrics it uses as `mode` says. */
static const char *print_c(cgen *g, const hw_expr *e, read_mode mode)
{
    hw_buf b;
    buf_init(&b);
    g->mode = mode;
    expr_print_rule(&b, e, EXPR_STYLE_C, c_ref, g, g->t->div_rule);
    const char *s = arena_strdup(g->scratch, b.data ? b.data : "NAN");
    buf_free(&b);
    return s;
}

static const char *escaped(cgen *g, const char *s, mu_escape esc)
{
    hw_buf b;
    buf_init(&b);
    mu_escape_append(&b, s ? s : "", esc);
    const char *r = arena_strdup(g->scratch, b.data ? b.data : "");
    buf_free(&b);
    return r;
}

/* value (NULL: "") as the text of a C string literal, added by reference
 * (jref): the arena's string as it is, or escaped into scratch. */
static void cref(cgen *g, cJSON *o, const char *key, const char *value)
{
    if (!value)
        value = "";
    jref(o, key, value[mu_c_string_plain(value)] ? escaped(g, value, MU_ESCAPE_C_STRING) : value);
}

static const char *joined_groups(cgen *g, const hw_metric *m)
{
    hw_buf b;
    buf_init(&b);
    for (int k = 0; k < m->ngroups; k++) {
        if (k)
            buf_putc(&b, ';');
        buf_puts(&b, m->groups[k]);
    }
    const char *r = arena_strdup(g->scratch, b.data ? b.data : "");
    buf_free(&b);
    return r;
}

/* A value perf reads at run time (hw_runtime): what it is, as perf spells
 * it, so a tool fills the member from what it measured. */
static void runtime_field(cgen *g, cJSON *f, int i)
{
    const hw_runtime *r = &g->t->runtime[i];
    jref(f, "ctype", r->kind == RUNTIME_COUNTER ? "uint64_t" : "double");
    jref(f, "name", g->plan->c_members.runtime[i]);
    const char *what = NULL;
    switch (r->kind) {
    case RUNTIME_COUNTER:
        what = "count of an event outside this model";
        break;
    case RUNTIME_TOOL:
        what = perf_tool_event(r->key);
        break;
    case RUNTIME_LITERAL: {
        const perf_literal *l = perf_literal_find(r->key, strlen(r->key), NULL);
        what = l ? l->what : NULL;
        break;
    }
    case RUNTIME_HAS_EVENT:
        what = "1 when the event can be counted, else 0";
        break;
    case RUNTIME_CPUID:
        what = "1 when the CPU id matches, else 0";
        break;
    case RUNTIME_SOURCE_COUNT:
        what = "PMUs the event is summed over (1 when unsure)";
        break;
    }
    jref(f, "comment", arena_printf(g->scratch, "%s: %s", r->key, what ? what : ""));
    const char *pmu = r->term && r->term->pmu ? r->term->pmu
                      : r->event >= 0         ? g->t->events[r->event].pmu
                                              : NULL;
    cref(g, f, "perf_c", r->key);
    cref(g, f, "pmu_c", pmu);
    jref(f, "kind", runtime_kind_name(r->kind));
    jref(f, "is_count", r->kind == RUNTIME_COUNTER ? "1" : "0");
}

static int mark_event(void *ctx, hw_expr *ref)
{
    if (ref->ref == REF_EVENT)
        ((char *)ctx)[ref->index] = 1;
    return 0;
}

/* The counters struct holds only the events some formula reads (a
 * threshold's too). Returns how many members it has. */
static int metric_fields(cgen *g, cJSON *fields)
{
    const hw_target *t = g->t;
    char *used = arena_alloc(g->scratch, (size_t)t->nevents + 1);
    for (int i = 0; used && i < t->nmetrics; i++) {
        if (t->metrics[i].expr)
            expr_each_ref(t->metrics[i].expr, mark_event, used);
        if (t->metrics[i].threshold_expr)
            expr_each_ref(t->metrics[i].threshold_expr, mark_event, used);
    }
    for (int i = 0; used && i < t->nevents; i++) {
        if (!used[i])
            continue;
        cJSON *f = jobj(fields, NULL);
        jref(f, "ctype", "uint64_t");
        jref(f, "name", event_member(g, i));
        const hw_event *e = &t->events[i];
        cref(g, f, "perf_c", e->name);
        cref(g, f, "pmu_c", e->pmu);
        jref(f, "kind", "event");
        jref(f, "is_count", "1");
        /* Formulas expect what Streamline shows: the count times this. */
        jref(f, "comment", e->multiplier > 0 && e->multiplier != 1
                               ? arena_printf(g->scratch, "%s; store the raw count times %g",
                                              e->title, e->multiplier)
                               : e->title);
    }
    for (int i = 0; i < t->nconstants; i++) {
        if (t->constants[i].has_value)
            continue;
        cJSON *f = jobj(fields, NULL);
        jstr(f, "ctype", "double");
        jstr(f, "name", keep(g, t->constants[i].name));
        jstr(f, "comment", t->constants[i].title ? t->constants[i].title : "set at run time");
    }
    for (int i = 0; i < t->ninputs; i++) {
        cJSON *f = jobj(fields, NULL);
        jstr(f, "ctype", "double");
        jstr(f, "name", keep(g, t->inputs[i].name));
        const hw_input *in = &t->inputs[i];
        jstr(f, "comment", in->units ? arena_printf(g->scratch, "%s (%s)",
                                                   in->title ? in->title : in->name, in->units)
                                     : in->title);
    }
    for (int i = 0; i < t->nruntime; i++)
        runtime_field(g, jobj(fields, NULL), i);
    return cJSON_GetArraySize(fields);
}

static const char *no_formula_reason(const cgen *g, const hw_metric *m)
{
    if (m->flags & METRIC_IN_CYCLE) /* the checker dropped its formula */
        return "in a cycle of metrics, which perf refuses";
    if (m->flags & METRIC_EXTERNAL)
        return "external series, computed elsewhere";
    return g->is_tree ? "no MetricExpr" : "the source gives no formula";
}

/* The formula as a comment: printed from its tree, one line. */
static const char *formula_comment(cgen *g, const hw_expr *e)
{
    hw_buf f;
    buf_init(&f);
    expr_print(&f, e, EXPR_STYLE_INFIX, NULL, NULL);
    const char *s = escaped(g, f.data, MU_ESCAPE_C_COMMENT);
    buf_free(&f);
    return s;
}

/* What only a perf tree's metrics have: a threshold, perf's name and
 * PMU, a description. */
static void tree_metric_entry(cgen *g, cJSON *o, int i)
{
    const hw_metric *m = &g->t->metrics[i];
    jref(o, "fn_stem", g->tree.metrics[i]);
    jref(o, "perf_name", m->name);
    cref(g, o, "pmu_c", m->pmu);
    cref(g, o, "description_c", m->description);
    cref(g, o, "threshold_c", m->threshold);
    if (!m->threshold_expr)
        return;
    jref(o, "threshold_fn", arena_printf(g->scratch, "%s_threshold", metric_fn(g, i)));
    jref(o, "threshold_comment", formula_comment(g, m->threshold_expr));
    jref(o, "threshold_body", print_c(g, m->threshold_expr, READ_CALL));
    jbool(o, "threshold_unused_arg",
          !expr_each_ref(m->threshold_expr, uses_arg, (void *)g->t));
}

static void metric_entry(cgen *g, cJSON *metrics, int i)
{
    const hw_target *t = g->t;
    const hw_metric *m = &t->metrics[i];
    cJSON *o = jobj(metrics, NULL);
    jref(o, "enum", metric_enum(g, i));
    jref(o, "fn", metric_fn(g, i));
    jref(o, "title", m->title ? m->title : m->name);
    jref(o, "units", m->units);
    jref(o, "formula_comment", m->expr ? formula_comment(g, m->expr)
                                       : escaped(g, no_formula_reason(g, m), MU_ESCAPE_C_COMMENT));
    jref(o, "body", m->expr ? print_c(g, m->expr, READ_CALL) : "NAN");
    jbool(o, "unused_arg", !m->expr || !expr_each_ref((hw_expr *)m->expr, uses_arg, (void *)t));
    cref(g, o, "name_c", m->name);
    cref(g, o, "title_c", m->title);
    cref(g, o, "units_c", m->units);
    cref(g, o, "groups_c", joined_groups(g, m));
    cref(g, o, "section_c", m->number);
    cref(g, o, "formula_c", m->formula);
    if (g->is_tree)
        tree_metric_entry(g, o, i);
}

/* Metric `ctx->from` uses metrics; those defined after it (a larger
 * index) must be declared before it. */
typedef struct later_uses {
    int from;
    char *ahead;
} later_uses;

static int note_later_use(void *ctx, hw_expr *e)
{
    later_uses *u = ctx;
    if (e->ref == REF_METRIC && e->index > u->from)
        u->ahead[e->index] = 1;
    return 0;
}

/* Evaluators are defined in spec order; one that a metric earlier in the
 * spec uses gets "forward" and is declared ahead of all definitions.
 * -1 when out of memory. */
static int forward_declarations(cgen *g, cJSON *data, cJSON *metrics)
{
    const hw_target *t = g->t;
    later_uses u = {0, arena_alloc(g->scratch, (size_t)t->nmetrics + 1)};
    if (!u.ahead)
        return -1;
    memset(u.ahead, 0, (size_t)t->nmetrics + 1);
    for (u.from = 0; u.from < t->nmetrics; u.from++)
        if (t->metrics[u.from].expr)
            expr_each_ref(t->metrics[u.from].expr, note_later_use, &u);
    int any = 0, i = 0;
    for (cJSON *o = metrics->child; o; o = o->next, i++) {
        jbool(o, "forward", u.ahead[i]);
        any |= u.ahead[i];
    }
    jbool(data, "has_forward", any);
    return 0;
}

/* Does the formula read a metric that has none (an external series, or a
 * metric of a cycle in a perf tree)? */
static int reads_external(void *ctx, hw_expr *e)
{
    const hw_target *t = ctx;
    return e->ref == REF_METRIC && !t->metrics[e->index].expr;
}

/* eval_all's assignments, each metric after those it uses; those without
 * a formula are NaN, set first when a formula reads one. */
static void metric_order(cgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *order = jarr(data, "order");
    cJSON *external = jarr(data, "external");
    int any_arg = 0, externals_first = 0;
    for (int k = 0; k < t->nmetrics; k++) {
        int i = t->metric_order ? t->metric_order[k] : k;
        const hw_metric *m = &t->metrics[i];
        cJSON *o = jobj(m->expr ? order : external, NULL);
        jref(o, "enum", metric_enum(g, i));
        if (!m->expr)
            jref(o, "why", no_formula_reason(g, m));
        if (m->expr) {
            jref(o, "body_all", print_c(g, m->expr, READ_OUT));
            any_arg |= expr_each_ref((hw_expr *)m->expr, reads_sample, (void *)t);
            externals_first |= expr_each_ref(m->expr, reads_external, (void *)t);
        }
    }
    jbool(data, "externals_first", externals_first);
    jbool(data, "unused_arg_all", !any_arg);
}

static void add_check(cgen *g, cJSON *checks, const char *fails,
                      const char *message)
{
    cJSON *c = jobj(checks, NULL);
    jstr(c, "fails", fails);
    jstr(c, "message", escaped(g, message, MU_ESCAPE_C_STRING));
}

static void limit_check(cgen *g, cJSON *checks, const hw_input *in, int is_max)
{
    double v = is_max ? in->max : in->min;
    int excl = is_max ? in->max_exclusive : in->min_exclusive;
    char num[40];
    expr_format_number(num, sizeof num, v);
    const char *op = is_max ? (excl ? "<" : "<=") : (excl ? ">" : ">=");
    add_check(g, checks, arena_printf(g->scratch, "!(in->%s %s %s%s)", keep(g, in->name), op,
                                      num, strpbrk(num, ".en") ? "" : ".0"),
              arena_printf(g->scratch, "input '%s' must be %s %s", in->name, op, num));
}

/* Ranges first, then "multiple of" rules, so that a bad divisor is blamed
 * on itself and not on the inputs that refer to it. */
static void input_checks(cgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    jbool(data, "has_inputs", t->ninputs > 0);
    cJSON *checks = jarr(data, "input_checks");
    for (int i = 0; i < t->ninputs; i++) {
        const hw_input *in = &t->inputs[i];
        const char *n = keep(g, in->name);
        if (in->has_min)
            limit_check(g, checks, in, 0);
        if (in->has_max)
            limit_check(g, checks, in, 1);
        if (in->integer)
            add_check(g, checks, arena_printf(g->scratch, "in->%s != floor(in->%s)", n, n),
                      arena_printf(g->scratch, "input '%s' must be a whole number", in->name));
    }
    for (int i = 0; i < t->ninputs; i++) {
        const hw_input *in = &t->inputs[i];
        if (!in->multiple_of)
            continue;
        const char *n = keep(g, in->name), *m = keep(g, in->multiple_of);
        add_check(g, checks, arena_printf(g->scratch, "fmod(in->%s, in->%s) != 0.0", n, m),
                  arena_printf(g->scratch, "input '%s' must be a multiple of %s", in->name,
                               in->multiple_of));
    }
}

static void methodologies(cgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *list = jarr(data, "methodologies");
    for (int i = 0; i < t->nmethodologies; i++) {
        const hw_methodology *m = &t->methodologies[i];
        cJSON *o = jobj(list, NULL);
        jstr(o, "title", m->title ? m->title : m->name);
        jstr(o, "mname", lower(g, m->name));
        jnum(o, "count", m->nnodes);
        int max_next = 1;
        cJSON *nodes = jarr(o, "nodes");
        for (int k = 0; k < m->nnodes; k++) {
            const hw_tree_node *n = &m->nodes[k];
            cJSON *no = jobj(nodes, NULL);
            jcstr(no, "name_c", n->name);
            jcstr(no, "group_c", n->group);
            int root = 0;
            for (int r = 0; r < m->nroots; r++)
                root |= strcmp(m->roots[r], n->name) == 0;
            jstr(no, "is_root", root ? "1" : "0");
            hw_buf nx;
            buf_init(&nx);
            for (int x = 0; x < n->nnext; x++) {
                buf_putc(&nx, '"');
                mu_escape_append(&nx, n->next[x], MU_ESCAPE_C_STRING);
                buf_puts(&nx, "\", ");
            }
            buf_puts(&nx, "0");
            jstr(no, "next", arena_strdup(g->scratch, nx.data ? nx.data : "0"));
            buf_free(&nx);
            if (n->nnext + 1 > max_next)
                max_next = n->nnext + 1;
        }
        jnum(o, "max_next", max_next);
    }
}

/* ---- what a perf tree's metrics header adds ------------------------------ */

/* Every threshold, reading the metrics from m[] (eval_thresholds). */
static void tree_thresholds(cgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *all = jarr(data, "thresholds_all");
    int sample = 0, metric = 0;
    for (int i = 0; i < t->nmetrics; i++) {
        hw_expr *e = t->metrics[i].threshold_expr;
        cJSON *o = jobj(all, NULL);
        jref(o, "enum", metric_enum(g, i));
        jref(o, "body", e ? print_c(g, e, READ_M) : "NAN");
        sample |= e && expr_each_ref(e, reads_sample, (void *)t);
        metric |= e && expr_each_ref(e, reads_metric, NULL);
    }
    jbool(data, "thresholds_unused_arg", !sample);
    jbool(data, "thresholds_unused_m", !metric);
}

/* Each metric group with its metrics: the metrics whose MetricGroup
 * names it, in spec order (a hybrid CPU's name on each PMU). */
static int tree_groups(cgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    name_index by_name;
    if (name_index_init(&by_name, (size_t)t->ngroups) != 0)
        return -1;
    hw_buf *members = arena_alloc(g->scratch, ((size_t)t->ngroups + 1) * sizeof *members);
    int *count = arena_alloc(g->scratch, ((size_t)t->ngroups + 1) * sizeof *count);
    for (int i = 0; members && count && i < t->ngroups; i++)
        if (t->groups[i].kind == GROUP_METRICS)
            name_index_put(&by_name, t->groups[i].name, i);
    for (int i = 0; members && count && i < t->nmetrics; i++)
        for (int k = 0; k < t->metrics[i].ngroups; k++) {
            int gr = name_index_get(&by_name, t->metrics[i].groups[k]);
            int again = 0; /* a MetricGroup may name a group twice */
            for (int j = 0; j < k; j++)
                again |= strcmp(t->metrics[i].groups[j], t->metrics[i].groups[k]) == 0;
            if (gr < 0 || again)
                continue;
            if (count[gr]++)
                buf_puts(&members[gr], ", ");
            buf_puts(&members[gr], metric_enum(g, i));
        }
    cJSON *list = jarr(data, "groups");
    int first = 0, failed = by_name.failed || !members || !count;
    for (int i = 0; !failed && i < t->ngroups; i++) {
        const hw_group *gr = &t->groups[i];
        if (gr->kind != GROUP_METRICS)
            continue;
        cJSON *o = jobj(list, NULL);
        jref(o, "enum", name_c_printf(g->scratch, CASE_UPPER, "%s_GROUP_%s", g->ID,
                                      g->tree.groups[i]));
        jref(o, "name", gr->name);
        jcstr(o, "name_c", gr->name);
        jcstr(o, "description_c", gr->description);
        jnum(o, "first", first);
        jnum(o, "nmembers", count[i]);
        jbool(o, "has_members", count[i] > 0);
        jstr(o, "members", members[i].data);
        failed |= members[i].failed;
        first += count[i];
    }
    for (int i = 0; members && i < t->ngroups; i++)
        buf_free(&members[i]);
    name_index_free(&by_name);
    return failed ? -1 : 0;
}

static int tree_data(cgen *g, cJSON *data)
{
    jbool(data, "tree", 1);
    tree_thresholds(g, data);
    return tree_groups(g, data);
}

static int emit_metrics(cgen *g, const emit_to *to)
{
    const hw_target *t = g->t;
    int model = !g->is_tree && t->nevents == 0;
    cJSON *data = cJSON_CreateObject();
    c_banner(data, t, model ? "generated model evaluator" : "generated metric evaluators");
    /* <id>.h is always the freestanding header; evaluators need math.h */
    const char *file = arena_printf(g->scratch, "include/hwcgen/%s_metrics.h", t->id);
    jstr(data, "guard", arena_printf(g->scratch, "HWCGEN_%s_METRICS_H", g->ID));
    jstr(data, "id", t->id);
    jstr(data, "ID", g->ID);
    jstr(data, "arg", "c");
    jstr(data, "struct", arena_printf(g->scratch, "%s_%s", t->id, model ? "inputs" : "counters"));
    jstr(data, "struct_doc", model ? "The model's inputs." :
         "One sample: counter deltas, and device settings supplied at run time.");
    jbool(data, "has_counters", t->nevents > 0 || t->nruntime > 0);
    jbool(data, "perf_ops", target_uses_perf_ops(t));
    if (div_rule_c_definition(t->div_rule))
        jstr(data, "div_rule_helper", div_rule_c_definition(t->div_rule));
    jnum(data, "nfields", metric_fields(g, jarr(data, "fields")));
    cJSON *metrics = jarr(data, "metrics");
    for (int i = 0; i < t->nmetrics; i++)
        metric_entry(g, metrics, i);
    if (forward_declarations(g, data, metrics) != 0 ||
        (g->is_tree && tree_data(g, data) != 0)) {
        cJSON_Delete(data);
        diag_error(to->d, NULL, "out of memory");
        return -1;
    }
    metric_order(g, data);
    input_checks(g, data);
    methodologies(g, data);
    int rc = render_file(to, "c_metrics.h", data, MU_ESCAPE_C_COMMENT, file);
    cJSON_Delete(data);
    return rc;
}

/* A generator for t: its C stem in capitals, the names of a perf tree's
 * metrics and groups (its plan's), and empty caches. 0, or -1 when out of
 * memory (g->scratch is freed then). */
static int cgen_init(cgen *g, const hw_target *t, const hw_plan *p)
{
    *g = (cgen){t, arena_create(), {0}, READ_CALL, target_is_perf_tree(t), p, p->c_tree,
                NULL, NULL};
    hw_arena *a = g->scratch;
    size_t n = (size_t)t->nmetrics + 1;
    if (a) {
        g->enums = arena_alloc(a, n * sizeof *g->enums);
        g->fns = arena_alloc(a, n * sizeof *g->fns);
    }
    if (!a || arena_failed(a) || name_mangle(t->id, CASE_UPPER, g->ID, sizeof g->ID) != 0) {
        arena_free(a);
        return -1;
    }
    return 0;
}

/* Which headers a target gets, by format: a perf tree's directory its
 * metrics header, with its names made by plan_c_tree_names.h; the others <id>.h
 * and, with metrics, <id>_metrics.h. */
int emit_c_headers(const hw_target *t, const hw_plan *p, const emit_to *to)
{
    if (t->oa)
        return emit_c_oa(t, to);
    cgen g;
    if (cgen_init(&g, t, p) != 0) {
        diag_error(to->d, NULL, "out of memory");
        return -1;
    }
    int rc = 0;
    if (g.is_tree && t->nevents > 0)
        rc = emit_c_perf(t, p, to);
    else if (t->nevents > 0)
        rc = emit_c_freestanding(t, g.ID, g.scratch, to);
    if (rc == 0 && t->nmetrics > 0)
        rc = emit_metrics(&g, to);
    arena_free(g.scratch);
    return rc;
}
