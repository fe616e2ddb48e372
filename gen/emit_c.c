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

#include "c_names.h"
#include "emit.h"
#include "emit_c_regs.h"
#include "expr.h"
#include "names.h"
#include "perf_lang.h"
#include "render.h"
#include "spdx.h"
#include "version.h"

typedef struct cgen {
    const hw_target *t;
    hw_arena *scratch;  /* strings that live until rendering is done */
    char ID[128];       /* NEOVERSE_V1 */
    int all;            /* printing eval_all: metric refs read out[] */
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

/* A macro name of <id>.h, as c_names.h spells it. */
#define MNAME(g, ...) c_checked_macro((g)->scratch, (g)->ID, __VA_ARGS__)

static void banner(cJSON *data, const hw_target *t, const char *what)
{
    jstr(data, "target", t->name);
    jstr(data, "what", what);
    jstr(data, "version", HWCGEN_VERSION);
    jstr(data, "spec", t->spec_name);
    jstr(data, "license", spdx_of(t));
}

/* ---- freestanding header ------------------------------------------------ */

static void define(cgen *g, cJSON *sec, const char *name, const char *value,
                   const char *comment)
{
    c_define(g->scratch, sec, name, NULL, value, comment);
}

static void identity_section(cgen *g, cJSON *sections)
{
    const hw_target *t = g->t;
    cJSON *s = c_section(sections, "Identity");
    if (c_has_midr(t)) {
        uint32_t midr = target_midr(t);
        define(g, s, MNAME(g, "MIDR_VALUE"), arena_printf(g->scratch, "0x%08Xu", (unsigned)midr),
               "MIDR_EL1 with variant and revision zero");
        define(g, s, MNAME(g, "MIDR_MASK"), "0xFF0FFFF0u",
               "implementer, architecture and part number fields");
        define(g, s, MNAME(g, "IMPLEMENTER"),
               arena_printf(g->scratch, "0x%02X", (unsigned)t->implementer), NULL);
        define(g, s, MNAME(g, "PART_NUM"),
               arena_printf(g->scratch, "0x%03X", (unsigned)t->part_num), NULL);
    }
    if (t->num_counters)
        define(g, s, MNAME(g, "NUM_COUNTERS"), arena_printf(g->scratch, "%d", t->num_counters),
               "programmable counters, besides any cycle counter");
    if (t->num_slots)
        define(g, s, MNAME(g, "NUM_SLOTS"), arena_printf(g->scratch, "%d", t->num_slots),
               "operation slots per cycle (topdown)");
    if (cJSON_GetArraySize(cJSON_GetObjectItem(s, "defines")) == 0)
        cJSON_DeleteItemFromArray(sections, cJSON_GetArraySize(sections) - 1);
}

static void event_section(cgen *g, cJSON *sections)
{
    const hw_target *t = g->t;
    cJSON *s = NULL;
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (!e->has_code)
            continue;
        if (!s)
            s = c_section(sections, "Event codes");
        define(g, s, MNAME(g, "EVENT_%s", e->name),
               arena_printf(g->scratch, "0x%04X", (unsigned)e->code), e->title);
    }
}

static void block_section(cgen *g, cJSON *sections)
{
    const hw_target *t = g->t;
    if (!t->nblocks)
        return;
    cJSON *s = c_section(sections, "Counter blocks: hardware block ids");
    for (int i = 0; i < t->nblocks; i++) {
        const hw_block *b = &t->blocks[i];
        define(g, s, MNAME(g, "BLOCK_%s", b->name), arena_printf(g->scratch, "%d", b->id),
               b->title);
        if (b->size)
            define(g, s, MNAME(g, "BLOCK_%s_SIZE", b->name),
                   arena_printf(g->scratch, "%d", b->size), "counters in the block");
    }
}

/* Counters placed in blocks: where each one is read from. */
static void counter_section(cgen *g, cJSON *sections)
{
    const hw_target *t = g->t;
    cJSON *s = NULL;
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (e->block < 0 || e->index < 0)
            continue;
        if (!s)
            s = c_section(sections, "Counters: block id and index inside the block");
        const char *n = c_counter_stem(e);
        define(g, s, MNAME(g, "%s_BLOCK", n),
               MNAME(g, "BLOCK_%s", t->blocks[e->block].name), e->title);
        define(g, s, MNAME(g, "%s_INDEX", n), arena_printf(g->scratch, "%d", e->index),
               NULL);
        if (e->width)
            define(g, s, MNAME(g, "%s_WIDTH", n), arena_printf(g->scratch, "%d", e->width),
                   "bits");
        if (c_counter_multiplier(e))
            define(g, s, MNAME(g, "%s_MULTIPLIER", n),
                   arena_printf(g->scratch, "%d", c_counter_multiplier(e)),
                   "tools scale the raw count by this before use");
    }
}

/* Functional groups as initialiser lists: `static const unsigned short
 * ev[] = ID_GROUP_BUS_EVENTS;` costs nothing until used. */
static void group_section(cgen *g, cJSON *sections)
{
    const hw_target *t = g->t;
    cJSON *s = NULL;
    for (int i = 0; i < t->ngroups; i++) {
        const hw_group *gr = &t->groups[i];
        if (gr->kind != GROUP_EVENTS)
            continue;
        hw_buf list;
        buf_init(&list);
        int n = 0;
        for (int k = 0; k < gr->nmembers; k++) {
            int e = ir_find_event(t, gr->members[k]);
            if (e < 0 || !t->events[e].has_code)
                continue;
            buf_printf(&list, "%s0x%04X", n++ ? ", " : "{", (unsigned)t->events[e].code);
        }
        buf_puts(&list, n ? "}" : "{0}");
        if (!s)
            s = c_section(sections, "Functional groups: event codes as initialisers");
        define(g, s, MNAME(g, "GROUP_%s_COUNT", gr->name),
               arena_printf(g->scratch, "%d", n), gr->title);
        define(g, s, MNAME(g, "GROUP_%s_EVENTS", gr->name),
               arena_strdup(g->scratch, list.data ? list.data : "{0}"), NULL);
        buf_free(&list);
    }
}

static int emit_freestanding(cgen *g, const emit_to *to)
{
    const hw_target *t = g->t;
    cJSON *data = cJSON_CreateObject();
    banner(data, t, "hardware counter facts for drivers");
    jstr(data, "guard", c_checked(g->scratch, c_guard(g->scratch, g->ID)));
    cJSON *sections = jarr(data, "sections");
    identity_section(g, sections);
    event_section(g, sections);
    block_section(g, sections);
    counter_section(g, sections);
    group_section(g, sections);
    if (emit_c_regs(t, g->ID, g->scratch, sections, jarr(data, "code"), to) != 0) {
        cJSON_Delete(data);
        return -1;
    }
    const char *file = arena_printf(g->scratch, "include/hwcgen/%s.h", t->id);
    int rc = render_file(to, "c_header.h", data, MU_ESCAPE_C_COMMENT, file);
    cJSON_Delete(data);
    return rc;
}

/* ---- metrics header ------------------------------------------------------ */

static const char *c_ref(void *ctx, const hw_expr *e)
{
    cgen *g = ctx;
    const hw_target *t = g->t;
    switch (e->ref) {
    case REF_EVENT: /* a perf formula may spell it in another case */
        return arena_printf(g->scratch, "(double)c->%s", keep(g, t->events[e->index].name));
    case REF_CONSTANT:
        if (t->constants[e->index].has_value) {
            char num[40];
            expr_format_number(num, sizeof num, t->constants[e->index].value);
            return arena_printf(g->scratch, "%s%s", num, strpbrk(num, ".en") ? "" : ".0");
        }
        return arena_printf(g->scratch, "c->%s", keep(g, e->text));
    case REF_INPUT:
        return arena_printf(g->scratch, "c->%s", keep(g, e->text));
    case REF_METRIC: {
        const char *name = t->metrics[e->index].name;
        if (g->all)
            return arena_printf(g->scratch, "out[%s]", c_metric_enum(g->scratch, g->ID, name));
        return arena_printf(g->scratch, "%s(c)", c_metric_fn(g->scratch, t, name));
    }
    case REF_RUNTIME: {
        const hw_runtime *r = &t->runtime[e->index];
        return arena_printf(g->scratch, "%sc->%s",
                            r->kind == RUNTIME_COUNTER ? "(double)" : "", r->cname);
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
        if (t->metrics[i].expr && uses_perf_ops(t->metrics[i].expr))
            return 1;
    return 0;
}

static int uses_arg(void *ctx, hw_expr *e)
{
    const hw_target *t = ctx;
    return !(e->ref == REF_CONSTANT && t->constants[e->index].has_value);
}

static const char *print_c(cgen *g, const hw_expr *e, int all)
{
    hw_buf b;
    buf_init(&b);
    g->all = all;
    expr_print(&b, e, EXPR_STYLE_C, c_ref, g);
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

static const char *joined_groups(cgen *g, const hw_metric *m)
{
    hw_buf b;
    buf_init(&b);
    for (int k = 0; k < m->ngroups; k++)
        buf_printf(&b, "%s%s", k ? ";" : "", m->groups[k]);
    const char *r = arena_strdup(g->scratch, b.data ? b.data : "");
    buf_free(&b);
    return r;
}

/* A value perf reads at run time (hw_runtime): what it is, as perf spells
 * it, so a tool fills the member from what it measured. */
static void runtime_field(cgen *g, cJSON *f, const hw_runtime *r)
{
    jstr(f, "ctype", r->kind == RUNTIME_COUNTER ? "uint64_t" : "double");
    jstr(f, "name", r->cname);
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
    jstr(f, "comment", arena_printf(g->scratch, "%s: %s", r->key, what ? what : ""));
}

static int mark_event(void *ctx, hw_expr *ref)
{
    if (ref->ref == REF_EVENT)
        ((char *)ctx)[ref->index] = 1;
    return 0;
}

/* The counters struct holds only the events some formula reads. */
static void metric_fields(cgen *g, cJSON *fields)
{
    const hw_target *t = g->t;
    char *used = arena_alloc(g->scratch, (size_t)t->nevents + 1);
    for (int i = 0; used && i < t->nmetrics; i++)
        if (t->metrics[i].expr)
            expr_each_ref(t->metrics[i].expr, mark_event, used);
    for (int i = 0; used && i < t->nevents; i++) {
        if (!used[i])
            continue;
        cJSON *f = jobj(fields, NULL);
        jstr(f, "ctype", "uint64_t");
        jstr(f, "name", keep(g, t->events[i].name));
        const hw_event *e = &t->events[i];
        /* Formulas expect what Streamline shows: the count times this. */
        jstr(f, "comment", e->multiplier > 0 && e->multiplier != 1
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
        runtime_field(g, jobj(fields, NULL), &t->runtime[i]);
}

static const char *no_formula_reason(const hw_metric *m)
{
    return (m->flags & METRIC_EXTERNAL) ? "external series, computed elsewhere"
                                        : "the source gives no formula";
}

static void metric_entry(cgen *g, cJSON *metrics, const hw_metric *m)
{
    const hw_target *t = g->t;
    cJSON *o = jobj(metrics, NULL);
    jstr(o, "enum", c_metric_enum(g->scratch, g->ID, m->name));
    jstr(o, "fn", c_metric_fn(g->scratch, t, m->name));
    jstr(o, "title", m->title ? m->title : m->name);
    jstr(o, "units", m->units);
    hw_buf f;
    buf_init(&f);
    if (m->expr)
        expr_print(&f, m->expr, EXPR_STYLE_INFIX, NULL, NULL);
    jstr(o, "formula_comment", escaped(g, m->expr ? f.data : no_formula_reason(m),
                                       MU_ESCAPE_C_COMMENT));
    buf_free(&f);
    jstr(o, "body", m->expr ? print_c(g, m->expr, 0) : "NAN");
    jbool(o, "unused_arg", !m->expr || !expr_each_ref((hw_expr *)m->expr, uses_arg, (void *)t));
    jcstr(o, "name_c", m->name);
    jcstr(o, "title_c", m->title);
    jcstr(o, "units_c", m->units);
    jcstr(o, "groups_c", joined_groups(g, m));
    jcstr(o, "section_c", m->number);
    jcstr(o, "formula_c", m->formula);
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
    int any = 0;
    for (int i = 0; i < t->nmetrics; i++) {
        jbool(cJSON_GetArrayItem(metrics, i), "forward", u.ahead[i]);
        any |= u.ahead[i];
    }
    jbool(data, "has_forward", any);
    return 0;
}

static void metric_order(cgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *order = jarr(data, "order");
    cJSON *external = jarr(data, "external");
    int any_arg = 0;
    for (int k = 0; k < t->nmetrics; k++) {
        int i = t->metric_order ? t->metric_order[k] : k;
        const hw_metric *m = &t->metrics[i];
        cJSON *o = jobj(m->expr ? order : external, NULL);
        jstr(o, "enum", c_metric_enum(g->scratch, g->ID, m->name));
        if (!m->expr)
            jstr(o, "why", no_formula_reason(m));
        if (m->expr) {
            jstr(o, "body_all", print_c(g, m->expr, 1));
            any_arg |= expr_each_ref((hw_expr *)m->expr, uses_arg, (void *)t);
        }
    }
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

static int emit_metrics(cgen *g, const emit_to *to)
{
    const hw_target *t = g->t;
    int model = t->nevents == 0;
    cJSON *data = cJSON_CreateObject();
    banner(data, t, model ? "generated model evaluator" : "generated metric evaluators");
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
    metric_fields(g, jarr(data, "fields"));
    cJSON *metrics = jarr(data, "metrics");
    for (int i = 0; i < t->nmetrics; i++)
        metric_entry(g, metrics, &t->metrics[i]);
    if (forward_declarations(g, data, metrics) != 0) {
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

int emit_c_headers(const hw_target *t, const emit_to *to)
{
    /* A directory of a perf pmu-events tree gets its driver header only.
     * TODO(metric evaluators): its <id>_metrics.h belongs here, once
     * hwcgen's expressions read perf's MetricExpr (load_perf_interp.c's
     * perf_metric_parse()) and evaluators are written for them; until then
     * its metrics are in its docs and perf JSON alone. */
    if (target_is_perf_tree(t))
        return t->nevents > 0 ? emit_c_perf(t, to) : 0;
    cgen g = {t, arena_create(), {0}, 0};
    if (!g.scratch || name_mangle(t->id, CASE_UPPER, g.ID, sizeof g.ID) != 0) {
        arena_free(g.scratch);
        diag_error(to->d, NULL, "out of memory");
        return -1;
    }
    int rc = 0;
    if (t->nevents > 0)
        rc = emit_freestanding(&g, to);
    if (rc == 0 && t->nmetrics > 0)
        rc = emit_metrics(&g, to);
    arena_free(g.scratch);
    return rc;
}
