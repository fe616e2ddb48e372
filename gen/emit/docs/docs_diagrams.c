/* docs_diagrams.c - a target's Graphviz files (docs.h): per methodology
 * docs/<slug>-<method>.dot, its stages as clusters of their groups and
 * decision tree nodes, with the tree's edges and a legend. Every node and
 * group links to its row or heading of the target's page, so the SVG drawn
 * from it is a map of the page. The SVG is drawn by Graphviz's `dot`
 * program (render/graphviz.h) when there is one (emit_to's `dot`); the
 * pages link it only then.
 *
 * (A graph of what every metric reads was drawn here once: thousands of
 * pixels tall for a GPU, it could not be read at page width. The page's
 * "Reads" and "Used by" lists say the same in text.)
 */
#include <stdlib.h>
#include <string.h>

#include "emit/docs/docs.h"
#include "emit/docs/docs_diagrams.h"
#include "core/resources.h"
#include "core/spdx.h"
#include "render/graphviz.h"
#include "core/version.h"

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
    doc_put(data, "license", spdx_of(g->t));
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

/* The address of an anchor of the target's page, from the SVG beside it. */
static const char *page_url(dgen *g, const char *prefix, const char *name)
{
    return dq(g, doc_fmt(g, "%s.html#%s", g->t->slug,
                         doc_anchor(g, prefix, name)));
}

/* A decision tree node: the metric, titled, bold when a root; it links to
 * the metric's row. */
static void dot_tree_node(dgen *g, cJSON *arr, const hw_methodology *m,
                          const hw_tree_node *n)
{
    int mi = ir_find_metric(g->t, n->name);
    cJSON *no = jobj(arr, NULL);
    doc_put(no, "id", dq(g, doc_fmt(g, "m:%s", n->name)));
    doc_put(no, "label",
            dot_label(g, n->name, mi >= 0 ? g->t->metrics[mi].title : NULL));
    doc_put(no, "shape", "box");
    doc_put(no, "url", mi >= 0 ? page_url(g, "m-", n->name) : NULL);
    jbool(no, "root", tree_is_root(m, n->name));
}

/* A metric group the tree leads to, by the name the page gives it; it
 * links to the group's heading. */
static void dot_group_node(dgen *g, cJSON *arr, const char *name)
{
    int gi = ir_find_group(g->t, GROUP_METRICS, name);
    const char *shown = doc_group_name(g, name);
    cJSON *no = jobj(arr, NULL);
    doc_put(no, "id", dq(g, doc_fmt(g, "g:%s", name)));
    doc_put(no, "label",
            dot_label(g, shown, gi >= 0 ? g->t->groups[gi].title : NULL));
    doc_put(no, "shape", "folder");
    doc_put(no, "url", gi >= 0 ? page_url(g, "mg-", shown) : NULL);
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
                const char *shown = doc_group_name(g, gname);
                cJSON *go = jobj(groups, NULL);
                doc_put(go, "id", dq(g, doc_fmt(g, "cluster_g_%s", gname)));
                doc_put(go, "label",
                        dot_label(g, shown,
                                  gi >= 0 ? g->t->groups[gi].title : NULL));
                doc_put(go, "url", gi >= 0 ? page_url(g, "mg-", shown) : NULL);
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

/* Whether any tree node leads to `name`. */
static int tree_leads_to(const hw_methodology *m, const char *name)
{
    for (int x = 0; x < m->nnodes; x++)
        for (int k = 0; k < m->nodes[x].nnext; k++)
            if (strcmp(m->nodes[x].next[k], name) == 0)
                return 1;
    return 0;
}

/* The id of a node drawn inside stage s's cluster, or NULL: a tree node
 * looked at in one of its groups, else one of its groups. */
static const char *stage_member(dgen *g, const hw_methodology *m, int s)
{
    const hw_stage *st = &m->stages[s];
    for (int k = 0; k < st->ngroups; k++)
        for (int x = 0; x < m->nnodes; x++)
            if (m->nodes[x].group &&
                strcmp(m->nodes[x].group, st->groups[k]) == 0)
                return dq(g, doc_fmt(g, "m:%s", m->nodes[x].name));
    return st->ngroups ? dq(g, doc_fmt(g, "g:%s", st->groups[0])) : NULL;
}

/* A group of a later stage that no tree node leads to is looked at after
 * the stage before, whatever that shows: a dashed edge from that stage. */
static void stage_edges(dgen *g, cJSON *data, const hw_methodology *m)
{
    cJSON *edges = jarr(data, "stage_edges");
    for (int s = 1; s < m->nstages; s++) {
        const char *from = stage_member(g, m, s - 1);
        const hw_stage *st = &m->stages[s];
        for (int k = 0; from && k < st->ngroups; k++) {
            if (tree_leads_to(m, st->groups[k]) ||
                tree_has_node(m, st->groups[k]))
                continue;
            cJSON *eo = jobj(edges, NULL);
            doc_put(eo, "from", from);
            doc_put(eo, "to", dq(g, doc_fmt(g, "g:%s", st->groups[k])));
            doc_put(eo, "cluster",
                    dq(g, doc_fmt(g, "cluster_%s", m->stages[s - 1].name)));
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
    stage_edges(g, data, m);
    jbool(data, "has_stage_edges",
          cJSON_GetArraySize(cJSON_GetObjectItem(data, "stage_edges")) > 0);
    return data;
}

static int starts(const char *p, const char *with)
{
    return strncmp(p, with, strlen(with)) == 0;
}

/* The line that starts at `p`, newline included. */
static size_t line_len(const char *p)
{
    size_t n = strcspn(p, "\n");
    return n + (p[n] == '\n');
}

/* What the docs keep of dot's SVG `raw`: Graphviz's comment naming its
 * version on one line (it may take two), the licence as an XML comment
 * before <svg> (Graphviz drops DOT comments, and its `comment` attribute
 * would write '-' as "&#45;"), and the diagram's stylesheet
 * (templates/docs_diagram_style.xml: a dark version) at the top of the
 * drawing. 0, or -1 after reporting. */
static int svg_keep(const hw_target *t, const emit_to *to, const char *raw, hw_buf *out)
{
    hw_buf style;
    buf_init(&style);
    if (resources_read(to->templates, "templates/docs_diagram_style.xml", &style) != 0) {
        diag_error(to->d, NULL, style.failed ? "out of memory" : "template "
                   "templates/docs_diagram_style.xml cannot be read");
        buf_free(&style);
        return -1;
    }
    int in_version = 0;
    for (const char *p = raw; *p;) {
        size_t n = line_len(p);
        if (starts(p, "<!-- Generated by graphviz") || in_version) {
            const char *end = strstr(p, "-->");
            in_version = !end || end > p + n;
            size_t skip = 0, keep = n - (p[n - 1] == '\n');
            while (p[skip] == ' ' && skip < keep)
                skip++; /* the closing line's indent */
            buf_putn(out, p + skip, keep - skip);
            buf_puts(out, in_version ? " " : "\n");
        } else {
            if (starts(p, "<svg "))
                buf_printf(out, "<!-- SPDX-License-Identifier: %s -->\n", spdx_of(t));
            buf_putn(out, p, n);
            if (starts(p, "<g id=\"graph0\""))
                buf_putn(out, style.data, style.len);
        }
        p += n;
    }
    buf_free(&style);
    if (out->failed)
        diag_error(to->d, NULL, "out of memory");
    return out->failed ? -1 : 0;
}

/* ---- the files of a target ----------------------------------------------- */

/* One methodology's diagram: its DOT text, and its drawing under way. */
typedef struct drawing {
    const char *stem; /* docs/<stem>.dot and .svg */
    hw_buf dot;
    graphviz_job job;
    int started; /* job runs or ran: finish or cancel it */
} drawing;

/* A target's diagrams, from docs_drawings_start() to docs_drawings_free(). */
struct docs_drawings {
    dgen g;
    drawing *d;
    int n;
};

/* The DOT text of methodology m into dr->dot; its drawing started when
 * there is a program to draw with. 0, or -1 after reporting. */
static int start_one(dgen *g, const hw_methodology *m, const emit_to *to, drawing *dr)
{
    dr->stem = doc_method_stem(g, m);
    cJSON *data = topdown_data(g, m);
    int rc = -1;
    if (arena_failed(g->a))
        diag_error(to->d, NULL, "out of memory building the docs of %s", g->t->spec_name);
    else
        rc = render_template(to->templates, "docs_topdown.dot", data, MU_ESCAPE_NONE,
                             &dr->dot, to->d);
    cJSON_Delete(data);
    if (rc == 0 && to->dot) {
        graphviz_start(&dr->job, to->dot, dr->dot.data, dr->dot.len);
        dr->started = 1;
    }
    return rc;
}

int docs_drawings_start(const hw_target *t, const emit_to *to, docs_drawings **out)
{
    *out = NULL;
    if (t->nmethodologies == 0)
        return 0;
    docs_drawings *dd = calloc(1, sizeof *dd);
    drawing *d = calloc((size_t)t->nmethodologies, sizeof *d);
    hw_arena *a = arena_create();
    if (!dd || !d || !a) {
        free(dd);
        free(d);
        arena_free(a);
        diag_error(to->d, NULL, "out of memory");
        return -1;
    }
    dd->g = (dgen){t, a, 0, NULL, {{NULL}, 0}, NULL, NULL, {NULL}, NULL, to->dot != NULL};
    dd->d = d;
    *out = dd;
    for (int i = 0; i < t->nmethodologies; i++) {
        buf_init(&d[i].dot);
        dd->n = i + 1;
        if (start_one(&dd->g, &t->methodologies[i], to, &d[i]) != 0)
            return -1;
    }
    return 0;
}

void docs_drawings_free(docs_drawings *dd)
{
    for (int i = 0; dd && i < dd->n; i++) {
        if (dd->d[i].started)
            graphviz_cancel(&dd->d[i].job);
        buf_free(&dd->d[i].dot);
    }
    if (dd) {
        arena_free(dd->g.a);
        free(dd->d);
        free(dd);
    }
}

/* docs/<stem>.svg: the drawing of dr, collected. */
static int finish_one(const dgen *g, const emit_to *to, drawing *dr, const char *file)
{
    hw_buf raw, why, svg;
    buf_init(&raw);
    buf_init(&why);
    buf_init(&svg);
    int rc = graphviz_finish(&dr->job, &raw, &why);
    dr->started = 0;
    if (rc != 0)
        diag_error(to->d, NULL, "%s of %s not drawn: %s", file, g->t->spec_name,
                   why.failed ? "out of memory" : why.data);
    else if ((rc = svg_keep(g->t, to, raw.data, &svg)) == 0)
        rc = out_add(to->out, file, &svg);
    buf_free(&raw);
    buf_free(&why);
    buf_free(&svg);
    return rc;
}

/* docs/<stem>.dot, and docs/<stem>.svg drawn from it when there is a
 * program to draw it with. */
static int add_files(docs_drawings *dd, const emit_to *to)
{
    int rc = 0;
    for (int i = 0; rc == 0 && i < dd->n; i++) {
        drawing *dr = &dd->d[i];
        hw_buf copy; /* out_add takes the text the program may still read */
        buf_init(&copy);
        buf_putn(&copy, dr->dot.data, dr->dot.len);
        rc = out_add(to->out, doc_fmt(&dd->g, "docs/%s.dot", dr->stem), &copy);
        buf_free(&copy);
        if (rc == 0 && dr->started)
            rc = finish_one(&dd->g, to, dr, doc_fmt(&dd->g, "docs/%s.svg", dr->stem));
    }
    return rc;
}

int docs_diagrams(const hw_target *t, const emit_to *to)
{
    docs_drawings *mine = NULL;
    docs_drawings *dd = to->drawings;
    if (!dd && docs_drawings_start(t, to, &mine) != 0) {
        docs_drawings_free(mine);
        return -1;
    }
    dd = dd ? dd : mine;
    int rc = dd ? add_files(dd, to) : 0;
    docs_drawings_free(mine);
    return rc;
}
