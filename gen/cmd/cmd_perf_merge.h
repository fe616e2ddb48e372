/* cmd_perf_merge.h - `hwcgen perf-merge`: merge CPUs into a kernel's perf
 * pmu-events tree. */
#ifndef HWCGEN_CMD_PERF_MERGE_H
#define HWCGEN_CMD_PERF_MERGE_H

#include "cmd/cmd.h"

extern const cmd_command cmd_perf_merge;

#endif
