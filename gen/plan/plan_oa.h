/* plan_oa.h - what the outputs of an Intel OA platform (format
 * "oa-metrics", core/oa.h) make of it.
 *
 * The C names: emit/c/emit_c_oa.c and emit_c_oa_metrics.c spell every
 * name a user calls with the functions below, and the docs page shows the
 * names these functions give, so the two cannot drift apart. `id` is the
 * target's id (intel_oa_metrics_tglgt2), `ID` its upper-case form; every
 * function returns an arena string, NULL only when out of memory (which
 * the arena remembers).
 *
 * The formulas for people (plan_oa_infix.c): an equation or availability
 * expression in infix, and what a counter's equation reads.
 */
#ifndef HWCGEN_PLAN_OA_H
#define HWCGEN_PLAN_OA_H

#include "core/arena.h"
#include "core/oa.h"

/* ---- C names ------------------------------------------------------------ */

/* The two headers: include/hwcgen/<id>.h (driver) and <id>_metrics.h. */
const char *oa_name_driver_header(hw_arena *a, const char *id);
const char *oa_name_metrics_header(hw_arena *a, const char *id);
/* struct <id>_sysvars, struct <id>_accumulator: the tags. */
const char *oa_name_sysvars(hw_arena *a, const char *id);
const char *oa_name_accumulator(hw_arena *a, const char *id);
/* The members of <id>_sysvars the slice functions read: $GtSlice<s> is bit
 * s of the first, $GtSlice<s>XeCore<x> bit x of element s of the second. */
#define OA_C_SLICE_MASK "gt_slice_mask"
#define OA_C_XECORE_MASK "gt_xecore_mask"
/* <id>_sets: the metrics header's table of sets and counters. */
const char *oa_name_sets_fn(hw_arena *a, const char *id);

/* A set's part of its macros' names: its underscore_name, upper case. */
const char *oa_name_set(hw_arena *a, const hw_oa_set *s);
/* <ID>_<SET>_GUID, <ID>_<SET>_OA_FORMAT (NULL when the file gives no
 * format: there is no such macro), <ID>_<SET>_REGS_<i> (register list i,
 * the set's configs[i]), <ID>_<SET>_REG_CONFIGS and _REG_CONFIG_COUNT. */
const char *oa_name_guid(hw_arena *a, const char *ID, const hw_oa_set *s);
const char *oa_name_oa_format(hw_arena *a, const char *ID, const hw_oa_set *s);
const char *oa_name_regs(hw_arena *a, const char *ID, const hw_oa_set *s, int i);
const char *oa_name_reg_configs(hw_arena *a, const char *ID, const hw_oa_set *s);
const char *oa_name_reg_config_count(hw_arena *a, const char *ID, const hw_oa_set *s);

/* A counter's functions in <id>_metrics.h: <id>_<set>__<counter>__read,
 * and __max (NULL when the file gives no max_equation). */
const char *oa_name_read_fn(hw_arena *a, const char *id, const hw_oa_set *s,
                            const hw_oa_counter *c);
const char *oa_name_max_fn(hw_arena *a, const char *id, const hw_oa_set *s,
                           const hw_oa_counter *c);

/* The distinct availability texts of a platform, counters' and register
 * lists' alike, in file order: number k is the macro <ID>_AVAIL_<k>(sv) of
 * the driver header and the function <id>_avail_<k>(sv) of the metrics
 * header. */
typedef struct oa_avail {
    const char **text;
    int n;
    size_t cap;
} oa_avail;

/* 0, or -1 when out of memory. */
int oa_avail_collect(oa_avail *av, const hw_oa_metrics *m, hw_arena *a);
/* The number of availability text `text`, or -1. */
int oa_avail_index(const oa_avail *av, const char *text);
/* <ID>_AVAIL_<k>; k < 0: <ID>_AVAIL_ALWAYS. */
const char *oa_name_avail_macro(hw_arena *a, const char *ID, int k);
/* <id>_avail_<k>. */
const char *oa_name_avail_fn(hw_arena *a, const char *id, int k);

/* ---- formulas for people (plan_oa_infix.c) ------------------------------ */

/* How an expression is spelled in infix. U-operators as C writes them
 * (+ - * / < <= > >= << >> &, min(a, b)), F-operators with a dot after
 * them (+. -. *. /.) and max(a, b), availability's operators as C writes
 * them (& | >= < && * << ==). Parentheses: where C's precedence needs
 * them among + - * /, and between operators of the two arithmetic classes
 * (so a reader sees where a floating value meets an unsigned operator);
 * around any other operator under an operator, but for a chain of one
 * of && & | grouped from the left as C groups it. Names are spelled by
 * oa_infix_leaf(). */
typedef struct oa_infix_out {
    void *ctx;
    /* operators, literals (and availability's true), parentheses,
     * commas: plain text */
    void (*text)(void *ctx, const char *s);
    /* a name: an accumulator field, a system value, a slice function, a
     * counter of the set; `shown` is oa_infix_leaf()'s text */
    void (*name)(void *ctx, const oa_node *n, const char *shown);
} oa_infix_out;

void oa_infix(const oa_node *n, const oa_infix_out *out);
/* The infix as plain text, into b. */
void oa_infix_text(hw_buf *b, const oa_node *n);
/* A name as the infix spells it: "A[7]", "GPU_TIME" (a field that is
 * alone in its block), the literal, or the token as written
 * ("$EuCoresTotalCount", "$GtSlice0XeCore1", "$GpuCoreClocks", "true").
 * Into buf (at least 24 bytes) or the token itself. */
const char *oa_infix_leaf(const oa_node *n, char *buf, size_t size);

/* What counter i of set s reads with its read equation. `direct`: the
 * names the equation itself holds, each once: accumulator fields (in
 * block and index order), then system values and slice functions (by
 * name), then counters of the set (in the set's order). `through`: the
 * accumulator fields and system values it reads only through the
 * counters it names, and theirs, in the same order. Nodes of the
 * equations (one per name). */
typedef struct oa_reads {
    const oa_node **direct, **through;
    int ndirect, nthrough;
} oa_reads;

/* 0, or -1 when out of memory. */
int oa_counter_reads(const hw_oa_set *s, int i, hw_arena *a, oa_reads *out);

#endif
