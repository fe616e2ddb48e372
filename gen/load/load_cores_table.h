/* load_cores_table.h - how the built-in table of cores is stored and read
 * (load_cores.h says what it holds and how targets use it).
 *
 * The table is spec/cores.json, one row per core, plus, for each core
 * gatord has built in, a file of spec/cores/gatord/ that the row's "gatord"
 * member names: gatord's facts, nine tenths of the table's bytes. A
 * telemetry spec is one core, so it reads the small table and its own
 * core's file only (cores_row()); a perf tree, or a check of the whole
 * table, reads every file (cores_table()). All of it is compiled in (see
 * the Makefile's RESOURCES), so an installed hwcgen needs nothing beside it.
 */
#ifndef HWCGEN_CORES_TABLE_H
#define HWCGEN_CORES_TABLE_H

#include <stdint.h>

#include <cjson/cJSON.h>

#include "core/diag.h"

/* The resource path of the table. */
#define CORES_TABLE "spec/cores.json"

/* The parsed table (cJSON_Delete it), or NULL after reporting: spec/cores.json
 * with each row's "gatord" member replaced by the facts of the file it names,
 * as if the table were one file. */
cJSON *cores_table(hw_diag *d);

/* A "0x.." string of the table (an implementer, part number or event
 * code) as a number; -1 when it is not one. */
long cores_hex(const char *s);

/* The table's row for implementer and part number, or NULL. */
const cJSON *cores_find(const cJSON *table, uint32_t implementer, uint32_t part_num);

/* The row for implementer and part number alone, as cores_table() has it
 * (its "gatord" member the facts), parsing only that core's file: into
 * *row (cJSON_Delete it), NULL when the table has no such core. 0, or -1
 * after reporting (a broken built-in table). */
int cores_row(uint32_t implementer, uint32_t part_num, cJSON **row, hw_diag *d);

#endif
