/* plan_c_check.h - the C names of a target's headers, checked before any
 * is written.
 *
 * Names that differ in the spec can meet in C; only the names the plan
 * makes show it, so the plan (plan.h) reports them, once every other
 * check of the target passed: names are only worth putting together once
 * each is valid.
 */
#ifndef HWCGEN_PLAN_C_CHECK_H
#define HWCGEN_PLAN_C_CHECK_H

#include "core/diag.h"
#include "core/ir.h"
#include "plan/plan_c_names.h"
#include "plan/plan_c_perf_tables.h"

/* No two items of t make one macro of the freestanding header <id>.h, and
 * every name in one can be spelled in C: the names are `names` (the
 * plan's list, c_name_list_make()). For a directory of a perf tree,
 * `tables` is its header's plan instead: its names are checked, and each
 * row renamed because another had its name first is noted. 0, or -1
 * after reporting. */
int c_names_check(const hw_target *t, const cpt_plan *tables, const c_name_list *names,
                  hw_diag *d);

#endif
