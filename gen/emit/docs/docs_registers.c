/* docs_registers.c - the parts of a target's page that say how to program
 * its counters (docs.h): registers and field layouts bit by bit, encodings
 * (enums) with the rules that limit which values go together, drawn as
 * matrices, and the byte layout of counter reports.
 */
#include <stdint.h>
#include <string.h>

#include "emit/docs/docs.h"

/* ---- registers, layouts, enums, rules ------------------------------------ */

/* v in binary with at least `width` digits: 0b0101. */
static const char *binary(dgen *g, uint32_t v, int width)
{
    char bits[40];
    int w = width > 0 && width <= 32 ? width : 1;
    while (w < 32 && (v >> w))
        w++;
    for (int i = 0; i < w; i++)
        bits[i] = (char)('0' + ((v >> (w - 1 - i)) & 1u));
    bits[w] = '\0';
    return doc_fmt(g, "0b%s", bits);
}

static const char *bits(dgen *g, int shift, int width)
{
    if (width <= 1)
        return doc_fmt(g, "%d", shift);
    return doc_fmt(g, "%d:%d", shift + width - 1, shift);
}

/* The fields of register or layout `of`, each row with an anchor of its
 * own: prefix, the owner's name, '-', the field's. */
static void fields(dgen *g, cJSON *o, const char *prefix, const char *of,
                   const hw_field *f, int n)
{
    const hw_target *t = g->t;
    cJSON *rows = jarr(o, "fields");
    for (int i = 0; i < n; i++) {
        cJSON *r = jobj(rows, NULL);
        doc_put(r, "anchor",
                doc_anchor(g, prefix, doc_fmt(g, "%s-%s", of, f[i].name)));
        doc_put(r, "bits", bits(g, f[i].shift, f[i].width));
        doc_put(r, "name", doc_code(g, f[i].name));
        doc_put(r, "description", f[i].description);
        hw_buf b;
        buf_init(&b);
        if (f[i].event >= 0)
            buf_printf(&b, "%s %s", doc_esc(g, "programs"),
                       doc_event_link(g, f[i].event));
        if (f[i].layout >= 0)
            buf_printf(&b, "%s%s %s", b.len ? "; " : "", doc_esc(g, "layout"),
                       doc_code_link(g, "lay-", t->layouts[f[i].layout].name));
        if (f[i].enum_index >= 0)
            buf_printf(
                &b, "%s%s %s", b.len ? "; " : "", doc_esc(g, "values"),
                doc_code_link(g, "enum-", t->enums[f[i].enum_index].name));
        doc_put(r, "refs", doc_take(g, &b));
    }
}

void page_registers(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *arr = jarr(data, "registers");
    for (int i = 0; i < t->nregisters; i++) {
        const hw_register *r = &t->registers[i];
        cJSON *o = jobj(arr, NULL);
        doc_put(o, "anchor", doc_anchor(g, "reg-", r->name));
        doc_put(o, "name", r->name);
        doc_put(o, "address",
                doc_fmt(g, "0x%04llX", (unsigned long long)r->address));
        doc_put(o, "width", doc_fmt(g, "%d", r->width));
        doc_put(o, "description", r->description);
        fields(g, o, "reg-", r->name, r->fields, r->nfields);
    }
}

void page_layouts(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *arr = jarr(data, "layouts");
    for (int i = 0; i < t->nlayouts; i++) {
        const hw_layout *l = &t->layouts[i];
        cJSON *o = jobj(arr, NULL);
        doc_put(o, "anchor", doc_anchor(g, "lay-", l->name));
        doc_put(o, "name", l->name);
        doc_put(o, "width", doc_fmt(g, "%d", l->width));
        doc_put(o, "description", l->description);
        fields(g, o, "lay-", l->name, l->fields, l->nfields);
    }
}

void page_enums(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *arr = jarr(data, "enums");
    for (int i = 0; i < t->nenums; i++) {
        const hw_enum *e = &t->enums[i];
        cJSON *o = jobj(arr, NULL);
        doc_put(o, "anchor", doc_anchor(g, "enum-", e->name));
        doc_put(o, "name", e->name);
        doc_put(o, "title", e->title ? e->title : e->name);
        doc_put(o, "width", doc_fmt(g, "%d", e->width));
        cJSON *vals = jarr(o, "values");
        for (int k = 0; k < e->nvalues; k++) {
            const hw_enum_value *v = &e->values[k];
            cJSON *vo = jobj(vals, NULL);
            doc_put(vo, "anchor",
                    doc_anchor(g, "enum-",
                               doc_fmt(g, "%s-%s", e->name, v->name)));
            doc_put(vo, "bin", binary(g, v->value, e->width));
            doc_put(vo, "dec", doc_fmt(g, "%u", (unsigned)v->value));
            doc_put(vo, "name", doc_code(g, v->name));
            doc_put(vo, "title", v->title);
            doc_put(vo, "description", v->description);
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

/* A code host shows Markdown in a 916 px column: a matrix's columns go
 * to as few tables as keep each within MD_MATRIX_CHARS characters, a
 * column costing its longer line (value or name) and its padding, and
 * every table the rows' header (value, space, name). Measured as
 * tests/docs/md_width.py measures (DejaVu Sans, wider than a code host's
 * own fonts), a character of this count takes about 10 px: 90 of them
 * stay within the column. The HTML page splits its matrices the same
 * way, so that both pages have the same rows. */
enum { MD_MATRIX_CHARS = 90, MD_CELL_PADDING = 3 };

static int matrix_col_chars(const hw_enum *e, int c)
{
    int name = (int)strlen(e->values[c].name);
    int bin = 2 + (e->width > 0 ? e->width : 1);
    return (name > bin ? name : bin) + MD_CELL_PADDING;
}

/* Where table k of `parts` starts when n columns are shared out evenly,
 * the first tables taking one more. */
static int part_start(int n, int parts, int k)
{
    return (k * n + parts - 1) / parts;
}

/* The fewest tables whose every one fits MD_MATRIX_CHARS; at worst, one
 * column a table. */
static int matrix_tables(const hw_enum *se, const hw_enum *oe)
{
    int head = 0;
    for (int r = 0; r < se->nvalues; r++) {
        int w = 2 + se->width + 1 + (int)strlen(se->values[r].name);
        head = w > head ? w : head;
    }
    head += MD_CELL_PADDING;
    int n = oe->nvalues;
    for (int parts = 1; parts < n; parts++) {
        int fits = 1;
        for (int k = 0; k < parts && fits; k++) {
            int w = head;
            for (int c = part_start(n, parts, k);
                 c < part_start(n, parts, k + 1); c++)
                w += matrix_col_chars(oe, c);
            fits = w <= MD_MATRIX_CHARS;
        }
        if (fits)
            return parts;
    }
    return n > 1 ? n : 1;
}

/* Table `part` (0, 1, ...) of the matrix of enum S (rows) against enum O
 * (columns): its columns [from, to) into o as "cols" and "rows"; a cell
 * is whether the rules let the two values go together. A row's anchor
 * is "mx-", S, O and the row's value, and in a later table "-2", "-3"...
 * (every row of every table has its own). */
static void matrix_part(dgen *g, cJSON *o, int S, int O, int part)
{
    const hw_target *t = g->t;
    const hw_enum *se = &t->enums[S], *oe = &t->enums[O];
    int from = part_start(oe->nvalues, matrix_tables(se, oe), part);
    int to = part_start(oe->nvalues, matrix_tables(se, oe), part + 1);
    cJSON *cols = jarr(o, "cols");
    for (int c = from; c < to; c++) {
        cJSON *co = jobj(cols, NULL);
        doc_put(co, "bin", binary(g, oe->values[c].value, oe->width));
        doc_put(co, "name", oe->values[c].name);
    }
    cJSON *rows = jarr(o, "rows");
    for (int r = 0; r < se->nvalues; r++) {
        cJSON *ro = jobj(rows, NULL);
        const char *id =
            doc_fmt(g, "%s-%s-%s", se->name, oe->name, se->values[r].name);
        doc_put(ro, "anchor",
                doc_anchor(g, "mx-",
                           part ? doc_fmt(g, "%s-%d", id, part + 1) : id));
        doc_put(ro, "bin", binary(g, se->values[r].value, se->width));
        doc_put(ro, "name", doc_code(g, se->values[r].name));
        cJSON *cells = jarr(ro, "cells");
        for (int c = from; c < to; c++) {
            cJSON *co = jobj(cells, NULL);
            jbool(co, "yes",
                  pair_allowed(t, S, &se->values[r], O, &oe->values[c]));
        }
    }
}

/* Rows: values of enum S; columns: values of enum O, in as many tables
 * ("parts") as keep each within a code host's column. */
static void matrix(dgen *g, cJSON *mx, int S, int O)
{
    const hw_target *t = g->t;
    const hw_enum *se = &t->enums[S], *oe = &t->enums[O];
    cJSON *o = jobj(mx, NULL);
    doc_put(o, "anchor",
            doc_anchor(g, "mx-", doc_fmt(g, "%s-%s", se->name, oe->name)));
    doc_put(o, "title",
            doc_fmt(g, "%s × %s", se->title ? se->title : se->name,
                    oe->title ? oe->title : oe->name));
    doc_put(o, "subject", doc_code_link(g, "enum-", se->name));
    doc_put(o, "object", doc_code_link(g, "enum-", oe->name));
    int nparts = matrix_tables(se, oe);
    if (nparts > 1)
        doc_put(o, "tables", doc_fmt(g, "%d", nparts));
    cJSON *parts = jarr(o, "parts");
    for (int k = 0; k < nparts; k++)
        matrix_part(g, jobj(parts, NULL), S, O, k);
}

/* Rule i's anchor: "rule-", subject enum, its value, object enum; a later
 * rule for the same three gets "-2", "-3", ... */
static const char *rule_anchor(dgen *g, int i)
{
    const hw_target *t = g->t;
    const hw_rule *r = &t->rules[i];
    const hw_enum *S = &t->enums[r->subject];
    const hw_enum_value *sv = enum_value(S, r->value);
    int nth = 1;
    for (int k = 0; k < i; k++)
        nth += t->rules[k].subject == r->subject &&
               t->rules[k].object == r->object && t->rules[k].value == r->value;
    const char *id = doc_fmt(g, "%s-%s-%s", S->name,
                             sv ? sv->name : binary(g, r->value, S->width),
                             t->enums[r->object].name);
    return doc_anchor(g, "rule-",
                      nth > 1 ? doc_fmt(g, "%s-%d", id, nth) : id);
}

void page_rules(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *arr = jarr(data, "rules");
    for (int i = 0; i < t->nrules; i++) {
        const hw_rule *r = &t->rules[i];
        const hw_enum *S = &t->enums[r->subject];
        const hw_enum *O = &t->enums[r->object];
        const hw_enum_value *sv = enum_value(S, r->value);
        cJSON *o = jobj(arr, NULL);
        doc_put(o, "anchor", rule_anchor(g, i));
        doc_put(o, "subject",
                doc_fmt(g, "%s = %s%s", doc_code_link(g, "enum-", S->name),
                        doc_code(g, binary(g, r->value, S->width)),
                        sv ? doc_fmt(g, " (%s)", doc_code(g, sv->name)) : ""));
        doc_put(o, "object", doc_code_link(g, "enum-", O->name));
        hw_buf b;
        buf_init(&b);
        for (uint32_t v = 0; v < 32; v++)
            if (r->allowed & (1u << v)) {
                const hw_enum_value *ov = enum_value(O, v);
                buf_printf(&b, "%s%s", b.len ? ", " : "",
                           doc_code(g, ov ? ov->name : binary(g, v, O->width)));
            }
        doc_put(o, "allowed", doc_take(g, &b));
        doc_put(o, "text", r->text);
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
        return doc_fmt(g, "%d", from);
    return doc_fmt(g, "%d–%d", from, from + len - 1);
}

static int block_event(const hw_target *t, const char *block, int index)
{
    int b = block ? ir_find_block(t, block) : -1;
    for (int i = 0; b >= 0 && i < t->nevents; i++)
        if (t->events[i].block == b && t->events[i].index == index)
            return i;
    return -1;
}

/* Counters side by side in a row of a report's offset table: two (eight
 * columns) fit the 916 px column a code host shows Markdown in; the HTML
 * page has the same rows, so that both pages have the same anchors. */
enum { COUNTERS_PER_ROW = 2 };

/* Where each counter sits in one report: byte offsets by event, -1 where
 * the report holds no such bits. */
typedef struct places {
    int *lo; /* the counter, or its low 32 bits */
    int *hi; /* bits above 32 of a wider counter */
} places;

/* The fields of report r as a table, each row with the anchor "rep-",
 * the report's name, '-', the field's; and where they put each counter. */
static void report_fields(dgen *g, cJSON *o, const hw_report *r,
                          const places *at)
{
    const hw_target *t = g->t;
    cJSON *rows = jarr(o, "fields");
    for (int f = 0; f < r->nfields; f++) {
        const hw_report_field *rf = &r->fields[f];
        int count = rf->count > 0 ? rf->count : 1;
        cJSON *fo = jobj(rows, NULL);
        doc_put(fo, "anchor",
                doc_anchor(g, "rep-", doc_fmt(g, "%s-%s", r->name, rf->name)));
        doc_put(fo, "bytes", byte_range(g, rf->offset, rf->size * count));
        doc_put(fo, "size",
                count > 1 ? doc_fmt(g, "%d × %d", count, rf->size)
                          : doc_fmt(g, "%d", rf->size));
        doc_put(fo, "name", doc_code(g, rf->name));
        const char *elems = "";
        if (rf->block) {
            const char *high = rf->high_bits ? " (high bits)" : "";
            elems = count > 1
                        ? doc_fmt(g, "%s%d..%s%d%s", rf->block, rf->first,
                                  rf->block, rf->first + count - 1, high)
                        : doc_fmt(g, "%s%d%s", rf->block, rf->first, high);
            int *place = rf->high_bits ? at->hi : at->lo;
            for (int k = 0; k < count; k++) {
                int e = block_event(t, rf->block, rf->first + k);
                if (e >= 0)
                    place[e] = rf->offset + k * rf->size;
            }
        }
        doc_put(fo, "elements", elems);
        doc_put(fo, "description", rf->description);
    }
}

/* The element size of the field of r (of high bits or not) that holds
 * byte `offset`; 0 when none does. */
static int size_at(const hw_report *r, int offset, int high_bits)
{
    int size = 0;
    for (int f = 0; f < r->nfields; f++) {
        const hw_report_field *rf = &r->fields[f];
        int count = rf->count > 0 ? rf->count : 1;
        if (offset >= rf->offset && offset < rf->offset + rf->size * count &&
            !rf->high_bits == !high_bits)
            size = rf->size;
    }
    return size;
}

/* Where each counter sits, in spec order of the counters, two to a table
 * row; a row's anchor names the report and the row's first counter. */
static void report_counters(dgen *g, cJSON *o, const hw_report *r,
                            const places *at)
{
    const hw_target *t = g->t;
    cJSON *cs = jarr(o, "counters");
    cJSON *row = NULL;
    int ncounters = 0;
    for (int e = 0; e < t->nevents; e++) {
        int lo = at->lo[e], hi = at->hi[e];
        if (lo < 0 && hi < 0)
            continue;
        int first = ncounters++ % COUNTERS_PER_ROW == 0;
        if (first) {
            cJSON *ro = jobj(cs, NULL);
            doc_put(ro, "anchor",
                    doc_anchor(g, "rep-",
                               doc_fmt(g, "%s-offsets-%s", r->name,
                                       t->events[e].name)));
            row = jarr(ro, "cells");
        }
        cJSON *co = jobj(row, NULL);
        jbool(co, "first", first);
        doc_put(co, "link", doc_event_link(g, e));
        doc_put(co, "low", lo >= 0 ? byte_range(g, lo, size_at(r, lo, 0)) : "");
        doc_put(co, "high",
                hi >= 0 ? byte_range(g, hi, size_at(r, hi, 1)) : "");
        doc_put(co, "width",
                t->events[e].width ? doc_fmt(g, "%d", t->events[e].width) : "");
    }
    for (; row && ncounters % COUNTERS_PER_ROW; ncounters++) {
        cJSON *co = jobj(row, NULL);
        jbool(co, "first", 0);
        doc_put(co, "link", ""), doc_put(co, "low", ""),
            doc_put(co, "high", ""), doc_put(co, "width", "");
    }
    cJSON *head = jarr(o, "counter_head");
    for (int k = 0; k < COUNTERS_PER_ROW && cJSON_GetArraySize(cs) > 0; k++)
        jbool(jobj(head, NULL), "last", k == COUNTERS_PER_ROW - 1);
    doc_has(o, "counters");
}

void page_reports(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *arr = jarr(data, "reports");
    places at = {arena_alloc(g->a, ((size_t)t->nevents + 1) * sizeof(int)),
                 arena_alloc(g->a, ((size_t)t->nevents + 1) * sizeof(int))};
    if (!at.lo || !at.hi)
        return;
    for (int i = 0; i < t->nreports; i++) {
        const hw_report *r = &t->reports[i];
        cJSON *o = jobj(arr, NULL);
        doc_put(o, "anchor", doc_anchor(g, "rep-", r->name));
        doc_put(o, "name", r->name);
        doc_put(o, "select", doc_fmt(g, "%d", r->select));
        doc_put(o, "size", doc_fmt(g, "%d", r->size));
        doc_put(o, "description", r->description);
        jbool(o, "has_fields", r->nfields > 0);
        for (int e = 0; e < t->nevents; e++)
            at.lo[e] = at.hi[e] = -1;
        report_fields(g, o, r, &at);
        report_counters(g, o, r, &at);
    }
}
