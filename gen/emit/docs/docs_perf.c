/* docs_perf.c - the page parts of a directory of perf's pmu-events tree
 * (docs.h): its PMUs, its events file by file with what each is programmed
 * with, and how perf and the driver header name each event and metric.
 *
 * perf names an event or metric per PMU (a hybrid CPU has tma_retiring on
 * cpu_core and on cpu_atom), so the rows' anchors are made here, unique on
 * the page: "ev-<name>" on the core PMU, "ev-<pmu>-<name>" on another, a
 * "-2" on a name met before. The metric parts themselves are
 * docs_metrics.c's, reading these anchors and group members.
 */
#include <assert.h>
#include <string.h>

#include "plan/plan_c_perf_tables.h"
#include "emit/docs/docs.h"
#include "core/names.h"
#include "core/perf_enc.h"
#include "plan/plan_perf_expr.h"

/* Built once for both pages of a target (doc_perf_build()); what differs
 * between Markdown and HTML is made per page, in `fmt`. */
struct doc_perf {
    const char **anchor[REF_METRIC + 1]; /* events' and metrics' */
    cpt_plan plan;                       /* the driver header's tables */
    int *members;       /* metric indices, group by group (docs.h) */
    int *members_at;    /* by group: where its metrics start in members */
    const char *core;   /* what perf calls the core PMU on this arch */
    struct {
        const char **in_table;  /* by table: " in `<ID>_<PMU>_EVENTS`" */
        const char *deprecated, *experimental; /* the remarks */
    } fmt;              /* the page being written's, in its format */
};

/* ---- anchors ------------------------------------------------------------------ */

static const char *item_anchor(dgen *g, name_index *taken, const char *prefix,
                               const char *pmu, const char *name)
{
    const char *base = pmu && strcmp(pmu, "default_core") != 0
                           ? doc_anchor(g, prefix, doc_fmt(g, "%s-%s", pmu, name))
                           : doc_anchor(g, prefix, name);
    const char *s = base;
    for (int k = 2; name_index_get(taken, s) >= 0; k++)
        s = doc_fmt(g, "%s-%d", base, k);
    if (name_index_put(taken, s, 0) == -2)
        arena_fail(g->a);
    return s;
}

static void make_anchors(dgen *g, struct doc_perf *p)
{
    const hw_target *t = g->t;
    name_index taken = {0};
    p->anchor[REF_EVENT] = arena_alloc(g->a, ((size_t)t->nevents + 1) * sizeof(char *));
    p->anchor[REF_METRIC] = arena_alloc(g->a, ((size_t)t->nmetrics + 1) * sizeof(char *));
    if (!p->anchor[REF_EVENT] || !p->anchor[REF_METRIC] ||
        name_index_init(&taken, (size_t)(t->nevents + t->nmetrics)) != 0) {
        arena_fail(g->a);
        return;
    }
    for (int i = 0; i < t->nevents; i++)
        p->anchor[REF_EVENT][i] = item_anchor(g, &taken, "ev-", t->events[i].pmu,
                                              t->events[i].name);
    for (int i = 0; i < t->nmetrics; i++)
        p->anchor[REF_METRIC][i] = item_anchor(g, &taken, "m-", t->metrics[i].pmu,
                                               t->metrics[i].name);
    name_index_free(&taken);
}

/* ---- metric groups ------------------------------------------------------------ */

/* Whether metric m's MetricGroup names its group k before k ("A;B;A"). */
static int named_before(const hw_metric *m, int k)
{
    for (int j = 0; j < k; j++)
        if (strcmp(m->groups[j], m->groups[k]) == 0)
            return 1;
    return 0;
}

/* Each metric in every group its MetricGroup names: perf's own view, where
 * a group holds tma_retiring of cpu_core and of cpu_atom alike. Counted,
 * turned into offsets, filled, shifted back (as docs_collect.c does). */
static void group_members(dgen *g, struct doc_perf *p)
{
    const hw_target *t = g->t;
    size_t n = (size_t)t->ngroups;
    p->members_at = arena_alloc(g->a, (n + 2) * sizeof *p->members_at);
    for (int fill = 0; p->members_at && fill < 2; fill++) {
        for (int i = 0; i < t->nmetrics; i++)
            for (int k = 0; k < t->metrics[i].ngroups; k++) {
                int gr = ir_find_group(t, GROUP_METRICS, t->metrics[i].groups[k]);
                if (gr < 0 || named_before(&t->metrics[i], k))
                    continue;
                if (fill)
                    p->members[p->members_at[gr]++] = i;
                else
                    p->members_at[gr + 1]++;
            }
        if (!fill) {
            for (size_t k = 0; k < n; k++)
                p->members_at[k + 1] += p->members_at[k];
            p->members = arena_alloc(g->a, ((size_t)p->members_at[n] + 1) * sizeof *p->members);
            if (!p->members)
                return;
        }
    }
    for (size_t k = n; p->members_at && k > 0; k--)
        p->members_at[k] = p->members_at[k - 1];
    if (p->members_at)
        p->members_at[0] = 0;
}

const int *doc_perf_members(dgen *g, int group, int *n)
{
    const struct doc_perf *p = g->perf;
    if (!p || !p->members || !p->members_at) {
        *n = 0;
        return NULL;
    }
    *n = p->members_at[group + 1] - p->members_at[group];
    return p->members + p->members_at[group];
}

/* ---- the page's state ------------------------------------------------------------ */

struct doc_perf *doc_perf_build(const hw_target *t, const hw_plan *plan, hw_arena *a)
{
    dgen g = {.t = t, .a = a, .plan = plan};
    struct doc_perf *p = arena_alloc(a, sizeof *p);
    if (!p)
        return NULL;
    g.perf = p;
    make_anchors(&g, p);
    group_members(&g, p);
    if (t->nevents) {
        assert(plan->c_tables); /* planned for every directory with events */
        p->plan = *plan->c_tables; /* read only: a copy of the plan's pointers */
    }
    /* the generic Armv8 driver's name on ACPI systems; "cpu" elsewhere */
    p->core = t->perf_arch && strcmp(t->perf_arch, "arm64") == 0 ? PERF_PMU : "cpu";
    return arena_failed(a) ? NULL : p;
}

static const char *remark(dgen *g, const char *label, const char *text)
{
    return doc_fmt(g, "%s %s", doc_em(g, doc_esc(g, label)), doc_esc(g, text));
}

void doc_perf_page(dgen *g, struct doc_perf *p)
{
    g->perf = p;
    if (!p)
        return;
    g->ref_anchor[REF_EVENT] = p->anchor[REF_EVENT];
    g->ref_anchor[REF_METRIC] = p->anchor[REF_METRIC];
    const cpt_plan *plan = &p->plan;
    const char **in = arena_alloc(g->a, ((size_t)plan->ntables + 1) * sizeof *in);
    for (int k = 0; in && k < plan->ntables; k++)
        in[k] = doc_fmt(g, " %s %s", doc_esc(g, "in"), doc_code(g, plan->tables[k].macro));
    p->fmt.in_table = in;
    p->fmt.deprecated =
        remark(g, "Deprecated:", "perf list leaves it out; perf still counts it");
    p->fmt.experimental = remark(g, "Experimental:", "not fully validated");
}

/* ---- identity --------------------------------------------------------------------- */

void perf_page_identity(dgen *g, cJSON *rows)
{
    const struct doc_perf *p = g->perf;
    if (!p || !p->plan.ntables)
        return;
    hw_buf b;
    buf_init(&b);
    for (int k = 0; k < p->plan.ntables; k++) {
        const cpt_table *tb = &p->plan.tables[k];
        buf_puts(&b, k ? "; " : "");
        doc_code_to(g, &b, tb->pmu);
        buf_puts(&b, doc_esc(g, doc_fmt(g, "%s: %d event%s",
                                        strcmp(tb->pmu, "default_core") == 0
                                            ? doc_fmt(g, " (the core PMU, %s)", p->core)
                                            : "",
                                        tb->nrows, tb->nrows == 1 ? "" : "s")));
    }
    doc_pair(rows, "PMUs", doc_take(g, &b));
}

/* ---- events ----------------------------------------------------------------------- */

/* The object's own key `key` (the last of a repeat), or NULL. */
static const char *own_key(const hw_target *t, const hw_event *e, const char *key)
{
    if (e->pfile < 0 || e->pfile >= t->npfiles)
        return NULL;
    const hw_pobj *o = &t->pfiles[e->pfile].objs[e->pobj];
    const char *v = NULL;
    for (int k = 0; k < o->nkvs; k++)
        if (strcmp(o->kvs[k].key, key) == 0)
            v = o->kvs[k].value;
    return v;
}

/* The keys it is programmed with, as the file writes them; `s` is
 * scratch. */
static const char *encoding(dgen *g, const hw_event *e, hw_buf *s)
{
    hw_buf b;
    buf_init(&b);
    for (int k = 0; k < e->nenc; k++) {
        buf_puts(&b, k ? "<br>" : "");
        buf_reset(s);
        buf_puts(s, e->enc[k]->key);
        buf_putc(s, '=');
        buf_puts(s, e->enc[k]->value);
        doc_code_breaks_to(g, &b, s->data ? s->data : "", ",");
    }
    return doc_take(g, &b);
}

static void event_remarks(dgen *g, cJSON *o, const hw_event *e)
{
    cJSON *rem = jarr(o, "remarks");
    if (e->flags & EVENT_DEPRECATED)
        doc_item(rem, g->perf->fmt.deprecated, NULL);
    if (e->flags & EVENT_EXPERIMENTAL)
        doc_item(rem, g->perf->fmt.experimental, NULL);
    const char *errata = own_key(g->t, e, "Errata");
    if (errata)
        doc_item(rem, remark(g, "Errata:", errata), NULL);
}

/* perf: the name perf lists, then the event spelled out on its PMU; `s`
 * is scratch. A sys directory's PMUs are found by their identifier
 * (Compat), not by name. */
static const char *perf_line(dgen *g, const hw_event *e, hw_buf *s)
{
    const struct doc_perf *p = g->perf;
    const char *pmu = e->pmu ? e->pmu : "default_core";
    int core = strcmp(pmu, "default_core") == 0;
    int sys = g->t->kind && strcmp(g->t->kind, "sys") == 0;
    hw_buf b;
    buf_init(&b);
    buf_reset(s);
    if (!core && !sys)
        buf_printf(s, "%s/", pmu);
    for (const char *c = e->name ? e->name : ""; *c; c++) /* perf lower-cases */
        buf_putc(s, *c >= 'A' && *c <= 'Z' ? (char)(*c - 'A' + 'a') : *c);
    buf_puts(s, !core && !sys ? "/" : "");
    doc_code_to(g, &b, s->data ? s->data : "");
    buf_puts(&b, ", ");
    buf_reset(s);
    if (!sys)
        buf_printf(s, "%s/", core ? p->core : pmu);
    perf_enc_terms(s, e);
    buf_puts(s, sys ? "" : "/");
    doc_code_breaks_to(g, &b, s->data ? s->data : "", ",");
    const char *compat = sys ? own_key(g->t, e, "Compat") : NULL;
    if (compat)
        buf_printf(&b, " %s %s", doc_esc(g, "on the PMU whose identifier is"),
                   doc_code(g, compat));
    return doc_take(g, &b);
}

static const char *c_line(dgen *g, int i)
{
    const cpt_plan *plan = &g->perf->plan;
    const char **in = g->perf->fmt.in_table;
    if (!plan->row || !plan->row[i] || !in)
        return NULL;
    hw_buf b;
    buf_init(&b);
    doc_code_to(g, &b, plan->row[i]);
    buf_puts(&b, in[plan->table[i]]);
    return doc_take(g, &b);
}

static void event_row(dgen *g, cJSON *rows, int i, hw_buf *s)
{
    const hw_target *t = g->t;
    const hw_event *e = &t->events[i];
    cJSON *o = jobj(rows, NULL);
    jbool(o, "is_ref", 0);
    doc_ref(o, "anchor", doc_ref_anchor(g, REF_EVENT, i));
    doc_ref(o, "name", doc_code(g, e->name));
    doc_ref(o, "pmu", g->perf->plan.ntables > 1 ? doc_code(g, e->pmu) : NULL);
    doc_ref(o, "enc", encoding(g, e, s));
    doc_ref(o, "units", e->units);
    doc_ref(o, "title", e->title);
    /* x86's files often repeat the brief text as the long one */
    doc_ref(o, "description",
            e->description && (!e->title || strcmp(e->description, e->title) != 0)
                ? e->description
                : NULL);
    event_remarks(g, o, e);
    cJSON *arr = jarr(o, "collect");
    doc_pair(arr, "perf", perf_line(g, e, s));
    doc_pair(arr, "C", c_line(g, i));
    doc_has(o, "collect");
}

static void event_columns(cJSON *data, const hw_target *t, int pmus)
{
    int units = 0;
    for (int i = 0; i < t->nevents; i++)
        units |= t->events[i].units != NULL;
    cJSON *cols = jobj(data, "ev_cols");
    jbool(cols, "pmu", pmus > 1);
    jbool(cols, "enc", 1);
    jbool(cols, "units", units);
    jnum(cols, "span", 1 + (pmus > 1) + 1 + units);
}

/* The heading perf list gives a file's events, as jevents.py makes it:
 * "uncore-memory.json" -> "uncore memory". */
static const char *perf_topic(dgen *g, const char *file)
{
    size_t n = strlen(file);
    if (n >= 12 && strcmp(file + n - 12, "metrics.json") == 0)
        return "metrics";
    char *s = arena_strndup(g->a, file, n >= 5 && strcmp(file + n - 5, ".json") == 0 ? n - 5 : n);
    for (char *p = s; p && *p; p++)
        if (*p == '-')
            *p = ' ';
    return s ? s : "";
}

/* One section per file, in the order jevents.py reads them, under the
 * heading perf list gives its events. */
void perf_page_events(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *secs = jarr(data, "event_sections");
    if (!t->nevents || !g->perf)
        return;
    jbool(data, "has_events", 1);
    doc_put(data, "events_title", "Events");
    doc_put(data, "events_intro",
            "Each event with the keys its file gives to program it, then how to "
            "collect it: the name perf lists, the event spelled out on its PMU as "
            "perf's jevents.py spells it, and its row in hwcgen's C header. The "
            "core PMU, which jevents.py calls default_core, is cpu on most "
            "systems; on arm64 it is armv8_pmuv3_0 with ACPI and named after the "
            "core with a device tree.");
    event_columns(data, t, g->perf->plan.ntables);
    jarr(data, "blocks");
    doc_has(data, "blocks");
    cJSON *rows = NULL;
    hw_buf scratch;
    buf_init(&scratch);
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (!rows || (i > 0 && t->events[i - 1].pfile != e->pfile)) {
            const char *file = e->pfile >= 0 ? t->pfiles[e->pfile].name : "";
            const char *topic = perf_topic(g, file);
            cJSON *s = jobj(secs, NULL);
            doc_put(s, "anchor", doc_anchor(g, "ef-", file));
            doc_put(s, "title", topic);
            hw_buf fb;
            buf_init(&fb);
            doc_code_breaks_to(g, &fb, file, "-.");
            doc_put(s, "name", doc_take(g, &fb));
            doc_put(s, "intro", NULL);
            rows = jarr(s, "events");
        }
        event_row(g, rows, i, &scratch);
    }
    if (scratch.failed)
        arena_fail(g->a);
    buf_free(&scratch);
}

/* ---- the arch's mapfile ------------------------------------------------------------- */

/* Field k (from 0) of a CSV line without quotes, as an arena string. */
static const char *csv_field(dgen *g, const char *line, int k)
{
    for (; k > 0 && line; k--) {
        line = strchr(line, ',');
        line = line ? line + 1 : NULL;
    }
    if (!line)
        return NULL;
    size_t n = strcspn(line, ",\r");
    return arena_strndup(g->a, line, n);
}

void perf_page_mapfile(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *rows = jarr(data, "mapfile");
    for (int i = 0; i < t->nmapfile_lines; i++) {
        const char *line = t->mapfile_lines[i];
        if (!doc_mapfile_row(t, i))
            continue;
        cJSON *o = jobj(rows, NULL);
        hw_buf b;
        buf_init(&b);
        doc_code_breaks_to(g, &b, csv_field(g, line, 0), "-|");
        doc_ref(o, "anchor", doc_fmt(g, "cpu-%d", i + 1));
        doc_ref(o, "cpuid", doc_take(g, &b));
        doc_ref(o, "version", csv_field(g, line, 1));
        doc_ref(o, "dir", doc_code(g, csv_field(g, line, 2)));
        doc_ref(o, "type", csv_field(g, line, 3));
    }
    doc_has(data, "mapfile");
}

/* ---- metrics ---------------------------------------------------------------------- */

void perf_metric_collect(dgen *g, cJSON *o, int i)
{
    const hw_metric *m = &g->t->metrics[i];
    cJSON *arr = jarr(o, "collect");
    hw_buf b;
    buf_init(&b);
    doc_code_to(g, &b, doc_fmt(g, "perf stat -M %s", m->name));
    if (m->pmu && strcmp(m->pmu, "default_core") != 0)
        buf_printf(&b, " %s %s", doc_esc(g, "on"), doc_code(g, m->pmu));
    for (int k = 0; k < m->ngroups; k++) {
        buf_puts(&b, k ? ", " : "; its groups: ");
        doc_code_to(g, &b, m->groups[k]);
    }
    doc_pair(arr, "perf", doc_take(g, &b));
    doc_has(o, "collect");
}
