/* plan_c_check.c - no two items of a spec may make one C macro.
 *
 * The freestanding header <id>.h turns names of reports, fields, enums,
 * registers, blocks, groups... into macros; names that differ in the spec
 * can meet there (layout EU_FIELD field INCREMENT and register EU field
 * FIELD_INCREMENT both make <ID>_EU_FIELD_INCREMENT_SHIFT). Every name the
 * header will define comes from plan_c_names.h, as the emitters make it, and
 * the second item to make a name is blamed, with the first.
 */
#include "plan/plan_c_check.h"

#include "plan/plan_c_names.h"
#include "core/names.h"

typedef struct seen {
    const hw_target *t;
    hw_diag *d;
    hw_arena *a;
    name_index names; /* macro name -> index into owners */
    c_owner *owners;  /* what each name was first made for */
    int nowners;
    size_t cap_owners;
    const char *unspelled; /* the last item reported for a bad name */
    const char *pair[2];   /* the last two items reported for a clash */
    int oom;
} seen;

/* " (at spec.xml:12)", or "" for what no line of the spec makes. */
static const char *at(seen *s, const hw_loc *loc)
{
    const char *text = NULL;
    if (loc && loc->file && loc->line > 0)
        text = arena_printf(s->a, " (at %s:%d)", loc->file, loc->line);
    else if (loc && loc->file)
        text =
            arena_printf(s->a, " (at %s)", loc->path ? loc->path : loc->file);
    return text ? text : "";
}

/* Blame the later of two items, unless the spec does not place it; once
 * for the names two items make in a row (a field's SHIFT, WIDTH, MASK). */
static void clash(seen *s, const char *name, const c_owner *first,
                  const c_owner *later)
{
    if (s->pair[0] == first->what && s->pair[1] == later->what)
        return;
    s->pair[0] = first->what;
    s->pair[1] = later->what;
    if (!later->loc && first->loc) {
        const c_owner *o = first;
        first = later;
        later = o;
    }
    hw_loc top = target_loc(s->t);
    diag_error(s->d, later->loc ? later->loc : &top,
               "%s: the generated C name %s is also made for %s%s", later->what,
               name, first->what, at(s, first->loc));
}

static void unspelled(seen *s, const c_owner *o)
{
    if (o->what == s->unspelled) /* one report per item, not per macro */
        return;
    s->unspelled = o->what;
    hw_loc top = target_loc(s->t);
    diag_error(s->d, o->loc ? o->loc : &top,
               "%s: its name cannot be part of a C macro (ASCII letters, "
               "digits, '_', '-' and '.' can)",
               o->what);
}

static void claim(void *ctx, const char *name, const c_owner *owner)
{
    seen *s = ctx;
    if (!name) {
        unspelled(s, owner);
        return;
    }
    c_owner *o = ARENA_PUSH(s->a, s->owners, s->nowners, s->cap_owners);
    int old = o ? name_index_put(&s->names, name, s->nowners - 1) : -2;
    if (old == -2)
        s->oom = 1;
    else if (old >= 0)
        clash(s, name, &s->owners[old], owner);
    if (o)
        *o = *owner;
}

/* A perf tree's rows whose name another row had first: perf tells the
 * names apart, C cannot, so the later row is renamed (plan_c_perf_tables.h).
 * A note, as perf's own tree does it (RS_EMPTY.COUNT, RS.EMPTY_COUNT). */
static void perf_rows(const hw_target *t, hw_diag *d, const cpt_plan *p)
{
    for (int i = 0; i < t->nevents; i++) {
        int first = p->renamed[i];
        if (first < 0)
            continue;
        char where[512];
        loc_where(where, sizeof where, &t->events[first].loc);
        diag_note(d, &t->events[i].loc, "event '%s' of PMU %s: C row %s, as %s is the row of "
                  "'%s' (at %s)", t->events[i].name, t->events[i].pmu, p->row[i],
                  p->row[first], t->events[first].name, where);
    }
}

int c_names_check(const hw_target *t, const cpt_plan *tables, const c_name_list *names,
                  hw_diag *d)
{
    int before = d->errors;
    seen s = {t, d, arena_create(), {0}, NULL, 0, 0, NULL, {NULL, NULL}, 0};
    int oom = !s.a || name_index_init(&s.names, 4 * (size_t)t->nevents + 256) != 0;
    if (!oom && tables)
        oom = cpt_plan_names(t, tables, s.a, claim, &s) != 0;
    else if (!oom && names)
        c_name_list_each(names, claim, &s);
    if (oom || s.oom)
        diag_error(d, NULL, "out of memory listing the C names of %s",
                   t->spec_path);
    else if (tables)
        perf_rows(t, d, tables);
    name_index_free(&s.names);
    arena_free(s.a);
    return d->errors == before ? 0 : -1;
}
