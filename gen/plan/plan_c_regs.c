/* plan_c_regs.c - which register, report and layout macros <id>.h holds. */
#include "plan/plan_c_regs.h"

#include <string.h>

int c_size_ok(int size)
{
    return size == 1 || size == 2 || size == 4 || size == 8;
}

int c_is_array(const hw_report_field *f)
{
    return f->count > 1 || f->block != NULL;
}

int c_field_at(const hw_report *r, const char *bname, int i, int high)
{
    for (int k = 0; k < r->nfields; k++) {
        const hw_report_field *f = &r->fields[k];
        if (f->block && strcmp(f->block, bname) == 0 &&
            !f->high_bits == !high && c_size_ok(f->size) && i >= f->first &&
            i < f->first + f->count)
            return k;
    }
    return -1;
}

int c_has_block(const hw_report *r, const char *bname)
{
    for (int k = 0; k < r->nfields; k++)
        if (r->fields[k].block && strcmp(r->fields[k].block, bname) == 0)
            return 1;
    return 0;
}

int c_reads_block(const c_regs_plan *p, const hw_target *t, const hw_report *r,
                  int b)
{
    const char *bname = t->blocks[b].name;
    int n = c_has_block(r, bname) ? p->span[b] : 0;
    for (int i = 0; i < n; i++)
        if (c_field_at(r, bname, i, 0) >= 0)
            return 1;
    return 0;
}

int c_block_counts(const c_regs_plan *p, int b)
{
    for (int i = 0; i < p->span[b]; i++)
        if (p->width[b][i])
            return 1;
    return 0;
}

/* ---- counter blocks ----------------------------------------------------- */

/* Per block, the numbers the chains cover (the block's size, or more if
 * a counter lies beyond it) and each counter's width: one pass over the
 * events, so large specs stay linear. */
static int block_info(c_regs_plan *p, const hw_target *t, hw_arena *a)
{
    int nb = t->nblocks > 0 ? t->nblocks : 1;
    p->span = arena_alloc(a, sizeof *p->span * (size_t)nb);
    p->width = arena_alloc(a, sizeof *p->width * (size_t)nb);
    if (!p->span || !p->width)
        return -1;
    for (int b = 0; b < t->nblocks; b++)
        p->span[b] = t->blocks[b].size > 0 ? t->blocks[b].size : 0;
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (e->block >= 0 && e->block < t->nblocks &&
            e->index >= p->span[e->block])
            p->span[e->block] = e->index + 1;
    }
    for (int b = 0; b < t->nblocks; b++)
        if (!(p->width[b] =
                  arena_alloc(a, sizeof(int) * (size_t)(p->span[b] + 1))))
            return -1;
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (e->width > 0 && e->width <= 64)
            p->widths[e->width] = 1;
        if (e->block >= 0 && e->block < t->nblocks && e->index >= 0 &&
            e->width > 0 && e->width <= 64 && !p->width[e->block][e->index])
            p->width[e->block][e->index] = e->width;
    }
    return 0;
}

/* ---- report reads ------------------------------------------------------- */

static int note_split(c_regs_plan *p, hw_arena *a, size_t *cap, int lo, int hi)
{
    for (int i = 0; i < p->nsplits; i++)
        if (p->splits[i].lo == lo && p->splits[i].hi == hi)
            return 0;
    c_split *s = ARENA_PUSH(a, p->splits, p->nsplits, *cap);
    if (!s)
        return -1;
    *s = (c_split){lo, hi};
    return 0;
}

/* The reads report r needs: one per element size, and one per pair of
 * sizes that a counter split into low and high parts joins. */
static int report_needs(c_regs_plan *p, const hw_target *t, hw_arena *a,
                        size_t *cap, const hw_report *r)
{
    for (int k = 0; k < r->nfields; k++)
        if (c_size_ok(r->fields[k].size))
            p->need[r->fields[k].size] = 1;
    for (int b = 0; b < t->nblocks; b++) {
        const char *bname = t->blocks[b].name;
        int n = c_has_block(r, bname) ? p->span[b] : 0;
        for (int i = 0; i < n; i++) {
            int lo = c_field_at(r, bname, i, 0);
            int hi = c_field_at(r, bname, i, 1);
            if (lo >= 0 && hi >= 0 &&
                note_split(p, a, cap, r->fields[lo].size, r->fields[hi].size) !=
                    0)
                return -1;
        }
    }
    return 0;
}

int c_plan_make(c_regs_plan *p, const hw_target *t, hw_arena *a)
{
    memset(p, 0, sizeof *p);
    if (block_info(p, t, a) != 0)
        return -1;
    size_t cap = 0;
    for (int i = 0; i < t->nreports; i++)
        if (report_needs(p, t, a, &cap, &t->reports[i]) != 0)
            return -1;
    p->reads = p->need[1] || p->need[2] || p->need[4] || p->need[8];
    if (p->need[8]) /* the 64-bit read joins two 32-bit ones */
        p->need[4] = 1;
    return 0;
}

/* ---- enums and layouts -------------------------------------------------- */

const hw_enum_value *c_enum_value(const hw_enum *e, uint32_t v)
{
    for (int i = 0; i < e->nvalues; i++)
        if (e->values[i].value == v)
            return &e->values[i];
    return NULL;
}

int c_enum_maskable(const hw_enum *e)
{
    for (int i = 0; i < e->nvalues; i++)
        if (e->values[i].value >= 32)
            return 0;
    return e->width >= 1 && e->width <= 5;
}

int c_layout_checkable(const hw_target *t, const hw_layout *l)
{
    for (int k = 0; k < l->nfields; k++)
        if (l->fields[k].enum_index >= 0 &&
            !c_enum_maskable(&t->enums[l->fields[k].enum_index]))
            return 0;
    return l->nfields > 0;
}

/* The first field of l whose values come from enum e, or -1. */
static int field_of_enum(const hw_layout *l, int e)
{
    for (int i = 0; i < l->nfields; i++)
        if (l->fields[i].enum_index == e)
            return i;
    return -1;
}

int c_rule_links(const hw_layout *l, const hw_rule *r, int subj, int obj)
{
    return field_of_enum(l, r->subject) == subj &&
           field_of_enum(l, r->object) == obj;
}

int c_layout_limits(const hw_target *t, const hw_layout *l, int subj, int obj)
{
    for (int i = 0; i < t->nrules; i++)
        if (c_rule_links(l, &t->rules[i], subj, obj))
            return 1;
    return 0;
}
