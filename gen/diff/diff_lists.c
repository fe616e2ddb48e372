/* diff_lists.c - recording changes and walking two lists of items, for
 * every comparison of diff.c and diff_sections.c (diff_lists.h). */
#include "diff/diff_lists.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/expr.h"
#include "core/names.h"

/* ---- recording changes --------------------------------------------------- */

const char *dw_fmt(ctx *c, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    const char *s = arena_vprintf(c->df->arena, f, ap);
    va_end(ap);
    return s;
}

diff_change *dw_change(ctx *c, diff_section s, diff_class k, const char *name)
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

int dw_same(const char *a, const char *b)
{
    if (!a || !b)
        return (!a || !*a) && (!b || !*b);
    return strcmp(a, b) == 0;
}

diff_change *dw_renamed(ctx *c, diff_section s, const char *name, const char *owner,
                        const char *old_name, const char *new_name)
{
    if (dw_same(old_name, new_name) ||
        (c->fold && old_name && new_name && strcasecmp(old_name, new_name) == 0))
        return NULL;
    diff_change *ch = dw_change(c, s, DIFF_CLASS_RENAMED, name);
    if (ch)
        ch->new_name = owner ? dw_part(c, owner, new_name) : new_name;
    return ch;
}

diff_change *dw_field(ctx *c, diff_section s, diff_class k, const char *name,
                   const char *what, const char *old_text, const char *new_text)
{
    if (dw_same(old_text, new_text))
        return NULL;
    diff_change *ch = dw_change(c, s, k, name);
    if (ch) {
        ch->field = what;
        ch->old_text = old_text && *old_text ? old_text : NULL;
        ch->new_text = new_text && *new_text ? new_text : NULL;
    }
    return ch;
}

/* Text with every run of white space one space, none at either end. */
static const char *squeeze(ctx *c, const char *text)
{
    if (!text)
        return NULL;
    hw_buf b;
    buf_init(&b);
    for (const char *p = text; *p; p++) {
        if (!isspace((unsigned char)*p))
            buf_putc(&b, *p);
        else if (b.len && !isspace((unsigned char)p[1]) && p[1])
            buf_putc(&b, ' ');
    }
    if (!b.len) {
        buf_free(&b);
        return "";
    }
    return arena_take(c->df->arena, &b);
}

void dw_described(ctx *c, diff_section s, const char *name, const char *what,
               const char *old_text, const char *new_text)
{
    if (c->cross && !DW_HAS(c, HW_FACT(TEXT)))
        return;
    /* across formats a text one file leaves out is not a disagreement */
    if (c->cross && (!old_text || !*old_text || !new_text || !*new_text ||
                     dw_same(squeeze(c, old_text), squeeze(c, new_text))))
        return;
    dw_field(c, s, DIFF_CLASS_DESCRIBED, name, what, old_text, new_text);
}

void dw_one_side(ctx *c, diff_section s, diff_class k, const char *name,
              const char *what, int gone, const char *text)
{
    diff_change *ch = dw_change(c, s, k, name);
    if (!ch)
        return;
    ch->field = what;
    ch->one_sided = 1;
    if (gone)
        ch->old_text = text;
    else
        ch->new_text = text;
}

const char *dw_side_word(const ctx *c, int gone)
{
    if (c->df->sources)
        return gone ? "only in A" : "only in B";
    return gone ? "removed" : "added";
}

const char *dw_part(ctx *c, const char *item, const char *name)
{
    return dw_fmt(c, "%s.%s", item, name);
}

/* ---- walking two lists of items --------------------------------------------- */

static const void *item_at(items l, size_t size, int i)
{
    return (const char *)l.v + (size_t)i * size;
}

static const char *name_of(const item_kind *k, items l, int i)
{
    return *(const char *const *)((const char *)item_at(l, k->size, i) + k->name_off);
}

const char *dw_key(ctx *c, const char *name)
{
    if (!c->fold || !name)
        return name;
    char *low = arena_printf(c->df->arena, "%s", name);
    for (char *p = low; p && *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return low;
}

const char *dw_units(const ctx *c, const hw_target *t, const char *units)
{
    if (!c->cross || !units || !target_is_perf_tree(t))
        return units;
    char *end;
    (void)strtod(units, &end); /* perf reads the scale so, the unit after it */
    return end;
}

/* Same names pair up (the first of a name, should one repeat). */
static int pair_by_name(ctx *c, pairing *p, const item_kind *k, items o, items n)
{
    p->to_new = arena_alloc(c->df->arena, ((size_t)o.n + 1) * sizeof(int));
    p->to_old = arena_alloc(c->df->arena, ((size_t)n.n + 1) * sizeof(int));
    name_index names; /* NEW's names */
    if (!p->to_new || !p->to_old || name_index_init(&names, (size_t)n.n) != 0) {
        c->failed = 1;
        return -1;
    }
    for (int j = 0; j < n.n; j++) {
        p->to_old[j] = -1;
        const char *name = dw_key(c, name_of(k, n, j));
        if (name && name_index_put(&names, name, j) == -2)
            c->failed = 1;
    }
    for (int i = 0; i < o.n; i++) {
        const char *name = dw_key(c, name_of(k, o, i));
        int j = name ? name_index_get(&names, name) : -1;
        p->to_new[i] = j >= 0 && p->to_old[j] < 0 ? j : -1;
        if (p->to_new[i] >= 0)
            p->to_old[j] = i;
    }
    name_index_free(&names);
    return c->failed ? -1 : 0;
}

static const char *member(const void *item, size_t off)
{
    return off ? *(const char *const *)((const char *)item + off) : NULL;
}

static items parts_of(const item_kind *k, const void *item)
{
    const char *p = item;
    return (items){*(const void *const *)(p + k->parts_off), *(const int *)(p + k->nparts_off)};
}

/* Both versions of an item called `name`. */
static void compare_item(ctx *c, const item_kind *k, const char *name, const void *a,
                         const void *b)
{
    diff_section s = k->section;
    if (k->summary)
        dw_field(c, s, k->cls, name, k->summary_what, k->text(c, c->o, a), k->text(c, c->n, b));
    if (k->units_off && DW_HAS(c, HW_FACT(UNITS)))
        dw_field(c, s, DIFF_CLASS_UNITS, name, "units", dw_units(c, c->o, member(a, k->units_off)),
              dw_units(c, c->n, member(b, k->units_off)));
    if (k->title_off)
        dw_described(c, s, name, "title", member(a, k->title_off), member(b, k->title_off));
    if (k->desc_off)
        dw_described(c, s, name, "description", member(a, k->desc_off), member(b, k->desc_off));
    if (k->compare)
        k->compare(c, name, a, b);
    if (k->parts)
        diff_items(c, k->parts, parts_of(k, a), parts_of(k, b), name, k->cls);
}

void diff_items(ctx *c, const item_kind *k, items o, items n, const char *owner,
                diff_class part_class)
{
    pairing p;
    if (pair_by_name(c, &p, k, o, n) != 0)
        return;
    if (k->more_pairs)
        k->more_pairs(c, &p, o, n);
    for (int i = 0; i < o.n; i++) {
        const char *name = owner ? dw_part(c, owner, name_of(k, o, i)) : name_of(k, o, i);
        const void *a = item_at(o, k->size, i);
        if (p.to_new[i] >= 0)
            compare_item(c, k, name, a, item_at(n, k->size, p.to_new[i]));
        else if (owner)
            dw_one_side(c, k->section, part_class, name, dw_side_word(c, 1), 1,
                        k->text(c, c->o, a));
        else
            dw_one_side(c, k->section, DIFF_CLASS_REMOVED, name, k->what, 1, k->text(c, c->o, a));
    }
    for (int j = 0; j < n.n; j++) {
        if (p.to_old[j] >= 0)
            continue;
        const char *name = owner ? dw_part(c, owner, name_of(k, n, j)) : name_of(k, n, j);
        const char *text = k->text(c, c->n, item_at(n, k->size, j));
        if (owner)
            dw_one_side(c, k->section, part_class, name, dw_side_word(c, 0), 0, text);
        else
            dw_one_side(c, k->section, DIFF_CLASS_ADDED, name, k->what, 0, text);
    }
}

void diff_list(ctx *c, const item_kind *k, items o, items n)
{
    diff_items(c, k, o, n, NULL, DIFF_CLASS_CHANGED);
}

/* ---- lists of names --------------------------------------------------------- */

static int in_list(const char *const *list, int n, const char *name, const diff_renames *r,
                   int fold)
{
    for (int i = 0; i < n; i++) {
        const char *x = renames_old_name(r, list[i]);
        if (fold ? strcasecmp(x, name) == 0 : strcmp(x, name) == 0)
            return 1;
    }
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
        if (!in_list(b, nb, renames_old_name(ra, a[i]), rb, c->fold))
            buf_printf(&out, "%s%s", out.len ? " " : "", a[i]);
    if (!out.len) {
        buf_free(&out);
        return NULL;
    }
    return arena_take(c->df->arena, &out);
}

void dw_list_change(ctx *c, diff_section s, diff_class k, const char *name,
                 const char *what, const char *const *a, int na,
                 const char *const *b, int nb, const diff_renames *r)
{
    const char *gone = missing(c, a, na, NULL, b, nb, r);
    const char *came = missing(c, b, nb, r, a, na, NULL);
    diff_change *ch;
    if (gone && (ch = dw_field(c, s, k, name, dw_fmt(c, "%s %s", what, dw_side_word(c, 1)), gone, NULL)))
        ch->one_sided = 1;
    if (came && (ch = dw_field(c, s, k, name, dw_fmt(c, "%s %s", what, dw_side_word(c, 0)), NULL, came)))
        ch->one_sided = 1;
}

const char *dw_text_int(ctx *c, long long v) { return dw_fmt(c, "%lld", v); }
const char *dw_text_hex(ctx *c, unsigned long long v) { return dw_fmt(c, "0x%04llX", v); }
const char *dw_yes_no(int v) { return v ? "yes" : "no"; }

const char *dw_text_number(ctx *c, double v)
{
    char num[40];
    expr_format_number(num, sizeof num, v);
    return dw_fmt(c, "%s", num);
}
