/* load_cores.h - the built-in table of facts about CPU cores (spec/cores.json).
 *
 * A telemetry file names its core (product name, implementer, part number,
 * revision) but leaves out what other consumers need: how many
 * programmable counters the PMU has, and how gatord knows the core (its
 * category, counter set, cycle counter, and each event's title, name and
 * units). The table records those facts with their sources; a target is
 * matched to its row by implementer and part number, the MIDR without
 * variant and revision. How it is stored and read: cores_table.h.
 */
#ifndef HWCGEN_CORES_H
#define HWCGEN_CORES_H

#include <cjson/cJSON.h>

#include "core/diag.h"
#include "core/ir.h"
#include "load/cores_table.h"

/* CHAIN, in every Arm PMU's architected event space: it joins an odd
 * counter to the even one below it and counts nothing by itself, so the
 * loaders hide it (EVENT_HIDDEN). */
#define ARM_CHAIN_EVENT 0x1Eu

/* Complete the identity of a CPU target loaded from a telemetry file:
 *   - num_counters from the table when the spec gives none;
 *   - id, slug and name: the product name, with the revision when it is
 *     not the part's reference revision (the table's, else r0p0), so that
 *     revisions of one part go side by side (neoverse_n2_r0p3);
 *   - the Streamline identity: gatord's own category, counter set, cycle
 *     counter and per-event labels for a core gatord knows; a category and
 *     counter set of its own for one it lacks;
 *   - each event's Streamline units: gatord's, else cores_units_by_kind().
 * 0, or -1 after reporting (only a broken built-in table fails). */
int cores_apply(hw_target *t, hw_diag *d);

/* Complete core c of t, a model directory of a perf tree (hw_core, from
 * its arch's mapfile), from `table` (cores_table()): its product name and
 * counter count, and, for a core gatord has built in, its Streamline
 * identity and labels of t's events, as cores_apply() gives a telemetry
 * CPU. A core the table lacks, or knows without gatord, gets no Streamline
 * category: a category of our own needs the product's architecture, and
 * gatord keeps only one new category of a file. 0, or -1 after reporting. */
int cores_apply_tree(hw_target *t, hw_core *c, const cJSON *table, hw_diag *d);

/* An event a CPU's Streamline category carries: coded with an Arm PMU
 * event number (16 bits), counted by the core's own PMU (a perf tree's
 * model directory may hold uncore events too, as hisilicon/hip08 does)
 * and shown to users (not CHAIN). */
int cores_st_event(const hw_event *e);

/* The units gatord gives a CPU event of this kind, decided from Arm's
 * mnemonic and title: "cycles" for the cycle counter (0x11), events that
 * count cycles ("cycle" in the title, *_PERCYC, STALL_FRONTEND and
 * STALL_BACKEND and their IMP_ kin), "slots" for STALL_SLOT*, "exceptions"
 * for "Exception taken...", "instructions" for instructions or operations
 * architecturally or speculatively executed (micro-operations excepted);
 * NULL otherwise. */
const char *cores_units_by_kind(const hw_event *e);

#endif
