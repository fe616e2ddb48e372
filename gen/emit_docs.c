/* emit_docs.c - reference documentation generated from the IR.
 *
 * For every target: docs/<slug>.md and docs/<slug>.html (one page each,
 * the same content), docs/<slug>-<method>.dot per methodology (stages and
 * decision tree) and docs/<slug>-metrics.dot (what each metric reads). For
 * all targets together: docs/index.md and docs/index.html.
 *
 * One data builder serves both page formats. Plain text goes into the data
 * as is and the template escapes it (MU_ESCAPE_MARKDOWN or MU_ESCAPE_HTML);
 * the few fragments that carry markup - code spans, links, formulas with
 * linked names - are built here per format from escaped pieces and are
 * rendered raw ({{{x}}}). Anchors are made of [A-Za-z0-9_-] only, so they
 * are safe raw in both formats.
 *
 * The page is generic over the IR: each part appears when the target has
 * what it shows (events, constants, inputs, metrics, methodologies,
 * registers, layouts, enums and their rules, report layouts, notes).
 * Every list is in spec order, or in an order stated where it is built.
 * The DOT files are plain text; hwcgen never runs Graphviz itself.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cjson_alloc.h"
#include "emit.h"
#include "expr.h"
#include "inputs.h"
#include "interp.h"
#include "names.h"
#include "render.h"
#include "version.h"

/* ---- worked examples ----------------------------------------------------
 *
 * Input sets whose results the source document states, evaluated by the
 * interpreter for the docs. The spec schemas have no place for examples, so
 * they live here, keyed by target id; a target without rows gets no table.
 */
enum { DOC_EXAMPLE_INPUTS = 4 };

typedef struct doc_example {
    const char *target;                     /* hw_target.id */
    const char *label;                      /* where the source gives it */
    const char *inputs[DOC_EXAMPLE_INPUTS]; /* input names, NULL-padded */
    double values[DOC_EXAMPLE_INPUTS];
    const char *expected; /* the result as the source prints it */
} doc_example;

static const doc_example doc_examples[] = {
    {"mali_t624_model",
     "Section 13.3 worked example: 256 work-items in groups of 2",
     {"wl", "gs", "I", "F"},
     {256, 2, 5e6, 600e6},
     "533.33 ms"},
    {"mali_t624_model",
     "Section 7.2: 38 work-groups of one work-item",
     {"wl", "gs", "I", "F"},
     {38, 1, 2e6, 700e6},
     "108.57 ms"},
    {"mali_t624_model",
     "Section 7.2: 39 work-groups of one work-item",
     {"wl", "gs", "I", "F"},
     {39, 1, 2e6, 700e6},
     "111.43 ms"},
    {"mali_t624_model",
     "Section 7.2: 50 work-groups of one work-item",
     {"wl", "gs", "I", "F"},
     {50, 1, 2e6, 700e6},
     "142.86 ms"},
    {"mali_t624_model",
     "Sections 9.2 and 10.1: one work-item, 3 million instructions",
     {"wl", "gs", "I", "F"},
     {1, 1, 3e6, 600e6},
     "190 ms"},
};

/* ---- the builder --------------------------------------------------------- */

typedef struct dgen {
    const hw_target *t;
    hw_arena *a;     /* where strings go now: page or item */
    hw_arena *page;  /* strings that live until rendering is done */
    hw_arena *item;  /* strings and nodes of one lazily built item */
    int html;        /* building the HTML page (else Markdown) */
    int oom;         /* some allocation failed */
    char *ev_placed; /* event anchor already on the page */
    char *m_placed;  /* metric anchor already on the page */
    /* Built once per page, as every metric that reads an event links it:
     * event i's link and detail (ev_known[i]: both are set, NULL or not). */
    const char **ev_link;
    const char **ev_detail;
    char *ev_known;
    /* A metric's "uses" list holds (kind, index) when stamp[kind][index]
     * equals its serial: a fresh set per metric at no cost. */
    int *stamp[REF_METRIC + 1];
    int serial;
    /* Where the leaf helpers (fmt, esc, anchor) build their text before
     * it is copied into the arena: one buffer reused, not one malloc'd
     * per string. They call no helper while building, so it is never in
     * use twice. */
    hw_buf scratch;
} dgen;

/* Every string helper returns text, never NULL: an allocation failure
 * yields "" and marks the page, which is then not emitted. */
static const char *ok(dgen *g, const char *s)
{
    if (!s) {
        g->oom = 1;
        return "";
    }
    return s;
}

/* An allocation that must not be NULL; marks the page when it is. */
static int missing(dgen *g, const void *p)
{
    if (!p)
        g->oom = 1;
    return p == NULL;
}

/* The buffer's text as an arena string; the buffer is freed. */
static const char *take(dgen *g, hw_buf *b)
{
    if (b->failed)
        g->oom = 1;
    const char *s = ok(g, arena_strdup(g->a, b->data ? b->data : ""));
    buf_free(b);
    return s;
}

/* The scratch buffer's text as an arena string; the buffer is emptied. */
static const char *take_scratch(dgen *g)
{
    hw_buf *b = &g->scratch;
    if (b->failed)
        g->oom = 1;
    const char *s = ok(g, arena_strndup(g->a, b->data ? b->data : "", b->len));
    buf_reset(b);
    return s;
}

/* A formatted arena string. */
__attribute__((format(printf, 2, 3))) static const char *fmt(dgen *g,
                                                             const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    buf_vprintf(&g->scratch, f, ap);
    va_end(ap);
    return take_scratch(g);
}

/* Template data: a missing string becomes null, which is falsy and, unlike
 * a missing key, stops Mustache from finding the name further out.
 * Neither key nor value is copied: keys are literals, and values are
 * strings of the page's arena or the IR, which outlive the data. */
static void put(cJSON *o, const char *key, const char *s)
{
    cJSON *v = s ? cJSON_CreateStringReference(s) : cJSON_CreateNull();
    if (v && !cJSON_AddItemToObjectCS(o, key, v))
        cJSON_Delete(v); /* `o` itself was lost to out-of-memory */
}

/* has_<key>: the list is not empty (Mustache has no index lookups). */
static void has(cJSON *obj, const char *key)
{
    char name[64];
    snprintf(name, sizeof name, "has_%s", key);
    const cJSON *arr = cJSON_GetObjectItem(obj, key);
    jbool(obj, name, arr && arr->child);
}

static const char *esc(dgen *g, const char *s)
{
    mu_escape_append(&g->scratch, s ? s : "",
                     g->html ? MU_ESCAPE_HTML : MU_ESCAPE_MARKDOWN);
    return take_scratch(g);
}

/* A code span: Markdown backticks hold text raw, so text that could end
 * the span or the table cell falls back to escaped plain text. */
static const char *code(dgen *g, const char *s)
{
    if (!s)
        return NULL;
    if (g->html)
        return fmt(g, "<code>%s</code>", esc(g, s));
    if (*s == '\0' || strpbrk(s, "`|\r\n") || s[0] == ' ' ||
        s[strlen(s) - 1] == ' ')
        return esc(g, s);
    return fmt(g, "`%s`", s);
}

static const char *em(dgen *g, const char *raw)
{
    return fmt(g, g->html ? "<em>%s</em>" : "*%s*", raw ? raw : "");
}

/* Label: escaped text, for remarks inside cells. */
static const char *remark(dgen *g, const char *label, const char *raw)
{
    return fmt(g, "%s %s", em(g, esc(g, label)), raw ? raw : "");
}

/* An id for prefix + name: characters outside [A-Za-z0-9_-] become '-',
 * so ids are safe raw in HTML attributes and Markdown link targets. */
static const char *anchor(dgen *g, const char *prefix, const char *name)
{
    hw_buf *b = &g->scratch;
    buf_puts(b, prefix);
    for (const char *p = name ? name : ""; *p; p++) {
        char c = *p;
        int safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                   (c >= '0' && c <= '9') || c == '_' || c == '-';
        buf_putc(b, safe ? c : '-');
    }
    return take_scratch(g);
}

static const char *link(dgen *g, const char *id, const char *raw)
{
    if (g->html)
        return fmt(g, "<a href=\"#%s\">%s</a>", id, raw);
    return fmt(g, "[%s](#%s)", raw, id);
}

static const char *code_link(dgen *g, const char *prefix, const char *name)
{
    return link(g, anchor(g, prefix, name), code(g, name));
}

static const char *fmt_num(dgen *g, double v)
{
    char num[40];
    expr_format_number(num, sizeof num, v);
    return ok(g, arena_strdup(g->a, num));
}

/* Numbers people read: 600e6 rather than 6e+08, 533.333 for results. */
static const char *readable_num(dgen *g, double v)
{
    if (isnan(v))
        return "NaN";
    if (v == floor(v) && fabs(v) < 1e15) {
        if (fabs(v) >= 1e6 && fmod(v, 1e6) == 0)
            return fmt(g, "%.0fe6", v / 1e6);
        return fmt(g, "%.0f", v);
    }
    return fmt(g, "%.6g", v);
}

static const char *binary(dgen *g, uint32_t v, int width)
{
    char bits[40];
    int w = width > 0 && width <= 32 ? width : 1;
    while (w < 32 && (v >> w))
        w++;
    for (int i = 0; i < w; i++)
        bits[i] = (char)('0' + ((v >> (w - 1 - i)) & 1u));
    bits[w] = '\0';
    return fmt(g, "0b%s", bits);
}

static const char *kind_label(const char *kind)
{
    if (!kind)
        return "target";
    if (strcmp(kind, "cpu") == 0)
        return "CPU";
    if (strcmp(kind, "gpu") == 0)
        return "GPU";
    if (strcmp(kind, "model") == 0)
        return "Performance model";
    return kind;
}

/* Items of a list joined by the template: each knows whether it is first. */
static cJSON *list_item(cJSON *arr, const char *raw, const char *detail)
{
    cJSON *o = jobj(arr, NULL);
    put(o, "link", raw);
    put(o, "detail", detail);
    jbool(o, "first", arr && arr->child == o); /* O(1): arrays get long */
    return o;
}

/* ---- descriptions -------------------------------------------------------
 *
 * Text split into blocks at blank lines; a block whose lines all start with
 * "- " is a list. Anything else keeps its words (newlines become spaces when
 * escaped for Markdown, and are plain whitespace in HTML). */
static void desc_blocks(dgen *g, cJSON *parent, const char *key,
                        const char *text)
{
    cJSON *arr = jarr(parent, key);
    if (!text)
        return;
    const char *p = text;
    while (*p) {
        while (*p == '\n' || *p == '\r')
            p++;
        if (!*p)
            break;
        const char *end = strstr(p, "\n\n");
        size_t len = end ? (size_t)(end - p) : strlen(p), n = len;
        while (n > 0 && (p[n - 1] == '\n' || p[n - 1] == '\r'))
            n--;
        char *block = arena_strndup(g->a, p, n);
        if (missing(g, block))
            return;
        int list = block[0] == '-' && block[1] == ' ';
        for (const char *q = strchr(block, '\n'); list && q;
             q = strchr(q + 1, '\n'))
            list = q[1] == '-' && q[2] == ' ';
        cJSON *o = jobj(arr, NULL);
        jbool(o, "is_list", list);
        if (list) {
            put(o, "text", NULL);
            cJSON *items = jarr(o, "items");
            for (char *line = block; line;) {
                char *nl = strchr(line, '\n');
                if (nl)
                    *nl = '\0';
                cJSON *it = jobj(items, NULL);
                put(it, "text", line + 2);
                line = nl ? nl + 1 : NULL;
            }
        } else {
            put(o, "text", block);
            jarr(o, "items");
        }
        p += len;
    }
}

/* ---- links to things on the page ----------------------------------------- */

static const char *event_detail(dgen *g, int i);

/* Event i's link and detail, from the page's cache when there is one. */
static const char *event_link_detail(dgen *g, int i, const char **detail)
{
    if (g->ev_known && g->ev_known[i]) {
        *detail = g->ev_detail[i];
        return g->ev_link[i];
    }
    hw_arena *now = g->a;
    if (g->ev_known)
        g->a = g->page; /* cached for the page, not for one item */
    const char *link = code_link(g, "ev-", g->t->events[i].name);
    *detail = event_detail(g, i);
    g->a = now;
    if (g->ev_known) {
        g->ev_link[i] = link;
        g->ev_detail[i] = *detail;
        g->ev_known[i] = 1;
    }
    return link;
}

static const char *event_link(dgen *g, int i)
{
    const char *detail;
    return event_link_detail(g, i, &detail);
}

static const char *ref_link(dgen *g, hw_ref_kind k, int i)
{
    const hw_target *t = g->t;
    switch (k) {
    case REF_EVENT:
        return event_link(g, i);
    case REF_CONSTANT:
        return code_link(g, "c-", t->constants[i].name);
    case REF_INPUT:
        return code_link(g, "in-", t->inputs[i].name);
    case REF_METRIC:
        return code_link(g, "m-", t->metrics[i].name);
    default:
        return NULL;
    }
}

static int find_register(const hw_target *t, const char *name)
{
    for (int i = 0; name && i < t->nregisters; i++)
        if (strcmp(t->registers[i].name, name) == 0)
            return i;
    return -1;
}

static int find_layout(const hw_target *t, const char *name)
{
    for (int i = 0; name && i < t->nlayouts; i++)
        if (strcmp(t->layouts[i].name, name) == 0)
            return i;
    return -1;
}

static int find_report(const hw_target *t, const char *name)
{
    for (int i = 0; name && i < t->nreports; i++)
        if (strcmp(t->reports[i].name, name) == 0)
            return i;
    return -1;
}

/* A group name to a link: metric groups first (stages and decision trees
 * name those), then event groups, then metrics. Unknown: code text. */
static const char *group_or_metric_link(dgen *g, const char *name)
{
    const hw_target *t = g->t;
    if (ir_find_group(t, GROUP_METRICS, name) >= 0)
        return code_link(g, "mg-", name);
    if (ir_find_group(t, GROUP_EVENTS, name) >= 0)
        return code_link(g, "eg-", name);
    if (ir_find_metric(t, name) >= 0)
        return code_link(g, "m-", name);
    return code(g, name);
}

/* What a note's subject names, linked when it is something on the page. */
static const char *subject_link(dgen *g, const char *s)
{
    const hw_target *t = g->t;
    if (!s)
        return NULL;
    int i;
    if ((i = ir_find_event(t, s)) >= 0)
        return event_link(g, i);
    for (i = 0; i < t->nevents; i++)
        if (t->events[i].counter_id && strcmp(t->events[i].counter_id, s) == 0)
            return link(g, anchor(g, "ev-", t->events[i].name), code(g, s));
    if ((i = ir_find_metric(t, s)) >= 0)
        return code_link(g, "m-", s);
    if ((i = ir_find_constant(t, s)) >= 0)
        return code_link(g, "c-", s);
    if ((i = ir_find_input(t, s)) >= 0)
        return code_link(g, "in-", s);
    if ((i = ir_find_enum(t, s)) >= 0)
        return code_link(g, "enum-", s);
    if ((i = ir_find_block(t, s)) >= 0)
        return code_link(g, "blk-", s);
    if (find_layout(t, s) >= 0)
        return code_link(g, "lay-", s);
    if (find_register(t, s) >= 0)
        return code_link(g, "reg-", s);
    if (find_report(t, s) >= 0)
        return code_link(g, "rep-", s);
    if (ir_find_group(t, GROUP_METRICS, s) >= 0 ||
        ir_find_group(t, GROUP_EVENTS, s) >= 0)
        return group_or_metric_link(g, s);
    return esc(g, s);
}

/* ---- identity ------------------------------------------------------------ */

/* "132 events, 36 metrics": what the target has, zero counts left out. */
static const char *contents(dgen *g, const hw_target *t)
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
    return take(g, &b);
}

static void identity_row(cJSON *rows, const char *key, const char *raw)
{
    if (!raw)
        return;
    cJSON *o = jobj(rows, NULL);
    put(o, "key", key);
    put(o, "value", raw);
}

static void identity(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *rows = jarr(data, "identity");
    identity_row(rows, "Product", esc(g, t->name));
    identity_row(rows, "Kind", esc(g, kind_label(t->kind)));
    identity_row(rows, "Vendor", esc(g, t->vendor));
    identity_row(rows, "Source", esc(g, t->source));
    identity_row(rows, "Spec", code(g, t->spec_name));
    identity_row(rows, "Spec format", esc(g, t->format));
    identity_row(rows, "Identifier in generated code", code(g, t->id));
    if (t->kind && strcmp(t->kind, "cpu") == 0 && t->implementer) {
        uint32_t midr = t->implementer << 24 | 0xFu << 16 | t->part_num << 4;
        identity_row(rows, "Implementer",
                     code(g, fmt(g, "0x%02X", (unsigned)t->implementer)));
        identity_row(rows, "Part number",
                     code(g, fmt(g, "0x%03X", (unsigned)t->part_num)));
        identity_row(
            rows, "MIDR_EL1",
            fmt(g, "%s %s", code(g, fmt(g, "0x%08X", (unsigned)midr)),
                esc(g,
                    "(implementer << 24 | 0xF << 16 | part number << 4; "
                    "variant and revision 0; compare under mask 0xFF0FFFF0)")));
        identity_row(
            rows, "Revision",
            esc(g, fmt(g, "r%dp%d", t->major_revision, t->minor_revision)));
    }
    if (t->architecture)
        identity_row(rows, "Architecture", esc(g, t->architecture));
    if (t->pmu_architecture)
        identity_row(rows, "PMU architecture", esc(g, t->pmu_architecture));
    if (t->num_counters)
        identity_row(
            rows, "Programmable counters",
            esc(g, fmt(g, "%d (besides any cycle counter)", t->num_counters)));
    if (t->num_slots)
        identity_row(rows, "Slots",
                     esc(g, fmt(g, "%d operation slots per cycle (topdown)",
                                t->num_slots)));
    if (t->kind && strcmp(t->kind, "cpu") == 0)
        identity_row(rows, "Bus slots", esc(g, fmt(g, "%d", t->num_bus_slots)));
    identity_row(rows, "Contents", esc(g, contents(g, t)));
}

/* ---- events -------------------------------------------------------------- */

/* Register fields that program event i (flexible counters). */
static const char *programmed_by(dgen *g, int i)
{
    const hw_target *t = g->t;
    hw_buf b;
    buf_init(&b);
    for (int r = 0; r < t->nregisters; r++)
        for (int f = 0; f < t->registers[r].nfields; f++) {
            const hw_field *fd = &t->registers[r].fields[f];
            if (fd->event != i)
                continue;
            buf_printf(&b, "%s%s field %s", b.len ? ", " : "",
                       code_link(g, "reg-", t->registers[r].name),
                       code(g, fd->name));
            if (fd->layout >= 0)
                buf_printf(&b, " (%s)",
                           code_link(g, "lay-", t->layouts[fd->layout].name));
        }
    if (!b.len) {
        buf_free(&b);
        return NULL;
    }
    return take(g, &b);
}

/* ---- long lists, built while rendering -----------------------------------
 *
 * The event sections and the metric groups of a large spec hold most of a
 * page. They go into the data as mu_lazy_list nodes: each item is built
 * just before the template reaches it, into the item arena (strings and
 * cJSON nodes alike), and dropped after it, so the page never holds more
 * than one section of rows. Items are built in page order, as they were
 * when the whole tree came first, so anchors go to first appearances as
 * before; whatever outlives an item (the event link cache) is made in the
 * page arena. */

typedef struct lazy_items lazy_items;
/* Append item k to `into` (an array). */
typedef void (*lazy_build_fn)(dgen *g, const lazy_items *l, int k, cJSON *into);

struct lazy_items {
    mu_lazy_list list;
    dgen *g;
    lazy_build_fn build;
    const void *ctx;     /* the builder's own data */
    int *kind, *index;   /* what item k is, for the builder */
    cjson_pool_mark mark;
};

static cJSON *lazy_item(void *ctx, int k)
{
    lazy_items *l = ctx;
    dgen *g = l->g;
    l->mark = cjson_pool_push(g->item);
    g->a = g->item;
    cJSON *holder = cJSON_CreateArray();
    if (holder)
        l->build(g, l, k, holder);
    g->a = g->page;
    int failed = g->oom || arena_failed(g->item) || cjson_alloc_failures() > 0;
    return holder && !failed ? holder->child : NULL;
}

static void lazy_done(void *ctx, cJSON *item)
{
    (void)item;
    lazy_items *l = ctx;
    cjson_pool_pop(l->mark);
    arena_reset(l->g->item);
}

/* A lazy list of up to `cap` items under `key`; add items with lazy_add. */
static lazy_items *lazy_list(dgen *g, cJSON *obj, const char *key, int cap,
                             lazy_build_fn build, const void *ctx)
{
    lazy_items *l = arena_alloc(g->page, sizeof *l);
    int *kind = arena_alloc(g->page, (size_t)(cap + 1) * sizeof *kind);
    int *index = arena_alloc(g->page, (size_t)(cap + 1) * sizeof *index);
    if (missing(g, l) || missing(g, kind) || missing(g, index))
        return NULL;
    *l = (lazy_items){{0, lazy_item, lazy_done, l}, g, build, ctx, kind, index,
                      {NULL, 0}};
    cJSON *node = mu_lazy_node(&l->list);
    if (missing(g, node))
        return NULL;
    if (!cJSON_AddItemToObjectCS(obj, key, node)) {
        cJSON_Delete(node);
        g->oom = 1;
        return NULL;
    }
    return l;
}

static void lazy_add(lazy_items *l, int kind, int index)
{
    l->kind[l->list.count] = kind;
    l->index[l->list.count++] = index;
}

typedef struct ev_cols {
    int code, counter_id, block, index, width, reg, units;
} ev_cols;

static void event_row(dgen *g, cJSON *rows, int i, const ev_cols *cols)
{
    const hw_target *t = g->t;
    const hw_event *e = &t->events[i];
    cJSON *o = jobj(rows, NULL);
    put(o, "anchor", g->ev_placed[i] ? NULL : anchor(g, "ev-", e->name));
    g->ev_placed[i] = 1;
    put(o, "name", code(g, e->name));
    put(o, "code",
        cols->code && e->has_code ? fmt(g, "0x%04X", (unsigned)e->code) : "");
    put(o, "counter_id",
        cols->counter_id ? (e->counter_id ? code(g, e->counter_id) : "")
                         : NULL);
    put(o, "block",
        cols->block
            ? (e->block >= 0 ? code_link(g, "blk-", t->blocks[e->block].name)
                             : "")
            : NULL);
    put(o, "index", e->index >= 0 ? fmt(g, "%d", e->index) : "");
    put(o, "width", e->width ? fmt(g, "%d", e->width) : "");
    const char *reg = NULL;
    if (e->reg_name)
        reg = e->reg_upper ? fmt(g, "%s, %s", code(g, e->reg_name),
                                 code(g, e->reg_upper))
                           : code(g, e->reg_name);
    put(o, "reg", reg ? reg : "");
    put(o, "units", e->units);
    put(o, "title", e->title);
    put(o, "description", e->description);
    cJSON *rem = jarr(o, "remarks");
    if (e->hw_name && !e->counter_id)
        list_item(rem, remark(g, "Hardware name:", code(g, e->hw_name)), NULL);
    if (e->flags & EVENT_RECONSTRUCTED)
        list_item(rem,
                  remark(g, "Reconstructed:",
                         esc(g, e->note ? e->note
                                        : "row rebuilt from another source")),
                  NULL);
    else if (e->note)
        list_item(rem, remark(g, "Note:", esc(g, e->note)), NULL);
    if (e->flags & EVENT_HIDDEN)
        list_item(
            rem,
            remark(g, "Hidden:", esc(g, "not exposed to users by profilers")),
            NULL);
    if (e->flags & EVENT_FLEXIBLE) {
        const char *by = programmed_by(g, i);
        list_item(rem,
                  remark(g, "Flexible:",
                         by ? fmt(g, "%s %s", esc(g, "programmed by"), by)
                            : esc(g, "programmable counter")),
                  NULL);
    }
    if (e->multiplier != 0)
        list_item(rem,
                  remark(g, "Scaled:",
                         esc(g, fmt(g, "gatord multiplies the raw count by %s",
                                    fmt_num(g, e->multiplier)))),
                  NULL);
    if (e->advanced)
        list_item(
            rem,
            remark(g, "Advanced:", esc(g, "hidden by default in Streamline")),
            NULL);
}

static cJSON *event_section(cJSON *arr, const char *id, const char *title,
                            const char *name_raw, const char *intro)
{
    cJSON *s = jobj(arr, NULL);
    put(s, "anchor", id);
    put(s, "title", title);
    put(s, "name", name_raw);
    put(s, "intro", intro);
    jarr(s, "events");
    return s;
}

enum { SEC_GROUP, SEC_BLOCK, SEC_OTHER };

/* How the events page part is cut into sections (see events()). */
typedef struct ev_plan {
    ev_cols cols;
    int by_group, by_block;
    const char *done; /* event shown in a group or block section */
} ev_plan;

/* Event section k with its rows: a functional group, a block, or the
 * events neither placed. */
static void event_section_item(dgen *g, const lazy_items *l, int k, cJSON *into)
{
    const hw_target *t = g->t;
    const ev_plan *p = l->ctx;
    int i = l->index[k];
    cJSON *s;
    if (l->kind[k] == SEC_GROUP) {
        const hw_group *gr = &t->groups[i];
        s = event_section(into, anchor(g, "eg-", gr->name),
                          gr->title ? gr->title : gr->name, code(g, gr->name),
                          gr->description);
        cJSON *rows = cJSON_GetObjectItem(s, "events");
        for (int m = 0; m < gr->nmembers; m++) {
            int e = ir_find_event(t, gr->members[m]);
            if (e >= 0)
                event_row(g, rows, e, &p->cols);
        }
        return;
    }
    if (l->kind[k] == SEC_BLOCK) {
        const hw_block *bl = &t->blocks[i];
        const char *intro =
            bl->size ? fmt(g, "Block id %d, %d counters in the block.", bl->id,
                           bl->size)
                     : fmt(g, "Block id %d.", bl->id);
        s = event_section(into, anchor(g, "blk-", bl->name),
                          bl->title ? bl->title : bl->name, code(g, bl->name),
                          intro);
        cJSON *rows = cJSON_GetObjectItem(s, "events");
        for (int e = 0; e < t->nevents; e++)
            if (t->events[e].block == i)
                event_row(g, rows, e, &p->cols);
        return;
    }
    s = event_section(into, "other-events",
                      p->by_group || p->by_block ? "Other events" : "All events",
                      NULL, p->by_group ? "Events in no functional group." : NULL);
    cJSON *rows = cJSON_GetObjectItem(s, "events");
    for (int e = 0; e < t->nevents; e++)
        if (!p->done[e])
            event_row(g, rows, e, &p->cols);
}

static void events(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    if (!t->nevents) {
        jarr(data, "event_sections");
        return;
    }
    int by_group = 0;
    for (int i = 0; i < t->ngroups; i++)
        by_group |= t->groups[i].kind == GROUP_EVENTS;
    int by_block = !by_group && t->nblocks > 0;
    ev_cols c = {0};
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        c.code |= e->has_code;
        c.counter_id |= e->counter_id != NULL;
        c.block |= e->block >= 0 && !by_block;
        c.index |= e->index >= 0;
        c.width |= e->width != 0;
        c.reg |= e->reg_name != NULL;
        c.units |= e->units != NULL;
    }
    cJSON *cols = jobj(data, "ev_cols");
    jbool(cols, "code", c.code);
    jbool(cols, "counter_id", c.counter_id);
    jbool(cols, "block", c.block);
    jbool(cols, "index", c.index);
    jbool(cols, "width", c.width);
    jbool(cols, "reg", c.reg);
    jbool(cols, "units", c.units);
    jbool(data, "has_events", 1);
    put(data, "events_title", t->nblocks ? "Counters" : "Events");
    /* Blocks get their own table when the sections are functional groups. */
    cJSON *blocks = jarr(data, "blocks");
    for (int i = 0; !by_block && i < t->nblocks; i++) {
        const hw_block *bl = &t->blocks[i];
        cJSON *o = jobj(blocks, NULL);
        put(o, "anchor", anchor(g, "blk-", bl->name));
        put(o, "name", code(g, bl->name));
        put(o, "title", bl->title);
        put(o, "id", fmt(g, "%d", bl->id));
        put(o, "size", bl->size ? fmt(g, "%d", bl->size) : "");
    }
    has(data, "blocks");

    ev_plan *plan = arena_alloc(g->a, sizeof *plan);
    char *done = arena_alloc(g->a, (size_t)t->nevents + 1);
    if (missing(g, plan) || missing(g, done))
        return;
    *plan = (ev_plan){c, by_group, by_block, done};
    lazy_items *l = lazy_list(g, data, "event_sections",
                              t->ngroups + t->nblocks + 1, event_section_item, plan);
    if (!l)
        return;
    if (by_group) {
        /* functional groups in spec order, members in group order */
        for (int i = 0; i < t->ngroups; i++) {
            const hw_group *gr = &t->groups[i];
            if (gr->kind != GROUP_EVENTS)
                continue;
            lazy_add(l, SEC_GROUP, i);
            for (int k = 0; k < gr->nmembers; k++) {
                int e = ir_find_event(t, gr->members[k]);
                if (e >= 0)
                    done[e] = 1;
            }
        }
    } else if (by_block) {
        for (int b = 0; b < t->nblocks; b++) {
            lazy_add(l, SEC_BLOCK, b);
            for (int e = 0; e < t->nevents; e++)
                done[e] |= t->events[e].block == b;
        }
    }
    for (int e = 0; e < t->nevents; e++)
        if (!done[e]) {
            lazy_add(l, SEC_OTHER, 0);
            break;
        }
}

/* ---- constants and inputs ------------------------------------------------ */

static void constants(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *rows = jarr(data, "constants");
    for (int i = 0; i < t->nconstants; i++) {
        const hw_constant *k = &t->constants[i];
        cJSON *o = jobj(rows, NULL);
        put(o, "anchor", anchor(g, "c-", k->name));
        put(o, "name", code(g, k->name));
        put(o, "title", k->title);
        put(o, "value",
            k->has_value ? fmt_num(g, k->value) : "set at run time");
        put(o, "units", k->units);
        put(o, "description", k->description);
    }
}

static const char *input_range(dgen *g, const hw_input *in)
{
    hw_buf b;
    buf_init(&b);
    const char *n = code(g, in->name);
    if (in->has_min && in->has_max)
        buf_printf(&b, "%s %s %s %s %s", fmt_num(g, in->min),
                   in->min_exclusive ? "<" : "≤", n,
                   in->max_exclusive ? "<" : "≤", fmt_num(g, in->max));
    else if (in->has_min)
        buf_printf(&b, "%s %s %s", n, in->min_exclusive ? ">" : "≥",
                   fmt_num(g, in->min));
    else if (in->has_max)
        buf_printf(&b, "%s %s %s", n, in->max_exclusive ? "<" : "≤",
                   fmt_num(g, in->max));
    else
        buf_puts(&b, esc(g, "any number"));
    if (in->integer)
        buf_printf(&b, "; %s", esc(g, "a whole number"));
    if (in->multiple_of) {
        const char *m = ir_find_input(g->t, in->multiple_of) >= 0
                            ? code_link(g, "in-", in->multiple_of)
                            : code(g, in->multiple_of);
        buf_printf(&b, "; %s %s", esc(g, "a whole multiple of"), m);
    }
    return take(g, &b);
}

static void inputs(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *rows = jarr(data, "inputs");
    for (int i = 0; i < t->ninputs; i++) {
        const hw_input *in = &t->inputs[i];
        cJSON *o = jobj(rows, NULL);
        put(o, "anchor", anchor(g, "in-", in->name));
        put(o, "name", code(g, in->name));
        put(o, "title", in->title);
        put(o, "units", in->units);
        put(o, "range", input_range(g, in));
        put(o, "description", in->description);
    }
}

/* ---- metrics ------------------------------------------------------------- */

static const char *formula_name(void *ctx, const hw_expr *e)
{
    dgen *g = ctx;
    const char *shown = e->dollar ? fmt(g, "$%s", e->text) : e->text;
    const char *prefix = NULL;
    switch (e->ref) {
    case REF_EVENT:
        prefix = "ev-";
        break;
    case REF_CONSTANT:
        prefix = "c-";
        break;
    case REF_INPUT:
        prefix = "in-";
        break;
    case REF_METRIC:
        prefix = "m-";
        break;
    default:
        return esc(g, shown);
    }
    const hw_target *t = g->t;
    const char *name = e->ref == REF_EVENT      ? t->events[e->index].name
                       : e->ref == REF_CONSTANT ? t->constants[e->index].name
                       : e->ref == REF_INPUT    ? t->inputs[e->index].name
                                                : t->metrics[e->index].name;
    return fmt(g, "<a href=\"#%s\">%s</a>", anchor(g, prefix, name),
               esc(g, shown));
}

/* Formula text as the source prints it (it may not even parse). */
static const char *printed(dgen *g, const char *text)
{
    if (g->html)
        return fmt(g, "<code class=\"formula\">%s</code>", esc(g, text));
    return code(g, text);
}

/* A formula for people: INFIX; in HTML every name links to its entry. */
static const char *formula(dgen *g, const hw_expr *e)
{
    hw_buf b;
    buf_init(&b);
    if (g->html) {
        buf_puts(&b, "<code class=\"formula\">");
        expr_print(&b, e, EXPR_STYLE_INFIX, formula_name, g);
        buf_puts(&b, "</code>");
        return take(g, &b);
    }
    expr_print(&b, e, EXPR_STYLE_INFIX, NULL, NULL);
    return code(g, take(g, &b));
}

typedef struct uses_ctx {
    dgen *g;
    cJSON *arr;
} uses_ctx;

/* Mark (kind, index) listed for the current metric; 1 when it was new.
 * Kind and index name one thing, as names do: the checker keeps one
 * namespace for events, constants, inputs and metrics. */
static int first_sight(dgen *g, hw_ref_kind k, int i)
{
    if (!g->stamp[k])
        return 1;
    if (g->stamp[k][i] == g->serial)
        return 0;
    g->stamp[k][i] = g->serial;
    return 1;
}

/* Zeroed stamps for every kind of name; -1 when out of memory. */
static int stamps_alloc(dgen *g)
{
    const hw_target *t = g->t;
    size_t n[REF_METRIC + 1] = {0};
    n[REF_EVENT] = (size_t)t->nevents;
    n[REF_CONSTANT] = (size_t)t->nconstants;
    n[REF_INPUT] = (size_t)t->ninputs;
    n[REF_METRIC] = (size_t)t->nmetrics;
    for (int k = REF_EVENT; k <= REF_METRIC; k++)
        if (!(g->stamp[k] = arena_alloc(g->a, (n[k] + 1) * sizeof(int))))
            return -1;
    return 0;
}

static const char *event_detail(dgen *g, int i)
{
    const hw_target *t = g->t;
    const hw_event *e = &t->events[i];
    if (!e->counter_id && e->block < 0)
        return NULL;
    hw_buf b;
    buf_init(&b);
    if (e->counter_id)
        buf_puts(&b, code(g, e->counter_id));
    if (e->block >= 0)
        buf_printf(&b, "%s%s", b.len ? ", " : "",
                   esc(g, t->blocks[e->block].name));
    if (e->index >= 0)
        buf_printf(&b, " %s", esc(g, fmt(g, "#%d", e->index)));
    return take(g, &b);
}

static int use_ref(void *ctx, hw_expr *ref)
{
    uses_ctx *u = ctx;
    if (ref->ref <= REF_UNRESOLVED || ref->ref > REF_METRIC || ref->index < 0)
        return 0;
    if (!first_sight(u->g, ref->ref, ref->index))
        return 0;
    const char *detail = NULL;
    const char *link = ref->ref == REF_EVENT
                           ? event_link_detail(u->g, ref->index, &detail)
                           : ref_link(u->g, ref->ref, ref->index);
    list_item(u->arr, link, detail);
    return 0;
}

/* What the metric reads: references of its formula in order of first
 * use, then events the spec lists for it that the formula does not read. */
static void metric_uses(dgen *g, cJSON *o, const hw_metric *m)
{
    const hw_target *t = g->t;
    uses_ctx u = {g, jarr(o, "uses")};
    g->serial++;
    if (m->expr)
        expr_each_ref(m->expr, use_ref, &u);
    for (int k = 0; k < m->nevents; k++) {
        int e = ir_find_event(t, m->events[k]);
        if (e >= 0 && first_sight(g, REF_EVENT, e)) {
            const char *detail;
            const char *link = event_link_detail(g, e, &detail);
            list_item(u.arr, link, detail);
        }
    }
}

static const char *badge(dgen *g, const char *cls, const char *text)
{
    if (g->html)
        return fmt(g, "<span class=\"badge %s\">%s</span>", cls, esc(g, text));
    return em(g, esc(g, text));
}

static void metric_badges(dgen *g, cJSON *o, const hw_metric *m)
{
    cJSON *arr = jarr(o, "badges");
    if (m->flags & METRIC_DERIVED)
        list_item(arr, badge(g, "derived", "derived"), NULL);
    if (m->flags & METRIC_CORRECTED)
        list_item(arr, badge(g, "corrected", "corrected"), NULL);
    if (m->flags & METRIC_EXTERNAL)
        list_item(arr, badge(g, "external", "external"), NULL);
    if (!m->expr && !(m->flags & METRIC_EXTERNAL))
        list_item(arr, badge(g, "missing", "no expression"), NULL);
}

static void metric_row(dgen *g, cJSON *rows, int i)
{
    const hw_target *t = g->t;
    const hw_metric *m = &t->metrics[i];
    cJSON *o = jobj(rows, NULL);
    put(o, "anchor", g->m_placed[i] ? NULL : anchor(g, "m-", m->name));
    g->m_placed[i] = 1;
    put(o, "name", code(g, m->name));
    put(o, "number", m->number);
    put(o, "title", m->title);
    put(o, "units", m->units);
    put(o, "description", m->description);
    metric_badges(g, o, m);
    put(o, "formula", m->expr ? formula(g, m->expr) : NULL);
    const char *none = NULL;
    if (!m->expr)
        none = (m->flags & METRIC_EXTERNAL) ? "No formula: an external series."
                                            : "No expression in the source.";
    put(o, "no_formula", none);
    put(o, "source_formula",
        m->source_formula ? printed(g, m->source_formula) : NULL);
    put(o, "note", m->note);
    metric_uses(g, o, m);
}

static cJSON *metric_group(cJSON *groups, const char *id, const char *number,
                           const char *title, const char *name_raw,
                           const char *description)
{
    cJSON *o = jobj(groups, NULL);
    put(o, "anchor", id);
    put(o, "number", number);
    put(o, "title", title);
    put(o, "name", name_raw);
    put(o, "description", description);
    jarr(o, "metrics");
    return o;
}

/* A part of the metrics: a template section, or one untitled part. Its
 * groups are added by the caller, built now or while rendering. */
static cJSON *metric_part(cJSON *parts, const char *id, const char *number,
                          const char *title, const char *description)
{
    cJSON *o = jobj(parts, NULL);
    put(o, "anchor", id);
    put(o, "number", number);
    put(o, "title", title);
    put(o, "description", description);
    jbool(o, "titled", title != NULL);
    return o;
}

enum { MG_GROUP, MG_OTHER };

/* How the metrics are cut into groups (see metrics()). */
typedef struct mg_plan {
    char *done; /* metric shown in some group */
    const char *other_title, *other_description;
} mg_plan;

/* One metric group's table, its rows in the group's order. */
static void group_rows(dgen *g, cJSON *groups, const hw_group *gr)
{
    cJSON *go = metric_group(groups, anchor(g, "mg-", gr->name), gr->number,
                             gr->title ? gr->title : gr->name, code(g, gr->name),
                             gr->description);
    cJSON *rows = cJSON_GetObjectItem(go, "metrics");
    for (int k = 0; k < gr->nmembers; k++) {
        int m = ir_find_metric(g->t, gr->members[k]);
        if (m >= 0)
            metric_row(g, rows, m);
    }
}

/* Metrics no group listed, so that every metric appears once at least. */
static void other_rows(dgen *g, cJSON *groups, const mg_plan *p)
{
    cJSON *rows = cJSON_GetObjectItem(
        metric_group(groups, "other-metrics", NULL, p->other_title, NULL,
                     p->other_description),
        "metrics");
    for (int i = 0; i < g->t->nmetrics; i++)
        if (!p->done[i])
            metric_row(g, rows, i);
}

static void metric_group_item(dgen *g, const lazy_items *l, int k, cJSON *into)
{
    if (l->kind[k] == MG_GROUP)
        group_rows(g, into, &g->t->groups[l->index[k]]);
    else
        other_rows(g, into, l->ctx);
}

/* Metric group i goes into the lazy list; its members are then shown. */
static void plan_group(lazy_items *l, const hw_target *t, int i, char *done)
{
    lazy_add(l, MG_GROUP, i);
    for (int k = 0; k < t->groups[i].nmembers; k++) {
        int m = ir_find_metric(t, t->groups[i].members[k]);
        if (m >= 0)
            done[m] = 1;
    }
}

/* Template sections -> groups -> series in guide order; else metric groups
 * (and the ungrouped); else a model's outputs and intermediate values.
 * Each returns the last part's lazy groups (NULL: built already). */

/* A template: its sections in order, each with its groups. */
static lazy_items *template_parts(dgen *g, cJSON *parts, mg_plan *plan)
{
    const hw_target *t = g->t;
    lazy_items *l = NULL;
    for (int s = 0; s < t->nsections; s++) {
        const hw_section *sec = &t->sections[s];
        cJSON *p = metric_part(parts,
                               anchor(g, "sec-", sec->number ? sec->number : fmt(g, "%d", s)),
                               sec->number, sec->title ? sec->title : "", sec->description);
        int n = 0;
        for (int i = 0; i < t->ngroups; i++)
            n += t->groups[i].kind == GROUP_METRICS && t->groups[i].section == s;
        l = lazy_list(g, p, "groups", n + 1, metric_group_item, plan);
        if (!l)
            return NULL;
        for (int i = 0; i < t->ngroups; i++)
            if (t->groups[i].kind == GROUP_METRICS && t->groups[i].section == s)
                plan_group(l, t, i, plan->done);
    }
    return l;
}

static lazy_items *grouped_parts(dgen *g, cJSON *parts, mg_plan *plan)
{
    const hw_target *t = g->t;
    lazy_items *l = lazy_list(g, metric_part(parts, NULL, NULL, NULL, NULL),
                              "groups", t->ngroups + 1, metric_group_item, plan);
    for (int i = 0; l && i < t->ngroups; i++)
        if (t->groups[i].kind == GROUP_METRICS)
            plan_group(l, t, i, plan->done);
    return l;
}

/* A model (small): outputs first, then its steps in evaluation order. */
static void model_parts(dgen *g, cJSON *parts, char *done)
{
    const hw_target *t = g->t;
    cJSON *groups = jarr(metric_part(parts, NULL, NULL, NULL, NULL), "groups");
    cJSON *outs = cJSON_GetObjectItem(
        metric_group(groups, "model-outputs", NULL, "Outputs", NULL,
                     "What the model predicts."),
        "metrics");
    cJSON *steps = cJSON_GetObjectItem(
        metric_group(groups, "model-intermediate", NULL, "Intermediate values", NULL,
                     "Named steps of the formula, in evaluation order: "
                     "each uses only inputs, constants and the steps above it."),
        "metrics");
    for (int i = 0; i < t->nmetrics; i++)
        if (!(t->metrics[i].flags & METRIC_INTERMEDIATE)) {
            metric_row(g, outs, i);
            done[i] = 1;
        }
    for (int k = 0; k < t->nmetrics; k++) {
        int i = t->metric_order ? t->metric_order[k] : k;
        if (t->metrics[i].flags & METRIC_INTERMEDIATE) {
            metric_row(g, steps, i);
            done[i] = 1;
        }
    }
}

/* The ungrouped metrics close the last part: into its lazy groups, or
 * built now after a model's groups, or as a part of their own. */
static void other_metrics(dgen *g, cJSON *parts, const mg_plan *plan,
                          lazy_items *last)
{
    const hw_target *t = g->t;
    int any = 0;
    for (int i = 0; i < t->nmetrics && !any; i++)
        any = !plan->done[i];
    if (!any || g->oom)
        return;
    if (last) {
        lazy_add(last, MG_OTHER, 0);
    } else if (cJSON_GetArraySize(parts)) {
        cJSON *p = cJSON_GetArrayItem(parts, cJSON_GetArraySize(parts) - 1);
        other_rows(g, cJSON_GetObjectItem(p, "groups"), plan);
    } else {
        lazy_items *l = lazy_list(g, metric_part(parts, NULL, NULL, NULL, NULL),
                                  "groups", 1, metric_group_item, plan);
        if (l)
            lazy_add(l, MG_OTHER, 0);
    }
}

static void metrics(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *parts = jarr(data, "metric_parts");
    if (!t->nmetrics)
        return;
    int model = 0;
    for (int i = 0; i < t->nmetrics; i++)
        model |= (t->metrics[i].flags & METRIC_INTERMEDIATE) != 0;
    int grouped = 0;
    for (int i = 0; i < t->ngroups; i++)
        grouped |= t->groups[i].kind == GROUP_METRICS;
    jbool(data, "has_metrics", 1);
    put(data, "metrics_title",
        t->nsections ? "Analysis template"
        : model      ? "Formula"
                     : "Metrics");
    put(data, "metrics_intro",
        t->nsections
            ? "The template in the source's order: sections, groups and the "
              "series of each group, "
              "with the expression of every series and the counters it reads."
        : model
            ? "The model's outputs, then its intermediate values in evaluation "
              "order. "
              "Each expression is evaluated with double arithmetic; x/0 is NaN."
            : "Metrics by metric group; a metric in several groups is listed "
              "in each. "
              "Formulas use double arithmetic; x/0 is NaN.");
    mg_plan *plan = arena_alloc(g->a, sizeof *plan);
    char *done = arena_alloc(g->a, (size_t)t->nmetrics + 1);
    if (missing(g, plan) || missing(g, done))
        return;
    *plan = (mg_plan){done,
                      grouped || t->nsections ? "Other metrics" : "All metrics",
                      grouped ? "Metrics in no metric group." : NULL};
    lazy_items *last = NULL;
    if (t->nsections)
        last = template_parts(g, parts, plan);
    else if (grouped)
        last = grouped_parts(g, parts, plan);
    else if (model)
        model_parts(g, parts, plan->done);
    other_metrics(g, parts, plan, last);
}

/* Series the reader must not take at face value: no expression in the
 * source, derived by us, corrected from a misprint, or from elsewhere. */
static void attention(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *rows = jarr(data, "attention");
    for (int i = 0; i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        const char *status = NULL;
        if (m->flags & METRIC_CORRECTED)
            status = "Corrected: the source prints another expression "
                     "(shown); the spec uses a fixed one, see the note.";
        else if (m->flags & METRIC_DERIVED)
            status = "Derived: the source prints no expression; this one is "
                     "derived by the spec authors.";
        else if (m->flags & METRIC_EXTERNAL)
            status = "External: the series does not come from these counters; "
                     "no evaluator is generated.";
        else if (!m->expr)
            status = "No expression in the source; none is recorded.";
        if (!status)
            continue;
        cJSON *o = jobj(rows, NULL);
        put(o, "number", m->number ? m->number : "");
        put(o, "link", code_link(g, "m-", m->name));
        put(o, "title", m->title);
        put(o, "status", status);
        put(o, "note", m->note);
        put(o, "source_formula",
            m->source_formula ? printed(g, m->source_formula) : NULL);
    }
}

/* ---- worked examples ----------------------------------------------------- */

static int examples(dgen *g, cJSON *data, hw_diag *d)
{
    const hw_target *t = g->t;
    cJSON *ex = jobj(data, "examples");
    cJSON *head = jarr(ex, "head");
    cJSON *rows = jarr(ex, "rows");
    int n = 0;
    for (size_t k = 0; k < sizeof doc_examples / sizeof doc_examples[0]; k++)
        n += t->id && strcmp(doc_examples[k].target, t->id) == 0;
    jbool(data, "has_examples", n > 0);
    if (!n)
        return 0;
    double *in = calloc((size_t)t->ninputs + 1, sizeof *in);
    double *out = calloc((size_t)t->nmetrics + 1, sizeof *out);
    double *consts = calloc((size_t)t->nconstants + 1, sizeof *consts);
    if (!in || !out || !consts) {
        free(in), free(out), free(consts);
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    for (int i = 0; i < t->nconstants; i++)
        consts[i] = t->constants[i].has_value ? t->constants[i].value : NAN;
    for (int i = 0; i < t->ninputs; i++)
        list_item(head,
                  fmt(g, "%s%s", code(g, t->inputs[i].name),
                      t->inputs[i].units
                          ? esc(g, fmt(g, " (%s)", t->inputs[i].units))
                          : ""),
                  NULL);
    for (int i = 0; i < t->nmetrics; i++)
        if (!(t->metrics[i].flags & METRIC_INTERMEDIATE))
            list_item(head,
                      fmt(g, "%s%s", code_link(g, "m-", t->metrics[i].name),
                          t->metrics[i].units
                              ? esc(g, fmt(g, " (%s)", t->metrics[i].units))
                              : ""),
                      NULL);
    int rc = 0;
    for (size_t k = 0;
         rc == 0 && k < sizeof doc_examples / sizeof doc_examples[0]; k++) {
        const doc_example *x = &doc_examples[k];
        if (!t->id || strcmp(x->target, t->id) != 0)
            continue;
        for (int i = 0; i < t->ninputs; i++)
            in[i] = NAN;
        for (int j = 0; j < DOC_EXAMPLE_INPUTS && x->inputs[j]; j++) {
            int i = ir_find_input(t, x->inputs[j]);
            if (i < 0) {
                diag_error(
                    d, &t->inputs[0].loc,
                    "internal: docs example '%s' sets unknown input '%s'",
                    x->label, x->inputs[j]);
                rc = -1;
                break;
            }
            in[i] = x->values[j];
        }
        if (rc == 0 && inputs_check(t, in, d) != 0) {
            diag_error(d, NULL,
                       "internal: docs example '%s' of %s has invalid inputs",
                       x->label, t->id);
            rc = -1;
        }
        if (rc != 0)
            break;
        hw_values v = {NULL, consts, in};
        interp_all(t, &v, out);
        cJSON *r = jobj(rows, NULL);
        put(r, "label", x->label);
        put(r, "expected", x->expected);
        cJSON *cells = jarr(r, "cells");
        for (int i = 0; i < t->ninputs; i++)
            list_item(cells, esc(g, readable_num(g, in[i])), NULL);
        for (int i = 0; i < t->nmetrics; i++)
            if (!(t->metrics[i].flags & METRIC_INTERMEDIATE))
                list_item(cells, esc(g, readable_num(g, out[i])), NULL);
    }
    free(in), free(out), free(consts);
    return rc;
}

/* ---- methodologies ------------------------------------------------------- */

/* File stem of a methodology's diagram: "topdown_methodology" -> "topdown". */
static const char *method_stem(dgen *g, const hw_methodology *m)
{
    char buf[128];
    name_slug(m->name ? m->name : "methodology", '-', buf, sizeof buf);
    size_t n = strlen(buf);
    static const char suffix[] = "-methodology";
    if (n > sizeof suffix - 1 &&
        strcmp(buf + n - (sizeof suffix - 1), suffix) == 0)
        buf[n - (sizeof suffix - 1)] = '\0';
    return fmt(g, "%s-%s", g->t->slug, buf[0] ? buf : "methodology");
}

static const char *stage_title(dgen *g, const char *name)
{
    /* "stage_1" -> "Stage 1" */
    char *s = arena_strdup(g->a, name ? name : "");
    if (missing(g, s))
        return "";
    for (char *p = s; *p; p++)
        if (*p == '_')
            *p = ' ';
    if (s[0] >= 'a' && s[0] <= 'z')
        s[0] = (char)(s[0] - 'a' + 'A');
    return s;
}

static void methodologies(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *arr = jarr(data, "methodologies");
    for (int i = 0; i < t->nmethodologies; i++) {
        const hw_methodology *m = &t->methodologies[i];
        cJSON *o = jobj(arr, NULL);
        put(o, "anchor", anchor(g, "meth-", m->name));
        put(o, "title", m->title ? m->title : m->name);
        put(o, "name", code(g, m->name));
        put(o, "description", m->description);
        const char *stem = method_stem(g, m);
        put(o, "svg", fmt(g, "%s.svg", stem));
        put(o, "dot", fmt(g, "%s.dot", stem));
        cJSON *stages = jarr(o, "stages");
        for (int s = 0; s < m->nstages; s++) {
            cJSON *so = jobj(stages, NULL);
            put(so, "title", stage_title(g, m->stages[s].name));
            cJSON *gl = jarr(so, "groups");
            for (int k = 0; k < m->stages[s].ngroups; k++)
                list_item(gl, group_or_metric_link(g, m->stages[s].groups[k]),
                          NULL);
        }
        cJSON *nodes = jarr(o, "nodes");
        for (int k = 0; k < m->nnodes; k++) {
            const hw_tree_node *n = &m->nodes[k];
            cJSON *no = jobj(nodes, NULL);
            put(no, "node", group_or_metric_link(g, n->name));
            int root = 0;
            for (int r = 0; r < m->nroots; r++)
                root |= strcmp(m->roots[r], n->name) == 0;
            jbool(no, "root", root);
            put(no, "group", n->group ? group_or_metric_link(g, n->group) : "");
            cJSON *next = jarr(no, "next");
            for (int x = 0; x < n->nnext; x++)
                list_item(next, group_or_metric_link(g, n->next[x]), NULL);
            cJSON *samples = jarr(no, "samples");
            for (int x = 0; x < n->nsample_events; x++) {
                int e = ir_find_event(t, n->sample_events[x]);
                list_item(samples,
                          e >= 0 ? event_link(g, e)
                                 : code(g, n->sample_events[x]),
                          NULL);
            }
        }
        cJSON *roots = jarr(o, "roots");
        for (int r = 0; r < m->nroots; r++)
            list_item(roots, group_or_metric_link(g, m->roots[r]), NULL);
    }
}

/* ---- registers, layouts, enums, rules ------------------------------------ */

static const char *bits(dgen *g, int shift, int width)
{
    if (width <= 1)
        return fmt(g, "%d", shift);
    return fmt(g, "%d:%d", shift + width - 1, shift);
}

static void fields(dgen *g, cJSON *o, const hw_field *f, int n)
{
    const hw_target *t = g->t;
    cJSON *rows = jarr(o, "fields");
    for (int i = 0; i < n; i++) {
        cJSON *r = jobj(rows, NULL);
        put(r, "bits", bits(g, f[i].shift, f[i].width));
        put(r, "name", code(g, f[i].name));
        put(r, "description", f[i].description);
        hw_buf b;
        buf_init(&b);
        if (f[i].event >= 0)
            buf_printf(&b, "%s %s", esc(g, "programs"),
                       event_link(g, f[i].event));
        if (f[i].layout >= 0)
            buf_printf(&b, "%s%s %s", b.len ? "; " : "", esc(g, "layout"),
                       code_link(g, "lay-", t->layouts[f[i].layout].name));
        if (f[i].enum_index >= 0)
            buf_printf(&b, "%s%s %s", b.len ? "; " : "", esc(g, "values"),
                       code_link(g, "enum-", t->enums[f[i].enum_index].name));
        put(r, "refs", take(g, &b));
    }
}

static void registers(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *arr = jarr(data, "registers");
    for (int i = 0; i < t->nregisters; i++) {
        const hw_register *r = &t->registers[i];
        cJSON *o = jobj(arr, NULL);
        put(o, "anchor", anchor(g, "reg-", r->name));
        put(o, "name", r->name);
        put(o, "address", fmt(g, "0x%04llX", (unsigned long long)r->address));
        put(o, "width", fmt(g, "%d", r->width));
        put(o, "description", r->description);
        fields(g, o, r->fields, r->nfields);
    }
}

static void layouts(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *arr = jarr(data, "layouts");
    for (int i = 0; i < t->nlayouts; i++) {
        const hw_layout *l = &t->layouts[i];
        cJSON *o = jobj(arr, NULL);
        put(o, "anchor", anchor(g, "lay-", l->name));
        put(o, "name", l->name);
        put(o, "width", fmt(g, "%d", l->width));
        put(o, "description", l->description);
        fields(g, o, l->fields, l->nfields);
    }
}

static void enums(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *arr = jarr(data, "enums");
    for (int i = 0; i < t->nenums; i++) {
        const hw_enum *e = &t->enums[i];
        cJSON *o = jobj(arr, NULL);
        put(o, "anchor", anchor(g, "enum-", e->name));
        put(o, "name", e->name);
        put(o, "title", e->title ? e->title : e->name);
        put(o, "width", fmt(g, "%d", e->width));
        cJSON *vals = jarr(o, "values");
        for (int k = 0; k < e->nvalues; k++) {
            const hw_enum_value *v = &e->values[k];
            cJSON *vo = jobj(vals, NULL);
            put(vo, "bin", binary(g, v->value, e->width));
            put(vo, "dec", fmt(g, "%u", (unsigned)v->value));
            put(vo, "name", code(g, v->name));
            put(vo, "title", v->title);
            put(vo, "description", v->description);
            jbool(vo, "undocumented", v->undocumented);
        }
    }
}

static const hw_enum_value *enum_value(const hw_enum *e, uint32_t v)
{
    for (int i = 0; i < e->nvalues; i++)
        if (e->values[i].value == v)
            return &e->values[i];
    return NULL;
}

/* Whether subject enum S at value s lets object enum O take value o: every
 * rule for (S = s, O) must allow o, and an undocumented o must be named by
 * one of them. Values no rule restricts are free. */
static int pair_allowed(const hw_target *t, int S, const hw_enum_value *s,
                        int O, const hw_enum_value *o)
{
    if (s->undocumented)
        return 0;
    int named = 0;
    for (int i = 0; i < t->nrules; i++) {
        const hw_rule *r = &t->rules[i];
        if (r->subject != S || r->object != O || r->value != s->value)
            continue;
        int in = o->value < 32 && (r->allowed & (1u << o->value));
        if (!in)
            return 0;
        named = 1;
    }
    return !o->undocumented || named;
}

/* Rows: values of enum S; columns: values of enum O; a cell is whether
 * the rules let them go together. */
static void matrix(dgen *g, cJSON *mx, int S, int O)
{
    const hw_target *t = g->t;
    const hw_enum *se = &t->enums[S], *oe = &t->enums[O];
    cJSON *o = jobj(mx, NULL);
    put(o, "anchor", anchor(g, "mx-", fmt(g, "%s-%s", se->name, oe->name)));
    put(o, "title",
        fmt(g, "%s × %s", se->title ? se->title : se->name,
            oe->title ? oe->title : oe->name));
    put(o, "subject", code_link(g, "enum-", se->name));
    put(o, "object", code_link(g, "enum-", oe->name));
    cJSON *cols = jarr(o, "cols");
    for (int c = 0; c < oe->nvalues; c++) {
        cJSON *co = jobj(cols, NULL);
        put(co, "bin", binary(g, oe->values[c].value, oe->width));
        put(co, "name", oe->values[c].name);
    }
    cJSON *rows = jarr(o, "rows");
    for (int r = 0; r < se->nvalues; r++) {
        cJSON *ro = jobj(rows, NULL);
        put(ro, "bin", binary(g, se->values[r].value, se->width));
        put(ro, "name", code(g, se->values[r].name));
        cJSON *cells = jarr(ro, "cells");
        for (int c = 0; c < oe->nvalues; c++) {
            cJSON *co = jobj(cells, NULL);
            jbool(co, "yes",
                  pair_allowed(t, S, &se->values[r], O, &oe->values[c]));
        }
    }
}

static void rules(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *arr = jarr(data, "rules");
    for (int i = 0; i < t->nrules; i++) {
        const hw_rule *r = &t->rules[i];
        const hw_enum *S = &t->enums[r->subject];
        const hw_enum *O = &t->enums[r->object];
        const hw_enum_value *sv = enum_value(S, r->value);
        cJSON *o = jobj(arr, NULL);
        put(o, "subject",
            fmt(g, "%s = %s%s", code_link(g, "enum-", S->name),
                code(g, binary(g, r->value, S->width)),
                sv ? fmt(g, " (%s)", code(g, sv->name)) : ""));
        put(o, "object", code_link(g, "enum-", O->name));
        hw_buf b;
        buf_init(&b);
        for (uint32_t v = 0; v < 32; v++)
            if (r->allowed & (1u << v)) {
                const hw_enum_value *ov = enum_value(O, v);
                buf_printf(&b, "%s%s", b.len ? ", " : "",
                           code(g, ov ? ov->name : binary(g, v, O->width)));
            }
        put(o, "allowed", take(g, &b));
        put(o, "text", r->text);
    }
    /* One matrix per (subject enum, object enum) pair that rules connect,
     * in enum order. */
    cJSON *mx = jarr(data, "matrices");
    for (int S = 0; S < t->nenums; S++)
        for (int O = 0; O < t->nenums; O++) {
            int any = 0;
            for (int i = 0; i < t->nrules; i++)
                any |= t->rules[i].subject == S && t->rules[i].object == O;
            if (any)
                matrix(g, mx, S, O);
        }
}

/* ---- report layouts ------------------------------------------------------ */

static const char *byte_range(dgen *g, int from, int len)
{
    if (len <= 1)
        return fmt(g, "%d", from);
    return fmt(g, "%d–%d", from, from + len - 1);
}

static int block_event(const hw_target *t, const char *block, int index)
{
    int b = block ? ir_find_block(t, block) : -1;
    for (int i = 0; b >= 0 && i < t->nevents; i++)
        if (t->events[i].block == b && t->events[i].index == index)
            return i;
    return -1;
}

enum { COUNTERS_PER_ROW = 4 };

static void reports(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *arr = jarr(data, "reports");
    int *lo = calloc((size_t)t->nevents + 1, sizeof *lo);
    int *hi = calloc((size_t)t->nevents + 1, sizeof *hi);
    if (!lo || !hi) {
        free(lo), free(hi);
        g->oom = 1;
        return;
    }
    for (int i = 0; i < t->nreports; i++) {
        const hw_report *r = &t->reports[i];
        cJSON *o = jobj(arr, NULL);
        put(o, "anchor", anchor(g, "rep-", r->name));
        put(o, "name", r->name);
        put(o, "select", fmt(g, "%d", r->select));
        put(o, "size", fmt(g, "%d", r->size));
        put(o, "description", r->description);
        jbool(o, "has_fields", r->nfields > 0);
        cJSON *rows = jarr(o, "fields");
        for (int e = 0; e < t->nevents; e++)
            lo[e] = hi[e] = -1;
        for (int f = 0; f < r->nfields; f++) {
            const hw_report_field *rf = &r->fields[f];
            int count = rf->count > 0 ? rf->count : 1;
            cJSON *fo = jobj(rows, NULL);
            put(fo, "bytes", byte_range(g, rf->offset, rf->size * count));
            put(fo, "size",
                count > 1 ? fmt(g, "%d × %d", count, rf->size)
                          : fmt(g, "%d", rf->size));
            put(fo, "name", code(g, rf->name));
            const char *elems = "";
            if (rf->block) {
                elems = count > 1 ? fmt(g, "%s%d..%s%d%s", rf->block, rf->first,
                                        rf->block, rf->first + count - 1,
                                        rf->high_bits ? " (high bits)" : "")
                                  : fmt(g, "%s%d%s", rf->block, rf->first,
                                        rf->high_bits ? " (high bits)" : "");
                for (int k = 0; k < count; k++) {
                    int e = block_event(t, rf->block, rf->first + k);
                    if (e < 0)
                        continue;
                    if (rf->high_bits)
                        hi[e] = rf->offset + k * rf->size;
                    else
                        lo[e] = rf->offset + k * rf->size;
                }
            }
            put(fo, "elements", elems);
            put(fo, "description", rf->description);
        }
        /* Where each counter sits, in spec order of the counters, four to
         * a table row. */
        cJSON *cs = jarr(o, "counters");
        cJSON *row = NULL;
        int ncounters = 0;
        for (int e = 0; e < t->nevents; e++) {
            if (lo[e] < 0 && hi[e] < 0)
                continue;
            int lsize = 0, hsize = 0;
            for (int f = 0; f < r->nfields; f++) {
                const hw_report_field *rf = &r->fields[f];
                int count = rf->count > 0 ? rf->count : 1;
                if (lo[e] >= rf->offset &&
                    lo[e] < rf->offset + rf->size * count && !rf->high_bits)
                    lsize = rf->size;
                if (hi[e] >= rf->offset &&
                    hi[e] < rf->offset + rf->size * count && rf->high_bits)
                    hsize = rf->size;
            }
            if (ncounters++ % COUNTERS_PER_ROW == 0)
                row = jarr(jobj(cs, NULL), "cells");
            cJSON *co = jobj(row, NULL);
            put(co, "link", event_link(g, e));
            put(co, "low", lo[e] >= 0 ? byte_range(g, lo[e], lsize) : "");
            put(co, "high", hi[e] >= 0 ? byte_range(g, hi[e], hsize) : "");
            put(co, "width",
                t->events[e].width ? fmt(g, "%d", t->events[e].width) : "");
        }
        for (; row && ncounters % COUNTERS_PER_ROW; ncounters++) {
            cJSON *co = jobj(row, NULL);
            put(co, "link", ""), put(co, "low", ""), put(co, "high", ""),
                put(co, "width", "");
        }
        cJSON *head = jarr(o, "counter_head");
        for (int k = 0; k < COUNTERS_PER_ROW && cJSON_GetArraySize(cs) > 0; k++)
            jbool(jobj(head, NULL), "last", k == COUNTERS_PER_ROW - 1);
        has(o, "counters");
    }
    free(lo), free(hi);
}

/* ---- notes --------------------------------------------------------------- */

static const struct {
    const char *kind;
    const char *title;
    const char *intro;
} note_kinds[] = {
    {"oddity", "Oddities of the source",
     "Where the source contradicts itself or is incomplete, and what the spec "
     "keeps."},
    {"reading", "How we read the source",
     "Where the source is ambiguous or has typos, the reading the spec "
     "follows."},
    {"limit", "Limits",
     "What the facts do not cover, and where they are known to be wrong."},
    {"source", "Sources and provenance",
     "Where facts come from besides the source document."},
};

static void note_kind(dgen *g, cJSON *arr, const char *kind, const char *title,
                      const char *intro)
{
    const hw_target *t = g->t;
    cJSON *o = NULL, *list = NULL;
    for (int i = 0; i < t->nnotes; i++) {
        const hw_note *n = &t->notes[i];
        if (!n->kind || strcmp(n->kind, kind) != 0)
            continue;
        if (!o) {
            o = jobj(arr, NULL);
            put(o, "anchor", anchor(g, "notes-", kind));
            put(o, "kind", kind);
            put(o, "title", title);
            put(o, "intro", intro);
            list = jarr(o, "notes");
        }
        cJSON *no = jobj(list, NULL);
        put(no, "subject", subject_link(g, n->subject));
        put(no, "text", n->text);
    }
}

/* Known kinds in a fixed order, then any other kind by name. */
static void notes(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *arr = jarr(data, "note_kinds");
    size_t nk = sizeof note_kinds / sizeof note_kinds[0];
    for (size_t k = 0; k < nk; k++)
        note_kind(g, arr, note_kinds[k].kind, note_kinds[k].title,
                  note_kinds[k].intro);
    const char *last = NULL;
    for (;;) {
        const char *next = NULL;
        for (int i = 0; i < t->nnotes; i++) {
            const char *k = t->notes[i].kind;
            int known = 0;
            for (size_t j = 0; k && j < nk; j++)
                known |= strcmp(k, note_kinds[j].kind) == 0;
            if (!k || known || (last && strcmp(k, last) <= 0))
                continue;
            if (!next || strcmp(k, next) < 0)
                next = k;
        }
        if (!next)
            break;
        note_kind(g, arr, next, fmt(g, "Notes: %s", next), NULL);
        last = next;
    }
}

/* ---- the page ------------------------------------------------------------ */

static void toc(cJSON *arr, int show, const char *id, const char *title)
{
    if (!show)
        return;
    cJSON *o = jobj(arr, NULL);
    put(o, "id", id);
    put(o, "title", title);
    jbool(o, "first", arr && arr->child == o); /* O(1): arrays get long */
}

static int has_metric_dot(const hw_target *t)
{
    for (int i = 0; i < t->nmetrics; i++)
        if (t->metrics[i].expr || t->metrics[i].nevents)
            return 1;
    return 0;
}

static cJSON *page_data(dgen *g, hw_diag *d)
{
    const hw_target *t = g->t;
    cJSON *data = cJSON_CreateObject();
    if (!data) {
        diag_error(d, NULL, "out of memory building the docs of %s",
                   t->spec_name);
        return NULL;
    }
    put(data, "version", HWCGEN_VERSION);
    put(data, "spec", t->spec_name);
    put(data, "name", t->name ? t->name : t->id);
    put(data, "slug", t->slug);
    put(data, "kind", kind_label(t->kind));
    put(data, "vendor", t->vendor);
    put(data, "source", t->source);
    desc_blocks(g, data, "desc", t->description);
    identity(g, data);
    events(g, data);
    constants(g, data);
    inputs(g, data);
    metrics(g, data);
    attention(g, data);
    if (examples(g, data, d) != 0) {
        cJSON_Delete(data);
        return NULL;
    }
    methodologies(g, data);
    registers(g, data);
    layouts(g, data);
    enums(g, data);
    rules(g, data);
    reports(g, data);
    notes(g, data);
    static const char *const lists[] = {
        "constants", "inputs", "attention", "methodologies", "registers",
        "layouts",   "enums",  "rules",     "reports",       "note_kinds"};
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++)
        has(data, lists[i]);
    int dot = has_metric_dot(t);
    put(data, "metrics_dot", dot ? fmt(g, "%s-metrics.dot", t->slug) : NULL);
    put(data, "metrics_svg", dot ? fmt(g, "%s-metrics.svg", t->slug) : NULL);

    cJSON *c = jarr(data, "toc");
    toc(c, 1, "identity", "Identity");
    toc(c, t->nevents > 0, "events", t->nblocks ? "Counters" : "Events");
    toc(c, t->nconstants > 0, "constants", "Constants");
    toc(c, t->ninputs > 0, "inputs", "Inputs");
    toc(c, t->nmetrics > 0, "metrics",
        cJSON_GetStringValue(cJSON_GetObjectItem(data, "metrics_title")));
    toc(c, cJSON_GetArraySize(cJSON_GetObjectItem(data, "attention")) > 0,
        "attention", "Series to read with care");
    toc(c, cJSON_IsTrue(cJSON_GetObjectItem(data, "has_examples")), "examples",
        "Worked examples");
    toc(c, t->nmethodologies > 0, "methodologies", "Methodologies");
    toc(c, t->nregisters > 0, "registers", "Registers");
    toc(c, t->nlayouts > 0, "layouts", "Field layouts");
    toc(c, t->nenums > 0, "enums", "Encodings");
    toc(c, t->nrules > 0, "rules", "Supported combinations");
    toc(c, t->nreports > 0, "reports", "Report layouts");
    toc(c, t->nnotes > 0, "notes", "Notes");
    toc(c, dot || t->nmethodologies > 0, "diagrams", "Diagrams");
    jbool(data, "has_diagrams", dot || t->nmethodologies > 0);
    return data;
}

int emit_docs_page(const hw_target *t, int html, out_set *out,
                     const char *dir, hw_diag *d)
{
    dgen g = {.t = t, .a = arena_create(), .item = arena_create(), .html = html};
    g.page = g.a;
    size_t ne = (size_t)t->nevents + 1;
    if (g.a) {
        g.ev_placed = arena_alloc(g.a, ne);
        g.m_placed = arena_alloc(g.a, (size_t)t->nmetrics + 1);
        g.ev_link = arena_alloc(g.a, ne * sizeof *g.ev_link);
        g.ev_detail = arena_alloc(g.a, ne * sizeof *g.ev_detail);
        g.ev_known = arena_alloc(g.a, ne);
        stamps_alloc(&g);
    }
    if (!g.a || !g.item || arena_failed(g.a)) {
        arena_free(g.a);
        arena_free(g.item);
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    cjson_pool_begin(g.a); /* the data dies with g.a */
    cJSON *data = page_data(&g, d);
    int rc = data ? 0 : -1;
    if (rc == 0 && g.oom) {
        diag_error(d, NULL, "out of memory building the docs of %s",
                   t->spec_name);
        rc = -1;
    }
    if (rc == 0)
        rc = render_file(html ? "docs_target.html" : "docs_target.md", data,
                       html ? MU_ESCAPE_HTML : MU_ESCAPE_MARKDOWN, out, dir,
                       fmt(&g, "docs/%s.%s", t->slug, html ? "html" : "md"), d);
    cjson_pool_end();
    arena_free(g.a);
    arena_free(g.item);
    buf_free(&g.scratch);
    return rc;
}

/* ---- diagrams ------------------------------------------------------------ */

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
    return take(g, &b);
}

static const char *dot_label(dgen *g, const char *name, const char *title)
{
    if (!title || !*title || strcmp(title, name) == 0)
        return dq(g, name);
    return dq(g, fmt(g, "%s\n%s", name, title));
}

static void dot_banner(dgen *g, cJSON *data, const char *what)
{
    put(data, "version", HWCGEN_VERSION);
    put(data, "spec", g->t->spec_name);
    put(data, "what", what);
}

/* Name sets of one tree, so that drawing it stays linear in its size. */
typedef struct tree_ix {
    name_index nodes;    /* node name -> node */
    name_index roots;    /* root names */
    name_index slots;    /* stage group name -> its first slot */
    name_index declared; /* loose group nodes already drawn */
    int *bucket_head;    /* per slot: first node looked at in it, or -1 */
    int *bucket_next;    /* per node: the next node of its slot, or -1 */
} tree_ix;

static void tree_ix_free(tree_ix *ix)
{
    name_index_free(&ix->nodes);
    name_index_free(&ix->roots);
    name_index_free(&ix->slots);
    name_index_free(&ix->declared);
}

static int count_slots(const hw_methodology *m)
{
    int n = 0;
    for (int s = 0; s < m->nstages; s++)
        n += m->stages[s].ngroups;
    return n;
}

/* Slot numbers run over every stage's groups in order. Each node goes in
 * the bucket of the first slot naming its group, nodes in spec order. */
static int tree_ix_build(dgen *g, tree_ix *ix, const hw_methodology *m)
{
    int nslots = count_slots(m);
    ix->bucket_head = arena_alloc(g->a, ((size_t)nslots + 1) * sizeof(int));
    ix->bucket_next = arena_alloc(g->a, ((size_t)m->nnodes + 1) * sizeof(int));
    if (!ix->bucket_head || !ix->bucket_next ||
        name_index_init(&ix->nodes, (size_t)m->nnodes) != 0 ||
        name_index_init(&ix->roots, (size_t)m->nroots) != 0 ||
        name_index_init(&ix->slots, (size_t)nslots) != 0 ||
        name_index_init(&ix->declared, 16) != 0)
        return -1;
    for (int x = 0; x < m->nnodes; x++)
        if (name_index_put(&ix->nodes, m->nodes[x].name, x) == -2)
            return -1;
    for (int r = 0; r < m->nroots; r++)
        if (name_index_put(&ix->roots, m->roots[r], r) == -2)
            return -1;
    int slot = 0;
    for (int s = 0; s < m->nstages; s++)
        for (int k = 0; k < m->stages[s].ngroups; k++, slot++)
            if (name_index_put(&ix->slots, m->stages[s].groups[k], slot) == -2)
                return -1;
    int *tail = arena_alloc(g->a, ((size_t)nslots + 1) * sizeof(int));
    if (!tail)
        return -1;
    for (int i = 0; i < nslots; i++)
        ix->bucket_head[i] = tail[i] = -1;
    for (int x = 0; x < m->nnodes; x++) {
        ix->bucket_next[x] = -1;
        const char *grp = m->nodes[x].group;
        int sl = grp ? name_index_get(&ix->slots, grp) : -1;
        if (sl < 0)
            continue;
        if (tail[sl] < 0)
            ix->bucket_head[sl] = x;
        else
            ix->bucket_next[tail[sl]] = x;
        tail[sl] = x;
    }
    return 0;
}

/* A decision tree node: the metric, titled, bold when a root. */
static void dot_tree_node(dgen *g, cJSON *arr, const tree_ix *ix,
                          const hw_tree_node *n)
{
    int mi = ir_find_metric(g->t, n->name);
    cJSON *no = jobj(arr, NULL);
    put(no, "id", dq(g, fmt(g, "m:%s", n->name)));
    put(no, "label",
        dot_label(g, n->name, mi >= 0 ? g->t->metrics[mi].title : NULL));
    put(no, "shape", "box");
    jbool(no, "root", name_index_get(&ix->roots, n->name) >= 0);
}

/* A metric group the tree leads to. */
static void dot_group_node(dgen *g, cJSON *arr, const char *name)
{
    int gi = ir_find_group(g->t, GROUP_METRICS, name);
    cJSON *no = jobj(arr, NULL);
    put(no, "id", dq(g, fmt(g, "g:%s", name)));
    put(no, "label",
        dot_label(g, name, gi >= 0 ? g->t->groups[gi].title : NULL));
    put(no, "shape", "folder");
    jbool(no, "root", 0);
}

/* Stages as clusters; a stage group that tree nodes are looked at in is a
 * cluster holding those nodes, any other stage group is a node; edges go
 * from each tree node to its next items. Spec order throughout. */
static int emit_topdown(dgen *g, const hw_methodology *m, out_set *out,
                        const char *dir, hw_diag *d)
{
    cJSON *data = cJSON_CreateObject();
    dot_banner(g, data, m->title ? m->title : m->name);
    put(data, "graph", dq(g, m->name));
    put(data, "label", dq(g, m->title ? m->title : m->name));
    char *placed = arena_alloc(g->a, (size_t)m->nnodes + 1);
    tree_ix ix;
    memset(&ix, 0, sizeof ix);
    if (missing(g, placed) || tree_ix_build(g, &ix, m) != 0) {
        tree_ix_free(&ix);
        cJSON_Delete(data);
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    cJSON *clusters = jarr(data, "clusters");
    int slot = 0;
    for (int s = 0; s < m->nstages; s++) {
        const hw_stage *st = &m->stages[s];
        cJSON *c = jobj(clusters, NULL);
        put(c, "id", dq(g, fmt(g, "cluster_%s", st->name)));
        put(c, "label", dq(g, stage_title(g, st->name)));
        cJSON *groups = jarr(c, "groups");
        cJSON *nodes = jarr(c, "nodes");
        for (int k = 0; k < st->ngroups; k++, slot++) {
            const char *gname = st->groups[k];
            /* Only the first slot of a group holds its nodes. */
            int x = name_index_get(&ix.slots, gname) == slot ? ix.bucket_head[slot] : -1;
            if (x < 0) {
                dot_group_node(g, nodes, gname);
                continue;
            }
            int gi = ir_find_group(g->t, GROUP_METRICS, gname);
            cJSON *go = jobj(groups, NULL);
            put(go, "id", dq(g, fmt(g, "cluster_g_%s", gname)));
            put(go, "label",
                dot_label(g, gname, gi >= 0 ? g->t->groups[gi].title : NULL));
            cJSON *members = jarr(go, "nodes");
            for (; x >= 0; x = ix.bucket_next[x]) {
                dot_tree_node(g, members, &ix, &m->nodes[x]);
                placed[x] = 1;
            }
        }
    }
    /* tree nodes in no stage group; next items that are neither a tree
     * node nor a stage group, declared at their first use */
    cJSON *loose = jarr(data, "nodes");
    for (int x = 0; x < m->nnodes; x++)
        if (!placed[x])
            dot_tree_node(g, loose, &ix, &m->nodes[x]);
    cJSON *edges = jarr(data, "edges");
    for (int x = 0; x < m->nnodes; x++) {
        const hw_tree_node *n = &m->nodes[x];
        for (int k = 0; k < n->nnext; k++) {
            const char *to = n->next[k];
            int is_node = name_index_get(&ix.nodes, to) >= 0;
            if (!is_node && name_index_get(&ix.slots, to) < 0) {
                int first = name_index_put(&ix.declared, to, 0);
                if (first == -2)
                    g->oom = 1;
                if (first == -1)
                    dot_group_node(g, loose, to);
            }
            cJSON *eo = jobj(edges, NULL);
            put(eo, "from", dq(g, fmt(g, "m:%s", n->name)));
            put(eo, "to", dq(g, fmt(g, "%s:%s", is_node ? "m" : "g", to)));
        }
    }
    tree_ix_free(&ix);
    int rc = g->oom ? -1 : 0;
    if (rc != 0)
        diag_error(d, NULL, "out of memory");
    else
        rc = render_file("docs_topdown.dot", data, MU_ESCAPE_NONE, out, dir,
                       fmt(g, "docs/%s.dot", method_stem(g, m)), d);
    cJSON_Delete(data);
    return rc;
}

/* The metric graph's plan: which metrics get nodes, what each points at
 * (edge k: metric from[k] -> (kind, index) in the edge list) and which
 * names it reads get nodes. The lists are built while rendering. */
typedef struct dot_uses {
    dgen *g;
    lazy_items *edges;
    int *from;     /* edge k starts at metric from[k] */
    int metric;    /* the metric whose refs are walked */
    char *used[5]; /* refs of any metric: these get nodes */
} dot_uses;

static const char *ref_id(dgen *g, hw_ref_kind k, int i)
{
    const hw_target *t = g->t;
    switch (k) {
    case REF_EVENT:
        return dq(g, fmt(g, "e:%s", t->events[i].name));
    case REF_CONSTANT:
        return dq(g, fmt(g, "c:%s", t->constants[i].name));
    case REF_INPUT:
        return dq(g, fmt(g, "i:%s", t->inputs[i].name));
    default:
        return dq(g, fmt(g, "m:%s", t->metrics[i].name));
    }
}

static void dot_edge(dot_uses *u, hw_ref_kind k, int i)
{
    u->used[k][i] = 1;
    u->from[u->edges->list.count] = u->metric;
    lazy_add(u->edges, k, i);
}

static int dot_ref(void *ctx, hw_expr *ref)
{
    dot_uses *u = ctx;
    if (ref->ref <= REF_UNRESOLVED || ref->ref > REF_METRIC || ref->index < 0 ||
        !first_sight(u->g, ref->ref, ref->index))
        return 0;
    dot_edge(u, ref->ref, ref->index);
    return 0;
}

static void graph_metric(dgen *g, const lazy_items *l, int k, cJSON *into)
{
    const hw_metric *m = &g->t->metrics[l->index[k]];
    cJSON *no = jobj(into, NULL);
    put(no, "id", ref_id(g, REF_METRIC, l->index[k]));
    put(no, "label", dot_label(g, m->name, m->title));
}

static void graph_edge(dgen *g, const lazy_items *l, int k, cJSON *into)
{
    const int *from = l->ctx;
    cJSON *eo = jobj(into, NULL);
    put(eo, "from", ref_id(g, REF_METRIC, from[k]));
    put(eo, "to", ref_id(g, (hw_ref_kind)l->kind[k], l->index[k]));
}

static void graph_node(dgen *g, const lazy_items *l, int k, cJSON *into)
{
    static const char *const shapes[5] = {"", "ellipse", "diamond",
                                          "parallelogram", "box"};
    const hw_target *t = g->t;
    int kind = l->kind[k], i = l->index[k];
    const char *name = kind == REF_EVENT      ? t->events[i].name
                       : kind == REF_CONSTANT ? t->constants[i].name
                                              : t->inputs[i].name;
    cJSON *no = jobj(into, NULL);
    put(no, "id", ref_id(g, (hw_ref_kind)kind, i));
    put(no, "label", dq(g, name));
    put(no, "shape", shapes[kind]);
}

static int count_ref(void *ctx, hw_expr *ref)
{
    (void)ref;
    ++*(int *)ctx;
    return 0;
}

/* Edges and metric nodes in metric order, each edge once per metric. */
static void plan_metric_graph(dgen *g, dot_uses *u, lazy_items *metrics)
{
    const hw_target *t = g->t;
    for (int i = 0; i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        if (!m->expr && !m->nevents)
            continue;
        lazy_add(metrics, 0, i);
        u->metric = i;
        g->serial++;
        if (m->expr)
            expr_each_ref(m->expr, dot_ref, u);
        for (int k = 0; k < m->nevents; k++) {
            int e = ir_find_event(t, m->events[k]);
            if (e >= 0 && first_sight(g, REF_EVENT, e))
                dot_edge(u, REF_EVENT, e);
        }
    }
}

/* Metrics (boxes) -> what their formulas read: events (ellipses),
 * constants (diamonds), inputs (parallelograms), other metrics. */
static int emit_metric_graph(dgen *g, out_set *out, const char *dir, hw_diag *d)
{
    const hw_target *t = g->t;
    cJSON *data = cJSON_CreateObject();
    dot_banner(g, data, "metric dependencies");
    put(data, "graph", dq(g, fmt(g, "%s metrics", t->slug)));
    put(data, "label",
        dq(g,
           fmt(g, "%s: what each metric reads", t->name ? t->name : t->slug)));
    size_t n[5] = {0, (size_t)t->nevents, (size_t)t->nconstants,
                   (size_t)t->ninputs, (size_t)t->nmetrics};
    int nedges = 0, nnodes = 0;
    for (int i = 0; i < t->nmetrics; i++) {
        if (t->metrics[i].expr)
            expr_each_ref(t->metrics[i].expr, count_ref, &nedges);
        nedges += t->metrics[i].nevents;
    }
    lazy_items *metrics = lazy_list(g, data, "metrics", t->nmetrics, graph_metric, NULL);
    dot_uses u = {g, NULL, arena_alloc(g->a, ((size_t)nedges + 1) * sizeof(int)), 0, {NULL}};
    u.edges = u.from ? lazy_list(g, data, "edges", nedges, graph_edge, u.from) : NULL;
    int lost = !metrics || !u.edges;
    for (int k = REF_EVENT; k <= REF_METRIC; k++) {
        u.used[k] = arena_alloc(g->a, n[k] + 1);
        lost |= !u.used[k] || (k == REF_EVENT && !g->stamp[k] && stamps_alloc(g) != 0);
    }
    if (!lost)
        plan_metric_graph(g, &u, metrics);
    for (int k = REF_EVENT; !lost && k <= REF_INPUT; k++)
        for (size_t i = 0; i < n[k]; i++)
            nnodes += u.used[k][i];
    lazy_items *nodes = lost ? NULL : lazy_list(g, data, "nodes", nnodes, graph_node, NULL);
    for (int k = REF_EVENT; nodes && k <= REF_INPUT; k++)
        for (size_t i = 0; i < n[k]; i++)
            if (u.used[k][i])
                lazy_add(nodes, k, (int)i);
    int rc = g->oom || lost || !nodes ? -1 : 0;
    if (rc != 0)
        diag_error(d, NULL, "out of memory");
    else
        rc = render_file("docs_metrics.dot", data, MU_ESCAPE_NONE, out, dir,
                       fmt(g, "docs/%s-metrics.dot", t->slug), d);
    cJSON_Delete(data);
    return rc;
}

int emit_docs_diagrams(const hw_target *t, out_set *out, const char *dir,
                         hw_diag *d)
{
    dgen g = {.t = t, .a = arena_create(), .item = arena_create()};
    g.page = g.a;
    if (!g.a || !g.item) {
        arena_free(g.a);
        arena_free(g.item);
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    int rc = 0;
    cjson_pool_begin(g.a); /* cJSON_Delete() inside frees nothing */
    for (int i = 0; rc == 0 && i < t->nmethodologies; i++)
        rc = emit_topdown(&g, &t->methodologies[i], out, dir, d);
    if (rc == 0 && has_metric_dot(t))
        rc = emit_metric_graph(&g, out, dir, d);
    cjson_pool_end();
    arena_free(g.a);
    arena_free(g.item);
    buf_free(&g.scratch);
    return rc;
}

/* ---- the index ----------------------------------------------------------- */

static int by_slug(const void *a, const void *b)
{
    const hw_target *x = *(hw_target *const *)a, *y = *(hw_target *const *)b;
    return strcmp(x->slug ? x->slug : "", y->slug ? y->slug : "");
}

static int emit_index(hw_target *const *targets, int n, int html, out_set *out,
                      const char *dir, hw_diag *d)
{
    const hw_target **sorted = malloc((size_t)(n + 1) * sizeof *sorted);
    dgen g = {.a = arena_create(), .html = html};
    g.page = g.a;
    if (!sorted || !g.a) {
        free(sorted);
        arena_free(g.a);
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    for (int i = 0; i < n; i++)
        sorted[i] = targets[i];
    qsort(sorted, (size_t)n, sizeof *sorted, by_slug);
    cJSON *data = cJSON_CreateObject();
    put(data, "version", HWCGEN_VERSION);
    cJSON *arr = jarr(data, "targets");
    for (int i = 0; i < n; i++) {
        const hw_target *t = sorted[i];
        g.t = t;
        cJSON *o = jobj(arr, NULL);
        put(o, "name", t->name ? t->name : t->id);
        put(o, "slug", t->slug);
        put(o, "kind", kind_label(t->kind));
        put(o, "vendor", t->vendor);
        put(o, "source", t->source);
        put(o, "spec", code(&g, t->spec_name));
        put(o, "contents", contents(&g, t));
        cJSON *dia = jarr(o, "diagrams");
        for (int k = 0; k < t->nmethodologies; k++) {
            cJSON *x = jobj(dia, NULL);
            const char *stem = method_stem(&g, &t->methodologies[k]);
            put(x, "svg", fmt(&g, "%s.svg", stem));
            put(x, "dot", fmt(&g, "%s.dot", stem));
            put(x, "title",
                t->methodologies[k].title ? t->methodologies[k].title
                                          : t->methodologies[k].name);
        }
        if (has_metric_dot(t)) {
            cJSON *x = jobj(dia, NULL);
            put(x, "svg", fmt(&g, "%s-metrics.svg", t->slug));
            put(x, "dot", fmt(&g, "%s-metrics.dot", t->slug));
            put(x, "title", "Metric dependencies");
        }
    }
    int rc = 0;
    if (g.oom) {
        diag_error(d, NULL, "out of memory");
        rc = -1;
    } else {
        rc = render_file(html ? "docs_index.html" : "docs_index.md", data,
                       html ? MU_ESCAPE_HTML : MU_ESCAPE_MARKDOWN, out, dir,
                       html ? "docs/index.html" : "docs/index.md", d);
    }
    cJSON_Delete(data);
    arena_free(g.a);
    buf_free(&g.scratch);
    free(sorted);
    return rc;
}

int emit_docs(hw_target *const *targets, int n, out_set *out, const char *dir,
              hw_diag *d)
{
    for (int i = 0; i < n; i++) {
        const hw_target *t = targets[i];
        if (emit_docs_page(t, 0, out, dir, d) != 0 ||
            emit_docs_page(t, 1, out, dir, d) != 0 ||
            emit_docs_diagrams(t, out, dir, d) != 0)
            return -1;
    }
    return emit_docs_index(targets, n, out, dir, d);
}

int emit_docs_index(hw_target *const *targets, int n, out_set *out, const char *dir,
                    hw_diag *d)
{
    if (emit_index(targets, n, 0, out, dir, d) != 0 ||
        emit_index(targets, n, 1, out, dir, d) != 0)
        return -1;
    return 0;
}
