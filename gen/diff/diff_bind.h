/* diff_bind.h - perf's run-time values held across formats (diff_bind.c),
 * for diff_targets() (diff.c). */
#ifndef HWCGEN_DIFF_BIND_H
#define HWCGEN_DIFF_BIND_H

#include "diff/diff_lists.h"

/* Across formats, the run-time values one side's formulas read and the
 * other side states as facts of the core, held at that value in every
 * input tried (c->bind) and said in c->df->bound: perf's run-time literals
 * (#slots: the slot count) and its answers of strcmp_cpuid_str(ID) on the
 * other side's MIDR and revision. */
void dw_bind_runtime(ctx *c);

#endif
