/* check_revisions.h - revisions of one part side by side
 * (check_revisions.c). Two CPU targets with one MIDR (variant and revision
 * masked off) are allowed when the specs give different revisions: their
 * names tell them apart (load_cores.h), and a note (-v) says what else differs
 * and which one perf's mapfile names.
 */
#ifndef HWCGEN_CHECK_REVISIONS_H
#define HWCGEN_CHECK_REVISIONS_H

#include "core/diag.h"
#include "core/ir.h"

/* a and b share a MIDR: 0 when they are different revisions of the part,
 * -1 when nothing tells them apart. */
int check_revisions(const hw_target *a, const hw_target *b);

/* For each part given in several revisions: a note at each revision after
 * the first, saying what tells it apart from the first, and one at the
 * revision perf's mapfile lists (ir.h: revision_order()). Before them, a
 * warning at each CPU whose product name an earlier CPU of another part
 * has (a spec copied for a new part, its product_name unchanged). */
void check_revisions_explain(hw_target *const *targets, int n, hw_diag *d);

#endif
