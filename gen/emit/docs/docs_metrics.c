/* docs_metrics.c - the metric parts of a target's page (docs.h): every
 * metric with its formula and what it reads, in the source's order (a
 * template's sections, metric groups, or a model's outputs and steps); the
 * series to read with care; a model's worked examples, evaluated.
 */
#include <math.h>
#include <string.h>

#include "emit/docs/docs.h"
#include "core/div_rule.h"
#include "core/expr.h"
#include "core/interp.h"

/* ---- metrics ------------------------------------------------------------- */

/* A name in an HTML formula, as written, linked to its entry. A line may
 * break before it ("max(min(" has no space to break at), never inside it
 * (the stylesheet keeps a formula's names whole). */
static const char *formula_name(void *ctx, const hw_expr *e)
{
    dgen *g = ctx;
    const char *shown = e->dollar ? doc_fmt(g, "$%s", e->text) : e->text;
    if (!doc_ref_bound(e))
        return doc_fmt(g, "<wbr><var>%s</var>", doc_name_html(g, shown));
    const char *id = doc_ref_anchor(g, e->ref, e->index);
    return doc_fmt(g, "<wbr><a href=\"#%s\">%s</a>", id, doc_name_html(g, shown));
}

/* Formula text as the source prints it (it may not even parse). */
static const char *printed(dgen *g, const char *text)
{
    if (g->html)
        return doc_fmt(g, "<code class=\"formula\">%s</code>",
                       doc_printed_html(g, text));
    return doc_code(g, text);
}

/* A formula for people: INFIX; in HTML every name links to its entry. */
static const char *formula(dgen *g, const hw_expr *e)
{
    hw_buf b;
    buf_init(&b);
    if (g->html) {
        buf_puts(&b, "<code class=\"formula\">");
        expr_print(&b, e, EXPR_STYLE_INFIX, formula_name, g);
        buf_puts(&b, "</code>");
        return doc_take(g, &b);
    }
    expr_print(&b, e, EXPR_STYLE_INFIX, NULL, NULL);
    return doc_code(g, doc_take(g, &b));
}

typedef struct uses_ctx {
    dgen *g;
    cJSON *arr;
} uses_ctx;

static const char *event_detail(dgen *g, int i)
{
    const hw_target *t = g->t;
    const hw_event *e = &t->events[i];
    if (!e->counter_id && e->block < 0)
        return NULL;
    hw_buf b;
    buf_init(&b);
    if (e->counter_id)
        buf_puts(&b, doc_code(g, e->counter_id));
    if (e->block >= 0)
        buf_printf(&b, "%s%s", b.len ? ", " : "",
                   doc_esc(g, t->blocks[e->block].name));
    if (e->index >= 0)
        buf_printf(&b, " %s", doc_esc(g, doc_fmt(g, "#%d", e->index)));
    return doc_take(g, &b);
}

static int use_ref(void *ctx, hw_expr *ref)
{
    uses_ctx *u = ctx;
    if (!doc_ref_bound(ref) ||
        !doc_first_sight(&u->g->seen, ref->ref, ref->index))
        return 0;
    doc_item(u->arr, doc_ref_link(u->g, ref->ref, ref->index),
             ref->ref == REF_EVENT ? event_detail(u->g, ref->index) : NULL);
    return 0;
}

/* What the metric reads: references of its formula in order of first
 * use, then events the spec lists for it that the formula does not read. */
static void metric_uses(dgen *g, cJSON *o, const hw_metric *m)
{
    const hw_target *t = g->t;
    uses_ctx u = {g, jarr(o, "uses")};
    g->seen.list++;
    if (m->expr)
        expr_each_ref(m->expr, use_ref, &u);
    for (int k = 0; k < m->nevents; k++) {
        int e = ir_find_event(t, m->events[k]);
        if (e >= 0 && doc_first_sight(&g->seen, REF_EVENT, e))
            doc_item(u.arr, doc_event_link(g, e), event_detail(g, e));
    }
    doc_has(o, "uses");
}

/* A perf tree's formula as its file writes it (MetricExpr), while
 * hwcgen's expressions do not read perf's: shown as text, not linked. */
static const char *perf_text(const dgen *g, const hw_metric *m)
{
    return !m->expr && target_is_perf_tree(g->t) ? m->formula : NULL;
}

static const char *badge(dgen *g, const char *cls, const char *text)
{
    if (g->html)
        return doc_fmt(g, "<span class=\"badge %s\">%s</span>", cls,
                       doc_esc(g, text));
    return doc_em(g, doc_esc(g, text));
}

static void metric_badges(dgen *g, cJSON *o, const hw_metric *m)
{
    cJSON *arr = jarr(o, "badges");
    if (m->flags & METRIC_DERIVED)
        doc_item(arr, badge(g, "derived", "derived"), NULL);
    if (m->flags & METRIC_CORRECTED)
        doc_item(arr, badge(g, "corrected", "corrected"), NULL);
    if (m->flags & METRIC_EXTERNAL)
        doc_item(arr, badge(g, "external", "external"), NULL);
    if (m->flags & METRIC_IN_CYCLE)
        doc_item(arr, badge(g, "missing", "in a cycle"), NULL);
    if (m->flags & METRIC_DATABASE)
        doc_item(arr, badge(g, "database", "from the database"), NULL);
    if (m->flags & METRIC_DEPRECATED)
        doc_item(arr, badge(g, "deprecated", "deprecated"), NULL);
    if (m->flags & METRIC_EXPERIMENTAL)
        doc_item(arr, badge(g, "experimental", "experimental"), NULL);
    if (!m->expr && !perf_text(g, m) && !(m->flags & METRIC_EXTERNAL))
        doc_item(arr, badge(g, "missing", "no expression"), NULL);
}

/* The section number a metric is shown with. A series from the vendor's
 * database that takes the number of the source's own series of the same
 * name says so ("6.1.1, database"), so the two are told apart. */
static const char *metric_number(dgen *g, const hw_metric *m)
{
    if (!m->number || !(m->flags & METRIC_DATABASE))
        return m->number;
    const hw_target *t = g->t;
    for (int k = 0; k < t->nmetrics; k++)
        if (&t->metrics[k] != m && !(t->metrics[k].flags & METRIC_DATABASE) &&
            t->metrics[k].number && strcmp(t->metrics[k].number, m->number) == 0)
            return doc_fmt(g, "%s, database", m->number);
    return m->number;
}

/* Metric i's row: in full the first time, with its formula; in any later
 * group a line that links to the full row, with an anchor of its own:
 * "ref-", the group's (here_id), "--", the full row's. */
static void metric_row(dgen *g, cJSON *rows, int i, const char *here,
                       const char *here_id)
{
    const hw_target *t = g->t;
    const hw_metric *m = &t->metrics[i];
    cJSON *o = jobj(rows, NULL);
    const char *id = doc_ref_anchor(g, REF_METRIC, i);
    if (g->m_home[i]) {
        jbool(o, "is_ref", 1);
        doc_put(o, "anchor", doc_fmt(g, "ref-%s--%s", here_id, id));
        doc_put(o, "name", doc_ref_link(g, REF_METRIC, i));
        doc_put(o, "number", metric_number(g, m));
        doc_put(o, "title", m->title);
        doc_put(o, "home", doc_link(g, id, doc_esc(g, g->m_home[i])));
        return;
    }
    g->m_home[i] = here ? here : "";
    jbool(o, "is_ref", 0);
    doc_put(o, "anchor", id);
    doc_put(o, "name", doc_code(g, m->name));
    doc_put(o, "number", metric_number(g, m));
    doc_put(o, "title", m->title);
    doc_put(o, "units", m->units);
    doc_put(o, "description", m->description);
    metric_badges(g, o, m);
    doc_put(o, "formula", m->expr ? formula(g, m->expr)
                          : perf_text(g, m) ? printed(g, m->formula)
                                            : NULL);
    doc_put(o, "threshold", m->threshold ? printed(g, m->threshold) : NULL);
    const char *none = NULL;
    if (!m->expr && !perf_text(g, m))
        none = (m->flags & METRIC_EXTERNAL) ? "No formula: an external series."
                                            : "No expression in the source.";
    doc_put(o, "no_formula", none);
    doc_put(o, "source_formula",
            m->source_formula ? printed(g, m->source_formula) : NULL);
    doc_put(o, "note", m->note);
    metric_uses(g, o, m);
    if (g->perf)
        perf_metric_collect(g, o, i);
    else
        doc_metric_collect(g, o, i);
}

static cJSON *metric_group(cJSON *groups, const char *id, const char *number,
                           const char *title, const char *name_raw,
                           const char *description, const char *perf_raw)
{
    cJSON *o = jobj(groups, NULL);
    doc_put(o, "anchor", id);
    doc_put(o, "number", number);
    doc_put(o, "title", title);
    doc_put(o, "name", name_raw);
    doc_put(o, "description", description);
    doc_put(o, "perf", perf_raw);
    jarr(o, "metrics");
    return o;
}

static cJSON *metric_part(cJSON *parts, const char *id, const char *number,
                          const char *title, const char *description)
{
    cJSON *o = jobj(parts, NULL);
    doc_put(o, "anchor", id);
    doc_put(o, "number", number);
    doc_put(o, "title", title);
    doc_put(o, "description", description);
    jbool(o, "titled", title != NULL);
    jarr(o, "groups");
    return o;
}

/* One metric group's table, its rows in the group's order; for a CPU's
 * PMU, how perf collects the whole group. */
static void group_rows(dgen *g, cJSON *groups, int gi, char *done)
{
    const hw_group *gr = &g->t->groups[gi];
    /* a perf tree's group holds what the metrics' MetricGroup keys say,
     * every PMU's alike; one only metricgroups.json names is left out */
    int n = 0;
    const int *ms = g->perf ? doc_perf_members(g, gi, &n) : NULL;
    if (g->perf && n == 0)
        return;
    const char *name = doc_group_name(g, gr->name);
    const char *title = gr->title ? gr->title : name;
    const char *perf =
        target_is_cpu_pmu(g->t)
            ? doc_code(g, doc_fmt(g, "perf stat -M %s", name))
            : NULL;
    const char *id = doc_anchor(g, "mg-", name);
    /* a perf tree's groups have no title: their name is the heading */
    cJSON *go = metric_group(groups, id, gr->number, title,
                             g->perf && !gr->title ? NULL : doc_code(g, name),
                             gr->description, perf);
    cJSON *rows = cJSON_GetObjectItem(go, "metrics");
    for (int k = 0; k < n; k++) {
        metric_row(g, rows, ms[k], title, id);
        done[ms[k]] = 1;
    }
    for (int k = 0; !g->perf && k < gr->nmembers; k++) {
        int m = ir_find_metric(g->t, gr->members[k]);
        if (m >= 0) {
            metric_row(g, rows, m, title, id);
            done[m] = 1;
        }
    }
}

/* A template: its sections in order, each with its groups. */
static void template_parts(dgen *g, cJSON *parts, char *done)
{
    const hw_target *t = g->t;
    for (int s = 0; s < t->nsections; s++) {
        const hw_section *sec = &t->sections[s];
        cJSON *p = metric_part(
            parts,
            doc_anchor(g, "sec-",
                       sec->number ? sec->number : doc_fmt(g, "%d", s)),
            sec->number, sec->title ? sec->title : "", sec->description);
        cJSON *groups = cJSON_GetObjectItem(p, "groups");
        for (int i = 0; i < t->ngroups; i++)
            if (t->groups[i].kind == GROUP_METRICS && t->groups[i].section == s)
                group_rows(g, groups, i, done);
    }
}

static void grouped_parts(dgen *g, cJSON *parts, char *done)
{
    const hw_target *t = g->t;
    cJSON *groups = cJSON_GetObjectItem(
        metric_part(parts, NULL, NULL, NULL, NULL), "groups");
    for (int i = 0; i < t->ngroups; i++)
        if (t->groups[i].kind == GROUP_METRICS)
            group_rows(g, groups, i, done);
}

/* A model: outputs first, then its steps in evaluation order. */
static void model_parts(dgen *g, cJSON *parts, char *done)
{
    const hw_target *t = g->t;
    cJSON *groups = cJSON_GetObjectItem(
        metric_part(parts, NULL, NULL, NULL, NULL), "groups");
    cJSON *outs = cJSON_GetObjectItem(metric_group(groups, "model-outputs",
                                                   NULL, "Outputs", NULL,
                                                   "What the model predicts.", NULL),
                                      "metrics");
    cJSON *steps = cJSON_GetObjectItem(
        metric_group(
            groups, "model-intermediate", NULL, "Intermediate values", NULL,
            "Named steps of the formula, in evaluation order: "
            "each uses only inputs, constants and the steps above it.",
            NULL),
        "metrics");
    for (int i = 0; i < t->nmetrics; i++)
        if (!(t->metrics[i].flags & METRIC_INTERMEDIATE)) {
            metric_row(g, outs, i, "Outputs", "model-outputs");
            done[i] = 1;
        }
    for (int k = 0; k < t->nmetrics; k++) {
        int i = t->metric_order ? t->metric_order[k] : k;
        if (t->metrics[i].flags & METRIC_INTERMEDIATE) {
            metric_row(g, steps, i, "Intermediate values",
                       "model-intermediate");
            done[i] = 1;
        }
    }
}

/* Metrics no group listed, so that every metric appears once at least. */
static void other_metrics(dgen *g, cJSON *parts, const char *done, int grouped)
{
    const hw_target *t = g->t;
    cJSON *rest = NULL;
    for (int i = 0; i < t->nmetrics; i++) {
        if (done[i])
            continue;
        if (!rest) {
            cJSON *p =
                cJSON_GetArraySize(parts)
                    ? cJSON_GetArrayItem(parts, cJSON_GetArraySize(parts) - 1)
                    : metric_part(parts, NULL, NULL, NULL, NULL);
            rest = cJSON_GetObjectItem(
                metric_group(
                    cJSON_GetObjectItem(p, "groups"), "other-metrics", NULL,
                    grouped || t->nsections ? "Other metrics" : "All metrics",
                    NULL, grouped ? "Metrics in no metric group." : NULL, NULL),
                "metrics");
        }
        metric_row(g, rest, i, "Other metrics", "other-metrics");
    }
}

/* What the metrics section says first, by what the target's metrics are. */
static const char *metrics_intro(dgen *g, int model)
{
    if (g->t->nsections)
        return "The template in the source's order: sections, groups and the "
               "series of each group, "
               "with the expression of every series and the counters it reads.";
    if (model)
        return "The model's outputs, then its intermediate values in evaluation "
               "order. "
               "Each expression is evaluated with double arithmetic; x/0 is NaN.";
    if (g->perf)
        return "Metrics by metric group, as their MetricGroup keys say (a metric "
               "in several groups is listed in each, in full once), each with "
               "its MetricExpr and MetricThreshold as its file writes them; "
               "perf evaluates them, with the events of the metric's PMU.";
    if (g->t->div_rule == DIV_RULE_ARM)
        return doc_fmt(g, "Metrics by metric group; a metric in several groups is listed "
                          "in each. Formulas use double arithmetic; %s. A hardware "
                          "counter is read as Arm's sampler makes it: the raw count "
                          "shifted left by its shift, summed over every instance of its "
                          "block.", div_rule_words(g->t->div_rule));
    return "Metrics by metric group; a metric in several groups is listed "
           "in each. "
           "Formulas use double arithmetic; x/0 is NaN.";
}

/* Template sections -> groups -> series in guide order; else metric groups
 * (and the ungrouped); else a model's outputs and intermediate values. */
void page_metrics(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *parts = jarr(data, "metric_parts");
    if (!t->nmetrics)
        return;
    int model = 0;
    for (int i = 0; i < t->nmetrics; i++)
        model |= (t->metrics[i].flags & METRIC_INTERMEDIATE) != 0;
    int grouped = 0;
    for (int i = 0; i < t->ngroups; i++)
        grouped |= t->groups[i].kind == GROUP_METRICS;
    jbool(data, "has_metrics", 1);
    doc_put(data, "metrics_title",
            t->nsections ? "Analysis template"
            : model      ? "Formula"
                         : "Metrics");
    doc_put(data, "metrics_intro", metrics_intro(g, model));
    char *done = arena_alloc(g->a, (size_t)t->nmetrics + 1);
    if (!done)
        return;
    if (t->nsections)
        template_parts(g, parts, done);
    else if (grouped)
        grouped_parts(g, parts, done);
    else if (model)
        model_parts(g, parts, done);
    other_metrics(g, parts, done, grouped);
}

/* Series the reader must not take at face value: no expression in the
 * source, derived by us, corrected from a misprint, from elsewhere, or
 * from the vendor's counter database. */
void page_attention(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *rows = jarr(data, "attention");
    for (int i = 0; i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        const char *status = NULL;
        if (m->flags & METRIC_CORRECTED)
            status = "Corrected: the source prints another expression "
                     "(shown); the spec uses a fixed one, see the note.";
        else if (m->flags & METRIC_DERIVED)
            status = "Derived: the source prints no expression; this one is "
                     "derived by the spec authors.";
        else if (m->flags & METRIC_EXTERNAL)
            status = "External: the series does not come from these counters; "
                     "no evaluator is generated.";
        else if (m->flags & METRIC_IN_CYCLE)
            status = "In a cycle: it uses itself through other metrics, which "
                     "perf refuses; no evaluator is generated.";
        else if (m->flags & METRIC_DATABASE)
            status = "From the database: the expression is the vendor's "
                     "counter database's, not the source's; see the note.";
        else if (!m->expr && !perf_text(g, m))
            status = "No expression in the source; none is recorded.";
        if (!status)
            continue;
        cJSON *o = jobj(rows, NULL);
        doc_put(o, "anchor", doc_anchor(g, "care-", m->name));
        doc_put(o, "number", m->number ? metric_number(g, m) : "");
        doc_put(o, "link", doc_ref_link(g, REF_METRIC, i));
        doc_put(o, "title", m->title);
        doc_put(o, "status", status);
        doc_put(o, "note", m->note);
        doc_put(o, "source_formula",
                m->source_formula ? printed(g, m->source_formula) : NULL);
    }
}

/* ---- worked examples ----------------------------------------------------- */

/* Numbers people read: 600e6 rather than 6e+08, 533.333 for results. */
static const char *readable_num(dgen *g, double v)
{
    if (isnan(v))
        return "NaN";
    if (v == floor(v) && fabs(v) < 1e15) {
        if (fabs(v) >= 1e6 && fmod(v, 1e6) == 0)
            return doc_fmt(g, "%.0fe6", v / 1e6);
        return doc_fmt(g, "%.0f", v);
    }
    return doc_fmt(g, "%.6g", v);
}
/* A column head: a name (markup) and its units, and the same as plain
 * text (`plain`: the name as written). */
static void example_head(dgen *g, cJSON *head, const char *name, const char *plain,
                         const char *units)
{
    cJSON *o = jobj(head, NULL);
    doc_put(o, "name", name);
    doc_put(o, "units", units);
    jbool(o, "first", head && head->child == o);
    doc_put(o, "link", doc_fmt(g, "%s%s", name,
                               units ? doc_esc(g, doc_fmt(g, " (%s)", units)) : ""));
    doc_put(o, "label", units ? doc_fmt(g, "%s (%s)", plain, units) : plain);
}

/* One example: its inputs, then the outputs the interpreter gives for them
 * (`in` and `out` are scratch arrays by input and by metric), each cell
 * with its column's head as plain text (`head`), which a phone shows
 * beside the value. Its anchor comes from its label, or its place nth
 * when it has none. */
static void example_row(dgen *g, cJSON *rows, const hw_example *x, int nth,
                        double *in, double *out, const double *consts, const cJSON *head)
{
    const hw_target *t = g->t;
    for (int i = 0; i < t->ninputs; i++)
        in[i] = NAN;
    for (int k = 0; k < x->nsets; k++) {
        int i = ir_find_input(t, x->sets[k].input);
        if (i >= 0) /* the checker reports any other */
            in[i] = x->sets[k].value;
    }
    hw_values v = {NULL, consts, in};
    interp_all(t, &v, out);
    cJSON *r = jobj(rows, NULL);
    doc_put(r, "anchor", doc_anchor(g, "ex-", x->label ? x->label
                                                      : doc_fmt(g, "%d",
                                                                nth + 1)));
    doc_put(r, "label", x->label);
    doc_put(r, "expected", x->expected);
    cJSON *cells = jarr(r, "cells");
    const cJSON *h = head ? head->child : NULL;
    for (int i = 0; i < t->ninputs + t->nmetrics; i++) {
        if (i >= t->ninputs && (t->metrics[i - t->ninputs].flags & METRIC_INTERMEDIATE))
            continue;
        double value = i < t->ninputs ? in[i] : out[i - t->ninputs];
        cJSON *c = jobj(cells, NULL);
        doc_put(c, "link", doc_esc(g, readable_num(g, value)));
        doc_put(c, "label", h ? cJSON_GetStringValue(cJSON_GetObjectItem(h, "label")) : NULL);
        h = h ? h->next : NULL;
    }
}

/* The spec's worked examples, evaluated: a column per input and output. */
void page_examples(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *ex = jobj(data, "examples");
    cJSON *head = jarr(ex, "head");
    cJSON *rows = jarr(ex, "rows");
    jbool(data, "has_examples", t->nexamples > 0);
    if (!t->nexamples)
        return;
    double *in = arena_alloc(g->a, ((size_t)t->ninputs + 1) * sizeof *in);
    double *out = arena_alloc(g->a, ((size_t)t->nmetrics + 1) * sizeof *out);
    double *consts =
        arena_alloc(g->a, ((size_t)t->nconstants + 1) * sizeof *consts);
    if (!in || !out || !consts)
        return; /* never rendered: the arena has failed */
    for (int i = 0; i < t->nconstants; i++)
        consts[i] = t->constants[i].has_value ? t->constants[i].value : NAN;
    for (int i = 0; i < t->ninputs; i++)
        example_head(g, head, doc_code(g, t->inputs[i].name), t->inputs[i].name,
                     t->inputs[i].units);
    for (int i = 0; i < t->nmetrics; i++)
        if (!(t->metrics[i].flags & METRIC_INTERMEDIATE))
            example_head(g, head, doc_code_link(g, "m-", t->metrics[i].name),
                         t->metrics[i].name, t->metrics[i].units);
    for (int k = 0; k < t->nexamples; k++)
        example_row(g, rows, &t->examples[k], k, in, out, consts, head);
}
