/* diff_formula.h - is a metric's new formula the old one by value?
 *
 * Two formulas are compared in two ways. First their canonical trees: sums
 * and products flattened and their operands sorted, the arguments of min,
 * max and perf's '&', '|', '^' sorted, a > b as b < a, metrics they use
 * inlined, fixed constants replaced by their values. Identical canonical
 * trees are the same value up to rounding. Otherwise both are evaluated
 * with the interpreter on the same inputs: values for the union of the
 * events, run-time constants, inputs and run-time values (a perf tree's
 * hw_runtime, by key) they read (directly or through other metrics),
 * simple ones first (all 1, each name 0 or 2 in turn, all 0), then random
 * ones from a fixed seed, so the verdict is the same on every run.
 */
#ifndef HWCGEN_DIFF_FORMULA_H
#define HWCGEN_DIFF_FORMULA_H

#include "core/ir.h"
#include "diff/diff_change.h"

/* Events of NEW known under another name in OLD (same code, or same block
 * and index): values follow the event, not the name. */
typedef struct diff_rename {
    const char *old_name, *new_name;
} diff_rename;

typedef struct diff_renames {
    diff_rename *v;
    int n;
    size_t cap;
} diff_renames;

/* The OLD name of NEW's event `name` (itself when not renamed). */
const char *renames_old_name(const diff_renames *r, const char *name);

typedef enum {
    FORMULA_EQUIVALENT, /* the same value up to rounding on every input */
    FORMULA_SCALED,     /* NEW = factor * OLD on every input */
    FORMULA_DIFFERENT   /* witness holds an input where they part */
} formula_verdict;

typedef struct formula_cmp {
    formula_verdict verdict;
    int same_tree;      /* canonical trees identical (then EQUIVALENT) */
    double factor;      /* SCALED */
    diff_witness witness; /* DIFFERENT; arrays in the arena */
} formula_cmp;

/* Inputs tried after the simple ones. */
enum { FORMULA_RANDOM_SAMPLES = 256 };

/* Relative difference at most 1e-12, or both NaN. */
int formula_close(double x, double y);

/* Compare metric mo of old_t with metric mn of new_t; both have a formula
 * and both targets are checked. 0, or -1 when out of memory. */
int formula_compare(hw_arena *a, const hw_target *old_t, int mo,
                    const hw_target *new_t, int mn, const diff_renames *r,
                    formula_cmp *out);

/* A name the inputs do not vary: a run-time value one side leaves free
 * (perf's #slots) that the other side knows (the core's slot count). */
typedef struct formula_binding {
    const char *name; /* as the sampler names it: the run-time value's key */
    double value;
} formula_binding;

/* formula_compare() with the names of `bind` held at their values in
 * every input tried (and shown so in a witness). */
int formula_compare_bound(hw_arena *a, const hw_target *old_t, int mo,
                          const hw_target *new_t, int mn, const diff_renames *r,
                          const formula_binding *bind, int nbind, formula_cmp *out);

#endif
