/* plan_c_names.c - spelling and listing the names of the freestanding header.
 *
 * The listing walks the target in the order emit_c.c and emit_c_regs.c
 * define: the sections of one-line facts (identity, events, blocks,
 * counters, groups, reports, enums, support rules, layouts, registers),
 * then the helpers of templates/c_regs.h.mustache.
 */
#include "plan/plan_c_names.h"

#include <assert.h>
#include <string.h>

#include "core/names.h"

static const char *vmacro(hw_arena *a, const char *ID, const char *fmt,
                          va_list ap)
{
    const char *rest = arena_vprintf(a, fmt, ap);
    return rest ? name_c_printf(a, CASE_UPPER, "%s_%s", ID, rest) : NULL;
}

const char *c_checked(hw_arena *a, const char *name)
{
    assert(name || arena_failed(a));
    (void)a; /* read by the assertion only */
    return name ? name : "";
}

const char *c_checked_macro(hw_arena *a, const char *ID, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *s = vmacro(a, ID, fmt, ap);
    va_end(ap);
    return c_checked(a, s);
}

const char *c_metric_enum(hw_arena *a, const char *ID, const char *metric)
{
    return c_checked_macro(a, ID, "METRIC_%s", metric);
}

const char *c_metric_fn(hw_arena *a, const hw_target *t, const char *metric)
{
    const char *lower = name_c(a, metric, CASE_LOWER);
    return c_checked(a, lower ? arena_printf(a, "%s_%s", t->id, lower) : NULL);
}

const char *c_guard(hw_arena *a, const char *ID)
{
    return name_c_printf(a, CASE_UPPER, "HWCGEN_%s_H", ID);
}

const char *c_counter_stem(const hw_event *e)
{
    return e->hw_name ? e->hw_name : e->name;
}

int c_counter_multiplier(const hw_event *e)
{
    double m = e->multiplier;
    return m > 0 && m != 1 && m == (int)m ? (int)m : 0;
}

int c_has_midr(const hw_target *t)
{
    return t->kind && strcmp(t->kind, "cpu") == 0 && t->implementer;
}

int c_has_product_ids(const hw_target *t)
{
    return t->nproduct_ids > 0;
}

const char *c_rule_macro(hw_arena *a, const char *ID, const hw_target *t,
                         const hw_rule *r)
{
    const hw_enum *s = &t->enums[r->subject];
    const char *o = t->enums[r->object].name;
    const hw_enum_value *v = c_enum_value(s, r->value);
    if (v)
        return name_c_printf(a, CASE_UPPER, "%s_%s_%s_ALLOWS_%s", ID, s->name,
                             v->name, o);
    return name_c_printf(a, CASE_UPPER, "%s_%s_0X%X_ALLOWS_%s", ID, s->name,
                         (unsigned)r->value, o);
}

const char *c_split_name(hw_arena *a, const c_regs_plan *p, c_split s)
{
    int same = 0;
    for (int i = 0; i < p->nsplits; i++)
        same += p->splits[i].lo + p->splits[i].hi == s.lo + s.hi;
    const char *name =
        same > 1 ? arena_printf(a, "REPORT_U%d_%d", 8 * s.lo, 8 * s.hi)
                 : arena_printf(a, "REPORT_U%d", 8 * (s.lo + s.hi));
    return name ? name : ""; /* the arena remembers */
}

const char *c_by_macro(hw_arena *a, const char *ID, const hw_layout *l,
                       int subj, int obj)
{
    return name_c_printf(a, CASE_UPPER, "%s_%s_%s_BY_%s", ID, l->name,
                         l->fields[obj].name, l->fields[subj].name);
}

const char *c_supported_fn(hw_arena *a, const hw_target *t, const hw_layout *l)
{
    return name_c_printf(a, CASE_LOWER, "%s_%s_supported", t->id, l->name);
}

/* ---- the listing -------------------------------------------------------- */

typedef struct walk {
    const hw_target *t;
    const char *ID;
    hw_arena *a;
    c_regs_plan p;
    c_name_fn *fn;
    void *ctx;
    c_owner owner; /* what the names listed now are made for */
} walk;

static void owner(walk *w, const hw_loc *loc, const char *f, ...)
    __attribute__((format(printf, 3, 4)));

static void owner(walk *w, const hw_loc *loc, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    const char *what = arena_vprintf(w->a, f, ap);
    va_end(ap);
    w->owner = (c_owner){what ? what : "", loc};
}

static void list(walk *w, const char *name)
{
    w->fn(w->ctx, name, &w->owner);
}

/* List <ID>_ and fmt's expansion. */
static void name(walk *w, const char *f, ...)
    __attribute__((format(printf, 2, 3)));

static void name(walk *w, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    list(w, vmacro(w->a, w->ID, f, ap));
    va_end(ap);
}

/* ---- emit_c.c's sections ------------------------------------------------ */

static void identity_names(walk *w)
{
    const hw_target *t = w->t;
    owner(w, NULL, "the include guard");
    list(w, c_guard(w->a, w->ID));
    owner(w, NULL, "the target's identity");
    if (c_has_midr(t)) {
        name(w, "MIDR_VALUE");
        name(w, "MIDR_MASK");
        name(w, "IMPLEMENTER");
        name(w, "PART_NUM");
    }
    if (t->num_counters)
        name(w, "NUM_COUNTERS");
    if (t->num_slots)
        name(w, "NUM_SLOTS");
    if (c_has_product_ids(t)) {
        name(w, "NAME");
        if (t->architecture)
            name(w, "ARCHITECTURE");
        name(w, "ALIAS_COUNT");
        name(w, "ALIASES");
        name(w, "PRODUCT_ID_COUNT");
        name(w, "PRODUCT_IDS");
        name(w, "IS_PRODUCT_ID");
    }
}

static void event_names(walk *w)
{
    const hw_target *t = w->t;
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (!e->has_code)
            continue;
        owner(w, &e->loc, "event '%s'", e->name);
        name(w, "EVENT_%s", e->name);
    }
    for (int i = 0; i < t->nblocks; i++) {
        const hw_block *b = &t->blocks[i];
        owner(w, &b->loc, "block '%s'", b->name);
        name(w, "BLOCK_%s", b->name);
        if (b->size)
            name(w, "BLOCK_%s_SIZE", b->name);
        if (c_has_product_ids(t))
            name(w, "BLOCK_%s_BANK", b->name);
    }
}

static void counter_names(walk *w)
{
    const hw_target *t = w->t;
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (e->block < 0 || e->index < 0)
            continue;
        const char *stem = c_counter_stem(e);
        owner(w, &e->loc, "counter '%s'", e->name);
        name(w, "%s_BLOCK", stem);
        if (c_has_product_ids(t))
            name(w, "%s_BANK", stem);
        name(w, "%s_INDEX", stem);
        if (c_has_product_ids(t))
            name(w, "%s_SHIFT", stem);
        if (e->width)
            name(w, "%s_WIDTH", stem);
        if (c_counter_multiplier(e))
            name(w, "%s_MULTIPLIER", stem);
    }
    for (int i = 0; i < t->ngroups; i++) {
        const hw_group *g = &t->groups[i];
        if (g->kind != GROUP_EVENTS)
            continue;
        owner(w, &g->loc, "group '%s'", g->name);
        name(w, "GROUP_%s_COUNT", g->name);
        name(w, "GROUP_%s_EVENTS", g->name);
    }
}

/* ---- emit_c_regs.c's sections ------------------------------------------- */

static void report_names(walk *w, const hw_report *r)
{
    owner(w, &r->loc, "report '%s'", r->name);
    name(w, "REPORT_%s_SELECT", r->name);
    name(w, "REPORT_%s_SIZE", r->name);
    for (int k = 0; k < r->nfields; k++) {
        const hw_report_field *f = &r->fields[k];
        owner(w, &f->loc, "report '%s' field '%s'", r->name, f->name);
        name(w, "REPORT_%s_%s_OFFSET", r->name, f->name);
        name(w, "REPORT_%s_%s_SIZE", r->name, f->name);
        if (!c_is_array(f))
            continue;
        name(w, "REPORT_%s_%s_FIRST", r->name, f->name);
        name(w, "REPORT_%s_%s_COUNT", r->name, f->name);
    }
}

static void enum_names(walk *w, const hw_enum *e)
{
    for (int k = 0; k < e->nvalues; k++) {
        const hw_enum_value *v = &e->values[k];
        owner(w, &v->loc, "enum '%s' value '%s'", e->name, v->name);
        name(w, "%s_%s", e->name, v->name);
    }
    owner(w, &e->loc, "enum '%s'", e->name);
    name(w, "%s_WIDTH", e->name);
    if (!c_enum_maskable(e))
        return;
    name(w, "%s_VALUES", e->name);
    name(w, "%s_DOCUMENTED", e->name);
}

static void rule_names(walk *w)
{
    const hw_target *t = w->t;
    for (int i = 0; i < t->nrules; i++) {
        const hw_rule *r = &t->rules[i];
        const hw_enum *subj = &t->enums[r->subject];
        if (!c_enum_maskable(&t->enums[r->object]))
            continue;
        const hw_enum_value *v = c_enum_value(subj, r->value);
        owner(w, &r->loc, "the support rule %s=%s for %s", subj->name,
              v ? v->name : "?", t->enums[r->object].name);
        list(w, c_rule_macro(w->a, w->ID, t, r));
    }
}

/* SHIFT, WIDTH and MASK of each field of a layout or register `of`; a
 * layout adds GET, a register where a field programs a counter names the
 * counter's PROGRAM_ADDR and _SHIFT. */
static void field_names(walk *w, const char *kind, const char *of,
                        const hw_field *fields, int n)
{
    int layout = strcmp(kind, "layout") == 0;
    for (int k = 0; k < n; k++) {
        const hw_field *f = &fields[k];
        owner(w, &f->loc, "%s '%s' field '%s'", kind, of, f->name);
        name(w, "%s_%s_SHIFT", of, f->name);
        name(w, "%s_%s_WIDTH", of, f->name);
        name(w, "%s_%s_MASK", of, f->name);
        if (layout)
            name(w, "%s_%s_GET", of, f->name);
        if (layout || f->event < 0)
            continue;
        const hw_event *e = &w->t->events[f->event];
        owner(w, &f->loc, "counter '%s' (programmed by register '%s')", e->name,
              of);
        name(w, "%s_PROGRAM_ADDR", c_counter_stem(e));
        name(w, "%s_PROGRAM_SHIFT", c_counter_stem(e));
    }
}

static void layout_names(walk *w, const hw_layout *l)
{
    owner(w, &l->loc, "layout '%s'", l->name);
    name(w, "%s_WIDTH", l->name);
    field_names(w, "layout", l->name, l->fields, l->nfields);
}

static void register_names(walk *w, const hw_register *r)
{
    owner(w, &r->loc, "register '%s'", r->name);
    name(w, "%s_ADDR", r->name);
    name(w, "%s_WIDTH", r->name);
    field_names(w, "register", r->name, r->fields, r->nfields);
}

/* ---- templates/c_regs.h.mustache ---------------------------------------- */

static void read_names(walk *w)
{
    const hw_target *t = w->t;
    owner(w, NULL, "the report read helpers");
    for (int size = 1; w->p.reads && size <= C_MAX_READ; size *= 2)
        if (size == 1 || w->p.need[size])
            name(w, "REPORT_U%d", 8 * size);
    for (int i = 0; i < w->p.nsplits; i++)
        name(w, "%s", c_split_name(w->a, &w->p, w->p.splits[i]));
    for (int i = 0; i < t->nreports; i++) {
        const hw_report *r = &t->reports[i];
        for (int k = 0; k < r->nfields; k++) {
            const hw_report_field *f = &r->fields[k];
            owner(w, &f->loc, "report '%s' field '%s'", r->name, f->name);
            if (c_size_ok(f->size))
                name(w, "REPORT_%s_%s_READ", r->name, f->name);
        }
        owner(w, &r->loc, "report '%s'", r->name);
        for (int b = 0; b < t->nblocks; b++)
            if (c_reads_block(&w->p, t, r, b))
                name(w, "REPORT_%s_READ_%s", r->name, t->blocks[b].name);
    }
}

static void counter_macro_names(walk *w)
{
    const hw_target *t = w->t;
    owner(w, NULL, "the counter arithmetic");
    for (int width = 1; width <= 64; width++) {
        if (!w->p.widths[width])
            continue;
        name(w, "MASK%d", width);
        name(w, "DELTA%d", width);
    }
    for (int b = 0; b < t->nblocks; b++) {
        if (!c_block_counts(&w->p, b))
            continue;
        owner(w, &t->blocks[b].loc, "block '%s'", t->blocks[b].name);
        name(w, "BLOCK_%s_WIDTH", t->blocks[b].name);
        name(w, "BLOCK_%s_DELTA", t->blocks[b].name);
    }
}

/* <L>_PACK, then with a check: per field its _BY_ masks and _OK, then
 * _SUPPORTED and the function. */
static void layout_macro_names(walk *w, const hw_layout *l)
{
    owner(w, &l->loc, "layout '%s'", l->name);
    name(w, "%s_PACK", l->name);
    if (!c_layout_checkable(w->t, l))
        return;
    for (int k = 0; k < l->nfields; k++) {
        owner(w, &l->fields[k].loc, "layout '%s' field '%s'", l->name,
              l->fields[k].name);
        for (int s = 0; s < l->nfields; s++)
            if (c_layout_limits(w->t, l, s, k))
                list(w, c_by_macro(w->a, w->ID, l, s, k));
        name(w, "%s_%s_OK", l->name, l->fields[k].name);
    }
    owner(w, &l->loc, "layout '%s'", l->name);
    name(w, "%s_SUPPORTED", l->name);
    list(w, c_supported_fn(w->a, w->t, l));
}

static void macro_names(walk *w)
{
    const hw_target *t = w->t;
    read_names(w);
    counter_macro_names(w);
    for (int i = 0; i < t->nlayouts; i++)
        if (t->layouts[i].nfields)
            layout_macro_names(w, &t->layouts[i]);
    for (int i = 0; i < t->nregisters; i++) {
        const hw_register *r = &t->registers[i];
        owner(w, &r->loc, "register '%s'", r->name);
        if (r->nfields)
            name(w, "%s_PACK", r->name);
    }
}

int c_header_names(const hw_target *t, hw_arena *a, c_name_fn *fn, void *ctx)
{
    if (t->nevents == 0)
        return 0;
    assert(!target_is_perf_tree(t)); /* its tables: cpt_plan_names() */
    walk w = {.t = t, .a = a, .fn = fn, .ctx = ctx};
    w.ID = name_c(a, t->id, CASE_UPPER);
    if (!w.ID || c_plan_make(&w.p, t, a) != 0)
        return -1;
    identity_names(&w);
    event_names(&w);
    counter_names(&w);
    for (int i = 0; i < t->nreports; i++)
        report_names(&w, &t->reports[i]);
    for (int i = 0; i < t->nenums; i++)
        enum_names(&w, &t->enums[i]);
    rule_names(&w);
    for (int i = 0; i < t->nlayouts; i++)
        layout_names(&w, &t->layouts[i]);
    for (int i = 0; i < t->nregisters; i++)
        register_names(&w, &t->registers[i]);
    macro_names(&w);
    return arena_failed(a) ? -1 : 0;
}

typedef struct list_make {
    c_name_list *l;
    hw_arena *a;
} list_make;

static void keep(void *ctx, const char *name, const c_owner *owner)
{
    list_make *m = ctx;
    c_named *slot = ARENA_PUSH(m->a, m->l->names, m->l->n, m->l->cap);
    if (slot)
        *slot = (c_named){name, *owner};
}

int c_name_list_make(c_name_list *l, const hw_target *t, hw_arena *a)
{
    *l = (c_name_list){NULL, 0, 0, 1};
    list_make m = {l, a};
    return c_header_names(t, a, keep, &m) != 0 || arena_failed(a) ? -1 : 0;
}

void c_name_list_each(const c_name_list *l, c_name_fn *fn, void *ctx)
{
    for (int i = 0; i < l->n; i++)
        fn(ctx, l->names[i].name, &l->names[i].owner);
}
