/* docs_index.c - docs/index.md and docs/index.html (docs.h): every target
 * by slug, with what it has and links to its page and diagrams.
 */
#include <stdlib.h>
#include <string.h>

#include "emit/docs/docs.h"
#include "core/spdx.h"
#include "core/version.h"

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
        doc_put(x, "svg", g->drawn ? doc_fmt(g, "%s.svg", stem) : NULL);
        doc_put(x, "dot", doc_fmt(g, "%s.dot", stem));
        doc_put(x, "title", m->title ? m->title : m->name);
    }
}

/* Rows by slug: the index lists targets in a fixed order. */
static int by_slug(const void *a, const void *b)
{
    const cJSON *x = *(const cJSON *const *)a, *y = *(const cJSON *const *)b;
    const char *sx = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "slug"));
    const char *sy = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(y, "slug"));
    return strcmp(sx ? sx : "", sy ? sy : "");
}

static const char *index_file(int html)
{
    return html ? "docs/index.html" : "docs/index.md";
}

int docs_index_rows(const hw_target *t, const emit_to *to)
{
    for (int html = 0; html <= 1; html++) {
        dgen g = {.t = t, .a = arena_create(), .html = html, .drawn = to->dot != NULL};
        cJSON *rows = g.a ? cJSON_CreateArray() : NULL;
        if (rows)
            index_row(&g, rows, t);
        cJSON *row = rows && !arena_failed(g.a) ? cJSON_DetachItemFromArray(rows, 0) : NULL;
        cJSON_Delete(rows);
        arena_free(g.a);
        if (out_row(to->out, index_file(html), row) != 0) {
            diag_error(to->d, NULL, "out of memory building the docs index row of %s",
                       t->spec_name);
            return -1;
        }
    }
    return 0;
}

/* Every row the targets put in this index, by slug. */
static cJSON *index_data(const out_set *out, int html)
{
    cJSON *data = cJSON_CreateObject();
    cJSON_AddStringToObject(data, "version", HWCGEN_VERSION);
    /* built from every target: hwcgen's own licence, whatever theirs */
    cJSON_AddStringToObject(data, "license", SPDX_OWN);
    cJSON *arr = cJSON_AddArrayToObject(data, "targets");
    int n = cJSON_GetArraySize(out->rows);
    const cJSON **rows = calloc((size_t)n + 1, sizeof *rows);
    if (!rows || !arr) {
        free(rows);
        cJSON_Delete(data);
        return NULL;
    }
    int k = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, out->rows)
        if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "file")),
                   index_file(html)) == 0)
            rows[k++] = cJSON_GetObjectItemCaseSensitive(r, "row");
    qsort(rows, (size_t)k, sizeof *rows, by_slug);
    for (int i = 0; i < k; i++)
        cJSON_AddItemToArray(arr, cJSON_Duplicate(rows[i], 1));
    free(rows);
    return data;
}

int docs_index(int html, const emit_to *to)
{
    /* no target has a page (a perf tree alone): no index of nothing */
    int rows = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, to->out->rows)
        rows += strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "file")),
                       index_file(html)) == 0;
    if (!rows)
        return 0;
    cJSON *data = index_data(to->out, html);
    int rc = data ? render_file(to, html ? "docs_index.html" : "docs_index.md", data,
                                html ? MU_ESCAPE_HTML : MU_ESCAPE_MARKDOWN, index_file(html))
                  : -1;
    if (!data)
        diag_error(to->d, NULL, "out of memory building the docs index");
    cJSON_Delete(data);
    return rc;
}
