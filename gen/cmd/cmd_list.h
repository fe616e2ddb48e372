/* cmd_list.h - what `hwcgen list` prints of a target: one item per line,
 * fields separated by tabs. */
#ifndef HWCGEN_LIST_H
#define HWCGEN_LIST_H

#include <stdio.h>

#include "cmd/cmd.h"
#include "core/ir.h"

#define LIST_KINDS "events, metrics, groups, inputs, constants"

/* The kind called `name` ("events", ...), or -1. Kind 0 is metrics. */
int list_kind(const char *name);

/* Every item of one kind of t, to `out`. */
void list_print(const hw_target *t, int kind, FILE *out);

/* `hwcgen list SPEC [KIND]`. */
extern const cmd_command cmd_list;

#endif
