/* docs_common.c - what every docs file builds with (docs.h): arena strings,
 * template data, markup per format, and the names of things and files the
 * page, the diagrams and the index share. Calls no other docs file.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "emit/docs/docs.h"
#include "core/expr.h"
#include "core/names.h"
#include "core/oa.h"
#include "plan/plan_perf_expr.h"

/* ---- rendering ----------------------------------------------------------- */

/* The one memory check of a docs file: nothing is rendered after a failed
 * allocation, so a failure never yields a shorter file. */
int doc_render(dgen *g, const emit_to *to, const char *name, cJSON *data,
               mu_escape escape, const char *file)
{
    int rc = -1;
    if (arena_failed(g->a))
        diag_error(to->d, NULL, "out of memory building the docs of %s",
                   g->t ? g->t->spec_name : "every spec");
    else
        rc = render_file(to, name, data, escape, file);
    cJSON_Delete(data);
    return rc;
}

/* ---- strings ------------------------------------------------------------- */

const char *doc_take(dgen *g, hw_buf *b)
{
    const char *s = arena_take(g->a, b);
    return s ? s : "";
}

const char *doc_fmt(dgen *g, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    hw_buf b;
    buf_init(&b);
    buf_vprintf(&b, f, ap);
    va_end(ap);
    return doc_take(g, &b);
}

const char *doc_num(dgen *g, double v)
{
    char num[40];
    expr_format_number(num, sizeof num, v);
    return doc_fmt(g, "%s", num);
}

/* ---- template data ------------------------------------------------------- */

void doc_put(cJSON *o, const char *key, const char *s)
{
    if (s)
        cJSON_AddStringToObject(o, key, s);
    else
        cJSON_AddNullToObject(o, key);
}

/* Neither key nor string copied: a page's rows are most of its nodes, and
 * copying every string into its node was a third of building them. */
void doc_ref(cJSON *o, const char *key, const char *s)
{
    cJSON_AddItemToObjectCS(o, key, s ? cJSON_CreateStringReference(s) : cJSON_CreateNull());
}

void doc_has(cJSON *obj, const char *key)
{
    char name[64];
    snprintf(name, sizeof name, "has_%s", key);
    const cJSON *arr = cJSON_GetObjectItem(obj, key);
    jbool(obj, name, arr && arr->child);
}

cJSON *doc_item(cJSON *arr, const char *raw, const char *detail)
{
    cJSON *o = jobj(arr, NULL);
    doc_ref(o, "link", raw);
    doc_ref(o, "detail", detail);
    jbool(o, "first", arr && arr->child == o); /* O(1): arrays get long */
    return o;
}

void doc_pair(cJSON *arr, const char *label, const char *raw)
{
    if (!raw)
        return;
    cJSON *o = jobj(arr, NULL);
    doc_ref(o, "label", label);
    doc_ref(o, "value", raw);
    jbool(o, "first", arr && arr->child == o); /* O(1): arrays get long */
}

/* ---- markup -------------------------------------------------------------- */

const char *doc_esc(dgen *g, const char *s)
{
    hw_buf b;
    buf_init(&b);
    mu_escape_append(&b, s ? s : "",
                     g->html ? MU_ESCAPE_HTML : MU_ESCAPE_MARKDOWN);
    return doc_take(g, &b);
}

/* HTML text of a name: escaped, with no place to break inside it. A name
 * stays on one line (the pages' stylesheet keeps a code span whole; on a
 * phone only a name longer than the line wraps), so that CPU_CYCLES never
 * ends a line as "CPU_" and a column is as wide as its longest name.
 * `after` (NULL: none): characters a line may break after, for a list of
 * terms spelled as one word ("event=0x11,umask=0x2") or a path. A word at
 * a time, then the character after it: a perf tree's pages hold a
 * million names. */
static void name_to(hw_buf *b, const char *s, const char *after)
{
    for (const char *p = s; *p; p++) {
        size_t n = strcspn(p, "&<>\"");
        if (after) {
            size_t k = strcspn(p, after);
            n = k < n ? k : n;
        }
        buf_putn(b, p, n);
        p += n;
        switch (*p) {
        case '\0': return;
        case '&': buf_puts(b, "&amp;"); break;
        case '<': buf_puts(b, "&lt;"); break;
        case '>': buf_puts(b, "&gt;"); break;
        case '"': buf_puts(b, "&quot;"); break;
        default: buf_putc(b, *p);
        }
        if (after && strchr(after, *p) && p[1])
            buf_puts(b, "<wbr>");
    }
}

const char *doc_name_html(dgen *g, const char *s)
{
    hw_buf b;
    buf_init(&b);
    name_to(&b, s ? s : "", "/");
    return doc_take(g, &b);
}

const char *doc_printed_html(dgen *g, const char *s)
{
    hw_buf b;
    buf_init(&b);
    name_to(&b, s ? s : "", "(/,");
    return doc_take(g, &b);
}

/* Markdown backticks hold text raw, so text that could end the span or the
 * table cell falls back to escaped plain text. */
void doc_code_to(dgen *g, hw_buf *b, const char *s)
{
    if (g->html) {
        buf_puts(b, "<code>");
        name_to(b, s, NULL);
        buf_puts(b, "</code>");
    } else if (*s == '\0' || strpbrk(s, "`|\r\n") || s[0] == ' ' ||
               s[strlen(s) - 1] == ' ') {
        mu_escape_append(b, s, MU_ESCAPE_MARKDOWN);
    } else {
        buf_printf(b, "`%s`", s);
    }
}

void doc_code_breaks_to(dgen *g, hw_buf *b, const char *s, const char *more)
{
    if (!g->html) {
        doc_code_to(g, b, s);
        return;
    }
    buf_puts(b, "<code class=\"terms\">");
    name_to(b, s, more);
    buf_puts(b, "</code>");
}

const char *doc_code(dgen *g, const char *s)
{
    if (!s)
        return NULL;
    hw_buf b;
    buf_init(&b);
    doc_code_to(g, &b, s);
    return doc_take(g, &b);
}

const char *doc_em(dgen *g, const char *raw)
{
    return doc_fmt(g, g->html ? "<em>%s</em>" : "*%s*", raw ? raw : "");
}

/* Only [A-Za-z0-9_-], so ids are safe raw in HTML attributes and Markdown
 * link targets. */
static void anchor_to(hw_buf *b, const char *prefix, const char *name)
{
    buf_puts(b, prefix);
    for (const char *p = name ? name : ""; *p; p++) {
        char c = *p;
        int safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                   (c >= '0' && c <= '9') || c == '_' || c == '-';
        buf_putc(b, safe ? c : '-');
    }
}

void doc_anchor_to(hw_buf *b, const char *prefix, const char *name)
{
    anchor_to(b, prefix, name);
}

const char *doc_anchor(dgen *g, const char *prefix, const char *name)
{
    hw_buf b;
    buf_init(&b);
    anchor_to(&b, prefix, name);
    return doc_take(g, &b);
}

const char *doc_link(dgen *g, const char *id, const char *raw)
{
    if (g->html)
        return doc_fmt(g, "<a href=\"#%s\">%s</a>", id, raw);
    return doc_fmt(g, "[%s](#%s)", raw, id);
}

void doc_code_link_to(dgen *g, hw_buf *b, const char *prefix,
                      const char *name)
{
    buf_puts(b, g->html ? "<a href=\"#" : "[");
    if (g->html) {
        anchor_to(b, prefix, name);
        buf_puts(b, "\">");
    }
    doc_code_to(g, b, name);
    buf_puts(b, g->html ? "</a>" : "](#");
    if (!g->html) {
        anchor_to(b, prefix, name);
        buf_putc(b, ')');
    }
}

const char *doc_code_link(dgen *g, const char *prefix, const char *name)
{
    hw_buf b;
    buf_init(&b);
    doc_code_link_to(g, &b, prefix, name);
    return doc_take(g, &b);
}

const char *doc_event_link(dgen *g, int i)
{
    return doc_ref_link(g, REF_EVENT, i);
}

const char *doc_ref_anchor(dgen *g, hw_ref_kind k, int i)
{
    const char *own = (k == REF_EVENT || k == REF_METRIC) && g->ref_anchor[k]
                          ? g->ref_anchor[k][i]
                          : NULL;
    return own ? own : doc_anchor(g, doc_ref_prefix(k), ir_ref_name(g->t, k, i));
}

const char *doc_ref_link(dgen *g, hw_ref_kind k, int i)
{
    if (!g->perf)
        return doc_code_link(g, doc_ref_prefix(k), ir_ref_name(g->t, k, i));
    return doc_link(g, doc_ref_anchor(g, k, i), doc_code(g, ir_ref_name(g->t, k, i)));
}

/* ---- text with code spans ------------------------------------------------ */

/* Spec texts may name the spec's own fields, which a reader of the page
 * does not see: those code spans become what the page shows instead. */
static const struct {
    const char *field;
    const char *words;  /* in their place */
    const char *anchor; /* where the page shows it, or NULL */
} spec_fields[] = {
    {"properties.provenance", "a Reconstructed remark on its row", NULL},
    {"properties.reconstruction", "the kind of repair", NULL},
};

static const char *code_span(dgen *g, const char *code)
{
    for (size_t i = 0; i < sizeof spec_fields / sizeof spec_fields[0]; i++) {
        if (strcmp(code, spec_fields[i].field) != 0)
            continue;
        const char *w = doc_esc(g, spec_fields[i].words);
        return spec_fields[i].anchor ? doc_link(g, spec_fields[i].anchor, w)
                                     : w;
    }
    return doc_code(g, code);
}

const char *doc_text(dgen *g, const char *s)
{
    if (!s)
        return NULL;
    hw_buf b;
    buf_init(&b);
    const char *p = s;
    for (;;) {
        const char *open = strchr(p, '`');
        const char *close = open ? strchr(open + 1, '`') : NULL;
        if (!close || close == open + 1 || memchr(open, '\n', (size_t)(close - open))) {
            buf_puts(&b, doc_esc(g, p));
            break;
        }
        const char *before = arena_strndup(g->a, p, (size_t)(open - p));
        const char *code =
            arena_strndup(g->a, open + 1, (size_t)(close - open - 1));
        if (!before || !code)
            break; /* the arena remembers: nothing renders */
        buf_puts(&b, doc_esc(g, before));
        buf_puts(&b, code_span(g, code));
        p = close + 1;
    }
    return doc_take(g, &b);
}

/* ---- what a target is and has -------------------------------------------- */

const char *doc_vendor(const char *vendor)
{
    static const struct {
        const char *id, *name;
    } known[] = {{"arm", "Arm"},         {"intel", "Intel"},
                 {"amd", "AMD"},         {"nvidia", "NVIDIA"},
                 {"qualcomm", "Qualcomm"}, {"imagination", "Imagination"},
                 {"apple", "Apple"},     {"samsung", "Samsung"}};
    for (size_t i = 0; vendor && i < sizeof known / sizeof known[0]; i++)
        if (strcmp(vendor, known[i].id) == 0)
            return known[i].name;
    return vendor;
}

const char *doc_kind_label(const char *kind)
{
    if (!kind)
        return "target";
    if (strcmp(kind, "cpu") == 0)
        return "CPU";
    if (strcmp(kind, "gpu") == 0)
        return "GPU";
    if (strcmp(kind, "model") == 0)
        return "Performance model";
    /* a perf tree's directories (load_perf_tree.c) */
    if (strcmp(kind, "sys") == 0)
        return "SoC PMUs";
    if (strcmp(kind, "arch") == 0)
        return "Architecture";
    return kind;
}

/* An Intel OA platform's sets, counters and register writes. */
static void oa_contents(hw_buf *b, const hw_oa_metrics *m)
{
    int counters = 0, writes = 0;
    for (int s = 0; s < m->nsets; s++) {
        counters += m->sets[s].ncounters;
        for (int k = 0; k < m->sets[s].nconfigs; k++)
            writes += m->sets[s].configs[k].nregs;
    }
    buf_printf(b, "%s%d metric set%s, %d counters, %d register writes", b->len ? ", " : "",
               m->nsets, m->nsets == 1 ? "" : "s", counters, writes);
}

const char *doc_contents(dgen *g, const hw_target *t)
{
    hw_buf b;
    buf_init(&b);
    if (t->nevents)
        buf_printf(&b, "%d %s", t->nevents, t->nblocks ? "counters" : "events");
    if (t->nconstants)
        buf_printf(&b, "%s%d constants", b.len ? ", " : "", t->nconstants);
    if (t->ninputs)
        buf_printf(&b, "%s%d inputs", b.len ? ", " : "", t->ninputs);
    if (t->nmetrics)
        buf_printf(&b, "%s%d %s", b.len ? ", " : "", t->nmetrics,
                   t->nsections ? "series"
                   : t->ninputs ? "formula steps"
                                : "metrics");
    if (t->nmethodologies)
        buf_printf(&b, "%s%d %s", b.len ? ", " : "", t->nmethodologies,
                   t->nmethodologies == 1 ? "methodology" : "methodologies");
    if (t->nenums)
        buf_printf(&b, "%s%d encodings", b.len ? ", " : "", t->nenums);
    if (t->nreports)
        buf_printf(&b, "%s%d report formats", b.len ? ", " : "", t->nreports);
    if (t->nnotes)
        buf_printf(&b, "%s%d notes", b.len ? ", " : "", t->nnotes);
    if (t->oa)
        oa_contents(&b, t->oa);
    int cpus = 0;
    for (int i = 0; i < t->nmapfile_lines; i++)
        cpus += doc_mapfile_row(t, i);
    if (cpus)
        buf_printf(&b, "%s%d CPU%s in its mapfile", b.len ? ", " : "", cpus, cpus == 1 ? "" : "s");
    return doc_take(g, &b);
}

int doc_mapfile_row(const hw_target *t, int i)
{
    const char *line = t->mapfile_lines[i];
    return i > 0 && *line && *line != '\r' && *line != '#';
}

const char *doc_method_stem(dgen *g, const hw_methodology *m)
{
    char buf[128];
    name_slug(m->name ? m->name : "methodology", '-', buf, sizeof buf);
    size_t n = strlen(buf);
    static const char suffix[] = "-methodology";
    if (n > sizeof suffix - 1 &&
        strcmp(buf + n - (sizeof suffix - 1), suffix) == 0)
        buf[n - (sizeof suffix - 1)] = '\0';
    return doc_fmt(g, "%s-%s", g->t->slug, buf[0] ? buf : "methodology");
}

const char *doc_stage_title(dgen *g, const char *name)
{
    char *s = arena_strdup(g->a, name ? name : "");
    if (!s)
        return "";
    for (char *p = s; *p; p++)
        if (*p == '_')
            *p = ' ';
    if (s[0] >= 'a' && s[0] <= 'z')
        s[0] = (char)(s[0] - 'a' + 'A');
    return s;
}

const char *doc_group_name(dgen *g, const char *name)
{
    /* a perf tree's names are perf's already */
    if (!name || !g->t || !target_is_cpu_pmu(g->t) || target_is_perf_tree(g->t))
        return name;
    const char *s = perf_group_name(g->a, name);
    return s ? s : "";
}

/* ---- what a metric reads ------------------------------------------------- */

size_t doc_ref_count(const hw_target *t, hw_ref_kind k)
{
    switch (k) {
    case REF_EVENT:
        return (size_t)t->nevents;
    case REF_CONSTANT:
        return (size_t)t->nconstants;
    case REF_INPUT:
        return (size_t)t->ninputs;
    case REF_METRIC:
        return (size_t)t->nmetrics;
    default:
        return 0;
    }
}

const char *doc_ref_prefix(hw_ref_kind k)
{
    switch (k) {
    case REF_EVENT:
        return "ev-";
    case REF_CONSTANT:
        return "c-";
    case REF_INPUT:
        return "in-";
    case REF_METRIC:
        return "m-";
    default:
        return NULL;
    }
}

int doc_ref_bound(const hw_expr *ref)
{
    return ref->ref > REF_UNRESOLVED && ref->ref <= REF_METRIC &&
           ref->index >= 0;
}

void doc_seen_init(dgen *g, ref_seen *s)
{
    s->list = 0;
    for (int k = 0; k <= REF_METRIC; k++) {
        size_t n = doc_ref_count(g->t, (hw_ref_kind)k) + 1;
        s->mark[k] = arena_alloc(g->a, n * sizeof *s->mark[k]);
    }
}

int doc_first_sight(ref_seen *s, hw_ref_kind k, int i)
{
    if (s->mark[k][i] == s->list)
        return 0;
    s->mark[k][i] = s->list;
    return 1;
}
