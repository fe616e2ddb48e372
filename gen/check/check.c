/* check.c - the checker: names, references, codes, cycles. */
#include "check/check.h"
#include "check/check_lists.h"
#include "check/check_perf.h"
#include "check/check_places.h"
#include "check/check_revisions.h"

#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/expr.h"
#include "core/inputs.h"
#include "core/names.h"

/* One namespace for everything a formula can name; the tag packs the
 * reference kind above the index. */
enum { TAG_SHIFT = 28 };
#define TAG(kind, index) ((int)(((unsigned)(kind) << TAG_SHIFT) | (unsigned)(index)))
#define TAG_KIND(tag) ((hw_ref_kind)((unsigned)(tag) >> TAG_SHIFT))
#define TAG_INDEX(tag) ((int)((unsigned)(tag) & ((1u << TAG_SHIFT) - 1)))

typedef struct checker {
    hw_target *t;
    hw_diag *d;
    name_index names;   /* spec name -> TAG */
    name_index mangled; /* C name -> TAG, to catch collisions */
} checker;

static const hw_loc *loc_of(const hw_target *t, int tag)
{
    int i = TAG_INDEX(tag);
    switch (TAG_KIND(tag)) {
    case REF_EVENT:
        return &t->events[i].loc;
    case REF_CONSTANT:
        return &t->constants[i].loc;
    case REF_INPUT:
        return &t->inputs[i].loc;
    default:
        return &t->metrics[i].loc;
    }
}

/* The name behind a tag: core/ir.c's, as for any bound reference. */
static const char *name_of(const hw_target *t, int tag)
{
    return ir_ref_name(t, TAG_KIND(tag), TAG_INDEX(tag));
}

/* ---- names -------------------------------------------------------------- */

static void add_name(checker *c, hw_ref_kind kind, int index)
{
    int tag = TAG(kind, index);
    const char *name = name_of(c->t, tag);
    const hw_loc *loc = loc_of(c->t, tag);
    const char *what = ref_kind_name(kind);
    char cname[256];
    if (!name || !*name) {
        diag_error(c->d, loc, "%s with an empty name", what);
        return;
    }
    /* Metrics always get the target prefix in C; fields do not. */
    int digit_ok = kind == REF_METRIC;
    if (name_mangle(name, CASE_LOWER, cname, sizeof cname) != 0 ||
        (!digit_ok && isdigit((unsigned char)name[0]))) {
        diag_error(c->d, loc, "%s '%s': not a valid name (ASCII letters, "
                   "digits, '_', '-', '.'%s)", what, name,
                   digit_ok ? "" : "; starting with a letter or '_'");
        return;
    }
    if (name_is_keyword(cname)) {
        diag_error(c->d, loc, "%s '%s': is a C or C++ keyword", what, name);
        return;
    }
    char first[512];
    int old = name_index_put(&c->names, name, tag);
    if (old >= 0) {
        loc_where(first, sizeof first, loc_of(c->t, old));
        diag_error(c->d, loc, "%s '%s': duplicate name (first defined as %s "
                   "at %s)", what, name, ref_kind_name(TAG_KIND(old)), first);
        return;
    }
    const char *kept = name_c(c->t->arena, name, CASE_LOWER);
    old = kept ? name_index_put(&c->mangled, kept, tag) : -2;
    if (old >= 0) {
        loc_where(first, sizeof first, loc_of(c->t, old));
        diag_error(c->d, loc, "%s '%s': same C name '%s' as '%s' (at %s)",
                   what, name, cname, name_of(c->t, old), first);
    }
}

/* A perf tree's names are perf's: any text but a comma, unique per PMU
 * rather than per target (a hybrid CPU has one name on cpu_core and on
 * cpu_atom), and an event and a metric may share one. The loader warns of
 * a true repeat (load_perf_interp.c); here they only become known, the
 * first of a name winning, so formulas can name them. */
static void know_perf_names(checker *c)
{
    hw_target *t = c->t;
    for (int i = 0; i < t->nevents; i++)
        if (name_index_put(&c->names, t->events[i].name, TAG(REF_EVENT, i)) == -2)
            arena_fail(t->arena);
    for (int i = 0; i < t->nmetrics; i++)
        if (name_index_put(&c->names, t->metrics[i].name, TAG(REF_METRIC, i)) == -2)
            arena_fail(t->arena);
}

static void check_names(checker *c)
{
    hw_target *t = c->t;
    if (target_is_perf_tree(t)) {
        know_perf_names(c);
        return;
    }
    for (int i = 0; i < t->nevents; i++)
        add_name(c, REF_EVENT, i);
    for (int i = 0; i < t->nconstants; i++)
        add_name(c, REF_CONSTANT, i);
    for (int i = 0; i < t->ninputs; i++)
        add_name(c, REF_INPUT, i);
    for (int i = 0; i < t->nmetrics; i++)
        add_name(c, REF_METRIC, i);
}

static void check_identity(checker *c)
{
    hw_target *t = c->t;
    hw_loc loc = target_loc(t);
    char buf[256];
    if (!t->id || name_mangle(t->id, CASE_LOWER, buf, sizeof buf) != 0 ||
        strcmp(buf, t->id) != 0)
        diag_error(c->d, &loc, "target id '%s' is not a lower-case C "
                   "identifier", t->id ? t->id : "");
    if (!t->slug || !*t->slug || strspn(t->slug, "abcdefghijklmnopqrstuvwxyz"
                                        "0123456789-") != strlen(t->slug))
        diag_error(c->d, &loc, "target slug '%s' must be lower-case letters, "
                   "digits and '-'", t->slug ? t->slug : "");
    if (!t->name || !*t->name)
        diag_error(c->d, &loc, "target has no name");
    /* gatord sizes a CPU's counter set by it; a perf tree has no Streamline
     * events file to size */
    if (target_is_cpu_pmu(t) && !target_is_perf_tree(t) && t->num_counters <= 0)
        diag_note(c->d, &loc, "no Streamline events file: neither the spec "
                  "(num_counters) nor hwcgen's table of cores (spec/cores.json) gives "
                  "the number of programmable counters of %s", t->name);
}

/* ---- text ------------------------------------------------------------------ */

/* Length of the UTF-8 sequence at s, or 0 when it is malformed (bad lead
 * byte, missing continuation, overlong or surrogate encodings). */
static int utf8_len(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    int n = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((n == 3 && s[0] == 0xE0 && s[1] < 0xA0) || (n == 3 && s[0] == 0xED && s[1] >= 0xA0) ||
        (n == 4 && s[0] == 0xF0 && s[1] < 0x90) || (n == 4 && s[0] == 0xF4 && s[1] >= 0x90))
        return 0;
    return n;
}

/* Every output format must carry text as it is: JSON needs UTF-8; XML 1.0
 * also forbids most control characters and the non-characters U+FFFE and
 * U+FFFF (EF BF BE, EF BF BF). */
static void check_text(checker *c, const hw_loc *loc, const char *what,
                       const char *name, const char *field, const char *text)
{
    if (!text)
        return;
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        if (*p >= 0x20 && *p < 0x80) { /* printable ASCII, most of any text */
            p++;
            continue;
        }
        int n = utf8_len(p);
        if (n == 0) {
            diag_error(c->d, loc, "%s '%s': %s is not valid UTF-8 (byte 0x%02X at "
                       "offset %d)", what, name, field, *p, (int)(p - (const unsigned char *)text));
            return;
        }
        if (*p < 0x20 && *p != '\n' && *p != '\t' && *p != '\r') {
            diag_error(c->d, loc, "%s '%s': %s contains control character 0x%02X",
                       what, name, field, *p);
            return;
        }
        if (n == 3 && p[0] == 0xEF && p[1] == 0xBF && p[2] >= 0xBE) {
            diag_error(c->d, loc, "%s '%s': %s contains U+%04X, which XML cannot "
                       "carry", what, name, field, 0xFFC0 | (p[2] & 0x3F));
            return;
        }
        p += n;
    }
}

static void check_texts(checker *c)
{
    hw_target *t = c->t;
    hw_loc top = target_loc(t);
    check_text(c, &top, "target", t->id ? t->id : "", "name", t->name);
    check_text(c, &top, "target", t->id ? t->id : "", "description", t->description);
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        check_text(c, &e->loc, "event", e->name, "title", e->title);
        check_text(c, &e->loc, "event", e->name, "description", e->description);
        check_text(c, &e->loc, "event", e->name, "units", e->units);
        check_text(c, &e->loc, "event", e->name, "note", e->note);
        check_text(c, &e->loc, "event", e->name, "Streamline title", e->st_title);
        check_text(c, &e->loc, "event", e->name, "Streamline name", e->st_name);
    }
    for (int i = 0; i < t->nblocks; i++)
        check_text(c, &t->blocks[i].loc, "block", t->blocks[i].name, "title",
                   t->blocks[i].title);
    for (int i = 0; i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        check_text(c, &m->loc, "metric", m->name, "title", m->title);
        check_text(c, &m->loc, "metric", m->name, "description", m->description);
        check_text(c, &m->loc, "metric", m->name, "units", m->units);
        check_text(c, &m->loc, "metric", m->name, "note", m->note);
        for (int k = 0; k < m->ngroups; k++)
            check_text(c, &m->loc, "metric", m->name, "group", m->groups[k]);
    }
    for (int i = 0; i < t->ngroups; i++) {
        const hw_group *g = &t->groups[i];
        check_text(c, &g->loc, "group", g->name ? g->name : "", "title", g->title);
        check_text(c, &g->loc, "group", g->name ? g->name : "", "description", g->description);
    }
    for (int i = 0; i < t->nconstants; i++)
        check_text(c, &t->constants[i].loc, "constant", t->constants[i].name,
                   "description", t->constants[i].description);
    for (int i = 0; i < t->ninputs; i++)
        check_text(c, &t->inputs[i].loc, "input", t->inputs[i].name, "description",
                   t->inputs[i].description);
}

/* ---- events -------------------------------------------------------------- */

static void check_event_codes(checker *c)
{
    hw_target *t = c->t;
    /* Not for a perf tree: its events are told apart by a code and a
     * umask, config or filter together, on PMUs whose codes are wider
     * than 16 bits (powerpc, s390, uncore PMUs). */
    if (target_is_perf_tree(t))
        return;
    name_index seen;
    if (name_index_init(&seen, (size_t)t->nevents) != 0)
        return;
    char (*keys)[16] = calloc((size_t)t->nevents + 1, sizeof *keys);
    for (int i = 0; keys && i < t->nevents; i++) {
        hw_event *e = &t->events[i];
        if (!e->has_code)
            continue;
        if (e->code > 0xFFFF) {
            diag_error(c->d, &e->loc, "event '%s': code 0x%X does not fit "
                       "16 bits", e->name, (unsigned)e->code);
            continue;
        }
        snprintf(keys[i], sizeof keys[i], "%u", (unsigned)e->code);
        int old = name_index_put(&seen, keys[i], i);
        if (old >= 0) {
            char first[512];
            loc_where(first, sizeof first, &t->events[old].loc);
            diag_error(c->d, &e->loc, "event '%s': duplicate code 0x%04X "
                       "(first used by '%s' at %s)", e->name, (unsigned)e->code,
                       t->events[old].name, first);
        }
    }
    free(keys);
    name_index_free(&seen);
}

static void check_event_places(checker *c)
{
    hw_target *t = c->t;
    name_index ids;
    if (name_index_init(&ids, (size_t)t->nevents) != 0)
        return;
    for (int i = 0; i < t->nevents; i++) {
        hw_event *e = &t->events[i];
        if (e->width < 0 || e->width > 64)
            diag_error(c->d, &e->loc, "event '%s': width %d is not 1..64 bits",
                       e->name, e->width);
        if (e->block >= 0 && e->block < t->nblocks && e->index >= 0 &&
            t->blocks[e->block].size > 0 && e->index >= t->blocks[e->block].size)
            diag_error(c->d, &e->loc, "event '%s': index %d is outside block "
                       "%s (%d counters)", e->name, e->index,
                       t->blocks[e->block].name, t->blocks[e->block].size);
        char var[512];
        /* Templates find a counter by the name Streamline builds from its
         * title and name; a spec where they disagree cannot work there. */
        if (e->st_title && e->st_name &&
            (name_streamline_var(e->st_title, e->st_name, var, sizeof var) != 0 ||
             strcmp(var + 1, e->name) != 0))
            diag_error(c->d, &e->loc, "counter '%s': Streamline title '%s' and name "
                       "'%s' make %s, so templates cannot find $%s", e->name,
                       e->st_title, e->st_name, var, e->name);
        if (e->counter_id && name_index_put(&ids, e->counter_id, i) >= 0)
            diag_error(c->d, &e->loc, "event '%s': duplicate counter id '%s'",
                       e->name, e->counter_id);
    }
    name_index_free(&ids);
}

/* ---- references ------------------------------------------------------------ */

/* The closest known name, for "did you mean". */
static const char *suggest(const checker *c, const char *name)
{
    name_hint h = name_hint_for(name);
    for (size_t i = 0; i < c->names.cap; i++)
        if (c->names.slots[i].key)
            name_hint_offer(&h, c->names.slots[i].key);
    return h.best;
}

typedef struct resolving {
    checker *c;
    const hw_metric *m;
} resolving;

static int resolve_ref(void *ctx, hw_expr *ref)
{
    resolving *r = ctx;
    int tag = name_index_get(&r->c->names, ref->text);
    if (tag < 0) {
        hw_loc loc = r->m->formula_loc;
        const char *hint = suggest(r->c, ref->text);
        diag_error(r->c->d, &loc, "metric '%s': unknown name '%s' at formula "
                   "column %d%s%s%s", r->m->name, ref->text, ref->col,
                   hint ? " (did you mean '" : "", hint ? hint : "",
                   hint ? "'?)" : "");
        return 0;
    }
    ref->ref = TAG_KIND(tag);
    ref->index = TAG_INDEX(tag);
    return 0;
}

static void warn_zero_division(checker *c, const hw_metric *m, const hw_expr *e)
{
    if ((e->kind == EXPR_DIV || e->kind == EXPR_MOD) &&
        e->args[1]->kind == EXPR_NUM && e->args[1]->value == 0.0)
        diag_warning(c->d, &m->formula_loc, "metric '%s': division by the "
                     "constant 0 at formula column %d is always NaN", m->name,
                     e->col);
    for (int i = 0; i < e->nargs; i++)
        warn_zero_division(c, m, e->args[i]);
}

/* The telemetry format lists the events a formula uses; they must agree. */
static void check_listed_events(checker *c, const hw_metric *m)
{
    for (int k = 0; k < m->nevents; k++)
        if (ir_find_event(c->t, m->events[k]) < 0 &&
            name_index_get(&c->names, m->events[k]) < 0)
            diag_error(c->d, &m->loc, "metric '%s': lists unknown event '%s'",
                       m->name, m->events[k]);
    for (int k = 0; k < m->nsample_events; k++) {
        int tag = name_index_get(&c->names, m->sample_events[k]);
        if (tag < 0 || TAG_KIND(tag) != REF_EVENT)
            diag_error(c->d, &m->loc, "metric '%s': unknown sample event '%s'",
                       m->name, m->sample_events[k]);
    }
}

static void resolve_metrics(checker *c)
{
    /* perf's metric language binds names by its own rules (check_perf.c) */
    if (target_is_perf_tree(c->t)) {
        check_perf_formulas(c->t, c->d);
        return;
    }
    for (int i = 0; i < c->t->nmetrics; i++) {
        hw_metric *m = &c->t->metrics[i];
        check_listed_events(c, m);
        if (!m->expr)
            continue;
        resolving r = {c, m};
        expr_each_ref(m->expr, resolve_ref, &r);
        warn_zero_division(c, m, m->expr);
    }
}

/* ---- groups, methodologies, inputs ------------------------------------------ */

static int is_kind(const checker *c, const char *name, hw_ref_kind kind)
{
    int tag = name_index_get(&c->names, name);
    return tag >= 0 && TAG_KIND(tag) == kind;
}

static void check_groups(checker *c)
{
    hw_target *t = c->t;
    for (int i = 0; i < t->ngroups; i++) {
        hw_group *g = &t->groups[i];
        hw_ref_kind want = g->kind == GROUP_EVENTS ? REF_EVENT : REF_METRIC;
        if (!g->name || !*g->name)
            diag_error(c->d, &g->loc, "group with an empty name");
        else if (ir_find_group(t, g->kind, g->name) != i)
            diag_error(c->d, &g->loc, "group '%s': duplicate name", g->name);
        for (int k = 0; k < g->nmembers; k++)
            if (!is_kind(c, g->members[k], want))
                diag_error(c->d, g->member_locs ? &g->member_locs[k] : &g->loc,
                           "group '%s': unknown %s '%s'", g->name,
                           ref_kind_name(want), g->members[k]);
    }
    for (int i = 0; i < t->nmetrics; i++)
        for (int k = 0; k < t->metrics[i].ngroups; k++)
            if (ir_find_group(t, GROUP_METRICS, t->metrics[i].groups[k]) < 0)
                diag_error(c->d, &t->metrics[i].loc, "metric '%s': unknown "
                           "group '%s'", t->metrics[i].name,
                           t->metrics[i].groups[k]);
}

static int is_metric_or_group(const checker *c, const char *name)
{
    return is_kind(c, name, REF_METRIC) ||
           ir_find_group(c->t, GROUP_METRICS, name) >= 0;
}

static void check_tree_node(checker *c, const hw_methodology *m,
                            const hw_tree_node *n)
{
    if (!is_metric_or_group(c, n->name))
        diag_error(c->d, &n->loc, "%s: node '%s' is not a known metric or "
                   "group", m->name, n->name);
    if (n->group && ir_find_group(c->t, GROUP_METRICS, n->group) < 0)
        diag_error(c->d, &n->loc, "%s: node '%s': unknown group '%s'",
                   m->name, n->name, n->group);
    for (int k = 0; k < n->nnext; k++)
        if (!is_metric_or_group(c, n->next[k]))
            diag_error(c->d, &n->loc, "%s: node '%s': next item '%s' is not "
                       "a known metric or group", m->name, n->name, n->next[k]);
    for (int k = 0; k < n->nsample_events; k++)
        if (!is_kind(c, n->sample_events[k], REF_EVENT))
            diag_error(c->d, &n->loc, "%s: node '%s': unknown sample event "
                       "'%s'", m->name, n->name, n->sample_events[k]);
}

static void check_methodologies(checker *c)
{
    for (int i = 0; i < c->t->nmethodologies; i++) {
        hw_methodology *m = &c->t->methodologies[i];
        for (int s = 0; s < m->nstages; s++)
            for (int k = 0; k < m->stages[s].ngroups; k++)
                if (ir_find_group(c->t, GROUP_METRICS, m->stages[s].groups[k]) < 0)
                    diag_error(c->d, &m->loc, "%s: %s names unknown metric "
                               "group '%s'", m->name, m->stages[s].name,
                               m->stages[s].groups[k]);
        for (int k = 0; k < m->nroots; k++)
            if (!is_metric_or_group(c, m->roots[k]))
                diag_error(c->d, &m->loc, "%s: root node '%s' is not a known "
                           "metric or group", m->name, m->roots[k]);
        for (int k = 0; k < m->nnodes; k++)
            check_tree_node(c, m, &m->nodes[k]);
    }
}

static void check_inputs(checker *c)
{
    for (int i = 0; i < c->t->ninputs; i++) {
        hw_input *in = &c->t->inputs[i];
        if (in->multiple_of && !is_kind(c, in->multiple_of, REF_INPUT))
            diag_error(c->d, &in->loc, "input '%s': multiple-of names unknown "
                       "input '%s'", in->name, in->multiple_of);
        if (in->has_min && in->has_max && in->min > in->max)
            diag_error(c->d, &in->loc, "input '%s': empty range", in->name);
    }
}

/* ---- evaluation order --------------------------------------------------- */

typedef struct graph {
    int *start; /* edges of metric i: dep[start[i] .. start[i+1]) */
    int *dep;   /* metrics that metric i uses */
} graph;

static int count_metric_refs(void *ctx, hw_expr *ref)
{
    if (ref->ref == REF_METRIC)
        ++*(int *)ctx;
    return 0;
}

typedef struct filling {
    int *dep;
    int at;
} filling;

static int fill_metric_refs(void *ctx, hw_expr *ref)
{
    filling *f = ctx;
    if (ref->ref == REF_METRIC)
        f->dep[f->at++] = ref->index;
    return 0;
}

static int build_graph(const hw_target *t, graph *g)
{
    int n = t->nmetrics, edges = 0;
    g->start = calloc((size_t)n + 1, sizeof *g->start);
    for (int i = 0; g->start && i < n; i++) {
        g->start[i] = edges;
        if (t->metrics[i].expr)
            expr_each_ref(t->metrics[i].expr, count_metric_refs, &edges);
    }
    g->dep = calloc((size_t)edges + 1, sizeof *g->dep);
    if (!g->start || !g->dep)
        return -1;
    g->start[n] = edges;
    filling f = {g->dep, 0};
    for (int i = 0; i < n; i++)
        if (t->metrics[i].expr)
            expr_each_ref(t->metrics[i].expr, fill_metric_refs, &f);
    return 0;
}

/* Walk from a metric left on a cycle until a metric repeats, then name the
 * loop: "a -> b -> a". */
static int report_cycle(checker *c, const graph *g, const char *done, int from)
{
    hw_target *t = c->t;
    int *seen = calloc((size_t)t->nmetrics, sizeof *seen);
    if (!seen)
        return -1;
    int at = from, step = 1;
    while (!seen[at]) {
        seen[at] = step++;
        int next = at;
        for (int e = g->start[at]; e < g->start[at + 1]; e++)
            if (!done[g->dep[e]]) {
                next = g->dep[e];
                break;
            }
        at = next;
    }
    hw_buf path;
    buf_init(&path);
    int first = at;
    do {
        buf_printf(&path, "%s -> ", t->metrics[at].name);
        for (int e = g->start[at]; e < g->start[at + 1]; e++)
            if (!done[g->dep[e]]) {
                at = g->dep[e];
                break;
            }
    } while (at != first);
    buf_puts(&path, t->metrics[first].name);
    if (target_is_perf_tree(t))
        diag_warning(c->d, &t->metrics[first].loc, "metric '%s': cycle through metrics: "
                     "%s; it gets no evaluator (perf refuses it when asked for it)",
                     t->metrics[first].name, path.data ? path.data : "");
    else
        diag_error(c->d, &t->metrics[first].loc, "metric '%s': cycle through "
                   "metrics: %s", t->metrics[first].name, path.data ? path.data : "");
    buf_free(&path);
    free(seen);
    return first;
}

/* Depth-first post-order without recursion, so a hostile chain of 100,000
 * metrics cannot exhaust the stack. 0 when ordered or after reporting an
 * error; 1 when a metric of a cycle lost its expression and the order must
 * be tried again (a perf tree: the kernel's own test tree has cycles, on
 * purpose, and perf only refuses such a metric when it is asked for). */
static int order_metrics_once(checker *c)
{
    int again = 0;
    hw_target *t = c->t;
    int n = t->nmetrics;
    graph g = {0};
    char *done = calloc((size_t)n + 1, 1);
    int *stack = calloc((size_t)n + 1, sizeof *stack);
    int *edge = calloc((size_t)n + 1, sizeof *edge);
    char *onstack = calloc((size_t)n + 1, 1);
    int *order = arena_alloc(t->arena, ((size_t)n + 1) * sizeof *order);
    if (!done || !stack || !edge || !onstack || !order || build_graph(t, &g)) {
        diag_error(c->d, NULL, "out of memory");
        goto out;
    }
    int placed = 0;
    for (int root = 0; root < n; root++) {
        if (done[root])
            continue;
        int top = 0;
        stack[top] = root;
        edge[root] = g.start[root];
        onstack[root] = 1;
        while (top >= 0) {
            int m = stack[top];
            if (edge[m] < g.start[m + 1]) {
                int dep = g.dep[edge[m]++];
                if (done[dep])
                    continue;
                if (onstack[dep]) {
                    int m0 = report_cycle(c, &g, done, dep);
                    if (m0 >= 0 && target_is_perf_tree(t)) {
                        t->metrics[m0].expr = NULL;
                        t->metrics[m0].flags |= METRIC_IN_CYCLE;
                        again = 1;
                    }
                    goto out;
                }
                stack[++top] = dep;
                edge[dep] = g.start[dep];
                onstack[dep] = 1;
                continue;
            }
            onstack[m] = 0;
            done[m] = 1;
            order[placed++] = m;
            top--;
        }
    }
    t->metric_order = order;
out:
    free(g.start);
    free(g.dep);
    free(done);
    free(stack);
    free(edge);
    free(onstack);
    return again;
}

static void order_metrics(checker *c)
{
    while (order_metrics_once(c))
        ;
}

/* ---- worked examples ------------------------------------------------------ */

/* Example x's values by input, NaN where it sets none; each set that names
 * no input, or an input already set, is reported at the set. */
static void example_values(checker *c, const hw_example *x, double *values)
{
    const hw_target *t = c->t;
    for (int i = 0; i < t->ninputs; i++)
        values[i] = NAN;
    for (int k = 0; k < x->nsets; k++) {
        const hw_example_set *s = &x->sets[k];
        int i = ir_find_input(t, s->input);
        if (i < 0)
            diag_error(c->d, &s->loc, "example '%s': sets unknown input '%s'",
                       x->label, s->input);
        else if (!isnan(values[i]))
            diag_error(c->d, &s->loc, "example '%s': sets input '%s' twice",
                       x->label, s->input);
        else
            values[i] = s->value;
    }
}

/* The rules of the inputs' ranges, as inputs_check() applies them to what
 * users give `hwcgen eval`; each broken rule is reported at the example. */
static void check_example_ranges(checker *c, const hw_example *x,
                                 const double *values)
{
    hw_diag broken;
    diag_init(&broken, NULL);
    if (inputs_check(c->t, values, &broken) != 0 && !broken.log.data)
        diag_error(c->d, &x->loc, "example '%s': a value is out of range",
                   x->label);
    char *save = NULL;
    for (char *line = broken.log.data ? strtok_r(broken.log.data, "\n", &save)
                                      : NULL;
         line; line = strtok_r(NULL, "\n", &save)) {
        const char *what = strncmp(line, "error: ", 7) == 0 ? line + 7 : line;
        diag_error(c->d, &x->loc, "example '%s': %s", x->label, what);
    }
    diag_free(&broken);
}

/* Every input set once, to a value its range allows. */
static void check_examples(checker *c)
{
    const hw_target *t = c->t;
    if (!t->nexamples)
        return;
    double *values = malloc(((size_t)t->ninputs + 1) * sizeof *values);
    if (!values) {
        diag_error(c->d, NULL, "out of memory");
        return;
    }
    for (int k = 0; k < t->nexamples; k++) {
        const hw_example *x = &t->examples[k];
        example_values(c, x, values);
        int unset = 0;
        for (int i = 0; i < t->ninputs; i++)
            if (isnan(values[i])) {
                diag_error(c->d, &x->loc, "example '%s': sets no value for "
                           "input '%s'", x->label, t->inputs[i].name);
                unset++;
            }
        if (!unset)
            check_example_ranges(c, x, values);
    }
    free(values);
}

int check_target(hw_target *t, hw_diag *d)
{
    checker c = {t, d, {0}, {0}};
    size_t total = (size_t)t->nevents + (size_t)t->nconstants +
                   (size_t)t->ninputs + (size_t)t->nmetrics;
    int before = d->errors;
    ir_index(t); /* ir_find_* in O(1) from here on (linear if out of memory) */
    if (name_index_init(&c.names, total) || name_index_init(&c.mangled, total)) {
        diag_error(d, NULL, "out of memory");
        name_index_free(&c.names);
        return -1;
    }
    check_identity(&c);
    check_texts(&c);
    check_names(&c);
    check_event_codes(&c);
    check_event_places(&c);
    check_places(t, d);
    resolve_metrics(&c);
    check_groups(&c);
    check_methodologies(&c);
    check_inputs(&c);
    check_examples(&c);
    if (d->errors == before) /* a list naming unknown items says more anyway */
        check_lists(t, d);
    if (d->errors == before)
        order_metrics(&c);
    name_index_free(&c.names);
    name_index_free(&c.mangled);
    /* what the outputs make of the names (C names that meet, a perf
     * tree's own spelling of them) is the plan's to check (plan.h) */
    if (arena_failed(t->arena))
        diag_error(d, NULL, "out of memory while checking %s", t->spec_path);
    t->checked = d->errors == before;
    return t->checked ? 0 : -1;
}

/* ---- across targets -------------------------------------------------------- */

/* Two targets with one id or one slug would write the same files: a spec
 * copied to add a device and not renamed would overwrite the original's
 * outputs. Reported at the later spec, naming the earlier one. */
static int check_same(const hw_target *a, const hw_target *b, const char *what,
                      const char *va, const char *vb, hw_diag *d)
{
    if (!va || !vb || strcmp(va, vb) != 0)
        return 0;
    char first[512];
    loc_where(first, sizeof first, &a->loc);
    diag_error(d, &b->loc, "target '%s': %s '%s' is also the %s of the target at %s: "
               "their outputs would overwrite each other", b->name ? b->name : vb,
               what, vb, what, first);
    return -1;
}

/* Two CPUs with one MIDR: perf's mapfile would only ever pick the first,
 * unless they are revisions of one part (check_revisions.c). */
static int check_same_midr(const hw_target *a, const hw_target *b, hw_diag *d)
{
    /* a perf tree's CPUs are found by its mapfile's rows, not by a MIDR */
    if (target_is_perf_tree(a) || target_is_perf_tree(b))
        return 0;
    if (!target_is_cpu_pmu(a) || !target_is_cpu_pmu(b) || target_midr(a) != target_midr(b) ||
        check_revisions(a, b) == 0)
        return 0;
    char first[512];
    loc_where(first, sizeof first, &a->loc);
    diag_error(d, &b->loc, "target '%s': MIDR 0x%08" PRIX32 " is also the MIDR of the "
               "target at %s: perf would only ever find the first", b->name,
               target_midr(b), first);
    return -1;
}

int check_targets(hw_target *const *targets, int n, hw_diag *d)
{
    int rc = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++) {
            const hw_target *a = targets[j], *b = targets[i];
            if (check_same(a, b, "id", a->id, b->id, d) ||
                check_same(a, b, "slug", a->slug, b->slug, d) ||
                check_same_midr(a, b, d))
                rc = -1;
        }
    int before = d->errors; /* its warnings may be errors (--werror) */
    if (rc == 0)
        check_revisions_explain(targets, n, d);
    return rc == 0 && d->errors == before ? 0 : -1;
}
