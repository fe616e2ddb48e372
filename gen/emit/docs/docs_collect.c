/* docs_collect.c - how a reader collects each event and metric (docs.h):
 * the names perf, Streamline (gatord) and the generated C headers give it,
 * each as the target's plan spells it (plan.h: plan_perf.h, plan_c_names.h;
 * names.h), and, per event, the metrics that read it.
 */
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "plan/plan_c_names.h"
#include "emit/docs/docs.h"
#include "core/expr.h"
#include "core/names.h"
#include "plan/plan_perf_expr.h"
#include "plan/plan.h"

struct doc_collect {
    const char **ev_c; /* by event: its C names, as markup, or NULL */
    int *used_at;      /* by event: where its metrics start in used[] */
    int *used;         /* metric indices, event by event, in spec order */
    const char *ID;    /* NEOVERSE_V1 */
    const char *pmu;   /* gatord's PMU name, when gatord gets the events */
};

/* ---- C names of the events ------------------------------------------------ */

/* The event whose hw_loc `loc` is, or -1: c_header_names() names the item
 * a macro is made for by its place in the spec. */
static int event_at(const hw_target *t, const hw_loc *loc)
{
    if (!loc || !t->nevents)
        return -1;
    uintptr_t base = (uintptr_t)&t->events[0].loc, at = (uintptr_t)loc;
    if (at < base || (at - base) % sizeof(hw_event) != 0)
        return -1;
    uintptr_t i = (at - base) / sizeof(hw_event);
    return i < (uintptr_t)t->nevents ? (int)i : -1;
}

static void c_name(void *ctx, const char *name, const c_owner *owner)
{
    dgen *g = ctx;
    int i = event_at(g->t, owner->loc);
    if (i < 0 || !name)
        return;
    const char **slot = &g->col->ev_c[i];
    hw_buf b;
    buf_init(&b);
    if (*slot)
        buf_printf(&b, "%s, ", *slot);
    doc_code_to(g, &b, name);
    *slot = doc_take(g, &b);
}

/* ---- which metrics read each event ------------------------------------------ */

typedef struct uses_walk {
    dgen *g;
    int metric;
    int fill; /* 0: count, 1: fill used[] */
} uses_walk;

static void use_event(uses_walk *w, int e)
{
    struct doc_collect *c = w->g->col;
    if (!doc_first_sight(&w->g->seen, REF_EVENT, e))
        return;
    if (w->fill)
        c->used[c->used_at[e]++] = w->metric;
    else
        c->used_at[e + 1]++;
}

static int use_ref(void *ctx, hw_expr *ref)
{
    uses_walk *w = ctx;
    if (doc_ref_bound(ref) && ref->ref == REF_EVENT)
        use_event(w, ref->index);
    return 0;
}

static void walk_uses(dgen *g, int fill)
{
    const hw_target *t = g->t;
    uses_walk w = {g, 0, fill};
    for (w.metric = 0; w.metric < t->nmetrics; w.metric++) {
        const hw_metric *m = &t->metrics[w.metric];
        g->seen.list++;
        if (m->expr)
            expr_each_ref(m->expr, use_ref, &w);
        for (int k = 0; k < m->nevents; k++) {
            int e = ir_find_event(t, m->events[k]);
            if (e >= 0)
                use_event(&w, e);
        }
    }
}

/* Counted, turned into offsets, filled (each offset moves to its end),
 * shifted back: a list per event in one array. */
static void build_uses(dgen *g)
{
    const hw_target *t = g->t;
    struct doc_collect *c = g->col;
    size_t n = (size_t)t->nevents;
    c->used_at = arena_alloc(g->a, (n + 2) * sizeof *c->used_at);
    if (!c->used_at)
        return;
    walk_uses(g, 0);
    for (size_t e = 0; e < n; e++)
        c->used_at[e + 1] += c->used_at[e];
    c->used = arena_alloc(g->a, ((size_t)c->used_at[n] + 1) * sizeof *c->used);
    if (!c->used)
        return;
    walk_uses(g, 1);
    for (size_t e = n; e > 0; e--)
        c->used_at[e] = c->used_at[e - 1];
    c->used_at[0] = 0;
}

/* ---- the page's entry points ---------------------------------------------- */

void doc_collect_init(dgen *g)
{
    const hw_target *t = g->t;
    struct doc_collect *c = arena_alloc(g->a, sizeof *c);
    if (!c)
        return;
    g->col = c;
    c->ID = name_c(g->a, t->id, CASE_UPPER);
    /* gatord gets a CPU's events when it knows how many counters it has;
     * its counter set and cycle counter are gatord's own for a core gatord
     * has built in (plan_streamline.h), <pmu>_cnt and <pmu>_ccnt of one stem */
    const char *set = g->plan->streamline.cpu.counter_set;
    if (target_is_cpu_pmu(t) && t->num_counters > 0 && set && strlen(set) > 4)
        c->pmu = arena_printf(g->a, "%.*s", (int)(strlen(set) - 4), set);
    c->ev_c = arena_alloc(g->a, ((size_t)t->nevents + 1) * sizeof *c->ev_c);
    if (!c->ev_c || !c->ID)
        return;
    if (plan_c_header_names(g->plan, g->a, c_name, g) != 0)
        arena_fail(g->a);
    build_uses(g);
}

/* fmt's expansion as a code span, appended to b. */
static void code_fmt(dgen *g, hw_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void code_fmt(dgen *g, hw_buf *b, const char *fmt, ...)
{
    hw_buf t;
    buf_init(&t);
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&t, fmt, ap);
    va_end(ap);
    if (t.failed)
        arena_fail(g->a);
    doc_code_to(g, b, t.data ? t.data : "");
    buf_free(&t);
}

/* perf: its name, the raw event on the PMU, and perf's raw shorthand. */
static const char *perf_event_line(dgen *g, const hw_event *e)
{
    const char *name = perf_event_name(g->a, e);
    hw_buf b;
    buf_init(&b);
    doc_code_to(g, &b, name ? name : "");
    buf_puts(&b, ", ");
    code_fmt(g, &b, "%s/event=0x%X/", PERF_PMU, (unsigned)e->code);
    buf_puts(&b, ", ");
    code_fmt(g, &b, "r%x", (unsigned)e->code);
    return doc_take(g, &b);
}

/* gatord: the label Streamline's counter picker shows, gatord's own ("Bus:
 * Access") or the one hwcgen's events file gives an event gatord lacks
 * (the plan's, which the file writes as is); then the cycle counter, or
 * any programmable counter set to the event. */
static const char *gatord_cpu_line(dgen *g, int i)
{
    const hw_event *e = &g->t->events[i];
    const st_label *l = g->plan->streamline.cpu.labels ? &g->plan->streamline.cpu.labels[i]
                                                       : NULL;
    const char *pmu = g->col->pmu;
    hw_buf b;
    buf_init(&b);
    if (l && l->title && l->name)
        buf_printf(&b, "%s: %s, ", doc_esc(g, l->title), doc_esc(g, l->name));
    if (e->code == GATORD_CYCLE_EVENT) {
        code_fmt(g, &b, "%s_ccnt", pmu);
        buf_puts(&b, " (the cycle counter)");
    } else {
        code_fmt(g, &b, "%s_cnt", pmu);
        buf_puts(&b, " set to event ");
        code_fmt(g, &b, "0x%X", (unsigned)e->code);
    }
    return doc_take(g, &b);
}

/* A Mali counter in Streamline: the gatord counter, and the $ variable
 * templates read it by (made of the series' title and name, the event's
 * title here). */
static const char *gatord_gpu_line(dgen *g, const hw_event *e)
{
    hw_buf b;
    buf_init(&b);
    doc_code_to(g, &b, e->counter_id);
    if (e->st_title && e->st_name) {
        buf_puts(&b, ", ");
        code_fmt(g, &b, "$%s", e->name);
    }
    if (g->t->nproduct_ids > 0)
        buf_puts(&b, doc_esc(g, e->flags & EVENT_GATORD_BUILTIN
                                    ? " (among gatord's built-in events)"
                                    : " (gatord counts it; hwcgen's Streamline file adds it)"));
    return doc_take(g, &b);
}

/* A counter of Arm's counter database: Arm's three names for it, and its
 * shift (Arm's sampler adds raw << shift to the count). */
static void arm_db_lines(dgen *g, cJSON *arr, const hw_event *e)
{
    hw_buf b;
    buf_init(&b);
    buf_puts(&b, "MachineName ");
    doc_code_to(g, &b, e->db_name ? e->db_name : e->name);
    if (e->hw_name) {
        buf_puts(&b, ", SourceName ");
        doc_code_to(g, &b, e->hw_name);
    }
    if (e->title)
        buf_puts(&b, doc_esc(g, doc_fmt(g, ", human name \"%s\"", e->title)));
    doc_pair(arr, "Arm's names", doc_take(g, &b));
    if (e->shift)
        doc_pair(arr, "Shift", doc_esc(g, doc_fmt(g, "%d: the count is the raw value << %d",
                                                  e->shift, e->shift)));
}

/* The metrics that read event i, linked, in one string. */
static const char *used_by(dgen *g, int i)
{
    const struct doc_collect *c = g->col;
    if (!c || !c->used || c->used_at[i] == c->used_at[i + 1])
        return NULL;
    hw_buf b;
    buf_init(&b);
    for (int k = c->used_at[i]; k < c->used_at[i + 1]; k++) {
        if (k > c->used_at[i])
            buf_puts(&b, ", ");
        doc_code_link_to(g, &b, "m-", g->t->metrics[c->used[k]].name);
    }
    return doc_take(g, &b);
}

void doc_event_collect(dgen *g, cJSON *o, int i)
{
    const hw_target *t = g->t;
    const hw_event *e = &t->events[i];
    struct doc_collect *c = g->col;
    cJSON *arr = jarr(o, "collect");
    int cpu = target_is_cpu_pmu(t) && perf_event_ok(e);
    if (cpu)
        doc_pair(arr, "perf", perf_event_line(g, e));
    if (cpu && c && c->pmu)
        doc_pair(arr, "Streamline", gatord_cpu_line(g, i));
    if (e->counter_id)
        doc_pair(arr, "Streamline", gatord_gpu_line(g, e));
    if (t->nproduct_ids > 0) {
        arm_db_lines(g, arr, e);
    } else {
        if (e->hw_name)
            doc_pair(arr, "Hardware", doc_code(g, e->hw_name));
        /* the name in the vendor's counter database, which its tools use */
        if (e->db_name)
            doc_pair(arr, "Database", doc_code(g, e->db_name));
    }
    doc_pair(arr, "C", c && c->ev_c ? c->ev_c[i] : NULL);
    doc_has(o, "collect");
    doc_put(o, "used_by", used_by(g, i));
}

/* perf: the metric by name and its groups, or why perf lacks it. */
static const char *perf_metric_line(dgen *g, const hw_metric *m)
{
    int i = (int)(m - g->t->metrics);
    if (!g->plan->perf.exprs[i])
        return doc_esc(g, doc_fmt(g, "not in perf's metrics: %s", g->plan->perf.why[i]));
    hw_buf b;
    buf_init(&b);
    code_fmt(g, &b, "perf stat -M %s", m->name);
    for (int k = 0; k < m->ngroups; k++) {
        buf_puts(&b, k ? ", " : "; its groups: ");
        doc_code_to(g, &b, doc_group_name(g, m->groups[k]));
    }
    return doc_take(g, &b);
}

void doc_metric_collect(dgen *g, cJSON *o, int i)
{
    const hw_target *t = g->t;
    const hw_metric *m = &t->metrics[i];
    struct doc_collect *c = g->col;
    cJSON *arr = jarr(o, "collect");
    if (perf_metric_wanted(t, m))
        doc_pair(arr, "perf", perf_metric_line(g, m));
    if (m->expr && c && c->ID) {
        hw_buf b;
        buf_init(&b);
        doc_code_to(g, &b, c_metric_fn(g->a, t, m->name));
        buf_puts(&b, ", ");
        doc_code_to(g, &b, c_metric_enum(g->a, c->ID, m->name));
        doc_pair(arr, "C", doc_take(g, &b));
    }
    doc_has(o, "collect");
}

/* ---- the sentence above the events ---------------------------------------- */

/* What the labels of the rows' "Collect with" lists mean, for the labels
 * some event of t has. */
static void collect_labels(dgen *g, hw_buf *b)
{
    const hw_target *t = g->t;
    int hw = 0, db = 0, st = 0;
    for (int i = 0; i < t->nevents; i++) {
        hw |= t->events[i].hw_name != NULL;
        db |= t->events[i].db_name != NULL;
        st |= t->events[i].counter_id != NULL;
    }
    buf_puts(b, " In \u201cCollect with\u201d, ");
    if (st)
        buf_puts(b, "Streamline gives the gatord counter and the $ variable "
                    "Streamline's templates read it by; ");
    if (hw)
        buf_puts(b, "Hardware, the counter's hardware name, as the source gives it; ");
    if (db)
        buf_puts(b, "Database, its name in the vendor's counter database (for Mali, "
                    "Arm's, from which libGPUCounters is made); ");
    buf_puts(b, st || hw || db ? "C, the names hwcgen's C header defines for it."
                               : "C gives the names hwcgen's C header defines for it.");
}

const char *doc_collect_intro(dgen *g)
{
    const hw_target *t = g->t;
    hw_buf b;
    buf_init(&b);
    if (target_is_cpu_pmu(t)) {
        buf_printf(&b, "Each row says how to collect the event: the names perf%s and "
                       "hwcgen's C headers give it, and the metrics that read it.",
                   g->col && g->col->pmu ? ", Streamline (gatord)" : "");
        return doc_take(g, &b);
    }
    if (t->format && strcmp(t->format, "oa-counters") == 0)
        buf_puts(&b, "Each row says how to collect the counter: open the Linux i915 "
                     "(or xe) driver's perf interface with a metric set that includes "
                     "it; the OA unit then writes it into every report, where the "
                     "report formats below place it. The row names what programs it, "
                     "and the metrics that read it.");
    else if (t->vendor && strcmp(t->vendor, "arm") == 0 && t->nblocks > 0)
        buf_puts(&b, "Each row says how to collect the counter: with Streamline "
                     "(gatord), or through the GPU driver's hardware counter "
                     "interface (Arm's kbase driver, which Arm's libGPUCounters "
                     "reads), where it is the counter of its block at its index; "
                     "and the metrics that read it.");
    else
        buf_puts(&b, "Each row says how to collect the counter, and the metrics "
                     "that read it.");
    collect_labels(g, &b);
    return doc_take(g, &b);
}
