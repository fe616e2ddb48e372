/* diff.c - match the items of two targets and record what changed
 * (diff.h). Formulas are compared in diff_formula.c, generated files in
 * diff_files.c, and reports are printed by diff_report.c. */
#include "diff.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "diff_formula.h"
#include "expr.h"
#include "names.h"

static const char *const section_names[] = {
#define X(e, s, h) s,
    DIFF_SECTIONS(X)
#undef X
};

static const char *const section_headings[] = {
#define X(e, s, h) h,
    DIFF_SECTIONS(X)
#undef X
};

static const struct {
    const char *name;
    int quiet;
} classes[] = {
#define X(e, s, q) {s, q},
    DIFF_CLASSES(X)
#undef X
};

const char *diff_section_name(diff_section s) { return section_names[s]; }
const char *diff_section_heading(diff_section s) { return section_headings[s]; }
const char *diff_class_name(diff_class c) { return classes[c].name; }

diff_classes diff_default_classes(void)
{
    diff_classes set = 0;
    for (int c = 0; c < DIFF_NCLASSES; c++)
        if (!classes[c].quiet)
            set |= DIFF_BIT(c);
    return set;
}

int diff_parse_classes(const char *list, diff_classes *out, char *bad, size_t size)
{
    *out = 0;
    const char *p = list;
    for (;;) {
        size_t n = strcspn(p, ",");
        int found = -1;
        for (int c = 0; c < DIFF_NCLASSES && found < 0; c++)
            if (strlen(classes[c].name) == n && strncmp(classes[c].name, p, n) == 0)
                found = c;
        if (n == 3 && strncmp(p, "all", 3) == 0)
            *out = (1u << DIFF_NCLASSES) - 1;
        else if (found >= 0)
            *out |= DIFF_BIT(found);
        else {
            snprintf(bad, size, "%.*s", (int)(n < 60 ? n : 60), p);
            return -1;
        }
        if (!p[n])
            return 0;
        p += n + 1;
    }
}

int diff_listed(diff_class c, int all, diff_classes fail_on)
{
    return all || !classes[c].quiet || (fail_on & DIFF_BIT(c));
}

int diff_matters(const hw_diff *df, diff_classes fail_on)
{
    for (int i = 0; i < df->nchanges; i++)
        if (fail_on & DIFF_BIT(df->changes[i].cls))
            return 1;
    return 0;
}

void diff_free(hw_diff *df)
{
    arena_free(df->arena);
    df->arena = NULL;
}

/* ---- recording changes --------------------------------------------------- */

typedef struct ctx {
    hw_diff *df;
    const hw_target *o, *n; /* OLD and NEW */
    diff_renames events;    /* NEW events known under another OLD name */
    diff_renames metrics;   /* NEW metrics renamed from OLD ones */
    int failed;
} ctx;

__attribute__((format(printf, 2, 3)))
static const char *fmt(ctx *c, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    const char *s = arena_vprintf(c->df->arena, f, ap);
    va_end(ap);
    return s;
}

static diff_change *change(ctx *c, diff_section s, diff_class k, const char *name)
{
    hw_diff *df = c->df;
    diff_change *ch = ARENA_PUSH(df->arena, df->changes, df->nchanges, df->cap_changes);
    if (!ch) {
        c->failed = 1;
        return NULL;
    }
    ch->section = s;
    ch->cls = k;
    ch->name = name ? name : "";
    ch->factor = 1.0;
    ch->order = df->nchanges;
    return ch;
}

static int same(const char *a, const char *b)
{
    if (!a || !b)
        return (!a || !*a) && (!b || !*b);
    return strcmp(a, b) == 0;
}

/* A change when the field's text differs. */
static diff_change *field(ctx *c, diff_section s, diff_class k, const char *name,
                          const char *what, const char *old_text, const char *new_text)
{
    if (same(old_text, new_text))
        return NULL;
    diff_change *ch = change(c, s, k, name);
    if (ch) {
        ch->field = what;
        ch->old_text = old_text && *old_text ? old_text : NULL;
        ch->new_text = new_text && *new_text ? new_text : NULL;
    }
    return ch;
}

static void described(ctx *c, diff_section s, const char *name, const char *what,
                      const char *old_text, const char *new_text)
{
    field(c, s, DIFF_CLASS_DESCRIBED, name, what, old_text, new_text);
}

/* An item only in one version: `text` says what it was or is. */
static void one_side(ctx *c, diff_section s, diff_class k, const char *name,
                     const char *what, const char *text)
{
    diff_change *ch = change(c, s, k, name);
    if (!ch)
        return;
    ch->field = what;
    ch->one_sided = 1;
    if (k == DIFF_CLASS_REMOVED || (k != DIFF_CLASS_ADDED && what && !strcmp(what, "removed")))
        ch->old_text = text;
    else
        ch->new_text = text;
}

static const char *part(ctx *c, const char *item, const char *name)
{
    return fmt(c, "%s.%s", item, name);
}

/* ---- pairing items by name ------------------------------------------------ */

/* to_new[i]: the NEW item paired with OLD item i, or -1; to_old the other
 * way round. */
typedef struct pairing {
    int *to_new, *to_old;
} pairing;

static const char *name_at(const void *items, size_t size, size_t off, int i)
{
    return *(const char *const *)((const char *)items + (size_t)i * size + off);
}

static int pair_by_name(ctx *c, pairing *p, const void *o, int no, const void *n, int nn,
                        size_t size, size_t off)
{
    p->to_new = arena_alloc(c->df->arena, ((size_t)no + 1) * sizeof(int));
    p->to_old = arena_alloc(c->df->arena, ((size_t)nn + 1) * sizeof(int));
    name_index names; /* NEW's names; the first of a name wins */
    if (!p->to_new || !p->to_old || name_index_init(&names, (size_t)nn) != 0) {
        c->failed = 1;
        return -1;
    }
    for (int j = 0; j < nn; j++) {
        p->to_old[j] = -1;
        const char *name = name_at(n, size, off, j);
        if (name && name_index_put(&names, name, j) == -2)
            c->failed = 1;
    }
    for (int i = 0; i < no; i++) {
        const char *name = name_at(o, size, off, i);
        int j = name ? name_index_get(&names, name) : -1;
        p->to_new[i] = j >= 0 && p->to_old[j] < 0 ? j : -1;
        if (p->to_new[i] >= 0)
            p->to_old[j] = i;
    }
    name_index_free(&names);
    return c->failed ? -1 : 0;
}

#define PAIR(c, p, list, type)                                                \
    pair_by_name((c), (p), (c)->o->list, (c)->o->n##list, (c)->n->list,        \
                 (c)->n->n##list, sizeof(type), offsetof(type, name))

static void rename_add(ctx *c, diff_renames *r, const char *old_name, const char *new_name)
{
    diff_rename *x = ARENA_PUSH(c->df->arena, r->v, r->n, r->cap);
    if (!x) {
        c->failed = 1;
        return;
    }
    x->old_name = old_name;
    x->new_name = new_name;
}

/* ---- lists of names --------------------------------------------------------- */

static int in_list(const char *const *list, int n, const char *name, const diff_renames *r)
{
    for (int i = 0; i < n; i++)
        if (strcmp(renames_old_name(r, list[i]), name) == 0)
            return 1;
    return 0;
}

/* The names of `a` missing from `b` (b's names read through r), space
 * separated; NULL when none. */
static const char *missing(ctx *c, const char *const *a, int na, const diff_renames *ra,
                           const char *const *b, int nb, const diff_renames *rb)
{
    hw_buf out;
    buf_init(&out);
    for (int i = 0; i < na; i++)
        if (!in_list(b, nb, renames_old_name(ra, a[i]), rb))
            buf_printf(&out, "%s%s", out.len ? " " : "", a[i]);
    if (!out.len) {
        buf_free(&out);
        return NULL;
    }
    return arena_take(c->df->arena, &out);
}

/* Two changes of class k, "<what> removed" and "<what> added", for the
 * names only OLD's list has and only NEW's has; r maps NEW names to OLD. */
static void list_change(ctx *c, diff_section s, diff_class k, const char *name,
                        const char *what, const char *const *a, int na,
                        const char *const *b, int nb, const diff_renames *r)
{
    const char *gone = missing(c, a, na, NULL, b, nb, r);
    const char *came = missing(c, b, nb, r, a, na, NULL);
    diff_change *ch;
    if (gone && (ch = field(c, s, k, name, fmt(c, "%s removed", what), gone, NULL)))
        ch->one_sided = 1;
    if (came && (ch = field(c, s, k, name, fmt(c, "%s added", what), NULL, came)))
        ch->one_sided = 1;
}

static const char *text_int(ctx *c, long long v) { return fmt(c, "%lld", v); }
static const char *text_hex(ctx *c, unsigned long long v) { return fmt(c, "0x%04llX", v); }
static const char *yes_no(int v) { return v ? "yes" : "no"; }

static const char *text_number(ctx *c, double v)
{
    char num[40];
    expr_format_number(num, sizeof num, v);
    return fmt(c, "%s", num);
}

/* ---- the target ------------------------------------------------------------- */

static void diff_target(ctx *c)
{
    const hw_target *o = c->o, *n = c->n;
    const char *id = o->id ? o->id : "";
    static const diff_class I = DIFF_CLASS_IDENTITY;
    field(c, DIFF_TARGET, I, id, "format", o->format, n->format);
    field(c, DIFF_TARGET, I, id, "id", o->id, n->id);
    field(c, DIFF_TARGET, I, id, "slug", o->slug, n->slug);
    field(c, DIFF_TARGET, I, id, "vendor", o->vendor, n->vendor);
    field(c, DIFF_TARGET, I, id, "name", o->name, n->name);
    field(c, DIFF_TARGET, I, id, "kind", o->kind, n->kind);
    field(c, DIFF_TARGET, I, id, "implementer", text_hex(c, o->implementer),
          text_hex(c, n->implementer));
    field(c, DIFF_TARGET, I, id, "part_num", text_hex(c, o->part_num), text_hex(c, n->part_num));
    field(c, DIFF_TARGET, I, id, "major_revision", text_int(c, o->major_revision),
          text_int(c, n->major_revision));
    field(c, DIFF_TARGET, I, id, "minor_revision", text_int(c, o->minor_revision),
          text_int(c, n->minor_revision));
    field(c, DIFF_TARGET, I, id, "architecture", o->architecture, n->architecture);
    field(c, DIFF_TARGET, I, id, "pmu_architecture", o->pmu_architecture, n->pmu_architecture);
    field(c, DIFF_TARGET, I, id, "num_slots", text_int(c, o->num_slots),
          text_int(c, n->num_slots));
    field(c, DIFF_TARGET, I, id, "num_bus_slots", text_int(c, o->num_bus_slots),
          text_int(c, n->num_bus_slots));
    field(c, DIFF_TARGET, I, id, "num_counters", text_int(c, o->num_counters),
          text_int(c, n->num_counters));
    described(c, DIFF_TARGET, id, "description", o->description, n->description);
    described(c, DIFF_TARGET, id, "source", o->source, n->source);
}

/* ---- counter blocks -------------------------------------------------------- */

static const char *block_text(ctx *c, const hw_block *b)
{
    return fmt(c, "id %d, %d counters", b->id, b->size);
}

static void diff_blocks(ctx *c)
{
    pairing p;
    if (PAIR(c, &p, blocks, hw_block) != 0)
        return;
    for (int i = 0; i < c->o->nblocks; i++) {
        const hw_block *a = &c->o->blocks[i];
        if (p.to_new[i] < 0) {
            one_side(c, DIFF_BLOCK, DIFF_CLASS_REMOVED, a->name, NULL, block_text(c, a));
            continue;
        }
        const hw_block *b = &c->n->blocks[p.to_new[i]];
        field(c, DIFF_BLOCK, DIFF_CLASS_LAYOUT, a->name, NULL, block_text(c, a), block_text(c, b));
        described(c, DIFF_BLOCK, a->name, "title", a->title, b->title);
    }
    for (int j = 0; j < c->n->nblocks; j++)
        if (p.to_old[j] < 0)
            one_side(c, DIFF_BLOCK, DIFF_CLASS_ADDED, c->n->blocks[j].name, NULL,
                     block_text(c, &c->n->blocks[j]));
}

/* ---- events ----------------------------------------------------------------- */

static const char *event_code(ctx *c, const hw_event *e)
{
    return e->has_code ? text_hex(c, e->code) : NULL;
}

static const char *event_place(ctx *c, const hw_target *t, const hw_event *e)
{
    if (e->block < 0)
        return NULL;
    return fmt(c, "%s[%d]", t->blocks[e->block].name, e->index);
}

/* What identifies an event in one line: its code, or its block and index. */
static const char *event_text(ctx *c, const hw_target *t, const hw_event *e)
{
    const char *code = event_code(c, e), *place = event_place(c, t, e);
    return code ? fmt(c, "code %s", code) : place ? place : "no code";
}

/* What stays when a counter is renamed: its code, or else its block and
 * index; NULL when it has neither. */
static const char *counter_key(ctx *c, const hw_target *t, const hw_event *e)
{
    if (e->has_code)
        return fmt(c, "code %lu", (unsigned long)e->code);
    return e->block >= 0 ? fmt(c, "%s[%d]", t->blocks[e->block].name, e->index) : NULL;
}

/* Pair the events only one side has a name for that are the same counter. */
static void pair_renamed_events(ctx *c, pairing *p)
{
    const hw_target *o = c->o, *n = c->n;
    name_index keys;
    if (name_index_init(&keys, (size_t)n->nevents) != 0) {
        c->failed = 1;
        return;
    }
    for (int j = 0; j < n->nevents; j++) {
        const char *key = p->to_old[j] < 0 && ir_find_event(o, n->events[j].name) < 0
                              ? counter_key(c, n, &n->events[j])
                              : NULL;
        if (key && name_index_put(&keys, key, j) == -2)
            c->failed = 1;
    }
    for (int i = 0; i < o->nevents; i++) {
        const char *key = p->to_new[i] < 0 && ir_find_event(n, o->events[i].name) < 0
                              ? counter_key(c, o, &o->events[i])
                              : NULL;
        int j = key ? name_index_get(&keys, key) : -1;
        if (j < 0 || p->to_old[j] >= 0)
            continue;
        p->to_new[i] = j, p->to_old[j] = i;
        rename_add(c, &c->events, o->events[i].name, n->events[j].name);
    }
    name_index_free(&keys);
}

static void event_flags(ctx *c, const char *name, const hw_event *a, const hw_event *b)
{
    static const struct {
        unsigned flag;
        const char *what;
    } flags[] = {{EVENT_ARCH_DEFINED, "architecture defined"},
                 {EVENT_PRODUCT_DEFINED, "product defined"},
                 {EVENT_RECONSTRUCTED, "reconstructed"},
                 {EVENT_HIDDEN, "hidden"},
                 {EVENT_FLEXIBLE, "flexible"}};
    for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++)
        field(c, DIFF_EVENT, DIFF_CLASS_CHANGED, name, flags[k].what,
              yes_no(a->flags & flags[k].flag), yes_no(b->flags & flags[k].flag));
}

static void diff_event(ctx *c, const hw_event *a, const hw_event *b)
{
    const char *name = a->name;
    static const diff_class K = DIFF_CLASS_CHANGED;
    if (!same(a->name, b->name)) {
        diff_change *ch = change(c, DIFF_EVENT, DIFF_CLASS_RENAMED, name);
        if (ch) {
            ch->new_name = b->name;
            ch->new_text = event_text(c, c->n, b);
        }
    }
    field(c, DIFF_EVENT, DIFF_CLASS_RECODED, name, "code", event_code(c, a), event_code(c, b));
    field(c, DIFF_EVENT, DIFF_CLASS_MOVED, name, "counter", event_place(c, c->o, a),
          event_place(c, c->n, b));
    field(c, DIFF_EVENT, DIFF_CLASS_UNITS, name, "units", a->units, b->units);
    field(c, DIFF_EVENT, K, name, "width", text_int(c, a->width), text_int(c, b->width));
    field(c, DIFF_EVENT, K, name, "counter id", a->counter_id, b->counter_id);
    field(c, DIFF_EVENT, K, name, "register", a->reg_name, b->reg_name);
    field(c, DIFF_EVENT, K, name, "upper register", a->reg_upper, b->reg_upper);
    field(c, DIFF_EVENT, K, name, "multiplier", text_number(c, a->multiplier),
          text_number(c, b->multiplier));
    field(c, DIFF_EVENT, K, name, "advanced", yes_no(a->advanced), yes_no(b->advanced));
    field(c, DIFF_EVENT, K, name, "hardware name", a->hw_name, b->hw_name);
    event_flags(c, name, a, b);
    described(c, DIFF_EVENT, name, "title", a->title, b->title);
    described(c, DIFF_EVENT, name, "Streamline title", a->st_title, b->st_title);
    described(c, DIFF_EVENT, name, "Streamline name", a->st_name, b->st_name);
    described(c, DIFF_EVENT, name, "description", a->description, b->description);
    described(c, DIFF_EVENT, name, "note", a->note, b->note);
}

static void diff_events(ctx *c)
{
    const hw_target *o = c->o, *n = c->n;
    pairing p;
    if (PAIR(c, &p, events, hw_event) != 0)
        return;
    pair_renamed_events(c, &p);
    for (int i = 0; i < o->nevents; i++)
        if (p.to_new[i] < 0)
            one_side(c, DIFF_EVENT, DIFF_CLASS_REMOVED, o->events[i].name, NULL,
                     event_text(c, o, &o->events[i]));
        else
            diff_event(c, &o->events[i], &n->events[p.to_new[i]]);
    for (int j = 0; j < n->nevents; j++)
        if (p.to_old[j] < 0)
            one_side(c, DIFF_EVENT, DIFF_CLASS_ADDED, n->events[j].name, NULL,
                     event_text(c, n, &n->events[j]));
}

/* ---- metrics ----------------------------------------------------------------- */

static const char *formula_text(ctx *c, const hw_metric *m)
{
    if (!m->expr)
        return NULL;
    hw_buf b;
    buf_init(&b);
    expr_print(&b, m->expr, EXPR_STYLE_INFIX, NULL, NULL);
    return arena_take(c->df->arena, &b);
}

typedef struct metric_state {
    pairing p;
    char *changed; /* OLD metric i: its value is not the same in NEW */
} metric_state;

/* A metric of NEW no OLD metric has the name of, with the same units and
 * a formula of the same value: OLD's metric renamed. */
static int find_renamed(ctx *c, metric_state *ms, int i)
{
    const hw_metric *a = &c->o->metrics[i];
    if (!a->expr)
        return -1;
    for (int j = 0; j < c->n->nmetrics; j++) {
        const hw_metric *b = &c->n->metrics[j];
        if (ms->p.to_old[j] >= 0 || !b->expr || !same(a->units, b->units) ||
            ir_find_metric(c->o, b->name) >= 0)
            continue;
        formula_cmp cmp;
        if (formula_compare(c->df->arena, c->o, i, c->n, j, &c->events, &cmp) != 0) {
            c->failed = 1;
            return -1;
        }
        if (cmp.verdict == FORMULA_EQUIVALENT)
            return j;
    }
    return -1;
}

enum { USES_MAX = 16 };

typedef struct uses_ctx {
    ctx *c;
    const metric_state *ms;
    const char *names[USES_MAX]; /* what changed, each once */
    int n;
} uses_ctx;

static int note_changed_use(void *arg, hw_expr *ref)
{
    uses_ctx *u = arg;
    const hw_target *o = u->c->o, *n = u->c->n;
    int changed = 0;
    if (ref->ref == REF_METRIC)
        changed = u->ms->changed[ref->index];
    else if (ref->ref == REF_CONSTANT) {
        const hw_constant *k = &o->constants[ref->index];
        int j = ir_find_constant(n, k->name);
        changed = j < 0 || k->has_value != n->constants[j].has_value ||
                  (k->has_value && k->value != n->constants[j].value);
    }
    for (int i = 0; i < u->n && changed; i++)
        changed = strcmp(u->names[i], ref->text) != 0;
    if (changed && u->n < USES_MAX)
        u->names[u->n++] = ref->text;
    return 0;
}

/* Why an unchanged formula has another value: what it uses changed. */
static const char *changed_uses(ctx *c, const metric_state *ms, const hw_metric *a)
{
    uses_ctx u = {c, ms, {NULL}, 0};
    expr_each_ref(a->expr, note_changed_use, &u);
    if (!u.n)
        return "formula unchanged; what it uses changed";
    hw_buf b;
    buf_init(&b);
    buf_puts(&b, "formula unchanged; it uses ");
    for (int i = 0; i < u.n; i++)
        buf_printf(&b, "%s%s", i ? ", " : "", u.names[i]);
    buf_puts(&b, ", which changed");
    return arena_take(c->df->arena, &b);
}

static void diff_formula(ctx *c, metric_state *ms, int i, int j)
{
    const hw_metric *a = &c->o->metrics[i], *b = &c->n->metrics[j];
    const char *fa = formula_text(c, a), *fb = formula_text(c, b);
    if (!a->expr || !b->expr) {
        ms->changed[i] = a->expr || b->expr;
        field(c, DIFF_METRIC, DIFF_CLASS_DIFFERENT, a->name, "formula", fa, fb);
        return;
    }
    formula_cmp cmp;
    if (formula_compare(c->df->arena, c->o, i, c->n, j, &c->events, &cmp) != 0) {
        c->failed = 1;
        return;
    }
    ms->changed[i] = cmp.verdict != FORMULA_EQUIVALENT;
    int unchanged = same(fa, fb);
    if (unchanged && cmp.verdict == FORMULA_EQUIVALENT)
        return;
    static const diff_class verdicts[] = {DIFF_CLASS_EQUIVALENT, DIFF_CLASS_SCALED,
                                          DIFF_CLASS_DIFFERENT};
    diff_change *ch = change(c, DIFF_METRIC, verdicts[cmp.verdict], a->name);
    if (!ch)
        return;
    ch->field = "formula";
    ch->old_text = fa, ch->new_text = fb;
    ch->factor = cmp.factor;
    ch->witness = cmp.witness;
    if (cmp.same_tree)
        ch->note = "same tree";
    else if (unchanged)
        ch->note = changed_uses(c, ms, a);
}

static void diff_metric(ctx *c, int i, int j)
{
    const hw_metric *a = &c->o->metrics[i], *b = &c->n->metrics[j];
    const char *name = a->name;
    static const diff_class K = DIFF_CLASS_CHANGED;
    if (!same(a->name, b->name)) {
        diff_change *ch = change(c, DIFF_METRIC, DIFF_CLASS_RENAMED, name);
        if (ch) {
            ch->new_name = b->name;
            ch->field = "formula";
            ch->old_text = formula_text(c, a);
            ch->new_text = formula_text(c, b);
        }
    }
    field(c, DIFF_METRIC, DIFF_CLASS_UNITS, name, "units", a->units, b->units);
    list_change(c, DIFF_METRIC, K, name, "sample events", a->sample_events,
                a->nsample_events, b->sample_events, b->nsample_events, &c->events);
    field(c, DIFF_METRIC, K, name, "external", yes_no(a->flags & METRIC_EXTERNAL),
          yes_no(b->flags & METRIC_EXTERNAL));
    field(c, DIFF_METRIC, K, name, "intermediate", yes_no(a->flags & METRIC_INTERMEDIATE),
          yes_no(b->flags & METRIC_INTERMEDIATE));
    described(c, DIFF_METRIC, name, "title", a->title, b->title);
    described(c, DIFF_METRIC, name, "description", a->description, b->description);
    described(c, DIFF_METRIC, name, "number", a->number, b->number);
    described(c, DIFF_METRIC, name, "source formula", a->source_formula, b->source_formula);
    described(c, DIFF_METRIC, name, "note", a->note, b->note);
}

static void diff_metrics(ctx *c)
{
    const hw_target *o = c->o, *n = c->n;
    metric_state ms;
    ms.changed = arena_alloc(c->df->arena, (size_t)o->nmetrics + 1);
    if (!ms.changed || PAIR(c, &ms.p, metrics, hw_metric) != 0) {
        c->failed = 1;
        return;
    }
    for (int i = 0; i < o->nmetrics && !c->failed; i++) {
        if (ms.p.to_new[i] >= 0 || ir_find_metric(n, o->metrics[i].name) >= 0)
            continue;
        int j = find_renamed(c, &ms, i);
        if (j >= 0) {
            ms.p.to_new[i] = j, ms.p.to_old[j] = i;
            rename_add(c, &c->metrics, o->metrics[i].name, n->metrics[j].name);
        }
    }
    /* formulas in evaluation order, so a metric's uses are known first */
    for (int k = 0; k < o->nmetrics && !c->failed; k++) {
        int i = o->metric_order[k];
        int j = ms.p.to_new[i];
        if (j >= 0 && same(o->metrics[i].name, n->metrics[j].name))
            diff_formula(c, &ms, i, j);
    }
    for (int i = 0; i < o->nmetrics; i++)
        if (ms.p.to_new[i] < 0)
            one_side(c, DIFF_METRIC, DIFF_CLASS_REMOVED, o->metrics[i].name, "formula",
                     formula_text(c, &o->metrics[i]));
        else
            diff_metric(c, i, ms.p.to_new[i]);
    for (int j = 0; j < n->nmetrics; j++)
        if (ms.p.to_old[j] < 0)
            one_side(c, DIFF_METRIC, DIFF_CLASS_ADDED, n->metrics[j].name, "formula",
                     formula_text(c, &n->metrics[j]));
}

/* ---- groups ------------------------------------------------------------------ */

static const char *group_name(ctx *c, const hw_group *g)
{
    return fmt(c, "%s (%s)", g->name, g->kind == GROUP_EVENTS ? "events" : "metrics");
}

static const char *members_text(ctx *c, const hw_group *g)
{
    return fmt(c, "%d member%s", g->nmembers, g->nmembers == 1 ? "" : "s");
}

static void diff_groups(ctx *c)
{
    const hw_target *o = c->o, *n = c->n;
    int *to_old = arena_alloc(c->df->arena, ((size_t)n->ngroups + 1) * sizeof(int));
    if (!to_old) {
        c->failed = 1;
        return;
    }
    for (int j = 0; j < n->ngroups; j++)
        to_old[j] = -1;
    for (int i = 0; i < o->ngroups; i++) {
        const hw_group *a = &o->groups[i];
        int j = ir_find_group(n, a->kind, a->name);
        if (j < 0) {
            one_side(c, DIFF_GROUP, DIFF_CLASS_REMOVED, group_name(c, a), NULL,
                     members_text(c, a));
            continue;
        }
        const hw_group *b = &n->groups[j];
        to_old[j] = i;
        const diff_renames *r = a->kind == GROUP_EVENTS ? &c->events : &c->metrics;
        list_change(c, DIFF_GROUP, DIFF_CLASS_MEMBERS, group_name(c, a), "members", a->members,
                    a->nmembers, b->members, b->nmembers, r);
        described(c, DIFF_GROUP, group_name(c, a), "title", a->title, b->title);
        described(c, DIFF_GROUP, group_name(c, a), "description", a->description,
                  b->description);
        described(c, DIFF_GROUP, group_name(c, a), "number", a->number, b->number);
    }
    for (int j = 0; j < n->ngroups; j++)
        if (to_old[j] < 0)
            one_side(c, DIFF_GROUP, DIFF_CLASS_ADDED, group_name(c, &n->groups[j]), NULL,
                     members_text(c, &n->groups[j]));
}

/* ---- methodologies ----------------------------------------------------------- */

static const hw_stage *find_stage(const hw_methodology *m, const char *name)
{
    for (int i = 0; i < m->nstages; i++)
        if (strcmp(m->stages[i].name, name) == 0)
            return &m->stages[i];
    return NULL;
}

static const hw_tree_node *find_node(const hw_methodology *m, const char *name,
                                     const diff_renames *r)
{
    for (int i = 0; i < m->nnodes; i++)
        if (strcmp(renames_old_name(r, m->nodes[i].name), name) == 0)
            return &m->nodes[i];
    return NULL;
}

static const char *stage_text(ctx *c, const hw_stage *s)
{
    hw_buf b;
    buf_init(&b);
    buf_puts(&b, "groups");
    for (int i = 0; i < s->ngroups; i++)
        buf_printf(&b, " %s", s->groups[i]);
    return arena_take(c->df->arena, &b);
}

static const char *node_text(ctx *c, const hw_tree_node *nd)
{
    hw_buf b;
    buf_init(&b);
    buf_printf(&b, "group %s, next", nd->group ? nd->group : "none");
    for (int i = 0; i < nd->nnext; i++)
        buf_printf(&b, " %s", nd->next[i]);
    return arena_take(c->df->arena, &b);
}

static void diff_stages(ctx *c, const hw_methodology *a, const hw_methodology *b)
{
    static const diff_class T = DIFF_CLASS_TREE;
    for (int i = 0; i < a->nstages; i++) {
        const hw_stage *s = &a->stages[i], *t = find_stage(b, s->name);
        const char *name = part(c, a->name, s->name);
        if (!t)
            one_side(c, DIFF_METHODOLOGY, T, name, "removed", stage_text(c, s));
        else
            list_change(c, DIFF_METHODOLOGY, T, name, "groups", s->groups, s->ngroups,
                        t->groups, t->ngroups, NULL);
    }
    for (int i = 0; i < b->nstages; i++)
        if (!find_stage(a, b->stages[i].name))
            one_side(c, DIFF_METHODOLOGY, T, part(c, a->name, b->stages[i].name), "added",
                     stage_text(c, &b->stages[i]));
}

static void diff_nodes(ctx *c, const hw_methodology *a, const hw_methodology *b)
{
    static const diff_class T = DIFF_CLASS_TREE;
    const diff_renames *r = &c->metrics;
    list_change(c, DIFF_METHODOLOGY, T, a->name, "roots", a->roots, a->nroots, b->roots,
                b->nroots, r);
    for (int i = 0; i < a->nnodes; i++) {
        const hw_tree_node *x = &a->nodes[i], *y = find_node(b, x->name, r);
        const char *name = part(c, a->name, x->name);
        if (!y) {
            one_side(c, DIFF_METHODOLOGY, T, name, "removed", node_text(c, x));
            continue;
        }
        field(c, DIFF_METHODOLOGY, T, name, "group", x->group, y->group);
        list_change(c, DIFF_METHODOLOGY, T, name, "next", x->next, x->nnext, y->next,
                    y->nnext, r);
        list_change(c, DIFF_METHODOLOGY, T, name, "sample events", x->sample_events,
                    x->nsample_events, y->sample_events, y->nsample_events, &c->events);
    }
    for (int i = 0; i < b->nnodes; i++) {
        const hw_tree_node *y = &b->nodes[i];
        if (!find_node(a, renames_old_name(r, y->name), NULL))
            one_side(c, DIFF_METHODOLOGY, T, part(c, a->name, y->name), "added",
                     node_text(c, y));
    }
}

static const char *methodology_text(ctx *c, const hw_methodology *m)
{
    return fmt(c, "%d stage%s, %d node%s", m->nstages, m->nstages == 1 ? "" : "s", m->nnodes,
               m->nnodes == 1 ? "" : "s");
}

static void diff_methodologies(ctx *c)
{
    pairing p;
    if (PAIR(c, &p, methodologies, hw_methodology) != 0)
        return;
    for (int i = 0; i < c->o->nmethodologies; i++) {
        const hw_methodology *a = &c->o->methodologies[i];
        if (p.to_new[i] < 0) {
            one_side(c, DIFF_METHODOLOGY, DIFF_CLASS_REMOVED, a->name, NULL,
                     methodology_text(c, a));
            continue;
        }
        const hw_methodology *b = &c->n->methodologies[p.to_new[i]];
        diff_stages(c, a, b);
        diff_nodes(c, a, b);
        described(c, DIFF_METHODOLOGY, a->name, "title", a->title, b->title);
        described(c, DIFF_METHODOLOGY, a->name, "description", a->description, b->description);
    }
    for (int j = 0; j < c->n->nmethodologies; j++)
        if (p.to_old[j] < 0)
            one_side(c, DIFF_METHODOLOGY, DIFF_CLASS_ADDED, c->n->methodologies[j].name, NULL,
                     methodology_text(c, &c->n->methodologies[j]));
}

/* ---- encodings and support rules --------------------------------------------- */

/* An enum value as the spec would write it: 0b0010 for a 4-bit enum. */
static const char *enum_code(ctx *c, const hw_enum *e, uint32_t v)
{
    if (e->width < 1 || e->width > 16)
        return text_hex(c, v);
    char bits[20];
    for (int i = 0; i < e->width; i++)
        bits[i] = (char)('0' + ((v >> (e->width - 1 - i)) & 1));
    bits[e->width] = '\0';
    return fmt(c, "0b%s", bits);
}

static const hw_enum_value *enum_by_name(const hw_enum *e, const char *name)
{
    for (int i = 0; i < e->nvalues; i++)
        if (strcmp(e->values[i].name, name) == 0)
            return &e->values[i];
    return NULL;
}

static const hw_enum_value *enum_by_value(const hw_enum *e, uint32_t v)
{
    for (int i = 0; i < e->nvalues; i++)
        if (e->values[i].value == v)
            return &e->values[i];
    return NULL;
}

static void diff_enum_value(ctx *c, const hw_enum *ea, const hw_enum_value *a,
                            const hw_enum *eb, const hw_enum_value *b)
{
    const char *name = part(c, ea->name, a->name);
    static const diff_class E = DIFF_CLASS_ENCODING;
    if (!same(a->name, b->name)) {
        diff_change *ch = change(c, DIFF_ENUM, DIFF_CLASS_RENAMED, name);
        if (ch) {
            ch->new_name = part(c, eb->name, b->name);
            ch->new_text = enum_code(c, eb, b->value);
        }
    }
    field(c, DIFF_ENUM, E, name, "value", enum_code(c, ea, a->value), enum_code(c, eb, b->value));
    field(c, DIFF_ENUM, E, name, "undocumented", yes_no(a->undocumented),
          yes_no(b->undocumented));
    described(c, DIFF_ENUM, name, "title", a->title, b->title);
    described(c, DIFF_ENUM, name, "description", a->description, b->description);
}

static void diff_enum(ctx *c, const hw_enum *a, const hw_enum *b)
{
    static const diff_class E = DIFF_CLASS_ENCODING;
    field(c, DIFF_ENUM, E, a->name, "width", text_int(c, a->width), text_int(c, b->width));
    described(c, DIFF_ENUM, a->name, "title", a->title, b->title);
    /* by name, then a value of the same code under a new name */
    for (int i = 0; i < a->nvalues; i++) {
        const hw_enum_value *x = &a->values[i], *y = enum_by_name(b, x->name);
        if (!y && (y = enum_by_value(b, x->value)) && enum_by_name(a, y->name))
            y = NULL;
        if (y)
            diff_enum_value(c, a, x, b, y);
        else
            one_side(c, DIFF_ENUM, E, part(c, a->name, x->name), "removed",
                     enum_code(c, a, x->value));
    }
    for (int j = 0; j < b->nvalues; j++) {
        const hw_enum_value *y = &b->values[j], *x = enum_by_name(a, y->name);
        if (!x && (x = enum_by_value(a, y->value)) && enum_by_name(b, x->name))
            x = NULL;
        if (!x)
            one_side(c, DIFF_ENUM, E, part(c, a->name, y->name), "added",
                     enum_code(c, b, y->value));
    }
}

static const char *enum_text(ctx *c, const hw_enum *e)
{
    return fmt(c, "%d bits, %d values", e->width, e->nvalues);
}

static void diff_enums(ctx *c)
{
    pairing p;
    if (PAIR(c, &p, enums, hw_enum) != 0)
        return;
    for (int i = 0; i < c->o->nenums; i++)
        if (p.to_new[i] < 0)
            one_side(c, DIFF_ENUM, DIFF_CLASS_REMOVED, c->o->enums[i].name, NULL,
                     enum_text(c, &c->o->enums[i]));
        else
            diff_enum(c, &c->o->enums[i], &c->n->enums[p.to_new[i]]);
    for (int j = 0; j < c->n->nenums; j++)
        if (p.to_old[j] < 0)
            one_side(c, DIFF_ENUM, DIFF_CLASS_ADDED, c->n->enums[j].name, NULL,
                     enum_text(c, &c->n->enums[j]));
}

/* "EU_FINE_FILTER if EU_INCREMENT=SEND_ACTIVE" */
static const char *rule_name(ctx *c, const hw_target *t, const hw_rule *r)
{
    const hw_enum *s = &t->enums[r->subject];
    const hw_enum_value *v = enum_by_value(s, r->value);
    return fmt(c, "%s if %s=%s", t->enums[r->object].name, s->name,
               v ? v->name : enum_code(c, s, r->value));
}

static const char *allowed_text(ctx *c, const hw_target *t, const hw_rule *r)
{
    const hw_enum *e = &t->enums[r->object];
    hw_buf b;
    buf_init(&b);
    for (uint32_t v = 0; v < 32; v++) {
        if (!(r->allowed & (1u << v)))
            continue;
        const hw_enum_value *x = enum_by_value(e, v);
        buf_printf(&b, "%s%s", b.len ? " " : "", x ? x->name : enum_code(c, e, v));
    }
    if (!b.len)
        buf_puts(&b, "none");
    return arena_take(c->df->arena, &b);
}

static int same_rule(const hw_target *o, const hw_rule *a, const hw_target *n, const hw_rule *b)
{
    return a->value == b->value &&
           strcmp(o->enums[a->subject].name, n->enums[b->subject].name) == 0 &&
           strcmp(o->enums[a->object].name, n->enums[b->object].name) == 0;
}

static const hw_rule *find_rule(const hw_target *t, const hw_target *in, const hw_rule *r)
{
    for (int i = 0; i < in->nrules; i++)
        if (same_rule(t, r, in, &in->rules[i]))
            return &in->rules[i];
    return NULL;
}

static void diff_rules(ctx *c)
{
    static const diff_class R = DIFF_CLASS_RULE;
    for (int i = 0; i < c->o->nrules; i++) {
        const hw_rule *a = &c->o->rules[i], *b = find_rule(c->o, c->n, a);
        const char *name = rule_name(c, c->o, a);
        if (!b) {
            one_side(c, DIFF_RULE, DIFF_CLASS_REMOVED, name, "allowed",
                     allowed_text(c, c->o, a));
            continue;
        }
        field(c, DIFF_RULE, R, name, "allowed", allowed_text(c, c->o, a),
              allowed_text(c, c->n, b));
        described(c, DIFF_RULE, name, "text", a->text, b->text);
    }
    for (int j = 0; j < c->n->nrules; j++) {
        const hw_rule *b = &c->n->rules[j];
        if (!find_rule(c->n, c->o, b))
            one_side(c, DIFF_RULE, DIFF_CLASS_ADDED, rule_name(c, c->n, b), "allowed",
                     allowed_text(c, c->n, b));
    }
}

/* ---- registers and field layouts --------------------------------------------- */

static const char *bit_field_text(ctx *c, const hw_target *t, const hw_field *f)
{
    hw_buf b;
    buf_init(&b);
    buf_printf(&b, "bits %d:%d", f->shift + f->width - 1, f->shift);
    if (f->enum_index >= 0)
        buf_printf(&b, ", values %s", t->enums[f->enum_index].name);
    if (f->layout >= 0)
        buf_printf(&b, ", layout %s", t->layouts[f->layout].name);
    if (f->event >= 0)
        buf_printf(&b, ", counter %s", t->events[f->event].name);
    return arena_take(c->df->arena, &b);
}

static const hw_field *find_field(const hw_field *fields, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(fields[i].name, name) == 0)
            return &fields[i];
    return NULL;
}

static void diff_bit_fields(ctx *c, const char *owner, const hw_field *fa, int na,
                            const hw_field *fb, int nb)
{
    static const diff_class E = DIFF_CLASS_ENCODING;
    for (int i = 0; i < na; i++) {
        const hw_field *x = &fa[i], *y = find_field(fb, nb, x->name);
        const char *name = part(c, owner, x->name);
        if (!y) {
            one_side(c, DIFF_REGISTER, E, name, "removed", bit_field_text(c, c->o, x));
            continue;
        }
        field(c, DIFF_REGISTER, E, name, NULL, bit_field_text(c, c->o, x),
              bit_field_text(c, c->n, y));
        described(c, DIFF_REGISTER, name, "description", x->description, y->description);
    }
    for (int j = 0; j < nb; j++)
        if (!find_field(fa, na, fb[j].name))
            one_side(c, DIFF_REGISTER, E, part(c, owner, fb[j].name), "added",
                     bit_field_text(c, c->n, &fb[j]));
}

static const char *register_text(ctx *c, const hw_register *r)
{
    return fmt(c, "address 0x%llX, %d bits", (unsigned long long)r->address, r->width);
}

static const char *layout_text(ctx *c, const hw_layout *l)
{
    return fmt(c, "field layout, %d bits", l->width);
}

static void diff_registers(ctx *c)
{
    static const diff_class E = DIFF_CLASS_ENCODING;
    const hw_target *o = c->o, *n = c->n;
    pairing p, q;
    if (PAIR(c, &p, registers, hw_register) != 0 || PAIR(c, &q, layouts, hw_layout) != 0)
        return;
    for (int i = 0; i < o->nlayouts; i++) {
        const hw_layout *a = &o->layouts[i];
        if (q.to_new[i] < 0) {
            one_side(c, DIFF_REGISTER, DIFF_CLASS_REMOVED, a->name, NULL, layout_text(c, a));
            continue;
        }
        const hw_layout *b = &n->layouts[q.to_new[i]];
        field(c, DIFF_REGISTER, E, a->name, NULL, layout_text(c, a), layout_text(c, b));
        described(c, DIFF_REGISTER, a->name, "description", a->description, b->description);
        diff_bit_fields(c, a->name, a->fields, a->nfields, b->fields, b->nfields);
    }
    for (int j = 0; j < n->nlayouts; j++)
        if (q.to_old[j] < 0)
            one_side(c, DIFF_REGISTER, DIFF_CLASS_ADDED, n->layouts[j].name, NULL,
                     layout_text(c, &n->layouts[j]));
    for (int i = 0; i < o->nregisters; i++) {
        const hw_register *a = &o->registers[i];
        if (p.to_new[i] < 0) {
            one_side(c, DIFF_REGISTER, DIFF_CLASS_REMOVED, a->name, NULL, register_text(c, a));
            continue;
        }
        const hw_register *b = &n->registers[p.to_new[i]];
        field(c, DIFF_REGISTER, E, a->name, NULL, register_text(c, a), register_text(c, b));
        described(c, DIFF_REGISTER, a->name, "description", a->description, b->description);
        diff_bit_fields(c, a->name, a->fields, a->nfields, b->fields, b->nfields);
    }
    for (int j = 0; j < n->nregisters; j++)
        if (p.to_old[j] < 0)
            one_side(c, DIFF_REGISTER, DIFF_CLASS_ADDED, n->registers[j].name, NULL,
                     register_text(c, &n->registers[j]));
}

/* ---- report layouts ----------------------------------------------------------- */

static const char *report_field_text(ctx *c, const hw_report_field *f)
{
    hw_buf b;
    buf_init(&b);
    buf_printf(&b, "offset %d, %d byte%s", f->offset, f->size, f->size == 1 ? "" : "s");
    if (f->count > 1)
        buf_printf(&b, " x %d", f->count);
    if (f->block)
        buf_printf(&b, ", %s%d..%s%d", f->block, f->first, f->block,
                   f->first + (f->count > 1 ? f->count : 1) - 1);
    if (f->high_bits)
        buf_puts(&b, ", high bits");
    return arena_take(c->df->arena, &b);
}

static const hw_report_field *find_report_field(const hw_report *r, const char *name)
{
    for (int i = 0; i < r->nfields; i++)
        if (strcmp(r->fields[i].name, name) == 0)
            return &r->fields[i];
    return NULL;
}

static const char *report_text(ctx *c, const hw_report *r)
{
    return fmt(c, "select %d, %d bytes", r->select, r->size);
}

static void diff_report_fields(ctx *c, const hw_report *a, const hw_report *b)
{
    static const diff_class L = DIFF_CLASS_LAYOUT;
    for (int i = 0; i < a->nfields; i++) {
        const hw_report_field *x = &a->fields[i], *y = find_report_field(b, x->name);
        const char *name = part(c, a->name, x->name);
        if (!y) {
            one_side(c, DIFF_REPORT, L, name, "removed", report_field_text(c, x));
            continue;
        }
        field(c, DIFF_REPORT, L, name, NULL, report_field_text(c, x), report_field_text(c, y));
        described(c, DIFF_REPORT, name, "description", x->description, y->description);
    }
    for (int j = 0; j < b->nfields; j++)
        if (!find_report_field(a, b->fields[j].name))
            one_side(c, DIFF_REPORT, L, part(c, a->name, b->fields[j].name), "added",
                     report_field_text(c, &b->fields[j]));
}

static void diff_reports(ctx *c)
{
    pairing p;
    if (PAIR(c, &p, reports, hw_report) != 0)
        return;
    for (int i = 0; i < c->o->nreports; i++) {
        const hw_report *a = &c->o->reports[i];
        if (p.to_new[i] < 0) {
            one_side(c, DIFF_REPORT, DIFF_CLASS_REMOVED, a->name, NULL, report_text(c, a));
            continue;
        }
        const hw_report *b = &c->n->reports[p.to_new[i]];
        field(c, DIFF_REPORT, DIFF_CLASS_LAYOUT, a->name, NULL, report_text(c, a),
              report_text(c, b));
        described(c, DIFF_REPORT, a->name, "description", a->description, b->description);
        diff_report_fields(c, a, b);
    }
    for (int j = 0; j < c->n->nreports; j++)
        if (p.to_old[j] < 0)
            one_side(c, DIFF_REPORT, DIFF_CLASS_ADDED, c->n->reports[j].name, NULL,
                     report_text(c, &c->n->reports[j]));
}

/* ---- model constants and inputs ------------------------------------------------ */

static const char *constant_text(ctx *c, const hw_constant *k)
{
    return k->has_value ? text_number(c, k->value) : "set at run time";
}

static void diff_constants(ctx *c)
{
    pairing p;
    if (PAIR(c, &p, constants, hw_constant) != 0)
        return;
    for (int i = 0; i < c->o->nconstants; i++) {
        const hw_constant *a = &c->o->constants[i];
        if (p.to_new[i] < 0) {
            one_side(c, DIFF_CONSTANT, DIFF_CLASS_REMOVED, a->name, "value", constant_text(c, a));
            continue;
        }
        const hw_constant *b = &c->n->constants[p.to_new[i]];
        field(c, DIFF_CONSTANT, DIFF_CLASS_VALUE, a->name, "value", constant_text(c, a),
              constant_text(c, b));
        field(c, DIFF_CONSTANT, DIFF_CLASS_UNITS, a->name, "units", a->units, b->units);
        described(c, DIFF_CONSTANT, a->name, "title", a->title, b->title);
        described(c, DIFF_CONSTANT, a->name, "description", a->description, b->description);
    }
    for (int j = 0; j < c->n->nconstants; j++)
        if (p.to_old[j] < 0)
            one_side(c, DIFF_CONSTANT, DIFF_CLASS_ADDED, c->n->constants[j].name, "value",
                     constant_text(c, &c->n->constants[j]));
}

/* ">= 1, <= 256, whole, multiple of gs" */
static const char *range_text(ctx *c, const hw_input *in)
{
    hw_buf b;
    buf_init(&b);
    char num[40];
    if (in->has_min) {
        expr_format_number(num, sizeof num, in->min);
        buf_printf(&b, "%s %s", in->min_exclusive ? ">" : ">=", num);
    }
    if (in->has_max) {
        expr_format_number(num, sizeof num, in->max);
        buf_printf(&b, "%s%s %s", b.len ? ", " : "", in->max_exclusive ? "<" : "<=", num);
    }
    if (in->integer)
        buf_printf(&b, "%swhole", b.len ? ", " : "");
    if (in->multiple_of)
        buf_printf(&b, "%smultiple of %s", b.len ? ", " : "", in->multiple_of);
    if (!b.len)
        buf_puts(&b, "any");
    return arena_take(c->df->arena, &b);
}

static void diff_inputs(ctx *c)
{
    pairing p;
    if (PAIR(c, &p, inputs, hw_input) != 0)
        return;
    for (int i = 0; i < c->o->ninputs; i++) {
        const hw_input *a = &c->o->inputs[i];
        if (p.to_new[i] < 0) {
            one_side(c, DIFF_INPUT, DIFF_CLASS_REMOVED, a->name, "range", range_text(c, a));
            continue;
        }
        const hw_input *b = &c->n->inputs[p.to_new[i]];
        field(c, DIFF_INPUT, DIFF_CLASS_RANGE, a->name, "range", range_text(c, a),
              range_text(c, b));
        field(c, DIFF_INPUT, DIFF_CLASS_UNITS, a->name, "units", a->units, b->units);
        described(c, DIFF_INPUT, a->name, "title", a->title, b->title);
        described(c, DIFF_INPUT, a->name, "description", a->description, b->description);
    }
    for (int j = 0; j < c->n->ninputs; j++)
        if (p.to_old[j] < 0)
            one_side(c, DIFF_INPUT, DIFF_CLASS_ADDED, c->n->inputs[j].name, "range",
                     range_text(c, &c->n->inputs[j]));
}

/* ---- notes ------------------------------------------------------------------------ */

static const char *note_name(ctx *c, const hw_note *nt)
{
    return fmt(c, "%s %s", nt->kind ? nt->kind : "note", nt->subject ? nt->subject : "");
}

/* Notes are prose: every change to one is a change of description. The
 * k-th note of a kind and subject in OLD is paired with the k-th in NEW. */
static void diff_notes(ctx *c)
{
    const hw_target *o = c->o, *n = c->n;
    char *taken = arena_alloc(c->df->arena, (size_t)n->nnotes + 1);
    if (!taken) {
        c->failed = 1;
        return;
    }
    for (int i = 0; i < o->nnotes; i++) {
        const hw_note *a = &o->notes[i];
        const hw_note *b = NULL;
        for (int j = 0; j < n->nnotes && !b; j++)
            if (!taken[j] && same(a->kind, n->notes[j].kind) &&
                same(a->subject, n->notes[j].subject))
                taken[j] = 1, b = &n->notes[j];
        if (b)
            described(c, DIFF_NOTE, note_name(c, a), "text", a->text, b->text);
        else
            one_side(c, DIFF_NOTE, DIFF_CLASS_DESCRIBED, note_name(c, a), "removed", a->text);
    }
    for (int j = 0; j < n->nnotes; j++)
        if (!taken[j])
            one_side(c, DIFF_NOTE, DIFF_CLASS_DESCRIBED, note_name(c, &n->notes[j]), "added",
                     n->notes[j].text);
}

/* ---- all of it ------------------------------------------------------------------- */

static int by_place(const void *pa, const void *pb)
{
    const diff_change *a = pa, *b = pb;
    if (a->section != b->section)
        return a->section < b->section ? -1 : 1;
    if (a->cls != b->cls)
        return a->cls < b->cls ? -1 : 1;
    int k = strcmp(a->name, b->name);
    if (k)
        return k;
    return a->order < b->order ? -1 : a->order > b->order;
}

int diff_targets(hw_diff *df, const hw_target *old_t, const hw_target *new_t)
{
    memset(df, 0, sizeof *df);
    df->arena = arena_create();
    if (!df->arena)
        return -1;
    df->old_spec = old_t->spec_path, df->new_spec = new_t->spec_path;
    df->old_id = old_t->id, df->new_id = new_t->id;
    df->old_name = old_t->name ? old_t->name : old_t->id;
    df->new_name = new_t->name ? new_t->name : new_t->id;
    ctx c = {df, old_t, new_t, {0}, {0}, 0};
    diff_target(&c);
    diff_blocks(&c);
    diff_events(&c);   /* first: renamed events are known to what follows */
    diff_metrics(&c);  /* before groups and methodologies: renamed metrics */
    diff_groups(&c);
    diff_methodologies(&c);
    diff_enums(&c);
    diff_rules(&c);
    diff_registers(&c);
    diff_reports(&c);
    diff_constants(&c);
    diff_inputs(&c);
    diff_notes(&c);
    if (c.failed || arena_failed(df->arena))
        return -1;
    if (df->nchanges > 1)
        qsort(df->changes, (size_t)df->nchanges, sizeof *df->changes, by_place);
    return 0;
}
