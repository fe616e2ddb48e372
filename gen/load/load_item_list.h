/* load_item_list.h - the list of load items (load_items.h says what an
 * item is and how the pipeline loads them): its types, and adding an item.
 * The loaders that list a path's items (load_perf_tree.c) add to it here,
 * without reaching back into the dispatcher that calls them. */
#ifndef HWCGEN_LOAD_ITEM_LIST_H
#define HWCGEN_LOAD_ITEM_LIST_H

#include "core/ir.h"

typedef enum load_kind {
    LOAD_SPEC,     /* a spec file (wave 0) */
    LOAD_ARCH,     /* an arch's own files and mapfile (wave 0) */
    LOAD_DIR,      /* a directory of an arch holding JSON files (wave 1) */
    LOAD_ARCH_END, /* the arch's cores, its targets in order (wave 2) */
    LOAD_TREE_END, /* a tree path that named no target (wave 3) */
    LOAD_MALI_DB,  /* Arm's Mali counter database (wave 0) */
} load_kind;

typedef struct load_item {
    load_kind kind;
    int path;      /* index into the list's paths */
    int arch;      /* a tree's items: index into the list's arches */
    char *file;    /* LOAD_SPEC, LOAD_TREE_END: the path given; LOAD_DIR:
                      the directory as shown; LOAD_MALI_DB: the database's
                      directory */
    char *product; /* LOAD_MALI_DB: the one product asked for, or NULL */
    char *rel;     /* LOAD_DIR: the directory below the arch */
    char **names;  /* LOAD_DIR: its entries */
    hw_target *t;  /* LOAD_SPEC, LOAD_DIR: what it loaded, until taken */
    hw_target **ts; /* LOAD_MALI_DB: what it loaded (nts), until taken */
    int nts;
    int failed;    /* load_items_run() returned -1 */
} load_item;

typedef struct load_arch load_arch; /* a perf tree's arch: load_perf.h */

typedef struct load_path {
    int failed; /* listing it found something unusable */
} load_path;

typedef struct load_items {
    load_item *items;
    int nitems, item_cap;
    load_arch *arches;
    int narches, arch_cap;
    load_path *paths;
    int npaths, path_cap;
} load_items;

/* Append an item of path `p`; NULL when out of memory. Pointers into
 * l->items last until the next item is added. */
load_item *load_items_add(load_items *l, load_kind kind, int p);

#endif
