/* cmd_encode.h - `hwcgen encode`: register values that program flexible
 * counters. */
#ifndef HWCGEN_CMD_ENCODE_H
#define HWCGEN_CMD_ENCODE_H

#include "cmd/cmd.h"

extern const cmd_command cmd_encode;

#endif
