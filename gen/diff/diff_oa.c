/* diff_oa.c - Intel OA facts in a comparison (diff_oa.h). */
#include "diff/diff_oa.h"

#include <string.h>

#include "core/oa.h"
#include "load/load_facts.h"

/* ---- the platform ------------------------------------------------------------- */

/* hwcgen's own OA specs carry no platform attribute: each is known by its
 * target id, under the name Mesa's chipset attribute gives the platform. */
static const struct {
    const char *id, *platform;
} spec_platforms[] = {
    /* spec/intel/oa-chv.xml: Gen8 Cherryview/Braswell, Mesa's "CHV" */
    {"intel_oa_chv", "chv"},
};

const char *diff_oa_platform(const hw_target *t)
{
    if (t->oa && t->oa->chipset)
        return t->oa->chipset; /* lower case (load_oa_metrics.c) */
    if (!t->format || strcmp(t->format, "oa-counters") != 0 || !t->id)
        return NULL;
    for (size_t i = 0; i < sizeof spec_platforms / sizeof spec_platforms[0]; i++)
        if (strcmp(spec_platforms[i].id, t->id) == 0)
            return spec_platforms[i].platform;
    return NULL;
}

/* ---- a spec against metric sets: OA counters and programming ----------------- */

/* One side is the spec, the other the metric sets: `spec_old` says which
 * is OLD, so that each text lands on its own side. */
typedef struct flex {
    ctx *c;
    const hw_target *spec, *sets;
    int spec_old;
} flex;

static void flex_change(flex *f, diff_section s, diff_class k, const char *name,
                        const char *what, const char *spec_text, const char *sets_text)
{
    dw_field(f->c, s, k, name, what, f->spec_old ? spec_text : sets_text,
             f->spec_old ? sets_text : spec_text);
}

static const char *where(ctx *c, const hw_loc *loc)
{
    return dw_fmt(c, "%s:%d", loc->file ? loc->file : "?", loc->line);
}

static uint32_t field_mask(int width)
{
    return width >= 32 ? 0xFFFFFFFFu : (1u << width) - 1u;
}

static const hw_enum_value *enum_code(const hw_enum *e, uint32_t v)
{
    for (int i = 0; i < e->nvalues; i++)
        if (e->values[i].value == v)
            return &e->values[i];
    return NULL;
}

/* "only NONE, ROW0, ROW1": the values rule r allows. */
static const char *allowed_text(ctx *c, const hw_target *t, const hw_rule *r)
{
    const hw_enum *e = &t->enums[r->object];
    const char *s = "only";
    for (int i = 0; i < e->nvalues; i++)
        if (e->values[i].value < 32 && (r->allowed >> e->values[i].value & 1u))
            s = dw_fmt(c, "%s%s %s", s, strcmp(s, "only") == 0 ? "" : ",", e->values[i].name);
    return s;
}

/* The codes of a counter field (layout l) against the spec's enums and
 * rules; `name` is SET.REGISTER.COUNTER, `at` the write as the file has it. */
static void flex_codes(flex *f, const hw_layout *l, uint32_t v, const char *name, const char *at)
{
    const hw_target *t = f->spec;
    uint32_t codes[8] = {0};
    int bad = 0;
    for (int k = 0; k < l->nfields && k < 8; k++) {
        const hw_field *lf = &l->fields[k];
        codes[k] = v >> lf->shift & field_mask(lf->width);
        if (lf->enum_index < 0 || enum_code(&t->enums[lf->enum_index], codes[k]))
            continue;
        bad = 1;
        const hw_enum *e = &t->enums[lf->enum_index];
        flex_change(f, DIFF_REGISTER, DIFF_CLASS_ENCODING, name, lf->name,
                    dw_fmt(f->c, "no code %u in %s (%s)", codes[k], e->name, where(f->c, &e->loc)),
                    dw_fmt(f->c, "%u (%s)", codes[k], at));
    }
    for (int i = 0; !bad && i < t->nrules; i++) {
        const hw_rule *r = &t->rules[i];
        int subj = -1, obj = -1;
        for (int k = 0; k < l->nfields && k < 8; k++) {
            subj = l->fields[k].enum_index == r->subject ? k : subj;
            obj = l->fields[k].enum_index == r->object ? k : obj;
        }
        if (subj < 0 || obj < 0 || codes[subj] != r->value || codes[obj] >= 32 ||
            (r->allowed >> codes[obj] & 1u))
            continue;
        const hw_enum *se = &t->enums[r->subject], *oe = &t->enums[r->object];
        const hw_enum_value *sv = enum_code(se, codes[subj]), *ov = enum_code(oe, codes[obj]);
        flex_change(f, DIFF_REGISTER, DIFF_CLASS_RULE, name,
                    dw_fmt(f->c, "%s under %s %s", oe->name, se->name, sv->name),
                    dw_fmt(f->c, "%s (rule at %s)", allowed_text(f->c, t, r), where(f->c, &r->loc)),
                    dw_fmt(f->c, "%s (%s)", ov->name, at));
    }
}

static const hw_register *register_at(const hw_target *t, uint32_t address)
{
    for (int i = 0; i < t->nregisters; i++)
        if (t->registers[i].address == address)
            return &t->registers[i];
    return NULL;
}

/* Whether an earlier FLEX write of the sets has this address. */
static int address_seen(const hw_oa_metrics *m, int set, int cfg, int reg, uint32_t address)
{
    for (int s = 0; s <= set; s++)
        for (int g = 0; g < m->sets[s].nconfigs && (s < set || g <= cfg); g++) {
            const hw_oa_regs *rg = &m->sets[s].configs[g];
            for (int k = 0; rg->type == OA_REGS_FLEX && k < rg->nregs; k++) {
                if (s == set && g == cfg && k >= reg)
                    break;
                if (rg->regs[k].address == address)
                    return 1;
            }
        }
    return 0;
}

/* One FLEX write: a register of the spec, each counter field's codes
 * defined and allowed, no bit set outside the fields. */
static void flex_write(flex *f, int set, int cfg, int reg)
{
    const hw_oa_set *s = &f->sets->oa->sets[set];
    const hw_oa_regs *g = &s->configs[cfg];
    const hw_oa_reg *w = &g->regs[reg];
    const char *at = dw_fmt(f->c, "%s", where(f->c, &w->loc));
    const hw_register *r = register_at(f->spec, w->address);
    if (!r) {
        if (!address_seen(f->sets->oa, set, cfg, reg, w->address))
            flex_change(f, DIFF_REGISTER, DIFF_CLASS_ENCODING, dw_fmt(f->c, "0x%08X", w->address),
                        "register", "none",
                        dw_fmt(f->c, "written by set %s (%s)", s->symbol_name, at));
        return;
    }
    uint32_t covered = 0;
    for (int i = 0; i < r->nfields; i++) {
        const hw_field *rf = &r->fields[i];
        uint32_t mask = field_mask(rf->width);
        covered |= mask << rf->shift;
        if (rf->layout < 0)
            continue;
        const char *name = dw_fmt(f->c, "%s.%s.%s", s->symbol_name, r->name,
                                  rf->event >= 0 ? f->spec->events[rf->event].name : rf->name);
        flex_codes(f, &f->spec->layouts[rf->layout], w->value >> rf->shift & mask, name,
                   dw_fmt(f->c, "%s = 0x%08X at %s", r->name, w->value, at));
    }
    if (w->value & ~covered)
        flex_change(f, DIFF_REGISTER, DIFF_CLASS_ENCODING,
                    dw_fmt(f->c, "%s.%s", s->symbol_name, r->name), "bits outside its fields",
                    dw_fmt(f->c, "none (%s)", where(f->c, &r->loc)),
                    dw_fmt(f->c, "0x%08X (0x%08X at %s)", w->value & ~covered, w->value, at));
}

/* READs of a counter the spec's block does not have. */
static void flex_reads(flex *f, const hw_oa_set *s, const hw_oa_counter *oc, const oa_node *n)
{
    if (!n)
        return;
    if (n->kind == OA_N_OP) {
        flex_reads(f, s, oc, n->a);
        flex_reads(f, s, oc, n->b);
        return;
    }
    if (n->kind != OA_N_READ)
        return;
    /* GPU_TIME and GPU_CLOCK are report header fields, not counters: only
     * the blocks the spec has are compared */
    int b = ir_find_block(f->spec, oa_block_name((oa_block)n->block));
    if (b < 0 || n->index < f->spec->blocks[b].size)
        return;
    const hw_block *bl = &f->spec->blocks[b];
    flex_change(f, DIFF_BLOCK, DIFF_CLASS_LAYOUT, dw_fmt(f->c, "%s%d", bl->name, n->index),
                dw_fmt(f->c, "read by %s.%s", s->symbol_name, oc->symbol_name),
                dw_fmt(f->c, "none (block %s has %d counters, %s)", bl->name, bl->size,
                       where(f->c, &bl->loc)),
                dw_fmt(f->c, "%s %d READ (%s)", bl->name, n->index, where(f->c, &oc->loc)));
}

/* The spec's fixed counter that counter oc is, when its equation is one
 * READ of it and the spec gives it units: then both say what it counts.
 * (A flexible counter counts what a set programs: its units are the
 * set's.) */
static const hw_event *read_alone(const flex *f, const hw_oa_counter *oc)
{
    const oa_node *n = oc->read;
    if (!n || n->kind != OA_N_READ)
        return NULL;
    int b = ir_find_block(f->spec, oa_block_name((oa_block)n->block));
    for (int i = 0; b >= 0 && i < f->spec->nevents; i++) {
        const hw_event *e = &f->spec->events[i];
        if (e->block == b && e->index == n->index)
            return e->units && !(e->flags & EVENT_FLEXIBLE) ? e : NULL;
    }
    return NULL;
}

/* Counter i of set s reads a fixed counter alone, in other units than the
 * spec's: one line for each counter and unit, at its first reader. */
static void flex_units(flex *f, int s, int i)
{
    const hw_oa_metrics *m = f->sets->oa;
    const hw_oa_counter *oc = &m->sets[s].counters[i];
    const hw_event *e = read_alone(f, oc);
    if (!e || strcmp(e->units, oc->units) == 0)
        return;
    int n = 0, first = 1;
    for (int x = 0; x < m->nsets; x++)
        for (int y = 0; y < m->sets[x].ncounters; y++) {
            const hw_oa_counter *o = &m->sets[x].counters[y];
            if (read_alone(f, o) != e || strcmp(o->units, oc->units) != 0)
                continue;
            first &= x > s || (x == s && y >= i);
            n++;
        }
    if (!first)
        return;
    flex_change(f, DIFF_EVENT, DIFF_CLASS_UNITS, e->name, "units",
                dw_fmt(f->c, "%s (%s)", e->units, where(f->c, &e->loc)),
                dw_fmt(f->c, "%s (%s.%s, %s%s)", oc->units, m->sets[s].symbol_name,
                       oc->symbol_name, where(f->c, &oc->loc),
                       n > 1 ? dw_fmt(f->c, "; %d counters in all", n) : ""));
}

static void diff_flex(ctx *c, const hw_target *spec, const hw_target *sets, int spec_old)
{
    flex f = {c, spec, sets, spec_old};
    for (int s = 0; s < sets->oa->nsets; s++) {
        const hw_oa_set *set = &sets->oa->sets[s];
        for (int g = 0; g < set->nconfigs; g++)
            for (int k = 0; set->configs[g].type == OA_REGS_FLEX && k < set->configs[g].nregs;
                 k++)
                flex_write(&f, s, g, k);
        for (int i = 0; i < set->ncounters; i++) {
            flex_reads(&f, set, &set->counters[i], set->counters[i].read);
            flex_reads(&f, set, &set->counters[i], set->counters[i].max);
            flex_units(&f, s, i);
        }
    }
}

/* ---- two files of metric sets -------------------------------------------------- */

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

/* Each config of a set against the config of the same type and rank in
 * the other: its availability, and its writes in order (one line for the
 * first that differs, with how many each has). */
static void diff_configs(ctx *c, const hw_oa_set *a, const hw_oa_set *b)
{
    for (int i = 0; i < a->nconfigs; i++) {
        const hw_oa_regs *ga = &a->configs[i], *gb = NULL;
        int rank = 0;
        for (int k = 0; k < i; k++)
            rank += a->configs[k].type == ga->type;
        for (int k = 0, r = 0; k < b->nconfigs && !gb; k++)
            if (b->configs[k].type == ga->type && r++ == rank)
                gb = &b->configs[k];
        const char *name = dw_fmt(c, "%s.%s%s", a->symbol_name, oa_regs_type_name(ga->type),
                                  rank ? dw_fmt(c, "#%d", rank + 1) : "");
        if (!gb) {
            dw_one_side(c, DIFF_SET, DIFF_CLASS_ENCODING, name, dw_side_word(c, 1), 1,
                        dw_fmt(c, "%d writes (%s)", ga->nregs, where(c, &ga->loc)));
            continue;
        }
        dw_field(c, DIFF_SET, DIFF_CLASS_ENCODING, name, "availability", ga->availability,
                 gb->availability);
        int k = 0;
        while (k < ga->nregs && k < gb->nregs && ga->regs[k].address == gb->regs[k].address &&
               ga->regs[k].value == gb->regs[k].value)
            k++;
        if (k == ga->nregs && k == gb->nregs)
            continue;
        const hw_oa_regs *g[2] = {ga, gb};
        const char *text[2];
        for (int x = 0; x < 2; x++)
            text[x] = k < g[x]->nregs
                          ? dw_fmt(c, "0x%08X = 0x%08X, of %d writes (%s)", g[x]->regs[k].address,
                                   g[x]->regs[k].value, g[x]->nregs,
                                   where(c, &g[x]->regs[k].loc))
                          : dw_fmt(c, "none, of %d writes (%s)", g[x]->nregs, where(c, &g[x]->loc));
        dw_field(c, DIFF_SET, DIFF_CLASS_ENCODING, name, dw_fmt(c, "write %d", k + 1), text[0],
                 text[1]);
    }
    for (int i = 0, rank[3] = {0}; i < b->nconfigs; i++) {
        const hw_oa_regs *gb = &b->configs[i];
        int r = rank[gb->type]++, n = 0;
        for (int k = 0; k < a->nconfigs; k++)
            n += a->configs[k].type == gb->type;
        if (r >= n)
            dw_one_side(c, DIFF_SET, DIFF_CLASS_ENCODING,
                        dw_fmt(c, "%s.%s%s", a->symbol_name, oa_regs_type_name(gb->type),
                               r ? dw_fmt(c, "#%d", r + 1) : ""),
                        dw_side_word(c, 0), 0,
                        dw_fmt(c, "%d writes (%s)", gb->nregs, where(c, &gb->loc)));
    }
}

/* ---- equations by value ---- */

enum { WITNESS_MAX = 32, TRIALS = 4 };

typedef struct reads {
    const char *names[WITNESS_MAX];
    const oa_node *nodes[WITNESS_MAX];
    int n;
} reads;

/* The inputs an equation reads, through the counters it reads. */
static void collect(ctx *c, const hw_oa_set *s, const oa_node *n, reads *r, int depth)
{
    if (!n || depth > 64)
        return;
    if (n->kind == OA_N_OP) {
        collect(c, s, n->a, r, depth + 1);
        collect(c, s, n->b, r, depth + 1);
        return;
    }
    if (n->kind == OA_N_COUNTER) {
        collect(c, s, s->counters[n->counter].read, r, depth + 1);
        return;
    }
    const char *name = n->kind == OA_N_READ ? dw_fmt(c, "%s %d READ",
                                                     oa_block_name((oa_block)n->block), n->index)
                       : n->kind == OA_N_FIELD ? dw_fmt(c, "%s", n->text)
                       : n->kind == OA_N_SLICE ? dw_fmt(c, "$GtSlice%d", n->slice)
                                               : NULL;
    for (int i = 0; name && i < r->n; i++)
        if (strcmp(r->names[i], name) == 0)
            return;
    if (name && r->n < WITNESS_MAX) {
        r->names[r->n] = name;
        r->nodes[r->n++] = n;
    }
}

/* Trial k's inputs: every counter and system value a number of its own,
 * all slices present. */
static void trial(oa_inputs *in, int k)
{
    uint64_t x = 0x9E3779B97F4A7C15ull * (uint64_t)(k + 1);
    memset(in, 0, sizeof *in);
    for (int b = 0; b < OA_BLOCK_COUNT; b++)
        for (int i = 0; i < OA_BLOCK_MAX; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            in->acc[b][i] = 1 + (x >> 33) % 1000000;
        }
    for (int f = 0; f < OA_FIELD_COUNT; f++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        in->field[f] = 1 + (x >> 33) % 64;
    }
    in->slice_mask = 1;
    for (int s = 0; s < OA_MAX_SLICES; s++)
        in->xecore_mask[s] = 1;
}

static double input_value(const oa_inputs *in, const oa_node *n)
{
    if (n->kind == OA_N_READ)
        return (double)in->acc[n->block][n->index];
    if (n->kind == OA_N_FIELD)
        return (double)in->field[n->field];
    return (double)(in->slice_mask >> n->slice & 1u);
}

/* A counter's equation in both: the same text, the same value on every
 * trial (equivalent), or a witness where they part (different). */
static void diff_equation(ctx *c, const char *name, const hw_oa_set *sa, int ia,
                          const hw_oa_set *sb, int ib)
{
    const hw_oa_counter *a = &sa->counters[ia], *b = &sb->counters[ib];
    if (strcmp(a->equation, b->equation) == 0)
        return;
    oa_inputs in;
    for (int k = 0; k < TRIALS; k++) {
        trial(&in, k);
        double va = oa_val_double(oa_eval_counter(sa, ia, &in, 0));
        double vb = oa_val_double(oa_eval_counter(sb, ib, &in, 0));
        if (va == vb || (va != va && vb != vb))
            continue;
        diff_change *ch = dw_field(c, DIFF_SET, DIFF_CLASS_DIFFERENT, name, "equation",
                                   a->equation, b->equation);
        reads r = {.n = 0};
        collect(c, sa, a->read, &r, 0);
        collect(c, sb, b->read, &r, 0);
        if (!ch || !r.n)
            return;
        ch->witness.names = arena_alloc(c->df->arena, sizeof(char *) * (size_t)r.n);
        ch->witness.values = arena_alloc(c->df->arena, sizeof(double) * (size_t)r.n);
        if (!ch->witness.names || !ch->witness.values) {
            c->failed = 1;
            return;
        }
        for (int i = 0; i < r.n; i++)
            ch->witness.names[i] = r.names[i], ch->witness.values[i] = input_value(&in, r.nodes[i]);
        ch->witness.n = r.n, ch->witness.old_value = va, ch->witness.new_value = vb;
        return;
    }
    dw_field(c, DIFF_SET, DIFF_CLASS_EQUIVALENT, name, "equation", a->equation, b->equation);
}

static void diff_counter(ctx *c, const hw_oa_set *sa, int ia, const hw_oa_set *sb, int ib)
{
    const hw_oa_counter *a = &sa->counters[ia], *b = &sb->counters[ib];
    const char *name = dw_fmt(c, "%s.%s", sa->symbol_name, a->symbol_name);
    int first = c->df->nchanges;
    diff_equation(c, name, sa, ia, sb, ib);
    dw_field(c, DIFF_SET, DIFF_CLASS_DIFFERENT, name, "max_equation", a->max_equation,
             b->max_equation);
    if (a->offset != b->offset)
        dw_field(c, DIFF_SET, DIFF_CLASS_MOVED, name, "offset in the query data",
                 dw_fmt(c, "%zu", a->offset), dw_fmt(c, "%zu", b->offset));
    dw_field(c, DIFF_SET, DIFF_CLASS_CHANGED, name, "data type", a->data_type_text,
             b->data_type_text);
    dw_field(c, DIFF_SET, DIFF_CLASS_UNITS, name, "units", a->units, b->units);
    dw_field(c, DIFF_SET, DIFF_CLASS_CHANGED, name, "availability", a->availability,
             b->availability);
    dw_described(c, DIFF_SET, name, "description", a->description, b->description);
    /* where each file writes the counter */
    const char *at = dw_fmt(c, "A at %s, B at %s", where(c, &a->loc), where(c, &b->loc));
    for (int i = first; i < c->df->nchanges; i++)
        c->df->changes[i].note = at;
}

static void diff_set(ctx *c, const hw_oa_set *a, const hw_oa_set *b)
{
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
    dw_field(c, DIFF_SET, DIFF_CLASS_CHANGED, a->symbol_name, "hw_config_guid", a->guid,
             b->guid);
    dw_described(c, DIFF_SET, a->symbol_name, "name", a->name, b->name);
}

/* Sets paired by symbol name. */
static void diff_oa_sets(ctx *c, const hw_oa_metrics *a, const hw_oa_metrics *b)
{
    for (int i = 0; i < a->nsets; i++) {
        const hw_oa_set *s = &a->sets[i], *t = set_named(b, s->symbol_name);
        if (t)
            diff_set(c, s, t);
        else
            dw_one_side(c, DIFF_SET, DIFF_CLASS_REMOVED, s->symbol_name, NULL, 1,
                        dw_fmt(c, "%d counter%s (%s)", s->ncounters, s->ncounters == 1 ? "" : "s", where(c, &s->loc)));
    }
    for (int j = 0; j < b->nsets; j++)
        if (!set_named(a, b->sets[j].symbol_name))
            dw_one_side(c, DIFF_SET, DIFF_CLASS_ADDED, b->sets[j].symbol_name, NULL, 0,
                        dw_fmt(c, "%d counter%s (%s)", b->sets[j].ncounters,
                               b->sets[j].ncounters == 1 ? "" : "s", where(c, &b->sets[j].loc)));
}

void diff_oa(ctx *c)
{
    const hw_target *o = c->o, *n = c->n;
    if (o->oa && n->oa && DW_HAS(c, HW_FACT(OA_SETS)))
        diff_oa_sets(c, o->oa, n->oa);
    if (!DW_HAS(c, HW_FACT(OA_COUNTERS)) || (o->oa != NULL) == (n->oa != NULL))
        return;
    if (o->oa)
        diff_flex(c, n, o, 0);
    else
        diff_flex(c, o, n, 1);
}
