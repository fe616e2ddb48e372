/* diff_oa_sets.c - two files of Intel OA metric sets in a comparison
 * (diff_oa.h): Mesa's and IGT's copies of one platform, or two versions of
 * one. Sets pair by symbol name, and so do the counters of a paired set;
 * register lists pair by type and rank (a set's second NOA list with the
 * other's second NOA list), their writes in order. */
#include "diff/diff_oa.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/oa.h"

static const char *where(ctx *c, const hw_loc *loc)
{
    return dw_fmt(c, "%s:%d", loc->file ? loc->file : "?", loc->line);
}

static const hw_oa_set *set_named(const hw_oa_metrics *m, const char *symbol)
{
    for (int i = 0; i < m->nsets; i++)
        if (strcmp(m->sets[i].symbol_name, symbol) == 0)
            return &m->sets[i];
    return NULL;
}

static int counter_named(const hw_oa_set *s, const char *symbol)
{
    for (int i = 0; i < s->ncounters; i++)
        if (strcmp(s->counters[i].symbol_name, symbol) == 0)
            return i;
    return -1;
}

/* ---- register writes ---------------------------------------------------------- */

/* How two lists of writes differ. A list is a program run in order (a NOA
 * list writes one mux register again and again), so its writes pair by an
 * edit script, the longest common subsequence: what is not in it was
 * removed (only OLD) or added (only NEW), and a removed and an added write
 * of one address between the same two common writes are one write whose
 * value changed. A set's lists differ in tens of writes at once (a mux
 * program redone), so the report gives the counts and the first edit,
 * with both lists' lines: at[] is that edit's place in OLD and in NEW (the
 * write, or on the side without one the write it comes before, nregs at
 * the end), has[] whether that side has the write. */
typedef struct edits {
    int changed, added, removed;
    int at[2], has[2];
} edits;

static int same_write(const hw_oa_reg *a, const hw_oa_reg *b)
{
    return a->address == b->address && a->value == b->value;
}

/* One run of removed writes del[0..nd) and added ones ins[0..ni), between
 * two common writes, starting at OLD's write ia and NEW's ib: the k-th of
 * each pair when their address is one. */
static void hunk(edits *e, const hw_oa_regs *a, const hw_oa_regs *b, const int *del, int nd,
                 const int *ins, int ni, int ia, int ib)
{
    for (int k = 0; k < nd || k < ni; k++) {
        int pair = k < nd && k < ni && a->regs[del[k]].address == b->regs[ins[k]].address;
        if (pair)
            e->changed++;
        e->removed += k < nd && !pair;
        e->added += k < ni && !pair;
        if (e->at[0] < 0) {
            /* the run's first edit: a changed write, else its first removal */
            e->at[0] = ia, e->at[1] = ib;
            e->has[0] = nd > 0, e->has[1] = pair || nd == 0;
        }
    }
}

/* Longest common subsequences of the suffixes a[i..] and b[j..] of the
 * middle parts (lengths na, nb, from `off` on): L[i * (nb + 1) + j]. */
enum { LCS_MAX_CELLS = 1 << 21 };

static int *lcs_table(const hw_oa_regs *a, const hw_oa_regs *b, int off, int na, int nb)
{
    if ((size_t)(na + 1) * (size_t)(nb + 1) > LCS_MAX_CELLS)
        return NULL;
    int *L = calloc((size_t)(na + 1) * (size_t)(nb + 1), sizeof *L);
    if (!L)
        return NULL;
    for (int i = na - 1; i >= 0; i--)
        for (int j = nb - 1; j >= 0; j--) {
            int *cell = &L[i * (nb + 1) + j];
            if (same_write(&a->regs[off + i], &b->regs[off + j]))
                *cell = L[(i + 1) * (nb + 1) + j + 1] + 1;
            else {
                int down = L[(i + 1) * (nb + 1) + j], right = L[i * (nb + 1) + j + 1];
                *cell = down >= right ? down : right;
            }
        }
    return L;
}

/* The edits between lists a and b. Past LCS_MAX_CELLS (lists of thousands
 * of writes; Mesa's longest has hundreds) the part between the common head
 * and tail is one run. -1 when out of memory. */
static int write_edits(const hw_oa_regs *a, const hw_oa_regs *b, edits *e)
{
    memset(e, 0, sizeof *e);
    e->at[0] = e->at[1] = -1;
    int head = 0, tail = 0;
    while (head < a->nregs && head < b->nregs && same_write(&a->regs[head], &b->regs[head]))
        head++;
    while (tail < a->nregs - head && tail < b->nregs - head &&
           same_write(&a->regs[a->nregs - 1 - tail], &b->regs[b->nregs - 1 - tail]))
        tail++;
    int na = a->nregs - head - tail, nb = b->nregs - head - tail;
    int *del = malloc(sizeof(int) * (size_t)(na + 1)), *ins = malloc(sizeof(int) * (size_t)(nb + 1));
    int *L = lcs_table(a, b, head, na, nb);
    if (!del || !ins) {
        free(del), free(ins), free(L);
        return -1;
    }
    int i = 0, j = 0, nd = 0, ni = 0, i0 = 0, j0 = 0;
    while (i < na || j < nb) {
        if (L && i < na && j < nb && same_write(&a->regs[head + i], &b->regs[head + j])) {
            hunk(e, a, b, del, nd, ins, ni, head + i0, head + j0);
            nd = ni = 0, i++, j++, i0 = i, j0 = j;
        } else if (i < na && (j == nb || !L || L[(i + 1) * (nb + 1) + j] >= L[i * (nb + 1) + j + 1]))
            del[nd++] = head + i++;
        else
            ins[ni++] = head + j++;
    }
    hunk(e, a, b, del, nd, ins, ni, head + i0, head + j0);
    free(del), free(ins), free(L);
    return 0;
}

/* "10 writes changed, 2 added; first:" - the counts that are not 0. */
static const char *edits_text(ctx *c, const edits *e)
{
    const int n[3] = {e->changed, e->added, e->removed};
    static const char *const word[3] = {"changed", "added", "removed"};
    const char *s = "";
    for (int k = 0; k < 3; k++)
        if (n[k])
            s = *s ? dw_fmt(c, "%s, %d %s", s, n[k], word[k])
                   : dw_fmt(c, "%d write%s %s", n[k], n[k] == 1 ? "" : "s", word[k]);
    return dw_fmt(c, "%s%s", s, e->changed + e->added + e->removed > 1 ? "; first:" : ":");
}

/* One side of the first edit: "write 4 of 46: 0x00009888 = 0x0002FFF0
 * (FILE:LINE)"; on the side without it, where it would be: "none, before
 * write 4 of 46 (FILE:LINE)", "none, after write 46 of 46 (...)". */
static const char *edit_side(ctx *c, const hw_oa_regs *g, int k, int has)
{
    if (has)
        return dw_fmt(c, "write %d of %d: 0x%08X = 0x%08X (%s)", k + 1, g->nregs,
                      g->regs[k].address, g->regs[k].value, where(c, &g->regs[k].loc));
    if (g->nregs == 0)
        return dw_fmt(c, "none, of 0 (%s)", where(c, &g->loc));
    int after = k >= g->nregs;
    k = after ? g->nregs - 1 : k;
    return dw_fmt(c, "none, %s write %d of %d (%s)", after ? "after" : "before", k + 1,
                  g->nregs, where(c, &g->regs[k].loc));
}

static const char *config_name(ctx *c, const hw_oa_set *s, int type, int rank)
{
    return dw_fmt(c, "%s.%s%s", s->symbol_name, oa_regs_type_name(type),
                  rank ? dw_fmt(c, "#%d", rank + 1) : "");
}

/* The config of b of this type and rank, or NULL. */
static const hw_oa_regs *config_ranked(const hw_oa_set *b, int type, int rank)
{
    for (int k = 0, r = 0; k < b->nconfigs; k++)
        if (b->configs[k].type == type && r++ == rank)
            return &b->configs[k];
    return NULL;
}

static void diff_availability(ctx *c, diff_section s, const char *name, const char *at_a,
                              const char *at_b, const oa_node *a, const oa_node *b);

static void diff_writes(ctx *c, const char *name, const hw_oa_regs *ga, const hw_oa_regs *gb)
{
    int first = c->df->nchanges;
    diff_availability(c, DIFF_SET, name, ga->availability, gb->availability, ga->avail,
                      gb->avail);
    dw_field(c, DIFF_SET, DIFF_CLASS_CHANGED, name, "priority", ga->priority, gb->priority);
    /* where each file writes the list */
    const char *at = dw_fmt(c, "A at %s, B at %s", where(c, &ga->loc), where(c, &gb->loc));
    for (int i = first; i < c->df->nchanges; i++)
        c->df->changes[i].note = at;
    edits e;
    if (write_edits(ga, gb, &e) < 0) {
        c->failed = 1;
        return;
    }
    if (e.changed + e.added + e.removed)
        dw_field(c, DIFF_SET, DIFF_CLASS_ENCODING, name, edits_text(c, &e),
                 edit_side(c, ga, e.at[0], e.has[0]), edit_side(c, gb, e.at[1], e.has[1]));
}

static const char *writes_text(ctx *c, const hw_oa_regs *g)
{
    return dw_fmt(c, "%d write%s (%s)", g->nregs, g->nregs == 1 ? "" : "s", where(c, &g->loc));
}

/* Each register list of a set against the list of the same type and rank
 * in the other; a list only one has, with its number of writes. */
static void diff_configs(ctx *c, const hw_oa_set *a, const hw_oa_set *b)
{
    int rank[3] = {0};
    for (int i = 0; i < a->nconfigs; i++) {
        const hw_oa_regs *ga = &a->configs[i];
        int r = rank[ga->type]++;
        const hw_oa_regs *gb = config_ranked(b, ga->type, r);
        const char *name = config_name(c, a, ga->type, r);
        if (gb)
            diff_writes(c, name, ga, gb);
        else
            dw_one_side(c, DIFF_SET, DIFF_CLASS_REMOVED, name, NULL, 1,
                        writes_text(c, ga));
    }
    memset(rank, 0, sizeof rank);
    for (int i = 0; i < b->nconfigs; i++) {
        const hw_oa_regs *gb = &b->configs[i];
        int r = rank[gb->type]++;
        if (!config_ranked(a, gb->type, r))
            dw_one_side(c, DIFF_SET, DIFF_CLASS_ADDED, config_name(c, a, gb->type, r), NULL, 0,
                        writes_text(c, gb));
    }
}

/* ---- values: equations and availability ------------------------------------------ */

enum { WITNESS_MAX = 32, TRIALS = 8 };

typedef struct reads {
    const char *names[WITNESS_MAX];
    const oa_node *nodes[WITNESS_MAX];
    int n;
} reads;

/* The inputs an expression reads, through the counters it reads (their
 * equation, or their max equation for a max). */
static void collect(ctx *c, const hw_oa_set *s, const oa_node *n, int max, reads *r, int depth)
{
    if (!n || depth > 64)
        return;
    if (n->kind == OA_N_OP) {
        collect(c, s, n->a, max, r, depth + 1);
        collect(c, s, n->b, max, r, depth + 1);
        return;
    }
    if (n->kind == OA_N_COUNTER) {
        const hw_oa_counter *rc = &s->counters[n->counter];
        collect(c, s, max ? rc->max : rc->read, max, r, depth + 1);
        return;
    }
    const char *name =
        n->kind == OA_N_READ     ? dw_fmt(c, "%s %d READ", oa_block_name((oa_block)n->block), n->index)
        : n->kind == OA_N_FIELD  ? dw_fmt(c, "%s", n->text)
        : n->kind == OA_N_SLICE  ? dw_fmt(c, "$GtSlice%d", n->slice)
        : n->kind == OA_N_XECORE ? dw_fmt(c, "$GtSlice%dXeCore%d", n->slice, n->xecore)
        : n->kind == OA_N_GTXECORE ? dw_fmt(c, "$GtXeCore%d", n->slice)
                                 : NULL;
    for (int i = 0; name && i < r->n; i++)
        if (strcmp(r->names[i], name) == 0)
            return;
    if (name && r->n < WITNESS_MAX) {
        r->names[r->n] = name;
        r->nodes[r->n++] = n;
    }
}

/* Trial k's inputs. Trial 0 has values a reader works out by hand: block
 * b's counter i reads 100 (b + 1) + i (GPU_TIME 0 is 100, GPU_CLOCK 0 200,
 * A 0 300, B 0 400, C 0 500, PEC 0 600, PERFCNT 0 700: no two alike),
 * system value f (oa.h's OA_FIELDS order) is f + 2, and every slice and
 * XeCore is present. The others come from a fixed seed: every counter and
 * system value a number of its own (1..10^6 and 1..64, never 0, so that no
 * division is by zero by chance), slices and XeCores present or not
 * (slice 0 always). */
/* splitmix64: one well mixed number per step, so that trials started from
 * neighbouring seeds are not alike. */
static uint64_t next_random(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ z >> 27) * 0x94D049BB133111EBull;
    return z ^ z >> 31;
}

static void trial(oa_inputs *in, int k)
{
    uint64_t x = (uint64_t)k;
    memset(in, 0, sizeof *in);
    for (int b = 0; b < OA_BLOCK_COUNT; b++)
        for (int i = 0; i < OA_BLOCK_MAX; i++)
            in->acc[b][i] = k ? 1 + next_random(&x) % 1000000 : 100u * (uint64_t)(b + 1) + (uint64_t)i;
    /* Mesa's fields, the slices, then the fields of IGT's xe generator:
     * each value Mesa's files read stays what it was before IGT's
     * names were known, and so do the diffs of those files. */
    for (int f = 0; f < OA_FIELD_COUNT; f++)
        if (oa_field_origin((oa_field)f) == OA_FROM_MESA)
            in->field[f] = k ? 1 + next_random(&x) % 64 : (uint64_t)f + 2;
    in->slice_mask = k ? 1u | (next_random(&x) & 0xFFu) : 0xFFu;
    for (int s = 0; s < OA_MAX_SLICES; s++)
        in->xecore_mask[s] = k ? 1u | (next_random(&x) & 0xFFFFFFFFu) : 0xFFFFFFFFu;
    for (int f = 0; f < OA_FIELD_COUNT; f++)
        if (oa_field_origin((oa_field)f) == OA_FROM_IGT)
            in->field[f] = k ? 1 + next_random(&x) % 64 : (uint64_t)f + 2;
}

static double input_value(const oa_inputs *in, const oa_node *n)
{
    if (n->kind == OA_N_READ)
        return (double)in->acc[n->block][n->index];
    if (n->kind == OA_N_FIELD)
        return (double)in->field[n->field];
    if (n->kind == OA_N_XECORE)
        return (double)(in->xecore_mask[n->slice] >> n->xecore & 1u);
    if (n->kind == OA_N_GTXECORE) /* XeCore 0 of slice n, as IGT reads it */
        return oa_gtxecore_slice(n->slice) < 0 ? 0.0 : (double)(in->xecore_mask[n->slice] & 1u);
    return (double)(in->slice_mask >> n->slice & 1u);
}

/* The same value: equal, both NaN, or for a float counter (C's float,
 * 24 bits of mantissa) equal up to its rounding. */
static int same_value(oa_val a, oa_val b)
{
    double x = oa_val_double(a), y = oa_val_double(b);
    if (x == y || (isnan(x) && isnan(y)))
        return 1;
    if (a.type != OA_FLOAT && b.type != OA_FLOAT)
        return 0;
    return fabs(x - y) <= 1e-6 * fmax(fabs(x), fabs(y));
}

static int reads_counter(const oa_node *n)
{
    return n && (n->kind == OA_N_COUNTER || (n->kind == OA_N_OP && (reads_counter(n->a) ||
                                                                   reads_counter(n->b))));
}

/* The witness of a DIFFERENT change: the inputs both expressions read, in
 * the trial where they part. */
static void witness(ctx *c, diff_change *ch, const reads *r, const oa_inputs *in, double va,
                    double vb)
{
    if (!ch || !r->n)
        return;
    ch->witness.names = arena_alloc(c->df->arena, sizeof(char *) * (size_t)r->n);
    ch->witness.values = arena_alloc(c->df->arena, sizeof(double) * (size_t)r->n);
    if (!ch->witness.names || !ch->witness.values) {
        c->failed = 1;
        return;
    }
    for (int i = 0; i < r->n; i++)
        ch->witness.names[i] = r->names[i], ch->witness.values[i] = input_value(in, r->nodes[i]);
    ch->witness.n = r->n, ch->witness.old_value = va, ch->witness.new_value = vb;
}

/* A counter's equation (max = 0) or max equation (max = 1) in both, by
 * value: the same on every trial is no change when written alike and
 * EQUIVALENT otherwise; a trial where they part is DIFFERENT, with its
 * inputs. An equation written alike still differs when a counter it reads
 * does: it is evaluated whenever it reads one. */
static void diff_value(ctx *c, const char *name, const hw_oa_set *sa, int ia,
                       const hw_oa_set *sb, int ib, int max)
{
    const hw_oa_counter *a = &sa->counters[ia], *b = &sb->counters[ib];
    const char *what = max ? "max_equation" : "equation";
    const char *ta = max ? a->max_equation : a->equation, *tb = max ? b->max_equation : b->equation;
    const oa_node *na = max ? a->max : a->read, *nb = max ? b->max : b->read;
    if (!ta || !tb) {
        dw_field(c, DIFF_SET, DIFF_CLASS_DIFFERENT, name, what, ta, tb);
        return;
    }
    int alike = strcmp(ta, tb) == 0;
    if (alike && !reads_counter(na) && !reads_counter(nb))
        return;
    oa_inputs in;
    for (int k = 0; k < TRIALS; k++) {
        trial(&in, k);
        oa_val va = oa_eval_counter(sa, ia, &in, max), vb = oa_eval_counter(sb, ib, &in, max);
        if (same_value(va, vb))
            continue;
        diff_change *ch = dw_change(c, DIFF_SET, DIFF_CLASS_DIFFERENT, name);
        if (ch) /* written alike: the value is a counter's it reads */
            ch->field = what, ch->old_text = ta, ch->new_text = tb,
            ch->note = alike ? "through a counter it reads" : NULL;
        reads r = {.n = 0};
        collect(c, sa, na, max, &r, 0);
        collect(c, sb, nb, max, &r, 0);
        witness(c, ch, &r, &in, oa_val_double(va), oa_val_double(vb));
        return;
    }
    if (!alike)
        dw_field(c, DIFF_SET, DIFF_CLASS_EQUIVALENT, name, what, ta, tb);
}

/* Two availability expressions (NULL: always), texts ta and tb, by value
 * on the trials: CHANGED when they part, EQUIVALENT when only the text
 * differs. */
static void diff_availability(ctx *c, diff_section s, const char *name, const char *ta,
                              const char *tb, const oa_node *a, const oa_node *b)
{
    if (dw_same(ta, tb))
        return;
    oa_inputs in;
    for (int k = 0; k < TRIALS; k++) {
        trial(&in, k);
        if ((a ? oa_eval_available(a, &in) : 1) != (b ? oa_eval_available(b, &in) : 1)) {
            dw_field(c, s, DIFF_CLASS_CHANGED, name, "availability", ta, tb);
            return;
        }
    }
    dw_field(c, s, DIFF_CLASS_EQUIVALENT, name, "availability", ta, tb);
}

/* ---- counters and sets ------------------------------------------------------------ */

static void diff_counter(ctx *c, const hw_oa_set *sa, int ia, const hw_oa_set *sb, int ib)
{
    const hw_oa_counter *a = &sa->counters[ia], *b = &sb->counters[ib];
    const char *name = dw_fmt(c, "%s.%s", sa->symbol_name, a->symbol_name);
    int first = c->df->nchanges;
    diff_value(c, name, sa, ia, sb, ib, 0);
    diff_value(c, name, sa, ia, sb, ib, 1);
    if (a->offset != b->offset)
        dw_field(c, DIFF_SET, DIFF_CLASS_MOVED, name, "offset in the query data",
                 dw_fmt(c, "%zu", a->offset), dw_fmt(c, "%zu", b->offset));
    dw_field(c, DIFF_SET, DIFF_CLASS_CHANGED, name, "data type", a->data_type_text,
             b->data_type_text);
    dw_field(c, DIFF_SET, DIFF_CLASS_UNITS, name, "units", a->units, b->units);
    dw_field(c, DIFF_SET, DIFF_CLASS_CHANGED, name, "semantic type", a->semantic_type,
             b->semantic_type);
    diff_availability(c, DIFF_SET, name, a->availability, b->availability, a->avail, b->avail);
    dw_field(c, DIFF_SET, DIFF_CLASS_CHANGED, name, "underscore_name", a->underscore_name,
             b->underscore_name);
    dw_field(c, DIFF_SET, DIFF_CLASS_CHANGED, name, "mdapi group", a->mdapi_group,
             b->mdapi_group);
    dw_described(c, DIFF_SET, name, "name", a->name, b->name);
    dw_described(c, DIFF_SET, name, "description", a->description, b->description);
    /* where each file writes the counter */
    const char *at = dw_fmt(c, "A at %s, B at %s", where(c, &a->loc), where(c, &b->loc));
    for (int i = first; i < c->df->nchanges; i++) {
        diff_change *ch = &c->df->changes[i];
        ch->note = ch->note ? dw_fmt(c, "%s; %s", ch->note, at) : at;
    }
}

static const char *counters_text(ctx *c, const hw_oa_set *s)
{
    return dw_fmt(c, "%d counter%s (%s)", s->ncounters, s->ncounters == 1 ? "" : "s",
                  where(c, &s->loc));
}

/* `format`: compare the sets' OA formats (not when one line says that every
 * set's changed alike). */
static void diff_set(ctx *c, const hw_oa_set *a, const hw_oa_set *b, int format)
{
    int first = c->df->nchanges;
    dw_field(c, DIFF_SET, DIFF_CLASS_CHANGED, a->symbol_name, "hw_config_guid", a->guid, b->guid);
    if (format)
        dw_field(c, DIFF_SET, DIFF_CLASS_CHANGED, a->symbol_name, "oa_format", a->oa_format,
                 b->oa_format);
    dw_field(c, DIFF_SET, DIFF_CLASS_CHANGED, a->symbol_name, "underscore_name",
             a->underscore_name, b->underscore_name);
    dw_described(c, DIFF_SET, a->symbol_name, "name", a->name, b->name);
    const char *at = dw_fmt(c, "A at %s, B at %s", where(c, &a->loc), where(c, &b->loc));
    for (int i = first; i < c->df->nchanges; i++)
        c->df->changes[i].note = at;
    diff_configs(c, a, b);
    for (int i = 0; i < a->ncounters; i++) {
        int j = counter_named(b, a->counters[i].symbol_name);
        if (j >= 0)
            diff_counter(c, a, i, b, j);
        else
            dw_one_side(c, DIFF_SET, DIFF_CLASS_REMOVED,
                        dw_fmt(c, "%s.%s", a->symbol_name, a->counters[i].symbol_name), NULL, 1,
                        where(c, &a->counters[i].loc));
    }
    for (int j = 0; j < b->ncounters; j++)
        if (counter_named(a, b->counters[j].symbol_name) < 0)
            dw_one_side(c, DIFF_SET, DIFF_CLASS_ADDED,
                        dw_fmt(c, "%s.%s", a->symbol_name, b->counters[j].symbol_name), NULL, 0,
                        where(c, &b->counters[j].loc));
}

/* The number of paired sets when more than one pair is and every pair's
 * OA format changed from *fa to *fb (a file that gained the attribute on
 * every set, as IGT's copies of Mesa's files did); else 0. */
static int format_changed_alike(const hw_oa_metrics *a, const hw_oa_metrics *b, const char **fa,
                                const char **fb)
{
    int n = 0;
    for (int i = 0; i < a->nsets; i++) {
        const hw_oa_set *s = &a->sets[i], *t = set_named(b, s->symbol_name);
        if (!t)
            continue;
        if (n == 0)
            *fa = s->oa_format, *fb = t->oa_format;
        if (dw_same(s->oa_format, t->oa_format) || !dw_same(s->oa_format, *fa) ||
            !dw_same(t->oa_format, *fb))
            return 0;
        n++;
    }
    return n > 1 ? n : 0;
}

void diff_oa_sets(ctx *c, const hw_oa_metrics *a, const hw_oa_metrics *b)
{
    const char *fa = NULL, *fb = NULL;
    int alike = format_changed_alike(a, b, &fa, &fb);
    if (alike)
        dw_field(c, DIFF_SET, DIFF_CLASS_CHANGED, dw_fmt(c, "every set (%d)", alike), "oa_format",
                 fa, fb);
    for (int i = 0; i < a->nsets; i++) {
        const hw_oa_set *s = &a->sets[i], *t = set_named(b, s->symbol_name);
        if (t)
            diff_set(c, s, t, !alike);
        else
            dw_one_side(c, DIFF_SET, DIFF_CLASS_REMOVED, s->symbol_name, NULL, 1,
                        counters_text(c, s));
    }
    for (int j = 0; j < b->nsets; j++)
        if (!set_named(a, b->sets[j].symbol_name))
            dw_one_side(c, DIFF_SET, DIFF_CLASS_ADDED, b->sets[j].symbol_name, NULL, 0,
                        counters_text(c, &b->sets[j]));
}
