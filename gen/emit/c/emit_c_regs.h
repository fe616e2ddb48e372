/* emit_c_regs.h - the register and report part of the freestanding header.
 *
 * From a target's reports, enums, support rules, layouts, registers and
 * counter widths (nothing vendor specific), emit_c_regs() adds to the data
 * of templates/c_header.h.mustache:
 *  - `sections` (the same shape emit_c.c builds: objects with "title" and
 *    "defines", each define with "name", "pad", "value" and an optional
 *    "comment"): report select values, sizes and field offsets; enum values
 *    and masks; the allowed masks of the support rules; layout and register
 *    fields; register addresses;
 *  - `code` (objects with "text"): templates/c_regs.h.mustache rendered
 *    with the helpers that need more than one line: little-endian report
 *    reads, reads of counters split into low and high parts, deltas modulo
 *    2^width, field and register packers, and a validity check per layout
 *    equivalent to flex_eu_supported() (encode.h).
 * Everything is C89-clean and freestanding. A target with none of these
 * parts gets nothing. `ID` is the upper-case C stem (INTEL_OA_CHV); strings
 * live in `scratch` until rendering is done. The names are plan_c_names.h's,
 * which the plan has cleared of clashes. Returns 0, or -1 after
 * reporting through `d` (out of memory, a template that fails).
 */
#ifndef HWCGEN_EMIT_C_REGS_H
#define HWCGEN_EMIT_C_REGS_H

#include <cjson/cJSON.h>

#include "core/arena.h"
#include "core/diag.h"
#include "core/ir.h"
#include "render/render.h"

/* A titled section of the freestanding header's macros, and one macro in
 * it: NAME (or NAME(ARGS)) padded to 40 columns, its value and comment
 * (may be NULL). Shared with emit_c.c so every macro lines up alike. */
cJSON *c_section(cJSON *sections, const char *title);
void c_define(hw_arena *a, cJSON *sec, const char *name, const char *args,
              const char *value, const char *comment);

int emit_c_regs(const hw_target *t, const char *ID, hw_arena *scratch,
                cJSON *sections, cJSON *code, const emit_to *to);

#endif
