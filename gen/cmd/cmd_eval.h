/* cmd_eval.h - `hwcgen eval`: metrics' values for given counter values. */
#ifndef HWCGEN_CMD_EVAL_H
#define HWCGEN_CMD_EVAL_H

#include "cmd/cmd.h"

extern const cmd_command cmd_eval;

#endif
