/* inputs.h - check the values a user gives a model's inputs against the
 * ranges its spec states, before anything is evaluated.
 */
#ifndef HWCGEN_INPUTS_H
#define HWCGEN_INPUTS_H

#include "core/diag.h"
#include "core/ir.h"

/* `inputs` is indexed like t->inputs. Each broken rule is one error that
 * names the input, its value and the rule:
 *
 *   input 'wl' = 257 is not a multiple of gs = 2
 *
 * Rules: a finite number; min / max (inclusive unless exclusive); a whole
 * number when `integer`; a whole multiple of the input `multiple_of` (only
 * checked when both values are otherwise valid, so one bad value is not
 * reported twice). Returns the number of violations (0 = all valid). */
int inputs_check(const hw_target *t, const double *inputs, hw_diag *d);

/* The same for the inputs flagged in `used` (indexed like t->inputs; NULL:
 * all), for a caller that evaluates only some metrics and so has values
 * for only some inputs. A multiple-of rule is checked only when both of
 * its inputs are used: one that is not used has no value to hold it to. */
int inputs_check_used(const hw_target *t, const double *inputs,
                      const char *used, hw_diag *d);

#endif
