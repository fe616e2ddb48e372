/* load_cores.h - the built-in table of facts about CPU cores (spec/cores.json).
 *
 * A telemetry file names its core (product name, implementer, part number,
 * revision) but leaves out what other consumers need: how many
 * programmable counters the PMU has, and how gatord knows the core (its
 * category, counter set, cycle counter, and each event's title, name and
 * units: hw_gatord). The table records those facts with their sources; a target is
 * matched to its row by implementer and part number, the MIDR without
 * variant and revision. How it is stored and read: load_cores_table.h.
 */
#ifndef HWCGEN_CORES_H
#define HWCGEN_CORES_H

#include <cjson/cJSON.h>

#include "core/diag.h"
#include "core/ir.h"
#include "load/load_cores_table.h"

/* CHAIN, in every Arm PMU's architected event space: it joins an odd
 * counter to the even one below it and counts nothing by itself, so the
 * loaders hide it (EVENT_HIDDEN). */
#define ARM_CHAIN_EVENT 0x1Eu

/* The resource path of the table. */
#define CORES_TABLE "spec/cores.json"

/* Complete the identity of a CPU target loaded from a telemetry file:
 *   - num_counters from the table when the spec gives none;
 *   - id, slug and name: the product name, with the revision when it is
 *     not the part's reference revision (the table's, else r0p0), so that
 *     revisions of one part go side by side (neoverse_n2_r0p3);
 *   - t->gatord: what the table says gatord has built in for the core.
 * 0, or -1 after reporting (only a broken built-in table fails). */
int cores_apply(hw_target *t, hw_diag *d);

/* Complete core c of t, a model directory of a perf tree (hw_core, from
 * its arch's mapfile), from `table` (cores_table()): its product name,
 * counter count and what gatord has built in for it (c->gatord), as
 * cores_apply() gives a telemetry CPU. 0, or -1 after reporting. */
int cores_apply_tree(hw_target *t, hw_core *c, const cJSON *table, hw_diag *d);


#endif
