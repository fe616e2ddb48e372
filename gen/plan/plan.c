/* plan.c - a target's plan, made once (plan.h). */
#include "plan/plan.h"

#include "plan/plan_c_check.h"

/* The C side of a perf tree's directory: its tables, checked, then the
 * names of its metrics header. */
static int plan_c_tree(hw_plan *p, const hw_target *t, hw_diag *d)
{
    if (t->nevents > 0) {
        cpt_plan *tables = arena_alloc(p->arena, sizeof *tables);
        if (!tables || cpt_plan_build(t, p->arena, tables) != 0)
            return -2;
        p->c_tables = tables;
    }
    if (c_names_check(t, p->c_tables, NULL, d) != 0)
        return -1;
    if (c_tree_name_members(&p->c_members, t, p->arena) != 0 ||
        (t->nmetrics > 0 && c_tree_names_make(&p->c_tree, t, p->arena) != 0))
        return -2;
    return 0;
}

/* The names of any other target's <id>.h, listed once and checked. */
static int plan_c_names(hw_plan *p, const hw_target *t, hw_diag *d)
{
    if (c_name_list_make(&p->c_names, t, p->arena) != 0)
        return -2;
    return c_names_check(t, NULL, &p->c_names, d);
}

int plan_target(const hw_target *t, unsigned kinds, hw_plan *p, hw_diag *d)
{
    int before = d->errors;
    /* the docs show what every other output makes of the target */
    if (kinds & OUT_DOCS)
        kinds = OUT_ALL;
    *p = (hw_plan){.arena = arena_create(), .t = t};
    int rc = !p->arena ? -2 : 0;
    if (rc == 0 && (kinds & OUT_STREAMLINE) && st_plan_make(&p->streamline, t, p->arena, d) != 0)
        rc = -1;
    if (rc == 0 && (kinds & OUT_PERF) && perf_plan_make(&p->perf, t, p->arena, d) != 0)
        rc = -1;
    /* C names are only worth putting together once all else passed (a
     * warning made an error, --werror, included) */
    if (rc == 0 && (kinds & OUT_C) && d->errors == before)
        rc = target_is_perf_tree(t) ? plan_c_tree(p, t, d) : plan_c_names(p, t, d);
    if (rc == -2 || (rc == 0 && arena_failed(p->arena)))
        diag_error(d, NULL, "out of memory planning the outputs of %s", t->spec_path);
    if (rc != 0 || arena_failed(p->arena) || d->errors != before) {
        plan_free(p);
        return -1;
    }
    return 0;
}

void plan_free(hw_plan *p)
{
    arena_free(p->arena);
    *p = (hw_plan){0};
}

int plan_c_header_names(const hw_plan *p, hw_arena *a, c_name_fn *fn, void *ctx)
{
    if (p->c_tables)
        return cpt_plan_names(p->t, p->c_tables, a, fn, ctx);
    if (p->c_names.listed) {
        c_name_list_each(&p->c_names, fn, ctx);
        return 0;
    }
    return target_is_perf_tree(p->t) ? 0 : c_header_names(p->t, a, fn, ctx);
}
