/* diff_sections.c - comparing methodologies, encodings and support rules,
 * registers and field layouts, report layouts, model constants and inputs,
 * and notes (diff_sections.h). */
#include "diff/diff_sections.h"

#include <string.h>

#include "core/expr.h"

/* ---- methodologies ----------------------------------------------------------- */

static const char *stage_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_stage *s = item;
    (void)t;
    hw_buf b;
    buf_init(&b);
    buf_puts(&b, "groups");
    for (int i = 0; i < s->ngroups; i++)
        buf_printf(&b, " %s", s->groups[i]);
    return arena_take(c->df->arena, &b);
}

static void diff_stage(ctx *c, const char *name, const void *pa, const void *pb)
{
    const hw_stage *a = pa, *b = pb;
    dw_list_change(c, DIFF_METHODOLOGY, DIFF_CLASS_TREE, name, "groups", a->groups, a->ngroups,
                b->groups, b->ngroups, NULL);
}

static const item_kind stage_kind = {DIFF_METHODOLOGY, ITEM(hw_stage), .text = stage_text,
                                     .cls = DIFF_CLASS_TREE, .compare = diff_stage};

static const char *node_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_tree_node *nd = item;
    (void)t;
    hw_buf b;
    buf_init(&b);
    buf_printf(&b, "group %s, next", nd->group ? nd->group : "none");
    for (int i = 0; i < nd->nnext; i++)
        buf_printf(&b, " %s", nd->next[i]);
    return arena_take(c->df->arena, &b);
}

static void diff_node(ctx *c, const char *name, const void *pa, const void *pb)
{
    const hw_tree_node *x = pa, *y = pb;
    static const diff_class T = DIFF_CLASS_TREE;
    dw_field(c, DIFF_METHODOLOGY, T, name, "group", x->group, y->group);
    dw_list_change(c, DIFF_METHODOLOGY, T, name, "next", x->next, x->nnext, y->next, y->nnext,
                &c->metrics);
    dw_list_change(c, DIFF_METHODOLOGY, T, name, "sample events", x->sample_events,
                x->nsample_events, y->sample_events, y->nsample_events, &c->events);
}

/* A node of a renamed metric is the same node. */
static void pair_renamed_nodes(ctx *c, pairing *p, items o, items n)
{
    const hw_tree_node *a = o.v, *b = n.v;
    for (int j = 0; j < n.n; j++) {
        const char *was = renames_old_name(&c->metrics, b[j].name);
        for (int i = 0; i < o.n && p->to_old[j] < 0 && was != b[j].name; i++)
            if (p->to_new[i] < 0 && strcmp(a[i].name, was) == 0)
                p->to_new[i] = j, p->to_old[j] = i;
    }
}

static const item_kind node_kind = {DIFF_METHODOLOGY, ITEM(hw_tree_node), .text = node_text,
                                    .cls = DIFF_CLASS_TREE, .compare = diff_node,
                                    .more_pairs = pair_renamed_nodes};

static const char *methodology_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_methodology *m = item;
    (void)t;
    return dw_fmt(c, "%d stage%s, %d node%s", m->nstages, m->nstages == 1 ? "" : "s", m->nnodes,
               m->nnodes == 1 ? "" : "s");
}

static void diff_methodology(ctx *c, const char *name, const void *pa, const void *pb)
{
    const hw_methodology *a = pa, *b = pb;
    static const diff_class T = DIFF_CLASS_TREE;
    diff_items(c, &stage_kind, (items){a->stages, a->nstages}, (items){b->stages, b->nstages},
               name, T);
    dw_list_change(c, DIFF_METHODOLOGY, T, name, "roots", a->roots, a->nroots, b->roots,
                b->nroots, &c->metrics);
    diff_items(c, &node_kind, (items){a->nodes, a->nnodes}, (items){b->nodes, b->nnodes}, name,
               T);
}

const item_kind methodology_kind = {DIFF_METHODOLOGY, ITEM(hw_methodology),
                                    .text = methodology_text,
                                    .title_off = offsetof(hw_methodology, title),
                                    .desc_off = offsetof(hw_methodology, description),
                                    .compare = diff_methodology};

/* ---- encodings and support rules --------------------------------------------- */

/* An enum value as the spec would write it: 0b0010 for a 4-bit enum. */
static const char *enum_code(ctx *c, const hw_enum *e, uint32_t v)
{
    if (e->width < 1 || e->width > 16)
        return dw_text_hex(c, v);
    char bits[20];
    for (int i = 0; i < e->width; i++)
        bits[i] = (char)('0' + ((v >> (e->width - 1 - i)) & 1));
    bits[e->width] = '\0';
    return dw_fmt(c, "0b%s", bits);
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

/* The value's code, in the enum being compared (c->enums). */
static const char *value_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_enum_value *v = item;
    return enum_code(c, c->enums[t == c->n], v->value);
}

static void diff_enum_value(ctx *c, const char *name, const void *pa, const void *pb)
{
    const hw_enum_value *a = pa, *b = pb;
    static const diff_class E = DIFF_CLASS_ENCODING;
    diff_change *renamed = dw_renamed(c, DIFF_ENUM, name, c->enums[1]->name, a->name, b->name);
    if (renamed)
        renamed->new_text = value_text(c, c->n, b);
    dw_field(c, DIFF_ENUM, E, name, "value", value_text(c, c->o, a), value_text(c, c->n, b));
    dw_field(c, DIFF_ENUM, E, name, "undocumented", dw_yes_no(a->undocumented),
          dw_yes_no(b->undocumented));
}

/* A value of the same code under a name the other version does not have:
 * renamed. */
static void pair_renamed_values(ctx *c, pairing *p, items o, items n)
{
    const hw_enum_value *a = o.v, *b = n.v;
    for (int i = 0; i < o.n; i++) {
        const hw_enum_value *y = enum_by_value(c->enums[1], a[i].value);
        int j = y ? (int)(y - b) : -1;
        /* paired by name already, or either name in both versions */
        if (p->to_new[i] >= 0 || j < 0 || p->to_old[j] >= 0 ||
            enum_by_name(c->enums[1], a[i].name) || enum_by_name(c->enums[0], y->name))
            continue;
        p->to_new[i] = j, p->to_old[j] = i;
    }
}

static const item_kind value_kind = {DIFF_ENUM, ITEM(hw_enum_value), .text = value_text,
                                     .cls = DIFF_CLASS_ENCODING,
                                     .title_off = offsetof(hw_enum_value, title),
                                     .desc_off = offsetof(hw_enum_value, description),
                                     .compare = diff_enum_value,
                                     .more_pairs = pair_renamed_values};

static const char *enum_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_enum *e = item;
    (void)t;
    return dw_fmt(c, "%d bits, %d values", e->width, e->nvalues);
}

static void diff_enum(ctx *c, const char *name, const void *pa, const void *pb)
{
    const hw_enum *a = pa, *b = pb;
    dw_field(c, DIFF_ENUM, DIFF_CLASS_ENCODING, name, "width", dw_text_int(c, a->width),
          dw_text_int(c, b->width));
    c->enums[0] = a, c->enums[1] = b;
    diff_items(c, &value_kind, (items){a->values, a->nvalues}, (items){b->values, b->nvalues},
               name, DIFF_CLASS_ENCODING);
}

const item_kind enum_kind = {DIFF_ENUM, ITEM(hw_enum), .text = enum_text,
                             .title_off = offsetof(hw_enum, title), .compare = diff_enum};

/* "EU_FINE_FILTER if EU_INCREMENT=SEND_ACTIVE" */
static const char *rule_name(ctx *c, const hw_target *t, const hw_rule *r)
{
    const hw_enum *s = &t->enums[r->subject];
    const hw_enum_value *v = enum_by_value(s, r->value);
    return dw_fmt(c, "%s if %s=%s", t->enums[r->object].name, s->name,
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

/* A rule is known by its enums and the subject's value, not by names. */
static const hw_rule *find_rule(const hw_target *t, const hw_target *in, const hw_rule *r)
{
    for (int i = 0; i < in->nrules; i++) {
        const hw_rule *x = &in->rules[i];
        if (x->value == r->value &&
            strcmp(t->enums[r->subject].name, in->enums[x->subject].name) == 0 &&
            strcmp(t->enums[r->object].name, in->enums[x->object].name) == 0)
            return x;
    }
    return NULL;
}

void diff_rules(ctx *c)
{
    for (int i = 0; i < c->o->nrules; i++) {
        const hw_rule *a = &c->o->rules[i], *b = find_rule(c->o, c->n, a);
        const char *name = rule_name(c, c->o, a);
        if (!b) {
            dw_one_side(c, DIFF_RULE, DIFF_CLASS_REMOVED, name, "allowed", 1,
                     allowed_text(c, c->o, a));
            continue;
        }
        dw_field(c, DIFF_RULE, DIFF_CLASS_RULE, name, "allowed", allowed_text(c, c->o, a),
              allowed_text(c, c->n, b));
        dw_described(c, DIFF_RULE, name, "text", a->text, b->text);
    }
    for (int j = 0; j < c->n->nrules; j++) {
        const hw_rule *b = &c->n->rules[j];
        if (!find_rule(c->n, c->o, b))
            dw_one_side(c, DIFF_RULE, DIFF_CLASS_ADDED, rule_name(c, c->n, b), "allowed", 0,
                     allowed_text(c, c->n, b));
    }
}

/* ---- registers and field layouts --------------------------------------------- */

static const char *bit_field_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_field *f = item;
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

static const item_kind bit_field_kind = {DIFF_REGISTER, ITEM(hw_field), .text = bit_field_text,
                                         SUMMARY(DIFF_CLASS_ENCODING, NULL),
                                         .desc_off = offsetof(hw_field, description)};

static const char *register_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_register *r = item;
    (void)t;
    return dw_fmt(c, "address 0x%llX, %d bits", (unsigned long long)r->address, r->width);
}

const item_kind register_kind = {DIFF_REGISTER, ITEM(hw_register), .text = register_text,
                                 SUMMARY(DIFF_CLASS_ENCODING, NULL),
                                 .desc_off = offsetof(hw_register, description),
                                 PARTS(hw_register, bit_field_kind, fields)};

static const char *layout_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_layout *l = item;
    (void)t;
    return dw_fmt(c, "field layout, %d bits", l->width);
}

const item_kind layout_kind = {DIFF_REGISTER, ITEM(hw_layout), .text = layout_text,
                               SUMMARY(DIFF_CLASS_ENCODING, NULL),
                               .desc_off = offsetof(hw_layout, description),
                               PARTS(hw_layout, bit_field_kind, fields)};

/* ---- report layouts ----------------------------------------------------------- */

static const char *report_field_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_report_field *f = item;
    (void)t;
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

static const item_kind report_field_kind = {DIFF_REPORT, ITEM(hw_report_field),
                                            .text = report_field_text,
                                            SUMMARY(DIFF_CLASS_LAYOUT, NULL),
                                            .desc_off = offsetof(hw_report_field, description)};

static const char *report_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_report *r = item;
    (void)t;
    return dw_fmt(c, "select %d, %d bytes", r->select, r->size);
}

const item_kind report_kind = {DIFF_REPORT, ITEM(hw_report), .text = report_text,
                               SUMMARY(DIFF_CLASS_LAYOUT, NULL),
                               .desc_off = offsetof(hw_report, description),
                               PARTS(hw_report, report_field_kind, fields)};

/* ---- model constants and inputs ------------------------------------------------ */

static const char *constant_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_constant *k = item;
    (void)t;
    return k->has_value ? dw_text_number(c, k->value) : "set at run time";
}

const item_kind constant_kind = {DIFF_CONSTANT, ITEM(hw_constant), .what = "value",
                                 .text = constant_text,
                                 SUMMARY(DIFF_CLASS_VALUE, "value"),
                                 .units_off = offsetof(hw_constant, units),
                                 .title_off = offsetof(hw_constant, title),
                                 .desc_off = offsetof(hw_constant, description)};

/* ">= 1, <= 256, whole, multiple of gs" */
static const char *range_text(ctx *c, const hw_target *t, const void *item)
{
    const hw_input *in = item;
    (void)t;
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

const item_kind input_kind = {DIFF_INPUT, ITEM(hw_input), .what = "range",
                              .text = range_text, SUMMARY(DIFF_CLASS_RANGE, "range"),
                              .units_off = offsetof(hw_input, units),
                              .title_off = offsetof(hw_input, title),
                              .desc_off = offsetof(hw_input, description)};

/* ---- notes ------------------------------------------------------------------------ */

static const char *note_name(ctx *c, const hw_note *nt)
{
    return dw_fmt(c, "%s %s", nt->kind ? nt->kind : "note", nt->subject ? nt->subject : "");
}

/* Notes are prose: every change to one is a change of description. The
 * k-th note of a kind and subject in OLD is paired with the k-th in NEW. */
void diff_notes(ctx *c)
{
    const hw_target *o = c->o, *n = c->n;
    static const diff_class D = DIFF_CLASS_DESCRIBED;
    char *taken = arena_alloc(c->df->arena, (size_t)n->nnotes + 1);
    if (!taken) {
        c->failed = 1;
        return;
    }
    for (int i = 0; i < o->nnotes; i++) {
        const hw_note *a = &o->notes[i];
        const hw_note *b = NULL;
        for (int j = 0; j < n->nnotes && !b; j++)
            if (!taken[j] && dw_same(a->kind, n->notes[j].kind) &&
                dw_same(a->subject, n->notes[j].subject))
                taken[j] = 1, b = &n->notes[j];
        if (b)
            dw_described(c, DIFF_NOTE, note_name(c, a), "text", a->text, b->text);
        else
            dw_one_side(c, DIFF_NOTE, D, note_name(c, a), dw_side_word(c, 1), 1, a->text);
    }
    for (int j = 0; j < n->nnotes; j++)
        if (!taken[j])
            dw_one_side(c, DIFF_NOTE, D, note_name(c, &n->notes[j]), dw_side_word(c, 0), 0,
                        n->notes[j].text);
}
