/* diff.c - match the items of two targets and record what changed
 * (diff.h): the target, counter blocks, events, metrics and groups here,
 * the rest in diff_sections.c, both by the walk of diff_lists.c. Formulas are
 * compared in diff_formula.c, generated files in diff_files.c, and reports
 * are printed by diff_report.c. */
#include "diff/diff.h"

#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diff/diff_bind.h"
#include "diff/diff_sections.h"
#include "diff/diff_tree.h"
#include "diff/diff_lists.h"
#include "diff/diff_oa.h"
#include "core/mali_products.h"
#include "core/expr.h"
#include "core/names.h"

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

/* ---- the target ------------------------------------------------------------- */

/* The MIDRs (implementer and part; variant and revision aside, as perf's
 * mapfile matches them) a target is for: its own, or a perf tree
 * directory's mapfile rows. "0x410FD400 0x410FD490", or NULL when none. */
static const char *midrs(ctx *c, const hw_target *t)
{
    hw_buf b;
    buf_init(&b);
    if (t->implementer || t->part_num)
        buf_printf(&b, "0x%08X", (unsigned)target_midr(t));
    for (int i = 0; i < t->ncores; i++)
        buf_printf(&b, "%s0x%08X", b.len ? " " : "",
                   (unsigned)((t->cores[i].implementer & 0xFFu) << 24 | 0xFu << 16 |
                              (t->cores[i].part_num & 0xFFFu) << 4));
    return b.len ? arena_take(c->df->arena, &b) : (buf_free(&b), (const char *)NULL);
}

/* Whether two lists of words share one. */
static int share_word(const char *a, const char *b)
{
    for (const char *p = a; p && *p;) {
        size_t n = strcspn(p, " ");
        for (const char *q = b; q && *q;) {
            size_t m = strcspn(q, " ");
            if (n == m && strncmp(p, q, n) == 0)
                return 1;
            q += m + (q[m] == ' ');
        }
        p += n + (p[n] == ' ');
    }
    return 0;
}

static const char *product_ids(ctx *c, const hw_target *t)
{
    hw_buf b;
    buf_init(&b);
    const uint32_t *ids;
    int n = mali_target_ids(t, &ids);
    for (int i = 0; i < n; i++)
        buf_printf(&b, "%s0x%04X", b.len ? " " : "", (unsigned)ids[i]);
    return b.len ? arena_take(c->df->arena, &b) : (buf_free(&b), (const char *)NULL);
}

/* Across formats the target's id, slug, name and format are each file's
 * own naming, not a fact of the device: what identifies the device is
 * compared, one that is for several (a perf directory for two cores) the
 * same when any is shared. */
static void diff_identity(ctx *c, const char *id)
{
    static const diff_class I = DIFF_CLASS_IDENTITY;
    if (DW_HAS(c, HW_FACT(MIDR))) {
        const char *a = midrs(c, c->o), *b = midrs(c, c->n);
        if (a && b && !share_word(a, b))
            dw_field(c, DIFF_TARGET, I, id, "MIDR", a, b);
    }
    if (DW_HAS(c, HW_FACT(PRODUCT_ID))) {
        const char *a = product_ids(c, c->o), *b = product_ids(c, c->n);
        if (a && b && !share_word(a, b))
            dw_field(c, DIFF_TARGET, I, id, "product ids", a, b);
    }
}

static void diff_target(ctx *c)
{
    const hw_target *o = c->o, *n = c->n;
    const char *id = o->id ? o->id : "";
    static const diff_class I = DIFF_CLASS_IDENTITY;
    if (c->cross || c->df->sources) {
        diff_identity(c, id);
    } else {
        dw_field(c, DIFF_TARGET, I, id, "format", o->format, n->format);
        dw_field(c, DIFF_TARGET, I, id, "id", o->id, n->id);
        dw_field(c, DIFF_TARGET, I, id, "slug", o->slug, n->slug);
        dw_field(c, DIFF_TARGET, I, id, "vendor", o->vendor, n->vendor);
        dw_field(c, DIFF_TARGET, I, id, "name", o->name, n->name);
        dw_field(c, DIFF_TARGET, I, id, "kind", o->kind, n->kind);
        dw_field(c, DIFF_TARGET, I, id, "implementer", dw_text_hex(c, o->implementer),
                 dw_text_hex(c, n->implementer));
        dw_field(c, DIFF_TARGET, I, id, "part_num", dw_text_hex(c, o->part_num),
                 dw_text_hex(c, n->part_num));
    }
    if (DW_HAS(c, HW_FACT(REVISION))) {
        dw_field(c, DIFF_TARGET, I, id, "major_revision", dw_text_int(c, o->major_revision),
                 dw_text_int(c, n->major_revision));
        dw_field(c, DIFF_TARGET, I, id, "minor_revision", dw_text_int(c, o->minor_revision),
                 dw_text_int(c, n->minor_revision));
    }
    if (DW_HAS(c, HW_FACT(ARCHITECTURE))) {
        dw_field(c, DIFF_TARGET, I, id, "architecture", o->architecture, n->architecture);
        dw_field(c, DIFF_TARGET, I, id, "pmu_architecture", o->pmu_architecture,
                 n->pmu_architecture);
    }
    if (DW_HAS(c, HW_FACT(SLOTS))) {
        dw_field(c, DIFF_TARGET, I, id, "num_slots", dw_text_int(c, o->num_slots),
                 dw_text_int(c, n->num_slots));
        dw_field(c, DIFF_TARGET, I, id, "num_bus_slots", dw_text_int(c, o->num_bus_slots),
                 dw_text_int(c, n->num_bus_slots));
    }
    if (DW_HAS(c, HW_FACT(COUNTERS)))
        dw_field(c, DIFF_TARGET, I, id, "num_counters", dw_text_int(c, o->num_counters),
                 dw_text_int(c, n->num_counters));
    if (c->cross || c->df->sources)
        return; /* a description of the file, not of the device */
    dw_described(c, DIFF_TARGET, id, "description", o->description, n->description);
    dw_described(c, DIFF_TARGET, id, "source", o->source, n->source);
}

/* ---- counter blocks -------------------------------------------------------- */

static const char *block_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_block *b = item;
    (void)t;
    return dw_fmt(c, "id %d, %d counters", b->id, b->size);
}

static const item_kind block_kind = {DIFF_BLOCK, ITEM(hw_block), .text = block_text,
                                     SUMMARY(DIFF_CLASS_LAYOUT, NULL),
                                     .title_off = offsetof(hw_block, title)};

/* ---- events ----------------------------------------------------------------- */

/* NEW's new_name is OLD's old_name: what later comparisons read through. */
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

static const char *event_code(ctx *c, const hw_event *e)
{
    return e->has_code ? dw_text_hex(c, e->code) : NULL;
}

static const char *event_place(ctx *c, const hw_target *t, const hw_event *e)
{
    if (e->block < 0)
        return NULL;
    return dw_fmt(c, "%s[%d]", t->blocks[e->block].name, e->index);
}

/* What identifies an event in one line: its code, or its block and index. */
static const char *event_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_event *e = item;
    const char *code = event_code(c, e), *place = event_place(c, t, e);
    return code ? dw_fmt(c, "code %s", code) : place ? place : "no code";
}

/* What stays when a counter is renamed: its code, or else its block and
 * index; NULL when it has neither. */
static const char *counter_key(ctx *c, const hw_target *t, const hw_event *e)
{
    if (e->has_code)
        return dw_fmt(c, "code %lu", (unsigned long)e->code);
    return e->block >= 0 ? dw_fmt(c, "%s[%d]", t->blocks[e->block].name, e->index) : NULL;
}

/* Across formats that both name counters by their hardware names (Arm's
 * database by its own names, Panfrost by the hardware's), the hardware
 * name pairs them. */
static void pair_by_hw_name(ctx *c, pairing *p)
{
    const hw_target *o = c->o, *n = c->n;
    name_index keys;
    if (name_index_init(&keys, (size_t)n->nevents) != 0) {
        c->failed = 1;
        return;
    }
    for (int j = 0; j < n->nevents; j++) {
        const char *key = p->to_old[j] < 0 ? dw_key(c, n->events[j].hw_name) : NULL;
        if (key && name_index_put(&keys, key, j) == -2)
            c->failed = 1;
    }
    for (int i = 0; i < o->nevents; i++) {
        const char *key = p->to_new[i] < 0 ? dw_key(c, o->events[i].hw_name) : NULL;
        int j = key ? name_index_get(&keys, key) : -1;
        if (j >= 0 && p->to_old[j] < 0)
            p->to_new[i] = j, p->to_old[j] = i;
    }
    name_index_free(&keys);
}

/* Pair the events only one side has a name for that are the same counter. */
static void pair_renamed_events(ctx *c, pairing *p, items ol, items nl)
{
    const hw_target *o = c->o, *n = c->n;
    (void)ol, (void)nl;
    if (c->cross && DW_HAS(c, HW_FACT(HW_NAMES)))
        pair_by_hw_name(c, p);
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
        unsigned flag, fact;
        const char *what;
    } flags[] = {{EVENT_ARCH_DEFINED, HW_FACT(EVENT_CLASSES), "architecture defined"},
                 {EVENT_PRODUCT_DEFINED, HW_FACT(EVENT_CLASSES), "product defined"},
                 {EVENT_RECONSTRUCTED, HW_FACT(EVENT_DETAILS), "reconstructed"},
                 {EVENT_HIDDEN, HW_FACT(EVENT_DETAILS), "hidden"},
                 {EVENT_FLEXIBLE, HW_FACT(EVENT_DETAILS), "flexible"}};
    for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++)
        if (DW_HAS(c, flags[k].fact))
            dw_field(c, DIFF_EVENT, DIFF_CLASS_CHANGED, name, flags[k].what,
                     dw_yes_no(a->flags & flags[k].flag), dw_yes_no(b->flags & flags[k].flag));
}

/* What gatord and the registers say of a counter. */
static void event_details(ctx *c, const char *name, const hw_event *a, const hw_event *b)
{
    static const diff_class K = DIFF_CLASS_CHANGED;
    dw_field(c, DIFF_EVENT, K, name, "width", dw_text_int(c, a->width), dw_text_int(c, b->width));
    dw_field(c, DIFF_EVENT, K, name, "counter id", a->counter_id, b->counter_id);
    dw_field(c, DIFF_EVENT, K, name, "register", a->reg_name, b->reg_name);
    dw_field(c, DIFF_EVENT, K, name, "upper register", a->reg_upper, b->reg_upper);
    dw_field(c, DIFF_EVENT, K, name, "multiplier", dw_text_number(c, a->multiplier),
          dw_text_number(c, b->multiplier));
    dw_field(c, DIFF_EVENT, K, name, "advanced", dw_yes_no(a->advanced), dw_yes_no(b->advanced));
    dw_described(c, DIFF_EVENT, name, "Streamline title", a->st_title, b->st_title);
    dw_described(c, DIFF_EVENT, name, "Streamline name", a->st_name, b->st_name);
}

static void diff_event(ctx *c, const char *name, const void *pa, const void *pb)
{
    const hw_event *a = pa, *b = pb;
    diff_change *renamed = c->cross && DW_HAS(c, HW_FACT(HW_NAMES))
                               ? NULL /* known by their hardware names */
                               : dw_renamed(c, DIFF_EVENT, name, NULL, a->name, b->name);
    if (renamed)
        renamed->new_text = event_text(c, c->n, b);
    if (strcmp(a->name, b->name) != 0 && !renamed) /* values follow the event */
        rename_add(c, &c->events, a->name, b->name);
    if (DW_HAS(c, HW_FACT(EVENT_CODES)))
        dw_field(c, DIFF_EVENT, DIFF_CLASS_RECODED, name, "code", event_code(c, a),
                 event_code(c, b));
    if (DW_HAS(c, HW_FACT(PLACES)))
        dw_field(c, DIFF_EVENT, DIFF_CLASS_MOVED, name, "counter", event_place(c, c->o, a),
                 event_place(c, c->n, b));
    if (DW_HAS(c, HW_FACT(EVENT_DETAILS)))
        event_details(c, name, a, b);
    if (DW_HAS(c, HW_FACT(HW_NAMES)))
        dw_field(c, DIFF_EVENT, DIFF_CLASS_CHANGED, name, "hardware name", a->hw_name,
                 b->hw_name);
    event_flags(c, name, a, b);
    if (DW_HAS(c, HW_FACT(NOTES)))
        dw_described(c, DIFF_EVENT, name, "note", a->note, b->note);
}

static const item_kind event_kind = {DIFF_EVENT, ITEM(hw_event), .text = event_text,
                                     .units_off = offsetof(hw_event, units),
                                     .title_off = offsetof(hw_event, title),
                                     .desc_off = offsetof(hw_event, description),
                                     .compare = diff_event, .more_pairs = pair_renamed_events};

/* ---- metrics ----------------------------------------------------------------- */

static const char *formula_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_metric *m = item;
    (void)t;
    if (!m->expr)
        return NULL;
    hw_buf b;
    buf_init(&b);
    expr_print(&b, m->expr, EXPR_STYLE_INFIX, NULL, NULL);
    return arena_take(c->df->arena, &b);
}

/* A metric of NEW no OLD metric has the name of, with the same units and
 * a formula of the same value: OLD's metric i renamed. */
static int find_renamed(ctx *c, const pairing *p, int i)
{
    const hw_metric *a = &c->o->metrics[i];
    if (!a->expr)
        return -1;
    for (int j = 0; j < c->n->nmetrics; j++) {
        const hw_metric *b = &c->n->metrics[j];
        if (p->to_old[j] >= 0 || !b->expr ||
            !dw_same(dw_units(c, c->o, a->units), dw_units(c, c->n, b->units)) ||
            ir_find_metric(c->o, b->name) >= 0)
            continue;
        formula_cmp cmp;
        if (formula_compare_bound(c->df->arena, c->o, i, c->n, j, &c->events, c->bind,
                                  c->nbind, &cmp) != 0) {
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
    const char *names[USES_MAX]; /* what changed, each once */
    int n;
} uses_ctx;

static int note_changed_use(void *arg, hw_expr *ref)
{
    uses_ctx *u = arg;
    const hw_target *o = u->c->o, *n = u->c->n;
    int changed = 0;
    if (ref->ref == REF_METRIC)
        changed = u->c->metric_changed[ref->index];
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
static const char *changed_uses(ctx *c, const hw_metric *a)
{
    uses_ctx u = {c, {NULL}, 0};
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

static void diff_formula(ctx *c, int i, int j)
{
    const hw_metric *a = &c->o->metrics[i], *b = &c->n->metrics[j];
    const char *fa = formula_text(c, c->o, a), *fb = formula_text(c, c->n, b);
    if (!a->expr || !b->expr) {
        c->metric_changed[i] = a->expr || b->expr;
        dw_field(c, DIFF_METRIC, DIFF_CLASS_DIFFERENT, a->name, "formula", fa, fb);
        return;
    }
    formula_cmp cmp;
    if (formula_compare_bound(c->df->arena, c->o, i, c->n, j, &c->events, c->bind, c->nbind,
                              &cmp) != 0) {
        c->failed = 1;
        return;
    }
    c->metric_changed[i] = cmp.verdict != FORMULA_EQUIVALENT;
    int unchanged = dw_same(fa, fb);
    if (unchanged && cmp.verdict == FORMULA_EQUIVALENT)
        return;
    static const diff_class verdicts[] = {DIFF_CLASS_EQUIVALENT, DIFF_CLASS_SCALED,
                                          DIFF_CLASS_DIFFERENT};
    diff_change *ch = dw_change(c, DIFF_METRIC, verdicts[cmp.verdict], a->name);
    if (!ch)
        return;
    ch->field = "formula";
    ch->old_text = fa, ch->new_text = fb;
    ch->factor = cmp.factor;
    ch->witness = cmp.witness;
    if (cmp.same_tree)
        ch->note = "same tree";
    else if (unchanged)
        ch->note = changed_uses(c, a);
}

/* Renamed metrics first, then every formula kept under its name, in
 * evaluation order, so that what a metric uses is known first. */
static void pair_metrics(ctx *c, pairing *p, items ol, items nl)
{
    const hw_target *o = c->o, *n = c->n;
    (void)ol, (void)nl;
    c->metric_changed = arena_alloc(c->df->arena, (size_t)o->nmetrics + 1);
    if (!c->metric_changed) {
        c->failed = 1;
        return;
    }
    for (int i = 0; i < o->nmetrics && !c->failed; i++) {
        if (p->to_new[i] >= 0 || ir_find_metric(n, o->metrics[i].name) >= 0)
            continue;
        int j = find_renamed(c, p, i);
        if (j >= 0) {
            p->to_new[i] = j, p->to_old[j] = i;
            rename_add(c, &c->metrics, o->metrics[i].name, n->metrics[j].name);
        }
    }
    for (int k = 0; k < o->nmetrics && !c->failed; k++) {
        int i = o->metric_order[k];
        int j = p->to_new[i];
        if (j >= 0 && (dw_same(o->metrics[i].name, n->metrics[j].name) ||
                       (c->fold && strcasecmp(o->metrics[i].name, n->metrics[j].name) == 0)))
            diff_formula(c, i, j);
    }
}

static void diff_metric(ctx *c, const char *name, const void *pa, const void *pb)
{
    const hw_metric *a = pa, *b = pb;
    static const diff_class K = DIFF_CLASS_CHANGED;
    diff_change *renamed = dw_renamed(c, DIFF_METRIC, name, NULL, a->name, b->name);
    if (renamed) {
        renamed->field = "formula";
        renamed->old_text = formula_text(c, c->o, a);
        renamed->new_text = formula_text(c, c->n, b);
    }
    if (DW_HAS(c, HW_FACT(SAMPLE_EVENTS)))
        dw_list_change(c, DIFF_METRIC, K, name, "sample events", a->sample_events,
                       a->nsample_events, b->sample_events, b->nsample_events, &c->events);
    dw_field(c, DIFF_METRIC, K, name, "external", dw_yes_no(a->flags & METRIC_EXTERNAL),
          dw_yes_no(b->flags & METRIC_EXTERNAL));
    dw_field(c, DIFF_METRIC, K, name, "intermediate", dw_yes_no(a->flags & METRIC_INTERMEDIATE),
          dw_yes_no(b->flags & METRIC_INTERMEDIATE));
    dw_described(c, DIFF_METRIC, name, "number", a->number, b->number);
    dw_described(c, DIFF_METRIC, name, "source formula", a->source_formula, b->source_formula);
    if (DW_HAS(c, HW_FACT(NOTES)))
        dw_described(c, DIFF_METRIC, name, "note", a->note, b->note);
}

static const item_kind metric_kind = {DIFF_METRIC, ITEM(hw_metric), .what = "formula",
                                      .text = formula_text,
                                      .units_off = offsetof(hw_metric, units),
                                      .title_off = offsetof(hw_metric, title),
                                      .desc_off = offsetof(hw_metric, description),
                                      .compare = diff_metric, .more_pairs = pair_metrics};

/* ---- groups ------------------------------------------------------------------ */

static const char *group_name(ctx *c, const hw_group *g)
{
    return dw_fmt(c, "%s (%s)", g->name, g->kind == GROUP_EVENTS ? "events" : "metrics");
}

static const char *members_text(ctx *c, const hw_group *g)
{
    return dw_fmt(c, "%d member%s", g->nmembers, g->nmembers == 1 ? "" : "s");
}

/* Whether a group is compared: both formats carry its kind, and it is
 * not one the format's own tool adds. */
static int group_compared(const ctx *c, const load_facts *f, const hw_group *g)
{
    if (!DW_HAS(c, g->kind == GROUP_EVENTS ? HW_FACT(EVENT_GROUPS) : HW_FACT(METRIC_GROUPS)))
        return 0;
    for (const char *const *t = c->cross ? f->tool_groups : NULL; t && *t; t++)
        if (strcmp(*t, g->name) == 0)
            return 0;
    return 1;
}

/* Across formats a group name is compared without case and underscores:
 * perf spells Arm's Topdown_L1 as TopdownL1. */
static int same_group_name(const ctx *c, const char *a, const char *b)
{
    if (!c->cross)
        return strcmp(a, b) == 0;
    for (;; a++, b++) {
        while (*a == '_')
            a++;
        while (*b == '_')
            b++;
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
        if (!*a)
            return 1;
    }
}

static int find_group(const ctx *c, const hw_group *a)
{
    const hw_target *n = c->n;
    int j = ir_find_group(n, a->kind, a->name);
    for (int k = 0; j < 0 && c->cross && k < n->ngroups; k++)
        if (n->groups[k].kind == a->kind && group_compared(c, c->fn, &n->groups[k]) &&
            same_group_name(c, a->name, n->groups[k].name))
            j = k;
    return j;
}

/* Groups of events and groups of metrics may share a name: paired by both. */
static void diff_groups(ctx *c)
{
    const hw_target *o = c->o, *n = c->n;
    char *paired = arena_alloc(c->df->arena, (size_t)n->ngroups + 1);
    if (!paired) {
        c->failed = 1;
        return;
    }
    for (int i = 0; i < o->ngroups; i++) {
        const hw_group *a = &o->groups[i];
        if (!group_compared(c, c->fo, a))
            continue;
        int j = find_group(c, a);
        const char *name = group_name(c, a);
        if (j < 0) {
            dw_one_side(c, DIFF_GROUP, DIFF_CLASS_REMOVED, name, NULL, 1, members_text(c, a));
            continue;
        }
        const hw_group *b = &n->groups[j];
        paired[j] = 1;
        const diff_renames *r = a->kind == GROUP_EVENTS ? &c->events : &c->metrics;
        dw_list_change(c, DIFF_GROUP, DIFF_CLASS_MEMBERS, name, "members", a->members,
                    a->nmembers, b->members, b->nmembers, r);
        dw_described(c, DIFF_GROUP, name, "title", a->title, b->title);
        dw_described(c, DIFF_GROUP, name, "description", a->description, b->description);
        dw_described(c, DIFF_GROUP, name, "number", a->number, b->number);
    }
    for (int j = 0; j < n->ngroups; j++)
        if (!paired[j] && group_compared(c, c->fn, &n->groups[j]))
            dw_one_side(c, DIFF_GROUP, DIFF_CLASS_ADDED, group_name(c, &n->groups[j]), NULL, 0,
                     members_text(c, &n->groups[j]));
}

/* ---- all of it ------------------------------------------------------------------- */

/* The lists after the groups, each when both formats carry it. */
static void diff_rest(ctx *c)
{
    if (DW_HAS(c, HW_FACT(METHODOLOGIES)))
        diff_list(c, &methodology_kind, LISTS(c, methodologies));
    if (DW_HAS(c, HW_FACT(ENCODINGS))) {
        diff_list(c, &enum_kind, LISTS(c, enums));
        diff_rules(c);
        diff_list(c, &layout_kind, LISTS(c, layouts));
        diff_list(c, &register_kind, LISTS(c, registers));
        diff_list(c, &report_kind, LISTS(c, reports));
    }
    if (DW_HAS(c, HW_FACT(CONSTANTS)))
        diff_list(c, &constant_kind, LISTS(c, constants));
    if (DW_HAS(c, HW_FACT(INPUTS)))
        diff_list(c, &input_kind, LISTS(c, inputs));
    if (DW_HAS(c, HW_FACT(NOTES)))
        diff_notes(c);
}

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

/* Which facts are compared: every one between two files of a format, those
 * both carry across two formats. */
static void choose_facts(ctx *c)
{
    c->fo = load_facts_of(c->o->format);
    c->fn = load_facts_of(c->n->format);
    c->cross = !dw_same(c->o->format, c->n->format);
    c->fold = c->cross && (c->fo->fold_case || c->fn->fold_case);
    c->both = c->cross ? c->fo->facts & c->fn->facts : HW_FACTS_ALL;
    const char *so = c->fo->metric_names, *sn = c->fn->metric_names;
    if (c->cross && !(so && sn && strcmp(so, sn) == 0))
        c->both &= ~(HW_FACT(METRICS) | HW_FACT(METRIC_GROUPS) | HW_FACT(CONSTANTS));
    c->df->cross = c->cross;
    c->df->facts = c->both;
    if (c->cross)
        dw_bind_runtime(c);
}

/* The facts that make a list of events worth comparing. */
#define EVENT_FACTS                                                                            \
    (HW_FACT(EVENT_CODES) | HW_FACT(PLACES) | HW_FACT(HW_NAMES) | HW_FACT(EVENT_DETAILS) |     \
     HW_FACT(EVENT_CLASSES) | HW_FACT(UNITS))

static int diff_run(hw_diff *df, const hw_target *old_t, const hw_target *new_t, int sources)
{
    memset(df, 0, sizeof *df);
    df->sources = sources;
    df->old_format = old_t->format, df->new_format = new_t->format;
    df->arena = arena_create();
    if (!df->arena)
        return -1;
    df->old_spec = old_t->spec_path, df->new_spec = new_t->spec_path;
    df->old_id = old_t->id, df->new_id = new_t->id;
    df->old_name = old_t->name ? old_t->name : old_t->id;
    df->new_name = new_t->name ? new_t->name : new_t->id;
    ctx c = {.df = df, .o = old_t, .n = new_t};
    choose_facts(&c);
    diff_target(&c);
    if (DW_HAS(&c, HW_FACT(BLOCKS)))
        diff_list(&c, &block_kind, LISTS(&c, blocks));
    if (target_is_perf_tree(old_t) && target_is_perf_tree(new_t)) {
        diff_tree(&c); /* names repeat across PMUs: paired by both */
    } else {
        /* events first, metrics next: what follows reads through their
         * renames; events only when both formats say something of them
         * (Mesa's OA metric sets read counters but list none) */
        if (DW_HAS(&c, EVENT_FACTS))
            diff_list(&c, &event_kind, LISTS(&c, events));
        if (DW_HAS(&c, HW_FACT(METRICS)))
            diff_list(&c, &metric_kind, LISTS(&c, metrics));
    }
    diff_groups(&c);
    diff_rest(&c);
    diff_oa(&c);
    if (c.failed || arena_failed(df->arena))
        return -1;
    if (df->nchanges > 1)
        qsort(df->changes, (size_t)df->nchanges, sizeof *df->changes, by_place);
    return 0;
}

int diff_targets(hw_diff *df, const hw_target *old_t, const hw_target *new_t)
{
    return diff_run(df, old_t, new_t, 0);
}

int diff_sources(hw_diff *df, const hw_target *a, const hw_target *b)
{
    return diff_run(df, a, b, 1);
}
