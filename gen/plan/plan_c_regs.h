/* plan_c_regs.h - what the register part of the freestanding header holds.
 *
 * emit_c_regs.c writes the macros of reports, counter blocks, enums and
 * layouts; plan_c_names.c lists their names for the plan's check. Both ask here
 * which of them exist (does a report read this block? may this layout be
 * checked?), so the two cannot disagree. The target must have passed the
 * checks before the plan lists its C names (plan_c_check.h); the answers
 * live in the arena given.
 */
#ifndef HWCGEN_C_REGS_PLAN_H
#define HWCGEN_C_REGS_PLAN_H

#include <stdint.h>

#include "core/arena.h"
#include "core/ir.h"

enum { C_MAX_READ = 8 }; /* widest report element, bytes */

/* A read that joins `lo` low bytes and `hi` high bytes of one counter. */
typedef struct c_split {
    int lo, hi;
} c_split;

typedef struct c_regs_plan {
    int *span;                /* per block: counter numbers 0..span-1 */
    int **width;              /* per block and number: counter width, 0 none */
    char widths[65];          /* the widths, in bits, some event has */
    int reads;                /* some report field can be read */
    int need[C_MAX_READ + 1]; /* report reads by element size, bytes */
    c_split *splits;          /* distinct (lo, hi), in order of first use */
    int nsplits;
} c_regs_plan;

/* 0, or -1 when out of memory. */
int c_plan_make(c_regs_plan *p, const hw_target *t, hw_arena *a);

/* Report fields: sizes a read exists for; arrays (by count or block). */
int c_size_ok(int size);
int c_is_array(const hw_report_field *f);

/* The field of report r holding counter i of block `bname` (its high bits
 * when `high`), or -1. */
int c_field_at(const hw_report *r, const char *bname, int i, int high);

/* Whether report r has a field of block `bname`. */
int c_has_block(const hw_report *r, const char *bname);

/* Whether report r holds some counter of block b: REPORT_<R>_READ_<B>. */
int c_reads_block(const c_regs_plan *p, const hw_target *t, const hw_report *r,
                  int b);

/* Whether some counter of block b has a width: BLOCK_<B>_WIDTH, _DELTA. */
int c_block_counts(const c_regs_plan *p, int b);

const hw_enum_value *c_enum_value(const hw_enum *e, uint32_t v);

/* Whether every value of e fits a 32-bit mask (the loader limits widths). */
int c_enum_maskable(const hw_enum *e);

/* Whether every enum of l's fields fits the 32-bit masks of the check. */
int c_layout_checkable(const hw_target *t, const hw_layout *l);

/* Whether rule r limits field `obj` of l through field `subj` (as
 * encode.c matches rules to fields: the first field of each enum). */
int c_rule_links(const hw_layout *l, const hw_rule *r, int subj, int obj);

/* Whether some rule does: <L>_<OBJ>_BY_<SUBJ>. */
int c_layout_limits(const hw_target *t, const hw_layout *l, int subj, int obj);

#endif
