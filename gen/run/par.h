/* par.h - the items of one stage, run on the machine's cores.
 *
 * An item is a whole target, or one directory of a perf tree: never a part
 * of an emitter. Items share nothing they write; each reports into a diag
 * of its own, and par_each() shows those in item order when all are done,
 * so what a user reads does not depend on the number of threads.
 */
#ifndef HWCGEN_PAR_H
#define HWCGEN_PAR_H

#include "core/diag.h"

/* One item: 0, or non-zero when it failed (it has reported why in `d`). */
typedef int (*par_fn)(void *ctx, int i, hw_diag *d);

/* fn(ctx, i, ...) for every i in [0, n), on up to par_threads() threads.
 * The number of items that failed; -1 when out of memory (reported). */
int par_each(int n, par_fn fn, void *ctx, hw_diag *d);

/* The threads par_each uses: HWCGEN_THREADS when it is a number from 1 to
 * 64, else the processors online. */
int par_threads(void);

#endif
