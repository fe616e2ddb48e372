/* par.h - the items of one stage, run on the machine's cores.
 *
 * An item is a whole target, or one directory of a perf tree: never a part
 * of an emitter. Only the pipeline (pipeline.c) runs items: no stage
 * starts a thread of its own. Items share nothing they write; each reports into a diag
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

/* fn(ctx, i, diags[i]) for every i in [0, n), as par_each, but each item
 * reports into a diag the caller made (diag_defer) and shows when it
 * chooses: a stage whose messages are read in another order than its
 * items run. The number of items that failed. */
int par_run(int n, par_fn fn, void *ctx, hw_diag *const *diags);

/* par_each and par_run, starting the items in `order` (order[k] is the
 * k-th item to start; NULL: 0, 1, ...). Only when they run changes: each
 * still reports into its own diag, shown in item order. */
int par_each_ordered(int n, const int *order, par_fn fn, void *ctx, hw_diag *d);
int par_run_ordered(int n, const int *order, par_fn fn, void *ctx, hw_diag *const *diags);

/* The items by cost, largest first (ties in item order), malloc'd; NULL
 * when out of memory (then run them in item order). Two cores finish
 * sooner when the longest item starts first: begun last, it would run
 * alone at the end (make bench: the four specs, one of which, an XML spec
 * checked against its schema, costs as much as the three others). */
int *par_order_by_cost(const long long *cost, int n);

/* The threads par_each uses: HWCGEN_THREADS when it is a number from 1 to
 * 64, else the processors online. */
int par_threads(void);

/* HWCGEN_THREADS as the command line checks it before anything runs: 0
 * when it is unset or a number from 1 to 64; -1 with `why` filled (what
 * it holds and what it may hold) otherwise, so a typo is not silently
 * one thread per processor. */
int par_threads_setting(char *why, size_t size);

#endif
