/* load_mali_db.h - Arm's Mali counter database (libGPUCounters'
 * specification/database, MIT) as hwcgen targets: one per product entry of
 * Mali-ProductInfo.xml (format "mali-db").
 *
 * A product entry is one GPU: its ids, its names (an Immortalis name shares
 * the entry, the id and every counter with a Mali name, so it is an alias
 * of that target, not a target of its own), and the hardware layout its
 * DatabaseKey names. Its target holds:
 *
 *   blocks     the layout's CounterBlocks (type, bank, size)
 *   events     its hardware counters, named by MachineName, in layout
 *              order: block, index, shift, and the layout's name (hw_name)
 *   constants  entries whose equation is a number (MaliGPUWarpSize = 16),
 *              and the four run-time values MALI_CONFIG_SHADER_CORE_COUNT,
 *              MALI_CONFIG_L2_CACHE_COUNT, MALI_CONFIG_EXT_BUS_BYTE_SIZE and
 *              MALI_CONFIG_TIME_SPAN (no value: given at run time)
 *   metrics    every other entry with an equation (derived counters)
 *
 * A hardware counter's value, as formulas read it, is what Arm's sampler
 * makes of it: raw << shift, summed over every instance of its block.
 * Formulas divide by Arm's rule (core/div_rule.h). ids and slugs are
 * "armdb_" and "armdb-" and the product name, so that they never meet
 * those of our own specs.
 */
#ifndef HWCGEN_LOAD_MALI_DB_H
#define HWCGEN_LOAD_MALI_DB_H

#include "core/diag.h"
#include "core/ir.h"

#define HW_FORMAT_MALI_DB "mali-db"

/* The database directory `path` names, malloc'd: `path` itself when it
 * holds Mali-ProductInfo.xml, or its specification/database (a
 * libGPUCounters checkout). NULL when it is neither. */
char *mali_db_dir(const char *path);

/* A path naming one GPU of a database: "<path of a database>/<product
 * name>" ("specification/database/Mali-G720"), which is no file. The
 * database directory (malloc'd) with *name pointing into `path`, or NULL. */
char *mali_db_product_path(const char *path, const char **name);

/* The targets of database directory `dir` (every product, or only the one
 * named `only` when not NULL), into *out (malloc'd; free the targets and the
 * array), *n their count. 0, or -1 after reporting (none is returned then:
 * one broken file makes every product suspect). */
int load_mali_db(const char *dir, const char *only, hw_target ***out, int *n, hw_diag *d);

#endif
