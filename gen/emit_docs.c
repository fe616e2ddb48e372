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
 * what it shows (events, constants, inputs, metrics, worked examples,
 * methodologies, registers, layouts, enums and their rules, report
 * layouts, notes).
 * Every list is in spec order, or in an order stated where it is built.
 * The DOT files are plain text; hwcgen never runs Graphviz itself.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "emit.h"
#include "expr.h"
#include "interp.h"
#include "names.h"
#include "render.h"
#include "version.h"

/* ---- the builder --------------------------------------------------------- */

/* What a list of the things one metric reads has named already: a mark
 * per event, constant, input and metric, holding the number of the list
 * that named it. A new list forgets the old one's marks by counting on, so
 * the docs stay linear in the size of the spec. */
typedef struct ref_seen {
    int *mark[REF_METRIC + 1]; /* by hw_ref_kind, then index */
    int list;                  /* the list being built, from 1 */
} ref_seen;

/* Every piece of a file is built in the arena `a`; a failed allocation
 * there is remembered by the arena, and arena_failed() is checked once
 * before the file renders. */
typedef struct dgen {
    const hw_target *t;
    hw_arena *a;     /* strings that live until rendering is done */
    int html;        /* building the HTML page (else Markdown) */
    char *ev_placed; /* event anchor already on the page */
    char *m_placed;  /* metric anchor already on the page */
    ref_seen seen;   /* what a metric's list of reads has named */
} dgen;

/* Every string helper returns text, never NULL: after an allocation
 * failure it yields "", and the file is not rendered. */
static const char *take(dgen *g, hw_buf *b)
{
    const char *s = arena_take(g->a, b);
    return s ? s : "";
}

/* A formatted arena string. */
__attribute__((format(printf, 2, 3))) static const char *fmt(dgen *g,
                                                             const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    hw_buf b;
    buf_init(&b);
    buf_vprintf(&b, f, ap);
    va_end(ap);
    return take(g, &b);
}

/* Render `data` (then freed) with template `name` into `file`. This is
 * where a file's arena is checked, once: nothing is rendered after a failed
 * allocation. render_template() checks the allocations of `data`. */
static int render_doc(dgen *g, const emit_to *to, const char *name,
                      cJSON *data, mu_escape escape, const char *file)
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

/* Template data: a missing string becomes null, which is falsy and, unlike
 * a missing key, stops Mustache from finding the name further out. */
static void put(cJSON *o, const char *key, const char *s)
{
    if (s)
        cJSON_AddStringToObject(o, key, s);
    else
        cJSON_AddNullToObject(o, key);
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
    hw_buf b;
    buf_init(&b);
    mu_escape_append(&b, s ? s : "",
                     g->html ? MU_ESCAPE_HTML : MU_ESCAPE_MARKDOWN);
    return take(g, &b);
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
    hw_buf b;
    buf_init(&b);
    buf_puts(&b, prefix);
    for (const char *p = name ? name : ""; *p; p++) {
        char c = *p;
        int safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                   (c >= '0' && c <= '9') || c == '_' || c == '-';
        buf_putc(&b, safe ? c : '-');
    }
    return take(g, &b);
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
    return fmt(g, "%s", num);
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
        if (!block)
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

static const char *event_link(dgen *g, int i)
{
    return code_link(g, "ev-", g->t->events[i].name);
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
        uint32_t midr = target_midr(t);
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
    if (!b.len && !b.failed) {
        buf_free(&b);
        return NULL;
    }
    return take(g, &b);
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

static void events(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *secs = jarr(data, "event_sections");
    if (!t->nevents)
        return;
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

    char *done = arena_alloc(g->a, (size_t)t->nevents + 1);
    if (!done)
        return;
    if (by_group) {
        /* functional groups in spec order, members in group order */
        for (int i = 0; i < t->ngroups; i++) {
            const hw_group *gr = &t->groups[i];
            if (gr->kind != GROUP_EVENTS)
                continue;
            cJSON *s = event_section(secs, anchor(g, "eg-", gr->name),
                                     gr->title ? gr->title : gr->name,
                                     code(g, gr->name), gr->description);
            cJSON *rows = cJSON_GetObjectItem(s, "events");
            for (int k = 0; k < gr->nmembers; k++) {
                int e = ir_find_event(t, gr->members[k]);
                if (e < 0)
                    continue;
                event_row(g, rows, e, &c);
                done[e] = 1;
            }
        }
    } else if (by_block) {
        for (int b = 0; b < t->nblocks; b++) {
            const hw_block *bl = &t->blocks[b];
            const char *intro =
                bl->size ? fmt(g, "Block id %d, %d counters in the block.",
                               bl->id, bl->size)
                         : fmt(g, "Block id %d.", bl->id);
            cJSON *s = event_section(secs, anchor(g, "blk-", bl->name),
                                     bl->title ? bl->title : bl->name,
                                     code(g, bl->name), intro);
            cJSON *rows = cJSON_GetObjectItem(s, "events");
            for (int e = 0; e < t->nevents; e++) {
                if (t->events[e].block != b)
                    continue;
                event_row(g, rows, e, &c);
                done[e] = 1;
            }
        }
    }
    cJSON *rest = NULL;
    for (int e = 0; e < t->nevents; e++) {
        if (done[e])
            continue;
        if (!rest)
            rest = cJSON_GetObjectItem(
                event_section(
                    secs, "other-events",
                    by_group || by_block ? "Other events" : "All events", NULL,
                    by_group ? "Events in no functional group." : NULL),
                "events");
        event_row(g, rest, e, &c);
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

/* How many things of kind k the target has. */
static size_t ref_count(const hw_target *t, hw_ref_kind k)
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

/* A reference the checker bound to an event, constant, input or metric. */
static int ref_bound(const hw_expr *ref)
{
    return ref->ref > REF_UNRESOLVED && ref->ref <= REF_METRIC &&
           ref->index >= 0;
}

/* Marks for every event, constant, input and metric of g's target, in
 * g's arena. */
static void seen_init(dgen *g, ref_seen *s)
{
    s->list = 0;
    for (int k = 0; k <= REF_METRIC; k++)
        s->mark[k] = arena_alloc(
            g->a, (ref_count(g->t, (hw_ref_kind)k) + 1) * sizeof *s->mark[k]);
}

/* Mark item i of kind k named by the current list; 1 when it was new. A
 * name belongs to one item (the checker's one namespace), so marking the
 * item marks the name. */
static int first_sight(ref_seen *s, hw_ref_kind k, int i)
{
    if (s->mark[k][i] == s->list)
        return 0;
    s->mark[k][i] = s->list;
    return 1;
}

typedef struct uses_ctx {
    dgen *g;
    cJSON *arr;
} uses_ctx;

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
    if (!ref_bound(ref) || !first_sight(&u->g->seen, ref->ref, ref->index))
        return 0;
    list_item(u->arr, ref_link(u->g, ref->ref, ref->index),
              ref->ref == REF_EVENT ? event_detail(u->g, ref->index) : NULL);
    return 0;
}

/* What the metric reads: references of its formula in order of first
 * use, then events the spec lists for it that the formula does not read. */
static void metric_uses(dgen *g, cJSON *o, const hw_metric *m)
{
    const hw_target *t = g->t;
    uses_ctx u = {g, jarr(o, "uses")};
    g->seen.list++;
    if (m->expr)
        expr_each_ref(m->expr, use_ref, &u);
    for (int k = 0; k < m->nevents; k++) {
        int e = ir_find_event(t, m->events[k]);
        if (e >= 0 && first_sight(&g->seen, REF_EVENT, e))
            list_item(u.arr, event_link(g, e), event_detail(g, e));
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

static cJSON *metric_part(cJSON *parts, const char *id, const char *number,
                          const char *title, const char *description)
{
    cJSON *o = jobj(parts, NULL);
    put(o, "anchor", id);
    put(o, "number", number);
    put(o, "title", title);
    put(o, "description", description);
    jbool(o, "titled", title != NULL);
    jarr(o, "groups");
    return o;
}

/* Template sections -> groups -> series in guide order; else metric groups
 * (and the ungrouped); else a model's outputs and intermediate values. */
/* One metric group's table, its rows in the group's order. */
static void group_rows(dgen *g, cJSON *groups, const hw_group *gr, char *done)
{
    cJSON *go = metric_group(groups, anchor(g, "mg-", gr->name), gr->number,
                             gr->title ? gr->title : gr->name, code(g, gr->name),
                             gr->description);
    cJSON *rows = cJSON_GetObjectItem(go, "metrics");
    for (int k = 0; k < gr->nmembers; k++) {
        int m = ir_find_metric(g->t, gr->members[k]);
        if (m >= 0) {
            metric_row(g, rows, m);
            done[m] = 1;
        }
    }
}

/* A template: its sections in order, each with its groups. */
static void template_parts(dgen *g, cJSON *parts, char *done)
{
    const hw_target *t = g->t;
    for (int s = 0; s < t->nsections; s++) {
        const hw_section *sec = &t->sections[s];
        cJSON *p = metric_part(parts,
                               anchor(g, "sec-", sec->number ? sec->number : fmt(g, "%d", s)),
                               sec->number, sec->title ? sec->title : "", sec->description);
        cJSON *groups = cJSON_GetObjectItem(p, "groups");
        for (int i = 0; i < t->ngroups; i++)
            if (t->groups[i].kind == GROUP_METRICS && t->groups[i].section == s)
                group_rows(g, groups, &t->groups[i], done);
    }
}

static void grouped_parts(dgen *g, cJSON *parts, char *done)
{
    const hw_target *t = g->t;
    cJSON *groups = cJSON_GetObjectItem(metric_part(parts, NULL, NULL, NULL, NULL), "groups");
    for (int i = 0; i < t->ngroups; i++)
        if (t->groups[i].kind == GROUP_METRICS)
            group_rows(g, groups, &t->groups[i], done);
}

/* A model: outputs first, then its steps in evaluation order. */
static void model_parts(dgen *g, cJSON *parts, char *done)
{
    const hw_target *t = g->t;
    cJSON *groups = cJSON_GetObjectItem(metric_part(parts, NULL, NULL, NULL, NULL), "groups");
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

/* Metrics no group listed, so that every metric appears once at least. */
static void other_metrics(dgen *g, cJSON *parts, const char *done, int grouped)
{
    const hw_target *t = g->t;
    cJSON *rest = NULL;
    for (int i = 0; i < t->nmetrics; i++) {
        if (done[i])
            continue;
        if (!rest) {
            cJSON *p = cJSON_GetArraySize(parts)
                           ? cJSON_GetArrayItem(parts, cJSON_GetArraySize(parts) - 1)
                           : metric_part(parts, NULL, NULL, NULL, NULL);
            rest = cJSON_GetObjectItem(
                metric_group(cJSON_GetObjectItem(p, "groups"), "other-metrics", NULL,
                             grouped || t->nsections ? "Other metrics" : "All metrics",
                             NULL, grouped ? "Metrics in no metric group." : NULL),
                "metrics");
        }
        metric_row(g, rest, i);
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
    char *done = arena_alloc(g->a, (size_t)t->nmetrics + 1);
    if (!done)
        return;
    if (t->nsections)
        template_parts(g, parts, done);
    else if (grouped)
        grouped_parts(g, parts, done);
    else if (model)
        model_parts(g, parts, done);
    other_metrics(g, parts, done, grouped);
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

/* A column head: a name (markup) and its units. */
static const char *example_head(dgen *g, const char *name, const char *units)
{
    return fmt(g, "%s%s", name, units ? esc(g, fmt(g, " (%s)", units)) : "");
}

/* One example: its inputs, then the outputs the interpreter gives for them
 * (`in` and `out` are scratch arrays by input and by metric). */
static void example_row(dgen *g, cJSON *rows, const hw_example *x, double *in,
                        double *out, const double *consts)
{
    const hw_target *t = g->t;
    for (int i = 0; i < t->ninputs; i++)
        in[i] = NAN;
    for (int k = 0; k < x->nsets; k++) {
        int i = ir_find_input(t, x->sets[k].input);
        if (i >= 0) /* the checker reports any other */
            in[i] = x->sets[k].value;
    }
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

/* The spec's worked examples, evaluated: a column per input and output. */
static void examples(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *ex = jobj(data, "examples");
    cJSON *head = jarr(ex, "head");
    cJSON *rows = jarr(ex, "rows");
    jbool(data, "has_examples", t->nexamples > 0);
    if (!t->nexamples)
        return;
    double *in = arena_alloc(g->a, ((size_t)t->ninputs + 1) * sizeof *in);
    double *out = arena_alloc(g->a, ((size_t)t->nmetrics + 1) * sizeof *out);
    double *consts =
        arena_alloc(g->a, ((size_t)t->nconstants + 1) * sizeof *consts);
    if (!in || !out || !consts)
        return; /* never rendered: the arena has failed */
    for (int i = 0; i < t->nconstants; i++)
        consts[i] = t->constants[i].has_value ? t->constants[i].value : NAN;
    for (int i = 0; i < t->ninputs; i++)
        list_item(head,
                  example_head(g, code(g, t->inputs[i].name),
                               t->inputs[i].units),
                  NULL);
    for (int i = 0; i < t->nmetrics; i++)
        if (!(t->metrics[i].flags & METRIC_INTERMEDIATE))
            list_item(head,
                      example_head(g, code_link(g, "m-", t->metrics[i].name),
                                   t->metrics[i].units),
                      NULL);
    for (int k = 0; k < t->nexamples; k++)
        example_row(g, rows, &t->examples[k], in, out, consts);
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
    if (!s)
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
    int *lo = arena_alloc(g->a, ((size_t)t->nevents + 1) * sizeof *lo);
    int *hi = arena_alloc(g->a, ((size_t)t->nevents + 1) * sizeof *hi);
    if (!lo || !hi)
        return;
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

static cJSON *page_data(dgen *g)
{
    const hw_target *t = g->t;
    cJSON *data = cJSON_CreateObject();
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
    examples(g, data);
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

static int emit_page(const hw_target *t, int html, const emit_to *to)
{
    dgen g = {t, arena_create(), html, NULL, NULL, {{NULL}, 0}};
    if (!g.a) {
        diag_error(to->d, NULL, "out of memory");
        return -1;
    }
    g.ev_placed = arena_alloc(g.a, (size_t)t->nevents + 1);
    g.m_placed = arena_alloc(g.a, (size_t)t->nmetrics + 1);
    seen_init(&g, &g.seen);
    const char *file = fmt(&g, "docs/%s.%s", t->slug, html ? "html" : "md");
    /* the parts of the page need the arrays above */
    cJSON *data = arena_failed(g.a) ? NULL : page_data(&g);
    int rc = render_doc(&g, to, html ? "docs_target.html" : "docs_target.md",
                        data, html ? MU_ESCAPE_HTML : MU_ESCAPE_MARKDOWN, file);
    arena_free(g.a);
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
    put(no, "id", dq(g, fmt(g, "m:%s", n->name)));
    put(no, "label",
        dot_label(g, n->name, mi >= 0 ? g->t->metrics[mi].title : NULL));
    put(no, "shape", "box");
    jbool(no, "root", tree_is_root(m, n->name));
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

/* One stage as a cluster: a stage group that tree nodes are looked at in
 * is a cluster holding those nodes (now placed), any other a node. */
static void topdown_stage(dgen *g, cJSON *clusters, const hw_methodology *m,
                          const hw_stage *st, char *placed)
{
    cJSON *c = jobj(clusters, NULL);
    put(c, "id", dq(g, fmt(g, "cluster_%s", st->name)));
    put(c, "label", dq(g, stage_title(g, st->name)));
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
                put(go, "id", dq(g, fmt(g, "cluster_g_%s", gname)));
                put(go, "label",
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
            put(eo, "from", dq(g, fmt(g, "m:%s", n->name)));
            put(eo, "to", dq(g, fmt(g, "%s:%s", is_node ? "m" : "g", next)));
        }
    }
}

/* Stages as clusters of their groups and tree nodes, then the tree nodes
 * in no stage group, then the edges. Spec order throughout. */
static cJSON *topdown_data(dgen *g, const hw_methodology *m)
{
    cJSON *data = cJSON_CreateObject();
    dot_banner(g, data, m->title ? m->title : m->name);
    put(data, "graph", dq(g, m->name));
    put(data, "label", dq(g, m->title ? m->title : m->name));
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
    const char *file = fmt(g, "docs/%s.dot", method_stem(g, m));
    return render_doc(g, to, "docs_topdown.dot", topdown_data(g, m),
                      MU_ESCAPE_NONE, file);
}

typedef struct dot_uses {
    dgen *g;
    cJSON *edges;
    const char *from;           /* the metric whose edges are being drawn */
    char *used[REF_METRIC + 1]; /* read by any metric: these get nodes */
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

/* An edge from the current metric to item i of kind k, once per metric. */
static void dot_edge(dot_uses *u, hw_ref_kind k, int i)
{
    if (!first_sight(&u->g->seen, k, i))
        return;
    u->used[k][i] = 1;
    cJSON *eo = jobj(u->edges, NULL);
    put(eo, "from", u->from);
    put(eo, "to", ref_id(u->g, k, i));
}

static int dot_ref(void *ctx, hw_expr *ref)
{
    if (ref_bound(ref))
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
        put(no, "id", u->from);
        put(no, "label", dot_label(g, m->name, m->title));
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
        for (size_t i = 0; i < ref_count(t, (hw_ref_kind)k); i++) {
            if (!u->used[k][i])
                continue;
            const char *name = k == REF_EVENT      ? t->events[i].name
                               : k == REF_CONSTANT ? t->constants[i].name
                                                   : t->inputs[i].name;
            cJSON *no = jobj(nodes, NULL);
            put(no, "id", ref_id(g, (hw_ref_kind)k, (int)i));
            put(no, "label", dq(g, name));
            put(no, "shape", shapes[k]);
        }
}

/* Metrics (boxes) -> what their formulas read: events, constants, inputs
 * and other metrics. */
static cJSON *metric_graph_data(dgen *g)
{
    const hw_target *t = g->t;
    cJSON *data = cJSON_CreateObject();
    dot_banner(g, data, "metric dependencies");
    put(data, "graph", dq(g, fmt(g, "%s metrics", t->slug)));
    put(data, "label",
        dq(g,
           fmt(g, "%s: what each metric reads", t->name ? t->name : t->slug)));
    dot_uses u = {g, jarr(data, "edges"), NULL, {NULL}};
    for (int k = REF_EVENT; k <= REF_METRIC; k++)
        u.used[k] = arena_alloc(g->a, ref_count(t, (hw_ref_kind)k) + 1);
    if (arena_failed(g->a))
        return data; /* never rendered */
    metric_graph_edges(g, data, &u);
    metric_graph_nodes(g, data, &u);
    return data;
}

static int emit_metric_graph(dgen *g, const emit_to *to)
{
    const char *file = fmt(g, "docs/%s-metrics.dot", g->t->slug);
    return render_doc(g, to, "docs_metrics.dot", metric_graph_data(g),
                      MU_ESCAPE_NONE, file);
}

static int emit_diagrams(const hw_target *t, const emit_to *to)
{
    dgen g = {t, arena_create(), 0, NULL, NULL, {{NULL}, 0}};
    if (!g.a) {
        diag_error(to->d, NULL, "out of memory");
        return -1;
    }
    seen_init(&g, &g.seen);
    int rc = 0;
    for (int i = 0; rc == 0 && i < t->nmethodologies; i++)
        rc = emit_topdown(&g, &t->methodologies[i], to);
    if (rc == 0 && has_metric_dot(t))
        rc = emit_metric_graph(&g, to);
    arena_free(g.a);
    return rc;
}

/* ---- the index ----------------------------------------------------------- */

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
    put(o, "name", t->name ? t->name : t->id);
    put(o, "slug", t->slug);
    put(o, "kind", kind_label(t->kind));
    put(o, "vendor", t->vendor);
    put(o, "source", t->source);
    put(o, "spec", code(g, t->spec_name));
    put(o, "contents", contents(g, t));
    cJSON *dia = jarr(o, "diagrams");
    for (int k = 0; k < t->nmethodologies; k++) {
        const hw_methodology *m = &t->methodologies[k];
        cJSON *x = jobj(dia, NULL);
        const char *stem = method_stem(g, m);
        put(x, "svg", fmt(g, "%s.svg", stem));
        put(x, "dot", fmt(g, "%s.dot", stem));
        put(x, "title", m->title ? m->title : m->name);
    }
    if (has_metric_dot(t)) {
        cJSON *x = jobj(dia, NULL);
        put(x, "svg", fmt(g, "%s-metrics.svg", t->slug));
        put(x, "dot", fmt(g, "%s-metrics.dot", t->slug));
        put(x, "title", "Metric dependencies");
    }
}

/* Every target by slug. */
static cJSON *index_data(dgen *g, hw_target *const *targets, int n)
{
    cJSON *data = cJSON_CreateObject();
    put(data, "version", HWCGEN_VERSION);
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

static int emit_index(hw_target *const *targets, int n, int html,
                      const emit_to *to)
{
    dgen g = {NULL, arena_create(), html, NULL, NULL, {{NULL}, 0}};
    if (!g.a) {
        diag_error(to->d, NULL, "out of memory");
        return -1;
    }
    int rc = render_doc(&g, to, html ? "docs_index.html" : "docs_index.md",
                        index_data(&g, targets, n),
                        html ? MU_ESCAPE_HTML : MU_ESCAPE_MARKDOWN,
                        html ? "docs/index.html" : "docs/index.md");
    arena_free(g.a);
    return rc;
}

int emit_docs(hw_target *const *targets, int n, const emit_to *to)
{
    for (int i = 0; i < n; i++) {
        const hw_target *t = targets[i];
        if (emit_page(t, 0, to) != 0 ||
            emit_page(t, 1, to) != 0 ||
            emit_diagrams(t, to) != 0)
            return -1;
    }
    if (emit_index(targets, n, 0, to) != 0 ||
        emit_index(targets, n, 1, to) != 0)
        return -1;
    return 0;
}
