/* check_lists.c - lists that disagree with what they describe.
 *
 * The telemetry format repeats facts: a metric lists the events its
 * formula uses, and the events worth sampling; a decision-tree node names
 * the group it is looked at in; a group lists its members. When a list
 * and the fact disagree, tools that trust the list (a profiler collecting
 * a metric's events, a tree shown beside its groups) go wrong, yet the
 * outputs hwcgen writes are still right: so these are warnings.
 */
#include "check/check_lists.h"

#include <string.h>

#include "core/expr.h"
#include "core/names.h"

typedef struct listed {
    const hw_metric *m;
    name_index *events; /* the metric's events list; gains each reported */
    hw_diag *d;
} listed;

static int formula_event(void *ctx, hw_expr *ref)
{
    listed *l = ctx;
    if (ref->ref != REF_EVENT || name_index_get(l->events, ref->text) >= 0)
        return 0;
    diag_warning(l->d, &l->m->loc, "metric '%s': formula uses event '%s', "
                 "which its events list leaves out", l->m->name, ref->text);
    name_index_put(l->events, ref->text, 0); /* once per metric */
    return 0;
}

/* Only a metric that has an events list can disagree with it. */
static void check_metric_events(const hw_target *t, const hw_metric *m,
                                hw_diag *d)
{
    name_index events;
    if (!m->events || name_index_init(&events, (size_t)m->nevents) != 0)
        return;
    for (int k = 0; k < m->nevents; k++)
        name_index_put(&events, m->events[k], k);
    for (int k = 0; k < m->nsample_events; k++) {
        const char *e = m->sample_events[k];
        if (ir_find_event(t, e) >= 0 && name_index_get(&events, e) < 0)
            diag_warning(d, &m->loc, "metric '%s': sample event '%s' is not "
                         "in its events list", m->name, e);
    }
    listed l = {m, &events, d};
    if (m->expr)
        expr_each_ref(m->expr, formula_event, &l);
    name_index_free(&events);
}

static void check_members(const hw_group *g, hw_diag *d)
{
    name_index seen;
    if (name_index_init(&seen, (size_t)g->nmembers) != 0)
        return;
    for (int k = 0; k < g->nmembers; k++) {
        int old = name_index_put(&seen, g->members[k], k);
        if (old < 0)
            continue;
        char at[512];
        loc_where(at, sizeof at, g->member_locs ? &g->member_locs[old] : &g->loc);
        diag_warning(d, g->member_locs ? &g->member_locs[k] : &g->loc,
                     "group '%s': duplicate member '%s' (first listed at %s)",
                     g->name, g->members[k], at);
    }
    name_index_free(&seen);
}

/* A node looks at a metric in a group; the group should hold it. */
static void check_node_group(const hw_target *t, const hw_methodology *m,
                             const hw_tree_node *n, hw_diag *d)
{
    int mi = ir_find_metric(t, n->name);
    if (!n->group || mi < 0 || ir_find_group(t, GROUP_METRICS, n->group) < 0)
        return;
    const hw_metric *metric = &t->metrics[mi];
    for (int k = 0; k < metric->ngroups; k++)
        if (strcmp(metric->groups[k], n->group) == 0)
            return;
    diag_warning(d, &n->loc, "%s: node '%s': group '%s' does not contain it",
                 m->name, n->name, n->group);
}

void check_lists(const hw_target *t, hw_diag *d)
{
    for (int i = 0; i < t->nmetrics; i++)
        check_metric_events(t, &t->metrics[i], d);
    for (int i = 0; i < t->ngroups; i++)
        check_members(&t->groups[i], d);
    for (int i = 0; i < t->nmethodologies; i++)
        for (int k = 0; k < t->methodologies[i].nnodes; k++)
            check_node_group(t, &t->methodologies[i],
                             &t->methodologies[i].nodes[k], d);
    for (int i = 0; i < t->ninputs; i++) {
        const hw_input *in = &t->inputs[i];
        if (in->multiple_of && strcmp(in->multiple_of, in->name) == 0)
            diag_warning(d, &in->loc, "input '%s': multiple-of names the input "
                         "itself, which every value satisfies", in->name);
    }
}
