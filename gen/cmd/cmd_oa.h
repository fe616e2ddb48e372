/* cmd_oa.h - `hwcgen list` and `hwcgen eval` of an Intel OA platform
 * (a target with t->oa: Mesa's oa-*.xml): a metric set is chosen by its
 * symbol name (--set), and eval reads the accumulator's fields (A7,
 * GPU_TIME, PEC12, ...) and the system variables ($EuCoresTotalCount,
 * $GtSlice0XeCore1, ...) by name, evaluating with core/oa_eval.c, which
 * computes what Mesa's gen_perf.py's C computes. */
#ifndef HWCGEN_CMD_OA_H
#define HWCGEN_CMD_OA_H

#include <stdio.h>

#include "core/diag.h"
#include "core/oa.h"

/* The set whose symbol name is `name`, or NULL after reporting it
 * unknown (with the closest name). */
const hw_oa_set *cmd_oa_set(const hw_oa_metrics *m, const char *name, hw_diag *d);

/* Without a set: one line per set (symbol name, GUID, counters, register
 * writes, name). With one: one line per counter (symbol name, data type,
 * units, semantic type, equation as written). */
void cmd_oa_list(const hw_oa_metrics *m, const hw_oa_set *s, FILE *out);

/* Each counter of s named in `names` (all when n is 0) as gen_perf.py's
 * read function gives it, from the NAME=VALUE words. 0, or EXIT_SPEC /
 * EXIT_USAGE after reporting (an unknown name or counter, a value given
 * twice or not a number, a value a chosen counter reads not given). */
int cmd_oa_eval(const hw_oa_set *s, const char *const *names, int n, int argc, char **argv,
                FILE *out, hw_diag *d);

#endif
