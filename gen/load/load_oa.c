/* load_oa.c - load an <oa-counters> spec (spec/schema/oa-counters.rng).
 *
 * The schema has already checked the shape; here every element becomes IR
 * and the local facts are checked, each error naming file:line and the
 * thing at fault: counter widths and indices, enum values that do not fit
 * or repeat, support rules naming unknown codes, report fields outside the
 * report or overlapping where the spec does not say they do, register and
 * layout fields that overlap or run past the width.
 * Element kinds are loaded in document order (blocks, reports, enums,
 * support rules, layouts, registers), so every name a later element uses
 * is already known.
 */
#include "load/load.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/number.h"
#include "load/load_xml.h"

typedef struct oa_loader {
    hw_target *t;
    hw_diag *d;
    const char *file;
    int oom;
    int attr_said; /* num_attr reported a malformed number (num_attr) */
} oa_loader;

enum { ENUM_MAX_WIDTH = 5 }; /* a set of codes must fit a 32-bit mask */

/* ---- small helpers ------------------------------------------------------ */

static hw_loc loc_of(const oa_loader *ld, const xmlNode *n)
{
    return xmlu_loc(ld->file, n);
}

/* Integer attribute, or `dflt` when absent or malformed (already reported:
 * then ld->attr_said is set, so the checks of the element that read it
 * can stay silent instead of adding knock-on errors about `dflt`). */
static uint64_t num_attr(oa_loader *ld, const xmlNode *n, const char *name,
                         uint64_t max, uint64_t dflt)
{
    uint64_t v = dflt;
    int rc = xmlu_attr_uint(ld->file, n, name, max, &v, ld->d);
    if (rc < 0)
        ld->attr_said = 1;
    return rc == 0 ? v : dflt;
}

static const char *attr(oa_loader *ld, const xmlNode *n, const char *name)
{
    return xmlu_attr(ld->t->arena, n, name);
}

static const char *text(oa_loader *ld, const xmlNode *n)
{
    const char *s = xmlu_text(ld->t->arena, n);
    return s && *s ? s : NULL;
}

static const char *description(oa_loader *ld, const xmlNode *n)
{
    const xmlNode *desc = xmlu_first(n, "description");
    return desc ? text(ld, desc) : NULL;
}

static int count_children(const xmlNode *parent, const char *name)
{
    int n = 0;
    XMLU_EACH(c, parent, name)
    {
        n++;
    }
    return n;
}

/* A zeroed arena array of `n` items, or NULL after noting out of memory. */
static void *alloc_items(oa_loader *ld, int n, size_t size)
{
    void *p = arena_alloc(ld->t->arena, (size_t)(n > 0 ? n : 1) * size);
    if (!p)
        ld->oom = 1;
    return p;
}

static void *pushed(oa_loader *ld, void *item)
{
    if (!item)
        ld->oom = 1;
    return item;
}

/* "spec.xml:17" for "first at" remarks. */
static const char *where(oa_loader *ld, const hw_loc *loc)
{
    const char *s = arena_printf(ld->t->arena, "%s:%d", loc->file, loc->line);
    return s ? s : "?";
}

/* Index of the value of `e` written as `tok` (number or value name), -1. */
static int enum_value_index(const hw_enum *e, const char *tok)
{
    uint64_t code = 0;
    int numeric = isdigit((unsigned char)tok[0]) != 0;
    if (numeric && number_parse_uint(tok, UINT32_MAX, &code) != 0)
        return -1;
    for (int i = 0; i < e->nvalues; i++) {
        const hw_enum_value *v = &e->values[i];
        if (numeric ? v->value == code : strcmp(v->name, tok) == 0)
            return i;
    }
    return -1;
}

/* ---- counter blocks ----------------------------------------------------- */

/* OA counters are 32 bits, or 40 bits split in reports into a low dword
 * and a high byte; no other width has a place in a report. */
static int oa_width_ok(int width)
{
    return width == 32 || width == 40;
}

static void check_counter(oa_loader *ld, const hw_event *e, const hw_block *b,
                          int block)
{
    const hw_target *t = ld->t;
    if (!oa_width_ok(e->width))
        diag_error(ld->d, &e->loc,
                   "counter '%s': width %d is not 32 or 40 bits", e->name,
                   e->width);
    if (e->index >= b->size)
        diag_error(ld->d, &e->loc,
                   "counter '%s': index %d is outside block %s (%d counters)",
                   e->name, e->index, b->name, b->size);
    if (e->reg_upper && e->width <= 32)
        diag_error(ld->d, &e->loc,
                   "counter '%s': upper-register %s given for a %d-bit counter",
                   e->name, e->reg_upper, e->width);
    for (int i = 0; i < t->nevents - 1; i++) {
        const hw_event *o = &t->events[i];
        if (strcmp(o->name, e->name) == 0)
            diag_error(ld->d, &e->loc,
                       "counter '%s': duplicate name (first at %s)", e->name,
                       where(ld, &o->loc));
        else if (o->block == block && o->index == e->index)
            diag_error(ld->d, &e->loc,
                       "counter '%s': index %d already used by '%s' (at %s)",
                       e->name, e->index, o->name, where(ld, &o->loc));
    }
}

static void load_counter(oa_loader *ld, const xmlNode *n, int block)
{
    hw_target *t = ld->t;
    hw_event *e = pushed(ld, IR_PUSH(t, events));
    if (!e)
        return;
    e->loc = loc_of(ld, n);
    e->name = attr(ld, n, "name");
    e->title = attr(ld, n, "title");
    e->description = text(ld, n);
    e->units = attr(ld, n, "units");
    e->block = block;
    ld->attr_said = 0;
    e->index = (int)num_attr(ld, n, "index", 0xFFFF, 0);
    e->width = (int)num_attr(ld, n, "width", 0xFFFF, 0);
    e->reg_name = attr(ld, n, "register");
    e->reg_upper = attr(ld, n, "upper-register");
    const char *kind = attr(ld, n, "kind");
    if (kind && strcmp(kind, "flexible") == 0)
        e->flags |= EVENT_FLEXIBLE;
    if (!ld->attr_said) /* one error for a malformed number, not its knock-ons */
        check_counter(ld, e, &t->blocks[block], block);
}

static void load_block(oa_loader *ld, const xmlNode *n)
{
    hw_target *t = ld->t;
    hw_loc loc = loc_of(ld, n);
    const char *name = attr(ld, n, "name");
    int old = ir_find_block(t, name);
    if (old >= 0)
        diag_error(ld->d, &loc, "block '%s': duplicate name (first at %s)",
                   name, where(ld, &t->blocks[old].loc));
    hw_block *b = pushed(ld, IR_PUSH(t, blocks));
    if (!b)
        return;
    b->loc = loc;
    b->name = name;
    b->title = attr(ld, n, "title");
    b->id = (int)num_attr(ld, n, "id", 0xFFFF, 0);
    b->size = (int)num_attr(ld, n, "size", 0xFFFF, 0);
    int block = t->nblocks - 1;
    XMLU_EACH(c, n, "counter")
    {
        load_counter(ld, c, block);
    }
}

/* ---- report formats ----------------------------------------------------- */

static int element_size_ok(int size)
{
    return size == 1 || size == 2 || size == 4 || size == 8;
}

/* Whether one of two fields names the other in overlaps="...". */
static int overlap_declared(const hw_report_field *a, const hw_report_field *b)
{
    return (a->overlaps && strcmp(a->overlaps, b->name) == 0) ||
           (b->overlaps && strcmp(b->overlaps, a->name) == 0);
}

static int fields_share_bytes(const hw_report_field *a,
                              const hw_report_field *b)
{
    long aend = (long)a->offset + (long)a->size * a->count;
    long bend = (long)b->offset + (long)b->size * b->count;
    return a->offset < bend && b->offset < aend;
}

/* overlaps="NAME" must name another field of the report that the field
 * does share bytes with: a stale declaration would let a real mistake
 * through later. Run once every field is loaded (NAME may come later). */
static void check_overlaps(oa_loader *ld, const hw_report *r)
{
    for (int k = 0; k < r->nfields; k++) {
        const hw_report_field *f = &r->fields[k];
        if (!f->overlaps)
            continue;
        int o = -1;
        for (int i = 0; i < r->nfields && o < 0; i++)
            if (i != k && strcmp(r->fields[i].name, f->overlaps) == 0)
                o = i;
        if (o < 0)
            diag_error(ld->d, &f->loc,
                       "report %s field '%s': overlaps=\"%s\" names no "
                       "other field of the report",
                       r->name, f->name, f->overlaps);
        else if (!fields_share_bytes(f, &r->fields[o]))
            diag_error(ld->d, &f->loc,
                       "report %s field '%s': declared to overlap '%s', but "
                       "they share no byte",
                       r->name, f->name, f->overlaps);
    }
}

static void check_report_field(oa_loader *ld, const hw_report *r, int k)
{
    const hw_report_field *f = &r->fields[k];
    long end = (long)f->offset + (long)f->size * f->count;
    if (!element_size_ok(f->size))
        diag_error(ld->d, &f->loc,
                   "report %s field '%s': element size %d is "
                   "not 1, 2, 4 or 8 bytes",
                   r->name, f->name, f->size);
    if (f->count < 1 || end > r->size)
        diag_error(ld->d, &f->loc,
                   "report %s field '%s': bytes %d..%ld are "
                   "outside the %d-byte report",
                   r->name, f->name, f->offset, end - 1, r->size);
    if (f->block) {
        int b = ir_find_block(ld->t, f->block);
        if (b < 0)
            diag_error(ld->d, &f->loc,
                       "report %s field '%s': unknown block '%s'", r->name,
                       f->name, f->block);
        else if (f->first + f->count > ld->t->blocks[b].size)
            diag_error(ld->d, &f->loc,
                       "report %s field '%s': counters %s%d.."
                       "%s%d are outside block %s",
                       r->name, f->name, f->block, f->first, f->block,
                       f->first + f->count - 1, f->block);
    }
    for (int i = 0; i < k; i++) {
        const hw_report_field *o = &r->fields[i];
        if (fields_share_bytes(f, o) && !overlap_declared(f, o))
            diag_error(ld->d, &f->loc,
                       "report %s field '%s': overlaps field '%s' (at %s)",
                       r->name, f->name, o->name, where(ld, &o->loc));
        if (strcmp(f->name, o->name) == 0)
            diag_error(ld->d, &f->loc, "report %s field '%s': duplicate name",
                       r->name, f->name);
    }
}

static void load_report_field(oa_loader *ld, hw_report *r, const xmlNode *n)
{
    hw_report_field *f = &r->fields[r->nfields++];
    f->loc = loc_of(ld, n);
    f->name = attr(ld, n, "name");
    f->description = text(ld, n);
    f->offset = (int)num_attr(ld, n, "offset", 0xFFFF, 0);
    f->size = (int)num_attr(ld, n, "size", 0xFFFF, 0);
    f->count = (int)num_attr(ld, n, "count", 0xFFFF, 1);
    f->first = (int)num_attr(ld, n, "first", 0xFFFF, 0);
    f->block = attr(ld, n, "block");
    f->high_bits = xmlu_attr_bool(n, "high-bits", 0);
    f->overlaps = attr(ld, n, "overlaps");
    check_report_field(ld, r, r->nfields - 1);
}

static void check_report(oa_loader *ld, const hw_report *r)
{
    for (int i = 0; i < ld->t->nreports - 1; i++) {
        const hw_report *o = &ld->t->reports[i];
        if (strcmp(o->name, r->name) == 0)
            diag_error(ld->d, &r->loc,
                       "report '%s': duplicate name (first at %s)", r->name,
                       where(ld, &o->loc));
        else if (o->select == r->select)
            diag_error(ld->d, &r->loc,
                       "report '%s': select %d already used by '%s' (at %s)",
                       r->name, r->select, o->name, where(ld, &o->loc));
    }
}

static void load_report(oa_loader *ld, const xmlNode *n)
{
    hw_report *r = pushed(ld, IR_PUSH(ld->t, reports));
    if (!r)
        return;
    r->loc = loc_of(ld, n);
    r->name = attr(ld, n, "name");
    r->description = description(ld, n);
    r->select = (int)num_attr(ld, n, "select", 0xFFFF, 0);
    r->size = (int)num_attr(ld, n, "size", 0xFFFF, 0);
    check_report(ld, r);
    r->fields = alloc_items(ld, count_children(n, "field"), sizeof *r->fields);
    if (!r->fields)
        return;
    XMLU_EACH(c, n, "field")
    {
        load_report_field(ld, r, c);
    }
    check_overlaps(ld, r);
}

/* ---- enums -------------------------------------------------------------- */

static void check_enum_value(oa_loader *ld, const hw_enum *e, int k)
{
    const hw_enum_value *v = &e->values[k];
    if (e->width >= 1 && e->width <= ENUM_MAX_WIDTH && v->value >> e->width)
        diag_error(ld->d, &v->loc,
                   "enum %s value '%s': 0x%X does not fit %d bits", e->name,
                   v->name, (unsigned)v->value, e->width);
    for (int i = 0; i < k; i++) {
        const hw_enum_value *o = &e->values[i];
        if (strcmp(o->name, v->name) == 0)
            diag_error(ld->d, &v->loc,
                       "enum %s value '%s': duplicate name (first at %s)",
                       e->name, v->name, where(ld, &o->loc));
        else if (o->value == v->value)
            diag_error(ld->d, &v->loc,
                       "enum %s value '%s': duplicate value 0x%X "
                       "(first used by '%s' at %s)",
                       e->name, v->name, (unsigned)v->value, o->name,
                       where(ld, &o->loc));
    }
}

static void load_enum_value(oa_loader *ld, hw_enum *e, const xmlNode *n)
{
    hw_enum_value *v = &e->values[e->nvalues++];
    v->loc = loc_of(ld, n);
    v->name = attr(ld, n, "name");
    v->title = attr(ld, n, "title");
    v->description = text(ld, n);
    v->value = (uint32_t)num_attr(ld, n, "value", UINT32_MAX, 0);
    v->undocumented = xmlu_attr_bool(n, "undocumented", 0);
    check_enum_value(ld, e, e->nvalues - 1);
}

static void load_enum(oa_loader *ld, const xmlNode *n)
{
    hw_target *t = ld->t;
    hw_loc loc = loc_of(ld, n);
    const char *name = attr(ld, n, "name");
    int old = ir_find_enum(t, name);
    if (old >= 0)
        diag_error(ld->d, &loc, "enum '%s': duplicate name (first at %s)", name,
                   where(ld, &t->enums[old].loc));
    hw_enum *e = pushed(ld, IR_PUSH(t, enums));
    if (!e)
        return;
    e->loc = loc;
    e->name = name;
    e->title = attr(ld, n, "title");
    ld->attr_said = 0;
    e->width = (int)num_attr(ld, n, "width", 0xFFFF, 0);
    if (!ld->attr_said && (e->width < 1 || e->width > ENUM_MAX_WIDTH))
        diag_error(ld->d, &loc, "enum '%s': width %d is not 1..%d bits", name,
                   e->width, ENUM_MAX_WIDTH);
    e->values = alloc_items(ld, count_children(n, "value"), sizeof *e->values);
    if (!e->values)
        return;
    XMLU_EACH(c, n, "value")
    {
        load_enum_value(ld, e, c);
    }
}

/* ---- support rules ------------------------------------------------------ */

/* The enum named by attribute `name` of n, or -1 after reporting. */
static int enum_attr(oa_loader *ld, const xmlNode *n, const char *what,
                     const char *name)
{
    const char *ename = attr(ld, n, name);
    int e = ename ? ir_find_enum(ld->t, ename) : -1;
    if (e < 0) {
        hw_loc loc = loc_of(ld, n);
        diag_error(ld->d, &loc, "%s: unknown enum '%s'", what,
                   ename ? ename : "");
    }
    return e;
}

/* Mask of the codes listed in `values` (space separated), 0 on error. */
static uint32_t allowed_mask(oa_loader *ld, const xmlNode *n, const char *what,
                             const hw_enum *e, const char *values)
{
    hw_loc loc = loc_of(ld, n);
    uint32_t mask = 0;
    int bad = 0;
    char *copy = arena_strdup(ld->t->arena, values ? values : "");
    char *save = NULL;
    for (char *tok = copy ? strtok_r(copy, " \t\r\n", &save) : NULL; tok;
         tok = strtok_r(NULL, " \t\r\n", &save)) {
        int v = enum_value_index(e, tok);
        if (v >= 0 && e->values[v].value >= 32)
            bad = 1; /* reported with the value itself */
        else if (v < 0) {
            diag_error(ld->d, &loc, "%s: enum %s has no value '%s'", what,
                       e->name, tok);
            bad = 1;
        } else if (mask & (1u << e->values[v].value)) {
            diag_error(ld->d, &loc, "%s: value '%s' of enum %s listed twice",
                       what, tok, e->name);
            bad = 1;
        } else {
            mask |= 1u << e->values[v].value;
        }
    }
    return bad ? 0 : mask;
}

static void check_rule_unique(oa_loader *ld, const hw_rule *r, const char *what)
{
    for (int i = 0; i < ld->t->nrules - 1; i++) {
        const hw_rule *o = &ld->t->rules[i];
        if (o->subject == r->subject && o->value == r->value &&
            o->object == r->object)
            diag_error(ld->d, &r->loc,
                       "%s: a second rule for enum %s (first at %s)", what,
                       ld->t->enums[r->object].name, where(ld, &o->loc));
    }
}

static void load_allow(oa_loader *ld, const xmlNode *n, int subject,
                       uint32_t value, const char *what)
{
    hw_target *t = ld->t;
    int object = enum_attr(ld, n, what, "enum");
    if (object < 0 || t->enums[object].width > ENUM_MAX_WIDTH)
        return;
    uint32_t mask =
        allowed_mask(ld, n, what, &t->enums[object], attr(ld, n, "values"));
    if (!mask)
        return;
    hw_rule *r = pushed(ld, IR_PUSH(t, rules));
    if (!r)
        return;
    r->loc = loc_of(ld, n);
    r->subject = subject;
    r->value = value;
    r->object = object;
    r->allowed = mask;
    r->text = text(ld, n);
    check_rule_unique(ld, r, what);
}

static void load_support(oa_loader *ld, const xmlNode *n)
{
    hw_target *t = ld->t;
    int subject = enum_attr(ld, n, "support", "enum");
    if (subject < 0)
        return;
    const hw_enum *e = &t->enums[subject];
    const char *tok = attr(ld, n, "value");
    int v = tok ? enum_value_index(e, tok) : -1;
    const char *what =
        arena_printf(t->arena, "support %s=%s", e->name, tok ? tok : "");
    if (v < 0) {
        hw_loc loc = loc_of(ld, n);
        diag_error(ld->d, &loc, "%s: enum %s has no value '%s'", what, e->name,
                   tok ? tok : "");
        return;
    }
    XMLU_EACH(c, n, "allow")
    {
        load_allow(ld, c, subject, e->values[v].value, what);
    }
}

/* An undocumented value exists only because a rule names it. */
static void check_undocumented(oa_loader *ld)
{
    const hw_target *t = ld->t;
    for (int i = 0; i < t->nenums; i++) {
        const hw_enum *e = &t->enums[i];
        for (int k = 0; k < e->nvalues; k++) {
            const hw_enum_value *v = &e->values[k];
            int named = 0;
            for (int r = 0; r < t->nrules && !named && v->value < 32; r++)
                named = t->rules[r].object == i &&
                        (t->rules[r].allowed & (1u << v->value));
            if (v->undocumented && !named)
                diag_error(ld->d, &v->loc,
                           "enum %s value '%s': undocumented, "
                           "but no <allow> names it",
                           e->name, v->name);
        }
    }
}

/* ---- bit fields of layouts and registers -------------------------------- */

/* Fields must lie inside `width` bits and must not overlap. */
static void check_bits(oa_loader *ld, const char *owner, int width,
                       const hw_field *fields, int k)
{
    const hw_field *f = &fields[k];
    int hi = f->shift + f->width - 1;
    if (f->width < 1 || hi >= width)
        diag_error(ld->d, &f->loc,
                   "%s field '%s': bits %d:%d are outside the %d-bit width",
                   owner, f->name, hi, f->shift, width);
    for (int i = 0; i < k; i++) {
        const hw_field *o = &fields[i];
        if (f->shift <= o->shift + o->width - 1 && o->shift <= hi)
            diag_error(ld->d, &f->loc,
                       "%s field '%s': bits %d:%d overlap field "
                       "'%s' (bits %d:%d)",
                       owner, f->name, hi, f->shift, o->name,
                       o->shift + o->width - 1, o->shift);
        else if (strcmp(f->name, o->name) == 0)
            diag_error(ld->d, &f->loc, "%s field '%s': duplicate name", owner,
                       f->name);
    }
}

/* Fill the parts every field has; enum and layout are looked up. */
static void load_bits(oa_loader *ld, hw_field *f, const xmlNode *n,
                      const char *owner)
{
    f->loc = loc_of(ld, n);
    f->name = attr(ld, n, "name");
    f->description = text(ld, n);
    f->shift = (int)num_attr(ld, n, "shift", 255, 0);
    f->width = (int)num_attr(ld, n, "width", 255, 0);
    f->enum_index = f->layout = f->event = -1;
    const char *ename = attr(ld, n, "enum");
    if (!ename)
        return;
    f->enum_index = ir_find_enum(ld->t, ename);
    if (f->enum_index < 0)
        diag_error(ld->d, &f->loc, "%s field '%s': unknown enum '%s'", owner,
                   f->name, ename);
    else if (ld->t->enums[f->enum_index].width > f->width)
        diag_error(ld->d, &f->loc,
                   "%s field '%s': enum %s needs %d bits, the field has %d",
                   owner, f->name, ename, ld->t->enums[f->enum_index].width,
                   f->width);
}

static void load_layout(oa_loader *ld, const xmlNode *n)
{
    hw_target *t = ld->t;
    hw_layout *l = pushed(ld, IR_PUSH(t, layouts));
    if (!l)
        return;
    l->loc = loc_of(ld, n);
    l->name = attr(ld, n, "name");
    l->description = description(ld, n);
    l->width = (int)num_attr(ld, n, "width", 64, 0);
    for (int i = 0; i < t->nlayouts - 1; i++)
        if (strcmp(t->layouts[i].name, l->name) == 0)
            diag_error(ld->d, &l->loc,
                       "layout '%s': duplicate name (first at %s)", l->name,
                       where(ld, &t->layouts[i].loc));
    l->fields = alloc_items(ld, count_children(n, "field"), sizeof *l->fields);
    if (!l->fields)
        return;
    const char *owner = arena_printf(t->arena, "layout %s", l->name);
    XMLU_EACH(c, n, "field")
    {
        hw_field *f = &l->fields[l->nfields++];
        load_bits(ld, f, c, owner);
        check_bits(ld, owner, l->width, l->fields, l->nfields - 1);
    }
}

static int find_layout(const hw_target *t, const char *name)
{
    for (int i = 0; i < t->nlayouts; i++)
        if (strcmp(t->layouts[i].name, name) == 0)
            return i;
    return -1;
}

/* The register field that already programs counter `event`, or NULL. */
static const hw_field *programmed_by(const hw_target *t, int event)
{
    for (int r = 0; r < t->nregisters; r++)
        for (int i = 0; i < t->registers[r].nfields; i++)
            if (t->registers[r].fields[i].event == event)
                return &t->registers[r].fields[i];
    return NULL;
}

static void field_layout(oa_loader *ld, hw_field *f, const xmlNode *n,
                         const char *owner)
{
    const char *lname = attr(ld, n, "layout");
    if (!lname)
        return;
    f->layout = find_layout(ld->t, lname);
    if (f->layout < 0)
        diag_error(ld->d, &f->loc, "%s field '%s': unknown layout '%s'", owner,
                   f->name, lname);
    else if (ld->t->layouts[f->layout].width != f->width)
        diag_error(ld->d, &f->loc,
                   "%s field '%s': layout %s is %d bits wide, the field %d",
                   owner, f->name, lname, ld->t->layouts[f->layout].width,
                   f->width);
}

static void field_counter(oa_loader *ld, hw_field *f, const xmlNode *n,
                          const char *owner)
{
    const char *cname = attr(ld, n, "counter");
    if (!cname)
        return;
    int e = ir_find_event(ld->t, cname);
    const hw_field *old = e >= 0 ? programmed_by(ld->t, e) : NULL;
    if (e < 0)
        diag_error(ld->d, &f->loc, "%s field '%s': unknown counter '%s'", owner,
                   f->name, cname);
    else if (!(ld->t->events[e].flags & EVENT_FLEXIBLE))
        diag_error(ld->d, &f->loc, "%s field '%s': counter %s is not flexible",
                   owner, f->name, cname);
    else if (old)
        diag_error(ld->d, &f->loc,
                   "%s field '%s': counter %s is already "
                   "programmed by field '%s' (at %s)",
                   owner, f->name, cname, old->name, where(ld, &old->loc));
    else
        f->event = e;
}

static void load_register(oa_loader *ld, const xmlNode *n)
{
    hw_target *t = ld->t;
    hw_register *r = pushed(ld, IR_PUSH(t, registers));
    if (!r)
        return;
    r->loc = loc_of(ld, n);
    r->name = attr(ld, n, "name");
    r->description = description(ld, n);
    r->address = num_attr(ld, n, "address", UINT32_MAX, 0);
    r->width = (int)num_attr(ld, n, "width", 64, 32);
    for (int i = 0; i < t->nregisters - 1; i++)
        if (strcmp(t->registers[i].name, r->name) == 0)
            diag_error(ld->d, &r->loc,
                       "register '%s': duplicate name (first at %s)", r->name,
                       where(ld, &t->registers[i].loc));
    r->fields = alloc_items(ld, count_children(n, "field"), sizeof *r->fields);
    if (!r->fields)
        return;
    const char *owner = arena_printf(t->arena, "register %s", r->name);
    XMLU_EACH(c, n, "field")
    {
        hw_field *f = &r->fields[r->nfields];
        load_bits(ld, f, c, owner);
        field_layout(ld, f, c, owner);
        field_counter(ld, f, c, owner);
        r->nfields++;
        check_bits(ld, owner, r->width, r->fields, r->nfields - 1);
    }
}

/* A flexible counter nothing can program is a spec mistake. */
static void check_flexible(oa_loader *ld)
{
    const hw_target *t = ld->t;
    for (int i = 0; i < t->nevents; i++)
        if ((t->events[i].flags & EVENT_FLEXIBLE) && !programmed_by(t, i))
            diag_error(ld->d, &t->events[i].loc,
                       "counter '%s': flexible, but "
                       "no register field programs it",
                       t->events[i].name);
}

/* ---- the document ------------------------------------------------------- */

int load_oa(hw_target *t, xmlDocPtr doc, hw_diag *d)
{
    oa_loader ld = {t, d, t->spec_path, 0, 0};
    const xmlNode *root = xmlDocGetRootElement(doc);
    int before = d->errors;
    XMLU_EACH(n, root, "block")
    {
        load_block(&ld, n);
    }
    XMLU_EACH(n, root, "report")
    {
        load_report(&ld, n);
    }
    XMLU_EACH(n, root, "enum")
    {
        load_enum(&ld, n);
    }
    XMLU_EACH(n, root, "support")
    {
        load_support(&ld, n);
    }
    check_undocumented(&ld);
    XMLU_EACH(n, root, "layout")
    {
        load_layout(&ld, n);
    }
    XMLU_EACH(n, root, "register")
    {
        load_register(&ld, n);
    }
    check_flexible(&ld);
    if (ld.oom)
        diag_error(d, NULL, "%s: out of memory", t->spec_path);
    return d->errors == before ? 0 : -1;
}
