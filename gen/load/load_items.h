/* load_items.h - loading as items.
 *
 * What the paths given name is listed first, reading no spec
 * (load_items_path): a spec file is one item; a directory of a kernel's
 * perf pmu-events tree is one item per arch for the arch's own files and
 * its mapfile.csv, one per directory of it that holds JSON files (each a
 * target, format "pmu-events", load_perf.h), one per arch that completes
 * its targets, and one that completes the path; Arm's Mali counter
 * database (or one product of it) is one item giving a target per product
 * (load_mali_db.h). Then every item is loaded
 * (load_items_run), one wave after another: the items of a wave need only
 * what earlier waves loaded, so they may run side by side, each reporting
 * into a diag of its own. Then each path's targets are taken in order
 * (load_items_take). Read in item order, the items' messages say what
 * loading the paths one by one would. Loaders start no thread: the
 * pipeline runs the items (run/pipeline.c).
 */
#ifndef HWCGEN_LOAD_ITEMS_H
#define HWCGEN_LOAD_ITEMS_H

#include "core/diag.h"
#include "core/ir.h"
#include "load/load_item_list.h"

/* The waves: 0, an arch's own files and spec files; 1, the directories
 * of an arch, which use its standard events; 2, what an arch's mapfile
 * says of its directories; 3, a path that named no target. */
enum { LOAD_WAVES = 4 };

void load_items_init(load_items *l);
/* Frees every item and every target not taken. */
void load_items_free(load_items *l);

/* Append the items `path` names, reporting into `d` what listing finds (a
 * path that is not a tree, a directory that cannot be read). The path's
 * index (0, 1, ... in the order given), or -1 when out of memory
 * (reported). */
int load_items_path(load_items *l, const char *path, hw_diag *d);

/* Item i's wave, and the index of the path it is of. */
int load_item_wave(const load_items *l, int i);
int load_item_path(const load_items *l, int i);

/* Load item i, reporting into `d`: 0, or -1 (reported, or said by an
 * item it needs). Items of one wave touch nothing another item of it does;
 * call it for each item only once every item of the waves before has
 * returned. */
int load_items_run(load_items *l, int i, hw_diag *d);

/* After every item: the targets of path `p` into *out (malloc'd; free the
 * targets and the array; NULL when there are none), *n their count: one
 * for a spec file; a tree's sorted by arch, then by directory. 0, or -1
 * when something of the path was unusable or out of memory (reported):
 * the targets that did load are still given. */
int load_items_take(load_items *l, int p, hw_target ***out, int *n, hw_diag *d);

#endif
