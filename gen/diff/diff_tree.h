/* diff_tree.h - the comparison of two versions of a directory of a perf
 * tree (diff_tree.c), run by diff_targets() (diff.c).
 */
#ifndef HWCGEN_DIFF_TREE_H
#define HWCGEN_DIFF_TREE_H

#include "diff/diff_lists.h"

/* Two versions of a directory of a perf tree: its events and metrics by
 * PMU and name, every key of their objects, its other objects, its files
 * and the arch's mapfile lines. In place of the events and metrics of
 * diff.c, whose names are unique in a target. */
void diff_tree(ctx *c);

#endif
