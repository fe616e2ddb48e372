/* plan_c_tree_names.h - the C names of a perf tree directory's metrics header.
 *
 * perf's names are not C names ("INST_RETIRED.ANY",
 * "tma_info_bottleneck_%_load_miss_bound_cycles", "imx95_ddr_read.jpeg_dec")
 * and they are unique per PMU, not per target: a hybrid CPU has
 * tma_retiring and BACLEARS.ANY on cpu_core and on cpu_atom. One rule
 * makes every name of <id>_metrics.h for a target of format "pmu-events",
 * once, in the target's plan (plan.h), which the emitter (emit_c.c),
 * `hwcgen eval` and the tests read:
 *
 *   stem       ASCII letters and digits kept, every other run of
 *              characters one '_', none at either end ("INST_RETIRED.ANY"
 *              -> INST_RETIRED_ANY, "cpu@cycles\,cmask\=1@" ->
 *              cpu_cycles_cmask_1)
 *   by PMU     a name that two PMUs of the target have (case ignored) is
 *              qualified by its PMU on all of them: cpu_core_BACLEARS_ANY,
 *              cpu_atom_tma_retiring (the core PMU is "cpu")
 *   unique     the first item to want a name has it; a later one gets
 *              _2, _3, ... (items in spec order), so a clash is resolved,
 *              never an error
 *
 * Struct members keep the name's case; a member that would start with a
 * digit, be empty, or be a keyword or a macro of the headers the file
 * includes gets "v_" in front. Metric and group stems are lower case
 * (they always follow a prefix: <ID>_METRIC_<STEM>, <id>_<stem>), and
 * never take the fixed names of the header (count, eval_all, ...); a
 * metric with a threshold also holds <stem>_threshold.
 */
#ifndef HWCGEN_C_TREE_NAMES_H
#define HWCGEN_C_TREE_NAMES_H

#include <stddef.h>

#include "core/arena.h"
#include "core/ir.h"

/* The stem of `text` after `prefix` (copied as it is) into out, cut to
 * size; with `member`, made a valid member name as above. */
void c_tree_stem(char *out, size_t size, const char *prefix, const char *text,
                 int member);

/* The members of the evaluators' struct, by index: each event a formula
 * or threshold reads (NULL for the others), then each run-time value
 * (t->runtime), unlike any event's. */
typedef struct c_tree_members {
    const char **events;
    const char **runtime;
} c_tree_members;

/* The members of t, whose formulas the checker bound; strings in `a`. 0,
 * or -1 when out of memory. */
int c_tree_name_members(c_tree_members *m, const hw_target *t, hw_arena *a);

/* The names of metrics and metric groups, indexed like the target's
 * lists; strings in the arena given to c_tree_names_make. */
typedef struct c_tree_names {
    const char **metrics; /* lower-case stem: <ID>_METRIC_<STEM>, <id>_<stem>,
                             <id>_<stem>_threshold */
    const char **groups;  /* lower-case stem: <ID>_GROUP_<STEM>; NULL for an
                             event group (a perf tree has none) */
} c_tree_names;

/* 0, or -1 when out of memory. */
int c_tree_names_make(c_tree_names *n, const hw_target *t, hw_arena *a);

#endif
