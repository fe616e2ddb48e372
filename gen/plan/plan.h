/* plan.h - what the outputs of one target decide from it, decided once.
 *
 * The IR holds what the inputs say; a target's plan holds what hwcgen's
 * outputs make of it: the C names and tables of its headers, the formulas
 * perf gets, the categories and labels gatord gets. plan_target() makes
 * it once per target, after check_target() passed, and reports what only
 * a plan can find (two items making one C name, a metric perf cannot
 * express, a core without a Streamline category). It is read-only from
 * then on: the emitters, the docs and `hwcgen eval` read it, and none of
 * them decides anew.
 */
#ifndef HWCGEN_PLAN_H
#define HWCGEN_PLAN_H

#include "core/arena.h"
#include "core/diag.h"
#include "core/ir.h"
#include "core/out_kinds.h"
#include "plan/plan_c_names.h"
#include "plan/plan_c_perf_tables.h"
#include "plan/plan_c_tree_names.h"
#include "plan/plan_perf.h"
#include "plan/plan_streamline.h"

typedef struct hw_plan {
    hw_arena *arena;          /* owns everything below; plan_free() */
    const hw_target *t;       /* the target planned, which must outlive it */
    /* C, a directory of a perf tree: its driver header's tables (NULL
     * without events), the members of its evaluators' struct, and the
     * names of its metrics and metric groups */
    const cpt_plan *c_tables;
    /* C, any other target: every name its <id>.h defines, with what it is
     * made for (c_name_list_make()); listed = 0 when C was not planned */
    c_name_list c_names;
    c_tree_members c_members;
    c_tree_names c_tree;
    perf_plan perf;
    st_plan streamline;
} hw_plan;

/* The plan of t, which check_target() passed, for the output kinds
 * `kinds` (out_kinds.h), into *p (its own arena). Only what those kinds
 * read is planned, and only their problems reported: the docs read every
 * part; C reads its names and tables; perf its formulas; Streamline its
 * categories. 0; -1 after reporting (a clash of C names, no memory), with
 * *p freed. */
int plan_target(const hw_target *t, unsigned kinds, hw_plan *p, hw_diag *d);
void plan_free(hw_plan *p);

/* Every name the header <id>.h of p's target defines, as c_header_names()
 * gives them (for a perf tree's directory, its tables' names). 0, or -1
 * when out of memory. */
int plan_c_header_names(const hw_plan *p, hw_arena *a, c_name_fn *fn, void *ctx);

#endif
