/* check_shared.h - the files every target shares, once this run's files
 * are rendered and an earlier run's rows kept (check_shared.c).
 *
 * perf's arch/arm64/mapfile.csv has two possible writers: a perf tree's
 * arch/arm64, which writes the kernel's whole file line for line, and
 * hwcgen's own CPUs, whose rows (out_row) make one. Both in one output
 * directory would lose one of them, so it is refused here, before the
 * shared files are rendered; the emitter may then assume one writer.
 */
#ifndef HWCGEN_CHECK_SHARED_H
#define HWCGEN_CHECK_SHARED_H

#include "core/diag.h"
#include "core/ir.h"
#include "core/out_kinds.h"
#include "core/out_set.h"

/* 0 when every shared file of `out` has one writer; -1 after reporting
 * the mapfile that both a perf tree and rows of hwcgen's own CPUs would
 * write, naming the tree and the first CPU's spec. */
int check_shared_files(const out_set *out, hw_diag *d);

/* 0 when no two files of `out` have names that differ only in (ASCII)
 * case; -1 after reporting each such pair at the later of the targets
 * that write them (of `targets`, found by spec_name), naming the other. A copy of a spec that changed
 * only the case of its name (name="MALI-G720") would write
 * events-MALI-G720.xml beside events-Mali-G720.xml, one file where case
 * is ignored. */
int check_case_clash(const out_set *out, hw_target *const *targets, int n, hw_diag *d);

#endif
