/* cmd_check.h - `hwcgen check`: load and validate, render in memory,
 * report. */
#ifndef HWCGEN_CMD_CHECK_H
#define HWCGEN_CMD_CHECK_H

#include "cmd/cmd.h"

extern const cmd_command cmd_check;

#endif
