/* docs_oa.c - the parts of an Intel OA platform's page (docs.h; format
 * "oa-metrics", core/oa.h): what its equations read (the accumulator's
 * fields and the system values, with their C names), then every metric
 * set in the file's order: its GUID, OA format, register lists and
 * counters, each counter with its read equation in infix, its max
 * equation and availability, what it reads, and the C functions that
 * compute them. The infix, the reads and every C name come from
 * plan/plan_oa.h, as the headers' emitters have them; this file only
 * lays them out, with the anchors below:
 *
 *   set-<set symbol>                  a metric set's section
 *   ctr-<set symbol>-<counter symbol> a counter's row
 *   acc-<field block>                 an accumulator block's row (A, B ...)
 *   sv-<name without '$'>             a system value's row
 *
 * The files' symbol names are C identifiers (no '-'), so a set's and a
 * counter's names cannot run together into another's anchor.
 */
#include <string.h>

#include "emit/docs/docs.h"
#include "core/names.h"
#include "core/oa.h"
#include "plan/plan_oa.h"

typedef struct oa_page {
    dgen *g;
    const hw_oa_metrics *m;
    const char *id, *ID;
    oa_avail avail;
    const hw_oa_set *set;     /* the set being laid out */
    const char *ctr_prefix;   /* the anchor prefix of its counters */
    hw_buf *b;                /* the formula being built */
} oa_page;

/* ---- formulas ------------------------------------------------------------ */

/* The anchor of the row a name of a formula links to, into b. */
static void anchor_to(oa_page *p, hw_buf *b, const oa_node *n)
{
    if (n->kind == OA_N_READ)
        doc_anchor_to(b, "acc-", oa_block_name((oa_block)n->block));
    else if (n->kind == OA_N_COUNTER)
        doc_anchor_to(b, p->ctr_prefix, n->text + 1);
    else
        doc_anchor_to(b, "sv-", n->text + (n->text[0] == '$'));
}

static void html_text(void *ctx, const char *s)
{
    oa_page *p = ctx;
    mu_escape_append(p->b, s, MU_ESCAPE_HTML);
}

/* A name in an HTML formula, linked to its row; a line may break before
 * it, never inside it (the stylesheet keeps a formula's names whole). */
static void html_name(void *ctx, const oa_node *n, const char *shown)
{
    oa_page *p = ctx;
    buf_puts(p->b, "<wbr><a href=\"#");
    anchor_to(p, p->b, n);
    buf_puts(p->b, "\">");
    mu_escape_append(p->b, shown, MU_ESCAPE_HTML);
    buf_puts(p->b, "</a>");
}

/* Expression n in infix: in HTML a formula block whose names link to
 * their rows; in Markdown a code span. NULL for NULL. */
static const char *formula(oa_page *p, const oa_node *n)
{
    if (!n)
        return NULL;
    hw_buf b;
    buf_init(&b);
    if (!p->g->html) { /* outside tables: a '|' needs no escape */
        buf_putc(&b, '`');
        oa_infix_text(&b, n);
        buf_putc(&b, '`');
        return doc_take(p->g, &b);
    }
    oa_infix_out out = {p, html_text, html_name};
    p->b = &b;
    buf_puts(&b, "<code class=\"formula\">");
    oa_infix(n, &out);
    buf_puts(&b, "</code>");
    p->b = NULL;
    return doc_take(p->g, &b);
}

/* Names a counter reads, each as code linked to its row, ", " between
 * them; NULL for none. One buffer: the biggest platforms list some
 * 100,000. */
static const char *reads_text(oa_page *p, const oa_node **v, int n)
{
    if (n == 0)
        return NULL;
    hw_buf b;
    buf_init(&b);
    for (int k = 0; k < n; k++) {
        char buf[32];
        const char *shown = v[k]->kind == OA_N_COUNTER ? v[k]->text + 1
                                                       : oa_infix_leaf(v[k], buf, sizeof buf);
        buf_puts(&b, k ? ", " : "");
        buf_puts(&b, p->g->html ? "<a href=\"#" : "[");
        if (p->g->html)
            anchor_to(p, &b, v[k]);
        buf_puts(&b, p->g->html ? "\">" : "");
        doc_code_to(p->g, &b, shown);
        buf_puts(&b, p->g->html ? "</a>" : "](#");
        if (!p->g->html) {
            anchor_to(p, &b, v[k]);
            buf_putc(&b, ')');
        }
    }
    return doc_take(p->g, &b);
}

/* ---- what the equations read ------------------------------------------- */

typedef struct inputs {
    int block[OA_BLOCK_COUNT];  /* fields read of each block */
    char read[OA_BLOCK_COUNT][OA_BLOCK_MAX];
    const oa_node **names;      /* system values and slice functions, */
    int nnames;                 /* each name once, in first-use order */
    size_t cap;
} inputs;

static void note_inputs(oa_page *p, inputs *in, const oa_node *n)
{
    if (!n || n->kind == OA_N_NUM || n->kind == OA_N_TRUE || n->kind == OA_N_COUNTER)
        return;
    if (n->kind == OA_N_OP) {
        note_inputs(p, in, n->a);
        note_inputs(p, in, n->b);
    } else if (n->kind == OA_N_READ) {
        in->block[n->block] += !in->read[n->block][n->index];
        in->read[n->block][n->index] = 1;
    } else {
        for (int i = 0; i < in->nnames; i++)
            if (strcmp(in->names[i]->text, n->text) == 0)
                return;
        const oa_node **slot = ARENA_PUSH(p->g->a, in->names, in->nnames, in->cap);
        if (slot)
            *slot = n;
    }
}

/* A block of the accumulated report: how the infix and the file name its
 * fields, its member of the accumulator, how many of them are read. */
static void acc_rows(oa_page *p, const inputs *in, cJSON *rows)
{
    dgen *g = p->g;
    for (int k = 0; k < OA_BLOCK_COUNT; k++) {
        if (!in->block[k])
            continue;
        oa_block b = (oa_block)k;
        int one = oa_block_size(b) == 1;
        cJSON *o = jobj(rows, NULL);
        doc_put(o, "anchor", doc_anchor(g, "acc-", oa_block_name(b)));
        doc_put(o, "name", doc_code(g, one ? oa_block_name(b) : doc_fmt(g, "%s[n]", oa_block_name(b))));
        doc_put(o, "file", doc_code(g, doc_fmt(g, "%s %s READ", oa_block_name(b), one ? "0" : "n")));
        doc_put(o, "c", doc_code(g, doc_fmt(g, "acc->%s[%s]", oa_block_member(b), one ? "0" : "n")));
        doc_put(o, "what", doc_esc(g, one ? "read on this platform"
                                          : doc_fmt(g, "%d of its %d fields read on this platform",
                                                    in->block[k], oa_block_size(b))));
    }
}

/* $GtXeCore<n> of IGT's xe files: what IGT's mapping reads (core/oa.h). */
static void gtxecore_row(dgen *g, const oa_node *n, cJSON *o)
{
    const char *why = doc_fmt(g, "IGT's xe generator reads XeCore 0 of slice %d for it (its "
                                 "mapping is marked FIXME)", n->slice);
    if (oa_gtxecore_slice(n->slice) < 0) {
        doc_put(o, "c", doc_code(g, "0"));
        doc_put(o, "what", doc_esc(g, doc_fmt(g, "%s; there is no slice %d: always 0", why,
                                              n->slice)));
        return;
    }
    doc_put(o, "c", doc_code(g, doc_fmt(g, "(sv->" OA_C_XECORE_MASK "[%d] >> 0) & 1", n->slice)));
    doc_put(o, "what", doc_esc(g, doc_fmt(g, "%s: 1 when that XeCore is available, else 0", why)));
}

/* What a system value or slice function is, in the C of the headers. */
static void sv_row(oa_page *p, const oa_node *n, cJSON *o)
{
    dgen *g = p->g;
    doc_put(o, "anchor", doc_anchor(g, "sv-", n->text + 1));
    doc_put(o, "name", doc_code(g, n->text));
    if (n->kind == OA_N_FIELD) {
        oa_field f = (oa_field)n->field;
        int igt = oa_field_origin(f) == OA_FROM_IGT;
        doc_put(o, "c", doc_code(g, doc_fmt(g, "sv->%s", oa_field_member(f))));
        doc_put(o, "what", doc_fmt(g, "%s %s (%s)%s", doc_esc(g, igt ? "IGT's xe" : "Mesa's"),
                                   doc_code(g, oa_field_source(f)),
                                   doc_code(g, oa_type_c(oa_field_type(f))),
                                   igt ? doc_esc(g, ", which IGT leaves 0") : ""));
    } else if (n->kind == OA_N_GTXECORE) {
        gtxecore_row(g, n, o);
    } else if (n->kind == OA_N_SLICE) {
        doc_put(o, "c", doc_code(g, doc_fmt(g, "(sv->" OA_C_SLICE_MASK " >> %d) & 1", n->slice)));
        doc_put(o, "what", doc_esc(g, doc_fmt(g, "1 when slice %d is available, else 0", n->slice)));
    } else {
        doc_put(o, "c", doc_code(g, doc_fmt(g, "(sv->" OA_C_XECORE_MASK "[%d] >> %d) & 1",
                                            n->slice, n->xecore)));
        doc_put(o, "what", doc_esc(g, doc_fmt(g, "1 when XeCore %d of slice %d is available, else 0",
                                              n->xecore, n->slice)));
    }
}

static void page_inputs(oa_page *p, cJSON *data)
{
    inputs *in = arena_alloc(p->g->a, sizeof *in);
    cJSON *acc = jarr(data, "oa_acc"), *sv = jarr(data, "oa_sv");
    if (!in)
        return;
    for (int s = 0; s < p->m->nsets; s++) {
        const hw_oa_set *set = &p->m->sets[s];
        for (int i = 0; i < set->ncounters; i++) {
            note_inputs(p, in, set->counters[i].read);
            note_inputs(p, in, set->counters[i].max);
            note_inputs(p, in, set->counters[i].avail);
        }
        for (int i = 0; i < set->nconfigs; i++)
            note_inputs(p, in, set->configs[i].avail);
    }
    acc_rows(p, in, acc);
    for (int i = 0; i < in->nnames; i++)
        sv_row(p, in->names[i], jobj(sv, NULL));
    doc_has(data, "oa_acc");
    doc_has(data, "oa_sv");
}

/* ---- counters ----------------------------------------------------------- */

/* The C functions of counter i, as "collect" lines (label, value). */
static void counter_c(oa_page *p, cJSON *o, const hw_oa_counter *c)
{
    dgen *g = p->g;
    cJSON *lines = jarr(o, "c_names");
    doc_pair(lines, "Read function", doc_code(g, oa_name_read_fn(g->a, p->id, p->set, c)));
    if (c->max_equation)
        doc_pair(lines, "Max function", doc_code(g, oa_name_max_fn(g->a, p->id, p->set, c)));
    if (c->availability)
        doc_pair(lines, "Availability function",
                 doc_code(g, oa_name_avail_fn(g->a, p->id,
                                              oa_avail_index(&p->avail, c->availability))));
}

static void counter_row(oa_page *p, cJSON *rows, int i)
{
    dgen *g = p->g;
    const hw_oa_counter *c = &p->set->counters[i];
    cJSON *o = jobj(rows, NULL);
    doc_ref(o, "anchor", doc_anchor(g, p->ctr_prefix, c->symbol_name));
    doc_ref(o, "symbol", doc_code(g, c->symbol_name));
    doc_ref(o, "name", c->name);
    doc_ref(o, "description", c->description);
    doc_ref(o, "data_type", c->data_type_text);
    doc_ref(o, "units", c->units);
    doc_ref(o, "semantic_type", c->semantic_type);
    doc_ref(o, "formula", formula(p, c->read));
    doc_ref(o, "max", c->max_is_percentage ? doc_code(g, "100") : formula(p, c->max));
    doc_ref(o, "avail", formula(p, c->avail));
    oa_reads r;
    if (oa_counter_reads(p->set, i, g->a, &r) != 0)
        return;
    doc_ref(o, "reads", reads_text(p, r.direct, r.ndirect));
    doc_ref(o, "through", reads_text(p, r.through, r.nthrough));
    counter_c(p, o, c);
}

/* ---- sets --------------------------------------------------------------- */

static const char *const list_kind[] = {"NOA (mux)", "OA (boolean counters)", "FLEX"};

/* Register list i of the set: its macro, kind, writes, availability and
 * priority. */
static void reg_list(oa_page *p, cJSON *arr, int i)
{
    dgen *g = p->g;
    const hw_oa_regs *r = &p->set->configs[i];
    cJSON *o = jobj(arr, NULL);
    doc_ref(o, "macro", doc_code(g, oa_name_regs(g->a, p->ID, p->set, i)));
    doc_ref(o, "kind", list_kind[r->type]);
    doc_ref(o, "writes", doc_fmt(g, "%d write%s", r->nregs, r->nregs == 1 ? "" : "s"));
    doc_ref(o, "avail", formula(p, r->avail));
    int k = oa_avail_index(&p->avail, r->availability);
    doc_ref(o, "avail_macro", k < 0 ? NULL : doc_code(g, oa_name_avail_macro(g->a, p->ID, k)));
    doc_ref(o, "priority", r->priority);
}

/* "12 NOA (mux) in 2 lists, 1 OA (boolean counters), 4 FLEX". */
static const char *writes_summary(oa_page *p)
{
    int writes[3] = {0, 0, 0}, lists[3] = {0, 0, 0};
    for (int i = 0; i < p->set->nconfigs; i++) {
        writes[p->set->configs[i].type] += p->set->configs[i].nregs;
        lists[p->set->configs[i].type]++;
    }
    hw_buf b;
    buf_init(&b);
    for (int k = 0; k < 3; k++)
        if (lists[k]) {
            buf_printf(&b, "%s%d %s", b.len ? ", " : "", writes[k], list_kind[k]);
            if (lists[k] > 1)
                buf_printf(&b, " in %d lists", lists[k]);
        }
    return b.len ? doc_take(p->g, &b) : (buf_free(&b), "none");
}

static void set_part(oa_page *p, cJSON *arr, const hw_oa_set *s)
{
    dgen *g = p->g;
    cJSON *o = jobj(arr, NULL);
    p->set = s;
    p->ctr_prefix = doc_fmt(g, "ctr-%s-", s->symbol_name);
    doc_ref(o, "anchor", doc_anchor(g, "set-", s->symbol_name));
    doc_ref(o, "title", s->name);
    doc_ref(o, "symbol", doc_code(g, s->symbol_name));
    doc_ref(o, "guid", doc_code(g, s->guid));
    doc_ref(o, "oa_format", doc_code(g, s->oa_format));
    doc_ref(o, "ncounters", doc_fmt(g, "%d counter%s", s->ncounters, s->ncounters == 1 ? "" : "s"));
    doc_ref(o, "writes", writes_summary(p));
    doc_ref(o, "guid_macro", doc_code(g, oa_name_guid(g->a, p->ID, s)));
    doc_ref(o, "format_macro", s->oa_format ? doc_code(g, oa_name_oa_format(g->a, p->ID, s)) : NULL);
    doc_ref(o, "configs_macro", doc_code(g, oa_name_reg_configs(g->a, p->ID, s)));
    cJSON *lists = jarr(o, "lists");
    for (int i = 0; i < s->nconfigs; i++)
        reg_list(p, lists, i);
    doc_has(o, "lists");
    cJSON *rows = jarr(o, "counters");
    for (int i = 0; i < s->ncounters; i++)
        counter_row(p, rows, i);
    doc_has(o, "counters");
}

/* The C names the page's introduction gives: the headers, the structs
 * the functions take, the table of sets. */
static void c_intro(oa_page *p, cJSON *data)
{
    dgen *g = p->g;
    doc_put(data, "oa_driver_h", doc_code(g, oa_name_driver_header(g->a, p->id)));
    doc_put(data, "oa_metrics_h", doc_code(g, oa_name_metrics_header(g->a, p->id)));
    doc_put(data, "oa_sysvars", doc_code(g, doc_fmt(g, "const struct %s *sv",
                                                    oa_name_sysvars(g->a, p->id))));
    doc_put(data, "oa_accumulator", doc_code(g, doc_fmt(g, "const struct %s *acc",
                                                        oa_name_accumulator(g->a, p->id))));
    doc_put(data, "oa_sets_fn", doc_code(g, oa_name_sets_fn(g->a, p->id)));
}

void page_oa(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    jbool(data, "has_oa", t->oa != NULL);
    cJSON *sets = jarr(data, "oa_sets");
    if (!t->oa)
        return;
    oa_page p = {g, t->oa, t->id, name_c(g->a, t->id, CASE_UPPER), {NULL, 0, 0}, NULL, NULL, NULL};
    if (!p.ID || oa_avail_collect(&p.avail, p.m, g->a) != 0) {
        arena_fail(g->a);
        return;
    }
    c_intro(&p, data);
    page_inputs(&p, data);
    for (int s = 0; s < p.m->nsets; s++)
        set_part(&p, sets, &p.m->sets[s]);
}
