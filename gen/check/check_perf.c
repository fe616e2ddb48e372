/* check_perf.c - the names of perf formulas bound (format "pmu-events").
 *
 * perf's metric language names metrics, events of the model and things
 * the model does not define: each REF is bound, in perf's order, to
 *   1. a metric of the target with that name (case ignored, as perf's
 *      lookup does), of the metric's own PMU when there is one;
 *   2. an event of the target with that name (case ignored), on the PMU
 *      the symbol names when it names one, else preferably on the metric's
 *      PMU;
 *   3. else a run-time value (hw_runtime): a tool event, or a counter
 *      outside the target. A symbol with terms or modifiers counts
 *      something else than its plain event, so it is a counter of its own
 *      (its runtime entry still names the event).
 * '#' literals and the names in has_event(), strcmp_cpuid_str() and
 * source_count() are run-time values too. None of this is an error: perf
 * resolves such names on the running system. A call perf's grammar could
 * not have made (a tree built by hand or read in our syntax) is one.
 */
#include "check/check_perf.h"

#include <string.h>

#include "core/names.h"
#include "core/perf_lang.h"

typedef struct binder {
    hw_target *t;
    hw_diag *d;
    hw_arena *scratch;   /* folded names, while binding */
    name_index events;   /* folded name -> first event of that name */
    int *event_next;     /* the next event of the same folded name, -1 */
    name_index metrics;  /* likewise for metrics */
    int *metric_next;
    name_index runtime;  /* key -> index into t->runtime */
    const hw_metric *m;  /* the metric whose formulas are being bound */
    int failed;          /* out of memory */
} binder;

/* Index names[i] of n items by folded name, chaining repeats in next[]. */
static int index_folded(binder *b, name_index *ix, int **next, int n,
                        const char *(*name_at)(const hw_target *, int))
{
    *next = arena_alloc(b->scratch, ((size_t)n + 1) * sizeof **next);
    if (!*next || name_index_init(ix, (size_t)n) != 0)
        return -1;
    int *last = arena_alloc(b->scratch, ((size_t)n + 1) * sizeof *last);
    if (!last)
        return -1;
    for (int i = 0; i < n; i++) {
        (*next)[i] = -1;
        const char *name = name_at(b->t, i);
        if (!name)
            continue;
        const char *key = perf_name_key(b->scratch, name);
        if (!key)
            return -1;
        int first = name_index_put(ix, key, i);
        if (first == -2)
            return -1;
        if (first >= 0)
            (*next)[last[first]] = i;
        last[first >= 0 ? first : i] = i;
    }
    return 0;
}

static const char *event_name(const hw_target *t, int i)
{
    return t->events[i].name;
}

static const char *metric_name(const hw_target *t, int i)
{
    return t->metrics[i].name;
}

/* ---- lookups -------------------------------------------------------------- */

static int same_pmu(const char *a, const char *b)
{
    return strcmp(perf_pmu_or_cpu(a), perf_pmu_or_cpu(b)) == 0;
}

/* The metric called `name` (case ignored): of the formula's own PMU when
 * there is one, else the first; -1 when none. */
static int find_metric(binder *b, const char *name)
{
    int first = perf_name_find(&b->metrics, name);
    for (int i = first; i >= 0; i = b->metric_next[i])
        if (same_pmu(b->t->metrics[i].pmu, b->m->pmu))
            return i;
    return first;
}

/* The event called `name` (case ignored): on PMU `pmu` when given (-1 when
 * none is), else preferably on the formula's PMU. */
static int find_event(binder *b, const char *name, const char *pmu)
{
    int first = perf_name_find(&b->events, name);
    for (int i = first; i >= 0; i = b->event_next[i]) {
        const char *on = b->t->events[i].pmu;
        if (pmu ? perf_pmu_matches(pmu, on) : same_pmu(on, b->m->pmu))
            return i;
    }
    return pmu ? -1 : first;
}

/* ---- run-time values ------------------------------------------------------ */

/* The entry `key` (scratch) names, made on first sight with a copy of the
 * key in the target; -1 when out of memory. */
static int runtime_entry(binder *b, hw_runtime_kind kind, const char *key,
                         const hw_expr *ref, int event)
{
    if (!key) {
        b->failed = 1;
        return -1;
    }
    int i = name_index_get(&b->runtime, key);
    if (i >= 0)
        return i;
    hw_target *t = b->t;
    hw_runtime *r = IR_PUSH(t, runtime);
    key = arena_strdup(t->arena, key);
    if (!r || !key || name_index_put(&b->runtime, key, t->nruntime - 1) == -2) {
        b->failed = 1;
        return -1;
    }
    r->kind = kind;
    r->key = key;
    r->text = ref->text;
    r->term = ref->term;
    r->event = event;
    return t->nruntime - 1;
}

static void bind_to(hw_expr *ref, hw_ref_kind kind, int index)
{
    ref->ref = index >= 0 ? kind : REF_UNRESOLVED;
    ref->index = index;
}

/* ---- binding -------------------------------------------------------------- */

static void bind_literal(binder *b, hw_expr *ref)
{
    const char *key = perf_name_key(b->scratch, ref->text);
    bind_to(ref, REF_RUNTIME, runtime_entry(b, RUNTIME_LITERAL, key, ref, -1));
}

/* A symbol that is a value: metric, event, tool event or counter. */
static void bind_symbol(binder *b, hw_expr *ref)
{
    const hw_term *tm = ref->term;
    const char *event = tm ? tm->event : ref->text;
    int plain = !tm || (!tm->pmu && !tm->config && !tm->mods);
    int i;
    if (event && plain && (i = find_metric(b, event)) >= 0) {
        bind_to(ref, REF_METRIC, i);
        return;
    }
    int on = event ? find_event(b, event, tm ? tm->pmu : NULL) : -1;
    if (on >= 0 && (!tm || (!tm->config && !tm->mods))) {
        bind_to(ref, REF_EVENT, on);
        return;
    }
    if (event && plain && perf_tool_event(event)) {
        bind_to(ref, REF_RUNTIME, runtime_entry(b, RUNTIME_TOOL, event, ref, -1));
        return;
    }
    bind_to(ref, REF_RUNTIME, runtime_entry(b, RUNTIME_COUNTER, ref->text, ref, on));
}

/* has_event(E), strcmp_cpuid_str(ID), source_count(E): the name argument
 * is bound to the run-time value the call reads. */
static void bind_name_call(binder *b, hw_expr *call)
{
    hw_expr *arg = call->args[0];
    hw_runtime_kind kind = call->func == FUNC_HAS_EVENT          ? RUNTIME_HAS_EVENT
                           : call->func == FUNC_STRCMP_CPUID_STR ? RUNTIME_CPUID
                                                                 : RUNTIME_SOURCE_COUNT;
    const hw_term *tm = arg->term;
    int event = kind != RUNTIME_CPUID && tm && tm->event ? find_event(b, tm->event, tm->pmu)
                                                        : -1;
    const char *key = arena_printf(b->scratch, "%s(%s)", func_name(call->func), arg->text);
    bind_to(arg, REF_RUNTIME, runtime_entry(b, kind, key, arg, event));
}

/* perf's grammar makes these hold for a parsed formula; a tree made
 * otherwise is checked too, as binding and evaluation rely on them. */
static int call_ok(binder *b, const hw_expr *e)
{
    const char *why = NULL;
    if (!func_in_perf(e->func))
        why = "is not in perf's language";
    else if (!func_arity_ok(e->func, e->nargs, 1))
        why = "has the wrong number of arguments for perf";
    else if (func_takes_name(e->func) &&
             (e->args[0]->kind != EXPR_REF || e->args[0]->literal))
        why = "takes a name, not a value";
    if (why)
        diag_error(b->d, &b->m->formula_loc, "metric '%s': '%s' at formula column %d %s",
                   b->m->name, func_name(e->func), e->col, why);
    return !why;
}

static void bind_node(binder *b, hw_expr *e)
{
    if (e->kind == EXPR_CALL && !call_ok(b, e))
        return;
    if (e->kind == EXPR_REF) {
        if (e->literal)
            bind_literal(b, e);
        else
            bind_symbol(b, e);
        return;
    }
    if (e->kind == EXPR_CALL && func_takes_name(e->func)) {
        bind_name_call(b, e);
        return;
    }
    for (int i = 0; i < e->nargs; i++)
        bind_node(b, e->args[i]);
}

static int binder_init(binder *b, hw_target *t, hw_diag *d)
{
    *b = (binder){t, d, arena_create(), {0}, NULL, {0}, NULL, {0}, NULL, 0};
    if (!b->scratch ||
        index_folded(b, &b->events, &b->event_next, t->nevents, event_name) != 0 ||
        index_folded(b, &b->metrics, &b->metric_next, t->nmetrics, metric_name) != 0 ||
        name_index_init(&b->runtime, 64) != 0)
        return -1;
    return 0;
}

static void binder_free(binder *b)
{
    name_index_free(&b->events);
    name_index_free(&b->metrics);
    name_index_free(&b->runtime);
    arena_free(b->scratch);
}

int check_perf_formulas(hw_target *t, hw_diag *d)
{
    binder b;
    int before = d->errors;
    t->nruntime = 0; /* bound afresh: a second binding makes the same list */
    int rc = binder_init(&b, t, d);
    for (int i = 0; rc == 0 && i < t->nmetrics; i++) {
        b.m = &t->metrics[i];
        if (b.m->expr)
            bind_node(&b, b.m->expr);
        if (b.m->threshold_expr)
            bind_node(&b, b.m->threshold_expr);
    }
    if (rc != 0 || b.failed || arena_failed(t->arena)) {
        diag_error(d, NULL, "out of memory while binding the formulas of %s", t->spec_path);
        rc = -1;
    }
    if (d->errors > before)
        rc = -1;
    binder_free(&b);
    return rc;
}
