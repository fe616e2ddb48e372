/* plan_perf.c - each metric's MetricExpr and each event's standard event,
 * once per target (plan_perf.h). */
#include "plan/plan_perf.h"

#include <inttypes.h>

#include "plan/plan_perf_expr.h"

int perf_metric_wanted(const hw_target *t, const hw_metric *m)
{
    return target_is_cpu_pmu(t) && m->expr && !(m->flags & METRIC_EXTERNAL);
}

int perf_plan_make(perf_plan *p, const hw_target *t, hw_arena *a, hw_diag *d)
{
    size_t n = (size_t)t->nmetrics + 1;
    p->exprs = arena_alloc(a, n * sizeof *p->exprs);
    p->why = arena_alloc(a, n * sizeof *p->why);
    int oom = !p->exprs || !p->why;
    for (int i = 0; !oom && i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        if (!perf_metric_wanted(t, m))
            continue;
        p->exprs[i] = perf_expr(a, t, m, &p->why[i]);
        oom = !p->exprs[i] && !p->why[i];
        /* perf's MetricExpr lacks some of our language: such a metric is
         * left out of the CPU's metrics.json, which the user should hear */
        if (!p->exprs[i] && p->why[i] && !target_is_perf_tree(t))
            diag_warning(d, &m->formula_loc, "metric '%s': left out of perf "
                         "metrics.json: %s", m->name, p->why[i]);
    }
    if (oom)
        diag_error(d, NULL, "out of memory planning the perf metrics of %s", t->spec_path);
    return oom ? -1 : 0;
}

const perf_std_event **perf_plan_std(const hw_target *t, perf_std_find_fn *find, const void *std,
                                     hw_arena *a, hw_diag *d)
{
    const perf_std_event **by = arena_alloc(a, ((size_t)t->nevents + 1) * sizeof *by);
    if (!by) {
        diag_error(d, NULL, "out of memory");
        return NULL;
    }
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        const perf_std_event *s = perf_event_ok(e) ? find(std, e->name) : NULL;
        if (s && s->code != e->code) {
            diag_warning(d, &e->loc, "event '%s' has code 0x%" PRIx64 " but the perf "
                         "tree's standard event %s is 0x%" PRIx32 "; written with its own "
                         "EventCode", e->name, e->code, s->name, s->code);
            s = NULL;
        }
        by[i] = s;
    }
    return by;
}
