/* load.h - spec loaders. Loaders only build the IR: they report syntax and
 * shape errors (with file:line or JSON path) and parse formulas; every
 * cross-reference check lives in the checker (check.h).
 */
#ifndef HWCGEN_LOAD_H
#define HWCGEN_LOAD_H

#include <libxml/tree.h>

#include "core/diag.h"
#include "core/ir.h"

/* Any spec: *.json is the Arm telemetry format; *.xml is dispatched on its
 * root element after validation against that format's schema. NULL after
 * reporting errors. The caller runs check_target() next. */
hw_target *load_spec(const char *path, hw_diag *d);

/* ---- loading as items -------------------------------------------------
 *
 * What the paths given name is listed first, reading no spec
 * (load_items_path): a spec file is one item; a directory of a kernel's
 * perf pmu-events tree is one item per arch for the arch's own files and
 * its mapfile.csv, one per directory of it that holds JSON files (each a
 * target, format "pmu-events", load_perf.h), one per arch that completes
 * its targets, and one that completes the path. Then every item is
 * loaded (load_items_run), one wave after another: the items of a wave need
 * only what earlier waves loaded, so they may run side by side, each
 * reporting into a diag of its own. Then each path's targets are taken in
 * order (load_items_take). Read in item order, the items' messages say
 * what loading the paths one by one would. Loaders start no thread.
 */

/* The waves: 0, an arch's own files and spec files; 1, the directories
 * of an arch, which use its standard events; 2, what an arch's mapfile
 * says of its directories; 3, a path that named no target. */
enum { LOAD_WAVES = 4 };

typedef struct load_item load_item;   /* load_perf.h */
typedef struct load_arch load_arch;   /* load_perf.h */
typedef struct load_path load_path;   /* load_perf.h */

typedef struct load_items {
    load_item *items;
    int nitems, item_cap;
    load_arch *arches;
    int narches, arch_cap;
    load_path *paths;
    int npaths, path_cap;
} load_items;

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

/* Arm Telemetry Solution JSON, v1.0 (load_telemetry.c). */
int load_telemetry(hw_target *t, const char *text, size_t len, hw_diag *d);

/* Our XML formats; `doc` is already validated against the schema. */
int load_gpu_template(hw_target *t, xmlDocPtr doc, hw_diag *d); /* <gpu-template> */
int load_oa(hw_target *t, xmlDocPtr doc, hw_diag *d);           /* <oa-counters> */
int load_model(hw_target *t, xmlDocPtr doc, hw_diag *d);        /* <perf-model> */

/* Shared by the loaders (load_common.c). */

/* Parse `text` as m's formula; a syntax error is reported at `loc` as
 * "<what> 'name': formula column N: message near 'token'". Sets m->formula,
 * m->formula_loc, m->expr. Returns 0 or -1. */
int load_formula(hw_target *t, hw_metric *m, const char *what,
                 const char *text, hw_loc loc, hw_diag *d);

/* Read common root attributes of our XML formats into t: id, slug, vendor,
 * name, kind, source, and the <description> and <note> children. */
int load_xml_identity(hw_target *t, const xmlNode *root, hw_diag *d);

#endif
