/* emit_c_oa.h - the C headers of an Intel OA platform (format
 * "oa-metrics", core/oa.h): emit_c_oa.c writes the freestanding driver
 * header <id>.h, emit_c_oa_metrics.c the counters' read and max functions
 * <id>_metrics.h; what both write goes through the helpers here. */
#ifndef HWCGEN_EMIT_C_OA_H
#define HWCGEN_EMIT_C_OA_H

#include "core/arena.h"
#include "core/ir.h"
#include "core/oa.h"
#include "plan/plan_oa.h"
#include "render/render.h"

/* Both headers of t. */
int emit_c_oa(const hw_target *t, const emit_to *to);

typedef struct oa_cgen {
    const hw_target *t;
    const hw_oa_metrics *m;
    hw_arena *a;
    const char *id;  /* intel_oa_metrics_tglgt2 */
    const char *ID;  /* INTEL_OA_METRICS_TGLGT2 */
    /* the distinct availability expressions, in first-use order: each is
     * <ID>_AVAIL_<k>(sv) in the driver header (plan_oa.h) */
    oa_avail avail;
} oa_cgen;

/* buf_printf and arena_printf, writing %s, %d and %lu themselves (any
 * other conversion goes to them): the headers of Mesa's 28 files take
 * some 550,000 formatted pieces, and vsnprintf spent about 1,000
 * instructions on each, half of what the headers took. */
void oa_c_printf(hw_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *oa_c_aprintf(hw_arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* `s` as a C string literal (ASCII: other bytes as octal escapes). */
void oa_c_string(hw_buf *b, const char *s);
/* `s` inside a C comment: no closing of it, no line break. */
void oa_c_comment(hw_buf *b, const char *s);
/* An availability expression as C, reading the system values through
 * `sv` (a pointer to <id>_sysvars); fully parenthesised. */
void oa_c_avail_expr(hw_buf *b, const oa_node *n, const char *sv);
/* Banner comment: SPDX line, what the file is, where it comes from. */
void oa_c_banner(hw_buf *b, const oa_cgen *g, const char *what);

/* <id>_metrics.h (emit_c_oa_metrics.c). */
int emit_c_oa_metrics(const oa_cgen *g, const emit_to *to);

#endif
