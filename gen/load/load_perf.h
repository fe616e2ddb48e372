/* load_perf.h - the import of a kernel's perf pmu-events tree, format
 * "pmu-events", by concern:
 *
 *   load_perf_tree.c    which directories a path names, one target per
 *                       directory holding JSON files, their identity, the
 *                       arch's mapfile.csv: the items of load.h
 *   load_perf_json.c    one JSON file into hw_pfile objects and keys,
 *                       every key kept as written, with its line
 *   load_perf_std.c     the arch's standard events and metrics, which
 *                       model files refer to with ArchStdEvent
 *   load_perf_interp.c  objects into IR events, metrics and groups, as
 *                       perf's jevents.py reads them
 *   load_perf_cores.c   the cores (MIDRs) arm64's mapfile gives each model
 *                       directory, completed from hwcgen's table of cores
 *
 * Internal to these files and load_items.c; the rest of hwcgen lists and
 * loads items (load_items.h).
 */
#ifndef HWCGEN_LOAD_PERF_H
#define HWCGEN_LOAD_PERF_H

#include "core/diag.h"
#include "core/ir.h"
#include "core/names.h"
#include "load/load_item_list.h"

/* Add the JSON file `path`, named `name` below the target's directory, to
 * t->pfiles: every object and every key in file order, values as written
 * (numbers by their spelling), each with its line. A key perf does not
 * know is a warning naming the closest key it does know; it is kept. 0,
 * or -1 after reporting. */
int perf_json_load(hw_target *t, const char *path, const char *name, hw_diag *d);

/* The standard events and metrics of an arch: the objects of its own JSON
 * files (the arch's target), by lower-case EventName and MetricName, as
 * jevents.py looks up ArchStdEvent. Borrows the arch target's objects. */
typedef struct perf_archstd {
    name_index names;       /* lower-case name -> index into objs */
    const hw_pobj **objs;
    int n;
    size_t cap;
    hw_arena *a;            /* the lower-case names and objs */
} perf_archstd;

/* 0, or -1 when out of memory. `arch` may be NULL (no standard events). */
int perf_archstd_build(perf_archstd *s, const hw_target *arch);
void perf_archstd_free(perf_archstd *s);
/* The standard object called `name` (any case), or NULL. */
const hw_pobj *perf_archstd_lookup(const perf_archstd *s, const char *name);
/* The standard name closest to `name`, for a did-you-mean, or NULL. */
const char *perf_archstd_hint(const perf_archstd *s, const char *name);

/* Read t's objects into events, metrics and metric groups; an object
 * with ArchStdEvent is read merged with the standard object it names (its
 * keys the object lacks or leaves empty come from there). 0, or -1 after
 * reporting. */
int perf_interpret(hw_target *t, const perf_archstd *std, hw_diag *d);

/* The cores of the model directories `targets` (n of them) of arch
 * `arch` (its own target, with the mapfile): for arm64, one hw_core per
 * MIDR of the mapfile rows naming a directory, in row order, completed
 * from hwcgen's table of cores (cores_apply_tree()); their CHAIN events
 * (0x1E) hidden. Other arches' mapfiles name CPUs otherwise: nothing to
 * do. 0, or -1 after reporting. */
int perf_cores_assign(const hw_target *arch, hw_target **targets, int n, hw_diag *d);

/* ---- items (load_items.h) ------------------------------------------------ */


struct load_arch {
    char *dir;          /* as shown */
    char *name;         /* "x86" */
    int whole;          /* all of it was given: its own target is kept */
    char **names;       /* the entries of dir */
    hw_target *own;     /* its own files and mapfile (LOAD_ARCH) */
    perf_archstd std;   /* of own: what its directories read */
    int ready;          /* own and std are there: its directories load */
    int first, end;     /* its items */
    hw_target **targets; /* LOAD_ARCH_END: its targets, by directory */
    int ntargets;
};

/* The items of the perf tree `path` (the tree's arch/ directory, or the
 * pmu-events directory above it, one arch/<arch>, or a directory inside
 * one arch: a model directory, a vendor's, a sys directory), of path `p`.
 * 0, or -1 after reporting into d (then l->paths[p].failed is set). */
int perf_tree_list(load_items *l, int p, const char *path, hw_diag *d);

/* Load a tree's item (not LOAD_SPEC): load_items_run(). */
int perf_tree_item(load_items *l, load_item *it, hw_diag *d);

void perf_arch_free(load_arch *a);

/* The PMU jevents.py names for a Unit key (NULL: none). */
const char *perf_unit_to_pmu(hw_arena *a, const char *unit);

#endif
