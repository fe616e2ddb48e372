/* cmd_diff.h - `hwcgen diff`: what changed between two versions of a
 * spec. */
#ifndef HWCGEN_CMD_DIFF_H
#define HWCGEN_CMD_DIFF_H

#include "cmd/cmd.h"

extern const cmd_command cmd_diff;

#endif
