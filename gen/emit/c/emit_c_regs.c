/* emit_c_regs.c - reports, enums, support rules, layouts and registers as
 * C89 macros for the freestanding header (see emit_c_regs.h).
 *
 * One-line facts become defines in sections, like the rest of <id>.h; the
 * helpers that span lines are rendered from templates/c_regs.h.mustache,
 * which holds the fixed text while this file builds the expressions. The
 * names come from plan_c_names.h, whose list the plan has held against
 * clashes before this runs.
 */
#include "emit/c/emit_c_regs.h"

#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "plan/plan_c_names.h"
#include "plan/plan_c_regs.h"
#include "core/names.h"
#include "render/render.h"

typedef struct rgen {
    const hw_target *t;
    const char *ID;        /* INTEL_OA_CHV */
    const char *id;        /* intel_oa_chv */
    hw_arena *a;
    hw_diag *d;
    const char *templates; /* user template directory, or NULL */
    int u64;               /* something uses <id>_u64 */
    c_regs_plan p;         /* which reads, blocks and checks exist */
} rgen;

/* A macro body under construction: lines without indentation. */
typedef struct mlines {
    const char **v;
    int n;
    size_t cap;
} mlines;

/* ---- strings and names -------------------------------------------------- */

/* "" when out of memory, which the arena remembers for the one check
 * before rendering. */
static const char *fmt(rgen *g, const char *f, ...)
    __attribute__((format(printf, 2, 3)));

static const char *fmt(rgen *g, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    const char *s = arena_vprintf(g->a, f, ap);
    va_end(ap);
    return s ? s : "";
}

/* A macro name of the header, as plan_c_names.h spells it. */
#define MNAME(g, ...) c_checked_macro((g)->a, (g)->ID, __VA_ARGS__)

/* A parameter name for field `name`: lower case, never a keyword. */
static const char *param(rgen *g, const char *name)
{
    const char *s = name ? name_c(g->a, name, CASE_LOWER) : NULL;
    if (!s || !*s)
        return NULL;
    if (name_is_keyword(s) || (s[0] >= '0' && s[0] <= '9'))
        return fmt(g, "f_%s", s);
    return s;
}

/* "0b0110" for value v of a `width`-bit field. */
static const char *binary(rgen *g, uint32_t v, int width)
{
    char bits[40];
    int w = width > 0 && width <= 32 ? width : 32;
    for (int i = 0; i < w; i++)
        bits[i] = (char)('0' + ((v >> (w - 1 - i)) & 1u));
    bits[w] = '\0';
    return fmt(g, "0b%s", bits);
}

/* The `w` low bits set: unsigned long up to 32 bits, else <id>_u64. */
static const char *ones(rgen *g, int w)
{
    if (w <= 32)
        return fmt(g, "0x%lXul", w >= 32 ? 0xFFFFFFFFul : (1ul << w) - 1ul);
    g->u64 = 1;
    if (w >= 64)
        return fmt(g, "(~(%s_u64)0)", g->id);
    return fmt(g, "((((%s_u64)1) << %d) - 1u)", g->id, w);
}

/* The type that holds `w` bits. */
static const char *utype(rgen *g, int w)
{
    if (w <= 32)
        return "unsigned long";
    g->u64 = 1;
    return fmt(g, "%s_u64", g->id);
}

/* A field mask in place: `w` bits from `shift`, in `digits` hex digits. */
static const char *field_mask(rgen *g, int shift, int w, int digits)
{
    if (shift + w <= 32 && w >= 1) {
        uint64_t m = ((w >= 32 ? 0xFFFFFFFFull : (1ull << w) - 1) << shift);
        return fmt(g, "0x%0*llXu", digits, (unsigned long long)m);
    }
    return fmt(g, "(%s << %d)", ones(g, w), shift);
}

/* ---- template data ------------------------------------------------------ */

cJSON *c_section(cJSON *sections, const char *title)
{
    cJSON *s = jobj(sections, NULL);
    jstr(s, "title", title);
    jarr(s, "defines");
    return s;
}

void c_define(hw_arena *a, cJSON *sec, const char *name, const char *args,
              const char *value, const char *comment)
{
    cJSON *def = jobj(cJSON_GetObjectItem(sec, "defines"), NULL);
    const char *full = args ? arena_printf(a, "%s(%s)", name, args) : name;
    int pad = 40 - (int)strlen(full);
    jstr(def, "name", full);
    jstr(def, "pad", arena_printf(a, "%*s", pad > 0 ? pad : 0, ""));
    jstr(def, "value", value);
    if (comment)
        jstr(def, "comment", comment);
}

/* A macro of the regs part: c_define with g's arena. */
static void define(rgen *g, cJSON *sec, const char *name, const char *args,
                   const char *value, const char *comment)
{
    c_define(g->a, sec, name, args, value, comment);
}

static void line(rgen *g, mlines *m, const char *s)
{
    const char **p = ARENA_PUSH(g->a, m->v, m->n, m->cap);
    if (p)
        *p = s;
}

/* Add macro name(args) to `list` as {"lines": [{"text"}]}: one line when
 * it fits 79 columns, else the body indented under a continued head. */
static void macro(rgen *g, cJSON *list, const char *name, const char *args,
                  const mlines *body)
{
    const char *full = args ? fmt(g, "%s(%s)", name, args) : name;
    cJSON *lines = jarr(jobj(list, NULL), "lines");
    if (body->n == 1 && strlen(full) + strlen(body->v[0]) + 9 <= 79) {
        jstr(jobj(lines, NULL), "text", fmt(g, "#define %s %s", full, body->v[0]));
        return;
    }
    jstr(jobj(lines, NULL), "text", fmt(g, "#define %s \\", full));
    for (int i = 0; i < body->n; i++)
        jstr(jobj(lines, NULL), "text",
             fmt(g, "    %s%s", body->v[i], i + 1 < body->n ? " \\" : ""));
}

static void macro1(rgen *g, cJSON *list, const char *name, const char *args,
                   const char *body)
{
    mlines m = {0};
    line(g, &m, body);
    macro(g, list, name, args, &m);
}

/* ---- reports ------------------------------------------------------------ */

/* <ID>_REPORT_<R>_<F>_<what>: a fact of field f of report r. */
static const char *field_macro(rgen *g, const hw_report *r,
                               const hw_report_field *f, const char *what)
{
    return MNAME(g, "REPORT_%s_%s_%s", r->name, f->name, what);
}

/* Byte offset of element i of an array field. */
static const char *offset_expr(rgen *g, const hw_report_field *f)
{
    const char *idx = f->first ? fmt(g, "((i) - %d)", f->first) : "(i)";
    const char *scaled = f->size == 1 ? idx : fmt(g, "%d * %s", f->size, idx);
    return fmt(g, "(%d + %s)", f->offset, scaled);
}

static void report_section(rgen *g, cJSON *sections, const hw_report *r)
{
    cJSON *s = c_section(sections, fmt(g, "Report format %s", r->name));
    jstr(s, "note", r->description);
    define(g, s, MNAME(g, "REPORT_%s_SELECT", r->name), NULL,
           fmt(g, "%d", r->select), "report format select value");
    define(g, s, MNAME(g, "REPORT_%s_SIZE", r->name), NULL, fmt(g, "%d", r->size),
           "bytes per report");
    for (int k = 0; k < r->nfields; k++) {
        const hw_report_field *f = &r->fields[k];
        if (!c_is_array(f)) {
            define(g, s, field_macro(g, r, f, "OFFSET"), NULL,
                   fmt(g, "%d", f->offset), f->description);
            define(g, s, field_macro(g, r, f, "SIZE"), NULL, fmt(g, "%d", f->size),
                   "bytes");
            continue;
        }
        define(g, s, field_macro(g, r, f, "OFFSET"), "i", offset_expr(g, f),
               f->description);
        define(g, s, field_macro(g, r, f, "SIZE"), NULL, fmt(g, "%d", f->size),
               "bytes per element");
        define(g, s, field_macro(g, r, f, "FIRST"), NULL, fmt(g, "%d", f->first),
               f->block ? fmt(g, "first element: counter %s%d", f->block, f->first)
                        : "number of the first element");
        define(g, s, field_macro(g, r, f, "COUNT"), NULL, fmt(g, "%d", f->count),
               "elements");
    }
}

/* <ID>_REPORT_U<bits>: the read of one little-endian element. */
static const char *reader(rgen *g, int size)
{
    return MNAME(g, "REPORT_U%d", 8 * size);
}

/* "(unsigned long)(i) - 32ul < 4ul ?": i in [lo, lo + n). */
static const char *range_test(rgen *g, const char *var, int lo, int n)
{
    if (lo == 0)
        return fmt(g, "(unsigned long)(%s) < %dul ?", var, n);
    return fmt(g, "(unsigned long)(%s) - %dul < %dul ?", var, lo, n);
}

/* "READER((p), OFFSET)" plus `tail`, on one line of m or, when long, two
 * (the offset under the reader); `indent` goes before each line. */
static void read_line(rgen *g, mlines *m, const char *indent, const char *reader,
                      const char *offset, const char *tail)
{
    const char *one = fmt(g, "%s%s((p), %s)%s", indent, reader, offset, tail);
    if (strlen(one) <= 75) {
        line(g, m, one);
        return;
    }
    line(g, m, fmt(g, "%s%s((p),", indent, reader));
    line(g, m, fmt(g, "%s    %s)%s", indent, offset, tail));
}

/* REPORT_<R>_READ_<B>(p, i): counter i of block b, whole, from report r. */
static void block_read(rgen *g, cJSON *list, const hw_report *r, int b)
{
    const hw_target *t = g->t;
    const char *bname = t->blocks[b].name;
    if (!c_reads_block(&g->p, t, r, b))
        return;
    int n = g->p.span[b];
    mlines m = {0};
    for (int i = 0; i < n;) {
        int lo = c_field_at(r, bname, i, 0), hi = c_field_at(r, bname, i, 1);
        int j = i + 1;
        while (j < n && c_field_at(r, bname, j, 0) == lo &&
               c_field_at(r, bname, j, 1) == hi)
            j++;
        if (lo >= 0) {
            const hw_report_field *fl = &r->fields[lo];
            line(g, &m, fmt(g, "%s%s", m.n ? " " : "(", range_test(g, "i", i, j - i)));
            if (hi < 0) {
                read_line(g, &m, "    ", reader(g, fl->size),
                          fmt(g, "%s(i)", field_macro(g, r, fl, "OFFSET")), " :");
            } else {
                const hw_report_field *fh = &r->fields[hi];
                c_split sp = {fl->size, fh->size};
                line(g, &m, fmt(g, "    %s((p),",
                                MNAME(g, "%s", c_split_name(g->a, &g->p, sp))));
                line(g, &m, fmt(g, "        %s(i),", field_macro(g, r, fl, "OFFSET")));
                line(g, &m, fmt(g, "        %s(i)) :", field_macro(g, r, fh, "OFFSET")));
            }
        }
        i = j;
    }
    line(g, &m, " 0ul)");
    macro(g, list, MNAME(g, "REPORT_%s_READ_%s", r->name, bname), "p, i", &m);
}

/* Whether report r holds counter i of block b only in part: its low bytes
 * and no high ones, fewer bits than the counter has. Sets *bits. */
static int held_in_part(rgen *g, const hw_report *r, int b, int i, int *bits)
{
    const char *bname = g->t->blocks[b].name;
    int lo = c_field_at(r, bname, i, 0);
    if (lo < 0 || c_field_at(r, bname, i, 1) >= 0)
        return 0;
    *bits = 8 * r->fields[lo].size;
    return g->p.width[b][i] > *bits;
}

/* Into `lines`, "In this report A7..A18 hold only bits 31:0: ..." when
 * report r holds counters in part: a reader must not take their deltas at
 * the counters' width. */
static void partial_counters(rgen *g, cJSON *lines, const hw_report *r)
{
    const hw_target *t = g->t;
    const char *list = NULL;
    int bits = 0;
    for (int b = 0; b < t->nblocks; b++) {
        int n = c_has_block(r, t->blocks[b].name) ? g->p.span[b] : 0;
        for (int i = 0, w; i < n;) {
            if (!held_in_part(g, r, b, i, &w)) {
                i++;
                continue;
            }
            int j = i + 1, wj;
            while (j < n && held_in_part(g, r, b, j, &wj) && wj == w)
                j++;
            const char *B = t->blocks[b].name;
            const char *run = j - i > 1 ? fmt(g, "%s%d..%s%d", B, i, B, j - 1)
                                        : fmt(g, "%s%d", B, i);
            list = list ? fmt(g, "%s, %s", list, run) : run;
            bits = bits && bits != w ? -1 : w;
            i = j;
        }
    }
    if (!list)
        return;
    if (bits < 0)
        jstr(jobj(lines, NULL), "text",
             fmt(g, "In this report %s hold only their low bits:", list));
    else
        jstr(jobj(lines, NULL), "text",
             fmt(g, "In this report %s hold only bits %d:0:", list, bits - 1));
    jstr(jobj(lines, NULL), "text",
         bits < 0 ? "their deltas wrap at those bits, not at the counter width."
                  : fmt(g, "their deltas wrap at 2^%d, not at the counter "
                           "width.", bits));
}

static void report_code(rgen *g, cJSON *reports, const hw_report *r)
{
    if (!r->nfields)
        return;
    cJSON *o = jobj(reports, NULL);
    jstr(o, "name", r->name);
    partial_counters(g, jarr(o, "partial"), r);
    cJSON *list = jarr(o, "macros");
    for (int k = 0; k < r->nfields; k++) {
        const hw_report_field *f = &r->fields[k];
        if (!c_size_ok(f->size))
            continue;
        mlines m = {0};
        read_line(g, &m, "", reader(g, f->size),
                  fmt(g, "%s%s", field_macro(g, r, f, "OFFSET"), c_is_array(f) ? "(i)" : ""),
                  "");
        macro(g, list, field_macro(g, r, f, "READ"), c_is_array(f) ? "p, i" : "p", &m);
    }
    for (int b = 0; b < g->t->nblocks; b++)
        block_read(g, list, r, b);
}

static void read_helpers(rgen *g, cJSON *data)
{
    const int *need = g->p.need;
    jbool(data, "reads", g->p.reads);
    jbool(data, "u16", need[2]);
    jbool(data, "u32", need[4]);
    jbool(data, "u64read", need[8]);
    if (need[8])
        g->u64 = 1;
    cJSON *splits = jarr(data, "splits");
    for (int i = 0; i < g->p.nsplits; i++) {
        int lo = g->p.splits[i].lo, hi = g->p.splits[i].hi;
        const char *name = c_split_name(g->a, &g->p, g->p.splits[i]);
        cJSON *o = jobj(splits, NULL);
        jstr(o, "name", name);
        jstr(o, "type", utype(g, 8 * (lo + hi)));
        jnum(o, "low_bits", 8 * lo);
        jnum(o, "high_bits", 8 * hi);
        jnum(o, "bits", 8 * (lo + hi));
    }
}

/* ---- counter widths ----------------------------------------------------- */

/* MASK<w> and DELTA<w>(prev, cur) for each counter width. */
static void width_macros(rgen *g, cJSON *list)
{
    for (int w = 1; w <= 64; w++) {
        if (!g->p.widths[w])
            continue;
        const char *ty = utype(g, w);
        const char *mask = MNAME(g, "MASK%d", w);
        macro1(g, list, mask, NULL, ones(g, w));
        macro1(g, list, MNAME(g, "DELTA%d", w), "prev, cur",
               fmt(g, "(((%s)(cur) - (%s)(prev)) & %s)", ty, ty, mask));
    }
}

/* BLOCK_<B>_WIDTH(i) and BLOCK_<B>_DELTA(i, prev, cur) by counter number. */
static void block_width_macros(rgen *g, cJSON *list, int b)
{
    const hw_target *t = g->t;
    if (!c_block_counts(&g->p, b))
        return;
    int n = g->p.span[b];
    const int *width = g->p.width[b];
    mlines wl = {0}, dl = {0};
    for (int i = 0; i < n;) {
        int w = width[i], j = i + 1;
        while (j < n && width[j] == w)
            j++;
        if (w) {
            const char *test = range_test(g, "i", i, j - i);
            line(g, &wl, fmt(g, "%s%s %d :", wl.n ? " " : "(", test, w));
            line(g, &dl, fmt(g, "%s%s %s(prev, cur) :", dl.n ? " " : "(", test,
                             MNAME(g, "DELTA%d", w)));
        }
        i = j;
    }
    line(g, &wl, " 0)");
    line(g, &dl, " 0ul)");
    const char *B = t->blocks[b].name;
    macro(g, list, MNAME(g, "BLOCK_%s_WIDTH", B), "i", &wl);
    macro(g, list, MNAME(g, "BLOCK_%s_DELTA", B), "i, prev, cur", &dl);
}

/* ---- enums and support rules -------------------------------------------- */

/* Hex digits of a mask over the values of e. */
static int mask_digits(const hw_enum *e)
{
    return ((1 << e->width) + 3) / 4;
}

static void enum_section(rgen *g, cJSON *sections, const hw_enum *e)
{
    const char *E = e->name;
    cJSON *s = c_section(sections, e->title ? fmt(g, "Enum %s: %s", e->name, e->title)
                                          : fmt(g, "Enum %s", e->name));
    uint32_t all = 0, doc = 0;
    for (int k = 0; k < e->nvalues; k++) {
        const hw_enum_value *v = &e->values[k];
        const char *what = v->title ? v->title : v->name;
        define(g, s, MNAME(g, "%s_%s", E, v->name), NULL, fmt(g, "0x%Xu", (unsigned)v->value),
               v->undocumented
                   ? fmt(g, "%s undocumented: %s", binary(g, v->value, e->width), what)
                   : fmt(g, "%s %s", binary(g, v->value, e->width), what));
        if (v->value < 32) {
            all |= 1u << v->value;
            if (!v->undocumented)
                doc |= 1u << v->value;
        }
    }
    define(g, s, MNAME(g, "%s_WIDTH", E), NULL, fmt(g, "%d", e->width), "bits");
    if (!c_enum_maskable(e))
        return;
    define(g, s, MNAME(g, "%s_VALUES", E), NULL, fmt(g, "0x%0*Xu", mask_digits(e), all),
           "bit v set: v is a value");
    define(g, s, MNAME(g, "%s_DOCUMENTED", E), NULL,
           fmt(g, "0x%0*Xu", mask_digits(e), doc), "bit v set: v is a documented value");
}

static const char *rule_name(rgen *g, const hw_rule *r)
{
    return c_checked(g->a, c_rule_macro(g->a, g->ID, g->t, r));
}

static void rules_section(rgen *g, cJSON *sections)
{
    const hw_target *t = g->t;
    cJSON *s = NULL;
    for (int i = 0; i < t->nrules; i++) {
        const hw_rule *r = &t->rules[i];
        const hw_enum *subj = &t->enums[r->subject], *obj = &t->enums[r->object];
        if (!c_enum_maskable(obj))
            continue;
        if (!s) {
            s = c_section(sections, "Support rules: the values one enum may take "
                                  "while another holds a value");
            jstr(s, "note", "bit v set: value v allowed; a value no rule names "
                            "restricts nothing");
        }
        define(g, s, rule_name(g, r), NULL,
               fmt(g, "0x%0*Xu", mask_digits(obj), (unsigned)r->allowed),
               fmt(g, "%s values allowed while %s is %s", obj->name, subj->name,
                   binary(g, r->value, subj->width)));
    }
}

/* ---- layouts ------------------------------------------------------------ */

/* Parameter names of a list of fields; v0, v1... when names cannot serve. */
static const char **field_params(rgen *g, const hw_field *fields, int n)
{
    const char **p = arena_alloc(g->a, sizeof *p * (size_t)(n > 0 ? n : 1));
    if (!p)
        return NULL;
    int ok = 1;
    for (int i = 0; i < n; i++) {
        p[i] = param(g, fields[i].name);
        ok &= p[i] != NULL;
        for (int k = 0; ok && k < i; k++)
            ok = strcmp(p[i], p[k]) != 0;
    }
    for (int i = 0; !ok && i < n; i++)
        p[i] = fmt(g, "v%d", i);
    return p;
}

/* "prefix a, prefix b": a few fields, so copying as it grows is cheap. */
static const char *joined(rgen *g, const char **items, int n, const char *prefix)
{
    const char *s = "";
    for (int i = 0; i < n; i++)
        s = fmt(g, "%s%s%s%s", s, i ? ", " : "", prefix, items[i]);
    return s;
}

/* <OF>_<F>_SHIFT, _WIDTH and _MASK of field f of a `width`-bit layout or
 * register `of`; returns the name of the first. */
static const char *field_defines(rgen *g, cJSON *s, const char *of, int width,
                                 const hw_field *f)
{
    const hw_target *t = g->t;
    const char *shift = MNAME(g, "%s_%s_SHIFT", of, f->name);
    define(g, s, shift, NULL, fmt(g, "%d", f->shift), f->description);
    define(g, s, MNAME(g, "%s_%s_WIDTH", of, f->name), NULL, fmt(g, "%d", f->width),
           "bits");
    define(g, s, MNAME(g, "%s_%s_MASK", of, f->name), NULL,
           field_mask(g, f->shift, f->width, (width + 3) / 4),
           f->layout >= 0 ? fmt(g, "layout %s", t->layouts[f->layout].name)
           : f->enum_index >= 0 ? fmt(g, "values: enum %s", t->enums[f->enum_index].name)
                                : NULL);
    return shift;
}

static void layout_section(rgen *g, cJSON *sections, const hw_layout *l)
{
    const char *L = l->name;
    cJSON *s = c_section(sections, fmt(g, "Layout %s", L));
    jstr(s, "note", l->description);
    define(g, s, MNAME(g, "%s_WIDTH", L), NULL, fmt(g, "%d", l->width), "bits");
    for (int k = 0; k < l->nfields; k++) {
        const hw_field *f = &l->fields[k];
        field_defines(g, s, L, l->width, f);
        define(g, s, MNAME(g, "%s_%s_GET", L, f->name), "v",
               fmt(g, "(((%s)(v) >> %d) & %s)", utype(g, l->width), f->shift,
                   ones(g, f->width)),
               NULL);
    }
}

/* <L>_<OBJ>_BY_<SUBJ>(v, none): the allowed mask of field obj while field
 * subj holds v, or `none` when no rule is written for v. */
static const char *by_macro(rgen *g, cJSON *list, const hw_layout *l, int subj,
                            int obj)
{
    const hw_target *t = g->t;
    if (!c_layout_limits(t, l, subj, obj))
        return NULL;
    mlines m = {0};
    for (int i = 0; i < t->nrules; i++) {
        const hw_rule *r = &t->rules[i];
        if (!c_rule_links(l, r, subj, obj))
            continue;
        line(g, &m, fmt(g, "%s(unsigned long)(v) == 0x%Xul ?", m.n ? " " : "(",
                        (unsigned)r->value));
        line(g, &m, fmt(g, "    %s :", rule_name(g, r)));
    }
    line(g, &m, " (none))");
    const char *name = c_checked(g->a, c_by_macro(g->a, g->ID, l, subj, obj));
    macro(g, list, name, "v, none", &m);
    return name;
}

/* Append `tail` to the last line of m. */
static void append(rgen *g, mlines *m, const char *tail)
{
    if (m->n)
        m->v[m->n - 1] = fmt(g, "%s%s", m->v[m->n - 1], tail);
}

/* <L>_<F>_OK(fields...): field k holds a value that is valid with the
 * values of the others: a value of its enum that is documented or listed
 * by a rule that applies, and allowed by every rule that applies. */
static void ok_macro(rgen *g, cJSON *list, const hw_layout *l, int k,
                     const char **p)
{
    const hw_field *f = &l->fields[k];
    mlines m = {0};
    if (f->enum_index < 0) {
        line(g, &m, f->width >= 32 ? "1"
                                   : fmt(g, "((unsigned long)(%s) >> %d == 0ul)",
                                         p[k], f->width));
    } else {
        const char *doc = MNAME(g, "%s_DOCUMENTED", g->t->enums[f->enum_index].name);
        const char **by = arena_alloc(g->a, sizeof *by * (size_t)l->nfields);
        int nby = 0;
        for (int s = 0; by && s < l->nfields; s++) {
            by[s] = by_macro(g, list, l, s, k);
            nby += by[s] != NULL;
        }
        line(g, &m, fmt(g, "((unsigned long)(%s) < 32ul &&", p[k]));
        line(g, &m, fmt(g, " ((1ul << (unsigned long)(%s)) &", p[k]));
        if (!nby) {
            line(g, &m, fmt(g, "  %s) != 0ul)", doc));
        } else {
            line(g, &m, fmt(g, "  (%s", doc));
            for (int s = 0; s < l->nfields; s++)
                if (by[s]) {
                    append(g, &m, " |");
                    line(g, &m, fmt(g, "   %s(%s, 0ul)", by[s], p[s]));
                }
            append(g, &m, ")");
            for (int s = 0; s < l->nfields; s++)
                if (by[s]) {
                    append(g, &m, " &");
                    line(g, &m, fmt(g, "  %s(%s, 0xFFFFFFFFul)", by[s], p[s]));
                }
            append(g, &m, ") != 0ul)");
        }
    }
    macro(g, list, MNAME(g, "%s_%s_OK", l->name, f->name),
          joined(g, p, l->nfields, ""), &m);
}

/* <L>_PACK(fields...): the layout value, each field masked to its width. */
static void pack_macro(rgen *g, cJSON *list, const char *name, int width,
                       const hw_field *fields, int n, const char **p)
{
    const char *ty = utype(g, width);
    mlines m = {0};
    for (int k = 0; k < n; k++) {
        const hw_field *f = &fields[k];
        const char *v = fmt(g, "((%s)(%s) & %s)", ty, p[k], ones(g, f->width));
        if (f->shift)
            v = fmt(g, "(%s << %d)", v, f->shift);
        line(g, &m, fmt(g, "%s%s%s", k ? " " : "(", v, k + 1 < n ? " |" : ")"));
    }
    macro(g, list, MNAME(g, "%s_PACK", name), joined(g, p, n, ""), &m);
}

static void layout_code(rgen *g, cJSON *layouts, const hw_layout *l)
{
    if (!l->nfields)
        return;
    const char **p = field_params(g, l->fields, l->nfields);
    if (!p)
        return;
    const char *L = l->name;
    const char *args = joined(g, p, l->nfields, "");
    cJSON *o = jobj(layouts, NULL);
    jstr(o, "name", l->name);
    jstr(o, "args", args);
    jstr(o, "pack", MNAME(g, "%s_PACK", L));
    cJSON *list = jarr(o, "macros");
    pack_macro(g, list, L, l->width, l->fields, l->nfields, p);
    if (!c_layout_checkable(g->t, l))
        return;
    for (int k = 0; k < l->nfields; k++)
        ok_macro(g, list, l, k, p);
    mlines m = {0};
    for (int k = 0; k < l->nfields; k++)
        line(g, &m, fmt(g, "%s%s(%s)%s", k ? " " : "(",
                        MNAME(g, "%s_%s_OK", L, l->fields[k].name), args,
                        k + 1 < l->nfields ? " &&" : ")"));
    const char *supported = MNAME(g, "%s_SUPPORTED", L);
    macro(g, list, supported, args, &m);
    const char *fn = c_checked(g->a, c_supported_fn(g->a, g->t, l));
    jstr(o, "supported", supported);
    jstr(o, "fn", fn);
    jstr(o, "fn_params", joined(g, p, l->nfields, "unsigned int "));
}

/* ---- registers ---------------------------------------------------------- */

static const char *address(rgen *g, uint64_t a)
{
    if (a <= 0xFFFFFFFFu)
        return fmt(g, "0x%04llXu", (unsigned long long)a);
    g->u64 = 1;
    return fmt(g, "(((%s_u64)0x%lXul << 32) | 0x%08lXul)", g->id,
               (unsigned long)(a >> 32), (unsigned long)(a & 0xFFFFFFFFu));
}

static void register_section(rgen *g, cJSON *sections, const hw_register *r)
{
    const hw_target *t = g->t;
    const char *R = r->name;
    cJSON *s = c_section(sections, fmt(g, "Register %s", R));
    jstr(s, "note", r->description);
    const char *addr = MNAME(g, "%s_ADDR", R);
    define(g, s, addr, NULL, address(g, r->address), "MMIO offset");
    define(g, s, MNAME(g, "%s_WIDTH", R), NULL, fmt(g, "%d", r->width), "bits");
    for (int k = 0; k < r->nfields; k++) {
        const hw_field *f = &r->fields[k];
        const char *shift = field_defines(g, s, R, r->width, f);
        if (f->event < 0)
            continue;
        const hw_event *e = &t->events[f->event];
        const char *E = c_counter_stem(e);
        define(g, s, MNAME(g, "%s_PROGRAM_ADDR", E), NULL, addr,
               fmt(g, "counter %s is programmed by %s field %s", e->name, R, f->name));
        define(g, s, MNAME(g, "%s_PROGRAM_SHIFT", E), NULL, shift, NULL);
    }
}

static void register_code(rgen *g, cJSON *list, const hw_register *r)
{
    if (!r->nfields)
        return;
    const char **p = field_params(g, r->fields, r->nfields);
    if (p)
        pack_macro(g, list, r->name, r->width, r->fields, r->nfields, p);
}

/* ---- the whole part ----------------------------------------------------- */

static int render_code(rgen *g, cJSON *data, cJSON *code)
{
    hw_buf b;
    buf_init(&b);
    int rc = render_template(g->templates, "c_regs.h", data, MU_ESCAPE_C_COMMENT, &b, g->d);
    if (rc == 0 && b.data) {
        /* the template starts each block with a blank line; the header
         * puts one before the text already */
        char *s = b.data + strspn(b.data, "\n");
        size_t n = strlen(s);
        while (n && s[n - 1] == '\n')
            n--;
        s[n] = '\0';
        if (n) /* a copy: cJSON counts a failure for render_template() */
            jstr(jobj(code, NULL), "text", s);
    }
    buf_free(&b);
    return rc;
}

int emit_c_regs(const hw_target *t, const char *ID, hw_arena *scratch,
                cJSON *sections, cJSON *code, const emit_to *to)
{
    hw_diag *d = to->d;
    rgen g;
    memset(&g, 0, sizeof g);
    g.t = t, g.ID = ID, g.id = t->id, g.a = scratch, g.d = d;
    g.templates = to->templates;
    if (c_plan_make(&g.p, t, scratch) != 0) {
        diag_error(d, NULL, "out of memory");
        return -1;
    }

    for (int i = 0; i < t->nreports; i++)
        report_section(&g, sections, &t->reports[i]);
    for (int i = 0; i < t->nenums; i++)
        enum_section(&g, sections, &t->enums[i]);
    rules_section(&g, sections);
    for (int i = 0; i < t->nlayouts; i++)
        layout_section(&g, sections, &t->layouts[i]);
    for (int i = 0; i < t->nregisters; i++)
        register_section(&g, sections, &t->registers[i]);

    cJSON *data = cJSON_CreateObject();
    jstr(data, "ID", ID);
    jstr(data, "id", t->id);
    read_helpers(&g, data);
    cJSON *reports = jarr(data, "reports");
    for (int i = 0; i < t->nreports; i++)
        report_code(&g, reports, &t->reports[i]);
    cJSON *counters = jarr(data, "counter_macros");
    width_macros(&g, counters);
    for (int b = 0; b < t->nblocks; b++)
        block_width_macros(&g, counters, b);
    jbool(data, "counters", cJSON_GetArraySize(counters) > 0);
    cJSON *layouts = jarr(data, "layouts");
    for (int i = 0; i < t->nlayouts; i++)
        layout_code(&g, layouts, &t->layouts[i]);
    cJSON *regs = jarr(data, "register_macros");
    for (int i = 0; i < t->nregisters; i++)
        register_code(&g, regs, &t->registers[i]);
    jbool(data, "registers", cJSON_GetArraySize(regs) > 0);
    jbool(data, "u64", g.u64);

    int rc = -1;
    if (arena_failed(scratch)) /* the one check of every string above */
        diag_error(d, NULL, "out of memory");
    else
        rc = render_code(&g, data, code);
    cJSON_Delete(data);
    return rc;
}
