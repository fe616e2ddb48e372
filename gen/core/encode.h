/* encode.h - register values that program flexible counters.
 *
 * Behind `hwcgen encode SPEC A7=4/0/0 A8=5/0/0 ...`. Everything comes from
 * a loaded target: the registers whose fields program counters
 * (hw_field.event >= 0), the layout each such field follows (for Intel OA:
 * bits 3:0 increment event, 7:4 coarse filter, 11:8 fine filter), the enums
 * of the layout's fields, and the support rules (hw_rule). Nothing here is
 * specific to one vendor.
 *
 * A combination of codes (one per layout field) is checked in two steps:
 *  - defined: each code is a value of its field's enum (any code that fits
 *    the field when the field has no enum), and an undocumented value is
 *    used only where a rule that applies names it; anything else is an
 *    error;
 *  - supported: for every rule whose subject value is chosen, the object's
 *    code is in the rule's allowed set. The rules are what the source
 *    document lists, and vendors program combinations outside them (Intel's
 *    own Gen8 metric sets do), so a broken rule is a warning, which
 *    --werror (hw_diag.werror) turns into an error.
 */
#ifndef HWCGEN_ENCODE_H
#define HWCGEN_ENCODE_H

#include "core/arena.h"
#include "core/diag.h"
#include "core/ir.h"

/* Parse each assignment NAME=a/b/c (one part per layout field, in layout
 * order; each a decimal, 0x or 0b number or a value name of the field's
 * enum, names case-insensitive), check it, and append one line per
 * programming register, in spec order, to `out`:
 *     EU_PERF_CNTL0 0x0000e458 0x00005004
 * (name, address, value; counters not assigned are left zero). Each broken
 * support rule is reported through diag_warning(). Returns 0, or 1 after
 * reporting every bad assignment through `d` (nothing is appended then);
 * with d->werror a broken rule is a bad assignment. */
int encode_flex_eu(const hw_target *t, int nassign, char *const *assign,
                   hw_buf *out, hw_diag *d);

/* 1 when the (increment, coarse, fine) codes - the values of the three
 * fields of the flexible counter layout, in layout order - are defined and
 * supported by the rules above (what the source document allows); 0
 * otherwise, or when the target has no three-field flexible counter
 * layout. */
int flex_eu_supported(const hw_target *t, unsigned inc, unsigned coarse,
                      unsigned fine);

#endif
