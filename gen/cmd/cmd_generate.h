/* cmd_generate.h - `hwcgen generate`: load, check and write every output. */
#ifndef HWCGEN_CMD_GENERATE_H
#define HWCGEN_CMD_GENERATE_H

#include "cmd/cmd.h"

extern const cmd_command cmd_generate;

#endif
