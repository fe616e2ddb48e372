/* check_lists.h - what a spec lists against what it uses (check_lists.c):
 * a metric's events and sample events, a decision-tree node's group, group
 * members, an input's multiple-of. Warnings only: Arm's published telemetry
 * files must load as they are. Run by check_target() once formulas are
 * resolved, and only when nothing else was wrong: a list that names an
 * unknown item is reported as that, not again as a disagreement.
 */
#ifndef HWCGEN_CHECK_LISTS_H
#define HWCGEN_CHECK_LISTS_H

#include "core/diag.h"
#include "core/ir.h"

void check_lists(const hw_target *t, hw_diag *d);

#endif
