/* diff_oa.h - Intel OA facts in `hwcgen diff` and `hwcgen audit`
 * (diff_oa.c).
 *
 * Two formats describe Intel's OA unit: hwcgen's own <oa-counters> specs
 * (the counters A, B and C, the registers and codes that program the
 * flexible EU counters, from Intel's PRM) and the metric XML of Mesa and
 * IGT (format "oa-metrics": metric sets, each with the register writes
 * that configure it and counters computed from the counters it reads).
 * What both carry (load_facts.c): the counters and how the flexible ones
 * are programmed (OA_COUNTERS) - a set's FLEX writes must name a register
 * of the spec, each counter field must hold codes the spec defines, within
 * its support rules, every counter a set reads must be one of the spec's,
 * and a set's counter that is one fixed counter read alone must count in
 * the spec's units. Two metric files also compare their sets (OA_SETS,
 * diff_oa_sets below).
 */
#ifndef HWCGEN_DIFF_OA_H
#define HWCGEN_DIFF_OA_H

#include "core/ir.h"
#include "core/oa.h"
#include "diff/diff_lists.h"

/* The platform a target describes, in lower case as Mesa's chipset
 * attribute names it ("chv"); NULL for a target that is not Intel OA's. */
const char *diff_oa_platform(const hw_target *t);

/* The sets of two metric files (diff_oa_sets.c): sets and their counters
 * added and removed; a counter's equation and max equation by value (with
 * the input that shows a difference), its offset in Mesa's query data, data
 * type, units, semantic type, availability (by value), names; a set's GUID
 * and OA format; each register list's writes added, removed and changed
 * (counts and the first). */
void diff_oa_sets(ctx *c, const hw_oa_metrics *a, const hw_oa_metrics *b);

/* Record the OA changes between c->o and c->n (nothing unless one of
 * them holds metric sets). */
void diff_oa(ctx *c);

#endif
