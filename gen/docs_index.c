/* docs_index.c - docs/index.md and docs/index.html (docs.h): every target
 * by slug, with what it has and links to its page and diagrams.
 */
#include <stdlib.h>
#include <string.h>

#include "docs.h"
#include "version.h"

static int by_slug(const void *a, const void *b)
{
    const hw_target *x = *(hw_target *const *)a, *y = *(hw_target *const *)b;
    return strcmp(x->slug ? x->slug : "", y->slug ? y->slug : "");
}

/* One target's row: what it is, what it has, and its diagrams. */
static void index_row(dgen *g, cJSON *arr, const hw_target *t)
{
    g->t = t;
    cJSON *o = jobj(arr, NULL);
    doc_put(o, "name", t->name ? t->name : t->id);
    doc_put(o, "slug", t->slug);
    doc_put(o, "kind", doc_kind_label(t->kind));
    doc_put(o, "vendor", doc_vendor(t->vendor));
    doc_put(o, "source", t->source);
    doc_put(o, "spec", doc_code(g, t->spec_name));
    doc_put(o, "contents", doc_contents(g, t));
    cJSON *dia = jarr(o, "diagrams");
    for (int k = 0; k < t->nmethodologies; k++) {
        const hw_methodology *m = &t->methodologies[k];
        cJSON *x = jobj(dia, NULL);
        const char *stem = doc_method_stem(g, m);
        doc_put(x, "svg", doc_fmt(g, "%s.svg", stem));
        doc_put(x, "dot", doc_fmt(g, "%s.dot", stem));
        doc_put(x, "title", m->title ? m->title : m->name);
    }
}

/* Every target by slug. */
static cJSON *index_data(dgen *g, hw_target *const *targets, int n)
{
    cJSON *data = cJSON_CreateObject();
    doc_put(data, "version", HWCGEN_VERSION);
    cJSON *arr = jarr(data, "targets");
    const hw_target **sorted =
        arena_alloc(g->a, ((size_t)n + 1) * sizeof *sorted);
    if (!sorted)
        return data; /* never rendered: the arena has failed */
    for (int i = 0; i < n; i++)
        sorted[i] = targets[i];
    qsort(sorted, (size_t)n, sizeof *sorted, by_slug);
    for (int i = 0; i < n; i++)
        index_row(g, arr, sorted[i]);
    g->t = NULL; /* the index is no one target's */
    return data;
}

int docs_index(hw_target *const *targets, int n, int html, const emit_to *to)
{
    dgen g = {NULL, arena_create(), html, NULL, {{NULL}, 0}, NULL};
    if (!g.a) {
        diag_error(to->d, NULL, "out of memory");
        return -1;
    }
    int rc = doc_render(&g, to, html ? "docs_index.html" : "docs_index.md",
                        index_data(&g, targets, n),
                        html ? MU_ESCAPE_HTML : MU_ESCAPE_MARKDOWN,
                        html ? "docs/index.html" : "docs/index.md");
    arena_free(g.a);
    return rc;
}
