/* diff_sections.h - the comparisons of diff_sections.c, run by diff_targets()
 * (diff.c) after the target, blocks, events, metrics and groups, whose
 * renames they read.
 */
#ifndef HWCGEN_DIFF_PARTS_H
#define HWCGEN_DIFF_PARTS_H

#include "diff/diff_lists.h"

/* Lists of the target's, each walked by diff_list(). */
extern const item_kind methodology_kind;
extern const item_kind enum_kind;
extern const item_kind layout_kind; /* field layouts */
extern const item_kind register_kind;
extern const item_kind report_kind;
extern const item_kind constant_kind;
extern const item_kind input_kind;

/* Support rules, known by their enums and the subject's value. */
void diff_rules(ctx *c);
/* Notes: the k-th of a kind and subject in OLD paired with the k-th in NEW. */
void diff_notes(ctx *c);

#endif
