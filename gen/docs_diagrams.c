/* docs_diagrams.c - a target's Graphviz files (docs.h): per methodology
 * docs/<slug>-<method>.dot, its stages as clusters of their groups and
 * decision tree nodes, with the tree's edges; and docs/<slug>-metrics.dot,
 * each metric and what its formula reads. The DOT files are plain text;
 * hwcgen never runs Graphviz itself.
 */
#include <string.h>

#include "docs.h"
#include "expr.h"
#include "version.h"

/* ---- building blocks ----------------------------------------------------- */

/* A DOT double-quoted string. */
static const char *dq(dgen *g, const char *s)
{
    hw_buf b;
    buf_init(&b);
    buf_putc(&b, '"');
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\')
            buf_putc(&b, '\\');
        if (*s == '\n' || *s == '\r') {
            buf_puts(&b, "\\n");
            continue;
        }
        buf_putc(&b, *s);
    }
    buf_putc(&b, '"');
    return doc_take(g, &b);
}

static const char *dot_label(dgen *g, const char *name, const char *title)
{
    if (!title || !*title || strcmp(title, name) == 0)
        return dq(g, name);
    return dq(g, doc_fmt(g, "%s\n%s", name, title));
}

static void dot_banner(dgen *g, cJSON *data, const char *what)
{
    doc_put(data, "version", HWCGEN_VERSION);
    doc_put(data, "spec", g->t->spec_name);
    doc_put(data, "what", what);
}

static int tree_is_root(const hw_methodology *m, const char *name)
{
    for (int r = 0; r < m->nroots; r++)
        if (strcmp(m->roots[r], name) == 0)
            return 1;
    return 0;
}

static int tree_has_node(const hw_methodology *m, const char *name)
{
    for (int x = 0; x < m->nnodes; x++)
        if (strcmp(m->nodes[x].name, name) == 0)
            return 1;
    return 0;
}

static int tree_in_stage(const hw_methodology *m, const char *name)
{
    for (int s = 0; s < m->nstages; s++)
        for (int k = 0; k < m->stages[s].ngroups; k++)
            if (strcmp(m->stages[s].groups[k], name) == 0)
                return 1;
    return 0;
}

/* A decision tree node: the metric, titled, bold when a root. */
static void dot_tree_node(dgen *g, cJSON *arr, const hw_methodology *m,
                          const hw_tree_node *n)
{
    int mi = ir_find_metric(g->t, n->name);
    cJSON *no = jobj(arr, NULL);
    doc_put(no, "id", dq(g, doc_fmt(g, "m:%s", n->name)));
    doc_put(no, "label",
            dot_label(g, n->name, mi >= 0 ? g->t->metrics[mi].title : NULL));
    doc_put(no, "shape", "box");
    jbool(no, "root", tree_is_root(m, n->name));
}

/* A metric group the tree leads to. */
static void dot_group_node(dgen *g, cJSON *arr, const char *name)
{
    int gi = ir_find_group(g->t, GROUP_METRICS, name);
    cJSON *no = jobj(arr, NULL);
    doc_put(no, "id", dq(g, doc_fmt(g, "g:%s", name)));
    doc_put(no, "label",
            dot_label(g, name, gi >= 0 ? g->t->groups[gi].title : NULL));
    doc_put(no, "shape", "folder");
    jbool(no, "root", 0);
}

/* ---- decision trees ------------------------------------------------------ */

/* One stage as a cluster: a stage group that tree nodes are looked at in
 * is a cluster holding those nodes (now placed), any other a node. */
static void topdown_stage(dgen *g, cJSON *clusters, const hw_methodology *m,
                          const hw_stage *st, char *placed)
{
    cJSON *c = jobj(clusters, NULL);
    doc_put(c, "id", dq(g, doc_fmt(g, "cluster_%s", st->name)));
    doc_put(c, "label", dq(g, doc_stage_title(g, st->name)));
    cJSON *groups = jarr(c, "groups");
    cJSON *nodes = jarr(c, "nodes");
    for (int k = 0; k < st->ngroups; k++) {
        const char *gname = st->groups[k];
        cJSON *members = NULL;
        for (int x = 0; x < m->nnodes; x++) {
            const hw_tree_node *n = &m->nodes[x];
            if (placed[x] || !n->group || strcmp(n->group, gname) != 0)
                continue;
            if (!members) {
                int gi = ir_find_group(g->t, GROUP_METRICS, gname);
                cJSON *go = jobj(groups, NULL);
                doc_put(go, "id", dq(g, doc_fmt(g, "cluster_g_%s", gname)));
                doc_put(go, "label",
                        dot_label(g, gname,
                                  gi >= 0 ? g->t->groups[gi].title : NULL));
                members = jarr(go, "nodes");
            }
            dot_tree_node(g, members, m, n);
            placed[x] = 1;
        }
        if (!members)
            dot_group_node(g, nodes, gname);
    }
}

/* Whether next item k of tree node x was named by an earlier next item. */
static int named_before(const hw_methodology *m, int x, int k)
{
    const char *next = m->nodes[x].next[k];
    for (int y = 0; y <= x; y++)
        for (int j = 0; j < (y < x ? m->nodes[y].nnext : k); j++)
            if (strcmp(m->nodes[y].next[j], next) == 0)
                return 1;
    return 0;
}

/* An edge from each tree node to each of its next items; a next item that
 * is neither a tree node nor a stage group gets a node in `loose` at its
 * first use. */
static void topdown_edges(dgen *g, cJSON *data, cJSON *loose,
                          const hw_methodology *m)
{
    cJSON *edges = jarr(data, "edges");
    for (int x = 0; x < m->nnodes; x++) {
        const hw_tree_node *n = &m->nodes[x];
        for (int k = 0; k < n->nnext; k++) {
            const char *next = n->next[k];
            int is_node = tree_has_node(m, next);
            if (!is_node && !tree_in_stage(m, next) && !named_before(m, x, k))
                dot_group_node(g, loose, next);
            cJSON *eo = jobj(edges, NULL);
            doc_put(eo, "from", dq(g, doc_fmt(g, "m:%s", n->name)));
            doc_put(eo, "to",
                    dq(g, doc_fmt(g, "%s:%s", is_node ? "m" : "g", next)));
        }
    }
}

/* Stages as clusters of their groups and tree nodes, then the tree nodes
 * in no stage group, then the edges. Spec order throughout. */
static cJSON *topdown_data(dgen *g, const hw_methodology *m)
{
    cJSON *data = cJSON_CreateObject();
    dot_banner(g, data, m->title ? m->title : m->name);
    doc_put(data, "graph", dq(g, m->name));
    doc_put(data, "label", dq(g, m->title ? m->title : m->name));
    char *placed = arena_alloc(g->a, (size_t)m->nnodes + 1);
    if (!placed)
        return data; /* never rendered: the arena has failed */
    cJSON *clusters = jarr(data, "clusters");
    for (int s = 0; s < m->nstages; s++)
        topdown_stage(g, clusters, m, &m->stages[s], placed);
    cJSON *loose = jarr(data, "nodes");
    for (int x = 0; x < m->nnodes; x++)
        if (!placed[x])
            dot_tree_node(g, loose, m, &m->nodes[x]);
    topdown_edges(g, data, loose, m);
    return data;
}

static int emit_topdown(dgen *g, const hw_methodology *m, const emit_to *to)
{
    const char *file = doc_fmt(g, "docs/%s.dot", doc_method_stem(g, m));
    return doc_render(g, to, "docs_topdown.dot", topdown_data(g, m),
                      MU_ESCAPE_NONE, file);
}

/* ---- metric graphs ------------------------------------------------------- */

typedef struct dot_uses {
    dgen *g;
    cJSON *edges;
    const char *from;           /* the metric whose edges are being drawn */
    char *used[REF_METRIC + 1]; /* read by any metric: these get nodes */
} dot_uses;

/* The node id of item i of kind k: "e:NAME", "c:", "i:" or "m:". */
static const char *ref_id(dgen *g, hw_ref_kind k, int i)
{
    static const char kinds[REF_METRIC + 1] = {[REF_EVENT] = 'e',
                                               [REF_CONSTANT] = 'c',
                                               [REF_INPUT] = 'i',
                                               [REF_METRIC] = 'm'};
    return dq(g, doc_fmt(g, "%c:%s", kinds[k], ir_ref_name(g->t, k, i)));
}

/* An edge from the current metric to item i of kind k, once per metric. */
static void dot_edge(dot_uses *u, hw_ref_kind k, int i)
{
    if (!doc_first_sight(&u->g->seen, k, i))
        return;
    u->used[k][i] = 1;
    cJSON *eo = jobj(u->edges, NULL);
    doc_put(eo, "from", u->from);
    doc_put(eo, "to", ref_id(u->g, k, i));
}

static int dot_ref(void *ctx, hw_expr *ref)
{
    if (doc_ref_bound(ref))
        dot_edge(ctx, ref->ref, ref->index);
    return 0;
}

/* A box per metric that reads anything, and its edges: what its formula
 * reads in order of first use, then events the spec lists for it. */
static void metric_graph_edges(dgen *g, cJSON *data, dot_uses *u)
{
    const hw_target *t = g->t;
    cJSON *mnodes = jarr(data, "metrics");
    for (int i = 0; i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        if (!m->expr && !m->nevents)
            continue;
        cJSON *no = jobj(mnodes, NULL);
        u->from = ref_id(g, REF_METRIC, i);
        doc_put(no, "id", u->from);
        doc_put(no, "label", dot_label(g, m->name, m->title));
        g->seen.list++;
        if (m->expr)
            expr_each_ref(m->expr, dot_ref, u);
        for (int k = 0; k < m->nevents; k++) {
            int e = ir_find_event(t, m->events[k]);
            if (e >= 0)
                dot_edge(u, REF_EVENT, e);
        }
    }
}

/* Nodes for the events (ellipses), constants (diamonds) and inputs
 * (parallelograms) some metric reads, in spec order. */
static void metric_graph_nodes(dgen *g, cJSON *data, const dot_uses *u)
{
    const hw_target *t = g->t;
    cJSON *nodes = jarr(data, "nodes");
    static const char *const shapes[REF_INPUT + 1] = {"", "ellipse", "diamond",
                                                      "parallelogram"};
    for (int k = REF_EVENT; k <= REF_INPUT; k++)
        for (size_t i = 0; i < doc_ref_count(t, (hw_ref_kind)k); i++) {
            if (!u->used[k][i])
                continue;
            cJSON *no = jobj(nodes, NULL);
            doc_put(no, "id", ref_id(g, (hw_ref_kind)k, (int)i));
            doc_put(no, "label", dq(g, ir_ref_name(t, (hw_ref_kind)k, (int)i)));
            doc_put(no, "shape", shapes[k]);
        }
}

/* Metrics (boxes) -> what their formulas read: events, constants, inputs
 * and other metrics. */
static cJSON *metric_graph_data(dgen *g)
{
    const hw_target *t = g->t;
    cJSON *data = cJSON_CreateObject();
    dot_banner(g, data, "metric dependencies");
    doc_put(data, "graph", dq(g, doc_fmt(g, "%s metrics", t->slug)));
    doc_put(data, "label",
            dq(g, doc_fmt(g, "%s: what each metric reads",
                          t->name ? t->name : t->slug)));
    dot_uses u = {g, jarr(data, "edges"), NULL, {NULL}};
    doc_seen_init(g, &g->seen);
    for (int k = REF_EVENT; k <= REF_METRIC; k++)
        u.used[k] = arena_alloc(g->a, doc_ref_count(t, (hw_ref_kind)k) + 1);
    if (arena_failed(g->a))
        return data; /* never rendered */
    metric_graph_edges(g, data, &u);
    metric_graph_nodes(g, data, &u);
    return data;
}

static int emit_metric_graph(dgen *g, const emit_to *to)
{
    const char *file = doc_fmt(g, "docs/%s-metrics.dot", g->t->slug);
    return doc_render(g, to, "docs_metrics.dot", metric_graph_data(g),
                      MU_ESCAPE_NONE, file);
}

/* ---- the files of a target ----------------------------------------------- */

int docs_diagrams(const hw_target *t, const emit_to *to)
{
    dgen g = {t, arena_create(), 0, NULL, NULL, {{NULL}, 0}};
    if (!g.a) {
        diag_error(to->d, NULL, "out of memory");
        return -1;
    }
    int rc = 0;
    for (int i = 0; rc == 0 && i < t->nmethodologies; i++)
        rc = emit_topdown(&g, &t->methodologies[i], to);
    if (rc == 0 && doc_has_metric_dot(t))
        rc = emit_metric_graph(&g, to);
    arena_free(g.a);
    return rc;
}
