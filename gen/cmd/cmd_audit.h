/* cmd_audit.h - `hwcgen audit SOURCE...`: where files that describe one
 * device disagree (diff/diff_audit.h). */
#ifndef HWCGEN_CMD_AUDIT_H
#define HWCGEN_CMD_AUDIT_H

#include "cmd/cmd.h"

extern const cmd_command cmd_audit;

#endif
