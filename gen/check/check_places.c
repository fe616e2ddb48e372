/* check_places.c - two things in one hardware place.
 *
 * A driver header gives every block an id, every counter a block and an
 * index, every register an address; two of them in one place make one of
 * the two unreachable, silently. Items are sorted by place, so specs with
 * 100,000 counters cost no more than the sort; each clash is reported in
 * spec order and names the first item in that place.
 */
#include "check/check_places.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct place {
    uint64_t key;              /* id, block and index, or address */
    int item;                  /* index in its list: spec order */
    const char *name;
    const hw_loc *loc;
    const struct place *first; /* the first item in this place, if not this */
} place;

/* Writes the place of item i of its list, e.g. "id 3". */
typedef void place_text(char *out, size_t size, const hw_target *t, int i);

static int by_key(const void *a, const void *b)
{
    const place *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->item > y->item) - (x->item < y->item);
}

static int by_item(const void *a, const void *b)
{
    const place *x = *(const place *const *)a, *y = *(const place *const *)b;
    return (x->item > y->item) - (x->item < y->item);
}

/* Report, in spec order, every one of the n places `p` that an earlier
 * item holds: "<what> 'B': duplicate <place> (first used by 'A' at
 * spec:12)". Sorts p. */
static void report_clashes(const hw_target *t, hw_diag *d, place *p, int n,
                           const char *what, place_text *text)
{
    qsort(p, (size_t)n, sizeof *p, by_key);
    const place **clash = malloc(((size_t)n + 1) * sizeof *clash);
    if (!clash) {
        diag_error(d, NULL, "out of memory");
        return;
    }
    int nclash = 0;
    for (int i = 1; i < n; i++)
        if (p[i].key == p[i - 1].key) {
            p[i].first = p[i - 1].first ? p[i - 1].first : &p[i - 1];
            clash[nclash++] = &p[i];
        }
    qsort(clash, (size_t)nclash, sizeof *clash, by_item);
    char at[512], here[128];
    for (int i = 0; i < nclash; i++) {
        loc_where(at, sizeof at, clash[i]->first->loc);
        text(here, sizeof here, t, clash[i]->item);
        diag_error(d, clash[i]->loc, "%s '%s': duplicate %s (first used by "
                   "'%s' at %s)", what, clash[i]->name, here,
                   clash[i]->first->name, at);
    }
    free(clash);
}

static place *places(int n, hw_diag *d)
{
    place *p = calloc((size_t)n + 1, sizeof *p);
    if (!p)
        diag_error(d, NULL, "out of memory");
    return p;
}

static void block_id(char *out, size_t size, const hw_target *t, int i)
{
    snprintf(out, size, "id %d", t->blocks[i].id);
}

static void counter_index(char *out, size_t size, const hw_target *t, int i)
{
    const hw_event *e = &t->events[i];
    snprintf(out, size, "index %d in block '%s'", e->index,
             t->blocks[e->block].name);
}

static void register_address(char *out, size_t size, const hw_target *t, int i)
{
    snprintf(out, size, "address 0x%04llX",
             (unsigned long long)t->registers[i].address);
}

static void check_blocks(const hw_target *t, hw_diag *d)
{
    place *p = places(t->nblocks, d);
    for (int i = 0; p && i < t->nblocks; i++) {
        const hw_block *b = &t->blocks[i];
        int old = b->name ? ir_find_block(t, b->name) : i;
        if (old != i) {
            char at[512];
            loc_where(at, sizeof at, &t->blocks[old].loc);
            diag_error(d, &b->loc, "block '%s': duplicate name (first defined "
                       "at %s)", b->name, at);
        }
        p[i] = (place){(uint32_t)b->id, i, b->name, &b->loc, NULL};
    }
    if (p)
        report_clashes(t, d, p, t->nblocks, "block", block_id);
    free(p);
}

static void check_counters(const hw_target *t, hw_diag *d)
{
    place *p = places(t->nevents, d);
    int n = 0;
    for (int i = 0; p && i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (e->block >= 0 && e->block < t->nblocks && e->index >= 0)
            p[n++] = (place){(uint64_t)e->block << 32 | (uint32_t)e->index, i,
                             e->name, &e->loc, NULL};
    }
    if (p)
        report_clashes(t, d, p, n, "counter", counter_index);
    free(p);
}

static void check_registers(const hw_target *t, hw_diag *d)
{
    place *p = places(t->nregisters, d);
    for (int i = 0; p && i < t->nregisters; i++) {
        const hw_register *r = &t->registers[i];
        p[i] = (place){r->address, i, r->name, &r->loc, NULL};
    }
    if (p)
        report_clashes(t, d, p, t->nregisters, "register", register_address);
    free(p);
}

void check_places(const hw_target *t, hw_diag *d)
{
    check_blocks(t, d);
    check_counters(t, d);
    check_registers(t, d);
}
