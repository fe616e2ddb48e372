/* load_mali_db_entries.h - the files of Arm's Mali counter database
 * (libGPUCounters, specification/database), read into plain lists before
 * any target is built from them (load_mali_db.c builds one per product).
 *
 *   Mali-ProductInfo.xml       products: ids, names, architecture, and the
 *                              DatabaseKey naming the hardware layout
 *   hardwarelayout/<key>.xml   per layout: CounterBlock (type, bank, size)
 *                              holding Counter (name, index, optional shift)
 *   counterinfo/<name>.xml          CounterInfo entries: a hardware counter (with
 *                              SourceName) or a derived one (with Equation),
 *                              each for the layouts in its SupportedGPUs
 *
 * Everything lives in one scratch arena; locations name the file and line.
 */
#ifndef HWCGEN_LOAD_MALI_DB_ENTRIES_H
#define HWCGEN_LOAD_MALI_DB_ENTRIES_H

#include <stdint.h>

#include "core/arena.h"
#include "core/diag.h"
#include "core/ir.h"

typedef struct mdb_product {
    hw_loc loc;
    const char **names;      /* "Mali-G720", "Immortalis-G720" */
    int nnames;
    size_t cap_names;
    uint32_t *ids;           /* 0xc000 */
    int nids;
    size_t cap_ids;
    const char *arch;        /* "5th Generation" */
    const char *key;         /* DatabaseKey: "Mali-G720" */
} mdb_product;

typedef struct mdb_counter {
    hw_loc loc;
    const char *name;        /* GPU_ACTIVE */
    int index;
    int shift;               /* the sampler adds raw << shift */
} mdb_counter;

typedef struct mdb_block {
    hw_loc loc;
    const char *type;        /* "GPU Front-end", "Shader Core", ... */
    int bank;
    int size;                /* 64 or 128 */
    mdb_counter *counters;
    int ncounters;
    size_t cap_counters;
} mdb_block;

typedef struct mdb_layout {
    const char *key;         /* as products name it: "Mali G1" */
    const char *file;        /* hardwarelayout/<key>.xml */
    mdb_block *blocks;
    int nblocks;
    size_t cap_blocks;
} mdb_layout;

typedef struct mdb_entry {
    hw_loc loc;              /* its <CounterInfo> */
    const char *machine;     /* MaliGPUActiveCy */
    const char *source;      /* SourceName, or NULL for a derived counter */
    const char **aliases;    /* SourceAlias: other layouts' names for it */
    int naliases;
    size_t cap_aliases;
    const char *stable_id;
    const char *human;       /* HumanName */
    const char *group;       /* GroupName */
    const char *group_human; /* GroupHumanName */
    const char *units;
    const char *visibility;
    const char *short_desc;
    const char *long_desc;
    const char *equation;    /* white space folded, or NULL */
    hw_loc equation_loc;     /* where the equation's text starts */
    const char **gpus;       /* SupportedGPUs: layout keys */
    int ngpus;
    size_t cap_gpus;
} mdb_entry;

typedef struct mdb {
    hw_arena *a;
    const char *dir;         /* the database directory */
    mdb_product *products;
    int nproducts;
    size_t cap_products;
    mdb_layout *layouts;     /* one per key products name, in their order */
    int nlayouts;
    size_t cap_layouts;
    mdb_entry *entries;      /* every file of counterinfo/, sorted by name */
    int nentries;
    size_t cap_entries;
} mdb;

/* Mali-ProductInfo.xml into db->products. 0, or -1 after reporting. */
int mdb_read_products(mdb *db, hw_diag *d);

/* The layout of every key the products name, into db->layouts; a key
 * whose file is missing is an error at the product naming it. 0, or -1
 * after reporting. */
int mdb_read_layouts(mdb *db, hw_diag *d);

/* Every counterinfo/<name>.xml, in file name order, into db->entries. 0, or -1
 * after reporting. */
int mdb_read_entries(mdb *db, hw_diag *d);

/* Does e list layout `key` among its SupportedGPUs? */
int mdb_entry_supports(const mdb_entry *e, const char *key);

/* The layout of `key`, or NULL. */
const mdb_layout *mdb_layout_of(const mdb *db, const char *key);

#endif
