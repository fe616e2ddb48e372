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
