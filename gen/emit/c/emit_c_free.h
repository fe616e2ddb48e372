/* emit_c_free.h - the freestanding header <id>.h of a target with events
 * (a perf tree's directory has its own: emit_c_perf()).
 *
 * Macros only (no storage, so a driver pays only for what it uses): the
 * identity, event codes, counter blocks and their counters, functional
 * groups as initialisers, and the register part (emit_c_regs.h). `ID` is
 * the upper-case C stem; strings live in `scratch` until rendering is
 * done. The names are plan_c_names.h's, which the plan has cleared of
 * clashes. 0, or -1 after reporting through to->d.
 */
#ifndef HWCGEN_EMIT_C_FREE_H
#define HWCGEN_EMIT_C_FREE_H

#include "core/arena.h"
#include "core/ir.h"
#include "render/render.h"

int emit_c_freestanding(const hw_target *t, const char *ID, hw_arena *scratch,
                        const emit_to *to);

#endif
